"""The ladder page."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_GET

from marcomage.games import RULESETS, find_ruleset
from marcomage.platform import rating
from marcomage.web.accounts.activity import activity
from marcomage.web.preferences.models import Profile, preferences_of

from .ladder import PER_PAGE, ladder
from .services import DEFAULT_GAME


@login_required
@require_GET
def ladder_page(request: HttpRequest) -> HttpResponse:
    """Players ranked by level and EXP in one game system (?game=, MArcomage by default),
    50 a page, with activity colour and avatar."""
    game = request.GET.get("game", DEFAULT_GAME)
    if game not in RULESETS:
        game = DEFAULT_GAME
    page = Paginator(ladder(game), PER_PAGE).get_page(request.GET.get("page"))
    now = timezone.now()
    rows = []
    for rank, score in enumerate(page.object_list, start=page.start_index()):
        need = rating.exp_to_level_up(score.level)
        rows.append({
            "rank": rank,
            "score": score,
            "player": score.user,
            "profile": getattr(score.user, "profile", None) or Profile(user=score.user),
            "activity": activity(score.user.last_activity, now),
            "need": need,
            "progress": min(100, score.exp * 100 // need),
        })
    context = {
        "page": page,
        "rows": rows,
        "show_avatars": preferences_of(request.user).show_avatar_in_players_list,
        "section": "ladder",
        "game": game,
        "game_name": find_ruleset(game).name,
        "games": sorted(((g, r.name) for g, r in RULESETS.items()),
                        key=lambda pair: (pair[0] != DEFAULT_GAME, pair[0])),
    }
    return render(request, "scores/ladder.html", context)
