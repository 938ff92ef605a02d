"""Starting games quickly in tests: ready decks, a known seed, a game of alice against bob."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any
from unittest import mock

from django.test import TestCase

from marcomage.games import RULESETS
from marcomage.platform.replay import Replay, ReplayHeader, VerifyReport, verify
from marcomage.platform.replay import Step as ReplayStep
from marcomage.web.decks.services import ready_decks
from marcomage.web.games import lobby, services
from marcomage.web.games.models import Game, Seat, Step
from marcomage.web.games.patches import PATCH_ID, parse


@contextmanager
def committed() -> Iterator[None]:
    """Run what the block's transaction leaves for after its commit (a finished game's
    statistics, stats/receivers.py), as a served transaction would when it commits: a test's
    own transaction never does."""
    with TestCase.captureOnCommitCallbacks(execute=True):
        yield


def deck_of(user: Any, game: str = "marcomage") -> int:
    """The id of the player's first ready deck (starter decks are ready, C-DECK-4)."""
    return int(ready_decks(user, game)[0].pk)


@contextmanager
def seeded(seed: int) -> Iterator[None]:
    """Make the next games start from a known seed."""
    with mock.patch.object(lobby, "new_seed", return_value=seed):
        yield


def start(p1: Any, p2: Any, *, hidden: bool = False, friendly: bool = False,
          seed: int = 1) -> Game:
    """p1 challenges p2, who accepts: a running MArcomage game, p1 in seat 0."""
    with seeded(seed):
        game = services.challenge(p1, p2, deck_of(p1),
                                  options={"hidden": hidden, "friendly": friendly})
        return services.accept(p2, game.pk, deck_of(p2))


def seat(game: Game, number: int) -> Seat:
    """The game's seat `number`, read afresh."""
    return Seat.objects.select_related("user").get(game=game, number=number)


def to_act(game: Game) -> int | None:
    """The seat to act in a two-seat game, or None."""
    found = Seat.objects.filter(game=game, to_act=True).values_list("number", flat=True)
    return found[0] if found else None


def to_move(game: Game) -> tuple[Any, Any]:
    """(player to move, the other one) in a two-seat game."""
    game.refresh_from_db()
    mover = to_act(game)
    assert mover is not None, "nobody is to move"
    return seat(game, mover).user, seat(game, 1 - mover).user


def pages_opened(game: Game, users: Sequence[Any]) -> tuple[dict[int, Any], dict[int, str]]:
    """Each player's game page opened: its socket's first message (with what it sent, as
    `consumers.socket_message` gives it), and the board that message shows, by player id."""
    from marcomage.web.games import consumers

    sent = {u.pk: consumers.socket_message(game.pk, u.pk, None) for u in users}
    shown = {u.pk: found[0] for u, found in zip(users, sent.values(), strict=True) if found}
    return sent, shown


def discard(user: Any, game: Game, pos: int = 1) -> Game:
    """The user discards the card at `pos` against the game's current version."""
    game.refresh_from_db()
    return services.act(user, game.pk, game.version, {"type": "discard", "pos": pos})


def replay_of(game: Game) -> Replay:
    """The platform replay the game's rows make (PL-STATE-3): header from the game and its
    seats, one step per Step row."""
    seats = list(Seat.objects.filter(game=game).select_related("user").order_by("number"))
    header = ReplayHeader(game.ruleset, game.ruleset_version, dict(game.options),
                          tuple(s.deck_doc for s in seats),
                          tuple(s.user.username for s in seats), int(game.seed))
    steps = tuple(ReplayStep(None if s.kind in ("abort", "abandon") else s.seat, s.kind,
                             s.action, s.hash_after, tuple(s.winners))
                  for s in Step.objects.filter(game=game).order_by("index"))
    return Replay(header, steps)


def verified(game: Game) -> VerifyReport:
    """Re-simulate the game from its rows and compare every stored hash."""
    return verify(replay_of(game), RULESETS)


def patched(shown: str, message: str, answer: str | None = None) -> str:
    """The board a page shows after a socket's `message` (issue 36: a patch of the board it
    showed, `shown`, or a whole board), as text, as game.js applies a patch. Every entry
    of a patch must be a piece of the result, so a test that checks the result checks
    everything the patch carried. A note of the version (the seat's own move) leaves the
    board that move's `answer` brought, which must be of that version."""
    if not message.startswith(f'<template id="{PATCH_ID}"'):
        return message
    if 'data-answered="yes"' in message:
        assert answer is not None, "a note for a page that made no move"
        to = message.split('data-to="', 1)[1].split('"', 1)[0]
        assert f'data-version="{to}"' in answer.split(">", 1)[0], (to, answer[:200])
        assert message.endswith("></template>") and message.count("<template") == 1
        return answer
    board, wrapper = parse(shown), parse(message)
    assert board is not None and wrapper is not None
    edits = []
    for entry in wrapper.children:
        start = message[entry.start:entry.head]
        content = message[entry.head:entry.inner]
        kind = next(k for k in ("head", "at", "cut") if f"data-{k}=" in start)
        path = start.split(f'data-{kind}="', 1)[1].split('"', 1)[0]
        target = board
        for step in path.split(".") if path else []:
            target = target.children[int(step)]
        assert f'data-tag="{target.name}"' in start, (start, target.name)
        if kind == "head":
            edits.append((target.start, target.head, content[:content.index(">") + 1]))
        elif kind == "at":
            edits.append((target.start, target.end, content))
        else:
            keep = int(start.split('data-keep="', 1)[1].split('"', 1)[0])
            edits.append((target.children[keep - 1].end, target.inner, content))
    text = shown
    for begin, end, content in sorted(edits, reverse=True):
        text = text[:begin] + content + text[end:]
    for _begin, _end, content in edits:
        assert content in text, content[:80]
    return text
