"""Home page, sections still to come, and the help page."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.template import TemplateDoesNotExist
from django.template.loader import get_template
from django.views.decorators.http import require_GET

from marcomage.games import registered
from marcomage.web.accounts.forms import LoginForm

from .sections import COMING


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
    """Colours and keyboard shortcuts of the manual, then how to play each game system that
    has a help text of its own (`rulesets/<id>/_help.html`)."""
    return render(request, "core/help.html", {"game_help": game_help()})


def game_help() -> list[tuple[str, str]]:
    """(name, template) of every game system's "how to play" text, in the site's order."""
    found = []
    for ruleset_id, name in registered():
        template = f"rulesets/{ruleset_id}/_help.html"
        try:
            get_template(template)
        except TemplateDoesNotExist:
            continue
        found.append((name, template))
    return found
