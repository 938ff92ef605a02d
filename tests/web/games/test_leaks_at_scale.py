"""C-FLAG-6 / PL-VIEW-1 at scale (issue 23): over 1,000 seeded hidden-cards MArcomage games
played to the end at engine level, at every step and for both seats, nothing a player gets
depends on what he may not see, and the opponent's hand and deck never appear:

- the ruleset's `view()`: the opponent's unrevealed hand slots are empty, his deck and the
  random source are absent, and the view is the same when the opponent's deck, unrevealed
  hand and the game's random source are drawn anew (`resample_hidden`);
- the legal actions of the seat to move, likewise;
- the payload builders of web/games/payload.py (board_context, render_board with the chat
  log, as the game page, htmx and the WebSocket send them, and the board widget's context)
  for every step of a few of the games, rendered without HTTP from a stored game whose
  state is set step by step (a full render costs milliseconds; views cost microseconds).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from marcomage.games import find_ruleset
from marcomage.platform.rng import Rng
from marcomage.web.accounts.models import User
from marcomage.web.games.payload import board_context, render_board

from .helpers import start

RULESET = find_ruleset("marcomage")
GAMES = 1000
CHUNKS = 4  # parallel-friendly pieces of the 1,000 games
RENDERED_GAMES = 5
SECRET_KEYS = {"deck", "common", "uncommon", "rare", "rng", "seed"}


def played(seed: int) -> Iterator[Any]:
    """Every state of one seeded hidden-cards game played to its end with random moves."""
    decks = RULESET.starter_decks()[:2]
    state = RULESET.new_game(RULESET.options_from_json({"hidden": True}), decks, seed)
    rng = random.Random(seed)
    yield state
    while state.outcome is None:
        seat = state.current
        actions = RULESET.legal_actions(state, seat)
        plays = [a for a in actions if a["type"] == "play"]
        action = rng.choice(plays if plays and rng.random() < 0.9 else actions)
        state, _events = RULESET.apply(state, seat, action)
        yield state


def keys_of(doc: Any) -> set[str]:
    if isinstance(doc, dict):
        return set(doc) | {k for value in doc.values() for k in keys_of(value)}
    if isinstance(doc, list):
        return {k for item in doc for k in keys_of(item)}
    return set()


def check_view(state: Any, seat: int, rng: Rng) -> None:
    view = RULESET.view(state, seat)
    theirs = state.players[1 - seat]
    if state.outcome is None:
        hand = view["opponent"]["hand"]
        assert [card is not None for card in hand] == list(theirs.revealed), (seat, hand)
        for slot, card in enumerate(hand):
            assert card is None or card == theirs.hand[slot]
    assert not keys_of(view["opponent"]) & SECRET_KEYS, keys_of(view["opponent"]) & SECRET_KEYS
    assert not keys_of(view) & {"rng", "seed"}
    resampled = RULESET.resample_hidden(state, seat, rng)
    assert RULESET.view(resampled, seat) == view
    if seat == state.current:
        assert RULESET.legal_actions(resampled, seat) == RULESET.legal_actions(state, seat)


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_c_flag_6_views_at_every_step_of_1000_hidden_games(chunk: int) -> None:
    steps = 0
    for seed in range(chunk, GAMES, CHUNKS):
        rng = Rng.from_seed(seed + 1)
        for state in played(seed):
            for seat in (0, 1):
                check_view(state, seat, rng)
            steps += 1
        assert state.outcome is not None
    assert steps > 20 * GAMES // CHUNKS


def test_the_view_check_catches_a_leak() -> None:
    state = next(played(5))
    rng = Rng.from_seed(1)
    leaky = RULESET.view

    def leaking(s: Any, seat: int) -> Any:
        doc = leaky(s, seat)
        doc["opponent"]["hand"] = list(s.players[1 - seat].hand)
        return doc

    RULESET.view = leaking  # type: ignore[method-assign]
    try:
        with pytest.raises(AssertionError):
            check_view(state, 0, rng)
    finally:
        del RULESET.view  # back to the class's method


def test_c_flag_6_payloads_at_every_step_of_seeded_hidden_games(db: None) -> None:
    alice, bob = User.objects.create_user("alice", "x"), User.objects.create_user("bob", "x")
    game = start(alice, bob, hidden=True)
    renders = 0
    for seed in range(RENDERED_GAMES):
        rng = Rng.from_seed(seed + 7)
        for state in played(10_000 + seed):
            if state.outcome is not None:
                break  # a finished state shows both hands to both players, by the rules
            for user in (alice, bob):
                seat = game.seat_of(user)
                assert seat is not None
                game.state = RULESET.to_json(state)
                html = render_board(game, user, oob=True)
                context = board_context(game, user)
                game.state = RULESET.to_json(RULESET.resample_hidden(state, seat.number, rng))
                assert render_board(game, user, oob=True) == html
                again = board_context(game, user)
                assert json.dumps(again["board"], default=str) == \
                    json.dumps(context["board"], default=str)  # the board widget's context
                assert again["step_log"] == context["step_log"]
                renders += 2
    assert renders > 200
