"""Mage Wars (MAGEWARS.md): an original tabletop design for 2 to 4 players around six shared
decks, as a pure ruleset behind the platform protocol."""
