"""The turn pipeline (C-TURN), readable top to bottom in `push`:
validate, reset the round, pay, effect, keywords, discards, limits, changes,
production, refill, history, end check."""

from __future__ import annotations

from typing import Final

from . import draw, victory
from .actions import (
    DISCARD,
    PLAY,
    Action,
    BadMode,
    BadPosition,
    GameNotInProgress,
    InsufficientResources,
    InvalidAction,
    NotYourTurn,
)
from .cards import CARDS, KW
from .context import DRAW, KEEP, Turn
from .keywords import apply_keywords
from .state import HAND_SIZE, MAX_TOWER, MAX_WALL, Attributes, Game, Player, entry_of

_EXTRA_TURN: Final = KW.QUICK | KW.SWIFT


def validate(game: Game, action: Action, player: int | None = None) -> None:
    """Raise the first failing check of C-TURN-1, in its order; `player` is 0 or 1."""
    if game.outcome is not None:
        raise GameNotInProgress("The game is over; no more moves can be made.")
    if player is not None and player != game.current:
        raise NotYourTurn("It is not your turn.")
    # Read untyped: an ill-typed field is refused below; compiled code would raise TypeError
    # on reading `action.pos` as the int it is declared to be.
    pos: object = getattr(action, "pos")  # noqa: B009
    mode: object = getattr(action, "mode")  # noqa: B009
    kind: object = getattr(action, "kind")  # noqa: B009
    if type(pos) is not int or not 1 <= pos <= HAND_SIZE:
        raise BadPosition(f"There is no card position {pos!r}; positions are 1 to 8.")
    if kind not in (PLAY, DISCARD):
        raise InvalidAction(f"Unknown action {kind!r}: play or discard a card.")
    if kind == DISCARD:
        return
    me = game.players[game.current]
    card = game.card(me.hand[pos - 1], game.current)
    if type(mode) is not int:
        raise BadMode(f"A mode is a whole number, not {mode!r}.")
    if card.modes:
        if not 1 <= mode <= card.modes:
            raise BadMode(f"{card.name} is played in mode 1 to {card.modes}, not {mode}.")
    elif mode != 0:
        raise BadMode(f"{card.name} has no modes; play it in mode 0.")
    if me.bricks < card.bricks or me.gems < card.gems or me.recruits < card.recruits:
        short = [
            name for name, have, cost in (
                ("bricks", me.bricks, card.bricks), ("gems", me.gems, card.gems),
                ("recruits", me.recruits, card.recruits),
            ) if have < cost
        ]
        raise InsufficientResources(f"Not enough {' and '.join(short)} to play {card.name}.")


def _plays(modes: int, slot: int) -> tuple[Action, ...]:
    """The plays of a card with `modes` modes in hand slot `slot` (0-based), in mode order."""
    return tuple(Action(PLAY, slot + 1, m) for m in (range(1, modes + 1) if modes else (0,)))


_MOST_MODES: Final = max(c.modes for c in CARDS)
_PLAYS: Final[list[tuple[Action, ...]]] = [
    _plays(modes, slot) for modes in range(_MOST_MODES + 1) for slot in range(HAND_SIZE)]
"""Actions are immutable values: each is built once and reused (a hot path); the plays of
a card in a slot are at `modes * HAND_SIZE + slot`."""
_PLAYS_MODELESS: Final = tuple(Action(PLAY, slot + 1, 0) for slot in range(HAND_SIZE))
_DISCARDS: Final = tuple(Action(DISCARD, slot + 1, 0) for slot in range(HAND_SIZE))


def legal_actions(game: Game) -> list[Action]:
    """Every legal action of the player to move, slot by slot: plays (each mode), discard."""
    if game.outcome is not None:
        return []
    me = game.players[game.current]
    bricks, gems, recruits = me.bricks, me.gems, me.recruits
    actions: list[Action] = []
    guests = bool(game.guests)
    hand = me.hand
    for slot in range(len(hand)):
        card_id = hand[slot]
        card = game.card(card_id, game.current) if guests else CARDS[card_id]
        if bricks >= card.bricks and gems >= card.gems and recruits >= card.recruits:
            modes = card.modes
            if modes == 0:
                actions.append(_PLAYS_MODELESS[slot])
            elif modes <= _MOST_MODES:
                actions.extend(_PLAYS[modes * HAND_SIZE + slot])
            else:  # a guest card with more modes than any card of the set
                actions.extend(_plays(modes, slot))
        actions.append(_DISCARDS[slot])
    return actions


def _apply_limits(p: Player) -> None:
    """C-LIM-1: facilities >= 1, stock >= 0, tower 0..100, wall 0..150."""
    if p.quarry < 1:
        p.quarry = 1
    if p.magic < 1:
        p.magic = 1
    if p.dungeons < 1:
        p.dungeons = 1
    if p.bricks < 0:
        p.bricks = 0
    if p.gems < 0:
        p.gems = 0
    if p.recruits < 0:
        p.recruits = 0
    p.tower = 0 if p.tower < 0 else MAX_TOWER if p.tower > MAX_TOWER else p.tower
    p.wall = 0 if p.wall < 0 else MAX_WALL if p.wall > MAX_WALL else p.wall


def _record_discards(
    t: Turn, owner: Player, hand_before: list[int], new_before: list[bool], pile: list[int],
) -> None:
    """C-DISC-2: a slot whose card changed, or that newly got the NEW flag, was
    discarded by an effect; its old card goes to the acting player's pile."""
    skip = t.slot if owner is t.me else -1
    hand, new = owner.hand, owner.new
    for i in range(HAND_SIZE):
        if i != skip and (hand[i] != hand_before[i] or (new[i] and not new_before[i])):
            pile.append(hand_before[i])
            owner.revealed[i] = False


def _add_changes(p: Player, before: Attributes) -> None:
    """C-CHG-2: add what the play did to each attribute (after limits minus after cost).
    Unrolled over the fixed-size tuple: compiled, it never boxes an attribute."""
    ch = p.changes
    ch[0] += p.quarry - before[0]
    ch[1] += p.magic - before[1]
    ch[2] += p.dungeons - before[2]
    ch[3] += p.bricks - before[3]
    ch[4] += p.gems - before[4]
    ch[5] += p.recruits - before[5]
    ch[6] += p.tower - before[6]
    ch[7] += p.wall - before[7]


def _play(t: Turn) -> None:
    """Cost, effect, keywords, discards, limits, change and token indicators."""
    me, opp, card = t.me, t.opp, t.card
    me.bricks -= card.bricks  # C-TURN-5
    me.gems -= card.gems
    me.recruits -= card.recruits
    # C-TURN-6 snapshots.
    before_me, before_opp = me.attributes(), opp.attributes()
    tokens_me, tokens_opp = me.tokens[:], opp.tokens[:]
    hand_me, hand_opp = me.hand[:], opp.hand[:]
    new_me, new_opp = me.new[:], opp.new[:]

    if card.effect is not None:
        card.effect(t)  # C-TURN-7
    apply_keywords(t)  # C-TURN-8
    _record_discards(t, me, hand_me, new_me, me.discarded_own)  # C-TURN-9
    _record_discards(t, opp, hand_opp, new_opp, me.discarded_opp)
    _apply_limits(me)  # C-TURN-10
    _apply_limits(opp)

    _add_changes(me, before_me)  # C-TURN-11
    _add_changes(opp, before_opp)
    ch = me.changes
    ch[3] += (t.fb - 1) * me.quarry
    ch[4] += (t.fg - 1) * me.magic
    ch[5] += (t.fr - 1) * me.dungeons
    for p, before in ((me, tokens_me), (opp, tokens_opp)):
        for i in range(3):
            value = p.tokens[i]
            p.token_changes[i] += value - before[i]
            p.tokens[i] = 0 if value < 0 else 100 if value > 100 else value
    me.last_played = card.id


def _refill(t: Turn, played: bool) -> None:
    """C-SLOT-1: fill the played slot with the dictated card, a list draw or a deck draw."""
    me, slot, nxt = t.me, t.slot, t.next_card
    rng = t.game.rng
    if isinstance(nxt, tuple):
        picked = draw.from_list(rng, nxt, me.hand, slot)
        if picked != KEEP:
            me.hand[slot] = picked
    elif nxt == DRAW:
        if not played:
            me.hand[slot] = draw.from_deck(
                rng, me.deck, me.hand, slot, differ_from=me.hand[slot])
        else:
            no_rare = t.card.kw & _EXTRA_TURN != 0  # C-DRAW-7
            me.hand[slot] = draw.from_deck(rng, me.deck, me.hand, slot, no_rare=no_rare)
    elif nxt != KEEP:
        me.hand[slot] = nxt
    me.new[slot] = True  # C-SLOT-2
    me.revealed[slot] = False


def push(game: Game, action: Action, player: int | None = None) -> None:
    """Carry out one turn in place; an illegal action raises and changes nothing."""
    validate(game, action, player)
    played = action.kind == PLAY
    t = Turn(game, action.pos - 1, action.mode if played else 0)
    me, opp = t.me, t.opp
    if not t.extra:  # C-TURN-3: start of a new round for the acting player
        me.new = [False] * HAND_SIZE
        me.changes = [0] * 8
        opp.changes = [0] * 8
        me.discarded_own = []
        me.discarded_opp = []
        me.token_changes = [0, 0, 0]
        opp.token_changes = [0, 0, 0]

    if played:
        _play(t)

    me.bricks += t.fb * me.quarry  # C-PROD-1
    me.gems += t.fg * me.magic
    me.recruits += t.fr * me.dungeons

    _refill(t, played)
    entry = entry_of(t.card.id, t.mode, played)  # C-HIST-1
    if t.extra:
        me.history.append(entry)
    else:
        me.history = [entry]

    outcome = victory.check(game, t.me_index)  # C-TURN-16
    if outcome is not None:
        game.outcome = outcome
        return
    if t.next_player != game.current:
        game.round += 1
        game.current = t.next_player
