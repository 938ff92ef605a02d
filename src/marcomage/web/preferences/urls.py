"""Settings URLs."""

from django.urls import path

from . import views

app_name = "preferences"

urlpatterns = [
    path("", views.settings_page, name="settings"),
    path("profile/", views.save_profile, name="profile"),
    path("options/", views.save_preferences, name="options"),
    path("avatar/", views.upload_avatar, name="avatar"),
    path("avatar/delete/", views.delete_avatar, name="avatar-delete"),
]
