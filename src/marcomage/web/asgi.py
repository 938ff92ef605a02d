"""The ASGI application: Django for HTTP (static files included), Channels for WebSockets."""

from __future__ import annotations

import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "marcomage.web.settings")

from django.core.asgi import get_asgi_application

django_http = get_asgi_application()  # sets Django up before the imports below


from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from marcomage.web.core.origin import SameOriginValidator  # noqa: E402
from marcomage.web.core.static_files import SafeStaticFilesHandler  # noqa: E402
from marcomage.web.routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter(
    {
        # Static files come from the app and project static dirs, DEBUG or not: no CDN.
        "http": SafeStaticFilesHandler(django_http),
        # The Origin must be the site's own: scheme, host and port (core/origin.py).
        "websocket": SameOriginValidator(
            AuthMiddlewareStack(URLRouter(websocket_urlpatterns))
        ),
    }
)
