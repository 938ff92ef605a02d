"""DATABASE_URL read into Django's database settings (settings.database)."""

from __future__ import annotations

from pathlib import Path

from marcomage.web.settings import database


def test_a_postgres_url_names_its_server_user_and_database(tmp_path: Path) -> None:
    found = database("postgres://site:secret@db.example:5433/marcomage", tmp_path)
    assert (found["ENGINE"], found["HOST"], found["PORT"], found["USER"], found["PASSWORD"],
            found["NAME"]) == ("django.db.backends.postgresql", "db.example", "5433", "site",
                               "secret", "marcomage")


def test_issue36_a_postgres_url_may_name_a_unix_socket_directory(tmp_path: Path) -> None:
    """Fourteenth pass: `?host=DIR` (libpq's way) connects through the server's Unix socket
    in DIR, the case of the path kept (a URL's host name is lower-cased)."""
    found = database("postgresql://site@/marcomage?host=/tmp/Services-Ab/pg&port=5432",
                     tmp_path)
    assert (found["HOST"], found["PORT"], found["NAME"], found["USER"]) == (
        "/tmp/Services-Ab/pg", "5432", "marcomage", "site")
