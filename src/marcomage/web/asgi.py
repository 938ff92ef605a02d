"""The ASGI application: Django for HTTP (static files included), Channels for WebSockets."""

from __future__ import annotations

import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "marcomage.web.settings")

from django.core.asgi import get_asgi_application

django_http = get_asgi_application()  # sets Django up before the imports below


from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from django.conf import settings  # noqa: E402
from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler  # noqa: E402

from marcomage.web.core.admission import Admission  # noqa: E402
from marcomage.web.routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter(
    {
        # Static files come from the app and project static dirs, DEBUG or not: no CDN.
        # HTTP_CONCURRENCY requests at work at once (core/admission.py).
        "http": Admission(ASGIStaticFilesHandler(django_http), settings.HTTP_CONCURRENCY),
        "websocket": AllowedHostsOriginValidator(
            AuthMiddlewareStack(URLRouter(websocket_urlpatterns))
        ),
    }
)
