"""The site's URLs plus the stand-in messaging app's."""

from django.urls import include, path

from marcomage.web.urls import urlpatterns as site

urlpatterns = [
    *site,
    path("mailbox/", include("tests.web.mailbox.urls")),
]
