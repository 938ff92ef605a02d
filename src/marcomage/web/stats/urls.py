"""Statistics URLs."""

from django.urls import path

from . import balance, views

app_name = "stats"
urlpatterns = [
    path("", views.index, name="index"),
    path("balance/", balance.balance, name="balance"),
    path("<str:ruleset>/cards/", views.cards, name="cards"),
    path("<str:ruleset>/games/", views.games, name="games"),
    path("<str:ruleset>/players/<str:name>/", views.player, name="player"),
]
