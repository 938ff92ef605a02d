"""Maps as data (FW-BOARD-1, issue 32): at least three maps in data/maps, one of radius 5
or more with more Flux Wells, every shipped map point-symmetric, offered as the `map`
option, and a battle starts on each."""

from __future__ import annotations

import copy
import json
from importlib import resources
from typing import Any

import pytest

from marcomage.games.far_wilds.hexmap import (
    DEFAULT_MAP,
    MAPS,
    load_map,
    map_problems,
    point_symmetric,
)
from marcomage.games.far_wilds.ruleset import RULESET


def _doc(map_id: str) -> dict[str, Any]:
    text = resources.files("marcomage.games.far_wilds").joinpath(
        f"data/maps/{map_id}.json").read_text("utf-8")
    doc: dict[str, Any] = json.loads(text)
    return doc


def test_fw_board_1_three_maps_one_larger_with_more_wells() -> None:
    assert len(MAPS) >= 3 and next(iter(MAPS)) == DEFAULT_MAP.id
    large = [m for m in MAPS.values() if len(m) >= 91]  # radius 5: 91 spaces
    assert large and all(len(m.wells) > len(DEFAULT_MAP.wells) for m in large)


@pytest.mark.parametrize("map_id", sorted(MAPS))
def test_fw_board_1_every_shipped_map_is_point_symmetric(map_id: str) -> None:
    assert point_symmetric(MAPS[map_id])


def test_fw_board_1_an_unsymmetric_map_is_caught() -> None:
    doc = _doc("twin_fords")
    doc["forest"] = doc["forest"][1:]
    assert not point_symmetric(load_map(doc))


@pytest.mark.parametrize(("change", "words"), [
    ({"radius": 9}, "radius"),
    ({"wells": [[7, 0]]}, "outside the map"),
    ({"bases": [[0, 3]]}, "two distinct Bases"),
    ({"wells": [[-1, 2]]}, "distinct land spaces"),
])
def test_a_bad_map_file_is_refused(change: dict[str, Any], words: str) -> None:
    doc = copy.deepcopy(_doc("default"))
    doc.update(change)
    assert any(words in p for p in map_problems(doc))
    with pytest.raises(ValueError, match="not sound"):
        load_map(doc)


@pytest.mark.parametrize("map_id", sorted(MAPS))
def test_every_map_is_a_choice_of_the_option_and_a_battle_starts_on_it(map_id: str) -> None:
    options = RULESET.options_from_json({"map": map_id})
    state = RULESET.new_game(options, RULESET.starter_decks(), 7)
    hexes = MAPS[map_id]
    assert [f.card for f in state.figures if f is not None] == ["warcamp", "warcamp"]
    assert state.figures[hexes.bases[0]] is not None and len(state.figures) == len(hexes)
    view = RULESET.view(state, 0)
    assert len(view["map"]["spaces"]) == len(hexes)
