"""A `marcomage serve` process for the fault benchmarks, with players logged in by sessions
written straight to the store (a password hash per log-in would only time the hash).

The database is the one DATABASE_URL names (SQLite in a temporary directory when unset);
the server runs with the given environment and logs to `server.log` in its data directory.
"""

from __future__ import annotations

import os
import re
import secrets
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

SECRET = "fault-benchmark-" + "x" * 40


def prepare(work: Path) -> dict[str, str]:
    """Set Django up in this process against the benchmark's database, migrated; the
    environment the server is to run with."""
    env = {key: value for key, value in os.environ.items() if key != "DJANGO_SETTINGS_MODULE"}
    env.setdefault("DATABASE_URL", f"sqlite:///{work / 'site.sqlite3'}")
    (work / "var").mkdir(exist_ok=True)
    env.update(MARCOMAGE_DATA_DIR=str(work / "var"), LOG_LEVEL="WARNING", SECRET_KEY=SECRET,
               PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    os.environ.update(DATABASE_URL=env["DATABASE_URL"], MARCOMAGE_DATA_DIR=str(work / "var"),
                      SECRET_KEY=SECRET, DJANGO_SETTINGS_MODULE="marcomage.web.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", interactive=False, verbosity=0)
    return env


def player(name: str) -> tuple[Any, dict[str, str]]:
    """A new player and the cookies of a logged-in session of his."""
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore

    from marcomage.web.accounts.models import User

    user = User.objects.create_user(name, None)
    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    return user, {"sessionid": str(session.session_key), "csrftoken": secrets.token_hex(16)}


class Server:
    """`marcomage serve --workers N` on a free port; `url` once it listens."""

    def __init__(self, work: Path, env: dict[str, str], workers: int) -> None:
        self.log_path = work / "server.log"
        self.log = self.log_path.open("w")
        command = [sys.executable, "-m", "marcomage.cli", "serve", "--no-migrate", "--port", "0"]
        if workers > 1:
            command += ["--workers", str(workers)]
        self.process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE,
                                        stderr=self.log, text=True)
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        found = re.search(r"(http://\S+?)/?$", line.strip())
        if not found:
            raise RuntimeError(f"the server did not start: {line!r}")
        self.url = found.group(1)
        time.sleep(2 + workers)  # the workers import the site

    def tracebacks(self) -> int:
        """How many tracebacks the server's log holds."""
        return self.log_path.read_text().count("Traceback")

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=5)
        self.log.close()


def workdir() -> Path:
    return Path(tempfile.mkdtemp(prefix="marcomage-faults-"))
