"""The platform deck document (PL-SHARED-2): reading untrusted JSON, the shared size and copy
checker, export and import."""

from __future__ import annotations

import json
from typing import Any

import pytest

from marcomage.platform.decks import (
    DeckDocError,
    DeckLimits,
    card_count,
    deck_problems,
    export_deck,
    import_deck,
    parse_deck,
)
from marcomage.platform.protocol import DeckDoc

GAMES = ("marcomage", "toy")


def doc(**changes: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"game": "toy", "format": "tiny", "name": "  Mine  ",
                            "entries": [{"card": 1, "count": 2}, {"card": 3}], "extra": {}}
    base.update(changes)
    return base


def codes(raw: Any) -> list[str]:
    return [v.code for v in deck_problems(raw, GAMES)[1]]


def test_PL_SHARED_2_a_deck_is_normalised_with_every_field() -> None:
    deck = parse_deck(doc(entries=[{"card": 1, "count": 2}, {"card": "x"}, {"card": 1}]),
                      GAMES)
    assert deck == {"game": "toy", "format": "tiny", "name": "Mine",
                    "entries": [{"card": 1, "count": 3}, {"card": "x", "count": 1}],
                    "extra": {}}
    assert card_count(deck) == 4
    minimal = parse_deck({"game": "toy", "format": "tiny", "entries": []}, GAMES)
    assert minimal["name"] == "" and minimal["extra"] == {}


@pytest.mark.parametrize(("raw", "expected"), [
    ([], ["not-an-object"]),
    ({"game": "toy", "format": "tiny"}, ["missing-field"]),
    (doc(game="chess"), ["unknown-game"]),
    (doc(colour="red"), ["unknown-field"]),
    (doc(format=3, name=None, extra=[]), ["bad-field", "bad-field", "bad-field"]),
    (doc(entries="all"), ["bad-field"]),
    (doc(entries=[{"card": True}, {"count": 1}, 5, {"card": 1, "n": 1}]), ["bad-entry"] * 4),
    (doc(entries=[{"card": 1, "count": 0}, {"card": 2, "count": "2"},
                  {"card": 3, "count": 10**6}]), ["bad-count"] * 3),
])
def test_PL_SHARED_2_bad_documents_say_every_reason(raw: Any, expected: list[str]) -> None:
    assert codes(raw) == expected
    with pytest.raises(DeckDocError) as refused:
        parse_deck(raw, GAMES)
    assert [v.code for v in refused.value.violations] == expected
    assert str(refused.value)


def test_PL_SHARED_2_bad_count_message_names_the_entry() -> None:
    (problem,) = deck_problems(doc(entries=[{"card": 7, "count": -1}]), GAMES)[1]
    assert problem.message.startswith("Entry 1 (card 7) has a count of -1")


def deck(*counts: tuple[Any, int]) -> DeckDoc:
    return {"game": "toy", "format": "tiny", "name": "",
            "entries": [{"card": c, "count": n} for c, n in counts], "extra": {}}


def test_PL_SHARED_2_size_and_copy_limits_written_as_data() -> None:
    limits = DeckLimits(min_cards=3, max_cards=4, max_copies=2, unlimited=frozenset({"land"}))
    assert limits.check(deck((1, 2), (2, 1))) == []
    assert [v.code for v in limits.check(deck((1, 2)))] == ["too-few-cards"]
    assert [v.code for v in limits.check(deck((1, 1), ("land", 4)))] == ["too-many-cards"]
    (copies,) = limits.check(deck((1, 3), (2, 1)), card_name=lambda c: f"Card #{c}")
    assert copies.code == "copies"
    assert copies.message == ("Card #1 is in the deck 3 times; a deck holds each card at "
                              "most 2 times.")
    assert DeckLimits().check(deck((1, 99))) == []
    assert "at most once" in DeckLimits(max_copies=1).check(deck((5, 2)))[0].message


def test_PL_SHARED_2_export_then_import_gives_the_same_deck() -> None:
    original = parse_deck(doc(name="Ünïcode deck"), GAMES)
    text = export_deck(original)
    assert text.endswith("\n") and json.loads(text)["name"] == "Ünïcode deck"
    assert import_deck(text, GAMES) == original


def test_PL_SHARED_2_import_refuses_text_that_is_not_a_deck() -> None:
    with pytest.raises(DeckDocError) as refused:
        import_deck("{not json", GAMES)
    assert refused.value.violations[0].code == "bad-json"
    with pytest.raises(DeckDocError, match="no game system 'chess'"):
        import_deck(json.dumps(doc(game="chess")), GAMES)
