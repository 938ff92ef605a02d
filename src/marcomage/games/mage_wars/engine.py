"""The rules of Mage Wars (MAGEWARS.md): setup, turns, fate, combat, resurrection, winning
and a seat that leaves, as functions over a `GameState` that the caller has cloned. The rest
is split by concept: `tabletop` (cards, mages, stats, the log), `health` (health lost and
death), `drawing` (draws, curses, effects), `crafting` (requirements and manifests) and
`decisions` (who decides and the legal actions).

`decisions.legal_actions` lists every action of the seat that must decide now (PL-PROTO-4);
`perform` carries one out and then `settle` runs the game forward until somebody must decide
again.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from marcomage.platform.protocol import Outcome
from marcomage.platform.rng import Rng

from .cards import CARDS, DECKS, HEALTH_DECKS
from .crafting import activate, fill, find_manifest, open_card, waivable
from .drawing import curse_waiting, draw, draw_one, receive, run_effects, run_pending
from .health import clear_seat, die, lose_health, remove_kept
from .state import ALL, EMPTY, WAIVED, GameState, Manifest, Options, Player
from .tabletop import (
    POTION_TURNS,
    card_damage,
    card_of,
    discard,
    in_game,
    mage,
    mage_damage,
    say,
    seat_of_mage,
    stat,
)
from .victory import Predicate, predicate

ROUND_LIMIT = 50
"""A game lasts at most this many rounds; then it is a draw (MW-TURN-8)."""

WIN_END, ROUND_END, LAST_END = "win_condition", "round_limit", "surrender"
FALLEN_END = "last_standing"
"""Every other mage fell for good or left, and one at least fell (MW-DEATH-5)."""


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


def new_game(options: Options, pack: list[dict[str, Any]], seats: int, seed: int,
             mages: Sequence[str] = ()) -> GameState:
    """Shuffle the six decks, assign opaque instance ids, pick the first player and the mages
    (MW-SETUP-1..5), deal health and start the first turn. `mages` (card ids, one a seat)
    seats given mages instead: the balance lab's ready-made sides."""
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
    if options.mage_selection == "choose" and not mages:
        state.stage = "select"
        state.decisions = [{"kind": "select", "seat": s} for s in range(seats)]
        return state
    for seat in range(seats):
        if mages:
            iid = next(i for i in state.decks["mage"] if cards[i] == mages[seat])
            state.decks["mage"].remove(iid)
        else:
            iid = state.decks["mage"].pop()
        state.players[seat].mage = iid
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
    say(state, first, "goes first")
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
    if not state.players[seat].left:
        end_of_turn(state, seat)
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
    mage meets none until resurrected (our reading: a mage in the grave wins nothing). A
    dead mage who may still rise is not destroyed: only a fallen mage (MW-DEATH-5) or one
    whose player left counts as destroyed (MW-DEATH-4). The last mage at the table wins."""
    if state.stage == "select":
        return False
    players = state.players
    if sum(1 for p in players if not p.left) == 1 and any(p.fallen for p in players):
        remaining = in_game(state)
        state.outcome = Outcome("win", (remaining[0],), FALLEN_END, state.round)
        state.stage = "over"
        state.decisions.clear()
        state.pending_effects.clear()
        say(state, remaining[0], "is the last mage standing and wins")
        return True
    cards, built = state.cards, state.built
    seats = len(players)
    for k in range(seats):
        seat = (state.active + k) % seats
        player = players[seat]
        if player.alive and not player.left and win_check(cards[player.mage])(
                seat, players, cards, built):
            state.outcome = Outcome("win", (seat,), WIN_END, state.round)
            state.stage = "over"
            state.decisions.clear()
            state.pending_effects.clear()
            say(state, seat, f"meets the win condition ({mage(state, seat).text}) and wins")
            return True
    return False


_WIN_CHECKS: dict[str, Predicate] = {}


def win_check(card_id: str) -> Predicate:
    """The mage card's win condition, made ready once (`victory.predicate`)."""
    check = _WIN_CHECKS.get(card_id)
    if check is None:
        check = _WIN_CHECKS[card_id] = predicate(CARDS[card_id].win)
    return check


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


def _whose(state: GameState, target: int) -> str:
    """A kept card or structure in the log's words: "{seat:N}'s Oak Staff" or "the
    structure Sun Temple" (the board puts the player's name in for the token)."""
    name = card_of(state, target).name
    for owner, player in enumerate(state.players):
        if target in (*player.pets, *player.items, *player.armor):
            return f"{{seat:{owner}}}'s {name}"
    return f"the structure {name}"


def attack(state: GameState, seat: int, damage: int, flags: Sequence[str], target: int,
           source: str = "") -> None:
    """Resolve one attack on a mage or a card (MW-COMBAT); the log names the attacker's
    card, the target's owner and the damage after armor and defense."""
    defender = seat_of_mage(state, target)
    with_what = f" with {source}" if source else ""
    if defender is not None:
        dealt = mage_damage(state, seat, damage, flags, defender)
        say(state, seat, f"attacks {{seat:{defender}}}'s mage{with_what}: {dealt} damage "
                         "after armor and defense")
        state.flags.append("attacked_mage")
        lose_health(state, defender, dealt)
        return
    dealt = card_damage(state, seat, damage)
    card = card_of(state, target)
    words = _whose(state, target)
    if dealt < card.health:
        say(state, seat, f"attacks {words}{with_what} for {dealt} damage, less than its "
                         f"health {card.health}: no effect")
        return
    say(state, seat, f"destroys {words}{with_what}")
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
        say(state, seat, f"uses a health card ({len(player.health)} left)")
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
        attack(state, seat, card.damage, card.flags, action["target"], card.name)
        if card.charged and not player.charges.get(source):
            say(state, seat, f"spends the last charge of {card.name}")
            remove_kept(state, seat, source)
    elif kind == "drink":  # MW-POTION-3
        iid = action["card"]
        card = card_of(state, iid)
        player.shelf.remove(iid)
        state.flags.append("drank")
        say(state, seat, f"drinks {card.name}")
        if card.bonus:
            player.draughts[iid] = POTION_TURNS
        else:
            discard(state, iid)
        run_effects(state, seat, card.effects)
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
        say(state, seat, f"draws a card from the {action['deck'].capitalize()} deck")
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
                         f"{{seat:{action['seat']}}}")
        state.decisions.insert(0, {"kind": "curse", "seat": action["seat"],
                                   "card": decision["card"], "deflected": 1})
    elif kind == "lose":
        player.health.remove(action["card"])
        discard(state, action["card"])
        say(state, seat, f"gives up a health card to the damage ({len(player.health)} left)")
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
    elif kind == "meddle":
        meddle(state, seat, int(decision["card"]), action)
    elif kind in ("target", "fizzle"):
        card = card_of(state, decision["card"])
        discard(state, decision["card"])
        if kind == "target":
            attack(state, seat, card.damage, card.flags, action["target"], card.name)
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
            attack(state, seat, card.damage, card.flags, action["target"], card.name)
        run_effects(state, seat, card.effects)


def meddle(state: GameState, seat: int, iid: int, action: dict[str, Any]) -> None:
    """A meddling magic card on a card still being crafted (MW-MEDDLE-1..3): stall it for
    its owner's next turn, steal a contributed card into one's hand, or shatter one to the
    discard pile; the emptied slots open again. Then the card's own effects run."""
    card = card_of(state, iid)
    discard(state, iid)
    manifest = next(m for m in (*[m for p in state.players for m in p.manifests],
                                *state.structures) if m.card == action["target"])
    owner = "the centre's" if manifest.owner < 0 else f"{{seat:{manifest.owner}}}'s"
    name = card_of(state, manifest.card).name
    if card.meddle == "stall":
        manifest.stalled = 1
        say(state, seat, f"stalls {owner} {name} with {card.name}")
    else:
        taken = int(action["card"])
        manifest.filled = [EMPTY if f == taken else f for f in manifest.filled]
        if card.meddle == "steal":
            state.players[seat].hand.append(taken)
            say(state, seat, f"steals {card_of(state, taken).name} from {owner} {name}")
        else:
            discard(state, taken)
            say(state, seat, f"shatters {card_of(state, taken).name} in {owner} {name}")
    run_effects(state, seat, card.effects)


def end_of_turn(state: GameState, seat: int) -> None:
    """What lasts to the end of a seat's turn wears off: potions drunk (MW-POTION-3) and a
    stall on its manifestations (MW-MEDDLE-1)."""
    player = state.players[seat]
    for iid in list(player.draughts):
        player.draughts[iid] -= 1
        if player.draughts[iid] <= 0:
            del player.draughts[iid]
            discard(state, iid)
            say(state, seat, f"feels {card_of(state, iid).name} wear off")
    for manifest in player.manifests:
        manifest.stalled = max(0, manifest.stalled - 1)


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
    clear_seat(state, seat)
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
