"""Helpers shared by the keyword and token tests (C-KW, C-TOK).

Card effects are being written while these tests are; a keyword test must not depend on
them. `bare(card)` runs a play with the card's effect switched off, so only the keywords
act; `patched(card, effect=..., kw=...)` crafts a test-only card from a real one.
`keywords_on(game, card)` runs only the keyword step of a play on a `duel()` game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from marcomage.games.marcomage import Game
from marcomage.games.marcomage.cards import CARDS, COMMON, RARE, UNCOMMON, card_ids
from marcomage.games.marcomage.context import Turn
from marcomage.games.marcomage.keywords import apply_keywords

from .builders import GOBLIN, duel, play

RICH = {"bricks": 100, "gems": 100, "recruits": 100}
"""Enough stock to pay for any card (the stock sum stays below the 400 of a victory)."""

OTHER_DECK = (card_ids(COMMON)[15:30], card_ids(UNCOMMON)[15:30], card_ids(RARE)[15:30])
"""A deck sharing no card with builders.DECK (to tell whose deck a card came from)."""

SEEDS = range(1, 201)


def hand(*cards: int, fill: int = GOBLIN) -> list[int]:
    """An 8-slot hand: the given cards in slots 1.., the rest Goblins (no keywords)."""
    assert len(cards) <= 8
    return [*cards, *[fill] * (8 - len(cards))]


@contextmanager
def patched(card_id: int, **attrs: Any) -> Iterator[None]:
    """Temporarily change a card's attributes (`effect`, `kw`, ...): a test-only card."""
    card = CARDS[card_id]
    saved = {name: getattr(card, name) for name in attrs}
    try:
        for name, value in attrs.items():
            setattr(card, name, value)
        yield
    finally:
        for name, value in saved.items():
            setattr(card, name, value)


def bare(game: Game, card: int | None = None, *, slot: int = 1, mode: int | None = None,
         effect: Callable[[Turn], None] | None = None) -> Game:
    """Play `card` through the whole turn pipeline with its effect replaced by `effect`
    (default: none), so that only the keywords act. A moded card is played in mode 1."""
    card_id = card if card is not None else game.players[game.current].hand[slot - 1]
    if mode is None:
        mode = 1 if CARDS[card_id].modes else 0
    with patched(card_id, effect=effect):
        return play(game, card, slot=slot, mode=mode)


def keywords_on(game: Game, card: int, *, slot: int = 1, mode: int = 0) -> Turn:
    """Put `card` into the mover's slot and run only its keywords (no cost, no effect,
    no limits, no production); returns the turn, whose factors and next card are set."""
    game.players[game.current].hand[slot - 1] = card
    t = Turn(game, slot - 1, mode)
    apply_keywords(t)
    return t


def turn_on(game: Game, card: int, *, slot: int = 1, mode: int = 0) -> Turn:
    """A turn playing `card` from the mover's slot, before anything has happened."""
    game.players[game.current].hand[slot - 1] = card
    return Turn(game, slot - 1, mode)


def game_with(me: dict[str, Any] | None = None, opp: dict[str, Any] | None = None,
              seed: int = 1) -> Game:
    """A duel where the mover can afford anything."""
    return duel(me={**RICH, **(me or {})}, opp=opp, seed=seed)
