"""One gate for malformed requests, before any view or the CSRF check reads the body.

Every request passes here first; a request the site cannot read safely gets a clear refusal
(the site's 400 or 413 page, or a one-line text answer to htmx) and changes nothing:

- a body larger than MAX_REQUEST_BODY bytes (settings; the Content-Length says so);
- a form body in a character set other than UTF-8 (`charset=utf-7`);
- a form Django cannot parse (too many fields, a broken multipart body, a field too big);
- a number of 19 or more digits in the path (no id of the site is that long; the database's
  integers would overflow): 404, as for any other page that does not exist;
- a NUL byte or another control character (other than tab, new line and carriage return) in
  the path, a query parameter or a form field, name or value. No text field of the site
  takes them: PostgreSQL cannot store a NUL at all, and the others hide text on the page;
- a JSON body (the API) that is not plain data (core/strict_json.py): NaN, Infinity,
  numbers too large to hold, nesting deeper than 32, NUL or a lone surrogate in a string.

A Host header the site does not serve (not in ALLOWED_HOSTS, or not a host at all) is
refused first of all by `HostGuardMiddleware` with a plain 400, before any middleware asks
for the host: Django would answer 400 too, but log a DisallowedHost traceback each time.

Refusals are logged on one line at INFO (`marcomage.refused`), never with a traceback.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Iterable
from typing import Any

from django.conf import settings
from django.core.exceptions import (
    BadRequest,
    DisallowedHost,
    RequestDataTooBig,
    SuspiciousOperation,
)
from django.http import HttpRequest, HttpResponse, JsonResponse, UnreadablePostError
from django.http.multipartparser import MultiPartParserError
from django.template.loader import render_to_string

from .strict_json import MalformedJson, loads

log = logging.getLogger("marcomage.refused")

CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
"""Characters no text of the site may hold (tab, new line and carriage return may)."""
FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")
UTF8 = {"utf-8", "utf8"}
HUGE_NUMBER = re.compile(r"(?:^|[/=.-])[0-9]{19,}")
DEFAULT_MAX_BODY = 2 * 1024 * 1024


class Refused(Exception):
    """A request refused before any view ran: the HTTP status and the reason."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status, self.reason = status, reason


def control_character_in(text: str) -> str | None:
    """A printable name of the first control character in `text`, or None.

    >>> control_character_in("a\\x00b"), control_character_in("line\\nbreak")
    ('NUL', None)
    """
    found = CONTROL.search(text)
    if found is None:
        return None
    code = ord(found.group())
    return "NUL" if code == 0 else f"U+{code:04X}"


def check_fields(where: str, items: Iterable[tuple[str, list[Any]]]) -> None:
    """Refuse a field whose name or text value holds a control character."""
    for name, values in items:
        for text in (name, *(value for value in values if isinstance(value, str))):
            found = control_character_in(text)
            if found is not None:
                field = CONTROL.sub("?", name)[:40]
                raise Refused(400, f"The {where} field \u201c{field}\u201d contains a control "
                                   f"character ({found}), which no text on this site may hold."
                                   " Nothing was saved.")


def max_body() -> int:
    """The largest request body the site reads, in bytes."""
    return int(getattr(settings, "MAX_REQUEST_BODY", DEFAULT_MAX_BODY))


def check(request: HttpRequest) -> None:
    """Raise Refused when the request is one the site will not read."""
    if control_character_in(request.path) is not None:
        raise Refused(400, "The address contains a control character.")
    if HUGE_NUMBER.search(request.path):
        raise Refused(404, "There is no such page.")
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        raise Refused(400, "The Content-Length header is not a number.") from None
    if length > max_body():
        raise Refused(413, f"The request is too large: at most {max_body():,} bytes are "
                           f"accepted, this one has {length:,}.")
    try:
        query = list(request.GET.lists())
    except (BadRequest, SuspiciousOperation, ValueError) as problem:
        raise Refused(400, f"The address could not be read: {str(problem)[:120]}") from None
    check_fields("query", query)
    if request.method not in ("POST", "PUT", "PATCH"):
        return
    content_type = request.content_type or ""
    if content_type in FORM_TYPES:
        charset = str(request.content_params.get("charset", "utf-8")).strip().lower()
        if charset not in UTF8:
            raise Refused(400, f"Forms must be sent as UTF-8, not {charset[:30]!r}.")
    try:
        # Keep the raw body (at most max_body() bytes) before the form parser reads the
        # stream, so a view that reads request.body itself (the JSON API) still can.
        request.body  # noqa: B018
        fields = list(request.POST.lists())
        files = list(request.FILES.lists())
    except RequestDataTooBig:
        raise Refused(413, "The form is too large.") from None
    except (BadRequest, SuspiciousOperation, MultiPartParserError, UnreadablePostError,
            UnicodeError, ValueError) as problem:
        raise Refused(400, f"The form could not be read: {str(problem)[:120]}") from None
    if content_type == "application/json" and request.body:
        try:
            loads(request.body)
        except MalformedJson as problem:
            raise Refused(400, f"The JSON body was refused: {problem} Nothing was saved."
                          ) from None
    check_fields("form", fields)
    check_fields("file", [(name, [upload.name or "" for upload in uploads])
                          for name, uploads in files])


def refusal(request: HttpRequest, refused: Refused) -> HttpResponse:
    """The answer to a refused request: JSON for the API, text for htmx, the site's error page
    otherwise."""
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": refused.reason}, status=refused.status)
    if request.headers.get("HX-Request"):
        return HttpResponse(refused.reason, status=refused.status,
                            content_type="text/plain; charset=utf-8")
    template = f"{refused.status}.html"
    html = render_to_string(template, {"reason": refused.reason}, request=request)
    return HttpResponse(html, status=refused.status)


class RequestGuardMiddleware:
    """Refuse unreadable or unsafe requests before the rest of the site sees them."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        """Check, then pass on."""
        try:
            check(request)
        except Refused as refused:
            log.info("refused %s %s: %s", request.method, request.path[:200], refused.reason)
            return refusal(request, refused)
        return self.get_response(request)


class HostGuardMiddleware:
    """First of all middleware: a request for a host the site does not serve gets a plain
    400 and one INFO line, not Django's DisallowedHost traceback (issue 38). Its answer is
    plain text: the site's pages build links from the host it refused."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        """Check the host, then pass on."""
        try:
            request.get_host()
        except DisallowedHost:
            host = CONTROL.sub("?", str(request.META.get("HTTP_HOST", "")))[:100]
            log.info("refused %s %s: bad Host header %r", request.method,
                     CONTROL.sub("?", request.path)[:200], host)
            return HttpResponse("Bad request: this site does not serve that host "
                                "(the Host header).", status=400,
                                content_type="text/plain; charset=utf-8")
        return self.get_response(request)
