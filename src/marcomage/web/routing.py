"""The site's WebSocket URLs."""

from marcomage.web.games.routing import websocket_urlpatterns as games
from marcomage.web.notifications.routing import websocket_urlpatterns as notifications

websocket_urlpatterns = [*notifications, *games]
