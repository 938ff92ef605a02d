"""The search bot (PL-SHARED-5): it sees only its view, plays legal moves, and its
determinizations agree with what the seat knows."""

from __future__ import annotations

from marcomage.games.arcana import engine
from marcomage.games.arcana.bots import LAB_BUDGET, SearchBot, evaluate
from marcomage.games.arcana.ruleset import RULESET
from marcomage.games.arcana.view import sample_state
from marcomage.platform import conformance
from marcomage.platform.bots import RandomBot, bots_for, play_out
from marcomage.platform.rng import Rng


def test_sample_state_agrees_with_the_view_and_the_legal_actions() -> None:
    game = conformance.play(RULESET, 4)
    rng = Rng.from_seed(9)
    for g in game.states[::25]:
        seat = engine.deciding(g) if g.outcome is None else 0
        view = RULESET.view(g, seat)
        sampled = sample_state(view, rng)
        assert RULESET.view(sampled, seat) == view
        assert engine.legal_actions(sampled, seat) == engine.legal_actions(g, seat)


def test_issue_34_the_lab_search_bot_beats_the_random_bot() -> None:
    """The balance lab's budget (LAB_BUDGET) still plays well: it wins 6 seeded games of 6
    against the random bot, on either seat (BENCHMARKS.md: over 200 games)."""
    options = RULESET.options_from_json({})
    wins = 0
    for seed in range(6):
        bots = [SearchBot(seed, **LAB_BUDGET), RandomBot(seed)]
        if seed % 2:
            bots.reverse()
        state = RULESET.new_game(options, conformance.playout_decks(RULESET, seed), seed)
        state, _ = play_out(RULESET, state, bots)
        out = RULESET.outcome(state)
        assert out is not None
        wins += (seed % 2) in out.winners
    assert wins == 6


def test_evaluate_prefers_more_hp_and_the_bots_are_registered() -> None:
    g = conformance.play(RULESET, 2).states[40]
    before = evaluate(g, 0)
    g.players[1].hp -= 3
    assert evaluate(g, 0) > before
    assert set(bots_for(RULESET)) == {"random", "search", "search-strong", "search-lab"}
