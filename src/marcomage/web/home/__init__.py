"""The home page, the help pages and the site-wide template context (the navigation bar and
the menubar icons): the pages that look at every section, kept apart from `core`, which every
section imports, so that no import cycle runs through the site's shell (issue 30)."""
