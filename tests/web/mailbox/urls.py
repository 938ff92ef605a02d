"""Mailbox URLs."""

from django.urls import path

from . import views

app_name = "mailbox"

urlpatterns = [
    path("", views.index, name="index"),
    path("send/", views.send, name="send"),
    path("read/", views.read_all, name="read"),
]
