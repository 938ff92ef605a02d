"""MArcomage's game board: its view turned into the two sides, the hands with what may be
played, the history and the discard piles, and its play/discard form read back as an action.
It reads only the view the payload passes in (PL-VIEW-1) and the card list."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from marcomage.games.marcomage import CARDS
from marcomage.games.marcomage.state import OUTCOME_TEXT
from marcomage.platform.protocol import Action
from marcomage.web.core.widgets import Board, ReplayBoard

from .castle import castle
from .drawn import board_in_template, draw, side_in_template
from .templatetags.cards import Faces

TEMPLATE = "rulesets/marcomage/_board.jinja"
HAND_ANCHOR = "my-hand"
"""The id the game page's "Skip to your hand" link points at."""
RESOURCES = (("bricks", "quarry", "Quarry", "Bricks"), ("gems", "magic", "Magic", "Gems"),
             ("recruits", "dungeons", "Dungeons", "Recruits"))
HOW = {str(end_type).lower(): text for end_type, text in OUTCOME_TEXT.items()}


@dataclass(frozen=True)
class Slot:
    """One hand position as the viewer may see it; `card` is None when hidden."""

    pos: int
    card: int | None
    new: bool
    revealed: bool
    playable: bool = False
    modes: int = 0
    guest: Mapping[str, Any] | None = None  # a card concept playing in place of `card`
    short: str = ""
    """Why the owner cannot afford the card ("Needs 3 more gems"), or "" when he can."""
    choices: tuple[tuple[int, str], ...] = ()
    """The modes to offer with their words: hand positions for "select a card" cards."""
    selects: str = ""
    """Which hand a "select a card" card's mode points into: "mine", "theirs" or "both"."""


TARGETS_ENEMY_HAND = frozenset({270, 280, 288, 373, 414, 467})
"""Cards whose mode selects a card of the enemy's hand (C-FX-5); 316 Lich selects both."""


def selected_hand(card_id: int) -> str:
    """Which hand a "select a card" card's mode points into (C-FX-5): "mine", "theirs" or
    "both" (316 Lich)."""
    if card_id == 316:
        return "both"
    return "theirs" if card_id in TARGETS_ENEMY_HAND else "mine"


def shortfall(card_id: int, stock: Mapping[str, Any],
              guest: Mapping[str, Any] | None = None) -> str:
    """What is missing to pay for a card (or the concept playing in its place), in words,
    or "" when the stock covers it."""
    card = CARDS[card_id]
    price = {name: int(guest.get(name, 0)) if guest else getattr(card, name)
             for name in ("bricks", "gems", "recruits")}
    missing = [f"{need - int(stock[name])} more {name}"
               for name, need in price.items() if int(stock[name]) < need]
    return "Needs " + " and ".join(missing) if missing else ""


def _named(card_id: int | None) -> str:
    return CARDS[card_id].name if card_id is not None else "face down"


def mode_choices(pos: int, card_id: int, mine: list[int | None], theirs: list[int | None]
                 ) -> tuple[tuple[int, str], ...]:
    """The words of each mode: for a "select a card" card (8 modes, C-FX-5) the hand
    position and the card there, in the hand the card's text names; else "Mode m"."""
    card = CARDS[card_id]
    if card.modes != 8:
        return tuple((m, f"Mode {m}") for m in range(1, card.modes + 1))
    if card_id in TARGETS_ENEMY_HAND:
        return tuple((m, f"Their card {m}: {_named(theirs[m - 1])}") for m in range(1, 9))
    if card_id == 316:  # Lich: the enemy card at that position, my card at that position
        return tuple((m, f"Position {m}: their {_named(theirs[m - 1])}, your "
                         f"{_named(mine[m - 1])}") for m in range(1, 9))
    return tuple((m, f"Card {m}: {_named(mine[m - 1])}" + (" (this card)" if m == pos else ""))
                 for m in range(1, 9))


def _hand(side: Mapping[str, Any], playable: set[int],
          other: Mapping[str, Any] | None = None,
          guests: Mapping[str, Any] | None = None) -> list[Slot]:
    """A side's hand; `other` (the opponent's side) is given for the viewer's own hand, which
    then says what each card costs him too much and offers its modes in words."""
    new, revealed = set(side["new_cards"]), set(side["revealed"])
    guests = guests or {}
    hand = side["hand"]
    slots = []
    for pos, card in enumerate(hand, start=1):
        if card is None or other is None:
            slots.append(Slot(pos=pos, card=card, new=pos in new, revealed=pos in revealed))
            continue
        slots.append(Slot(pos=pos, card=card, new=pos in new, revealed=pos in revealed,
                          playable=pos in playable, modes=CARDS[card].modes,
                          short=shortfall(card, side, guests.get(str(card))),
                          guest=guests.get(str(card)),
                          choices=mode_choices(pos, card, hand, other["hand"]),
                          selects=selected_hand(card)))
    return slots


def _resources(side: Mapping[str, Any]) -> list[dict[str, Any]]:
    changes = side["changes"]
    return [
        {"facility": label, "facility_value": side[facility],
         "facility_change": changes[facility], "stock": stock_label, "stock_value": side[stock],
         "stock_change": changes[stock], "key": stock}
        for stock, facility, label, stock_label in RESOURCES
    ]


def _side(side: Mapping[str, Any], user: Any, playable: set[int],
          other: Mapping[str, Any] | None = None,
          guests: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """One player's half of the screen (`other`: the opponent's side, for the viewer's)."""
    return {
        "user": user,
        "hand": _hand(side, playable, other, guests),
        "castle": castle(side, mirrored=other is None),
        "tower": side["tower"], "tower_change": side["changes"]["tower"],
        "wall": side["wall"], "wall_change": side["changes"]["wall"],
        "resources": _resources(side),
        "tokens": [t for t in side["tokens"] if t["name"] != "none"],
        # C-HIST-1 and C-DISC-4: most recent first.
        "history": list(reversed(side["history"])),
        "discarded_own": list(reversed(side["discarded_own"])),
        "discarded_opp": list(reversed(side["discarded_opp"])),
    }


def how_it_ended(end_type: str) -> str:
    """The words of the manual for an end type ("Tower destruction victory")."""
    return HOW.get(end_type.lower(), end_type)


def context(view: Mapping[str, Any], seat: int, legal: list[Action], players: list[Any]
            ) -> dict[str, Any]:
    """Both sides from the viewer's view (`players` in seat order); a card is playable when
    a legal action plays it."""
    playable = {int(a["pos"]) for a in legal if a.get("type") == "play"}
    return {
        "me": _side(view["me"], players[seat], playable, view["opponent"], view.get("guests")),
        "them": _side(view["opponent"], players[1 - seat], set()),
        "hidden": view["modes"]["hidden"],
        "friendly": view["modes"]["friendly"],
        "faces": Faces(players[seat]),
        "draw_board": board_in_template,  # _board.jinja: the same code as `draw`
    }


def action_from_form(data: Mapping[str, Any]) -> Action:
    """The action a card's Play or Discard button posted (kind, pos, mode)."""
    kind = data.get("kind")
    if kind not in ("play", "discard"):
        raise ValueError("Play or discard a card.")
    try:
        pos = int(data.get("pos", ""))
        mode = int(data.get("mode") or 0) if kind == "play" else 0
    except (TypeError, ValueError):
        raise ValueError("The card position and mode must be numbers.") from None
    return {"type": kind, "pos": pos, "mode": mode} if kind == "play" else {
        "type": kind, "pos": pos}

OPTION_LABELS = {"hidden": "Hide opponent's cards", "friendly": "Friendly play"}
"""The lobby's words for MArcomage's options (manual, "New game")."""


REPLAY_TEMPLATE = "rulesets/marcomage/_replay_board.html"


def replay_context(view: Mapping[str, Any], players: list[Any]) -> dict[str, Any]:
    """Both seats of the replay view (viewer None: both hands face up, PL-VIEW-4), seat 0 on
    the left as on the game page, with the round, whose turn it is and how the game ended."""
    sides = [_side(side, players[n], set()) for n, side in enumerate(view["players"])]
    names = [getattr(p, "username", f"seat {n}") for n, p in enumerate(players)]
    outcome = view.get("outcome")
    return {
        "sides": sides,
        "names": names,
        "round": view["round"],
        "current": names[int(view["current"])],
        "finished": outcome is not None,
        "how": how_it_ended(outcome["end_type"]) if outcome else "",
        "winners": [names[int(w)] for w in outcome["winners"]] if outcome else [],
        "hidden": view["modes"]["hidden"],
        "friendly": view["modes"]["friendly"],
        "draw_side": side_in_template,  # _side.jinja: the live board's code
    }


def describe(view_before: Mapping[str, Any], seat: int, action: Mapping[str, Any]) -> str:
    """A move in words for the replay's move list ("plays Goblin (mode 2)"), read from the
    replay view just before it."""
    pos = int(action.get("pos", 0))
    hand = view_before["players"][seat]["hand"]
    card_id = hand[pos - 1] if 1 <= pos <= len(hand) else None
    name = CARDS[card_id].name if card_id is not None and 0 <= card_id < len(CARDS) else "?"
    if action.get("type") == "play":
        mode = int(action.get("mode") or 0)
        return f"plays {name}" + (f" (mode {mode})" if mode else "")
    return f"discards {name}"


WIDGET = Board(
    template=TEMPLATE,
    context=context,
    action_from_form=action_from_form,
    replay=ReplayBoard(REPLAY_TEMPLATE, replay_context),
    describe=describe,
    how_it_ended=how_it_ended,
    option_labels=OPTION_LABELS,
    hand_anchor=HAND_ANCHOR,
    draw=draw,
)
"""This board as the widget registry hands it out (`core.widgets.board_of`)."""
