"""The 1v1 carded duel (ET-DUEL, ET-END): setting up, the five steps of a turn, playing,
purging, the effects of cards as they are played, ticks, draws with reshuffle, clutter,
Epics, Facedown and the end checks. Every change is made on a copy (`apply`), so a refused
action leaves the state as it was."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from marcomage.platform.actions import is_plain_action
from marcomage.platform.protocol import IllegalAction, Outcome
from marcomage.platform.rng import Rng

from .cards import (
    ATTACK,
    CLUTTER,
    CLUTTER_DECK,
    DEFENSE,
    EPIC,
    KINDS,
    UTILITY,
    Card,
    Effect,
    card_set,
)
from .exchange import resolve, strongest
from .state import ATTACK_STEP, DEFEND, OVER, Active, Attack, Duel, Fighter, Played

TURN_EN = 3
"""ET-DUEL-5: EN of every turn but the first."""
FIRST_PLAY_EN = 2
"""ET-DUEL-5: EN of the first turn of the game, which has no defense."""
DRAW_PER_DECK = 2
"""ET-DUEL-6."""
ROUND_LIMIT = 30
"""ET-END-2."""
EXHAUSTION_ROUND = 10
"""ET-END-3: the last round without exhaustion (the page's "Average" pacing, 10 rounds)."""
PURGE_EN = 1
"""ET-DUEL-13: "Purging (1EN)"."""
LOG_LENGTH = 400
"""Log entries kept (the oldest go first)."""
KNOCKOUT, ROUND_LIMIT_END = "knockout", "round_limit"

ON_SELF = frozenset({"attack_up", "guard_up", "gain_defense", "start_guard", "thorns",
                     "thorn_bind", "type_resist", "heal_over_time", "draw", "draw_up",
                     "random_draw_up", "draw_random", "harm_self", "retaliate"})
"""ET-FX-22: effects on the player's side; the others land on the enemy."""
HELP = frozenset({"heal_over_time", "start_guard", "gain_defense", "guard_up", "attack_up",
                  "thorns"})
"""ET-GROUP-4: the effects on the player's side that a Utility card may give an ally."""
INERT = frozenset({"facedown", "destroy_card", "retaliate_attack_down",
                   "retaliate_guard_down"})
"""Effects with no bearer: Facedown and Destroy Card act on the card itself; the two
Retaliate modifiers are "bugged" on the page and stay unused (ET-FX-16)."""


class NotNow(IllegalAction):
    """An action that is not one of the deciding seat's legal actions now."""

    code = "not-legal"


def new_game(decks: Sequence[tuple[Mapping[str, Card], Mapping[str, list[str]]]],
             seed: int, teams: Sequence[int] = (0, 1)) -> Duel:
    """A duel between two characters (their cards by id and their three decks): the piles
    shuffled, instance ids dealt from the generator (PL-VIEW-3), HP pools summed
    (ET-DUEL-2), a seeded coin (a seeded draw among the seats of a group duel) for the first
    player (ET-DUEL-4, ET-GROUP-2), then the first turn. `teams[seat]` is 0 or 1.

    The duel keeps one definition per card id, so decks that define one id differently (two
    custom cards sent under the same id) are refused with a ValueError: otherwise one seat
    would play the other's card under its own name."""
    rng = Rng.from_seed(seed)
    cards: dict[str, Card] = {c.id: c for c in card_set().cards.values() if c.kind == CLUTTER}
    order: list[tuple[int, str, str]] = []
    for seat, (known, piles) in enumerate(decks):
        for kind in KINDS:
            pile = list(piles[kind])
            for card_id in pile:
                if cards.setdefault(card_id, known[card_id]) != known[card_id]:
                    raise ValueError(f"The decks define the card {card_id!r} differently "
                                     f"({cards[card_id].name} and {known[card_id].name}); "
                                     "a duel needs one definition for each card id.")
            positions = list(range(len(pile)))
            rng.shuffle(positions)
            order += [(seat, kind, pile[p]) for p in positions]
    ids = list(range(len(order)))
    rng.shuffle(ids)
    instances = [""] * len(order)
    homes = [""] * len(order)
    fighters = [Fighter(0, 0, {k: [] for k in KINDS}, {k: [] for k in KINDS}) for _ in decks]
    for iid, (seat, kind, card_id) in zip(ids, order, strict=True):
        instances[iid], homes[iid] = card_id, kind
        fighters[seat].piles[kind].append(iid)
        fighters[seat].max_hp += cards[card_id].hp
    for fighter in fighters:
        fighter.hp = fighter.max_hp
    first = rng.below(len(decks))
    duel = Duel(cards, instances, homes, fighters, rng, first, first, teams=tuple(teams))
    duel.log.append({"type": "first", "seat": first})
    start_turn(duel)
    return duel


# --- legal actions and apply ------------------------------------------------------------


def legal_actions(duel: Duel, seat: int) -> list[dict[str, Any]]:
    """ET-DUEL-9: play a card of the step's decks within EN, purge clutter, then confirm
    (the defense) or end_turn (the attack)."""
    if duel.outcome is not None or seat != duel.active:
        return []
    kinds = (DEFENSE, UTILITY) if duel.step == DEFEND else (ATTACK, UTILITY)
    hand = duel.fighters[seat].hand
    actions: list[dict[str, Any]] = []
    for iid in hand:
        card = duel.card(iid)
        if card.kind in kinds and card.en <= duel.en:
            aims = targets(duel, seat, card)
            if aims is None:
                actions.append({"type": "play", "card": iid})
            else:
                actions += [{"type": "play", "card": iid, "target": t} for t in aims]
    if duel.en >= PURGE_EN:
        actions += [{"type": "purge", "card": iid} for iid in hand
                    if duel.card(iid).kind == CLUTTER]
    actions.append({"type": "confirm" if duel.step == DEFEND else "end_turn"})
    return actions


def targets(duel: Duel, seat: int, card: Card) -> list[int] | None:
    """ET-GROUP-3, ET-GROUP-4: in a group duel, the seats a card may be played on: an Attack
    card on a standing enemy (the one this turn's attack already aims at, once it has one);
    a Utility card with an effect on the enemy on a standing enemy, else one with an effect
    that may help an ally on a standing ally or oneself. None: the card takes no target
    (every card of a 1v1 duel, Defense cards, Utility cards that only act on oneself)."""
    if not duel.group or card.kind == DEFENSE:
        return None
    if card.kind == ATTACK:
        return [duel.aim] if duel.aim is not None else duel.enemies(seat)
    if any(e.type not in ON_SELF and e.type not in INERT for e in card.effects):
        return duel.enemies(seat)
    if any(e.type in HELP for e in card.effects):
        return duel.allies(seat)
    return None


def apply(duel: Duel, seat: int, action: Any) -> tuple[Duel, list[dict[str, Any]]]:
    """The duel after `seat` takes `action`, and the new log entries; NotNow (nothing
    changed) when it is not legal."""
    if not is_plain_action(action) or action not in legal_actions(duel, seat):
        raise NotNow(_why_not(duel, seat, action))
    after = duel.clone()
    start = len(after.log)
    take(after, seat, action)
    fresh = after.log[start:]
    del after.log[:-LOG_LENGTH]
    return after, fresh


def take(duel: Duel, seat: int, action: Mapping[str, Any]) -> None:
    """`seat` takes `action`, one of its legal actions, on `duel` itself: no check and no
    copy, for a player's own copy such as a search bot's lookahead (`apply` is the checked
    move on a copy)."""
    kind = action["type"]
    if kind == "play":
        play(duel, seat, action["card"], action.get("target"))
    elif kind == "purge":
        purge(duel, seat, action["card"])
    elif kind == "confirm":
        confirm(duel)
    else:
        end_turn(duel)
    if duel.outcome is None and duel.fighters[duel.active].hp <= 0:
        fall_in_turn(duel)  # ET-GROUP-5: fallen in their own turn, the team fights on


def _why_not(duel: Duel, seat: Any, action: Any) -> str:
    if duel.outcome is not None:
        return "The duel is over."
    if seat != duel.active:
        return "It is not your turn."
    shapes = {"play": {"type", "card"}, "purge": {"type", "card"}, "confirm": {"type"},
              "end_turn": {"type"}}
    if (not is_plain_action(action) or action.get("type") not in shapes
            or set(action) - {"target"} != shapes[action["type"]]):
        return (f"{action!r} is not an Elder Tale move: play or purge a card of your hand "
                "({\"type\": \"play\", \"card\": id}), confirm or end_turn.")
    if action["type"] == "confirm" and duel.step != DEFEND:
        return "There is no attack to defend against now; play Attack and Utility cards."
    if action["type"] == "end_turn" and duel.step != ATTACK_STEP:
        return "Defend first: play Defense and Utility cards, then confirm."
    card = action.get("card")
    if card not in duel.fighters[duel.active].hand:
        return "That card is not in your hand."
    found = duel.card(card)
    if action["type"] == "purge":
        return f"{found.name} is not a clutter card, or you have no EN left to purge it."
    if found.en > duel.en:
        return f"{found.name} costs {found.en} EN; you have {duel.en} left."
    aims = targets(duel, duel.active, found)
    if aims is None and "target" in action:
        return f"{found.name} takes no target."
    if aims is not None and action.get("target") not in aims:
        return (f"Play {found.name} on one of the seats {', '.join(map(str, aims))}"
                " ({\"type\": \"play\", \"card\": id, \"target\": seat}).")
    now = ("defend with Defense and Utility" if duel.step == DEFEND
           else "attack with Attack and Utility")
    return f"{found.name} is a {found.kind.capitalize()} card; {now} cards now."


# --- playing cards ------------------------------------------------------------------------


def play(duel: Duel, seat: int, iid: int, target: int | None = None) -> None:
    """ET-DUEL-10: pay the EN, put the card on the table (face down if it has Facedown) and
    carry out or register its effects; in a group duel on `target` (ET-GROUP-3), an Attack
    card aiming this turn's attack."""
    card = duel.card(iid)
    if card.kind == ATTACK and target is not None:
        duel.aim = target
    fighter = duel.fighters[seat]
    fighter.hand.remove(iid)
    duel.en -= card.en
    facedown = card.facedown
    placed = Played(iid, facedown)
    (duel.building if card.kind == ATTACK else duel.played).append(placed)
    entry: dict[str, Any] = {"type": "play", "seat": seat, "deck": card.kind,
                             "card": None if facedown else card.name}
    if target is not None:
        entry["target"] = target
    duel.log.append(entry)
    for effect in card.effects:
        carry_out(duel, seat, effect, "" if facedown else card.name, target)
        if duel.outcome is not None:
            return


def foe(duel: Duel, seat: int, target: int | None) -> int:
    """The enemy an effect of `seat`'s card lands on (ET-FX-22, ET-GROUP-3): the card's
    target when it is an enemy, else the enemy this turn's attack aims at, else the first
    attacker being defended against, else the first standing enemy."""
    enemies = duel.enemies(seat)
    if target is not None and target in enemies:
        return target
    if duel.aim is not None and duel.active == seat:
        return duel.aim
    incoming = duel.incoming(seat) if duel.active == seat else []
    if incoming:
        return incoming[0].by
    return enemies[0] if enemies else (seat + 1) % duel.seats


def carry_out(duel: Duel, seat: int, effect: Effect, source: str,
              target: int | None = None) -> None:
    """One effect of a played card: the immediate ones happen, the others take their place
    among the effects in force of their bearer (ET-FX-22, ET-DUEL-12); in a group duel an
    effect that may help lands on the ally the card was played on (ET-GROUP-4)."""
    me = duel.fighters[seat]
    if effect.type in ON_SELF:
        helped = (target is not None and effect.type in HELP
                  and target in duel.allies(seat))
        bearer = duel.fighters[target] if helped and target is not None else me
    else:
        bearer = duel.fighters[foe(duel, seat, target)]
    kind = effect.type
    if kind == "draw" and effect.deck is not None:
        draw(duel, seat, effect.deck, 1)
    elif kind == "draw_random":
        draw(duel, seat, KINDS[duel.rng.below(3)], 1)
    elif kind == "harm_self":
        me.hp -= effect.intensity
        duel.log.append({"type": "harm_self", "seat": seat, "damage": effect.intensity})
        check_end(duel)
    elif kind == "add_card" and effect.clutter is not None:
        for _ in range(effect.copies):
            add_clutter(duel, foe(duel, seat, target), effect.clutter)
    elif kind in INERT:
        return
    else:
        hits = effect.hits
        rounds = effect.rounds
        stage = ""
        if kind == "blind":
            stage, rounds = "defense", None
        elif kind == "start_guard":
            stage = "waiting"
        elif kind in ("heal_over_time", "poison"):
            hits = rounds = None
        elif kind == "gain_defense":
            rounds = None
        elif kind in ("discard_random", "doom", "retaliate") and rounds is None:
            rounds = 1
        bearer.effects.append(Active(kind, effect.intensity, hits, rounds, effect.deck,
                                     effect.resist, stage, source))


def add_clutter(duel: Duel, seat: int, clutter: str) -> None:
    """ET-DUEL-13: a clutter card owned by `seat`, shuffled into its deck (Burning into a
    random one); that it was added, and where, is public, its position is not."""
    kind = CLUTTER_DECK[clutter]
    if kind == "random":
        kind = KINDS[duel.rng.below(3)]
    iid = len(duel.instances)
    duel.instances.append(clutter)
    duel.homes.append(kind)
    pile = duel.fighters[seat].piles[kind]
    pile.insert(duel.rng.below(len(pile) + 1), iid)
    duel.log.append({"type": "clutter_added", "seat": seat, "clutter": clutter, "deck": kind})


def purge(duel: Duel, seat: int, iid: int) -> None:
    """ET-DUEL-13: 1 EN removes a clutter card in hand from the game (Destroy Card)."""
    fighter = duel.fighters[seat]
    fighter.hand.remove(iid)
    fighter.removed.append(iid)
    duel.en -= PURGE_EN
    duel.log.append({"type": "purge", "seat": seat, "card": duel.card(iid).name})


# --- the turn -----------------------------------------------------------------------------


def start_turn(duel: Duel) -> None:
    """ET-DUEL-9 steps 1 and 2: ticks, the end check, the draw; then the defend step if an
    attack is pending, else the attack step."""
    seat = duel.active
    me = duel.fighters[seat]
    duel.log.append({"type": "turn", "seat": seat, "round": duel.round})
    tick(duel, me, seat)
    exhaust(duel, me, seat)
    if check_end(duel):
        return
    if me.hp <= 0:  # ET-GROUP-5: fallen at the start of the turn, the team fights on
        fall_in_turn(duel)
        return
    for effect in me.effects:
        if effect.type == "start_guard" and effect.stage == "waiting":
            effect.stage = "armed"
        if effect.type == "blind" and effect.stage == "defense" and not duel.pending:
            effect.stage = "attack"
    draw_step(duel, seat)
    if duel.outcome is not None:
        return
    duel.en = FIRST_PLAY_EN if duel.turn == 0 else TURN_EN
    duel.step = DEFEND if duel.pending else ATTACK_STEP


def tick(duel: Duel, me: Fighter, seat: int) -> None:
    """ET-DUEL-9 step 1, ET-XCH-9: Poison, then Heal over Time (none while Doomed); each
    counts down by one."""
    poison = strongest(me.effects, "poison")
    if poison is not None:
        me.hp -= poison.intensity
        duel.log.append({"type": "poison", "seat": seat, "damage": poison.intensity})
    heal = strongest(me.effects, "heal_over_time")
    if heal is not None:
        doomed = strongest(me.effects, "doom") is not None
        gained = 0 if doomed else max(0, min(heal.intensity, me.max_hp - me.hp))
        me.hp += gained
        duel.log.append({"type": "heal", "seat": seat, "healed": gained, "doomed": doomed})
    for effect in me.effects:
        if effect.type in ("poison", "heal_over_time"):
            effect.intensity -= 1
    me.effects = [e for e in me.effects
                  if not (e.type in ("poison", "heal_over_time") and e.intensity <= 0)]


def exhaust(duel: Duel, me: Fighter, seat: int) -> None:
    """ET-END-3: past round EXHAUSTION_ROUND, a combatant loses at the start of each of
    their turns one HP per round past it, ignoring guard and resist: "combat must favor
    resolution", and two guarded healers otherwise trade scratches to the round limit."""
    loss = duel.round - EXHAUSTION_ROUND
    if loss > 0:
        me.hp -= loss
        duel.log.append({"type": "exhaustion", "seat": seat, "damage": loss})


def draw_step(duel: Duel, seat: int) -> None:
    """ET-DUEL-6, ET-DUEL-9 step 2: two from each deck, changed by the draw modifiers in
    force; then the discards of the Cursed cards drawn (ET-DUEL-13, ET-FX-1), once the whole
    hand is drawn: the hand is empty between turns (ET-DUEL-8), so a curse drawn first would
    otherwise find nothing to discard; then Discard Random."""
    me = duel.fighters[seat]
    counts = {kind: DRAW_PER_DECK for kind in KINDS}
    for kind in KINDS:
        if any(e.type == "draw_up" and e.deck == kind for e in me.effects):
            counts[kind] += 1
        if any(e.type == "draw_down" and e.deck == kind for e in me.effects):
            counts[kind] -= 1
    if strongest(me.effects, "random_draw_up") is not None:
        counts[KINDS[duel.rng.below(3)]] += 1
    if strongest(me.effects, "random_draw_down") is not None:
        counts[KINDS[duel.rng.below(3)]] -= 1
    curses: list[int] = []
    for kind in KINDS:
        draw(duel, seat, kind, max(0, counts[kind]), curses)
        if duel.outcome is not None:
            return
    for count in curses:
        discard_random(duel, seat, count)
    discard = strongest(me.effects, "discard_random")
    if discard is not None:
        discard_random(duel, seat, discard.intensity)
    for effect in me.effects:
        if effect.type in ("draw_up", "draw_down", "random_draw_up", "random_draw_down",
                           "discard_random") and effect.rounds is not None:
            effect.rounds -= 1
    me.effects = [e for e in me.effects if e.rounds != 0]


def draw(duel: Duel, seat: int, kind: str, count: int, curses: list[int] | None = None
         ) -> None:
    """ET-DUEL-7: draw from the pile's end, reshuffling the discards in when it is empty;
    clutter takes effect as it is drawn (ET-DUEL-13), except that with `curses` given (the
    draw step) a Cursed card's discard count is put there, to be discarded after the draws."""
    me = duel.fighters[seat]
    drawn = 0
    for _ in range(count):
        pile = me.piles[kind]
        if not pile:
            if not me.discards[kind]:
                break
            pile.extend(me.discards[kind])
            me.discards[kind].clear()
            duel.rng.shuffle(pile)
            duel.log.append({"type": "reshuffle", "seat": seat, "deck": kind})
        iid = pile.pop()
        me.hand.append(iid)
        if iid in me.veiled:  # reshuffled before it was revealed: back in a hidden hand
            me.veiled.remove(iid)
        drawn += 1
        card = duel.card(iid)
        if card.kind == CLUTTER:
            duel.log.append({"type": "clutter_drawn", "seat": seat, "clutter": card.id})
            clutter_strikes(duel, seat, card, curses)
            if check_end(duel):
                return
    duel.log.append({"type": "draw", "seat": seat, "deck": kind, "count": drawn})


def clutter_strikes(duel: Duel, seat: int, card: Card, curses: list[int] | None = None
                    ) -> None:
    """ET-DUEL-13: a drawn clutter card acts on its holder at once; a discard waits in
    `curses` when it is given (the draw step's hand is not drawn yet)."""
    me = duel.fighters[seat]
    for effect in card.effects:
        if effect.type == "harm_self":
            me.hp -= effect.intensity
            duel.log.append({"type": "harm_self", "seat": seat, "damage": effect.intensity})
        elif effect.type == "discard_random":
            if curses is None:
                discard_random(duel, seat, effect.intensity)
            else:
                curses.append(effect.intensity)
        elif effect.type == "guard_down":
            me.effects.append(Active("guard_down", effect.intensity, None, effect.rounds or 1,
                                     None, None, "", card.name))


def discard_random(duel: Duel, seat: int, count: int) -> None:
    """Discard `count` random cards of the hand (clutter stays to be purged)."""
    me = duel.fighters[seat]
    for _ in range(count):
        choices = [iid for iid in me.hand if duel.card(iid).kind != CLUTTER]
        if not choices:
            return
        iid = choices[duel.rng.below(len(choices))]
        me.hand.remove(iid)
        me.discards[duel.homes[iid]].append(iid)
        duel.log.append({"type": "discarded", "seat": seat, "card": duel.card(iid).name})


def confirm(duel: Duel) -> None:
    """ET-DUEL-9 step 3: the exchange resolves against the pending attack (ET-XCH); then the
    end check and the attack step."""
    seat = duel.active
    defender = duel.fighters[seat]
    defense = [duel.card(p.iid) for p in duel.played if duel.card(p.iid).kind == DEFENSE]
    carried: int | None = None
    for attack in duel.incoming(seat):
        # ET-GROUP-6: one guard against every attack aimed at the defender, oldest first.
        attacker = duel.fighters[attack.by]
        entry = resolve([duel.card(p.iid) for p in attack.cards], defense, attacker,
                        defender, carried)
        carried = entry["guard_left"]
        entry.update({"attacker": attack.by, "defender": seat, "round": duel.round})
        duel.log.append(entry)
        if entry["damage"] > 0:
            retaliate(duel, attack.by, seat)
        for placed in attack.cards:
            retire(duel, attack.by, placed.iid)
    duel.attacks = [a for a in duel.attacks if a.target != seat]
    kept: list[Played] = []
    for placed in duel.played:
        if duel.card(placed.iid).kind == DEFENSE:
            retire(duel, seat, placed.iid)
        else:
            kept.append(Played(placed.iid, False))
    duel.played = kept
    reveal(duel)
    if not check_end(duel):
        duel.step = ATTACK_STEP


def retaliate(duel: Duel, attacker: int, defender: int) -> None:
    """ET-GROUP-7: Retaliate, "to deal damage in a group fight when someone besides your
    character is attacked": each ally of the wounded defender with Retaliate in force deals
    its intensity to the attacker, ignoring guard."""
    for ally in duel.allies(defender):
        if ally == defender:
            continue
        found = strongest(duel.fighters[ally].effects, "retaliate")
        if found is not None:
            duel.fighters[attacker].hp -= found.intensity
            duel.log.append({"type": "retaliate", "seat": ally, "target": attacker,
                             "damage": found.intensity})


def reveal(duel: Duel) -> None:
    """ET-DUEL-10, ET-XCH-8: the exchange reveals the Facedown cards retired face down
    before it (a Facedown Utility card played in an attack step)."""
    for seat, fighter in enumerate(duel.fighters):
        if fighter.veiled:
            duel.log.append({"type": "revealed", "seat": seat,
                             "cards": [duel.card(iid).name for iid in fighter.veiled]})
            fighter.veiled = []


def retire(duel: Duel, seat: int, iid: int) -> None:
    """A resolved card goes to its discard pile; an Epic leaves the game (ET-DUEL-11)."""
    fighter = duel.fighters[seat]
    if duel.card(iid).rarity == EPIC:
        fighter.removed.append(iid)
    else:
        fighter.discards[duel.homes[iid]].append(iid)


def end_turn(duel: Duel) -> None:
    """ET-DUEL-9 step 5: the Attack cards played become the pending attack (without any,
    the Blind waiting for this turn's attack lapses); Utility cards resolve, the rest of the
    hand is discarded; Doom counts the turn; the round limit; the next turn."""
    seat = duel.active
    me = duel.fighters[seat]
    if not duel.building:
        # ET-DUEL-12: Blind's leftover hits are for the attack of the turn whose defense it
        # weakened (or that had none); a turn that ends without an attack lets them lapse.
        me.effects = [e for e in me.effects if not (e.type == "blind" and e.stage == "attack")]
    if duel.building:
        target = duel.aim if duel.aim is not None else (seat + 1) % duel.seats
        if duel.fighters[target].hp > 0:
            duel.attacks.append(Attack(seat, target, duel.building))
        else:  # ET-GROUP-5: the attack's target fell this turn; the attack is dropped
            for placed in duel.building:
                retire(duel, seat, placed.iid)
    duel.building = []
    duel.aim = None
    for placed in duel.played:
        retire(duel, seat, placed.iid)
        if placed.facedown:
            me.veiled.append(placed.iid)  # ET-DUEL-10: hidden until the next exchange
    duel.played = []
    for iid in me.hand:
        me.discards[duel.homes[iid]].append(iid)
    me.hand = []
    for effect in me.effects:
        if effect.type in ("doom", "retaliate") and effect.rounds is not None:
            effect.rounds -= 1
    me.effects = [e for e in me.effects if e.rounds != 0]
    duel.log.append({"type": "end_turn", "seat": seat})
    advance(duel)


def advance(duel: Duel) -> None:
    """The next turn: the seats take turns in order from the first (ET-DUEL-4,
    ET-GROUP-2), a fallen seat's turns passing; the round limit."""
    while True:
        duel.turn += 1
        if duel.turn >= duel.seats * ROUND_LIMIT:
            finish_at_limit(duel)
            return
        duel.active = (duel.active + 1) % duel.seats
        if duel.fighters[duel.active].hp > 0:
            break
    start_turn(duel)


def fall_in_turn(duel: Duel) -> None:
    """ET-GROUP-5: a seat fallen in its own turn while its team stands: its cards on the
    table and in hand go to its discards, its attack is dropped, the next seat plays."""
    seat = duel.active
    me = duel.fighters[seat]
    for placed in (*duel.played, *duel.building):
        retire(duel, seat, placed.iid)
    for iid in me.hand:
        me.discards[duel.homes[iid]].append(iid)
    me.hand, duel.played, duel.building, duel.aim = [], [], [], None
    duel.log.append({"type": "fallen", "seat": seat})
    advance(duel)


def bury(duel: Duel) -> None:
    """ET-GROUP-5: the attacks made by or aimed at a fallen seat are dropped."""
    kept: list[Attack] = []
    for attack in duel.attacks:
        if duel.fighters[attack.by].hp > 0 and duel.fighters[attack.target].hp > 0:
            kept.append(attack)
        else:
            for placed in attack.cards:
                retire(duel, attack.by, placed.iid)
    duel.attacks = kept


def check_end(duel: Duel) -> bool:
    """ET-END-1, ET-GROUP-8: a combatant at 0 HP or below loses; both at once is a draw. In
    a group duel a team loses when all its seats are down, and every seat of the team left
    standing wins; all teams down at once is a draw."""
    if duel.outcome is not None:
        return True
    standing = {duel.teams[s] for s, f in enumerate(duel.fighters) if f.hp > 0}
    if len(standing) > 1:
        if duel.group:
            bury(duel)
        return False
    winners = tuple(s for s in range(duel.seats) if duel.teams[s] in standing)
    outcome = Outcome("win" if winners else "draw", winners, KNOCKOUT, duel.round)
    duel.outcome = outcome
    duel.step = OVER
    duel.log.append({"type": "end", "end_type": KNOCKOUT, "winners": list(outcome.winners)})
    return True


def finish_at_limit(duel: Duel) -> None:
    """ET-END-2, ET-GROUP-8: after the last round the higher fraction of HP left wins (of a
    team: its HP left over its maximum HP, a fallen seat counting 0); a pending attack is
    dropped."""
    hp = [sum(max(0, f.hp) for s, f in enumerate(duel.fighters) if duel.teams[s] == t)
          for t in (0, 1)]
    top = [sum(f.max_hp for s, f in enumerate(duel.fighters) if duel.teams[s] == t)
           for t in (0, 1)]
    left = hp[0] * top[1] - hp[1] * top[0]
    team = 0 if left > 0 else 1 if left < 0 else None
    winners = tuple(s for s in range(duel.seats) if duel.teams[s] == team)
    for attack in duel.attacks:
        for placed in attack.cards:
            retire(duel, attack.by, placed.iid)
    duel.attacks = []
    duel.outcome = Outcome("win" if winners else "draw", winners, ROUND_LIMIT_END, ROUND_LIMIT)
    duel.step = OVER
    duel.log.append({"type": "end", "end_type": ROUND_LIMIT_END, "winners": list(winners)})
