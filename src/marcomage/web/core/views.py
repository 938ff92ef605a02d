"""Home page, sections still to come, and the help page."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from marcomage.games import registered
from marcomage.web.accounts.forms import LoginForm

from .sections import COMING
from .widgets import widget


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """Visitors see log-in and registration; players see where to go next."""
    return render(request, "core/home.html", {"login_form": LoginForm()})


@login_required
@require_GET
def coming(request: HttpRequest, key: str) -> HttpResponse:
    """A section of the manual that a later part of the project builds."""
    section = COMING.get(key)
    if section is None:
        raise Http404("No such section.")
    return render(request, "core/coming.html", {"nav_section": section}, status=200)


@require_GET
def help_page(request: HttpRequest) -> HttpResponse:
    """Colours and keyboard shortcuts of the manual, then each game system's "how to play"
    (the `HELP_TEMPLATE` of its widget folder's `help` module, where it has one)."""
    sections = []
    for ruleset_id, _name in registered():
        found = widget(ruleset_id, "help") if ruleset_id.isidentifier() else None
        if found is not None:
            sections.append(found.HELP_TEMPLATE)
    return render(request, "core/help.html", {"system_help": sections})
