"""Adding one finished game to the running totals, exactly once, right after the transaction
that stores the game's end: its facts read first (a replay), then one upsert statement per
table in a short transaction, so counting stays cheap however many games are already
counted."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from django.db import connection, models, transaction

from marcomage.web.games.models import Game, Status
from marcomage.web.replays.services import NoReplay, replay_of

from .facts import GameFacts, facts_of
from .models import CardTotal, CardUse, Counted, DayTotal, ExpPoint, SystemTotal, Versus

RESULT_FIELD = {"win": "wins", "loss": "losses", "draw": "draws"}


def add_up(model: type[models.Model], keys: Sequence[str], counters: Sequence[str],
           rows: Iterable[Sequence[Any]]) -> None:
    """Add `rows` (key values, then counter values) to the model's counters, creating the
    rows that do not exist yet: INSERT ... ON CONFLICT DO UPDATE (SQLite and PostgreSQL)."""
    rows = list(rows)
    if not rows:
        return
    table = model._meta.db_table
    columns = [*keys, *counters]
    one = "(" + ", ".join(["%s"] * len(columns)) + ")"
    updates = ", ".join(f"{c} = {table}.{c} + excluded.{c}" for c in counters)
    sql = (f"INSERT INTO {table} ({', '.join(columns)}) VALUES {', '.join([one] * len(rows))} "
           f"ON CONFLICT ({', '.join(keys)}) DO UPDATE SET {updates}")
    with connection.cursor() as cursor:
        cursor.execute(sql, [value for row in rows for value in row])


def add_facts(facts: GameFacts) -> None:
    """Add one game's facts to every total."""
    ruleset = facts.ruleset
    add_up(SystemTotal, ("ruleset",), ("games", "seats"), [(ruleset, 1, len(facts.seats))])
    cards: dict[str, list[int]] = {}
    for seat in facts.seats:
        for card in seat.cards:
            counts = cards.setdefault(card, [0, 0, 0, 0])
            counts[0] += 1
            if seat.result in RESULT_FIELD:
                counts[1 + ("win", "loss", "draw").index(seat.result)] += 1
    add_up(CardTotal, ("ruleset", "card"), ("seats", "wins", "losses", "draws"),
           [(ruleset, card, *counts) for card, counts in sorted(cards.items())])
    add_up(CardUse, ("ruleset", "card", "verb"), ("count",),
           [(ruleset, card, verb, n) for (card, verb), n in sorted(facts.uses.items())])
    add_up(DayTotal, ("ruleset", "day", "end_type"), ("games", "rounds"),
           [(ruleset, facts.day, facts.end_type, 1, facts.rounds)])
    versus = []
    for seat in facts.seats:
        if seat.user_id is None or seat.result not in RESULT_FIELD:
            continue
        for other in facts.seats:
            if other is not seat and other.user_id is not None and other.user_id != seat.user_id:
                versus.append((ruleset, seat.user_id, other.user_id,
                               int(seat.result == "win"), int(seat.result == "loss"),
                               int(seat.result == "draw")))
    add_up(Versus, ("ruleset", "player_id", "opponent_id"), ("wins", "losses", "draws"),
           versus)


def count_game(game: Game) -> bool:
    """Add a finished game to the totals unless it is counted already; returns whether it
    was added now."""
    facts = uncounted_facts(game)
    return facts is not None and add_counted(game, facts)


def uncounted_facts(game: Game) -> GameFacts | None:
    """A finished, not yet counted game's facts (None otherwise). Its card uses need a
    replay: a game without one counts without them. Read outside any transaction, so that
    the replay holds no write lock (issue 36)."""
    if game.status != Status.FINISHED or not game.outcome:
        return None
    if Counted.objects.filter(game=game).exists():
        return None
    try:
        replay = replay_of(game)
    except NoReplay:
        replay = None
    return facts_of(game, replay)


def add_counted(game: Game, facts: GameFacts) -> bool:
    """Mark the game counted and add its facts, in one transaction, unless another counted
    it meanwhile; returns whether they were added now."""
    with transaction.atomic():
        _, created = Counted.objects.get_or_create(game=game)
        if not created:
            return False
        add_facts(facts)
        if not facts.with_cards:
            Counted.objects.filter(game=game).update(with_cards=False)
    return True


def record_exp(ruleset: str, rated: Sequence[Any], at: datetime) -> None:
    """Each rated seat's level and EXP after the game, for the EXP-over-time chart."""
    ExpPoint.objects.bulk_create([
        ExpPoint(ruleset=ruleset, player=r.user, at=at, level=r.level, exp=r.exp)
        for r in rated if getattr(r.user, "pk", None) is not None])


def count_missing() -> int:
    """Count every finished game not counted yet (games from before statistics existed, or
    one whose counting failed); returns how many were added."""
    added = 0
    counted = Counted.objects.values("game_id")
    for game in (Game.objects.filter(status=Status.FINISHED).exclude(pk__in=counted)
                 .prefetch_related("seats").order_by("pk").iterator(chunk_size=200)):
        added += count_game(game)
    return added
