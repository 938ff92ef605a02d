"""The Far Wilds on the site: its board (an SVG hex map), replay board and computer."""
