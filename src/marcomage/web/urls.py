"""The site's URLs: one include per section."""

from django.contrib import admin
from django.urls import include, path

from marcomage.web.api.api import api
from marcomage.web.preferences import views as preference_views

urlpatterns = [
    path("", include("marcomage.web.home.urls")),
    path("accounts/", include("marcomage.web.accounts.urls")),
    path("players/", include("marcomage.web.players.urls")),
    path("games/", include("marcomage.web.games.urls")),
    path("settings/", include("marcomage.web.preferences.urls")),
    path("", include("marcomage.web.decks.urls")),
    path("notifications/", include("marcomage.web.notifications.urls")),
    path("messages/", include("marcomage.web.messaging.urls")),
    path("ladder/", include("marcomage.web.scores.urls")),
    path("replays/", include("marcomage.web.replays.urls")),
    path("stats/", include("marcomage.web.stats.urls")),
    path("forum/", include("marcomage.web.forum.urls")),
    path("concepts/", include("marcomage.web.concepts.urls")),
    path("avatars/<str:name>", preference_views.avatar_file, name="avatar"),
    path("admin/", admin.site.urls),
    path("api/v1/", api.urls),
    path("settings/api/", include("marcomage.web.api.settings_urls")),
]
