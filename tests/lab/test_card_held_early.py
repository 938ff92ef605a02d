"""Per-card rows for a shared-pack game (issue 33): in Mage Wars every seat plays from one
pack, so the lab counts, per card, the seats that held it early (`Ruleset.shared_pack`,
`Ruleset.cards_held_early`: its health and hand in the first two rounds while every mage
lived) instead of the decks that held it; other systems keep counting decks."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

from marcomage.games import find_ruleset
from marcomage.games.mage_wars import usage
from marcomage.games.mage_wars.bots import SearchBot
from marcomage.games.mage_wars.cards import CARDS
from marcomage.games.mage_wars.state import GameState
from marcomage.lab.analysis import difference, summary
from marcomage.lab.command import card_names
from marcomage.lab.games import Setup
from marcomage.lab.matchups import markdown, sides_summary
from marcomage.lab.tournament import run, write
from marcomage.platform.bots import Bot, RandomBot, play_out
from marcomage.platform.protocol import Event
from marcomage.platform.rng import Rng

from ..bench_scripts import bench_script

RULES = find_ruleset("mage_wars")
Game = tuple[GameState, list[Event], GameState, int]
"""A finished game: its start, every event of its moves, its end and its winner."""


def _played(seed: int, bots: Callable[[int], Bot] = RandomBot) -> Game:
    """A seeded 3-seat game of three of the mages' sides, with all its events."""
    sides = RULES.sides()
    chosen = [sides[(seed + k * 3) % len(sides)] for k in range(3)]
    start = RULES.side_game(RULES.options_from_json({}), chosen, seed)
    events: list[Event] = []
    final, _ = play_out(RULES, start, [bots(seed * 10 + k) for k in range(3)], events)
    outcome = RULES.outcome(final)
    assert outcome is not None
    return start, events, final, outcome.winners[0] if outcome.result == "win" else -1


def _window_end(start: GameState, events: Sequence[Event]) -> tuple[int, GameState]:
    """How many of `events` fall in the window (those before the action that closed it)
    and the last state at which it was open."""
    state = last = start.clone()
    for index, event in enumerate(events):
        if not usage.window_open(state, usage.EARLY_ROUNDS):
            return index, last
        if event["type"] == "action":
            last = state.clone()
            state.news = []
            usage.perform(state, int(event["seat"]), dict(event["action"]))
    return len(events), state


def test_issue33_a_seat_holds_its_dealt_health_and_its_first_draws_early() -> None:
    """MW-HEALTH-1, MW-TURN-1: every seat's health as dealt and every card in its hand when
    the window closes are among the cards it held early, each once; mages, fate cards and
    curses never are (a curse resolves when drawn, a fate card is discarded)."""
    start, events, _, _ = _played(7)
    held = RULES.cards_held_early(start, events)
    _, last = _window_end(start, events)
    assert len(held) == 3 and all(held)
    for seat, player in enumerate(start.players):
        assert {start.cards[iid] for iid in player.health} <= set(held[seat])
        assert {last.cards[iid] for iid in last.players[seat].hand} <= set(held[seat])
        assert len(set(held[seat])) == len(held[seat])
    assert not {c for cards in held for c in cards if CARDS[c].type in ("mage", "fate")}


def test_issue33_what_happens_after_the_window_does_not_change_what_a_seat_held() -> None:
    """The measure is free of survival by construction: the events after the first two
    rounds (or after the first death) change nothing, so a seat that lives longer holds no
    more; with no rounds at all nobody held anything."""
    for seed in (3, 11):
        start, events, _, _ = _played(seed, lambda s: SearchBot(s, iterations=1))
        end, _ = _window_end(start, events)
        assert end < len(events)  # the game went on past the window
        assert RULES.cards_held_early(start, events) == RULES.cards_held_early(
            start, events[:end])
        assert usage.cards_held_early(start, events, rounds=0) == [(), (), ()]


def _mean_difference(games: Sequence[Game], counted_per_game: Sequence[Sequence[Sequence[str]]]
                     ) -> tuple[float, float]:
    """The mean over cards of (win rate of the seats counted for a card minus that of the
    rest), and the mean count of a winning seat over that of a losing seat."""
    counted: Counter[str] = Counter()
    won: Counter[str] = Counter()
    sizes: dict[bool, list[int]] = {True: [], False: []}
    seats = wins = 0
    for game, per_seat in zip(games, counted_per_game, strict=True):
        winner = game[3]
        wins += winner >= 0
        for seat, cards in enumerate(per_seat):
            seats += 1
            counted.update(set(cards))
            won.update(set(cards) if seat == winner else ())
            sizes[seat == winner].append(len(cards))
    diffs = [difference(won[c], n, wins - won[c], seats - n)[0]
             for c, n in counted.items() if n < seats]
    ratio = (sum(sizes[True]) / len(sizes[True])) / (sum(sizes[False]) / len(sizes[False]))
    return sum(diffs) / len(diffs), ratio


def test_issue33_cards_held_early_show_no_drift() -> None:
    """36 seeded 3-seat games of the search bot (1 rollout): the cards held early are about
    as many for winners as for losers (within 1 +- 0.12), and their rows show no lean (mean
    within +- 8 points); 40 control "cards" dealt to seats at random (each to a fifth) show
    none either: the comparison itself has no lean.

    What it catches: a per-card measure that leans with how long a seat lives by a third or
    more, as counting the cards a seat *used* did on ruleset 8 (1.37 times, +13.2 points)
    and does on 96 other seeded games (seeds 1000 to 1095: 1.44 and 1.40 times, +10 points,
    rulesets 11 and 12 before its mage changes; 1.16 to 1.77 a block of 12). The used
    measure's lean varies with the seeds (on these 36: 1.07, 1.15 and 1.24 on the three data
    sets below), so it is not asserted here.

    Why 36 games: the ratio is noisy, because a mage's health cards (5 to 7) and fate draws
    set how many cards a seat holds early, so the mages that happen to win move it; over 27
    blocks of 12 games (these seeds and 1000 to 1095, rulesets 11 and 12) it ran 0.87 to
    1.14 (mean 1.03, standard deviation 0.07, so about 0.04 on 36 games). The first 12 seeds
    here are the low tail (0.87 to 0.88 on every data set), and the test failed on Storm
    Hawk's health 2 with those 12 alone. These 36 give 1.00 and -0.3 points (ruleset 11),
    1.02 and +0.5 (Storm Hawk health 2 alone), 1.03 and +0.3 (ruleset 12)."""
    games = [_played(100 + seed, lambda s: SearchBot(s, iterations=1)) for seed in range(36)]
    early_mean, early_ratio = _mean_difference(
        games, [RULES.cards_held_early(start, events) for start, events, _, _ in games])
    assert abs(early_ratio - 1) < 0.12 and abs(early_mean) < 0.08
    rng = Rng.from_seed("control")
    controls = [[[f"x{k}" for k in range(40) if rng.below(5) == 0] for _ in range(3)]
                for _ in games]
    control_mean, _ = _mean_difference(games, controls)
    assert abs(control_mean) < 0.08


def test_issue33_mage_wars_rows_are_seats_that_held_a_card_early() -> None:
    """A small seeded run of the mages' sides: its per-card rows are not empty, and each
    card's tally is the number of seats that held it early (and of those that won),
    recounted from the per-game lists the run keeps; the report says what the rows are."""
    sides = tuple(RULES.sides())
    results = run(Setup("mage_wars", ("random",) * 3, "use", None, sides), 6, jobs=1)
    assert results.measure == "early" and len(results.early) == 6
    seats_holding: Counter[str] = Counter()
    winners_holding: Counter[str] = Counter()
    for game, winner in zip(results.early, results.winner, strict=True):
        for seat, cards in enumerate(game):
            seats_holding.update(cards)
            if seat == winner:
                winners_holding.update(cards)
    assert results.cards == {c: [n, winners_holding[c]] for c, n in seats_holding.items()}
    doc = summary(results, card_names("mage_wars"))
    assert doc["card_measure"] == "early" and doc["cards"]
    assert all(row["decks"] < 18 for row in doc["cards"])  # 6 games x 3 seats
    table = sides_summary(results, [s.name for s in sides], RULES.cap_end_types, doc["cards"])
    assert "seats that held a card early against seats that did not" in markdown(table)


def test_issue33_other_systems_still_count_the_decks_that_hold_a_card() -> None:
    """MArcomage's rows are unchanged: every card of every deck counted once a deck, no
    per-seat lists kept, and the report says nothing of early holding."""
    results = run(Setup("marcomage", ("random", "random"), "held"), 20, jobs=1,
                  keep_decks=True)
    assert results.measure == "held" and results.early == []
    held: Counter[str] = Counter()
    won: Counter[str] = Counter()
    for decks, winner in zip(results.decks, results.winner, strict=True):
        for seat, cards in enumerate(decks):
            held.update(set(cards))
            if seat == winner:
                won.update(set(cards))
    assert results.cards == {c: [n, won[c]] for c, n in held.items()}
    assert summary(results, card_names("marcomage"))["card_measure"] == "held"


def test_issue33_merged_runs_add_up_the_seats_that_held_each_card(tmp_path: Path) -> None:
    """`benchmarks/mage_wars_shares.py` merges runs written to disk: its per-card tallies
    are the sum of the runs' own (from each game's `early` column)."""
    shares = bench_script("mage_wars_shares.py", "mage_wars_shares")
    sides = tuple(RULES.sides())
    total: Counter[str] = Counter()
    won: Counter[str] = Counter()
    for seed in ("a", "b"):
        part = run(Setup("mage_wars", ("random",) * 3, seed, None, sides), 3, jobs=1)
        write(part, tmp_path / seed / "games.parquet")
        for card, (n, w) in part.cards.items():
            total[card] += n
            won[card] += w
    results, _ = shares.merged([tmp_path / "a", tmp_path / "b"])
    assert results.measure == "early" and len(results.early) == 6
    assert results.cards == {c: [n, won[c]] for c, n in total.items()}


def test_issue34_merged_arcana_runs_add_up_the_decks_that_held_each_card(tmp_path: Path) -> None:
    """Issue 34: the same script merges Arcana's `--sides` runs (no `early` column; each
    game's cards are its two starter decks): the merged per-card tallies are the sum of the
    runs' own, and the merged table counts every run's duels of each pairing."""
    shares = bench_script("mage_wars_shares.py", "mage_wars_shares")
    arcana = find_ruleset("arcana")
    sides = tuple(arcana.sides())
    total: Counter[str] = Counter()
    won: Counter[str] = Counter()
    for seed in ("a", "b"):
        part = run(Setup("arcana", ("random", "random"), seed, None, sides), 6, jobs=1)
        write(part, tmp_path / seed / "games.parquet")
        for card, (n, w) in part.cards.items():
            total[card] += n
            won[card] += w
    results, names = shares.merged([tmp_path / "a", tmp_path / "b"])
    assert names == [s.name for s in sides]
    assert results.measure == "held" and results.early == []
    assert results.cards == {c: [n, won[c]] for c, n in total.items()}
    table = sides_summary(results, names, arcana.cap_end_types,
                          summary(results, card_names("arcana"))["cards"])
    assert [row["games"] for row in table["pairings"]] == [2] * 6
