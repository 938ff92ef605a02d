"""Static files served by the site itself, fit for real use: versioned URLs cached for a year,
gzip for text, and nothing outside the known files.

`{% static %}` writes `/static/<name>?v=<hash of the content>` (VersionedStorage), so a browser
may keep a file for a year: a changed file gets a new URL. A request without the current version
still works but must revalidate (ETag). Only the files Django's finders list are served, so no
path trick can reach anything else.
"""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any
from urllib.parse import parse_qs, unquote

from django.conf import settings
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import StaticFilesStorage

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

YEAR = 365 * 24 * 3600
COMPRESSIBLE = ("text/", "application/javascript", "application/json", "image/svg+xml")
MIN_GZIP_SIZE = 512


@dataclass
class StaticFile:
    """One file's bytes, its version and, for text, its gzip form (made on first use)."""

    body: bytes
    content_type: str
    version: str
    gzipped: bytes | None = field(default=None, repr=False)

    @property
    def compressible(self) -> bool:
        return len(self.body) >= MIN_GZIP_SIZE and self.content_type.startswith(COMPRESSIBLE)

    def gzip_body(self) -> bytes:
        if self.gzipped is None:
            self.gzipped = gzip.compress(self.body, compresslevel=9, mtime=0)
        return self.gzipped


@cache
def static_index() -> dict[str, StaticFile]:
    """Every static file the finders know, by its name under STATIC_URL (read once)."""
    index: dict[str, StaticFile] = {}
    for finder in finders.get_finders():
        for name, storage in finder.list(ignore_patterns=["*.py", "*.pyc", ".*"]):
            name = name.replace("\\", "/")
            if name in index:
                continue  # the first finder wins, as in Django's own lookup
            with storage.open(name) as handle:
                body = handle.read()
            content_type = mimetypes.guess_type(name)[0] or "application/octet-stream"
            if content_type.startswith("text/") or content_type.endswith("javascript"):
                content_type += "; charset=utf-8"
            version = hashlib.sha256(body).hexdigest()[:12]
            index[name] = StaticFile(body, content_type, version)
    return index


class VersionedStorage(StaticFilesStorage):
    """Static URLs carry their content's hash, so they can be cached for a year."""

    def url(self, name: str | None) -> str:
        plain: str = super().url(name)
        found = static_index().get(name or "")
        return f"{plain}?v={found.version}" if found else plain


class StaticFilesApp:
    """ASGI wrapper: answers GET/HEAD under STATIC_URL itself and passes the rest on."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.prefix = settings.STATIC_URL

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not scope["path"].startswith(self.prefix):
            await self.app(scope, receive, send)
            return
        await self.serve(scope, send)

    async def serve(self, scope: Scope, send: Send) -> None:
        if scope["method"] not in ("GET", "HEAD"):
            await _answer(send, 405, b"Only GET and HEAD.", [(b"allow", b"GET, HEAD")])
            return
        name = unquote(scope["path"][len(self.prefix):])
        found = static_index().get(name)
        if found is None:
            await _answer(send, 404, b"No such static file.")
            return
        headers = dict(scope.get("headers", ()))
        etag = f'"{found.version}"'.encode()
        query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        versioned = query.get("v") == [found.version]
        cache_control = (f"public, max-age={YEAR}, immutable" if versioned
                         else "public, no-cache").encode()
        common = [(b"etag", etag), (b"cache-control", cache_control),
                  (b"vary", b"Accept-Encoding"), (b"x-content-type-options", b"nosniff")]
        if headers.get(b"if-none-match") == etag:
            await _answer(send, 304, b"", common)
            return
        body = found.body
        extra = [(b"content-type", found.content_type.encode())]
        if found.compressible and b"gzip" in headers.get(b"accept-encoding", b""):
            body = found.gzip_body()
            extra.append((b"content-encoding", b"gzip"))
        await _answer(send, 200, b"" if scope["method"] == "HEAD" else body, common + extra,
                      length=len(body))


async def _answer(send: Send, status: int, body: bytes,
                  headers: list[tuple[bytes, bytes]] | None = None,
                  length: int | None = None) -> None:
    all_headers = list(headers or [])
    if not any(name == b"content-type" for name, _ in all_headers):
        all_headers.append((b"content-type", b"text/plain; charset=utf-8"))
    all_headers.append((b"content-length", str(len(body) if length is None else length).encode()))
    await send({"type": "http.response.start", "status": status, "headers": all_headers})
    await send({"type": "http.response.body", "body": body})
