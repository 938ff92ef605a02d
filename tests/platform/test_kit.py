"""The platform kit every ruleset uses (issue 30): one options parser (PL-PROTO-7), one
plain-action check (PL-PROTO-4) and the platform's ends and default awards (PL-PROTO-6,
PL-PROTO-8, PL-SHARED-4)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from marcomage.games import RULESETS, SHIPPED
from marcomage.platform.actions import is_plain_action
from marcomage.platform.decks import offered_deck_violations
from marcomage.platform.ending import PlatformEnds, knockout, other_seat
from marcomage.platform.options import options_from_json, options_to_json
from marcomage.platform.protocol import IllegalAction, Outcome, option


@dataclass(frozen=True, slots=True)
class Knobs:
    fast: bool = False
    size: int = option(3, bounds=(1, 5))
    colour: str = option("red", choices=("red", "blue"))
    gravity: bool = option(True, fixed=True)


def test_PL_PROTO_7_options_take_defaults_and_round_trip() -> None:
    assert options_from_json(Knobs, {}, "Toy") == Knobs()
    knobs = options_from_json(Knobs, {"fast": True, "size": 5, "colour": "blue"}, "Toy")
    assert knobs == Knobs(True, 5, "blue")
    assert options_to_json(knobs) == {"fast": True, "size": 5, "colour": "blue",
                                      "gravity": True}
    assert options_from_json(Knobs, options_to_json(knobs), "Toy") == knobs


@pytest.mark.parametrize(("doc", "words"), [
    ([("fast", True)], "Toy options are an object"),
    ({"speed": 1}, "Toy has no option 'speed'; its options are fast, size"),
    ({"fast": 1}, "'fast' is true or false, not 1"),
    ({"size": True}, "'size' is a whole number, not True"),
    ({"size": 3.0}, "'size' is a whole number"),
    ({"size": 6}, "'size' is 1 to 5, not 6"),
    ({"colour": "green"}, "'colour' is one of red, blue, not 'green'"),
    ({"gravity": False}, "'gravity' is always True in this version of Toy"),
])
def test_PL_PROTO_7_options_refuse_what_the_fields_do_not_allow(doc: object, words: str
                                                                 ) -> None:
    with pytest.raises(ValueError, match=words):
        options_from_json(Knobs, doc, "Toy")


@pytest.mark.parametrize("ruleset", sorted(SHIPPED), ids=str)
def test_PL_PROTO_7_every_ruleset_parses_its_options_with_the_kit(ruleset: str) -> None:
    rules = RULESETS[ruleset]
    defaults = rules.options_from_json({})
    assert defaults == rules.options_type()
    assert rules.options_from_json(rules.options_to_json(defaults)) == defaults
    with pytest.raises(ValueError, match="has no option 'no_such_option'"):
        rules.options_from_json({"no_such_option": True})


def test_PL_PROTO_4_a_plain_action_has_text_keys_and_strings_or_true_integers() -> None:
    assert is_plain_action({"type": "play", "card": 3})
    assert is_plain_action({})
    for bad in ({"type": "play", "card": True}, {"type": "play", "card": 3.0},
                {"type": ["play"]}, {1: "play"}, {"type": None}, "play", None):
        assert not is_plain_action(bad), bad


@dataclass
class Table:
    round: int
    outcome: Outcome | None = None
    closed: bool = False

    def clone(self) -> Table:
        return Table(self.round, self.outcome, self.closed)


class TableEnds(PlatformEnds):
    noun = "table"

    def close(self, state: Table, outcome: Outcome) -> None:
        state.outcome, state.closed = outcome, True


def test_PL_PROTO_8_a_resigning_seat_hands_the_win_to_the_other() -> None:
    before = Table(4)
    after = TableEnds().resign(before, 1)
    assert after.outcome == Outcome("win", (0,), "surrender", 4) and after.closed
    assert before == Table(4)  # the platform's ends change a copy
    with pytest.raises(ValueError, match="seats are 0 and 1"):
        TableEnds().resign(before, 2)
    assert other_seat(0) == 1 and other_seat(1) == 0


def test_PL_PROTO_6_an_end_is_checked_and_a_finished_game_refuses_another() -> None:
    ends = TableEnds()
    aborted = ends.end(Table(2), "abort", [])
    assert aborted.outcome == Outcome("none", (), "abort", 2)
    with pytest.raises(IllegalAction, match="The table is already over"):
        ends.end(aborted, "abandon", [0])
    with pytest.raises(ValueError):
        ends.end(Table(2), "abort", [0])
    with pytest.raises(ValueError):
        ends.end(Table(2), "knockout", [0])


def test_PL_SHARED_4_default_awards_only_for_a_finished_game() -> None:
    ends = TableEnds()
    with pytest.raises(ValueError, match="The table is not finished"):
        ends.awards(Table(3), [1, 1], False, None)
    awards = ends.awards(ends.resign(Table(3), 0), [1, 1], False, None)
    assert [a.result for a in awards] == ["loss", "win"]
    assert awards[1].exp > 0


TWO_SEATS = [r for r in sorted(RULESETS) if RULESETS[r].seats == range(2, 3)]


@pytest.mark.parametrize("ruleset", TWO_SEATS, ids=str)
def test_PL_PROTO_8_every_two_seat_ruleset_refuses_to_resign_a_seat_it_lacks(ruleset: str
                                                                           ) -> None:
    rules = RULESETS[ruleset]
    state = rules.new_game(rules.options_from_json({}), rules.starter_decks()[:1] * 2, 1)
    with pytest.raises(ValueError):
        rules.resign(state, 2)


def test_knockout_seats_at_zero_hp_lose_and_all_at_once_draw() -> None:
    """AR-END-1, AR-END-2, ET-END-1: the shared reading of a knockout."""
    assert knockout([3, 1], "hp", 4) is None
    assert knockout([0, 2], "hp", 4) == Outcome("win", (1,), "hp", 4)
    assert knockout([5, -3], "knockout", 7) == Outcome("win", (0,), "knockout", 7)
    assert knockout([0, -1], "hp", 9) == Outcome("draw", (), "hp", 9)


@pytest.mark.parametrize("ruleset", ["arcana", "elder_tale", "mage_wars", "marcomage"])
def test_PL_SHARED_2_a_deck_of_another_game_or_format_is_refused_first(ruleset: str) -> None:
    """The Far Wilds keeps its own codes (UNKNOWN_FORMAT, UNKNOWN_CARD) for these."""
    rules = RULESETS[ruleset]
    deck = rules.starter_decks()[0]
    fmt = next(iter(rules.formats))
    assert offered_deck_violations(rules.id, rules.name, rules.formats, deck, fmt) == []
    assert [v.code for v in rules.validate_deck(deck, "no-such-format")][:1] == ["format"]
    other = {**deck, "game": "toy"}
    assert [v.code for v in rules.validate_deck(other, fmt)] == ["game"]
