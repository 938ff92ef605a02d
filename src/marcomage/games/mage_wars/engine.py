"""The rules of Mage Wars (MAGEWARS.md): setup, turns, fate, crafting, curses, combat, death,
resurrection and winning, as functions over a `GameState` that the caller has cloned.

`legal_actions` lists every action of the seat that must decide now (PL-PROTO-4); `perform`
carries one out and then `settle` runs the game forward until somebody must decide again.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from marcomage.platform.protocol import Outcome
from marcomage.platform.rng import Rng

from .cards import CARDS, DECKS, HEALTH_DECKS, Card
from .requirements import ALL_ICONS, can_fill, fits, permanent_slot, place_icons
from .state import ALL, EMPTY, PERMANENT, WAIVED, GameState, Manifest, Options, Player
from .victory import Mage, Table, met

ROUND_LIMIT = 50
"""A game lasts at most this many rounds; then it is a draw (MW-TURN-8)."""
LOG_LENGTH = 40
"""How many recent log lines the state keeps (what the board shows)."""
STAT_KEYS = ("fate", "max_cards", "pets", "plants", "items", "defense", "damage")
"""The buff vocabulary of levels, pets, items and structures (MW-CARD-8)."""

WIN_END, ROUND_END, LAST_END = "win_condition", "round_limit", "surrender"


class RuleError(ValueError):
    """An action the rules refuse (the ruleset turns it into IllegalAction)."""


# --- small helpers ------------------------------------------------------------------------


def card_of(state: GameState, iid: int) -> Card:
    return CARDS[state.cards[iid]]


def origin(state: GameState, iid: int) -> str:
    """The deck a card instance came from and is discarded to (MW-DISCARD-1)."""
    return state.homes[state.cards[iid]]


def say(state: GameState, seat: int, text: str) -> None:
    """A public log line (drawn fate cards, curses, attacks, deaths; MAGEWARS.md Views)."""
    state.log.append({"seat": seat, "text": text})
    state.news.append({"seat": seat, "text": text})
    if len(state.log) > LOG_LENGTH:
        del state.log[0]


def discard(state: GameState, iid: int) -> None:
    """The card goes face up onto its origin deck's discard pile (MW-DISCARD-1)."""
    state.discards[origin(state, iid)].append(iid)


def mage(state: GameState, seat: int) -> Card:
    return card_of(state, state.players[seat].mage)


def stat(state: GameState, seat: int, key: str) -> int:
    """A mage's value with every buff: levels, kept pets and items, and the persistent
    effects of completed structures for its alignment (MW-CARD-8, MW-CARD-6)."""
    player = state.players[seat]
    base = mage(state, seat)
    value = {"fate": base.fate, "max_cards": base.max_cards, "pets": base.pets,
             "plants": base.plants, "items": base.items}.get(key, 0)
    for iid in (*player.levels, *player.pets, *player.items):
        value += card_of(state, iid).bonus.get(key, 0)
    for iid in state.built:
        effect = card_of(state, iid).persistent
        if effect.get("alignment", base.alignment) == base.alignment:
            value += int(effect.get(key, 0))
    return value


def in_game(state: GameState) -> list[int]:
    return [s for s, p in enumerate(state.players) if not p.left]


def targets(state: GameState, seat: int) -> list[int]:
    """What `seat` may attack: another living player's mage, pets, items and armor, and any
    completed structure (MW-COMBAT-5, MW-COMBAT-6, MW-DEATH-2)."""
    found: list[int] = []
    for other, player in enumerate(state.players):
        if other == seat or player.left or not player.alive:
            continue
        found += [player.mage, *player.pets, *player.items, *player.armor]
    return found + state.built


def seat_of_mage(state: GameState, iid: int) -> int | None:
    for seat, player in enumerate(state.players):
        if player.mage == iid:
            return seat
    return None


def mage_damage(state: GameState, attacker: int, damage: int, flags: Sequence[str],
                defender: int) -> int:
    """Damage dealt to a mage: the attack with the attacker's damage buffs, less the armor
    pile unless ignored, less defense buffs unless ignored, never below 0 (MW-COMBAT-1..3)."""
    total = damage + stat(state, attacker, "damage")
    if "ignores_armor" not in flags:
        total -= len(state.players[defender].armor)
    if "ignores_defense_buffs" not in flags:
        total -= stat(state, defender, "defense")
    return max(0, total)


def card_damage(state: GameState, attacker: int, damage: int) -> int:
    """Damage dealt to a pet, item, armor card or structure (MW-COMBAT-4)."""
    return damage + stat(state, attacker, "damage")


# --- drawing ------------------------------------------------------------------------------


def draw_one(state: GameState, deck: str) -> int | None:
    """The top card of `deck`; an empty deck first takes its reshuffled discard pile, and
    both empty draw nothing (MW-DISCARD-2)."""
    pile = state.decks[deck]
    if not pile:
        if not state.discards[deck]:
            return None
        pile.extend(state.discards[deck])
        state.discards[deck].clear()
        state.rng.shuffle(pile)
    return pile.pop()


def receive(state: GameState, seat: int, iid: int) -> bool:
    """A drawn card goes to the hand; a curse resolves at once against the drawer, after the
    response decision (MW-CURSE-1, MW-CURSE-3). True when it was a curse."""
    card = card_of(state, iid)
    if card.type == "curse":
        say(state, seat, f"draws the curse {card.name}")
        state.decisions.append({"kind": "curse", "seat": seat, "card": iid, "deflected": 0})
        return True
    state.players[seat].hand.append(iid)
    return False


def curse_waiting(state: GameState) -> bool:
    """Is a drawn curse waiting for its target's decision (MW-CURSE-3)?"""
    return any(d["kind"] == "curse" for d in state.decisions)


def run_effects(state: GameState, seat: int, effects: Sequence[dict[str, Any]]) -> None:
    """Run the effects of fate cards, magic, rewards, consequences and curses in order
    (MW-TURN-2, MW-CURSE-1, MW-DISCARD-3). A curse drawn by one of them resolves at the
    point it is drawn: the rest of the list waits in `pending_effects` until the curse is
    decided, so no card drawn after it is exposed to it. Effects started while a curse
    waits (later in the same action) queue behind the waiting rest; effects started
    otherwise (the curse's own, once accepted) run before it."""
    tagged = [{**effect, "seat": seat} for effect in effects]
    if curse_waiting(state):
        state.pending_effects += tagged
    else:
        state.pending_effects[:0] = tagged
    run_pending(state)


def draw(state: GameState, seat: int, deck: str, n: int) -> None:
    """`seat` draws n cards from `deck` (a curse among them stops the rest, MW-CURSE-1)."""
    run_effects(state, seat, [{"do": "draw", "deck": deck, "n": n}])


def run_pending(state: GameState) -> None:
    """Run the queued effects until a drawn curse must be decided first."""
    while state.pending_effects and not curse_waiting(state) and state.outcome is None:
        effect = state.pending_effects.pop(0)
        _run_one(state, int(effect["seat"]), effect)


def _draw_until_curse(state: GameState, seat: int, effect: dict[str, Any]) -> None:
    """`draw`, `draw_keep_only` and `draw_from_discard`, one card at a time; after a curse
    the draws left go back to the front of the queue, to run once it is decided."""
    do, n = effect["do"], int(effect["n"])
    for k in range(n):
        if do == "draw_from_discard":
            pile = state.discards[effect["deck"]]
            iid: int | None = pile.pop() if pile else None
        else:
            iid = draw_one(state, effect["deck"])
        if iid is None:
            return
        if do == "draw_keep_only" and card_of(state, iid).type not in (effect["card_type"],
                                                                        "curse"):
            discard(state, iid)
            continue
        if receive(state, seat, iid):
            if k + 1 < n:
                state.pending_effects.insert(0, {**effect, "n": n - k - 1})
            return


def _run_one(state: GameState, seat: int, effect: dict[str, Any]) -> None:
    """One effect of the vocabulary, for `seat`."""
    do = effect["do"]
    player = state.players[seat]
    if do in ("draw", "draw_keep_only", "draw_from_discard"):
        _draw_until_curse(state, seat, effect)
    elif do == "each_player_draws":  # one queued draw per seat, in seat order from `seat`
        count = len(state.players)
        others = [(seat + k) % count for k in range(count)]
        state.pending_effects[:0] = [
            {"do": "draw", "deck": effect["deck"], "n": effect["n"], "seat": other}
            for other in others if not state.players[other].left]
    elif do == "lose_turn":
        player.skip += 1
    elif do == "discard":
        for _ in range(int(effect["n"])):
            if not player.hand:
                break
            iid = player.hand.pop(state.rng.below(len(player.hand)))
            player.discounts.pop(iid, None)
            discard(state, iid)
            say(state, seat, f"discards {card_of(state, iid).name}")
    elif do == "lose_item":
        if player.items:
            lost = player.items[-1]
            remove_kept(state, seat, lost)
            say(state, seat, f"loses the item {card_of(state, lost).name}")
    elif do == "lose_health":
        lose_health(state, seat, int(effect["n"]))
    else:  # pragma: no cover - card data is checked by the tests
        raise ValueError(f"Unknown effect {do!r}.")


# --- health, death and resurrection -------------------------------------------------------


def lose_health(state: GameState, seat: int, n: int) -> None:
    """Damage removes health cards: the owner chooses which (a decision, even on another
    player's turn) or they go at random (MW-HEALTH-5); none left is death (MW-HEALTH-6)."""
    player = state.players[seat]
    if n <= 0 or not player.alive:
        return
    if n >= len(player.health) or state.options.health_loss_choice == "random":
        for _ in range(min(n, len(player.health))):
            discard(state, player.health.pop(state.rng.below(len(player.health))))
        say(state, seat, f"loses {n} health")
        if not player.health:
            die(state, seat)
        return
    state.decisions.insert(0, {"kind": "lose_health", "seat": seat, "n": n})


def remove_kept(state: GameState, seat: int, iid: int) -> None:
    """A pet, item or armor card leaves the table to the discard piles with its charges."""
    player = state.players[seat]
    for zone in (player.pets, player.items, player.armor):
        if iid in zone:
            zone.remove(iid)
    for charge in player.charges.pop(iid, []):
        discard(state, charge)
    discard(state, iid)


def die(state: GameState, seat: int) -> None:
    """The mage dies: hand, items, pets, armor and own manifestations are discarded, levels
    and contributions to structures stay (MW-DEATH-1); the turn of a mage who dies on it
    ends."""
    player = state.players[seat]
    player.alive = False
    for iid in (*player.hand, *player.health):
        discard(state, iid)
    player.hand.clear()
    player.health.clear()
    player.discounts.clear()
    for iid in (*player.pets, *player.items, *player.armor):
        remove_kept(state, seat, iid)
    for manifest in player.manifests:
        for iid in (manifest.card, *manifest.contributed()):
            discard(state, iid)
    player.manifests.clear()
    player.used.clear()
    kept = []
    for decision in state.decisions:
        if decision["seat"] == seat and decision["kind"] in ("craft", "target"):
            discard(state, decision["card"])
        elif not (decision["seat"] == seat and decision["kind"] in ("lose_health",
                                                                      "hand_limit")):
            kept.append(decision)
    state.decisions = kept
    state.pending_effects = [e for e in state.pending_effects if e["seat"] != seat]
    say(state, seat, "dies")
    if seat == state.active and state.stage in ("fate", "main"):
        for iid in state.challenges:
            discard(state, iid)
        state.challenges.clear()
        state.fate_left = 0
        state.stage = "ending"


def deal_health(state: GameState, seat: int) -> None:
    """A full set of health cards from the decks the mage card names; a curse dealt this way
    stays a hit point (MW-HEALTH-1, MW-HEALTH-2)."""
    player = state.players[seat]
    for deck in HEALTH_DECKS:
        for _ in range(mage(state, seat).health_cards.get(deck, 0)):
            iid = draw_one(state, deck)
            if iid is not None:
                player.health.append(iid)


# --- setup and turns ----------------------------------------------------------------------


def new_game(options: Options, pack: list[dict[str, Any]], seats: int, seed: int
             ) -> GameState:
    """Shuffle the six decks, assign opaque instance ids, pick the first player and the mages
    (MW-SETUP-1..5), deal health and start the first turn."""
    rng = Rng.from_seed(seed)
    copies = [(str(e["card"]), str(e["deck"])) for e in pack for _ in range(int(e["count"]))]
    ids = list(range(len(copies)))
    rng.shuffle(ids)
    cards = [""] * len(copies)
    decks: dict[str, list[int]] = {d: [] for d in DECKS}
    for (card, deck), iid in zip(copies, ids, strict=True):
        cards[iid] = card
        decks[deck].append(iid)
    for deck in DECKS:
        decks[deck].sort()
        rng.shuffle(decks[deck])
    homes = {str(e["card"]): str(e["deck"]) for e in pack}
    state = GameState(options, rng, cards, [dict(e) for e in pack], decks,
                      {d: [] for d in DECKS}, [Player() for _ in range(seats)], homes=homes)
    state.first = state.active = rng.below(seats)
    if options.mage_selection == "choose":
        state.stage = "select"
        state.decisions = [{"kind": "select", "seat": s} for s in range(seats)]
        return state
    for seat in range(seats):
        state.players[seat].mage = state.decks["mage"].pop()
    start_play(state)
    return state


def start_play(state: GameState) -> None:
    """Every mage chosen: deal health cards in seat order and start the first turn."""
    seats = len(state.players)
    for seat in range(seats):
        if not state.players[seat].left:
            deal_health(state, seat)
    first = state.first
    while state.players[first].left:
        first = (first + 1) % seats
    state.first = first
    say(state, first, "plays first")
    begin_turn(state, first)
    settle(state)


def begin_turn(state: GameState, seat: int) -> None:
    """The seat's turn: fate draws if alive (MW-TURN-1), a dead turn if not (MW-DEATH-2)."""
    state.active = seat
    state.flags.clear()
    player = state.players[seat]
    player.used.clear()
    if player.alive:
        state.stage = "fate"
        state.fate_left = stat(state, seat, "fate")
    else:
        state.stage = "dead_draw"


def pass_turn(state: GameState) -> None:
    """The next seat to the left that is still in the game; a lost turn is skipped whole
    (MW-TURN-6, MW-TURN-7); past ROUND_LIMIT rounds the game is a draw (MW-TURN-8)."""
    seats = len(state.players)
    seat = state.active
    while True:
        seat = (seat + 1) % seats
        if seat == state.first:
            state.round += 1
            if state.round > ROUND_LIMIT:
                state.round = ROUND_LIMIT
                state.outcome = Outcome("draw", (), ROUND_END, ROUND_LIMIT)
                state.stage = "over"
                return
        player = state.players[seat]
        if player.left:
            continue
        if player.skip > 0:
            player.skip -= 1
            say(state, seat, "loses this turn")
            continue
        begin_turn(state, seat)
        return


def check_wins(state: GameState) -> bool:
    """The winner, if any player meets their win condition now (MW-WIN-1, MW-WIN-3); a dead
    mage meets none until resurrected (our reading: a mage in the grave wins nothing)."""
    if state.stage == "select":
        return False
    table = Table([Mage(mage(state, s).alignment, p.level, p.alive) if not p.left
                   else Mage("", 0, False) for s, p in enumerate(state.players)],
                  [(card_of(state, i).alignment, card_of(state, i).element)
                   for i in state.built])
    seats = len(state.players)
    for k in range(seats):
        seat = (state.active + k) % seats
        player = state.players[seat]
        if player.alive and not player.left and met(mage(state, seat).win, seat, table):
            state.outcome = Outcome("win", (seat,), WIN_END, state.round)
            state.stage = "over"
            state.decisions.clear()
            state.pending_effects.clear()
            say(state, seat, "meets the win condition and wins")
            return True
    return False


def settle(state: GameState) -> None:
    """Run the game until a seat must decide: fate draws, dead-turn draws, the end of a turn
    (challenge consequences, hand limit) and the passing of turns; wins after each step."""
    while state.outcome is None:
        if check_wins(state):
            return
        if state.pending_effects and not curse_waiting(state):
            run_pending(state)  # the rest of an effect list whose curse was decided
            continue
        if state.decisions:
            return
        stage = state.stage
        if stage == "fate":
            if state.fate_left <= 0:
                state.stage = "main"
                return
            state.fate_left -= 1
            iid = draw_one(state, "fate")
            if iid is None:
                state.fate_left = 0
                continue
            card = card_of(state, iid)
            say(state, state.active, f"draws the fate card {card.name}")
            if card.type == "fate":
                discard(state, iid)
                run_effects(state, state.active, card.effects)
            else:
                receive(state, state.active, iid)
        elif stage == "dead_draw":
            say(state, state.active, "takes a dead turn")
            state.stage = "dead"  # the three draws are the player's choice (`draw_dead`)
        elif stage == "ending":
            player = state.players[state.active]
            if state.challenges:
                iid = state.challenges.pop(0)
                say(state, state.active, f"fails the challenge {card_of(state, iid).name}")
                discard(state, iid)
                if not player.left:
                    run_effects(state, state.active, card_of(state, iid).consequence)
                continue
            if not player.left and len(player.hand) > stat(state, state.active, "max_cards"):
                state.decisions.append({"kind": "hand_limit", "seat": state.active})
                return
            pass_turn(state)
        else:
            return


# --- who decides, and what ----------------------------------------------------------------


def to_act(state: GameState) -> int | None:
    if state.outcome is not None:
        return None
    if state.decisions:
        return int(state.decisions[0]["seat"])
    if state.stage in ("main", "dead", "resurrecting"):
        return state.active
    return None


def _distinct_slots(manifest: Manifest) -> list[int]:
    """The first open slot of each kind (filling either of two equal slots is one choice)."""
    seen: set[str] = set()
    out = []
    for index in manifest.open_slots():
        if manifest.slots[index] not in seen:
            seen.add(manifest.slots[index])
            out.append(index)
    return out


def _icons_of(state: GameState, iids: Sequence[int]) -> list[tuple[str, ...]]:
    return [card_of(state, i).resources for i in iids]


def contributions(state: GameState, seat: int, hand: Sequence[int],
                  manifests: Sequence[Manifest], kind: str = "contribute"
                  ) -> list[dict[str, Any]]:
    """Every way to put a hand card's resources into a manifestation's open slots
    (MW-REQ-3, MW-REQ-5)."""
    out: list[dict[str, Any]] = []
    all_icons = state.options.resource_mode == ALL_ICONS
    for iid in hand:
        icons = card_of(state, iid).resources
        if not icons:
            continue
        for manifest in manifests:
            if all_icons:
                open_kinds = [manifest.slots[i] for i in manifest.open_slots()]
                if place_icons(open_kinds, icons):
                    out.append({"type": kind, "card": iid, "target": manifest.card})
                continue
            for slot in _distinct_slots(manifest):
                if any(fits(manifest.slots[slot], icon) for icon in icons):
                    out.append({"type": kind, "card": iid, "target": manifest.card,
                                "slot": slot})
    return out


def _openable(state: GameState, seat: int, iid: int) -> bool:
    """May the seat open this card now? A level card only as the next level, and not while
    another card of that level is already being filled (MW-CARD-7: only one of them could
    ever take effect, so the second one stays in the hand)."""
    card = card_of(state, iid)
    if not card.craftable:
        return False
    if card.type != "level":
        return True
    player = state.players[seat]
    return card.level == player.level + 1 and not any(
        card_of(state, m.card).type == "level" and card_of(state, m.card).level == card.level
        for m in player.manifests)


def legal_actions(state: GameState, seat: int) -> list[dict[str, Any]]:
    """The complete list for the seat that must decide now, in canonical order; [] for
    everyone else (PL-PROTO-2, PL-PROTO-4)."""
    if to_act(state) != seat:
        return []
    if state.decisions:
        return _decision_actions(state, state.decisions[0])
    player = state.players[seat]
    if state.stage == "dead":
        out: list[dict[str, Any]] = [{"type": "end_turn"}]
        out += [{"type": "draw_dead", "deck": deck} for deck in dead_draws_left(state)]
        alternatives = mage(state, seat).resurrection
        hand_icons = _icons_of(state, player.hand)
        for alt, slots in enumerate(alternatives):
            if can_fill(slots, hand_icons, state.options.resource_mode):
                out.append({"type": "resurrect", "alt": alt})
        return out
    if state.stage == "resurrecting":
        return _payments(state, seat)
    out = [{"type": "end_turn"}]
    for iid in player.health:
        out.append({"type": "use_health", "card": iid})
    for iid in player.hand:
        card = card_of(state, iid)
        if _openable(state, seat, iid):
            for alt in range(len(card.alternatives)):
                out.append({"type": "open", "card": iid, "alt": alt})
        if card.type == "challenge":
            out.append({"type": "play_challenge", "card": iid})
    out += contributions(state, seat, player.hand, [*player.manifests, *state.structures])
    for manifest in waivable(state, seat):
        if manifest.waivers > 0:
            for slot in _distinct_slots(manifest):
                out.append({"type": "waive", "target": manifest.card, "slot": slot})
    for manifest in player.manifests:
        out.append({"type": "abandon", "target": manifest.card})
    goals = targets(state, seat)
    for source in (*player.pets, *player.items):
        card = card_of(state, source)
        if card.damage <= 0 or source in player.used:
            continue
        if card.charged and not player.charges.get(source):
            continue
        out += [{"type": "attack", "source": source, "target": t} for t in goals]
    for iid in state.challenges:
        if challenge_met(state, seat, card_of(state, iid)):
            out.append({"type": "claim", "card": iid})
    for iid in player.pets:
        out.append({"type": "discard_pet", "card": iid})
    for iid in player.items:
        out.append({"type": "discard_item", "card": iid})
    return out


def dead_draws_left(state: GameState) -> list[str]:
    """The health decks the active dead player may still draw from this dead turn: each
    once, by choice (MW-DEATH-2 "may draw 1 card from each"); a deck with its discard pile
    also empty is left out, as drawing from it would do nothing (MW-DISCARD-2). The draws
    made are recorded in the turn's `flags`, which the next turn clears."""
    return [deck for deck in HEALTH_DECKS
            if f"dead_draw:{deck}" not in state.flags
            and (state.decks[deck] or state.discards[deck])]


def _payments(state: GameState, seat: int) -> list[dict[str, Any]]:
    """Cards that can pay the resurrection without making the rest unpayable (MW-DEATH-3)."""
    payment = state.resurrection
    assert payment is not None
    player = state.players[seat]
    out: list[dict[str, Any]] = []
    for action in contributions(state, seat, player.hand, [payment], "pay"):
        del action["target"]
        trial = payment.clone()
        fill(state, trial, action["card"], action.get("slot"))
        rest = [trial.slots[i] for i in trial.open_slots()]
        others = [i for i in player.hand if i != action["card"]]
        if can_fill(rest, _icons_of(state, others), state.options.resource_mode):
            out.append(action)
    return [*out, {"type": "cancel"}]


def _decision_actions(state: GameState, decision: dict[str, Any]) -> list[dict[str, Any]]:
    seat = int(decision["seat"])
    player = state.players[seat]
    kind = decision["kind"]
    if kind == "select":
        return [{"type": "pick", "card": iid} for iid in sorted(state.decks["mage"])]
    if kind == "curse":
        out: list[dict[str, Any]] = [{"type": "accept"}]
        for iid in (*player.hand, *player.blessings):
            card = card_of(state, iid)
            if card.blessing == "negate" and (iid in player.blessings or not card.requires):
                out.append({"type": "negate", "card": iid})
        if not decision["deflected"]:
            for iid in (*player.hand, *player.blessings):
                card = card_of(state, iid)
                if card.blessing == "deflect" and (iid in player.blessings or not card.requires):
                    out += [{"type": "deflect", "card": iid, "seat": other}
                            for other, p in enumerate(state.players)
                            if other != seat and p.alive and not p.left]
        return out
    if kind == "lose_health":
        return [{"type": "lose", "card": iid} for iid in player.health]
    if kind == "hand_limit":
        return [{"type": "discard", "card": iid} for iid in player.hand]
    if kind == "target":
        goals = targets(state, seat)
        return [{"type": "target", "target": t} for t in goals] or [{"type": "fizzle"}]
    if kind == "craft":
        return _craft_actions(state, seat, int(decision["card"]))
    raise ValueError(f"Unknown decision {kind!r}.")  # pragma: no cover


def _craft_actions(state: GameState, seat: int, iid: int) -> list[dict[str, Any]]:
    """Keep a crafted creature, plant or item (MW-CARD-1, MW-CARD-4), make room by replacing
    a pet of its kind (MW-CARD-2), or use it once (MW-CARD-3). A charged card that got no
    charges (every slot waived or filled by a permanent resource) would be kept with no use
    left, so it may only be used once (MW-CHARGE-1)."""
    card = card_of(state, iid)
    player = state.players[seat]
    out: list[dict[str, Any]] = []
    if card.charged and not player.charges.get(iid):
        pass
    elif card.type in ("creature", "plant"):
        key = "pets" if card.type == "creature" else "plants"
        kept = [p for p in player.pets if card_of(state, p).type == card.type]
        if len(kept) < stat(state, seat, key):
            out.append({"type": "keep"})
        elif stat(state, seat, key) > 0:
            out += [{"type": "replace", "card": p} for p in kept]
    elif card.armor:
        if len(player.armor) < mage(state, seat).armor_max:
            out.append({"type": "keep"})
    elif len(player.items) < stat(state, seat, "items"):
        out.append({"type": "keep"})
    goals = targets(state, seat) if card.damage > 0 else []
    out += [{"type": "use_once", "target": t} for t in goals] or [{"type": "use_once"}]
    return out


def challenge_met(state: GameState, seat: int, card: Card) -> bool:
    """A challenge's condition from the predicate vocabulary (MW-CARD-9)."""
    condition = card.condition
    if "hold_icon" in condition:
        held = sum(1 for i in state.players[seat].hand
                   if condition["hold_icon"] in card_of(state, i).resources)
        return held >= int(condition.get("n", 1))
    if condition.get("attacked_mage"):
        return "attacked_mage" in state.flags
    if condition.get("destroyed"):
        return "destroyed" in state.flags
    if condition.get("contributed_structure"):
        return "contributed_structure" in state.flags
    return False


# --- carrying out an action ---------------------------------------------------------------


def fill(state: GameState, manifest: Manifest, iid: int, slot: int | None) -> None:
    """Put a card's resources into the manifestation: one chosen slot (one_per_card) or one
    slot per icon (all_icons) (MW-REQ-5)."""
    if slot is not None:
        manifest.filled[slot] = iid
        return
    open_slots = manifest.open_slots()
    for index in place_icons([manifest.slots[i] for i in open_slots],
                             card_of(state, iid).resources):
        manifest.filled[open_slots[index]] = iid


def find_manifest(state: GameState, seat: int, target: Any, centre: bool) -> Manifest:
    found: list[Manifest] = [*state.players[seat].manifests,
                             *(state.structures if centre else ())]
    for manifest in found:
        if manifest.card == target:
            return manifest
    raise RuleError("There is no such manifestation.")


def waivable(state: GameState, seat: int) -> list[Manifest]:
    """The manifestations whose health-card waivers `seat` may spend: its own, and the
    structures in the centre it opened (MW-HEALTH-4, MW-CARD-6)."""
    return [*state.players[seat].manifests,
            *(m for m in state.structures if m.opener == seat)]


def open_card(state: GameState, seat: int, iid: int, alt: int) -> None:
    """Place a card as a manifestation (MW-REQ-3, MW-REQ-4): its chosen alternative's slots,
    the health-card discount (MW-HEALTH-4) and the owner's permanent resources (MW-REQ-8)."""
    player = state.players[seat]
    card = card_of(state, iid)
    player.hand.remove(iid)
    discount = player.discounts.pop(iid, 0)
    slots = list(card.alternatives[alt])
    manifest = Manifest(iid, -1 if card.type == "structure" else seat, slots,
                        [EMPTY] * len(slots), opener=seat)
    for permanent in player.permanents:
        kind = card_of(state, permanent).permanent
        index = permanent_slot([s if f == EMPTY else "" for s, f in
                                zip(manifest.slots, manifest.filled, strict=True)], kind)
        if index is not None and manifest.filled[index] == EMPTY:
            manifest.filled[index] = PERMANENT
    waivers = len(slots) if discount == ALL else discount
    if waivers >= len(manifest.open_slots()):
        manifest.filled = [WAIVED if f == EMPTY else f for f in manifest.filled]
    else:
        manifest.waivers = waivers
    say(state, seat, f"opens {card.name}")
    if card.type == "structure":
        state.structures.append(manifest)
    else:
        player.manifests.append(manifest)
    if not manifest.open_slots():
        activate(state, seat, manifest)


def activate(state: GameState, seat: int, manifest: Manifest) -> None:
    """All requirements met: the card activates (MW-REQ-6); contributed cards become charges
    or are discarded (MW-REQ-7, MW-CHARGE-1); then the card does what its type does."""
    iid = manifest.card
    card = card_of(state, iid)
    player = state.players[seat]
    if manifest in player.manifests:
        player.manifests.remove(manifest)
    if manifest in state.structures:
        state.structures.remove(manifest)
    contributed = manifest.contributed()
    say(state, seat, f"completes {card.name}")
    if card.charged:
        player.charges[iid] = contributed
    else:
        for used in contributed:
            discard(state, used)
    if card.type == "level":
        if card.level == player.level + 1:
            player.levels.append(iid)
            player.level = card.level
        else:  # no longer the next level: no buffs, and never a lower level (MW-CARD-7/8)
            say(state, seat, f"{card.name} is not the next level and has no effect")
            discard(state, iid)
    elif card.type == "structure":
        state.built.append(iid)
        run_effects(state, seat, card.on_complete)
    elif card.type == "resource":
        player.permanents.append(iid)
    elif card.type == "blessing":
        player.blessings.append(iid)
    elif card.type == "magic":
        if card.damage > 0:
            state.decisions.insert(0, {"kind": "target", "seat": seat, "card": iid})
        else:
            discard(state, iid)
            run_effects(state, seat, card.effects)
    else:
        state.decisions.insert(0, {"kind": "craft", "seat": seat, "card": iid})


def attack(state: GameState, seat: int, damage: int, flags: Sequence[str], target: int) -> None:
    """Resolve one attack on a mage or a card (MW-COMBAT)."""
    defender = seat_of_mage(state, target)
    if defender is not None:
        dealt = mage_damage(state, seat, damage, flags, defender)
        say(state, seat, f"attacks the mage of seat {defender + 1} for {dealt}")
        state.flags.append("attacked_mage")
        lose_health(state, defender, dealt)
        return
    dealt = card_damage(state, seat, damage)
    card = card_of(state, target)
    if dealt < card.health:
        say(state, seat, f"attacks {card.name} for {dealt}: no effect")
        return
    say(state, seat, f"destroys {card.name}")
    state.flags.append("destroyed")
    if target in state.built:
        state.built.remove(target)
        discard(state, target)
        run_effects(state, seat, card.on_destroy)
        return
    for owner, player in enumerate(state.players):
        if target in (*player.pets, *player.items, *player.armor):
            remove_kept(state, owner, target)
            return


def perform(state: GameState, seat: int, action: dict[str, Any]) -> None:
    """Carry out a legal action (checked by the caller) and settle the game."""
    kind = action["type"]
    player = state.players[seat]
    if state.decisions:
        _decide(state, seat, state.decisions.pop(0), action)
    elif kind == "end_turn":
        state.stage = "ending"  # unclaimed challenges are lost there (MW-CARD-9)
    elif kind == "use_health":
        iid = action["card"]
        player.health.remove(iid)
        card = card_of(state, iid)
        say(state, seat, "uses a health card")
        if card.type == "curse":
            say(state, seat, f"takes the curse {card.name} from health")
            state.decisions.append({"kind": "curse", "seat": seat, "card": iid,
                                    "deflected": 0})
        else:
            player.hand.append(iid)
            discount = mage(state, seat).health_card_discount
            if discount == "all":
                player.discounts[iid] = ALL
            elif int(discount) > 0:
                player.discounts[iid] = int(discount)
        if not player.health:
            die(state, seat)
    elif kind == "open":
        open_card(state, seat, action["card"], action["alt"])
    elif kind == "play_challenge":
        player.hand.remove(action["card"])
        state.challenges.append(action["card"])
        say(state, seat, f"plays the challenge {card_of(state, action['card']).name}")
    elif kind == "contribute":
        manifest = find_manifest(state, seat, action["target"], True)
        player.hand.remove(action["card"])
        player.discounts.pop(action["card"], None)
        fill(state, manifest, action["card"], action.get("slot"))
        if manifest.owner < 0:
            state.flags.append("contributed_structure")
        if not manifest.open_slots():
            activate(state, seat, manifest)
    elif kind == "waive":
        manifest = next(m for m in waivable(state, seat) if m.card == action["target"])
        manifest.filled[action["slot"]] = WAIVED
        manifest.waivers -= 1
        if not manifest.open_slots():
            activate(state, seat, manifest)
    elif kind == "abandon":
        manifest = find_manifest(state, seat, action["target"], False)
        player.manifests.remove(manifest)
        for iid in (manifest.card, *manifest.contributed()):
            discard(state, iid)
        say(state, seat, f"abandons {card_of(state, manifest.card).name}")
    elif kind == "attack":
        source = action["source"]
        card = card_of(state, source)
        player.used.append(source)
        if card.charged:
            discard(state, player.charges[source].pop())
        attack(state, seat, card.damage, card.flags, action["target"])
        if card.charged and not player.charges.get(source):
            say(state, seat, f"spends the last charge of {card.name}")
            remove_kept(state, seat, source)
    elif kind == "claim":
        state.challenges.remove(action["card"])
        card = card_of(state, action["card"])
        say(state, seat, f"wins the challenge {card.name}")
        discard(state, action["card"])
        run_effects(state, seat, card.reward)
    elif kind in ("discard_pet", "discard_item"):  # MW-CARD-2, MW-CARD-4
        remove_kept(state, seat, action["card"])
    elif kind == "draw_dead":
        state.flags.append(f"dead_draw:{action['deck']}")
        say(state, seat, f"draws from the {action['deck']} deck")
        draw(state, seat, action["deck"], 1)  # a curse resolves as usual (MW-CURSE-1)
    elif kind == "resurrect":
        slots = list(mage(state, seat).resurrection[action["alt"]])
        state.resurrection = Manifest(player.mage, seat, slots, [EMPTY] * len(slots))
        state.stage = "resurrecting"
    elif kind == "pay":
        payment = state.resurrection
        assert payment is not None
        player.hand.remove(action["card"])
        player.discounts.pop(action["card"], None)
        fill(state, payment, action["card"], action.get("slot"))
        if not payment.open_slots():
            resurrect(state, seat, payment)
    elif kind == "cancel":
        payment = state.resurrection
        assert payment is not None
        player.hand += payment.contributed()
        state.resurrection = None
        state.stage = "dead"
    settle(state)


def resurrect(state: GameState, seat: int, payment: Manifest) -> None:
    """Paid: new health cards, and a complete normal turn at once (MW-DEATH-3)."""
    for iid in payment.contributed():
        discard(state, iid)
    state.resurrection = None
    player = state.players[seat]
    player.alive = True
    deal_health(state, seat)
    say(state, seat, "resurrects and takes a turn")
    begin_turn(state, seat)


def _decide(state: GameState, seat: int, decision: dict[str, Any], action: dict[str, Any]
            ) -> None:
    kind = action["type"]
    player = state.players[seat]
    if kind == "pick":
        state.decks["mage"].remove(action["card"])
        player.mage = action["card"]
        say(state, seat, f"chooses {card_of(state, action['card']).name}")
        if not state.decisions:
            start_play(state)
    elif kind == "accept":
        card = card_of(state, decision["card"])
        say(state, seat, f"suffers the curse {card.name}")
        discard(state, decision["card"])
        run_effects(state, seat, card.curse)
    elif kind == "negate":
        _spend(state, seat, action["card"])
        say(state, seat, f"negates the curse {card_of(state, decision['card']).name}")
        discard(state, decision["card"])
    elif kind == "deflect":
        _spend(state, seat, action["card"])
        say(state, seat, f"deflects the curse {card_of(state, decision['card']).name} to "
                         f"seat {action['seat'] + 1}")
        state.decisions.insert(0, {"kind": "curse", "seat": action["seat"],
                                   "card": decision["card"], "deflected": 1})
    elif kind == "lose":
        player.health.remove(action["card"])
        discard(state, action["card"])
        left = int(decision["n"]) - 1
        if not player.health:
            say(state, seat, "loses the last health card")
            die(state, seat)
        elif left > 0:
            state.decisions.insert(0, {**decision, "n": left})
    elif kind == "discard":
        player.hand.remove(action["card"])
        player.discounts.pop(action["card"], None)
        discard(state, action["card"])
        if len(player.hand) > stat(state, seat, "max_cards"):
            state.decisions.insert(0, decision)
    elif kind in ("target", "fizzle"):
        card = card_of(state, decision["card"])
        discard(state, decision["card"])
        if kind == "target":
            attack(state, seat, card.damage, card.flags, action["target"])
        run_effects(state, seat, card.effects)
    elif kind in ("keep", "replace"):
        iid = int(decision["card"])
        card = card_of(state, iid)
        if kind == "replace":
            remove_kept(state, seat, action["card"])
        zone = (player.pets if card.type in ("creature", "plant")
                else player.armor if card.armor else player.items)
        zone.append(iid)
        say(state, seat, f"keeps {card.name}")
    elif kind == "use_once":
        iid = int(decision["card"])
        card = card_of(state, iid)
        for charge in player.charges.pop(iid, []):
            discard(state, charge)
        discard(state, iid)
        say(state, seat, f"uses {card.name} once")
        if "target" in action:
            attack(state, seat, card.damage, card.flags, action["target"])
        run_effects(state, seat, card.effects)


def _spend(state: GameState, seat: int, iid: int) -> None:
    """A blessing spent on a curse response is discarded (MW-CURSE-3)."""
    player = state.players[seat]
    if iid in player.hand:
        player.hand.remove(iid)
        player.discounts.pop(iid, None)
    else:
        player.blessings.remove(iid)
    discard(state, iid)


def resign(state: GameState, seat: int) -> None:
    """The player leaves (MW-WIN-4): the mage counts as permanently dead, every card of the
    seat goes to the discard piles, and play goes on; one player left wins."""
    player = state.players[seat]
    for decision in [d for d in state.decisions if d["seat"] == seat]:
        state.decisions.remove(decision)
        if decision["kind"] in ("curse", "craft", "target"):
            discard(state, decision["card"])
    state.pending_effects = [e for e in state.pending_effects if e["seat"] != seat]
    if state.resurrection is not None and state.resurrection.owner == seat:
        for iid in state.resurrection.contributed():
            discard(state, iid)
        state.resurrection = None
    for iid in (*player.pets, *player.items, *player.armor):
        remove_kept(state, seat, iid)
    for manifest in player.manifests:
        for iid in (manifest.card, *manifest.contributed()):
            discard(state, iid)
    for iid in (*player.hand, *player.health, *player.permanents, *player.blessings,
                *player.levels):
        discard(state, iid)
    if player.mage >= 0:
        discard(state, player.mage)
    for manifest in state.structures:  # the discount was the leaver's (MW-HEALTH-4)
        if manifest.opener == seat:
            manifest.waivers = 0
    player.manifests.clear()
    player.hand.clear()
    player.health.clear()
    player.permanents.clear()
    player.blessings.clear()
    player.levels.clear()
    player.discounts.clear()
    player.alive, player.left = False, True
    say(state, seat, "leaves the game")
    remaining = in_game(state)
    if len(remaining) == 1:
        state.outcome = Outcome("win", (remaining[0],), LAST_END, state.round)
        state.stage = "over"
        state.decisions.clear()
        return
    if state.stage == "select":
        if not state.decisions:
            start_play(state)
        return
    if seat == state.active:
        for iid in state.challenges:
            discard(state, iid)
        state.challenges.clear()
        state.stage = "ending"
    settle(state)
