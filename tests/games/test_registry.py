"""The registry of game systems: the one place that names them and orders them for forms."""

from __future__ import annotations

import pytest

from marcomage.games import (
    DEFAULT_RULESET,
    RULESETS,
    UnknownRuleset,
    find_ruleset,
    register,
    registered,
    ruleset_name,
)
from tests.platform.toy import RULESET as TOY


def test_the_default_system_comes_first_then_the_others_by_name(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("marcomage.games.RULESETS", dict(RULESETS))
    register(TOY)
    listed = registered()
    assert listed[0] == (DEFAULT_RULESET, "MArcomage")
    assert (TOY.id, TOY.name) in listed
    assert [name for _id, name in listed[1:]] == sorted(name for _id, name in listed[1:])


def test_a_system_is_named_for_players_or_by_its_id_once_unknown() -> None:
    assert ruleset_name("marcomage") == "MArcomage"
    assert ruleset_name("gone") == "gone"
    with pytest.raises(UnknownRuleset, match="no game system 'gone'"):
        find_ruleset("gone")
