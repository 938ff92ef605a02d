"""Per-card rows by use for a shared-pack game (issue 33): in Mage Wars every seat plays from
one pack, so the lab counts, per card, the seats that used it (`Ruleset.card_use`,
`Ruleset.cards_used`) instead of the decks that held it; other systems keep counting decks."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from marcomage.games import find_ruleset
from marcomage.games.mage_wars.cards import CARDS
from marcomage.games.mage_wars.state import GameState
from marcomage.lab.analysis import summary
from marcomage.lab.command import card_names
from marcomage.lab.games import Setup
from marcomage.lab.matchups import markdown, sides_summary
from marcomage.lab.tournament import run, write
from marcomage.platform.bots import RandomBot, play_out
from marcomage.platform.protocol import Event

from ..bench_scripts import bench_script

RULES = find_ruleset("mage_wars")


def _played(seed: int) -> tuple[GameState, list[Event]]:
    """A seeded 3-seat game of the mages' sides by random bots, with all its events."""
    sides = RULES.sides()[:3]
    state = RULES.side_game(RULES.options_from_json({}), sides, seed)
    events: list[Event] = []
    final, _ = play_out(RULES, state, [RandomBot(seed * 10 + k) for k in range(3)], events)
    return final, events


def test_issue33_a_card_a_seat_completed_is_its_used_and_one_never_crafted_is_not() -> None:
    """The hook lists, per seat, what that seat completed (MW-REQ-6): every card still kept
    on its table at the end (levels, pets, items, armour, permanent resources, blessings,
    brewed potions) is listed for it; a card no seat completed is listed for nobody."""
    state, events = _played(7)
    used = RULES.cards_used(state, events)
    assert len(used) == 3 and any(used)
    for seat, player in enumerate(state.players):
        kept = [*player.levels, *player.pets, *player.items, *player.armor,
                *player.permanents, *player.blessings, *player.shelf]
        assert {state.cards[iid] for iid in kept} <= set(used[seat])
        assert all(len(set(cards)) == len(cards) for cards in used)  # each once a seat
    listed = {card for cards in used for card in cards}
    never = [c for c in dict.fromkeys(state.cards) if CARDS[c].type in ("mage", "curse", "fate")]
    assert never and not listed & set(never)
    assert listed < set(state.cards)


def test_issue33_the_hook_reads_completions_and_challenges_by_seat() -> None:
    """A completion names the seat that completed the card; a challenge played or won is
    that seat's use; nothing else (an opened card, a curse suffered) is a use."""
    state, _ = _played(3)
    spark = next(c for c in CARDS.values() if c.name == "Spark")
    challenge = next(i for i, c in enumerate(state.cards) if CARDS[c].type == "challenge")
    events: list[Event] = [
        {"type": "log", "seat": 1, "text": "opens Spark", "visibility": "public"},
        {"type": "log", "seat": 2, "text": f"completes {spark.name}", "visibility": "public"},
        {"type": "action", "seat": 0, "action": {"type": "play_challenge", "card": challenge},
         "visibility": "public"},
        {"type": "log", "seat": 1, "text": "suffers the curse X", "visibility": "public"}]
    assert RULES.cards_used(state, events) == [(state.cards[challenge],), (), (spark.id,)]


def test_issue33_mage_wars_rows_are_seats_that_used_a_card() -> None:
    """A small seeded run of the mages' sides: its per-card rows are not empty, and each
    card's tally is the number of seats that used it (and of those that won), recounted
    from the per-game lists the run keeps; the report says the rows are by use."""
    sides = tuple(RULES.sides())
    results = run(Setup("mage_wars", ("random",) * 3, "use", None, sides), 6, jobs=1)
    assert results.measure == "used" and len(results.used) == 6
    seats_using: Counter[str] = Counter()
    winners_using: Counter[str] = Counter()
    for game, winner in zip(results.used, results.winner, strict=True):
        for seat, cards in enumerate(game):
            seats_using.update(cards)
            if seat == winner:
                winners_using.update(cards)
    assert results.cards == {c: [n, winners_using[c]] for c, n in seats_using.items()}
    doc = summary(results, card_names("mage_wars"))
    assert doc["card_measure"] == "used" and doc["cards"]
    assert all(row["decks"] < 18 for row in doc["cards"])  # 6 games x 3 seats
    table = sides_summary(results, [s.name for s in sides], RULES.cap_end_types, doc["cards"])
    assert "by use: seats that used a card" in markdown(table)


def test_issue33_other_systems_still_count_the_decks_that_hold_a_card() -> None:
    """MArcomage's rows are unchanged: every card of every deck counted once a deck, no
    per-game use kept, and the report says nothing of use."""
    results = run(Setup("marcomage", ("random", "random"), "held"), 20, jobs=1,
                  keep_decks=True)
    assert results.measure == "held" and results.used == []
    held: Counter[str] = Counter()
    won: Counter[str] = Counter()
    for decks, winner in zip(results.decks, results.winner, strict=True):
        for seat, cards in enumerate(decks):
            held.update(set(cards))
            if seat == winner:
                won.update(set(cards))
    assert results.cards == {c: [n, won[c]] for c, n in held.items()}
    assert summary(results, card_names("marcomage"))["card_measure"] == "held"


def test_issue33_merged_runs_add_up_the_seats_that_used_each_card(tmp_path: Path) -> None:
    """`benchmarks/mage_wars_shares.py` merges runs written to disk: its per-card tallies
    are the sum of the runs' own (by use, from each game's `used` column)."""
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
    assert results.measure == "used" and len(results.used) == 6
    assert results.cards == {c: [n, won[c]] for c, n in total.items()}
