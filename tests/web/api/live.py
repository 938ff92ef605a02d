"""A real server (`marcomage serve --port 0` in a subprocess, fresh SQLite database) and a
browser-like client of it, for the API's end-to-end tests and the benchmark."""

from __future__ import annotations

import http.cookiejar
import json
import os
import re
import subprocess
import sys
import threading
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

CLEAN = {"DJANGO_SETTINGS_MODULE", "DATABASE_URL", "REDIS_URL", "ALLOWED_HOSTS", "SECRET_KEY",
         "DEBUG", "DJANGO_ALLOW_ASYNC_UNSAFE"}


@contextmanager
def served(data_dir: Path, extra_env: dict[str, str] | None = None) -> Iterator[str]:
    """The address of a live server on a fresh database in `data_dir`."""
    env = {key: value for key, value in os.environ.items() if key not in CLEAN}
    env["MARCOMAGE_DATA_DIR"] = str(data_dir)
    env.update(extra_env or {})
    process = subprocess.Popen(
        [sys.executable, "-m", "marcomage.cli", "serve", "--port", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
    reader: threading.Thread | None = None
    try:
        assert process.stdout is not None
        first = process.stdout.readline()
        found = re.fullmatch(r"MArcomage is running at (http://127\.0\.0\.1:\d+/)\n", first)
        assert found, first
        # Keep reading what the server prints, so a full pipe never blocks it.
        reader = threading.Thread(target=process.stdout.read, daemon=True)
        reader.start()
        yield found.group(1)
    finally:
        process.terminate()
        process.wait(timeout=10)
        # The reader ends at the pipe's end of file (the server's thinking processes follow
        # it out within a second); closing the pipe under a reader would block on its lock.
        if reader is not None:
            reader.join(timeout=10)
        if process.stdout is not None and not (reader and reader.is_alive()):
            process.stdout.close()


class Browser:
    """A person on the site: registers, then makes an API token on the Settings page."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def csrf(self) -> str:
        return next(cookie.value for cookie in self.jar if cookie.name == "csrftoken")

    def post(self, path: str, form: list[tuple[str, str]]) -> str:
        request = urllib.request.Request(
            self.base + path, data=urllib.parse.urlencode(
                [*form, ("csrfmiddlewaretoken", self.csrf())]).encode(),
            headers={"Referer": self.base + path})
        with self.opener.open(request) as response:
            return str(response.read().decode())

    def register(self, name: str) -> None:
        with self.opener.open(self.base + "accounts/register/") as response:
            response.read()
        page = self.post("accounts/register/", [("username", name), ("password", "bots play fair"),
                                               ("password_again", "bots play fair")])
        assert f"Welcome to MArcomage, {name}!" in page

    def token(self, name: str, scopes: tuple[str, ...] = ("read", "play", "decks")) -> str:
        """Make a token on the Settings page and read it from the page that shows it once."""
        page = self.post("settings/api/tokens/", [("name", name),
                                                  *[("scopes", s) for s in scopes]])
        found = re.search(r'<code id="token-secret">(mcg_[\w-]+)</code>', page)
        assert found, page
        return found.group(1)


def call(base: str, token: str, method: str, path: str, body: Any = None
         ) -> tuple[int, Any]:
    """One API request with the token: (status, JSON answer)."""
    request = urllib.request.Request(
        base + "api/v1" + path, method=method,
        data=None if body is None else json.dumps(body).encode(),
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")
