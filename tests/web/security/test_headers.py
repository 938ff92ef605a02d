"""Security headers on every page (issue 23): a Content-Security-Policy with no inline script,
no eval and no framing, Referrer-Policy, nosniff, X-Frame-Options; the session and CSRF
cookies are HttpOnly (session) and SameSite=Lax, and Secure once SECURE_COOKIES is set."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from django.test import Client

from marcomage.web.accounts.models import User

PASSWORD = "a-long-enough-password"
PAGES = ["/", "/accounts/login/", "/accounts/register/", "/help/", "/no/such/page/"]
PLAYER_PAGES = ["/games/", "/decks/", "/messages/", "/settings/", "/forum/", "/stats/"]


def policy(header: str) -> dict[str, list[str]]:
    found = {}
    for part in header.split(";"):
        words = part.split()
        if words:
            found[words[0]] = words[1:]
    return found


def assert_headers(response: object) -> None:
    headers = response.headers  # type: ignore[attr-defined]
    csp = policy(headers["Content-Security-Policy"])
    assert csp["script-src"] == ["'self'"]
    assert csp["style-src"] == ["'self'"]
    assert csp["frame-ancestors"] == ["'none'"]
    assert csp["object-src"] == ["'none'"] and csp["base-uri"] == ["'none'"]
    assert csp["default-src"] == ["'self'"]
    assert headers["Referrer-Policy"] == "same-origin"
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["X-Frame-Options"] == "DENY"


@pytest.mark.parametrize("url", PAGES)
def test_visitor_pages_carry_the_security_headers(db: None, url: str) -> None:
    assert_headers(Client().get(url))


def test_player_pages_and_refusals_carry_them_too(db: None) -> None:
    client = Client()
    client.force_login(User.objects.create_user("alice", PASSWORD))
    for url in PLAYER_PAGES:
        assert_headers(client.get(url))
    assert_headers(client.post("/messages/new/", {"text": "a\x00"}))  # the guard's 400


def test_cookie_flags(db: None) -> None:
    User.objects.create_user("alice", PASSWORD)
    client = Client()
    client.get("/accounts/login/")
    client.post("/accounts/login/", {"username": "alice", "password": PASSWORD,
                                     "csrfmiddlewaretoken": client.cookies["csrftoken"].value})
    session, csrf = client.cookies["sessionid"], client.cookies["csrftoken"]
    assert session["httponly"] and session["samesite"] == "Lax"
    assert csrf["samesite"] == "Lax"
    assert not session["secure"]  # plain http by default (local runs)


def test_secure_cookies_follow_the_setting() -> None:
    env = {**os.environ, "SECURE_COOKIES": "1", "SECRET_KEY": "x" * 50}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    code = ("from marcomage.web import settings as s; "
            "print(s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE, s.SESSION_COOKIE_HTTPONLY)")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         check=True, timeout=60)
    assert out.stdout.split() == ["True", "True", "True"]
