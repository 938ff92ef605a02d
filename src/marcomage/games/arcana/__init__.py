"""Arcana: the creature, rune and ward duel of Chronicles of Esshar (ARCANA.md), as a pure
ruleset behind the platform protocol."""
