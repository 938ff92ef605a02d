"""WebSocket URLs of the games app."""

from django.urls import path

from .consumers import GameConsumer

websocket_urlpatterns = [
    path("ws/games/<id:game_id>/", GameConsumer.as_asgi()),
]
