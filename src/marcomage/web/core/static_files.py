"""Static files served by the ASGI application itself (no CDN, DEBUG or not), safely.

Django's static handler lets a path that climbs out of the static directories
(`/static/%2e%2e/%2e%2e/settings.py`) raise SuspiciousFileOperation, which the ASGI server
reports as a 500 with a traceback; here it is a plain 404, and every file is sent with
`X-Content-Type-Options: nosniff` like the pages are.
"""

from __future__ import annotations

from typing import Any

from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler
from django.core.exceptions import SuspiciousOperation
from django.http import Http404, HttpRequest, HttpResponseBase


class SafeStaticFilesHandler(ASGIStaticFilesHandler):
    """Django's ASGI static handler, with path tricks answered 404."""

    def serve(self, request: HttpRequest) -> HttpResponseBase:
        """The file, or 404 for a path outside the static directories."""
        try:
            response: Any = super().serve(request)
        except SuspiciousOperation:
            raise Http404("There is no such file.") from None
        if "\x00" in request.path:
            raise Http404("There is no such file.")
        response["X-Content-Type-Options"] = "nosniff"
        return response
