"""How many database connections this process holds open, on either database: PostgreSQL's
own count of sessions on the database, or SQLite's open handles on the database file."""

from __future__ import annotations

import os
from pathlib import Path

from django.db import connection


def open_connections() -> int:
    """Connections to the test database now (not counting the one that asks, on PostgreSQL)."""
    if connection.vendor == "postgresql":
        import psycopg

        params = connection.get_connection_params()
        params.pop("cursor_factory", None)
        params.pop("context", None)
        with psycopg.connect(**params) as probe:
            row = probe.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                "AND pid <> pg_backend_pid()").fetchone()
            return int(row[0]) if row else 0
    name = Path(str(connection.settings_dict["NAME"])).resolve()
    found = 0
    for fd in os.listdir("/proc/self/fd"):
        try:
            if Path(os.readlink(f"/proc/self/fd/{fd}")) == name:
                found += 1
        except OSError:
            continue
    return found
