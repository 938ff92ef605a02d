"""Concepts URLs."""

from django.urls import path

from . import views

app_name = "concepts"

urlpatterns = [
    path("", views.index, name="index"),
    path("new/", views.create, name="new"),
    path("<id:pk>/", views.detail, name="detail"),
    path("<id:pk>/edit/", views.edit, name="edit"),
    path("<id:pk>/delete/", views.delete, name="delete"),
    path("<id:pk>/state/", views.state, name="state"),
    path("<id:pk>/try/", views.try_it, name="try"),
]
