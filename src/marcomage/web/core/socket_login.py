"""A page socket's user, looked up from its session in a pool thread (issue 36, thirteenth
pass).

channels' AuthMiddleware looks `scope["user"]` up with `database_sync_to_async`, whose hop
copies the thread's context back into the socket's task when it returns: each of Django's
locals holding a value in that thread comes back as a new storage object (about twenty a
socket, with the context's map nodes), and they live as long as the socket. Profiled at 200
games (docs/deploy.md, "Thirteenth pass"), they were ~20,000 of the objects the cyclic
collector's middle passes walked. Here the same lookup (channels' own `get_user`, the very
function its middleware runs) goes through `in_pool` (core/hop.py), which copies nothing
back; everything else is channels' middleware as it is.
"""

from __future__ import annotations

from typing import Any

from channels.auth import AuthMiddleware, get_user
from channels.sessions import CookieMiddleware, SessionMiddleware

from .hop import in_pool

_user_of = in_pool(get_user.func)
"""channels' `get_user(scope)` (the session's user, or AnonymousUser), in a pool thread."""


class SocketLogin(AuthMiddleware):
    """channels' AuthMiddleware with its lookup run by `in_pool`."""

    async def resolve_scope(self, scope: dict[str, Any]) -> None:
        scope["user"]._wrapped = await _user_of(scope)


def socket_login_stack(inner: Any) -> Any:
    """The cookies, the session and the user of a page's socket, as channels'
    AuthMiddlewareStack gives them."""
    return CookieMiddleware(SessionMiddleware(SocketLogin(inner)))
