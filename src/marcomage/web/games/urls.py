"""Games URLs (under /games/)."""

from django.urls import path

from . import views

app_name = "games"

urlpatterns = [
    path("", views.game_list, name="list"),
    path("host/", views.host, name="host"),
    path("computer/", views.play_computer, name="computer"),
    path("next/", views.next_game, name="next"),
    path("challenge/<path:name>/", views.challenge, name="challenge"),
    path("<id:game_id>/", views.game_page, name="game"),
    path("<id:game_id>/board/", views.board, name="board"),
    path("<id:game_id>/act/", views.act, name="act"),
    path("<id:game_id>/surrender/", views.surrender, name="surrender"),
    path("<id:game_id>/abort/", views.abort, name="abort"),
    path("<id:game_id>/finish/", views.finish, name="finish"),
    path("<id:game_id>/leave/", views.leave, name="leave"),
    path("<id:game_id>/chat/", views.chat, name="chat"),
    path("<id:game_id>/note/", views.note, name="note"),
    path("<id:game_id>/accept/", views.accept, name="accept"),
    path("<id:game_id>/reject/", views.reject, name="reject"),
    path("<id:game_id>/withdraw/", views.withdraw, name="withdraw"),
    path("<id:game_id>/join/", views.join, name="join"),
    path("<id:game_id>/unhost/", views.unhost, name="unhost"),
]
