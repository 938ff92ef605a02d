"""Settings URLs of the API part (/settings/api/...)."""

from django.urls import path

from . import settings_views

app_name = "api-settings"

urlpatterns = [
    path("tokens/", settings_views.create, name="create"),
    path("tokens/<int:token_id>/revoke/", settings_views.revoke_token, name="revoke"),
    path("bot/", settings_views.bot_flag, name="bot"),
]
