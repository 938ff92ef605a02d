"""Players: the list, one profile with its per-game-system EXP, your own account and its
bot flag."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.paginator import Paginator
from django.http import HttpRequest
from ninja import Query, Router, Schema
from ninja.errors import HttpError

from marcomage.games import RULESETS, find_ruleset
from marcomage.web.accounts.names import name_key
from marcomage.web.players import services
from marcomage.web.preferences.models import profile_of
from marcomage.web.scores.services import scores_of

from ..auth import need
from ..schemas import REFUSALS, BotFlag, Me, PlayerPage, Profile, ScoreOut
from ..tokens import bot_ids, is_bot, set_bot

router = Router(tags=["players"])


class PlayerFilter(Schema):
    name: str = ""
    activity: str = "all"
    sort: str = "name"
    page: int = 1


def _player(name: str) -> Any:
    """An active account by name, else 404."""
    found = get_user_model().objects.filter(username_key=name_key(name), is_active=True).first()
    if found is None:
        raise HttpError(404, "There is no such player.")
    return found


def _scores(player: Any) -> list[dict[str, Any]]:
    return [{"game": s.game, "game_name": find_ruleset(s.game).name, "level": s.level,
             "exp": s.exp, "wins": s.wins, "losses": s.losses, "draws": s.draws}
            for s in scores_of(player) if s.game in RULESETS]


@router.get("/players", response={200: PlayerPage, **REFUSALS})
def players(request: HttpRequest, filters: Query[PlayerFilter]) -> Any:
    """Active players (50 a page), filtered by name part and activity (active, offline,
    none, all), sorted by name, activity, newest, country or status."""
    need(request, "read")
    query = services.Query.from_params(filters.dict(), "all")
    page = Paginator(services.players(query), services.PER_PAGE).get_page(filters.page)
    bots = bot_ids(p.pk for p in page.object_list)
    rows = []
    for player in page.object_list:
        profile = getattr(player, "profile", None)
        rows.append({"name": player.username, "bot": player.pk in bots,
                     "last_active": player.last_activity,
                     "status": getattr(profile, "status", "") or "",
                     "country": getattr(profile, "country", "") or ""})
    return {"count": page.paginator.count, "page": page.number,
            "pages": page.paginator.num_pages, "players": rows}


@router.get("/players/{name}", response={200: Profile, **REFUSALS})
def profile(request: HttpRequest, name: str) -> Any:
    """One player's profile and level, EXP and results in each game system."""
    need(request, "read")
    player = _player(name)
    found = profile_of(player)
    return {"name": player.username, "bot": is_bot(player), "registered": player.date_joined,
            "last_active": player.last_activity, "status": found.status or "",
            "country": found.country or "", "scores": _scores(player)}


@router.get("/players/{name}/exp", response={200: list[ScoreOut], **REFUSALS})
def exp(request: HttpRequest, name: str) -> Any:
    """The player's level, EXP and results per game system."""
    need(request, "read")
    return _scores(_player(name))


@router.get("/me", response={200: Me, **REFUSALS})
def me(request: HttpRequest) -> Any:
    """Your account, whether it is marked as a bot, and the scopes of this request."""
    user = need(request, "read")
    token = getattr(request, "api_token", None)
    return {"name": user.username, "bot": is_bot(user),
            "scopes": list(token.scopes) if token else ["read", "play", "decks"]}


@router.put("/me/bot", response={200: Me, **REFUSALS})
def mark_bot(request: HttpRequest, body: BotFlag) -> Any:
    """Mark your account as a bot (a program plays it) or as a person again."""
    user = need(request, "play")
    set_bot(user, body.bot)
    # The answer is built here: calling me() would check the read scope after the change and
    # refuse a play-only token with 403 although its flag was set (issue 37).
    token = getattr(request, "api_token", None)
    return {"name": user.username, "bot": is_bot(user),
            "scopes": list(token.scopes) if token else ["read", "play", "decks"]}
