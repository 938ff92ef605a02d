"""Elder Tale's computer players (PL-SHARED-5): a greedy bot that spends its EN on the cards
worth the most, and a search bot that tries every legal action on duels sampled from its
view (`sample_state`: the hidden cards filled in consistently with what it sees), playing
each on with the greedy policy through the opponent's next turn, and keeps the action with
the best average outcome. Both see only their seat's view and draw from their own seed."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from marcomage.platform.bots import BotFactory, bot_rng
from marcomage.platform.protocol import Action
from marcomage.platform.rng import Rng

from . import engine
from .cards import ATTACK, COMMON, DEFENSE, KINDS, UTILITY, Card, card_from_json, card_set
from .design import effect_price
from .state import DEFEND, Active, Attack, Duel, Fighter, Played

FACEDOWN_GUESS = 5
"""The damage the greedy policy expects from a face-down Attack card."""


@cache
def utility_worth(card: Card) -> int:
    """A Utility card's worth: the DP its effects would cost (Harm Self and Destroy Card
    aside), the design rules' own measure of strength."""
    return sum(max(0, effect_price(card, e)[0]) for e in card.effects
               if e.type not in ("harm_self", "destroy_card"))


def incoming(duel: Duel) -> int:
    """The damage of the pending attack before any guard."""
    total = 0
    for placed in duel.pending:
        card = duel.card(placed.iid)
        total += card.hits * card.value
    return total


def greedy_action(duel: Duel, seat: int) -> Action:
    """The greedy policy: in the defense, guard while the pending attack outweighs the guard
    raised (keeping 1 EN to attack), and play Utility cards worth their EN; in the attack,
    the strongest cards per EN; purge clutter with EN to spare; then move on."""
    legal = engine.legal_actions(duel, seat)
    best: tuple[float, Action] | None = None
    guard = sum(duel.card(p.iid).hits * duel.card(p.iid).value for p in duel.played
                if duel.card(p.iid).kind == DEFENSE)
    need = incoming(duel) - guard
    for action in legal:
        if action["type"] == "play":
            card = duel.card(action["card"])
            if card.kind == ATTACK:
                score = (card.hits * card.value + 1) / card.en
            elif card.kind == DEFENSE:
                if need <= 0:
                    continue
                score = min(need, card.hits * card.value) / card.en + 1
            else:
                score = utility_worth(card) / card.en - 2
            if duel.step == DEFEND and duel.en - card.en < 1 and card.kind != DEFENSE:
                score -= 3
        elif action["type"] == "purge":
            score = 0.5
        else:
            continue
        target = action.get("target")
        if target is not None:
            # Group duels: the weakest enemy, or the most wounded ally, first.
            other = duel.fighters[target]
            score += 0.05 * (1 - other.hp / max(1, other.max_hp))
        if best is None or score > best[0]:
            best = (score, action)
    if best is not None and best[0] > 0:
        return best[1]
    return legal[-1]


class GreedyBot:
    """The greedy policy on a duel sampled from the view."""

    name = "greedy"

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = bot_rng(seed)

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        duel = sample_state(view, self.rng)
        action = greedy_action(duel, int(view["you"]))
        return action if action in legal else legal[-1]


class SearchBot:
    """Determinized search: each legal action on `samples` sampled duels, played on by the
    greedy policy through the opponent's next turn, scored by the HP shares left."""

    name = "search"

    def __init__(self, seed: int | str = 0, samples: int = 6) -> None:
        self.rng = bot_rng(seed)
        self.samples = samples

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        me = int(view["you"])
        choices = distinct(view, legal)
        if len(choices) == 1:
            return legal[choices[0]]
        totals = dict.fromkeys(choices, 0.0)
        for _ in range(self.samples):
            duel = sample_state(view, self.rng)
            for index in choices:
                after, _ = engine.apply(duel, me, legal[index])
                totals[index] += rollout(after, me, duel.turn + duel.seats)
        best = max(choices, key=lambda i: (totals[i], -i))
        return legal[best]


def distinct(view: Mapping[str, Any], legal: Sequence[Action]) -> list[int]:
    """The indexes of the legal actions that differ in what they do: playing or purging one
    copy of a card (of the same home deck) does what playing another copy does, so only the
    first copy is tried (on the same target); the search costs the fewer rollouts for it."""
    card_of = {h["iid"]: (h["card"], h["deck"]) for h in view["hand"]}
    seen: set[tuple[Any, ...]] = set()
    kept: list[int] = []
    for index, action in enumerate(legal):
        key = (action["type"], card_of.get(action.get("card"), action.get("card")),
               action.get("target"))
        if key not in seen:
            seen.add(key)
            kept.append(index)
    return kept


def rollout(duel: Duel, me: int, until_turn: int) -> float:
    """Play greedily on `duel` itself (a copy the caller gives away) to the start of
    `until_turn` (or the end) and score it for `me`: the
    difference of HP shares, less the pending attack's weight, or +-10 for an ending."""
    while duel.outcome is None and duel.turn < until_turn:
        engine.take(duel, duel.active, greedy_action(duel, duel.active))
        del duel.log[:]  # nobody reads a lookahead's log
    if duel.outcome is not None:
        if not duel.outcome.winners:
            return 0.0
        return 10.0 if me in duel.outcome.winners else -10.0
    score = 0.0
    for seat, fighter in enumerate(duel.fighters):
        sign = 1.0 if duel.teams[seat] == duel.teams[me] else -1.0
        share = (max(0, fighter.hp) + lasting(fighter)) / fighter.max_hp
        threat = sum(duel.card(p.iid).hits * duel.card(p.iid).value
                     for a in duel.incoming(seat) for p in a.cards) / 2
        score += sign * (share - threat / fighter.max_hp)
    return score


def lasting(fighter: Fighter) -> int:
    """What the ticks in force will still do to `fighter`'s HP: Heal over Time n heals
    n + (n-1) + ... + 1, Poison n hurts as much."""
    total = 0
    for effect in fighter.effects:
        n = effect.intensity
        if effect.type == "heal_over_time":
            total += min(n * (n + 1) // 2, fighter.max_hp - fighter.hp)
        elif effect.type == "poison":
            total -= n * (n + 1) // 2
    return total


# --- sampling a duel from a view ---------------------------------------------------------


def sample_state(view: Mapping[str, Any], rng: Rng) -> Duel:
    """A whole duel consistent with a seat's view (PL-SHARED-5): its own hand, piles (in a
    random order) and table as seen; the opponent's hand and piles filled with cards of the
    right decks, drawn from what the opponent has shown and the Common cards."""
    me = int(view["you"])
    cards: dict[str, Card] = dict(card_set().cards)
    for card_id, doc in view["cards"].items():
        if card_id not in cards:  # a custom card (the set's own are known already)
            cards[card_id] = card_from_json(doc, custom=card_id.startswith("custom-"))
    hand = view["hand"]
    size = max((h["iid"] for h in hand), default=-1) + 1
    instances = ["ember_cut"] * size
    homes = [ATTACK] * size
    for h in hand:
        instances[h["iid"]], homes[h["iid"]] = h["card"], h["deck"]

    def new(card_id: str, home: str) -> int:
        instances.append(card_id)
        homes.append(home)
        return len(instances) - 1

    commons = {kind: [c.id for c in card_set().cards.values()
                      if c.kind == kind and c.rarity == COMMON] for kind in KINDS}
    shown: list[dict[str, list[str]]] = []
    for theirs in view["fighters"]:
        seen = {kind: list(theirs["discards"][kind]) for kind in KINDS}
        for kind in KINDS:
            seen[kind] += [c for c in theirs["removed"] if cards[c].kind == kind]
            seen[kind] += commons[kind]
        shown.append(seen)
    owner = [1 - me]

    def guess(kind: str) -> str:
        pool = shown[owner[0]][kind]
        return str(pool[rng.below(len(pool))])

    fighters: list[Fighter] = []
    for seat, seen_f in enumerate(view["fighters"]):
        owner[0] = seat
        f = Fighter(seen_f["hp"], seen_f["max_hp"], {k: [] for k in KINDS},
                    {k: [new(c, k) for c in seen_f["discards"][k]]
                     + [new(guess(k), k) for _ in range(seen_f.get("veiled", {}).get(k, 0))]
                     for k in KINDS},
                    removed=[new(c, cards[c].kind if cards[c].kind in KINDS else UTILITY)
                             for c in seen_f["removed"]])
        f.effects = [Active(e["type"], e["intensity"], e["hits_left"], e["rounds_left"],
                            e.get("deck"), e.get("resist"), e.get("stage", ""),
                            e.get("source", "")) for e in seen_f["effects"]]
        if seat == me:
            f.hand = [h["iid"] for h in hand]
            for kind in KINDS:
                pile = [new(c, kind) for c in view["library"][kind]]
                rng.shuffle(pile)
                f.piles[kind] = pile
        else:
            for kind in KINDS:
                f.hand += [new(guess(kind), kind) for _ in range(seen_f["hand_counts"][kind])]
                f.piles[kind] = [new(guess(kind), kind)
                                 for _ in range(seen_f["pile_sizes"][kind])]
            f.hand += [new(c, UTILITY) for c in seen_f["clutter_in_hand"]]
        fighters.append(f)

    def table(items: list[dict[str, Any]], seat: int) -> list[Played]:
        owner[0] = seat
        return [Played(new(c["card"] if c["card"] else guess(c["deck"]), c["deck"]),
                       bool(c["facedown"])) for c in items]

    active = int(view["active"])
    attacks = [Attack(a["by"], a["target"], table(a["cards"], a["by"]))
               for a in view["attacks"]]
    return Duel(cards, instances, homes, fighters, Rng.from_seed(rng.next_u32()),
                int(view["first"]), active, int(view["turn"]), str(view["step"]),
                int(view["en"]), attacks, table(view["played"], active),
                table(view["building"], active), [], None,
                tuple(view["teams"]), view["aim"])


BOTS: dict[str, BotFactory] = {"greedy": GreedyBot, "search": SearchBot}
