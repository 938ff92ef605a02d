"""Concepts URLs."""

from django.urls import path

from . import views

app_name = "concepts"

urlpatterns = [
    path("", views.index, name="index"),
    path("new/", views.create, name="new"),
    path("<int:pk>/", views.detail, name="detail"),
    path("<int:pk>/edit/", views.edit, name="edit"),
    path("<int:pk>/delete/", views.delete, name="delete"),
    path("<int:pk>/state/", views.state, name="state"),
    path("<int:pk>/try/", views.try_it, name="try"),
]
