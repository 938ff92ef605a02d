"""WebSocket URL of the bot event stream (outside the origin check: bots send no Origin;
they authenticate with a bearer token, which a browser cannot attach to a WebSocket)."""

from django.urls import path

from .botstream import BotConsumer

websocket_urlpatterns = [
    path("api/v1/bot/ws", BotConsumer.as_asgi()),
]
