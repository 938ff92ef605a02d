"""The ASGI application: Django for HTTP (static files included), Channels for WebSockets."""

from __future__ import annotations

import os
from typing import Any

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "marcomage.web.settings")

import django

django.setup(set_prefix=False)  # as get_asgi_application() does, before the imports below

from marcomage.web.core.asgi_handler import LeanASGIHandler  # noqa: E402

django_http = LeanASGIHandler()  # Django's, with fewer hand-offs (core/asgi_handler.py)


from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.conf import settings  # noqa: E402

from marcomage.web.api.routing import websocket_urlpatterns as bot_urlpatterns  # noqa: E402
from marcomage.web.core import collector  # noqa: E402
from marcomage.web.core.admission import Admission  # noqa: E402
from marcomage.web.core.origin import SameOriginValidator  # noqa: E402
from marcomage.web.core.socket_login import socket_login_stack  # noqa: E402
from marcomage.web.core.static_files import StaticFilesApp  # noqa: E402
from marcomage.web.core.warm_up import warm_up  # noqa: E402
from marcomage.web.routing import websocket_urlpatterns  # noqa: E402

# The Origin of a page's socket must be the site's own: scheme, host and port (core/origin.py).
pages = SameOriginValidator(socket_login_stack(URLRouter(websocket_urlpatterns)))
bots = URLRouter(bot_urlpatterns)  # bearer tokens, no cookies: no origin check needed


async def websocket(scope: dict[str, Any], receive: Any, send: Any) -> None:
    """The bot stream (api/routing.py) or the site's pages' sockets."""
    chosen = bots if str(scope.get("path", "")).startswith("/api/v1/bot/") else pages
    await chosen(scope, receive, send)


warm_up()  # the URLs and the Jinja2 boards, before the first request (core/warm_up.py)
if os.environ.get(collector.SERVED) and settings.GC_CLOCK:
    collector.start()  # in `marcomage serve`'s processes, not in tests that import the app

application = ProtocolTypeRouter(
    {
        # Static files come from the app and project static dirs, DEBUG or not: no CDN;
        # versioned, cached for a year and gzip-compressed (core/static_files.py).
        # HTTP_CONCURRENCY requests at work at once (core/admission.py).
        "http": Admission(StaticFilesApp(django_http), settings.HTTP_CONCURRENCY),
        "websocket": websocket,
    }
)
