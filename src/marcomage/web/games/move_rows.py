"""The rows a move writes and a game page's socket reads, in hand-written SQL (issue 36).

A move's UPDATE of the game, INSERT of its step and UPDATE of the seats' turns, and the
socket's one-query "marks", cost ~4 ms of the ORM's work per move (building and compiling
expressions such as F, Case and Subquery) against ~0.3 ms running the SQL. Here each is one
fixed statement with parameters. Values go through the model fields' own adapters
(`get_db_prep_save`), so JSON and dates are stored exactly as the ORM stores them, on SQLite
and on PostgreSQL alike; the statements use only SQL both understand.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from datetime import UTC, datetime
from functools import lru_cache
from typing import Any

from django.conf import settings
from django.db import connection
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from .models import ChatMessage, Game, Seat, Status, Step

STARTED = (str(Status.RUNNING), str(Status.FINISHED))


def _q(name: str) -> str:
    return str(connection.ops.quote_name(name))


def _column(model: Any, field: str) -> str:
    return _q(model._meta.get_field(field).column)


def _table(model: Any) -> str:
    return _q(model._meta.db_table)


def _prep(model: Any, field: str, value: Any) -> Any:
    """`value` as the ORM would send it for `model.field` (JSON, dates, booleans)."""
    return model._meta.get_field(field).get_db_prep_save(value, connection)


def as_datetime(value: Any) -> datetime | None:
    """A date read by raw SQL as the ORM reads it (SQLite returns text, naive UTC)."""
    if value is None:
        return None
    found = value if isinstance(value, datetime) else parse_datetime(str(value))
    if found is None:
        return None
    if settings.USE_TZ and timezone.is_naive(found):
        found = timezone.make_aware(found, UTC)
    return found


@lru_cache(maxsize=64)
def _update_sql(vendor: str, names: tuple[str, ...]) -> str:
    sets = [f"{_column(Game, name)} = %s" for name in names]
    ver = _column(Game, "version")
    return (f"UPDATE {_table(Game)} SET {', '.join(sets)}, {ver} = {ver} + 1 "
            f"WHERE {_column(Game, 'id')} = %s AND {ver} = %s")


def update_game(game_id: int, version: int, fields: Mapping[str, Any]) -> int:
    """Write `fields` to the game and raise its version by one, only if it is still at
    `version`: how many rows changed (0: another move came first)."""
    sql = _update_sql(connection.vendor, tuple(fields))
    params = [_prep(Game, name, value) for name, value in fields.items()]
    with connection.cursor() as cursor:
        cursor.execute(sql, [*params, game_id, version])
        return int(cursor.rowcount)


@lru_cache(maxsize=64)
def _insert_sql(vendor: str, names: tuple[str, ...]) -> str:
    index, game = _column(Step, "index"), _column(Step, "game")
    columns = [game, index, *(_column(Step, name) for name in names)]
    values = ["%s", f"(SELECT COALESCE(MAX({index}), 0) + 1 FROM {_table(Step)} "
                    f"WHERE {game} = %s)", *("%s" for _ in names)]
    return f"INSERT INTO {_table(Step)} ({', '.join(columns)}) VALUES ({', '.join(values)})"


def insert_step(game_id: int, fields: Mapping[str, Any]) -> None:
    """Insert the game's next step; its index (1, 2, ... without gaps) is counted by the
    INSERT itself, after the caller's UPDATE took the game's row."""
    sql = _insert_sql(connection.vendor, tuple(fields))
    params = [game_id, game_id, *(_prep(Step, name, value) for name, value in fields.items())]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)


def set_turns(game_id: int, acting: Collection[int]) -> None:
    """Mark the seats in `acting` as to act and the others not."""
    to_act, number = _column(Seat, "to_act"), _column(Seat, "number")
    if acting:
        marks = ", ".join("%s" for _ in acting)
        value = f"CASE WHEN {number} IN ({marks}) THEN %s ELSE %s END"
        params: list[Any] = [*sorted(acting), True, False]
    else:
        value, params = "%s", [False]
    sql = f"UPDATE {_table(Seat)} SET {to_act} = {value} WHERE {_column(Seat, 'game')} = %s"
    with connection.cursor() as cursor:
        cursor.execute(sql, [*params, game_id])


@lru_cache(maxsize=4)
def _marks_sql(vendor: str) -> str:
    game, seat, chat = _table(Game), _table(Seat), _table(ChatMessage)
    return (
        f"SELECT g.{_column(Game, 'version')}, g.{_column(Game, 'status')}, "
        f"(SELECT c.{_column(ChatMessage, 'id')} FROM {chat} c "
        f"WHERE c.{_column(ChatMessage, 'game')} = g.{_column(Game, 'id')} "
        f"ORDER BY c.{_column(ChatMessage, 'id')} DESC LIMIT 1), "
        f"g.{_column(Game, 'created')}, s.{_column(Seat, 'number')} "
        f"FROM {seat} s JOIN {game} g ON g.{_column(Game, 'id')} = s.{_column(Seat, 'game')} "
        f"WHERE s.{_column(Seat, 'game')} = %s AND s.{_column(Seat, 'user')} = %s "
        f"AND s.{_column(Seat, 'left')} = %s AND g.{_column(Game, 'status')} IN (%s, %s) "
        f"LIMIT 1")


def seat_marks(game_id: int, user_id: int) -> tuple[int, str, int, datetime | None, int] | None:
    """(version, status, latest chat line id or 0, the game's start, seat number) of the
    player's own seat in a started game he has not left, or None."""
    sql = _marks_sql(connection.vendor)
    with connection.cursor() as cursor:
        cursor.execute(sql, [game_id, user_id, False, *STARTED])
        row = cursor.fetchone()
    if row is None:
        return None
    version, status, chat_id, created, number = row
    return int(version), str(status), int(chat_id or 0), as_datetime(created), int(number)
