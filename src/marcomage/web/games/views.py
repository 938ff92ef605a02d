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

from marcomage.games import DEFAULT_RULESET, find_ruleset, registered
from marcomage.platform.protocol import BOUNDS, CHOICES, FIXED, Ruleset
from marcomage.web.accounts.activity import activity
from marcomage.web.core import widgets
from marcomage.web.core.rate_limit import rate_limited
from marcomage.web.decks.services import ready_decks
from marcomage.web.preferences.models import preferences_of

from . import computer, services
from .models import CHALLENGE_LENGTH, CHAT_LENGTH, NOTE_LENGTH, AiLevel, Game, Status
from .payload import board_context, chat_lines, in_place, render_board, seat_board
from .services import GameError, NotFound

MODE_FILTERS = (("ignore", "ignore"), ("only", "only with"), ("without", "only without"))


def _htmx(request: HttpRequest) -> bool:
    return bool(request.headers.get("HX-Request"))


def _flag(request: HttpRequest, name: str) -> bool:
    return request.POST.get(name) in {"1", "on", "true", "yes"}


def _systems() -> list[Ruleset]:
    """The game systems a lobby form offers, MArcomage first."""
    return [find_ruleset(ruleset_id) for ruleset_id, _name in registered()]


def _system(request: HttpRequest) -> Ruleset:
    """The game system chosen first (the "game" field), MArcomage by default."""
    chosen = request.POST.get("game") or request.GET.get("game") or DEFAULT_RULESET
    try:
        return services.ruleset_of(str(chosen))
    except GameError:
        raise Http404("There is no such game system.") from None


def _options(request: HttpRequest, ruleset: Ruleset) -> dict[str, Any]:
    """The posted options as JSON: a checkbox per bool field, a number per int field."""
    chosen: dict[str, Any] = {}
    for field in services.option_fields(ruleset):
        kind = field.type if isinstance(field.type, str) else getattr(field.type, "__name__", "")
        if kind == "bool":
            chosen[field.name] = _flag(request, field.name)
        elif kind == "int":
            raw = request.POST.get(field.name, "")
            if raw != "":
                try:
                    chosen[field.name] = int(raw)
                except ValueError:
                    raise GameError(f"The option {field.name} must be a whole number.") from None
        elif field.name in request.POST:
            chosen[field.name] = request.POST[field.name]
    return chosen


def _option_rows(ruleset: Ruleset, chosen: dict[str, Any] | None = None,
                 omit: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """The Options fields as form inputs: bool -> checkbox, a field with choices -> a list,
    int -> a number within the field's bounds, anything else -> text; a fixed option is shown
    as a setting that cannot be changed (PL-PROTO-7)."""
    labels = widgets.board_of(ruleset.id).option_labels
    rows = []
    for field in services.option_fields(ruleset):
        if field.name in omit:
            continue
        kind = field.type if isinstance(field.type, str) else getattr(field.type, "__name__", "")
        value = (chosen or {}).get(field.name, field.default)
        row = {"name": field.name, "value": value,
               "label": labels.get(field.name, field.name.replace("_", " ").capitalize())}
        if field.metadata.get(FIXED):
            row["kind"] = "fixed"
        elif kind == "bool":
            row["kind"] = "checkbox"
        elif CHOICES in field.metadata:
            row["kind"] = "select"
            row["choices"] = [(choice, choice.replace("_", " ").capitalize())
                              for choice in field.metadata[CHOICES]]
        elif kind == "int":
            row["kind"] = "number"
            row["bounds"] = field.metadata.get(BOUNDS)
        else:
            row["kind"] = "text"
        rows.append(row)
    return rows


def _deck_context(user: Any, ruleset: Ruleset) -> dict[str, Any]:
    return {"decks": ready_decks(user, ruleset.id),
            "random_deck": preferences_of(user).random_deck_selection,
            "system": ruleset, "systems": _systems(),
            "formats": list(ruleset.formats.values()),
            "seat_counts": list(ruleset.seats),
            "option_rows": _option_rows(ruleset)}


def _hosted_row(game: Game, user: Any) -> dict[str, Any]:
    seat = game.seat_of(user)
    return {"game": game, "mine": seat is not None and seat.number == 0,
            "system": services.ruleset_of(game).name,
            "deck_name": seat.deck_name if seat is not None else "",
            "filled": sum(1 for s in game.seat_list() if s.user_id is not None)}


@login_required
@require_GET
def game_list(request: HttpRequest) -> HttpResponse:
    """Your games, challenges, hosting and the free games (C-GAME-8, C-GAME-18)."""
    user = request.user
    system = _system(request)
    now = timezone.now()
    rows = []
    for game in services.visible_games(user):
        seat = game.seat_of(user)
        assert seat is not None
        others = [o for o in game.others(seat) if o.user is not None]
        opponent = others[0].user if others else None
        rows.append({
            "game": game, "system": services.ruleset_of(game).name, "opponent": opponent,
            "opponents": [o.user for o in others],
            "activity": activity(opponent.last_activity, now) if opponent else None,
            "opponent_name": game.opponent_name(seat), "computer": bool(game.ai_level),
            "my_turn": game.status == Status.RUNNING and seat.to_act,
            "waiting_for": ", ".join(o.user.username for o in others if o.to_act),
            "finished": game.status == Status.FINISHED,
            "opponent_dead": any(services.dead(o.user, now) for o in others),
        })
    free = services.open_games(user)
    filter_hidden = request.GET.get("hidden", "ignore")
    filter_friendly = request.GET.get("friendly", "ignore")
    if filter_hidden in {"only", "without"}:
        hidden_games = free.filter(options__hidden=True).values("pk")
        free = (free.filter(pk__in=hidden_games) if filter_hidden == "only"
                else free.exclude(pk__in=hidden_games))
    if filter_friendly in {"only", "without"}:
        free = free.filter(friendly=filter_friendly == "only")
    preferences = preferences_of(user)
    context = {
        **_deck_context(user, system),
        "games": rows,
        "incoming": [{"game": g, "activity": activity(g.host.last_activity, now),
                      "system": services.ruleset_of(g).name,
                      "decks": ready_decks(user, g.ruleset)}
                     for g in services.challenges_to(user)],
        "outgoing": services.challenges_from(user),
        "hosted": [_hosted_row(g, user) for g in services.hosted_by(user)],
        "free": [{"game": g, "activity": activity(g.host.last_activity, now),
                  "system": services.ruleset_of(g).name, "decks": ready_decks(user, g.ruleset),
                  "filled": sum(1 for s in g.seat_list() if s.user_id is not None)}
                 for g in free],
        "mode_filters": MODE_FILTERS,
        "filter_hidden": filter_hidden,
        "filter_friendly": filter_friendly,
        "used": services.used_slots(user),
        "total": services.total_slots(user),
        "next_id": services.next_game(user),
        "advanced": preferences.advanced_games_list,
        "ai_levels": AiLevel.choices,
        "computer_options": _option_rows(system, omit=("friendly",)),
        "computer_plays": computer.plays(system.id),
        "auto_refresh": preferences.auto_refresh,
    }
    return render(request, "games/list.html", context)


@login_required
@require_http_methods(["GET", "POST"])
@rate_limited("challenge")
def challenge(request: HttpRequest, name: str) -> HttpResponse:
    """Challenge a player: game system, format, deck, options and a message (C-GAME-6)."""
    opponent = services.player_by_name(name)
    if opponent is None:
        raise Http404("No such player.")
    system = _system(request)
    context: dict[str, Any] = {**_deck_context(request.user, system), "opponent": opponent,
                               "max_length": CHALLENGE_LENGTH, "message": ""}
    if request.method == "POST":
        message = request.POST.get("message", "")
        try:
            chosen = _options(request, system)
            services.challenge(request.user, opponent, request.POST.get("deck"), message,
                               ruleset=system.id, format=request.POST.get("format"),
                               options=chosen)
        except GameError as problem:
            context.update(error=str(problem), message=message,
                           option_rows=_option_rows(system, _options_or_empty(request, system)))
            return render(request, "games/challenge.html", context, status=400)
        messages.success(request, f"You challenged {opponent.username}.")
        return redirect("games:list")
    return render(request, "games/challenge.html", context)


def _options_or_empty(request: HttpRequest, ruleset: Ruleset) -> dict[str, Any]:
    try:
        return _options(request, ruleset)
    except GameError:
        return {}


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
    """Host a game anyone may join; in a game of more than two seats the computer may take
    some of them (issue 35)."""
    system = _system(request)
    robots = request.POST.getlist("computer_seats")
    if robots:
        return _lobby_action(request, lambda: computer.host(
            request.user, request.POST.get("deck"), request.POST.get("level"), robots,
            ruleset=system.id, format=request.POST.get("format"),
            options=_options(request, system), seats=request.POST.get("seats")),
            "Game hosted with the computer: it starts when people fill the other seats.")
    return _lobby_action(request, lambda: services.host(
        request.user, request.POST.get("deck"), ruleset=system.id,
        format=request.POST.get("format"), options=_options(request, system),
        seats=request.POST.get("seats")), "Game hosted: it starts when all seats are filled.")


@login_required
@require_POST
def play_computer(request: HttpRequest) -> HttpResponse:
    """Start a friendly game against the computer at the chosen difficulty (issue 11); in a
    game of more seats the computer takes all the others (issue 35)."""
    system = _system(request)
    return _lobby_action(request, lambda: computer.start(
        request.user, request.POST.get("deck"), request.POST.get("level"),
        ruleset=system.id, format=request.POST.get("format"),
        options=_options(request, system), seats=request.POST.get("seats")),
        "The game against the computer starts.")


@login_required
@require_POST
def unhost(request: HttpRequest, game_id: int) -> HttpResponse:
    """Cancel a hosted game that has not started (its host), or give a joined seat back."""
    game = services.find_game(game_id)
    seat = game.seat_of(request.user) if game is not None else None
    done = ("Hosted game cancelled." if seat is None or seat.number == 0
            else "You left the hosted game.")
    return _lobby_action(request, lambda: services.unhost(request.user, game_id), done)


@login_required
@require_POST
def join(request: HttpRequest, game_id: int) -> HttpResponse:
    """Join a hosted game with one of your ready decks."""
    return _lobby_action(request, lambda: services.join(
        request.user, game_id, request.POST.get("deck")), "You joined the game: it starts.")


def _my_game(request: HttpRequest, game_id: int) -> Game:
    """A started game of this player that he has not left; 404 for anyone else."""
    game = services.find_game(game_id)
    if game is None or game.status not in services.STARTED:
        raise Http404("There is no such game.")
    seat = game.seat_of(request.user)
    if seat is None or seat.left:
        raise Http404("There is no such game.")
    return game


@login_required
@require_GET
def game_page(request: HttpRequest, game_id: int) -> HttpResponse:
    """The game screen."""
    game = _my_game(request, game_id)
    context = board_context(game, request.user)
    context.update(chat_length=CHAT_LENGTH, note_length=NOTE_LENGTH, oob=False,
                   my_games=_game_list(request.user),
                   hand_anchor=widgets.board_of(game.ruleset).hand_anchor)
    return render(request, "games/game.html", context)


def _game_list(user: Any) -> list[dict[str, Any]]:
    """The player's games for the in-game list (the manual's game list): opponent and whether
    it is his turn, so he switches game without leaving the board."""
    found = []
    for game in services.visible_games(user)[:30]:
        seat = game.seat_of(user)
        if seat is None:
            continue
        found.append({"pk": game.pk, "label": f"{game.opponent_name(seat)} "
                      f"({services.ruleset_of(game).name})",
                      "mine_to_act": seat.to_act and game.status == Status.RUNNING})
    return found


def _board(request: HttpRequest, game_id: int, notice: str = "", *, fresh: bool = False,
           game: Game | None = None) -> HttpResponse:
    """The player's board: the shared rendering of this version (payload.seat_board), or,
    with a refusal to show, one of its own. `game` is the game as the player's own
    accepted request just stored it (no need to read it again): its page gets the board
    from this answer, so the seat's sockets send it only a note (issue 36)."""
    stored = game is not None
    if game is None:
        game = _my_game(request, game_id)
    if notice:
        return HttpResponse(render_board(game, request.user, request=request, notice=notice))
    return HttpResponse(in_place(seat_board(game, request.user, fresh=fresh,
                                            answer=stored)))


@login_required
@require_GET
def board(request: HttpRequest, game_id: int) -> HttpResponse:
    """The board fragment: the Refresh button (Alt+W) and resyncs (drawn anew, so a change
    of settings shows at once)."""
    return _board(request, game_id, fresh=True)


def _game_action(request: HttpRequest, game_id: int, action: Any) -> HttpResponse:
    """Run one in-game service; answer with the player's board (htmx) or a redirect."""
    notice = ""
    stored: Game | None = None
    try:
        result = action()
    except NotFound as problem:
        raise Http404(str(problem)) from None
    except GameError as problem:
        notice = str(problem)
    else:
        stored = result if isinstance(result, Game) else None
    if _htmx(request):
        return _board(request, game_id, notice, game=stored)
    if notice:
        messages.error(request, notice)
    return redirect("games:game", game_id)


@login_required
@require_POST
def act(request: HttpRequest, game_id: int) -> HttpResponse:
    """One action, against the version the page showed (one round trip): the action's JSON
    ("action"), or the fields of the game's own board form."""
    data = request.POST
    # The form is read once the game is locked (play.act_on_form): no query of its own.
    return _game_action(request, game_id, lambda: services.act_on_form(
        request.user, game_id, data.get("version"), data))


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
@rate_limited("chat")
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
