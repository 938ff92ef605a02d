"""The site's WebSocket URLs."""

from django.urls import re_path

from marcomage.web.core.sockets import RefusedSocket
from marcomage.web.games.routing import websocket_urlpatterns as games
from marcomage.web.notifications.routing import websocket_urlpatterns as notifications

# Last: any other path (or a game id that is not a number) is refused at the handshake.
websocket_urlpatterns = [*notifications, *games, re_path(r"", RefusedSocket.as_asgi())]
