"""The card file's schema (FW-MOVE-1, FW-FIGHT, FW-CAST-9): the shipped file is sound, every
figure has its fighting numbers, and a mistyped file is refused with the problem named."""

from __future__ import annotations

import copy
import json
from importlib import resources
from typing import Any

import pytest

from marcomage.games.far_wilds.cards import (
    BUILDING,
    CARDS,
    CREATURE,
    card_file_problems,
    cards_of,
    parse_card_file,
)


def _doc() -> dict[str, Any]:
    text = resources.files("marcomage.games.far_wilds").joinpath(
        "data/cards.json").read_text("utf-8")
    doc: dict[str, Any] = json.loads(text)
    return doc


def test_shipped_card_file_is_sound() -> None:
    assert card_file_problems(_doc()) == []


def test_fw_move_1_every_figure_has_hp_vision_and_buildings_speed_0() -> None:
    """FW-MOVE-1: a figure has Attack, HP, Speed and Vision; buildings have speed 0."""
    for found in CARDS.values():
        if found.type == CREATURE:
            assert found.health >= 1 and found.speed >= 1, found.id
        elif found.type == BUILDING:
            assert found.health >= 1 and found.speed == 0, found.id


def _with(change: dict[str, Any], card_id: str = "briar_whelp") -> list[str]:
    doc = copy.deepcopy(_doc())
    for entry in doc["cards"]:
        if entry["id"] == card_id:
            entry.update(change)
    return card_file_problems(doc)


@pytest.mark.parametrize(("change", "words"), [
    ({"sped": 3}, "`sped` is not a key"),
    ({"speed": 0}, "`speed` must be a whole number from 1 to 6"),
    ({"attack": "2"}, "`attack` must be a whole number"),
    ({"strides": ["lava"]}, "strides must be a list"),
    ({"fear": True}, "`fear` must be a whole number"),
    ({"battle_ready": 1}, "`battle_ready` must be true or false"),
    ({"actions": [{"id": "x", "name": "X", "text": "t", "effect": {"kind": "explode"}}]},
     "effect kind must be one of"),
    ({"actions": [{"id": "x", "name": "X", "text": "t", "effect": {"kind": "heal"}}]},
     "needs an amount"),
])
def test_a_mistyped_creature_is_refused_with_the_problem_named(change: dict[str, Any],
                                                               words: str) -> None:
    problems = _with(change)
    assert any(words in p for p in problems), problems


def test_a_building_takes_no_speed_and_figures_need_health() -> None:
    assert any("`speed` is not a key of a building" in p
               for p in _with({"speed": 2}, "tide_altar"))
    doc = copy.deepcopy(_doc())
    del doc["cards"][1]["health"]
    assert any("`health` is missing" in p for p in card_file_problems(doc))


def test_repeated_ids_and_bad_army_entries_are_refused() -> None:
    doc = copy.deepcopy(_doc())
    doc["cards"].append(copy.deepcopy(doc["cards"][-1]))
    doc["armies"][0]["entries"].append({"card": "warcamp", "count": 1})
    problems = card_file_problems(doc)
    assert any("repeats" in p for p in problems)
    assert any("bad entry" in p for p in problems)


def test_parse_refuses_an_unsound_file_and_lists_problems() -> None:
    doc = copy.deepcopy(_doc())
    doc["cards"][7]["speed"] = 99
    with pytest.raises(ValueError, match="speed"):
        parse_card_file(json.dumps(doc))


def test_special_actions_load_with_their_costs() -> None:
    """FW-FIGHT-5: a special action carries its dim and flux costs from the file."""
    doc = copy.deepcopy(_doc())
    for entry in doc["cards"]:
        if entry["id"] == "old_oak_watch":
            entry["actions"] = [{"id": "volley", "name": "Volley", "text": "Deal 1.",
                                 "dim": False, "flux": 1, "range": 2,
                                 "target": {"kind": "entity", "owner": "enemy"},
                                 "effect": {"kind": "damage", "amount": 1}}]
    action = cards_of(parse_card_file(json.dumps(doc)))["old_oak_watch"].actions[0]
    assert (action.dim, action.flux, action.range, action.effect["amount"]) == (False, 1, 2, 1)
    assert action.target.owner == "enemy"
