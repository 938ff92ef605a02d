"""The conformance suite every ruleset passes (PL-SHARED-6), as plain functions that raise
AssertionError with a clear message, for pytest or a command line.

Playouts are seeded: the decks are the ruleset's starter decks (seat i takes deck
(seed + i) mod n) and every seat in `to_act` moves in seat order, each picking uniformly
among its legal actions with the playout's own generator.
"""

from __future__ import annotations

import copy
import dataclasses
import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from .protocol import Action, DeckDoc, IllegalAction, Ruleset, Seat, State
from .replay import Recorder, Replay, ReplayHeader, Step, canonical_json, state_hash, verify
from .rng import Rng

VISIBILITIES = ("public", "owner", "controller", "nobody")
"""What an event's "visibility" may be, as for zones (PL-VIEW-2)."""

PLAYOUT_STREAM = 21
"""PCG32 stream of the playouts' move choices, apart from the games' and the bots'."""


@dataclass(frozen=True, slots=True)
class Playout:
    """A played game: every state from the first, and the moves between them."""

    states: list[State]
    moves: list[tuple[Seat, Action]]
    replay: Replay


def playout_decks(ruleset: Ruleset, seed: int, seats: int | None = None) -> list[DeckDoc]:
    """The starter decks, seat i taking deck (seed + i) mod n; `seats` default: the fewest."""
    starters = ruleset.starter_decks()
    assert starters, f"{ruleset.id}: starter_decks() is empty."
    count = seats if seats is not None else ruleset.seats.start
    return [copy.deepcopy(starters[(seed + i) % len(starters)]) for i in range(count)]


def play(ruleset: Ruleset, seed: int, options: Any = None,
         decks: Sequence[DeckDoc] | None = None) -> Playout:
    """A seeded random playout to the end, checking `to_act` and `legal_actions` at every
    step (PL-PROTO-2, PL-PROTO-4) and the `max_steps` bound."""
    opts = options if options is not None else ruleset.options_from_json({})
    recorder = Recorder(ruleset, opts, decks or playout_decks(ruleset, seed), seed)
    seats = range(len(recorder.header.decks))
    rng = Rng.from_seed(seed, stream=PLAYOUT_STREAM)
    states: list[State] = [recorder.state]
    moves: list[tuple[Seat, Action]] = []
    while True:
        state = recorder.state
        deciding = ruleset.to_act(state)
        outcome = ruleset.outcome(state)
        assert (not deciding) == (outcome is not None), (
            f"{ruleset.id} seed {seed} step {len(moves)}: to_act is {sorted(deciding)} while "
            f"outcome is {outcome} (PL-PROTO-2: empty exactly when the game is over).")
        for seat in seats:
            if seat not in deciding:
                assert ruleset.legal_actions(state, seat) == [], (
                    f"{ruleset.id} seed {seed} step {len(moves)}: seat {seat} is not to act "
                    "but has legal actions (PL-PROTO-4).")
        if outcome is not None:
            break
        seat = min(deciding)
        legal = ruleset.legal_actions(state, seat)
        assert legal, (f"{ruleset.id} seed {seed} step {len(moves)}: seat {seat} is to act "
                       "with no legal action.")
        for candidate in legal:
            assert isinstance(candidate, dict) and isinstance(candidate.get("type"), str), (
                f"{ruleset.id}: legal action {candidate!r} is not an object with a 'type' "
                "(PL-PROTO-4).")
        canonical_json(legal)  # JSON without floats, or this raises
        action = legal[rng.below(len(legal))]
        for event in recorder.act(seat, action):
            assert event.get("visibility") in VISIBILITIES, (
                f"{ruleset.id}: event {event!r} has no visibility of {VISIBILITIES} "
                "(PL-PROTO-5).")
        moves.append((seat, action))
        states.append(recorder.state)
        assert len(moves) <= ruleset.max_steps, (
            f"{ruleset.id} seed {seed}: no outcome after max_steps = {ruleset.max_steps} "
            "actions.")
    return Playout(states, moves, recorder.replay())


def check_playouts_end(ruleset: Ruleset, seeds: Iterable[int], options: Any = None) -> None:
    """Seeded random playouts reach an outcome within `max_steps` (PL-SHARED-6)."""
    for seed in seeds:
        game = play(ruleset, seed, options)
        outcome = ruleset.outcome(game.states[-1])
        assert outcome is not None
        assert outcome.result in ("win", "draw"), (
            f"{ruleset.id} seed {seed}: a played game ended with result {outcome.result!r}.")
        for winner in outcome.winners:
            assert winner in range(len(game.replay.header.decks)), (
                f"{ruleset.id}: winner {winner} is not a seat.")


def _junk() -> list[Any]:
    return [None, [], "play", 1, {}, {"type": None}, {"type": "no-such-move"},
            {"type": ["bid"]}, {"kind": "play"}]


def mutations(action: Action) -> list[Any]:
    """Actions near a legal one: each field removed, blanked, retyped or shifted far, and an
    extra field added."""
    out: list[Any] = [{**action, "extra": 1}]
    for key, value in action.items():
        out.append({k: v for k, v in action.items() if k != key})
        out.append({**action, key: None})
        out.append({**action, key: [value]})
        if type(value) is int:
            out += [{**action, key: value + 1000}, {**action, key: -1 - value},
                    {**action, key: str(value)}, {**action, key: float(value) + 0.5}]
        elif isinstance(value, str):
            out += [{**action, key: value + "-x"}, {**action, key: 7}]
    return out


def _fingerprint(ruleset: Ruleset, state: State) -> str:
    return canonical_json(ruleset.to_json(state))


def check_refusals(ruleset: Ruleset, game: Playout, every: int = 1) -> None:
    """`apply` refuses junk, mutated legal actions and moves of seats not to act with
    IllegalAction, and leaves the state unchanged, random source included (PL-PROTO-5).
    The state is compared once after all its refusals (the costly part is writing it out);
    when anything went wrong they are tried again one at a time on a fresh copy, so that the
    message names the first refusal that changed or accepted something."""
    seats = range(len(game.replay.header.decks))
    for index, state in enumerate(game.states[::every]):
        before = _fingerprint(ruleset, state)
        deciding = ruleset.to_act(state)
        legal_by_seat = {s: ruleset.legal_actions(state, s) for s in seats}
        tries: list[tuple[Seat, Any]] = []
        for seat in seats:
            legal = legal_by_seat[seat]
            tries += [(seat, junk) for junk in _junk()]
            for action in legal[:6]:
                tries += [(seat, m) for m in mutations(action)]
            if seat not in deciding:
                for other in deciding:
                    tries += [(seat, a) for a in legal_by_seat[other][:3]]
        texts = {seat: {canonical_json(a) for a in legal_by_seat[seat]} for seat in seats}
        tries = [(seat, action) for seat, action in tries
                 if not _is_legal_text(action, texts[seat])]
        where = f"{ruleset.id} state {index * every}"
        try:
            for seat, action in tries:
                _refused(ruleset, state, seat, action, where)
            if _fingerprint(ruleset, state) == before:
                continue
            failure: AssertionError | None = None
        except AssertionError as error:
            failure = error
        fresh = ruleset.from_json(json.loads(before))
        for seat, action in tries:
            _refused(ruleset, fresh, seat, action, where)
            assert _fingerprint(ruleset, fresh) == before, (
                f"{where}: refusing {action!r} changed the state (PL-PROTO-5).")
        raise failure or AssertionError(
            f"{where}: refusing illegal actions changed the state (PL-PROTO-5).")


def _refused(ruleset: Ruleset, state: State, seat: Seat, action: Any, where: str) -> None:
    """`apply` raises IllegalAction for this action, and no other error."""
    try:
        ruleset.apply(state, seat, action)
    except IllegalAction:
        return
    except Exception as err:  # the point is to name the wrong error
        raise AssertionError(
            f"{where}: seat {seat} {action!r} raised {type(err).__name__}: {err}, not "
            "IllegalAction (PL-PROTO-5).") from err
    raise AssertionError(
        f"{where}: seat {seat} {action!r} is not a legal action but was accepted "
        "(PL-PROTO-5).")


def _is_legal_text(action: Any, texts: set[str]) -> bool:
    """Whether the action's JSON text is one of `texts` (so True is not taken for 1)."""
    try:
        return canonical_json(action) in texts
    except (TypeError, ValueError):
        return False


def check_json_round_trip(ruleset: Ruleset, game: Playout) -> None:
    """to_json(from_json(to_json(s))) == to_json(s) through JSON text (PL-STATE-2)."""
    for index, state in enumerate(game.states):
        doc = ruleset.to_json(state)
        text = json.dumps(doc)
        again = ruleset.to_json(ruleset.from_json(json.loads(text)))
        assert canonical_json(again) == canonical_json(doc), (
            f"{ruleset.id} state {index}: the JSON does not round-trip (PL-STATE-2).")
        _no_floats(doc, f"{ruleset.id} state {index}")


def _no_floats(doc: Any, where: str) -> None:
    if isinstance(doc, float):
        raise AssertionError(f"{where}: the state JSON holds a float {doc!r} (PL-STATE-2).")
    if isinstance(doc, dict):
        for value in doc.values():
            _no_floats(value, where)
    elif isinstance(doc, list):
        for value in doc:
            _no_floats(value, where)


ResampleHidden = Callable[[State, "Seat | None", Rng], State]


def check_views_hide(ruleset: Ruleset, game: Playout, seed: int, every: int = 1) -> None:
    """Views hold nothing hidden: refilling what a viewer cannot see (`resample_hidden`)
    leaves that viewer's view unchanged, for every seat and the replay view, and a seat's
    legal actions too (they reach the player as buttons and API answers) (PL-VIEW-1,
    PL-SHARED-6). A game with a fog of war (an option `fog`) must also move what stands where
    the viewer cannot see to other plausible places (`resample_fog`); views and legal
    actions must not change with it either, and the playouts must give it something to move
    (issue 38)."""
    rng = Rng.from_seed(seed, stream=PLAYOUT_STREAM + 1)
    viewers: list[Seat | None] = [*range(len(game.replay.header.decks)), None]
    redraws: list[tuple[str, ResampleHidden]] = [
        ("its hidden zones are redrawn", ruleset.resample_hidden)]
    if _has_fog(ruleset):
        redraws.append(("what stands in its fog is moved", partial(_moved_in_fog, ruleset)))
    counts = {name: 0 for name, _ in redraws}
    for index, state in enumerate(game.states[::every]):
        before = _fingerprint(ruleset, state)
        for viewer in viewers:
            view = canonical_json(ruleset.view(state, viewer))
            legal = (canonical_json(ruleset.legal_actions(state, viewer))
                     if viewer is not None else "")
            for what, redraw in redraws:
                other = redraw(state, viewer, rng)
                counts[what] += _fingerprint(ruleset, other) != before
                assert canonical_json(ruleset.view(other, viewer)) == view, (
                    f"{ruleset.id} state {index * every}: the view of "
                    f"{'the replay' if viewer is None else f'seat {viewer}'} changes when "
                    f"{what}: it shows hidden data (PL-VIEW-1).")
                if viewer is not None:
                    assert canonical_json(ruleset.legal_actions(other, viewer)) == legal, (
                        f"{ruleset.id} state {index * every}: seat {viewer}'s legal actions "
                        f"change when {what}: they tell hidden data.")
        assert _fingerprint(ruleset, state) == before, (
            f"{ruleset.id}: resampling changed the state it was given.")
    assert counts[redraws[0][0]] or not ruleset.hides_information, (
        f"{ruleset.id}: resample_hidden never changed anything (a game that hides "
        "information redraws it; one of perfect information says hides_information = False).")
    for what, _ in redraws[1:]:
        assert counts[what], (
            f"{ruleset.id}: the playout never changed anything when {what}, so the check "
            "proved nothing.")


def _moved_in_fog(ruleset: Ruleset, state: State, viewer: Seat | None, rng: Rng) -> State:
    """`resample_fog` of a game with a fog of war, which must have one."""
    moved = ruleset.resample_fog(state, viewer, rng)
    assert moved is not None, (
        f"{ruleset.id} has a fog of war but no resample_fog(state, viewer, rng): its views "
        "cannot be checked for what stands in the fog (PL-SHARED-6).")
    return moved


def _has_fog(ruleset: Ruleset) -> bool:
    """Whether the ruleset's options have a fog of war (a field named `fog`)."""
    return any(field.name == "fog" for field in dataclasses.fields(ruleset.options_type))


def check_replay(ruleset: Ruleset, game: Playout) -> None:
    """The playout's replay verifies, survives JSON, and a changed hash is found at its
    step (PL-STATE-3)."""
    rulesets = {ruleset.id: ruleset}
    replay = Replay.from_json(json.loads(json.dumps(game.replay.to_json())))
    assert replay == game.replay, f"{ruleset.id}: the replay does not survive its JSON."
    report = verify(replay, rulesets)
    assert report.ok, f"{ruleset.id}: the playout's own replay does not verify: {report}."
    hashes = [state_hash(ruleset, s) for s in game.states[1:]]
    assert [s.hash_after for s in replay.steps] == hashes
    if replay.steps:
        middle = len(replay.steps) // 2
        bad = replay.steps[middle]
        tampered = Replay(replay.header, (
            *replay.steps[:middle], Step(bad.seat, bad.kind, bad.action, "0" * 64),
            *replay.steps[middle + 1:]))
        report = verify(tampered, rulesets)
        assert (report.status, report.step) == ("drifted", middle), (
            f"{ruleset.id}: a changed hash at step {middle} gives {report}.")
    old = Replay(ReplayHeader(**{**_header_fields(replay.header),
                                 "version": ruleset.version + 1}), replay.steps)
    assert verify(old, rulesets).status == "stale"


def _header_fields(header: ReplayHeader) -> dict[str, Any]:
    return {"ruleset": header.ruleset, "version": header.version, "options": header.options,
            "decks": header.decks, "seats": header.seats, "seed": header.seed}


def check_determinism(ruleset: Ruleset, game: Playout) -> None:
    """The same seed and actions give the same hashes (PL-PROTO-1, PL-STATE-1)."""
    header = game.replay.header
    again = Recorder(ruleset, ruleset.options_from_json(header.options), list(header.decks),
                     header.seed)
    assert state_hash(ruleset, again.state) == state_hash(ruleset, game.states[0]), (
        f"{ruleset.id}: the same seed gives another initial state (PL-PROTO-1).")
    for seat, action in game.moves:
        again.act(seat, action)
    assert again.replay().steps == game.replay.steps, (
        f"{ruleset.id}: the same actions give other hashes (PL-PROTO-1).")


def check_platform_ends(ruleset: Ruleset, game: Playout) -> None:
    """Surrender, abort and abandon end a running game with the platform's end types
    (PL-PROTO-6, PL-PROTO-8) and leave the state they were given unchanged."""
    state = game.states[len(game.states) // 2]
    if ruleset.outcome(state) is not None:
        return
    before = _fingerprint(ruleset, state)
    seats = len(game.replay.header.decks)
    for after, end_type in ((ruleset.resign(state, 0), "surrender"),
                            (ruleset.end(state, "abort", ()), "abort"),
                            (ruleset.end(state, "abandon", (seats - 1,)), "abandon")):
        outcome = ruleset.outcome(after)
        assert outcome is not None and outcome.end_type == end_type, (
            f"{ruleset.id}: {end_type} gives outcome {outcome}.")
        assert ruleset.to_act(after) == frozenset()
    assert ruleset.outcome(ruleset.end(state, "abort", ())).winners == ()  # type: ignore[union-attr]
    assert _fingerprint(ruleset, state) == before, f"{ruleset.id}: ending changed the state."


def check_sides(ruleset: Ruleset, options: Any = None) -> None:
    """The ready-made sides the balance lab plays (issues 32-35) have names, and every two
    of them, on the fewest seats, start a game that someone can move in."""
    sides = ruleset.sides()
    assert sides, f"{ruleset.id}: no ready-made sides."
    assert all(side.name.strip() for side in sides), f"{ruleset.id}: a side without a name."
    options = ruleset.options_from_json({}) if options is None else options
    seats = ruleset.seats.start
    for first in range(len(sides)):
        seated = [sides[(first + k) % len(sides)] for k in range(seats)]
        state = ruleset.side_game(options, seated, 1 + first)
        assert ruleset.outcome(state) is None and ruleset.to_act(state), (
            f"{ruleset.id}: sides {[s.name for s in seated]} start a game nobody can move in.")


def check_all(ruleset: Ruleset, seeds: Iterable[int], options: Any = None,
              every: int = 1) -> None:
    """Every check on playouts from `seeds` (each state, or every `every`-th for the costly
    checks)."""
    check_sides(ruleset, options)
    for seed in seeds:
        game = play(ruleset, seed, options)
        check_refusals(ruleset, game, every)
        check_json_round_trip(ruleset, game)
        check_views_hide(ruleset, game, seed, every)
        check_replay(ruleset, game)
        check_determinism(ruleset, game)
        check_platform_ends(ruleset, game)
