"""The conformance suite (PL-SHARED-6) over every registered ruleset and the test-only toy:
playouts end, illegal actions change nothing, JSON round-trips, views hide what they must,
replays reproduce their hashes, and the same seed gives the same game."""

from __future__ import annotations

from typing import Any

import pytest

from marcomage.games import RULESETS
from marcomage.platform import conformance
from marcomage.platform.protocol import IllegalAction, Ruleset

from .toy import RULESET as TOY

ALL = {**RULESETS, TOY.id: TOY}
SEEDS = (1, 2, 3)
EVERY = {"marcomage": 2, "arcana": 3, "elder_tale": 3, "far_wilds": 3}
"""The costly checks' stride for the rulesets whose states are big or whose games are long."""


def options_for(ruleset: Ruleset) -> list[Any]:
    """Default options, and MArcomage's hidden-cards mode where views hide more (C-FLAG-6)."""
    if ruleset.id == "marcomage":
        return [None, ruleset.options_from_json({"hidden": True})]
    return [None]


CASES = [(rid, i) for rid, r in ALL.items() for i in range(len(options_for(r)))]


@pytest.mark.parametrize(("ruleset_id", "variant"), CASES)
def test_PL_SHARED_6_every_ruleset_conforms(ruleset_id: str, variant: int) -> None:
    ruleset = ALL[ruleset_id]
    options = options_for(ruleset)[variant]
    conformance.check_playouts_end(ruleset, SEEDS, options)
    # The costly checks on every 2nd state of MArcomage's longer games, every 3rd of Arcana's,
    # Elder Tale's (whose states carry their whole card pool) and The Far Wilds' (whose states
    # carry a growing battle log).
    conformance.check_all(ruleset, SEEDS[:2], options,
                          every=EVERY.get(ruleset_id, 1))


def test_PL_SHARED_6_every_registered_ruleset_is_covered() -> None:
    assert "marcomage" in ALL and "toy" in ALL
    assert all(isinstance(r, Ruleset) for r in ALL.values())


# The suite must catch what it claims to catch: rulesets broken on purpose.


class Accepting:
    """The toy, except that it accepts any bid slot, clamping it into the hand."""

    def __getattr__(self, name: str) -> Any:
        return getattr(TOY, name)

    def apply(self, state: Any, seat: int, action: Any) -> Any:
        if isinstance(action, dict) and action.get("type") == "bid" and "slot" in action:
            slot = action["slot"]
            hand = len(state.hands[seat])
            action = {"type": "bid", "slot": min(max(int(slot), 0), hand - 1)} if (
                type(slot) is int) else action
        return TOY.apply(state, seat, action)


class Leaky:
    """The toy, except that every view shows all hands."""

    def __getattr__(self, name: str) -> Any:
        return getattr(TOY, name)

    def view(self, state: Any, viewer: Any) -> Any:
        return {**TOY.view(state, viewer), "all_hands": state.hands}


class Clocked:
    """The toy, except that its games never end within max_steps."""

    max_steps = 3

    def __getattr__(self, name: str) -> Any:
        return getattr(TOY, name)


class Careless:
    """The toy, except that a refused action still draws from the game's generator."""

    def __getattr__(self, name: str) -> Any:
        return getattr(TOY, name)

    def apply(self, state: Any, seat: Any, action: Any) -> Any:
        state.rng.next_u32()
        return TOY.apply(state, seat, action)


def test_PL_PROTO_5_the_suite_catches_an_accepted_illegal_action() -> None:
    game = conformance.play(TOY, 1)
    with pytest.raises(AssertionError, match="not a legal action but was accepted"):
        conformance.check_refusals(Accepting(), game)  # type: ignore[arg-type]


def test_PL_PROTO_5_the_suite_catches_a_refusal_that_changes_the_state() -> None:
    game = conformance.play(TOY, 1)
    with pytest.raises(AssertionError, match="changed the state"):
        conformance.check_refusals(Careless(), game)  # type: ignore[arg-type]


def test_PL_VIEW_1_the_suite_catches_a_view_that_leaks_hidden_hands() -> None:
    game = conformance.play(TOY, 1)
    with pytest.raises(AssertionError, match="shows hidden data"):
        conformance.check_views_hide(Leaky(), game, 1)  # type: ignore[arg-type]


def test_PL_SHARED_6_the_suite_catches_a_game_longer_than_max_steps() -> None:
    with pytest.raises(AssertionError, match="no outcome after max_steps = 3"):
        conformance.play(Clocked(), 1)  # type: ignore[arg-type]


def test_PL_PROTO_3_toy_bids_are_sealed_until_the_last_and_resolved_in_seat_order() -> None:
    """The first two bids stay hidden from the others; the last one reveals all three, the
    highest card taking the trick whatever the order of arrival."""
    state = TOY.new_game(TOY.options_from_json({}), TOY.starter_decks(), 4)
    assert TOY.to_act(state) == frozenset({0, 1, 2})
    hands = [h[:] for h in state.hands]
    state, events = TOY.apply(state, 2, {"type": "bid", "slot": 0})
    state, _ = TOY.apply(state, 0, {"type": "bid", "slot": 0})
    assert [e["visibility"] for e in events] == ["owner", "public"]
    assert TOY.to_act(state) == frozenset({1})
    seen_by_1 = TOY.view(state, 1)
    assert seen_by_1["bid_placed"] == [True, False, True] and "bids" not in seen_by_1
    assert hands[0][0] not in seen_by_1["hand"] or hands[0][0] in hands[1]
    assert TOY.view(state, 2)["my_bid"] == hands[2][0]
    with pytest.raises(IllegalAction):
        TOY.apply(state, 0, {"type": "bid", "slot": 0})
    state, events = TOY.apply(state, 1, {"type": "bid", "slot": 0})
    bids = [hands[0][0], hands[1][0], hands[2][0]]
    assert events[-1] == {"type": "reveal", "bids": bids, "taker": bids.index(max(bids)),
                          "visibility": "public"}
    assert TOY.to_act(state) == frozenset({bids.index(max(bids))})
    assert TOY.view(state, 0)["last_trick"] == bids


class Unlabelled:
    """The toy, except that its events say nothing of who may see them."""

    def __getattr__(self, name: str) -> Any:
        return getattr(TOY, name)

    def apply(self, state: Any, seat: Any, action: Any) -> Any:
        after, events = TOY.apply(state, seat, action)
        return after, [{k: v for k, v in e.items() if k != "visibility"} for e in events]


class Untyped:
    """The toy, except that its legal actions are bare slot numbers."""

    def __getattr__(self, name: str) -> Any:
        return getattr(TOY, name)

    def legal_actions(self, state: Any, seat: Any) -> Any:
        return [a.get("slot", 0) for a in TOY.legal_actions(state, seat)]


def test_PL_PROTO_5_the_suite_catches_events_without_visibility() -> None:
    with pytest.raises(AssertionError, match="has no visibility"):
        conformance.play(Unlabelled(), 1)  # type: ignore[arg-type]


def test_PL_PROTO_4_the_suite_catches_actions_that_are_not_objects() -> None:
    with pytest.raises(AssertionError, match="not an object with a 'type'"):
        conformance.play(Untyped(), 1)  # type: ignore[arg-type]


# The fog (issue 38): a Far Wilds view that shows anything of what stands out of sight.

FAR_WILDS = RULESETS["far_wilds"]


class TrueWells:
    """The Far Wilds, except that views count wells held from every building, seen or not
    (the leak the second probe found)."""

    def __getattr__(self, name: str) -> Any:
        return getattr(FAR_WILDS, name)

    def view(self, state: Any, viewer: Any) -> Any:
        from marcomage.games.far_wilds.sight import wells_held

        doc = FAR_WILDS.view(state, viewer)
        for seat, player in enumerate(doc["players"]):
            player["wells"] = len(wells_held(state, seat))
        return doc


class FiguresInFog:
    """The Far Wilds, except that views tell how many figures stand out of sight and where
    the nearest of them is."""

    def __getattr__(self, name: str) -> Any:
        return getattr(FAR_WILDS, name)

    def view(self, state: Any, viewer: Any) -> Any:
        doc = FAR_WILDS.view(state, viewer)
        seen = set(doc["visible"])
        doc["in_fog"] = min((s for s, f in enumerate(state.figures)
                             if f is not None and s not in seen), default=None)
        return doc


class Foggy:
    """The Far Wilds with the default resample_fog (RulesetBase's: no fog to move)."""

    def __getattr__(self, name: str) -> Any:
        return getattr(FAR_WILDS, name)

    def resample_fog(self, state: Any, viewer: Any, rng: Any) -> None:
        return None


@pytest.mark.parametrize("leaky", [TrueWells, FiguresInFog])
def test_issue_38_the_suite_catches_a_view_that_shows_the_fog(leaky: type) -> None:
    game = conformance.play(FAR_WILDS, 1)
    with pytest.raises(AssertionError, match="what stands in its fog is moved: it shows"):
        conformance.check_views_hide(leaky(), game, 1)


def test_issue_38_a_game_with_fog_must_let_the_suite_move_what_stands_in_it() -> None:
    game = conformance.play(FAR_WILDS, 1)
    with pytest.raises(AssertionError, match="has a fog of war but no resample_fog"):
        conformance.check_views_hide(Foggy(), game, 1)  # type: ignore[arg-type]
