"""The WebSocket Origin check: a page may open the site's sockets only from the site itself.

Channels' AllowedHostsOriginValidator compares only the host name, so a page served from
another port or scheme of the same host (another program on localhost:9999, or plain http
beside https) could open a player's socket with his cookies. Here the Origin must be exactly
the origin the socket was asked on: same scheme (http for ws, https for wss), same host (one
of ALLOWED_HOSTS) and same port; or one of CSRF_TRUSTED_ORIGINS, compared whole.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host

DEFAULT_PORTS = {"http": 80, "https": 443}


def _origin(scheme: str, host: str, port: int | None) -> tuple[str, str, int]:
    return scheme, host.lower().strip("[]"), port or DEFAULT_PORTS.get(scheme, 0)


def parse_origin(value: str) -> tuple[str, str, int] | None:
    """(scheme, host, port) of an Origin header or trusted origin; None when malformed."""
    try:
        parts = urlsplit(value.strip())
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in DEFAULT_PORTS or not parts.hostname:
        return None
    if parts.path not in ("", "/") or parts.query or parts.fragment or parts.username:
        return None
    return _origin(parts.scheme, parts.hostname, port)


def request_origin(scope: dict[str, Any]) -> tuple[str, str, int] | None:
    """The origin a page of the host the socket was asked on has: the Host header with the
    http(s) scheme matching ws(s); None when the host is not one the site serves."""
    host = ""
    for name, value in scope.get("headers", []):
        if name == b"host":
            host = value.decode("latin1")
    domain, port = split_domain_port(host)
    if not domain or not validate_host(domain, settings.ALLOWED_HOSTS):
        return None
    scheme = "https" if scope.get("scheme") == "wss" else "http"
    return _origin(scheme, domain, int(port) if port else None)


def origin_allowed(scope: dict[str, Any]) -> bool:
    """Whether the socket's Origin header names the site itself."""
    values = [value for name, value in scope.get("headers", []) if name == b"origin"]
    if len(values) != 1:
        return False
    origin = parse_origin(values[0].decode("latin1"))
    if origin is None:
        return False
    trusted = {parse_origin(item) for item in settings.CSRF_TRUSTED_ORIGINS}
    return origin in trusted or origin == request_origin(scope)


class SameOriginValidator:
    """ASGI middleware: refuse a WebSocket handshake whose Origin is not the site's own."""

    def __init__(self, application: Any) -> None:
        self.application = application

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        """Pass the socket on, or deny it (HTTP 403 at the handshake)."""
        if scope.get("type") == "websocket" and not origin_allowed(scope):
            return await WebsocketDenier()(scope, receive, send)
        return await self.application(scope, receive, send)
