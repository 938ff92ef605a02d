"""Home page, sections still to come, and the help page."""

from __future__ import annotations

from typing import Any

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
    """Visitors see log-in and registration; players see the games where it is their turn,
    a first game against the computer in one click, and where to go next."""
    context: dict[str, Any] = {"login_form": LoginForm()}
    if request.user.is_authenticated:
        from marcomage.web.decks.services import ready_decks
        from marcomage.web.games.services import visible_games

        turns = []
        for game in visible_games(request.user):
            seat = game.seat_of(request.user)
            if seat is not None and seat.to_act and game.status == "running":
                turns.append({"pk": game.pk, "opponent": game.opponent_name(seat)})
        decks = ready_decks(request.user)
        context.update(your_turn=turns[:10], first_deck=decks[0].pk if decks else None)
    return render(request, "core/home.html", context)


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
    """The site's help, then each game system's "how to play": the template
    `rulesets/<id>/_help.html` of every game system that has one, in the site's order."""
    return render(request, "core/help.html", {"system_help": system_help()})


def system_help() -> list[str]:
    """The "how to play" template of every registered game system that has one."""
    found = []
    for ruleset_id, _name in registered():
        template = f"rulesets/{ruleset_id}/_help.html"
        try:
            get_template(template)
        except TemplateDoesNotExist:
            continue
        found.append(template)
    return found
