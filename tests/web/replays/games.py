"""Whole games for the replay tests: MArcomage played through the real games services (a seed
and a choice of moves fix the game), and the test-only toy recorded by the platform."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils import timezone

from marcomage.games import find_ruleset
from marcomage.platform.protocol import Action
from marcomage.platform.replay import record
from marcomage.web.games import services
from marcomage.web.games.models import Game, Seat, Status, Step
from tests.platform.toy import RULESET as TOY
from tests.web.games.helpers import committed, seat, start

STEP_LIMIT = 3000


def first(legal: list[Action], played: int) -> Action:
    """The first legal action."""
    return legal[0]


def play(game: Game, moves: int | None = None,
         choose: Callable[[list[Action], int], Action] = first) -> Game:
    """Play `moves` moves (all of them when None), each the action `choose` picks from the
    legal ones (by default the first); returns the game read afresh."""
    ruleset = find_ruleset(game.ruleset)
    played = 0
    while moves is None or played < moves:
        game.refresh_from_db()
        if game.status == Status.FINISHED:
            break
        state = ruleset.from_json(game.state)
        number = min(ruleset.to_act(state))
        action = choose(ruleset.legal_actions(state, number), played)
        with committed():  # the pushes and, at the end, the statistics
            services.act(seat(game, number).user, game.pk, game.version, action)
        played += 1
        assert played < STEP_LIMIT, "the game does not end"
    game.refresh_from_db()
    return game


def leave_all(game: Game) -> None:
    """Every player leaves the finished game (it stays, as a replay), so the same two may
    start another (C-GAME-4)."""
    for number in range(game.seats_count):
        services.leave(seat(game, number).user, game.pk)


def finished_game(p1: Any, p2: Any, *, seed: int = 1, **options: Any) -> Game:
    """p1 challenges p2 and they play the first legal action until the game ends; both then
    leave it."""
    game = play(start(p1, p2, seed=seed, **options))
    assert game.status == Status.FINISHED
    leave_all(game)
    return game


def stored_toy_game(users: list[Any], seed: int, *, finished: bool = True) -> Game:
    """A game of the test-only toy (registered by the test settings) recorded through the
    platform's Recorder (every seat plays its first legal action) and stored as the games
    section stores games: the game, its seats with their decks as committed, and each step
    with its hash. Unfinished: stopped after 2 steps."""
    decks = TOY.starter_decks()
    options = TOY.options_from_json({"tricks": 2})
    recorder = record(TOY, options, decks, seed, [u.username for u in users])
    while TOY.outcome(recorder.state) is None and (finished or len(recorder.steps) < 2):
        number = min(TOY.to_act(recorder.state))
        recorder.act(number, TOY.legal_actions(recorder.state, number)[0])
    outcome = TOY.outcome(recorder.state)
    now = timezone.now()
    game = Game.objects.create(
        ruleset=TOY.id, ruleset_version=TOY.version, options=TOY.options_to_json(options),
        format="tiny", status=Status.FINISHED if outcome else Status.RUNNING, seats_count=3,
        seed=seed, state=TOY.to_json(recorder.state), version=len(recorder.steps) + 1,
        outcome=outcome.to_json() if outcome else None,
        end_type=outcome.end_type if outcome else "", finished_at=now if outcome else None)
    for number, (user, deck) in enumerate(zip(users, decks, strict=True)):
        Seat.objects.create(game=game, number=number, user=user, deck_name=deck["name"],
                            deck_doc=dict(deck), left=bool(outcome))
    for index, step in enumerate(recorder.steps, start=1):
        Step.objects.create(game=game, index=index, seat=step.seat, kind=step.kind,
                            action=step.action, hash_after=step.hash_after)
    return game
