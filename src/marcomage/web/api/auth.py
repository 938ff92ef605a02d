"""Who is calling the API: a bearer token (scoped, rate-limited) or the site's session
(every scope, CSRF-checked on writes by django-ninja's cookie authentication).

Each operation names the scope it needs with `need(request, scope)`; a token without it is
refused with 403, a revoked or unknown token with 401, a token over its rate with 429.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja.errors import HttpError
from ninja.security import HttpBearer, SessionAuth

from . import limits
from .models import ApiToken
from .tokens import authenticate


class RateLimited(Exception):
    """The token made too many requests; retry after `wait` seconds."""

    def __init__(self, wait: float) -> None:
        super().__init__(f"Too many requests for this token; retry in {int(wait)} s.")
        self.wait = wait


class TokenAuth(HttpBearer):
    """`Authorization: Bearer mcg_...`: a personal API token."""

    def authenticate(self, request: HttpRequest, token: str) -> ApiToken | None:
        found = authenticate(token)
        if found is None:
            return None
        wait = limits.take(int(found.pk))
        if wait:
            raise RateLimited(wait)
        request.user = found.user
        request.api_token = found
        return found


class SiteSession(SessionAuth):
    """The site's own session cookie; writes need the CSRF token like any form."""

    def authenticate(self, request: HttpRequest, key: str | None) -> Any:
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            return user
        return None


AUTH = [TokenAuth(), SiteSession()]


def need(request: HttpRequest, scope: str) -> Any:
    """The calling account, when its token has `scope` (a session has every scope)."""
    token = getattr(request, "api_token", None)
    if token is not None and scope not in token.scopes:
        raise HttpError(403, f"This token lacks the {scope!r} scope.")
    return request.user
