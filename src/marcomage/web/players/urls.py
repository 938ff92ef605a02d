"""Players URLs."""

from django.urls import path

from . import views

app_name = "players"

urlpatterns = [
    path("", views.player_list, name="list"),
    path("<path:name>/", views.player_detail, name="detail"),
]
