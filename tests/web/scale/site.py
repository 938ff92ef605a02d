"""Real HTTP against the real ASGI application: uvicorn serving it in a thread of the test
process (against the test database), players' cookie jars, and requests released together.

The scale tests (issue 23) send parallel requests through this server so that the database
sees what it sees in production: one connection per request thread, transactions racing.
"""

from __future__ import annotations

import http.client
import secrets
import socket
import threading
import time
import urllib.parse
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from django.test import Client


@contextmanager
def uvicorn_in_thread(application: Any = None) -> Iterator[str]:
    """Serve the ASGI application on 127.0.0.1 and a free port; yields the base URL."""
    import uvicorn

    if application is None:
        from marcomage.web.asgi import application
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    sock.listen(256)
    port = sock.getsockname()[1]
    config = uvicorn.Config(application, lifespan="off", ws="websockets-sansio",
                            log_level="warning", access_log=False)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]},
                              name="scale-site", daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the live server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()


@dataclass
class Answer:
    """One HTTP answer: status, where a redirect goes, the body as text."""

    status: int
    location: str
    body: str


@dataclass
class Player:
    """A logged-in player's cookies against one site (sessions made with the test client)."""

    base: str
    cookies: dict[str, str] = field(default_factory=dict)

    @classmethod
    def logged_in(cls, base: str, user: Any) -> Player:
        """A player whose session is already open (force_login writes it to the database)."""
        client = Client()
        client.force_login(user)
        token = secrets.token_hex(16)  # a 32-character CSRF secret, sent as cookie and form
        return cls(base, {"sessionid": client.cookies["sessionid"].value, "csrftoken": token})

    def cookie_header(self) -> str:
        return "; ".join(f"{name}={value}" for name, value in self.cookies.items())

    def request(self, method: str, path: str, form: dict[str, Any] | None = None,
                headers: dict[str, str] | None = None, timeout: float = 60,
                body: bytes | None = None) -> Answer:
        """One request on a fresh connection (a form, or a raw `body`); redirects are not
        followed."""
        parts = urllib.parse.urlsplit(self.base)
        connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout)
        sent = {"Cookie": self.cookie_header(), **(headers or {})}
        if form is not None:
            fields = {**form, "csrfmiddlewaretoken": self.cookies.get("csrftoken", "")}
            body = urllib.parse.urlencode(fields).encode()
            sent["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            connection.request(method, path, body=body, headers=sent)
            response = connection.getresponse()
            text = response.read().decode("utf-8", "replace")
            return Answer(response.status, response.getheader("Location") or "", text)
        finally:
            connection.close()

    def get(self, path: str, **kwargs: Any) -> Answer:
        return self.request("GET", path, **kwargs)

    def post(self, path: str, form: dict[str, Any], **kwargs: Any) -> Answer:
        return self.request("POST", path, form, **kwargs)


def together(jobs: list[Callable[[], Any]], timeout: float = 120) -> list[Any]:
    """Run the jobs on threads released at the same moment; their results in job order (an
    exception a job raised is its result)."""
    barrier = threading.Barrier(len(jobs))
    results: list[Any] = [None] * len(jobs)

    def run(index: int, job: Callable[[], Any]) -> None:
        barrier.wait()
        try:
            results[index] = job()
        except Exception as problem:
            results[index] = problem

    threads = [threading.Thread(target=run, args=(n, job)) for n, job in enumerate(jobs)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=timeout)
    return results
