"""Messages URLs."""

from django.urls import path

from . import views

app_name = "messaging"

urlpatterns = [
    path("", views.inbox, name="inbox"),
    path("sent/", views.sent, name="sent"),
    path("new/", views.write, name="write"),
    path("delete/", views.delete, name="delete"),
    path("<id:pk>/", views.detail, name="detail"),
]
