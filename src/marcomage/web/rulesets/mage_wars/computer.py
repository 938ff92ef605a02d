"""Mage Wars' computer opponent on the site: the sample pack and the search bot at every
difficulty, its budget (iterations per decision) growing with the level; it sees only its
view and legal actions (PL-SHARED-5)."""

from __future__ import annotations

from marcomage.games.mage_wars.bots import SearchBot
from marcomage.games.mage_wars.deck import sample_pack
from marcomage.platform.bots import Bot
from marcomage.platform.protocol import DeckDoc
from marcomage.web.core.widgets import Computer

ITERATIONS = {"easy": 8, "normal": 24, "hard": 64}
"""Determinized rollouts per decision at each difficulty, in all (issue 33: a 4-seat game
at 48 took at most 0.22 s of CPU per move on this machine, so 64 stays far under 2 s)."""


def deck(seed: int) -> DeckDoc:
    """The computer brings the sample pack (the game uses the host's anyway)."""
    return sample_pack()


def bot(level: str, seed: int, *, think: float | None, iterations: int | None) -> Bot:
    """The search bot of `level`; the site's settings may fix the iterations."""
    return SearchBot(seed, iterations=iterations or ITERATIONS.get(level, 24))


WIDGET = Computer(bot=bot, deck=deck)
"""The computer opponent as the widget registry hands it out (`core.widgets.computer_of`)."""
