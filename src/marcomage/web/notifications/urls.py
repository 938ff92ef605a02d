"""Notifications URLs."""

from django.urls import path

from . import views

app_name = "notifications"

urlpatterns = [
    path("reset/", views.reset, name="reset"),
]
