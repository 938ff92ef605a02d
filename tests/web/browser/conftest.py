"""One Chromium and one live server per test process; a fresh browser context per test.

The live server is uvicorn running the real ASGI application (HTTP, static files and
WebSockets) in a thread, on a free port, against this process's test database. Tests use
the transactional database so that what they store is visible to the server's threads.

Playwright's sync API leaves its event loop marked as running in the main thread, which
makes Django refuse ORM calls there ("async context"). The loop is therefore attached only
while a browser test runs (with DJANGO_ALLOW_ASYNC_UNSAFE set for the test's own setup
code) and detached afterwards, so the other tests of this process are not affected.
"""

from __future__ import annotations

import asyncio
import os
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from playwright.sync_api import expect

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
TIMEOUT_MS = 30_000
"""How long a click or an assertion waits: generous, because on a busy 2-core CI machine the
computer's search bots and five game systems' journeys share the CPU with the live server."""
expect.set_options(timeout=TIMEOUT_MS)


@dataclass
class LiveSite:
    """The running server."""

    url: str
    server: Any
    thread: threading.Thread


@pytest.fixture(scope="session")
def live_site(django_db_setup: None, django_db_blocker: Any) -> Iterator[LiveSite]:
    """uvicorn serving the site on 127.0.0.1 and a free port, for this test process."""
    import uvicorn

    from marcomage.web.asgi import application

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    sock.listen(64)
    port = sock.getsockname()[1]
    config = uvicorn.Config(
        application, lifespan="off", ws="websockets-sansio", log_level="warning",
        access_log=False,
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(
        target=server.run, kwargs={"sockets": [sock]}, name="live-site", daemon=True
    )
    thread.start()
    deadline = time.monotonic() + 15
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the live server did not start")
        time.sleep(0.02)
    yield LiveSite(f"http://127.0.0.1:{port}", server, thread)
    server.should_exit = True
    thread.join(timeout=10)
    sock.close()


class Chromium:
    """The process's one browser, and the Playwright loop it runs on."""

    def __init__(self) -> None:
        from playwright.sync_api import sync_playwright

        if not os.path.exists(CHROMIUM):
            pytest.fail(f"{CHROMIUM} is missing: run `bash scripts/ensure-chromium.sh`")
        self.playwright = sync_playwright().start()
        self.browser = self.playwright.chromium.launch(
            executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
        )
        self.loop = asyncio.events._get_running_loop()
        self.detach()

    def attach(self) -> None:
        """Mark Playwright's loop as this thread's running loop again."""
        asyncio.events._set_running_loop(self.loop)

    def detach(self) -> None:
        """Let this thread run synchronous Django code again."""
        asyncio.events._set_running_loop(None)

    def close(self) -> None:
        """Close the browser and stop Playwright."""
        self.attach()
        try:
            self.browser.close()
            self.playwright.stop()
        finally:
            self.detach()


@pytest.fixture(scope="session")
def chromium() -> Iterator[Chromium]:
    """Start Chromium once per test process."""
    found = Chromium()
    yield found
    found.close()


@pytest.fixture
def browser_test(transactional_db: None, chromium: Chromium) -> Iterator[Chromium]:
    """Attach Playwright for the duration of one test; detach before the database is flushed."""
    chromium.attach()
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        yield chromium
    finally:
        os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        chromium.detach()
        settle_the_computer()


def settle_the_computer() -> None:
    """Let every computer worker of this test finish before the database is flushed: game ids
    start again in the next test, and a worker still thinking about game 16 of this test
    would otherwise take the next test's game 16 for its own (one worker per game id)."""
    from marcomage.web.games import computer

    computer.wait(timeout=60)


@pytest.fixture
def new_page(browser_test: Chromium, live_site: LiveSite) -> Iterator[Any]:
    """A factory of pages, each in its own context (its own cookies), closed after the test."""
    contexts: list[Any] = []
    violations: list[str] = []

    def watch(message: Any) -> None:
        if "Content Security Policy" in message.text:
            violations.append(message.text)

    def make(**options: Any) -> Any:
        context = browser_test.browser.new_context(base_url=live_site.url, **options)
        context.set_default_timeout(TIMEOUT_MS)
        contexts.append(context)
        found = context.new_page()
        found.on("console", watch)
        return found

    yield make
    for context in contexts:
        context.close()
    # Every journey doubles as a Content-Security-Policy check (issue 23, docs/security.md).
    assert violations == [], violations[:5]


@pytest.fixture
def page(new_page: Any) -> Any:
    """One page in a fresh context."""
    return new_page()
