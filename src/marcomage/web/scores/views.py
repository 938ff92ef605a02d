"""The ladder page."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_GET

from marcomage.games import DEFAULT_RULESET, RULESETS, registered, ruleset_name
from marcomage.platform import rating
from marcomage.web.accounts.activity import activity
from marcomage.web.preferences.models import Profile, preferences_of

from .ladder import PER_PAGE, ladder


@login_required
@require_GET
def ladder_page(request: HttpRequest) -> HttpResponse:
    """Players ranked by level and EXP in one game system (?game=, MArcomage by default),
    50 a page, with activity colour and avatar."""
    game = request.GET.get("game", DEFAULT_RULESET)
    if game not in RULESETS:
        game = DEFAULT_RULESET
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
        "game_name": ruleset_name(game),
        "games": registered(),
    }
    return render(request, "scores/ladder.html", context)
