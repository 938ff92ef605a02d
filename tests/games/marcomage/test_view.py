"""What one player may see (C-FLAG-6, PL-VIEW-1, PL-VIEW-3): in hidden-cards games the
opponent's hand is absent except revealed slots; the random source and the opponent's
deck never appear; after the end every card is shown."""

from __future__ import annotations

import json
from typing import Any

import pytest

from marcomage.games.marcomage import (
    EndType,
    Game,
    Outcome,
    Rng,
    legal_actions,
    new_game,
    push,
    random_deck,
    view,
)
from marcomage.games.marcomage.cards import COMMON, RARE, UNCOMMON, card_ids
from marcomage.games.marcomage.ruleset import RULESET
from marcomage.games.marcomage.state import ATTRIBUTES

from .builders import duel

SECRET = 517  # a card id that appears nowhere but in the opponent's hand
OPP_DECK = (card_ids(COMMON)[-15:], card_ids(UNCOMMON)[-15:], card_ids(RARE)[-15:])
"""Shares no card with builders.DECK, so any of its ids in a view would be a leak."""


def ints_in(doc: Any) -> list[int]:
    out: list[int] = []
    if isinstance(doc, dict):
        for v in doc.values():
            out += ints_in(v)
    elif isinstance(doc, list):
        for v in doc:
            out += ints_in(v)
    elif isinstance(doc, int) and not isinstance(doc, bool):
        out.append(doc)
    return out


def hidden_game(**opp: Any) -> Game:
    game = duel(opp=dict(hand=[SECRET] * 8, **opp))
    game.hidden = True
    return game


def started(seed: int, hidden: bool, turns: int) -> Game:
    game = new_game(random_deck(Rng.from_seed(seed)), random_deck(Rng.from_seed(seed + 7)),
                    seed=seed, hidden=hidden)
    rng = Rng.from_seed(seed + 99)
    for _ in range(turns):
        if game.finished:
            break
        actions = legal_actions(game)
        push(game, actions[rng.below(len(actions))])
    return game


def test_C_FLAG_6_hidden_mode_hides_the_opponents_hand() -> None:
    game = hidden_game()
    for seat in (0, 1):
        v = view(game, seat)
        if seat == 0:
            assert v["opponent"]["hand"] == [None] * 8
            assert SECRET not in ints_in(v)
            assert str(SECRET) not in json.dumps(v)
        else:
            assert v["me"]["hand"] == [SECRET] * 8  # one's own hand is always shown
            assert v["opponent"]["hand"] == [None] * 8


def test_C_FLAG_6_revealed_slots_are_shown() -> None:
    game = hidden_game(revealed=(2, 7))
    hand = view(game, 0)["opponent"]["hand"]
    assert hand == [None, SECRET, None, None, None, None, SECRET, None]
    assert view(game, 1)["me"]["revealed"] == [2, 7]  # the owner sees what is revealed


def test_C_FLAG_6_flags_tokens_history_and_piles_of_the_opponent_stay_visible() -> None:
    game = hidden_game(new=(3,), tokens={"Mage": 44}, history=[(13, 0, False)],
                       discarded_own=[1], discarded_opp=[2], changes={"wall": -4})
    opp = view(game, 0)["opponent"]
    assert opp["new_cards"] == [3]
    assert opp["tokens"][0] == {"name": "Mage", "value": 44, "change": 0}
    assert opp["history"] == [{"card": 13, "mode": 0, "action": "discard"}]
    assert (opp["discarded_own"], opp["discarded_opp"]) == ([1], [2])
    assert opp["changes"]["wall"] == -4
    assert opp["tower"] == 30 and opp["bricks"] == 15


def test_C_FLAG_6_open_mode_shows_the_opponents_hand() -> None:
    game = duel(opp=dict(hand=[SECRET] * 8))
    assert view(game, 0)["opponent"]["hand"] == [SECRET] * 8


def test_C_FLAG_6_after_the_end_every_card_is_shown() -> None:
    for end_type, winner in ((EndType.SURRENDER, 1), (EndType.DESTRUCTION, 0),
                             (EndType.ABORT, None)):
        game = hidden_game()
        game.outcome = Outcome(winner, end_type)
        v = view(game, 0)
        assert v["opponent"]["hand"] == [SECRET] * 8
        assert v["state"] == "finished" and not v["your_turn"]


def test_PL_VIEW_3_no_random_source_in_any_view() -> None:
    for seed in range(6):
        for hidden in (False, True):
            game = started(seed, hidden, turns=seed * 20)
            state = game.rng.to_json()[0]  # the secret part (inc is the fixed stream)
            for seat in (0, 1):
                v = view(game, seat)
                text = json.dumps(v)
                assert "rng" not in v
                assert state not in text and str(game.rng.state) not in text


def test_PL_VIEW_3_the_opponents_deck_never_appears() -> None:
    game = duel(opp=dict(deck=OPP_DECK, hand=[13] * 8))
    for hidden in (False, True):
        game.hidden = hidden
        v = view(game, 0)
        assert "deck" not in v["opponent"]
        assert v["me"]["deck"]["common"] == list(game.players[0].deck[0])
        text = json.dumps(v["opponent"])
        assert "common" not in text and "uncommon" not in text and "rare" not in text
        deck_ids = set(OPP_DECK[0] + OPP_DECK[1] + OPP_DECK[2])
        assert not deck_ids & set(ints_in(v))


def test_PL_VIEW_3_no_opponent_deck_in_views_of_real_games() -> None:
    for seed in range(4):
        game = started(seed, hidden=True, turns=30)
        for seat in (0, 1):
            v = view(game, seat)
            assert "deck" not in v["opponent"]
            assert "deck" in v["me"]
            assert set(v) == {"you", "round", "current", "your_turn", "state", "outcome",
                              "modes", "me", "opponent"}


def test_PL_VIEW_3_hidden_hand_does_not_leak_in_running_games() -> None:
    """The opponent part holds only public fields, and his hand only revealed cards."""
    public = {*ATTRIBUTES, "hand", "new_cards", "revealed", "history", "last_played",
              "changes", "discarded_own", "discarded_opp", "tokens"}
    for seed in range(5):
        game = started(seed, hidden=True, turns=15)
        if game.finished:
            continue
        for seat in (0, 1):
            opp = game.players[1 - seat]
            v = view(game, seat)
            assert set(v["opponent"]) == public
            assert v["opponent"]["hand"] == [
                c if opp.revealed[i] else None for i, c in enumerate(opp.hand)]
            assert v["me"]["hand"] == game.players[seat].hand


@pytest.mark.parametrize("seat", [0, 1])
def test_PL_VIEW_1_view_names_the_seat_and_whose_turn_it_is(seat: int) -> None:
    game = duel(round=7)
    v = view(game, seat)
    assert v["you"] == seat  # seats 0 and 1, as in the platform (issue 30)
    assert v["current"] == 0
    assert v["your_turn"] is (seat == 0)
    assert v["round"] == 7
    assert v["state"] == "in progress" and v["outcome"] is None
    assert v["modes"] == {"hidden": False, "friendly": False}


def test_PL_VIEW_1_view_does_not_change_the_game() -> None:
    from marcomage.games.marcomage import dumps

    game = started(3, hidden=True, turns=10)
    before = dumps(game)
    view(game, 0)
    view(game, 1)
    assert dumps(game) == before


def test_PL_VIEW_1_finished_game_view_has_the_outcome() -> None:
    game = duel()
    game = RULESET.end(game, "abandon", (1,))
    v = view(game, 1)
    assert v["outcome"] == {"result": "win", "winners": [1], "end_type": "abandon",
                            "final_round": game.round}
    assert v["your_turn"] is False
