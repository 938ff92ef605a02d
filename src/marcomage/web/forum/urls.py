"""Forum URLs."""

from django.urls import path

from . import views

app_name = "forum"

urlpatterns = [
    path("", views.index, name="index"),
    path("search/", views.search, name="search"),
    path("section/<slug:slug>/", views.section, name="section"),
    path("section/<slug:slug>/new/", views.new_thread, name="new_thread"),
    path("thread/<int:pk>/", views.thread, name="thread"),
    path("thread/<int:pk>/unread/", views.first_unread, name="unread"),
    path("thread/<int:pk>/reply/", views.reply, name="reply"),
    path("thread/<int:pk>/moderate/", views.moderate, name="moderate"),
    path("post/<int:pk>/", views.post_link, name="post"),
    path("post/<int:pk>/edit/", views.edit, name="edit"),
    path("post/<int:pk>/delete/", views.delete, name="delete"),
]
