"""Games pages: thin wrappers around `services` (rules) and `payload` (what a player sees).

htmx requests get fragments (the board, the chat log); plain form posts get a redirect with a
message, so the site also works without JavaScript. Every refusal says why.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.html import escape
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from marcomage.web.decks.services import ready_decks
from marcomage.web.players.activity import activity
from marcomage.web.preferences.models import preferences_of

from . import computer, services
from .models import CHALLENGE_LENGTH, CHAT_LENGTH, NOTE_LENGTH, AiLevel, Game, Status
from .payload import board_context, chat_lines, render_board
from .services import GameError, NotFound

MODE_FILTERS = (("ignore", "ignore"), ("only", "only with"), ("without", "only without"))


def _htmx(request: HttpRequest) -> bool:
    return bool(request.headers.get("HX-Request"))


def _flag(request: HttpRequest, name: str) -> bool:
    return request.POST.get(name) in {"1", "on", "true", "yes"}


def _deck_context(user: Any) -> dict[str, Any]:
    return {"decks": ready_decks(user),
            "random_deck": preferences_of(user).random_deck_selection}


@login_required
@require_GET
def game_list(request: HttpRequest) -> HttpResponse:
    """Your games, challenges, hosting and the free games (C-GAME-8, C-GAME-18)."""
    user = request.user
    computer.resume_for(user)
    now = timezone.now()
    rows = []
    for game in services.visible_games(user):
        seat = game.seat_of(user)
        opponent = game.opponent_of(seat)
        rows.append({
            "game": game, "opponent": opponent, "activity": activity(opponent.last_activity, now),
            "opponent_name": game.opponent_name(seat), "computer": bool(game.ai_level),
            "my_turn": game.status == Status.RUNNING and game.current == seat,
            "finished": game.status == Status.FINISHED,
            "opponent_dead": services.dead(opponent, now),
        })
    free = services.open_games(user)
    filter_hidden = request.GET.get("hidden", "ignore")
    filter_friendly = request.GET.get("friendly", "ignore")
    for field, value in (("hidden", filter_hidden), ("friendly", filter_friendly)):
        if value in {"only", "without"}:
            free = free.filter(**{field: value == "only"})
    preferences = preferences_of(user)
    context = {
        **_deck_context(user),
        "games": rows,
        "incoming": [{"game": g, "activity": activity(g.player1.last_activity, now)}
                     for g in services.challenges_to(user)],
        "outgoing": services.challenges_from(user),
        "hosted": services.hosted_by(user),
        "free": [{"game": g, "activity": activity(g.player1.last_activity, now)} for g in free],
        "mode_filters": MODE_FILTERS,
        "filter_hidden": filter_hidden,
        "filter_friendly": filter_friendly,
        "used": services.used_slots(user),
        "total": services.total_slots(user),
        "next_id": services.next_game(user),
        "advanced": preferences.advanced_games_list,
        "ai_levels": AiLevel.choices,
        "auto_refresh": preferences.auto_refresh,
    }
    return render(request, "games/list.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def challenge(request: HttpRequest, name: str) -> HttpResponse:
    """Challenge a player: deck, modes and an optional message (C-GAME-6)."""
    opponent = services.player_by_name(name)
    if opponent is None:
        raise Http404("No such player.")
    context: dict[str, Any] = {**_deck_context(request.user), "opponent": opponent,
                               "max_length": CHALLENGE_LENGTH, "hidden": False,
                               "friendly": False, "message": ""}
    if request.method == "POST":
        message = request.POST.get("message", "")
        try:
            services.challenge(request.user, opponent, request.POST.get("deck"), message,
                               hidden=_flag(request, "hidden"),
                               friendly=_flag(request, "friendly"))
        except GameError as problem:
            context.update(error=str(problem), message=message, hidden=_flag(request, "hidden"),
                           friendly=_flag(request, "friendly"))
            return render(request, "games/challenge.html", context, status=400)
        messages.success(request, f"You challenged {opponent.username}.")
        return redirect("games:list")
    return render(request, "games/challenge.html", context)


def _lobby_action(request: HttpRequest, action: Any, success: str) -> HttpResponse:
    """Run one lobby service; redirect to the game it started, or back to the list."""
    try:
        result = action()
    except NotFound as problem:
        raise Http404(str(problem)) from None
    except GameError as problem:
        messages.error(request, str(problem))
        return redirect("games:list")
    messages.success(request, success)
    if isinstance(result, Game) and result.status == Status.RUNNING:
        return redirect("games:game", result.pk)
    return redirect("games:list")


@login_required
@require_POST
def accept(request: HttpRequest, game_id: int) -> HttpResponse:
    """Accept a challenge with one of your ready decks."""
    return _lobby_action(request, lambda: services.accept(
        request.user, game_id, request.POST.get("deck")), "Challenge accepted: the game starts.")


@login_required
@require_POST
def reject(request: HttpRequest, game_id: int) -> HttpResponse:
    """Reject a challenge."""
    return _lobby_action(request, lambda: services.reject(request.user, game_id),
                         "Challenge rejected.")


@login_required
@require_POST
def withdraw(request: HttpRequest, game_id: int) -> HttpResponse:
    """Take back a challenge you sent."""
    return _lobby_action(request, lambda: services.withdraw(request.user, game_id),
                         "Challenge withdrawn.")


@login_required
@require_POST
def host(request: HttpRequest) -> HttpResponse:
    """Host a game anyone may join."""
    return _lobby_action(request, lambda: services.host(
        request.user, request.POST.get("deck"), hidden=_flag(request, "hidden"),
        friendly=_flag(request, "friendly")), "Game hosted: it starts when someone joins.")


@login_required
@require_POST
def play_computer(request: HttpRequest) -> HttpResponse:
    """Start a friendly game against the computer at the chosen difficulty (issue 11)."""
    return _lobby_action(request, lambda: computer.start(
        request.user, request.POST.get("deck"), request.POST.get("level"),
        hidden=_flag(request, "hidden")), "The game against the computer starts.")


@login_required
@require_POST
def unhost(request: HttpRequest, game_id: int) -> HttpResponse:
    """Cancel a hosted game nobody joined."""
    return _lobby_action(request, lambda: services.unhost(request.user, game_id),
                         "Hosted game cancelled.")


@login_required
@require_POST
def join(request: HttpRequest, game_id: int) -> HttpResponse:
    """Join a hosted game with one of your ready decks."""
    return _lobby_action(request, lambda: services.join(
        request.user, game_id, request.POST.get("deck")), "You joined the game: it starts.")


def _my_game(request: HttpRequest, game_id: int) -> Game:
    """A started game of this player that he has not left; 404 for anyone else."""
    game = Game.objects.select_related("player1", "player2").filter(pk=game_id).first()
    if game is None or game.status not in services.STARTED:
        raise Http404("There is no such game.")
    seat = game.seat_of(request.user)
    if not seat or (game.left1 if seat == 1 else game.left2):
        raise Http404("There is no such game.")
    return game


@login_required
@require_GET
def game_page(request: HttpRequest, game_id: int) -> HttpResponse:
    """The game screen."""
    game = _my_game(request, game_id)
    computer.resume([game])
    context = board_context(game, request.user)
    context.update(chat_length=CHAT_LENGTH, note_length=NOTE_LENGTH, oob=False)
    return render(request, "games/game.html", context)


def _board(request: HttpRequest, game_id: int, notice: str = "") -> HttpResponse:
    game = _my_game(request, game_id)
    computer.resume([game])
    return HttpResponse(render_board(game, request.user, request=request, notice=notice))


@login_required
@require_GET
def board(request: HttpRequest, game_id: int) -> HttpResponse:
    """The board fragment: the Refresh button (Alt+W) and resyncs."""
    return _board(request, game_id)


def _game_action(request: HttpRequest, game_id: int, action: Any) -> HttpResponse:
    """Run one in-game service; answer with the player's board (htmx) or a redirect."""
    notice = ""
    try:
        action()
    except NotFound as problem:
        raise Http404(str(problem)) from None
    except GameError as problem:
        notice = str(problem)
    if _htmx(request):
        return _board(request, game_id, notice)
    if notice:
        messages.error(request, notice)
    return redirect("games:game", game_id)


@login_required
@require_POST
def act(request: HttpRequest, game_id: int) -> HttpResponse:
    """Play or discard a card, against the version the page showed (one round trip)."""
    data = request.POST
    return _game_action(request, game_id, lambda: services.act(
        request.user, game_id, data.get("version"), data.get("kind"), data.get("pos"),
        data.get("mode", 0)))


@login_required
@require_POST
def surrender(request: HttpRequest, game_id: int) -> HttpResponse:
    """Surrender (C-GAME-11)."""
    return _game_action(request, game_id, lambda: services.surrender(request.user, game_id))


@login_required
@require_POST
def abort(request: HttpRequest, game_id: int) -> HttpResponse:
    """Abort the game of a dead opponent (C-GAME-12)."""
    return _game_action(request, game_id, lambda: services.abort(request.user, game_id))


@login_required
@require_POST
def finish(request: HttpRequest, game_id: int) -> HttpResponse:
    """Finish the game of an opponent who stopped moving (C-GAME-14)."""
    return _game_action(request, game_id, lambda: services.finish(request.user, game_id))


@login_required
@require_POST
def leave(request: HttpRequest, game_id: int) -> HttpResponse:
    """Leave a finished game (C-GAME-17)."""
    try:
        services.leave(request.user, game_id)
    except NotFound as problem:
        raise Http404(str(problem)) from None
    except GameError as problem:
        messages.error(request, str(problem))
        target = redirect("games:game", game_id)
    else:
        messages.success(request, "You left the game.")
        target = redirect("games:list")
    if _htmx(request):
        response = HttpResponse(status=204)
        response["HX-Redirect"] = target["Location"]
        return response
    return target


@login_required
@require_POST
def chat(request: HttpRequest, game_id: int) -> HttpResponse:
    """Post a chat line; htmx gets the fresh chat log (C-SITE-3)."""
    error = ""
    try:
        services.post_chat(request.user, game_id, request.POST.get("text", ""))
    except NotFound as problem:
        raise Http404(str(problem)) from None
    except GameError as problem:
        error = str(problem)
    if not _htmx(request):
        if error:
            messages.error(request, error)
        return redirect("games:game", game_id)
    game = _my_game(request, game_id)
    html = render_to_string("games/_chat_log.html",
                            {"chat": chat_lines(game, request.user), "viewer": request.user},
                            request=request)
    html += ('<span id="chat-error" class="error" role="alert" hx-swap-oob="true">'
             f"{escape(error)}</span>")
    response = HttpResponse(html)
    if error:
        response["X-Chat-Error"] = "1"
    return response


@login_required
@require_POST
def note(request: HttpRequest, game_id: int) -> HttpResponse:
    """Save the player's private game note."""
    try:
        services.save_note(request.user, game_id, request.POST.get("text", ""))
        status = "Saved."
    except NotFound as problem:
        raise Http404(str(problem)) from None
    except GameError as problem:
        status = str(problem)
    if _htmx(request):
        return HttpResponse(escape(status))
    messages.info(request, status)
    return redirect("games:game", game_id)


@login_required
@require_GET
def next_game(request: HttpRequest) -> HttpResponse:
    """ "Next game": the next game where it is your turn, online opponents first."""
    try:
        after = int(request.GET.get("from", ""))
    except ValueError:
        after = None
    found = services.next_game(request.user, after)
    if found is None:
        messages.info(request, "It is not your turn in any other game.")
        return redirect("games:game", after) if after else redirect("games:list")
    return redirect("games:game", found)
