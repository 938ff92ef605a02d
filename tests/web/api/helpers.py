"""Calling the API from tests: a token per player, bearer requests, session requests."""

from __future__ import annotations

import json
from typing import Any

from django.test import Client

from marcomage.web.api import limits
from marcomage.web.api.tokens import create_token

ALL = ("read", "play", "decks")


def token_for(user: Any, scopes: tuple[str, ...] = ALL, name: str = "test") -> str:
    """A fresh token of the user (its secret)."""
    limits.forget()
    return create_token(user, name, scopes)[1]


def call(client: Client, token: str | None, method: str, path: str, body: Any = None
         ) -> tuple[int, Any]:
    """One API request with a bearer token (or none): (status, JSON answer)."""
    headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"} if token else {}
    send = getattr(client, method.lower())
    if body is None:
        response = send("/api/v1" + path, **headers)
    else:
        response = send("/api/v1" + path, data=json.dumps(body),
                        content_type="application/json", **headers)
    content = response.content
    return response.status_code, json.loads(content) if content else None
