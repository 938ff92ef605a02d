"""Forum URLs."""

from django.urls import path

from . import views

app_name = "forum"

urlpatterns = [
    path("", views.index, name="index"),
    path("search/", views.search, name="search"),
    path("section/<slug:slug>/", views.section, name="section"),
    path("section/<slug:slug>/new/", views.new_thread, name="new_thread"),
    path("thread/<id:pk>/", views.thread, name="thread"),
    path("thread/<id:pk>/unread/", views.first_unread, name="unread"),
    path("thread/<id:pk>/reply/", views.reply, name="reply"),
    path("thread/<id:pk>/moderate/", views.moderate, name="moderate"),
    path("post/<id:pk>/", views.post_link, name="post"),
    path("post/<id:pk>/edit/", views.edit, name="edit"),
    path("post/<id:pk>/delete/", views.delete, name="delete"),
]
