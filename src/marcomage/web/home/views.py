"""Home page, sections still to come, and the help page."""

from __future__ import annotations

from typing import Any, NamedTuple

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.template import TemplateDoesNotExist
from django.template.loader import get_template
from django.views.decorators.http import require_GET

from marcomage.games import find_ruleset, registered
from marcomage.web.accounts.forms import LoginForm
from marcomage.web.core.sections import COMING


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """Visitors see the game systems of the site, log-in and registration; players see the
    games where it is their turn, a first game against the computer in one click, each game
    system with its rules and its lobby, and where to go next."""
    context: dict[str, Any] = {"login_form": LoginForm(), "systems": systems_shown()}
    if request.user.is_authenticated:
        from marcomage.web.decks.services import ready_decks
        from marcomage.web.games.services import visible_games

        names = dict(registered())
        turns = []
        for game in visible_games(request.user):
            seat = game.seat_of(request.user)
            if seat is not None and seat.to_act and game.status == "running":
                turns.append({"pk": game.pk, "opponent": game.opponent_name(seat),
                              "system": names.get(game.ruleset, game.ruleset)})
        decks = ready_decks(request.user)
        context.update(your_turn=turns[:10], first_deck=decks[0].pk if decks else None)
    return render(request, "home/home.html", context)


@login_required
@require_GET
def coming(request: HttpRequest, key: str) -> HttpResponse:
    """A section of the manual that a later part of the project builds."""
    section = COMING.get(key)
    if section is None:
        raise Http404("No such section.")
    return render(request, "home/coming.html", {"nav_section": section}, status=200)


@require_GET
def help_page(request: HttpRequest) -> HttpResponse:
    """The site's help (accounts, levels, messages, forum, settings, colours, shortcuts), then
    each game system's "how to play", in the site's order."""
    return render(request, "home/help.html", {"systems": system_help()})


@require_GET
def system_help_page(request: HttpRequest, ruleset_id: str) -> HttpResponse:
    """One game system's rules on a page of its own, to link from its lobby and board."""
    for system in system_help():
        if system.id == ruleset_id:
            return render(request, "home/help_system.html", {"system": system})
    raise Http404("There is no such game system.")


class SystemShown(NamedTuple):
    """A game system as the home page presents it: its id and name, how many play it, and
    its one-sentence summary (`rulesets/<id>/_summary.html`, or "" when it has none), and
    whether it has a rules page."""

    id: str
    name: str
    players: str
    summary: str
    rules: bool


def systems_shown() -> list[SystemShown]:
    """Every registered game system, in the site's order."""
    with_rules = {system.id for system in system_help()}
    found = []
    for ruleset_id, name in registered():
        seats = find_ruleset(ruleset_id).seats
        players = (f"{seats[0]} players" if len(seats) == 1
                   else f"{seats[0]} to {seats[-1]} players")
        try:
            summary = get_template(f"rulesets/{ruleset_id}/_summary.html").render().strip()
        except TemplateDoesNotExist:
            summary = ""
        found.append(SystemShown(ruleset_id, name, players, summary,
                                 ruleset_id in with_rules))
    return found


class SystemHelp(NamedTuple):
    """A game system's help: its id, its name and its `rulesets/<id>/_help.html` template."""

    id: str
    name: str
    template: str


def system_help() -> list[SystemHelp]:
    """The "how to play" of every registered game system that has one."""
    found = []
    for ruleset_id, name in registered():
        template = f"rulesets/{ruleset_id}/_help.html"
        try:
            get_template(template)
        except TemplateDoesNotExist:
            continue
        found.append(SystemHelp(ruleset_id, name, template))
    return found
