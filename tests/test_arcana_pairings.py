"""benchmarks/arcana_pairings.py screens chosen Arcana pairings (issue 34): seeded as the
balance lab seeds the same duels, seats alternating, HP lost counted by cause, and a clear
error for a name that is no starter deck."""

from __future__ import annotations

import re
from types import ModuleType

import pytest

from marcomage.games.arcana.ruleset import RULESET
from marcomage.lab.games import Setup, play_chunk

from .bench_scripts import bench_script


def pairings() -> ModuleType:
    return bench_script("arcana_pairings.py", "arcana_pairings")


def test_issue_34_a_screen_names_decks_and_counts_causes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    tool = pairings()
    names = ["Emberstorm", "Tidewall", "Runeweaver", "Worldroot"]
    assert tool.side_index(names, "tide") == 1
    with pytest.raises(SystemExit, match="No single starter deck named 'Nobody'"):
        tool.side_index(names, "Nobody")
    assert tool.cause_of("Gale Sprite fell in attack position") == "fallen"
    assert tool.cause_of("Reef Warden attacks directly") == "direct"
    assert tool.cause_of("an empty deck at the draw") == "empty deck"
    assert tool.cause_of("Searing Pact") == "Searing Pact"
    assert tool.cause_of("Bone Reaper attacks directly", by_card=True) == "direct: Bone Reaper"
    assert tool.cause_of("Gale Sprite fell in attack position", True) == "fallen: Gale Sprite"
    assert tool.cause_of("Searing Pact", by_card=True) == "Searing Pact"
    assert tool.main(["Ember-Tide", "--games", "1", "--seed", "7", "--causes"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Emberstorm v Tidewall: ") and "0 capped" in out
    assert "Emberstorm lost " in out and "Tidewall lost " in out
    assert re.search(r"\b(fallen|direct) \d", out)  # falls and direct attacks summed
    assert tool.main(["Ember-Tide", "--games", "1", "--seed", "7", "--causes", "--by-card"]) == 0
    split = capsys.readouterr().out
    assert re.search(r"\b(fallen|direct): [A-Z]", split)  # each named by its attacker
    assert not re.search(r"\b(fallen|direct) \d", split)


def test_issue_34_a_screen_plays_the_lab_duels_of_its_seed() -> None:
    """Duel j of pairing p is the lab's game p + 6j of the same seed (`balance --sides`), so a
    screen on seed S previews that pairing of the full table."""
    tool = pairings()
    sides = RULESET.sides()
    setup = Setup("arcana", ("search-lab", "search-lab"), "7", sides=tuple(sides))
    # Emberstorm-Worldroot is the lab's third pairing (index 2): its first duel is game 2,
    # Emberstorm on seat 0
    lab = play_chunk(setup, 2, 1)
    got = tool.screen(0, 3, 1, "7")
    expected = 0.5 if lab.winner[0] == -1 else float(lab.winner[0] == 0)
    assert got.score == expected and got.games == 1 and got.capped == 0
    assert got.moves == lab.turns[0] > 0  # the same duel, action for action
    # every duel ends by HP (the loser at 0 lost at least its 10), and every loss is counted
    assert sum(got.lost[0].values()) + sum(got.lost[1].values()) >= 10
