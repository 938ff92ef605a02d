"""Decks section (/decks/), and each game's own deck pages (MArcomage's editor actions and
its card database at /cards/) from its widget folder."""

from django.urls import path

from marcomage.web.core.widgets import deck_urlpatterns

from . import views

app_name = "decks"

urlpatterns = [
    path("decks/", views.deck_list, name="list"),
    path("decks/new/", views.new_deck, name="new"),
    path("decks/<id:pk>/", views.edit, name="edit"),
    path("decks/<id:pk>/rename/", views.rename, name="rename"),
    path("decks/<id:pk>/entries/", views.save_entries, name="entries"),
    *deck_urlpatterns(),
]
