"""The site's shell that every section imports: sections of the navigation, events, sockets,
rate limits, the request guard, the widget registry, shared template tags. It imports no
other app of the site (the home page and help live in `home`)."""
