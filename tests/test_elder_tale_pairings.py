"""benchmarks/elder_tale_pairings.py screens chosen Elder Tale pairings (issue 35): seeded,
seats alternating, a clear error for a name that is no character."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from types import ModuleType

import pytest

from marcomage.games import find_ruleset
from marcomage.lab.games import Setup
from marcomage.lab.tournament import run, write

from .bench_scripts import bench_script


def pairings() -> ModuleType:
    return bench_script("elder_tale_pairings.py", "elder_tale_pairings")


def test_issue_35_a_screen_is_seeded_and_names_sides_by_their_first_word(
    capsys: pytest.CaptureFixture[str],
) -> None:
    tool = pairings()
    names = ["Aren, Ember Knight", "Sefa, Stormcaller", "Brann, Stonewarden"]
    assert tool.side_index(names, "brann") == 2
    with pytest.raises(SystemExit, match="No single character named 'Nobody'"):
        tool.side_index(names, "Nobody")
    first = tool.screen(0, 1, 1, seed=7)
    assert first == tool.screen(0, 1, 1, seed=7)
    assert first[0] in (0.0, 0.5, 1.0) and first[1] == 0
    assert tool.main(["Aren-Sefa", "--games", "1", "--seed", "7"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Aren, Ember Knight v Sefa, Stormcaller: ") and "0 capped" in out


def test_issue_35_a_screen_may_swap_cards_of_a_deck_and_refuses_an_illegal_one() -> None:
    """--swap changes one character's deck for the screen only (ET-DECK still applies)."""
    tool = pairings()
    decks = tool.RULESET.starter_decks()
    changed = tool.swapped(decks, "Vesk:-brace*2,+nightshade_draught*2,+hex_mark")
    vesk = tool.side_index([str(d["name"]) for d in decks], "Vesk")
    counts = {e["card"]: e["count"] for e in changed[vesk]["entries"]}
    assert "brace" not in counts and counts["nightshade_draught"] == 2
    assert changed[:vesk] == decks[:vesk] and tool.RULESET.starter_decks() == decks
    with pytest.raises(SystemExit, match="has not 3 of 'brace'"):
        tool.swapped(decks, "Vesk:-brace*3")
    with pytest.raises(SystemExit, match="a Rare card at most 2"):
        tool.swapped(decks, "Vesk:+nightfang")  # his third
    assert tool.screen(0, vesk, 1, seed=7, decks=changed)[1] == 0


def test_issue_35_two_elder_tale_tables_pool_into_one(tmp_path: Path) -> None:
    """`benchmarks/mage_wars_shares.py` pools Elder Tale `--sides` runs (the closing table
    is seeds 35 and 36 merged): the games, seatings and per-card tallies of the pool are the
    sum of the runs' own, counted by the decks held (Elder Tale has no shared pack)."""
    shares = bench_script("mage_wars_shares.py", "mage_wars_shares")
    sides = tuple(find_ruleset("elder_tale").sides())
    held: Counter[str] = Counter()
    won: Counter[str] = Counter()
    seatings: list[tuple[int, ...]] = []
    for seed in ("a", "b"):
        part = run(Setup("elder_tale", ("random", "random"), seed, None, sides), 30, jobs=1)
        write(part, tmp_path / seed / "games.parquet")
        seatings += part.seating
        for card, (n, w) in part.cards.items():
            held[card] += n
            won[card] += w
    results, names = shares.merged([tmp_path / "a", tmp_path / "b"])
    assert names == [side.name for side in sides] and results.games == 60
    assert results.measure == "held" and results.seating == seatings
    assert results.cards == {c: [n, won[c]] for c, n in held.items()}
