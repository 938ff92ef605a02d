"""Mage Wars' section of the help page: how to play on the site."""

HELP_TEMPLATE = "rulesets/mage_wars/_help.html"
