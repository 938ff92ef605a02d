"""Bots (PL-SHARED-5): they see only a view and the legal actions, draw from their own
generator, and every ruleset has the random bot."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from marcomage.games import RULESETS
from marcomage.platform.bots import RandomBot, bot_action, bots_for, make_bot

from .toy import RULESET as TOY

MARCOMAGE = RULESETS["marcomage"]


def test_PL_SHARED_5_random_bot_is_uniform_and_seeded() -> None:
    legal = [{"type": "bid", "slot": i} for i in range(4)]
    bot = RandomBot(7)
    picks = Counter(bot.choose({}, legal)["slot"] for _ in range(4000))
    assert set(picks) == {0, 1, 2, 3} and min(picks.values()) > 900
    one, two, other = RandomBot(3), RandomBot(3), RandomBot(4)
    sequence = [one.choose({}, legal) for _ in range(20)]
    assert sequence == [two.choose({}, legal) for _ in range(20)]
    assert sequence != [other.choose({}, legal) for _ in range(20)]
    with pytest.raises(ValueError, match="no legal action"):
        bot.choose({}, [])


def test_PL_SHARED_5_every_ruleset_has_random_and_marcomage_its_own() -> None:
    assert list(bots_for(TOY)) == ["random"]
    assert list(bots_for(MARCOMAGE)) == ["random", "greedy", "mcts"]
    with pytest.raises(ValueError, match="has no bot 'oracle'; choose from random"):
        make_bot(TOY, "oracle", 1)


class Spy:
    """A bot that records what it was given."""

    name = "spy"

    def __init__(self) -> None:
        self.seen: list[tuple[Any, Any]] = []

    def choose(self, view: Any, legal: Any) -> Any:
        self.seen.append((view, legal))
        return legal[0]


def test_PL_SHARED_5_a_bot_gets_its_seats_view_and_legal_actions_only() -> None:
    state = MARCOMAGE.new_game(MARCOMAGE.options_from_json({"hidden": True}),
                               MARCOMAGE.starter_decks()[:2], 3)
    (seat,) = MARCOMAGE.to_act(state)
    spy = Spy()
    assert bot_action(MARCOMAGE, state, seat, spy) == MARCOMAGE.legal_actions(state, seat)[0]
    ((view, legal),) = spy.seen
    assert view == MARCOMAGE.view(state, seat) and legal == MARCOMAGE.legal_actions(state, seat)
    with pytest.raises(ValueError, match="nothing to decide"):
        bot_action(MARCOMAGE, state, 1 - seat, spy)


def test_PL_SHARED_5_a_bot_answering_an_illegal_action_is_refused() -> None:
    class Cheat:
        name = "cheat"

        def choose(self, view: Any, legal: Any) -> Any:
            return {"type": "keep"}

    state = TOY.new_game(TOY.options_from_json({}), TOY.starter_decks(), 1)
    with pytest.raises(ValueError, match="cheat bot chose"):
        bot_action(TOY, state, 0, Cheat())


def test_issue_30_play_out_plays_the_recorded_game_without_recording_it() -> None:
    """`play_out` (the lab's and `simulate`'s loop) ends where `play_game` ends, move for move,
    on a ruleset without a `random_playout`, and leaves the state it was given alone."""
    from marcomage.platform.bots import play_game, play_out
    from marcomage.platform.replay import state_hash

    decks = TOY.starter_decks()[:3]
    options = TOY.options_from_json({})
    recorder = play_game(TOY, options, decks, 5, [RandomBot(k) for k in range(3)])
    start = TOY.new_game(options, decks, 5)
    before = state_hash(TOY, start)
    final, moves = play_out(TOY, start, [RandomBot(k) for k in range(3)])
    assert state_hash(TOY, start) == before
    assert moves == len(recorder.steps) > 0
    assert state_hash(TOY, final) == state_hash(TOY, recorder.state)
    assert TOY.outcome(final) is not None
