"""Effects of the Uncommon cards, each written from its card text (data/cards.json)."""

from __future__ import annotations
