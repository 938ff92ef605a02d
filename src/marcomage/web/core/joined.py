"""Model rows read with their related rows in one SELECT built once (issue 36).

`Seat.objects.filter(...).select_related("user", "user__profile", "user__preferences")`
costs the ORM ~1.5 ms of building and compiling a four-table SELECT of some eighty columns
on every call, against ~0.1 ms for SQLite to run it; the move path runs such reads three
times per move (the session's player, the locked game's seats, the opponent's board). A
`Joined` builds the statement and the value converters once per database vendor, then each
call runs the SQL and makes the instances with `Model.from_db` and the backend's own
converters, caching the related rows exactly as `select_related` does (so `seat.user`,
`user.profile` and `user.preferences` read nothing again).

Only single-valued relations are joined: forward foreign keys and one-to-ones, and reverse
one-to-ones (`user__profile`); a missing related row gives None, as with `select_related`.
"""

from __future__ import annotations

import functools
import hashlib
import re
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import connection
from django.db.models import Field, ForeignObjectRel, Model


@dataclass(frozen=True)
class _Part:
    """One model of the SELECT: its columns' slice, converters and how it hangs on its
    parent (`link`: caches the instance on the parent and the parent on it)."""

    model: type[Model]
    attnames: tuple[str, ...]
    start: int
    converters: tuple[tuple[int, tuple[Callable[..., Any], ...], Any], ...]
    parent: int | None
    link: Field[Any, Any] | ForeignObjectRel | None


class Joined:
    """One fixed SELECT of `model` with the `related` paths joined, where `where` (SQL on
    the alias "t0" with %s parameters) holds; with `lock`, the rows are locked for the rest
    of the transaction where the database can (SELECT ... FOR UPDATE, as `select_for_update`;
    only without joins, so no related row is ever locked with them)."""

    def __init__(self, model: type[Model], related: Sequence[str], where: str, *,
                 lock: bool = False) -> None:
        self.model, self.related, self.where, self.lock = model, tuple(related), where, lock
        self._built: dict[str, tuple[str, tuple[_Part, ...]]] = {}
        self._lock = threading.Lock()

    def _build(self) -> tuple[str, tuple[_Part, ...]]:
        quote = connection.ops.quote_name
        parts: list[_Part] = []
        columns: list[str] = []
        joins: list[str] = []
        aliases: dict[str, tuple[int, type[Model]]] = {"": (0, self.model)}

        def add(model: type[Model], alias: str, parent: int | None,
                link: Field[Any, Any] | ForeignObjectRel | None) -> None:
            fields = list(model._meta.concrete_fields)
            converters = []
            for n, field in enumerate(fields):
                col = field.get_col(alias)
                found = (connection.ops.get_db_converters(col)
                         + col.get_db_converters(connection))
                if found:
                    converters.append((len(columns) + n, tuple(found), col))
            parts.append(_Part(model, tuple(f.attname for f in fields), len(columns),
                               tuple(converters), parent, link))
            columns.extend(f"{alias}.{quote(f.column)}" for f in fields)

        add(self.model, "t0", None, None)
        for path in self.related:
            head, _, name = path.rpartition("__")
            parent_index, parent_model = aliases[head]
            alias = f"t{len(parts)}"
            found = parent_model._meta.get_field(name)
            parent_alias = f"t{parent_index}"
            if isinstance(found, ForeignObjectRel):  # reverse one-to-one: profile of a user
                target = found.related_model
                joins.append(f"LEFT JOIN {quote(target._meta.db_table)} {alias} ON "
                             f"{alias}.{quote(found.field.column)} = "
                             f"{parent_alias}.{quote(parent_model._meta.pk.column)}")
            else:  # forward foreign key or one-to-one: the user of a seat
                target = found.related_model
                joins.append(f"LEFT JOIN {quote(target._meta.db_table)} {alias} ON "
                             f"{alias}.{quote(target._meta.pk.column)} = "
                             f"{parent_alias}.{quote(found.column)}")
            aliases[path] = (len(parts), target)
            add(target, alias, parent_index, found)
        sql = (f"SELECT {', '.join(columns)} FROM {quote(self.model._meta.db_table)} t0 "
               f"{' '.join(joins)} WHERE {self.where}")
        if self.lock:
            if joins:
                raise ValueError("A locking read joins no other table.")
            if connection.features.has_select_for_update:
                sql += " FOR UPDATE"
        return sql, tuple(parts)

    def _statement(self) -> tuple[str, tuple[_Part, ...]]:
        key = connection.vendor
        built = self._built.get(key)
        if built is None:
            with self._lock:
                built = self._built.setdefault(key, self._build())
        return built

    def rows(self, params: Sequence[Any]) -> list[Any]:
        """The instances of `model` where the condition holds, their related rows cached."""
        sql, parts = self._statement()
        with connection.cursor() as cursor:
            cursor.execute(sql, list(params))
            fetched = cursor.fetchall()
        return self._made(parts, fetched)

    def _made(self, parts: tuple[_Part, ...], fetched: Sequence[Sequence[Any]]) -> list[Any]:
        """The instances of the fetched rows (see `rows`)."""
        found = []
        for raw in fetched:
            row = list(raw)
            for part in parts:
                for index, converters, col in part.converters:
                    value = row[index]
                    for convert in converters:
                        value = convert(value, col, connection)
                    row[index] = value
            made: list[Model | None] = []
            for part in parts:
                values = row[part.start:part.start + len(part.attnames)]
                pk_at = part.attnames.index(part.model._meta.pk.attname)
                instance = (None if values[pk_at] is None else
                            part.model.from_db(connection.alias, list(part.attnames), values))
                made.append(instance)
                if part.parent is None or part.link is None:
                    continue
                owner = made[part.parent]
                if owner is None:
                    continue
                link = part.link
                link.set_cached_value(owner, instance)
                if instance is not None:
                    back = link.field if isinstance(link, ForeignObjectRel) else None
                    if back is not None:
                        back.set_cached_value(instance, owner)
            found.append(made[0])
        return found


def _several_at_once(cursor: Any) -> bool:
    """Whether the cursor sends a query of several statements in one round trip and gives
    each one's rows (psycopg's client-side binding cursor, Django's default on PostgreSQL,
    which sends its queries by the simple query protocol)."""
    if connection.vendor != "postgresql":
        return False
    import psycopg

    return isinstance(getattr(cursor, "cursor", None), psycopg.ClientCursor)


PREPARED = "marcomage_prepared"
"""The attribute of a psycopg connection naming the statements prepared on it."""


_texts: dict[str, str] = {}
"""The SQL of each statement prepared by name (`described`)."""


@functools.cache  # a handful of statements, named on every move
def _name(sql: str) -> str:
    """The name a statement is prepared under on PostgreSQL: its text's digest, so a
    changed statement (a new release's) is a new name on a connection that outlived it."""
    name = "marcomage_" + hashlib.sha1(sql.encode()).hexdigest()[:16]
    _texts[name] = sql
    return name


_EXECUTE = re.compile(r"EXECUTE (marcomage_[0-9a-f]{16})\(([^)]*)\)")


def described(query: str) -> str:
    """A query as run (Django's captured SQL) with each EXECUTE of a statement prepared
    here shown as that statement, its parameters in its %s places: what a test or a
    reader of the query log wants to see."""

    def text(found: re.Match[str]) -> str:
        sql = _texts.get(found.group(1))
        if sql is None:
            return found.group(0)
        values = iter(found.group(2).split(", "))
        return re.sub("%s", lambda _mark: next(values, "%s"), sql)

    return _EXECUTE.sub(text, query)


def _prepare(cursor: Any, statements: Sequence[str]) -> list[str]:
    """The names under which `statements` (SQL with %s parameters) are prepared on the
    cursor's PostgreSQL connection, preparing those it does not hold yet. Prepared
    statements last as long as the connection (the pool's connections live for many
    requests; a rollback does not drop them), so PostgreSQL parses and plans each once a
    connection instead of on every move: the seats' four-table join cost PostgreSQL
    ~0.2 ms of planning a move (issue 36, fourteenth pass). What the connection holds is
    read from `pg_prepared_statements` the first time, so a statement is never prepared
    twice on it."""
    raw = cursor.cursor.connection
    held: set[str] | None = getattr(raw, PREPARED, None)
    names = [_name(sql) for sql in statements]
    if held is None:
        # All of this site's, not only these: another statement may be prepared already.
        cursor.execute("SELECT name FROM pg_prepared_statements WHERE starts_with(name, %s)",
                       ["marcomage_"])
        held = {str(row[0]) for row in cursor.fetchall()}
        setattr(raw, PREPARED, held)
    missing = [(name, sql) for name, sql in zip(names, statements, strict=True)
               if name not in held]
    if missing:
        try:
            cursor.execute("; ".join(f"PREPARE {name} AS {_numbered(sql)}"
                                     for name, sql in dict(missing).items()))
        except BaseException:
            # Some may be prepared now (PREPARE outlives a failed transaction): read what
            # the connection holds again next time.
            setattr(raw, PREPARED, None)
            raise
        held.update(name for name, _ in missing)
    return names


def _numbered(sql: str) -> str:
    """`sql` with its %s parameters numbered as PostgreSQL's PREPARE wants them ($1...)."""
    parts = sql.split("%s")
    return "".join(part + (f"${n}" if n < len(parts) else "")
                   for n, part in enumerate(parts, 1))


def rows_together(first: Joined, first_params: Sequence[Any], second: Joined,
                  second_params: Sequence[Any]) -> tuple[list[Any], list[Any]]:
    """`first.rows(first_params)` and `second.rows(second_params)`, in one round trip to
    the database where it takes two statements at once (PostgreSQL: issue 36, fourteenth
    pass; a move's locked game and its seats, ~0.08 ms of the site's CPU less than two
    queries), else one after the other (SQLite, in the process). The statements run in
    order in the caller's transaction, as two queries would. On PostgreSQL both are
    prepared statements of the connection (`_prepare`), executed by name."""
    first_sql, first_parts = first._statement()
    second_sql, second_parts = second._statement()
    with connection.cursor() as cursor:
        if not _several_at_once(cursor):
            cursor.execute(first_sql, list(first_params))
            fetched_first = cursor.fetchall()
            cursor.execute(second_sql, list(second_params))
            fetched_second = cursor.fetchall()
        else:
            names = _prepare(cursor, (first_sql, second_sql))
            calls = [f"EXECUTE {name}({', '.join('%s' for _ in params)})"
                     for name, params in zip(names, (first_params, second_params),
                                             strict=True)]
            cursor.execute("; ".join(calls), [*first_params, *second_params])
            fetched_first = cursor.fetchall()
            if not cursor.nextset():
                raise RuntimeError("the database gave one result for two statements")
            fetched_second = cursor.fetchall()
    return first._made(first_parts, fetched_first), second._made(second_parts, fetched_second)
