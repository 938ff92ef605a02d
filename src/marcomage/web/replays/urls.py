"""Replays URLs: the list, one replay's viewer and its JSON export."""

from django.urls import path

from . import views

app_name = "replays"

urlpatterns = [
    path("", views.replay_list, name="list"),
    path("<id:game_id>/", views.viewer, name="viewer"),
    path("<id:game_id>.json", views.export, name="export"),
]
