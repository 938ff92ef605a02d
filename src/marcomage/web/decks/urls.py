"""Decks section (/decks/) and the card database (/cards/)."""

from django.urls import path

from . import card_views, views

app_name = "decks"

urlpatterns = [
    path("decks/", views.deck_list, name="list"),
    path("decks/<int:pk>/", views.edit, name="edit"),
    path("decks/<int:pk>/take/", views.take, name="take"),
    path("decks/<int:pk>/return/", views.return_card, name="return"),
    path("decks/<int:pk>/tokens/", views.tokens, name="tokens"),
    path("decks/<int:pk>/auto/", views.auto, name="auto"),
    path("decks/<int:pk>/rename/", views.rename, name="rename"),
    path("decks/<int:pk>/finish/", views.finish, name="finish"),
    path("decks/<int:pk>/reset/", views.reset, name="reset"),
    path("decks/<int:pk>/randomize/", views.randomize, name="randomize"),
    path("decks/<int:pk>/export/", views.export, name="export"),
    path("decks/<int:pk>/import/", views.import_deck, name="import"),
    path("cards/", card_views.card_list, name="cards"),
    path("cards/keywords/", card_views.keyword_list, name="keywords"),
    path("cards/<int:card_id>/", card_views.card_detail, name="card"),
]
