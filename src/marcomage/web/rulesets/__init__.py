"""Each game system's widgets for the site, one folder per ruleset id (`rulesets/<id>/`): its
deck editor, card face and filters, battle report and board. Only a game's own folder may
import that game's internals; the apps reach a folder through `core.widgets`, by game id."""
