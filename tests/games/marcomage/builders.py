"""Build game states by name for tests: `duel(me=dict(wall=0), opp=dict(tower=20))`.

The acting player is always player 1 (index 0). Unnamed values are the start values of
C-SETUP-1, hands hold Goblins (13), tokens are unset and the round is 1.
"""

from __future__ import annotations

from typing import Any

from marcomage.games.marcomage import Action, Game, Player, Rng, push
from marcomage.games.marcomage.cards import COMMON, RARE, UNCOMMON, card_ids
from marcomage.games.marcomage.state import Entry

GOBLIN = 13
DECK = (card_ids(COMMON)[:15], card_ids(UNCOMMON)[:15], card_ids(RARE)[:15])


def player(**values: Any) -> Player:
    """A player with start values, overridden by name.

    Besides the eight attributes: hand (list of 8 ids), new (slots 1..8 with NEW flag),
    revealed (slots), tokens ({"Mage": 90}), history ([(card, mode, played)]),
    last_played (id), deck, discarded_own, discarded_opp, changes ({"bricks": -3})."""
    tokens: dict[str, int] = values.pop("tokens", {})
    names = [*tokens.keys(), "none", "none", "none"][:3]
    p = Player(values.pop("deck", DECK), (names[0], names[1], names[2]))
    p.tokens = [tokens.get(n, 0) for n in p.token_names]
    p.hand = list(values.pop("hand", [GOBLIN] * 8))
    assert len(p.hand) == 8
    new, revealed = values.pop("new", ()), values.pop("revealed", ())
    p.new = [i + 1 in new for i in range(8)]
    p.revealed = [i + 1 in revealed for i in range(8)]
    if "history" in values:
        p.history = [Entry(c, m, played) for c, m, played in values.pop("history")]
    p.last_played = values.pop("last_played", next(
        (e.card for e in reversed(p.history) if e.played), 0))
    changes = values.pop("changes", {})
    from marcomage.games.marcomage.state import ATTRIBUTES

    p.changes = [changes.get(name, 0) for name in ATTRIBUTES]
    for name, value in values.items():
        if not hasattr(p, name):
            raise AttributeError(f"Player has no attribute {name!r}")
        setattr(p, name, value)
    return p


def duel(me: dict[str, Any] | None = None, opp: dict[str, Any] | None = None, *,
         seed: int = 1, round: int = 1) -> Game:
    """A game in progress where player 1 is to move."""
    game = Game((player(**(me or {})), player(**(opp or {}))), Rng.from_seed(seed))
    game.round = round
    return game


def play(game: Game, card: int | None = None, *, slot: int = 1, mode: int = 0) -> Game:
    """Put `card` into the mover's `slot` (if given) and play it; returns the game."""
    if card is not None:
        game.players[game.current].hand[slot - 1] = card
    push(game, Action.play(slot, mode))
    return game


def discard(game: Game, slot: int = 1) -> Game:
    push(game, Action.discard(slot))
    return game
