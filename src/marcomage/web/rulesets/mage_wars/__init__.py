"""Mage Wars on the site: the shared-table board, its prompts, replays and the computer."""
