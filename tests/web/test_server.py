"""`marcomage serve` for real: a separate process migrates a fresh database, prints its
address, and serves pages, static files and the WebSocket with DEBUG off."""

from __future__ import annotations

import http.cookiejar
import os
import re
import subprocess
import sys
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from websockets.sync.client import connect

from marcomage.web import server


def test_it_writes_hosts_the_way_urls_need_them() -> None:
    assert server.url_host("127.0.0.1") == "127.0.0.1"
    assert server.url_host("::1") == "[::1]"
    assert server.parser().parse_args([]).port == 8000


@pytest.fixture
def served(tmp_path: Path) -> Iterator[str]:
    env = {
        key: value for key, value in os.environ.items()
        if key not in {"DJANGO_SETTINGS_MODULE", "DATABASE_URL", "REDIS_URL", "ALLOWED_HOSTS",
                       "SECRET_KEY", "DEBUG", "DJANGO_ALLOW_ASYNC_UNSAFE"}
    }
    env["MARCOMAGE_DATA_DIR"] = str(tmp_path / "var")
    progress = (tmp_path / "stderr.txt").open("w")
    process = subprocess.Popen(
        [sys.executable, "-m", "marcomage.cli", "serve", "--port", "0"],
        stdout=subprocess.PIPE, stderr=progress, text=True, env=env,
    )
    try:
        assert process.stdout is not None
        first = process.stdout.readline()
        found = re.fullmatch(r"MArcomage is running at (http://127\.0\.0\.1:\d+/)\n", first)
        assert found, first
        yield found.group(1)
    finally:
        process.terminate()
        process.wait(timeout=10)
        if process.stdout is not None:
            process.stdout.close()
        progress.close()
    assert (tmp_path / "var" / "marcomage.sqlite3").exists()
    # Issue 31: a fresh database's migration is announced, then timed, on stderr.
    said = (tmp_path / "stderr.txt").read_text()
    assert re.search(r"migrating the database \(\d+ migrations\)", said), said
    assert "database ready in" in said
    assert (tmp_path / "var" / "secret_key").stat().st_mode & 0o077 == 0


def test_it_serves_the_site_static_files_and_the_websocket(served: str) -> None:
    jar = http.cookiejar.CookieJar()
    browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    with browser.open(served) as response:
        assert response.status == 200
        assert "Log in" in response.read().decode()
    with browser.open(served + "static/vendor/htmx-ext-ws.js") as response:
        assert "javascript" in response.headers["Content-Type"]

    with browser.open(served + "accounts/register/") as response:
        response.read()
    token = next(cookie.value for cookie in jar if cookie.name == "csrftoken")
    form = {"username": "alice", "password": "secret words", "password_again": "secret words",
            "csrfmiddlewaretoken": token}
    request = urllib.request.Request(
        served + "accounts/register/", data=urllib.parse.urlencode(form).encode(),
        headers={"Referer": served + "accounts/register/"},
    )
    with browser.open(request) as response:
        assert response.url.endswith("/settings/")
        assert "Welcome to MArcomage, alice!" in response.read().decode()

    cookies = "; ".join(f"{cookie.name}={cookie.value}" for cookie in jar)
    socket_url = served.replace("http://", "ws://") + "ws/notifications/"
    origin = served.rstrip("/")
    with connect(socket_url, additional_headers={"Cookie": cookies, "Origin": origin}) as socket:
        assert 'id="nav-icons"' in str(socket.recv(timeout=5))
