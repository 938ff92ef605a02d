"""Players pages: the list (paged, filtered, sorted) and one player's details."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_GET

from marcomage.games import RULESETS, find_ruleset
from marcomage.web.accounts.activity import activity
from marcomage.web.accounts.names import name_key
from marcomage.web.preferences.choices import PlayersFilter, Status
from marcomage.web.preferences.countries import COUNTRY_NAMES
from marcomage.web.preferences.models import Profile, preferences_of, profile_of
from marcomage.web.scores.services import score_of, scores_of

from . import services


@login_required
@require_GET
def player_list(request: HttpRequest) -> HttpResponse:
    """The players list; htmx requests get only the results part."""
    preferences = preferences_of(request.user)
    query = services.Query.from_params(request.GET, preferences.players_filter)
    page = Paginator(services.players(query), services.PER_PAGE).get_page(request.GET.get("page"))
    now = timezone.now()
    bots = services.bot_ids(player.pk for player in page.object_list)
    rows = []
    for player in page.object_list:
        profile = getattr(player, "profile", None) or Profile(user=player)
        rows.append(
            {
                "player": player,
                "profile": profile,
                "activity": activity(player.last_activity, now),
                "country_name": COUNTRY_NAMES.get(profile.country, ""),
                "bot": player.pk in bots,
            }
        )
    params = request.GET.copy()
    params.pop("page", None)
    context = {
        "query": query,
        "page": page,
        "rows": rows,
        "filters": PlayersFilter.choices,
        "statuses": Status.choices,
        "sorts": [(key, label) for key, (label, _) in services.SORTS.items()],
        "params": params.urlencode(),
        "show_avatars": preferences.show_avatar_in_players_list,
        "show_nationality": preferences.show_nationality,
        "section": "players",
    }
    template = "players/_results.html" if request.headers.get("HX-Request") else "players/list.html"
    return render(request, template, context)


@login_required
@require_GET
def player_detail(request: HttpRequest, name: str) -> HttpResponse:
    """One player's profile, status and activity."""
    try:
        player = get_user_model().objects.get(username_key=name_key(name), is_active=True)
    except get_user_model().DoesNotExist as missing:
        raise Http404("No such player.") from missing
    profile = profile_of(player)
    context = {
        "player": player,
        "profile": profile,
        "activity": activity(player.last_activity, timezone.now()),
        "country_name": COUNTRY_NAMES.get(profile.country, ""),
        "score": score_of(player),
        "bot": services.is_bot(player),
        "scores": [(find_ruleset(s.game).name, s) for s in scores_of(player)
                   if s.game in RULESETS],
        "section": "players",
    }
    return render(request, "players/detail.html", context)
