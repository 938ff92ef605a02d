"""Static files and compression (issue 22, item 2): versioned URLs cached for a year, gzip for
text, 304 on a matching ETag, nothing outside the known files, and gzip-compressed pages."""

from __future__ import annotations

import asyncio
import gzip
from collections.abc import MutableMapping
from typing import Any

from django.templatetags.static import static
from django.test import TestCase

from marcomage.web.asgi import application
from marcomage.web.core.static_files import YEAR, static_index


def fetch(path: str, query: str = "", headers: dict[str, str] | None = None,
          method: str = "GET") -> tuple[int, dict[str, str], bytes]:
    """One request through the real ASGI application, as a browser would send it."""
    scope = {"type": "http", "method": method, "path": path, "query_string": query.encode(),
             "headers": [(k.lower().encode(), v.encode()) for k, v in (headers or {}).items()]}
    sent: list[MutableMapping[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: MutableMapping[str, Any]) -> None:
        sent.append(message)

    asyncio.run(application(scope, receive, send))
    found = {k.decode(): v.decode() for k, v in sent[0]["headers"]}
    return sent[0]["status"], found, b"".join(m.get("body", b"") for m in sent[1:])


class StaticFilesTest(TestCase):
    CSS = "marcomage/site.css"

    def test_static_urls_carry_the_content_version(self) -> None:
        url = static(self.CSS)
        assert url == f"/static/{self.CSS}?v={static_index()[self.CSS].version}"

    def test_a_versioned_file_is_cached_for_a_year_and_gzipped(self) -> None:
        path, query = static(self.CSS).split("?")
        status, headers, body = fetch(path, query, {"Accept-Encoding": "gzip, br"})
        assert status == 200
        assert headers["cache-control"] == f"public, max-age={YEAR}, immutable"
        assert headers["content-encoding"] == "gzip" and headers["vary"] == "Accept-Encoding"
        assert headers["content-type"] == "text/css; charset=utf-8"
        plain = static_index()[self.CSS].body
        assert gzip.decompress(body) == plain and len(body) < len(plain) / 2
        assert int(headers["content-length"]) == len(body)

    def test_an_unversioned_or_stale_url_revalidates(self) -> None:
        for query in ("", "v=0123456789ab"):
            status, headers, body = fetch(f"/static/{self.CSS}", query)
            assert status == 200 and headers["cache-control"] == "public, no-cache"
            assert "content-encoding" not in headers, "no gzip unless the client asks"
            assert body == static_index()[self.CSS].body
        etag = headers["etag"]
        status, _headers, body = fetch(f"/static/{self.CSS}", "", {"If-None-Match": etag})
        assert status == 304 and body == b""

    def test_images_are_served_whole(self) -> None:
        status, headers, body = fetch("/static/vendor/flags/sk.svg", "",
                                      {"Accept-Encoding": "gzip"})
        assert status == 200 and headers["content-type"].startswith("image/svg+xml")
        if headers.get("content-encoding") == "gzip":
            body = gzip.decompress(body)
        assert body == static_index()["vendor/flags/sk.svg"].body

    def test_path_tricks_and_unknown_files_are_not_found(self) -> None:
        for path in ("/static/%2e%2e/%2e%2e/settings.py", "/static/../settings.py",
                     "/static/marcomage/", "/static/nothing.css", "/static/marcomage/../x"):
            status, _headers, body = fetch(path)
            assert status == 404 and body == b"No such static file.", path

    def test_only_get_and_head(self) -> None:
        status, headers, _ = fetch(f"/static/{self.CSS}", method="POST")
        assert status == 405 and headers["allow"] == "GET, HEAD"
        status, headers, body = fetch(f"/static/{self.CSS}", method="HEAD")
        assert status == 200 and body == b"" and int(headers["content-length"]) > 0


class PageCompressionTest(TestCase):
    def test_pages_are_gzip_compressed_for_clients_that_accept_it(self) -> None:
        response = self.client.get("/help/", HTTP_ACCEPT_ENCODING="gzip")
        assert response["Content-Encoding"] == "gzip"
        assert b"How to play MArcomage" in gzip.decompress(response.content)
        plain = self.client.get("/help/")
        assert not plain.has_header("Content-Encoding")
