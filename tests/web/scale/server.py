"""`marcomage serve` as a separate process against this test process's database (SQLite
file or PostgreSQL test database), so a test can kill it, restart it, or run several."""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any
from urllib.parse import quote

from django.conf import settings
from django.db import connection


def database_url() -> str:
    """The URL of the database the tests use now (pytest-django's test database)."""
    found = settings.DATABASES["default"]
    name = str(connection.settings_dict["NAME"])
    if connection.vendor == "sqlite":
        return f"sqlite:///{Path(name).resolve()}"
    user = quote(str(found.get("USER") or ""))
    password = f":{quote(str(found['PASSWORD']))}" if found.get("PASSWORD") else ""
    return (f"postgres://{user}{password}@{found.get('HOST') or '127.0.0.1'}:"
            f"{found.get('PORT') or 5432}/{quote(name)}")


class Served:
    """One `marcomage serve` process; `url` once it listens."""

    def __init__(self, data_dir: Path, *, port: int = 0, redis: str | None = None,
                 env: dict[str, str] | None = None) -> None:
        self.data_dir = data_dir
        self.port = port
        self.redis = redis
        self.extra = env or {}
        self.process: subprocess.Popen[str] | None = None
        self.url = ""
        self.log_path = data_dir / "server.log"
        data_dir.mkdir(parents=True, exist_ok=True)
        self.log = self.log_path.open("a")

    def environment(self) -> dict[str, str]:
        kept = {key: value for key, value in os.environ.items()
                if key not in {"DJANGO_SETTINGS_MODULE", "DATABASE_URL", "REDIS_URL",
                               "DJANGO_ALLOW_ASYNC_UNSAFE", "DEBUG"}}
        kept.update(MARCOMAGE_DATA_DIR=str(self.data_dir), DATABASE_URL=database_url(),
                    SECRET_KEY=settings.SECRET_KEY, LOG_LEVEL="WARNING",
                    PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
        if self.redis:
            kept["REDIS_URL"] = self.redis
        kept.update(self.extra)
        return kept

    def start(self, timeout: float = 60) -> str:
        """Start it and wait for its address line."""
        self.process = subprocess.Popen(
            [sys.executable, "-m", "marcomage.cli", "serve", "--no-migrate",
             "--port", str(self.port)],
            stdout=subprocess.PIPE, stderr=self.log, text=True,
            env=self.environment())
        assert self.process.stdout is not None
        deadline = time.monotonic() + timeout
        line = self.process.stdout.readline()
        found = re.fullmatch(r"MArcomage is running at (http://127\.0\.0\.1:(\d+)/)\n", line)
        assert found and time.monotonic() < deadline, (line, self.log_path.read_text()[-3000:])
        self.url = found.group(1).rstrip("/")
        self.port = int(found.group(2))  # a restart listens on the same port
        return self.url

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs."""
        self._end(signal.SIGKILL)

    def stop(self) -> None:
        self._end(signal.SIGTERM)

    def _end(self, how: Any) -> None:
        if self.process is None:
            return
        if self.process.poll() is None:
            self.process.send_signal(how)
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=5)
        if self.process.stdout is not None:
            self.process.stdout.close()
        self.process = None

    def close(self) -> None:
        """Stop it and close its log."""
        self.stop()
        self.log.close()


class RedisServer:
    """A private redis-server on a free loopback port (scripts/ensure-redis.sh installs
    Debian's package; `make test` runs it first), which a test may kill and restart."""

    def __init__(self, data_dir: Path) -> None:
        self.data_dir = data_dir
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        self.process = subprocess.Popen(
            [shutil.which("redis-server") or "/usr/bin/redis-server", "--bind", "127.0.0.1",
             "--port", str(self.port), "--save", "", "--appendonly", "no",
             "--dir", str(self.data_dir)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1) as probe:
                    probe.sendall(b"PING\r\n")
                    if probe.recv(16).startswith(b"+PONG"):
                        return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def kill(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait(timeout=10)
            self.process = None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])
