"""The site's shell: home page, navigation bar, sections still to come, shared template tags."""
