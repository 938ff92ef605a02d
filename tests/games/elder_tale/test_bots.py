"""Elder Tale's bots (PL-SHARED-5): the sampled duel agrees with the view it came from, the
bots only answer legal actions, and the search bot beats the random bot."""

from __future__ import annotations

from marcomage.games.elder_tale.bots import GreedyBot, SearchBot, sample_state
from marcomage.games.elder_tale.ruleset import RULESET
from marcomage.platform.bots import RandomBot, make_bot, play_game
from marcomage.platform.rng import Rng

from .test_duel import new


def test_PL_SHARED_5_a_sampled_duel_shows_its_seat_the_same_view() -> None:
    duel = new(7)
    rng = Rng.from_seed(1)
    chooser = Rng.from_seed(2)
    for _ in range(40):
        if duel.outcome is not None:
            break
        seat = duel.active
        seen = RULESET.view(duel, seat)
        sampled = sample_state(seen, rng)
        again = RULESET.view(sampled, seat)
        for key in ("hand", "library", "en", "step", "active", "turn", "pending", "played",
                    "building"):
            assert again[key] == seen[key], key
        for mine, theirs in zip(again["fighters"], seen["fighters"], strict=True):
            for key in ("hp", "max_hp", "pile_sizes", "hand_counts", "effects", "discards"):
                assert mine[key] == theirs[key], key
        assert RULESET.legal_actions(sampled, seat) == RULESET.legal_actions(duel, seat)
        legal = RULESET.legal_actions(duel, seat)
        duel, _ = RULESET.apply(duel, seat, legal[chooser.below(len(legal))])


def test_the_search_bot_beats_the_random_bot() -> None:
    wins = 0
    for seed in range(8):
        bots = [SearchBot(seed), RandomBot(seed)] if seed % 2 == 0 else [
            RandomBot(seed), SearchBot(seed)]
        record = play_game(RULESET, RULESET.options_from_json({}), RULESET.starter_decks()[:2],
                           seed, bots)
        outcome = RULESET.outcome(record.state)
        assert outcome is not None
        wins += (seed % 2) in outcome.winners
    assert wins >= 7


def test_the_bots_are_offered_by_name() -> None:
    assert isinstance(make_bot(RULESET, "search", 1), SearchBot)
    assert isinstance(make_bot(RULESET, "greedy", 1), GreedyBot)
    assert make_bot(RULESET, "random", 1).name == "random"
