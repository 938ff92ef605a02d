"""The site's URLs plus views that fail on purpose, for the error-page tests."""

from django.core.exceptions import PermissionDenied, SuspiciousOperation
from django.http import HttpRequest, HttpResponse
from django.urls import path

from marcomage.web.urls import urlpatterns as site


def crash(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("secret-internal-detail in crash()")


def forbidden(request: HttpRequest) -> HttpResponse:
    raise PermissionDenied("secret-internal-detail")


def suspicious(request: HttpRequest) -> HttpResponse:
    raise SuspiciousOperation("secret-internal-detail")


urlpatterns = [path("crash/", crash), path("forbidden/", forbidden),
               path("suspicious/", suspicious), *site]
