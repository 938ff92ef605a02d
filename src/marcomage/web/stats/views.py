"""The statistics pages: thin views over stats.services and stats.charts."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from marcomage.games import UnknownRuleset, find_ruleset, registered

from . import charts, services
from .models import SystemTotal

PER_PAGE = 50
TOP = 15


def _system(ruleset: str) -> str:
    try:
        return find_ruleset(ruleset).id
    except UnknownRuleset:
        raise Http404("There is no such game system.") from None


def index(request: HttpRequest) -> HttpResponse:
    """The game systems, each with its number of finished games."""
    totals = {t.ruleset: t.games for t in SystemTotal.objects.all()}
    systems = [(id_, name, totals.get(id_, 0)) for id_, name in registered()]
    return render(request, "stats/index.html", {"systems": systems, "nav_current": "stats"})


def cards(request: HttpRequest, ruleset: str) -> HttpResponse:
    """Per card: how often decks hold it, how often it is used, and the win rate of the decks
    holding it, with a 95% interval; the best win rates as a chart."""
    ruleset = _system(ruleset)
    order = request.GET.get("order", "picked")
    table = services.card_table(ruleset, order if order in services.ORDERS else "picked")
    rated = sorted((r for r in table.rows if r.win_rate is not None),
                   key=lambda r: -(r.win_rate or 0))[:TOP]
    chart = charts.bars([(r.name, r.win_rate or 0, *r.interval,
                          f"{100 * (r.win_rate or 0):.0f}% of {r.results}") for r in rated])
    page = Paginator(table.rows, PER_PAGE).get_page(request.GET.get("page"))
    return render(request, "stats/cards.html", {
        "ruleset": ruleset, "system": services.system_name(ruleset), "table": table,
        "page": page, "order": order, "orders": services.ORDERS, "chart": chart,
        "rated": rated, "min_results": services.MIN_RESULTS, "nav_current": "stats"})


def games(request: HttpRequest, ruleset: str) -> HttpResponse:
    """How games of the system ended and how long they lasted, over time."""
    ruleset = _system(ruleset)
    found, ends, unit = services.periods(ruleset)
    stacked = charts.columns([p.label for p in found], ends,
                             [[p.by_end.get(e, 0) for e in ends] for p in found])
    lengths = charts.line([p.label for p in found], [round(p.mean_rounds, 1) for p in found])
    return render(request, "stats/games.html", {
        "ruleset": ruleset, "system": services.system_name(ruleset), "periods": found,
        "ends": ends, "unit": unit, "stacked": stacked, "lengths": lengths,
        "nav_current": "stats"})


def player(request: HttpRequest, name: str, ruleset: str) -> HttpResponse:
    """One player's results by opponent and EXP over time in one game system."""
    ruleset = _system(ruleset)
    user = get_object_or_404(get_user_model(), username=name)
    rows = services.versus(user, ruleset)
    history, unit = services.exp_history(user, ruleset)
    exp_line = charts.line([p.label for p in history], [float(p.exp) for p in history])
    results = charts.bars([(r.opponent, r.wins / r.games, r.wins / r.games, r.wins / r.games,
                            f"{r.wins}-{r.losses}-{r.draws}") for r in rows[:TOP]])
    return render(request, "stats/player.html", {
        "ruleset": ruleset, "system": services.system_name(ruleset), "player": user,
        "rows": rows, "history": history, "unit": unit, "exp_line": exp_line, "results": results,
        "systems": registered(), "nav_current": "stats"})
