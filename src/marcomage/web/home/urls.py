"""Home URLs: home, help, and one placeholder per section still to come."""

from django.urls import path

from marcomage.web.core.sections import COMING

from . import views

app_name = "home"

urlpatterns = [
    path("", views.home, name="home"),
    path("help/", views.help_page, name="help"),
    path("help/<slug:ruleset_id>/", views.system_help_page, name="help_system"),
    *(
        path(section.path.strip("/") + "/", views.coming, {"key": key}, name=key)
        for key, section in COMING.items()
    ),
]
