"""Each game system's widgets on the site: `web/rulesets/<id>/` holds that game's board
templates and the helpers that need the game's internals; `generic/` draws any game."""
