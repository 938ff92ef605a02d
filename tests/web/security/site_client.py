"""A cookie-keeping HTTP client for the live server (urllib: real sockets, real headers)."""

from __future__ import annotations

import http.cookiejar
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass


@dataclass
class Answer:
    """One HTTP answer."""

    status: int
    url: str
    body: str
    headers: dict[str, str]


class NoRedirect(urllib.request.HTTPRedirectHandler):
    """Keep 3xx answers as they are."""

    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None


class SiteClient:
    """One visitor of the live site with its own cookies."""

    def __init__(self, base: str) -> None:
        self.base = base.rstrip("/")
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.jar), NoRedirect())

    def cookie(self, name: str) -> str:
        """The value of one of the visitor's cookies ('' when unset)."""
        return next((c.value or "" for c in self.jar if c.name == name), "")

    def cookie_header(self) -> str:
        """The visitor's cookies as a Cookie header (for WebSocket handshakes)."""
        return "; ".join(f"{c.name}={c.value}" for c in self.jar)

    def request(self, path: str, data: bytes | None = None,
                headers: dict[str, str] | None = None, method: str | None = None) -> Answer:
        """Send a request; 4xx and 5xx are answers too."""
        request = urllib.request.Request(self.base + path, data=data, headers=headers or {},
                                         method=method)
        try:
            with self.opener.open(request, timeout=30) as response:
                return Answer(response.status, response.url, response.read().decode(
                    "utf-8", "replace"), dict(response.headers))
        except urllib.error.HTTPError as error:
            return Answer(error.code, error.url or "", error.read().decode("utf-8", "replace"),
                          dict(error.headers))

    def get(self, path: str) -> Answer:
        """GET a page."""
        return self.request(path)

    def post(self, path: str, fields: dict[str, str], page: str = "/") -> Answer:
        """POST a form with the CSRF token a page gave, as the site's own forms do."""
        if not self.cookie("csrftoken"):
            self.get(page)
        data = urllib.parse.urlencode({**fields, "csrfmiddlewaretoken": self.cookie("csrftoken")})
        return self.request(path, data.encode(), {"Referer": self.base + page})

    def log_in(self, name: str, password: str) -> Answer:
        """Log in through the form."""
        return self.post("/accounts/login/", {"username": name, "password": password},
                         page="/accounts/login/")
