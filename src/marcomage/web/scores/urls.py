"""Scores URLs: the ladder."""

from django.urls import path

from . import views

app_name = "scores"

urlpatterns = [
    path("", views.ladder_page, name="ladder"),
]
