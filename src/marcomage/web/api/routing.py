"""WebSocket URL of the bot event stream (outside the origin check: bots send no Origin;
they authenticate with a bearer token, which a browser cannot attach to a WebSocket)."""

from django.urls import path, re_path

from marcomage.web.core.sockets import RefusedSocket

from .botstream import BotConsumer

# Last: any other path under /api/v1/bot/ is refused at the handshake, not an error.
websocket_urlpatterns = [
    path("api/v1/bot/ws", BotConsumer.as_asgi()),
    re_path(r"", RefusedSocket.as_asgi()),
]
