"""The shared patterns of card texts: one small function per wording that cards of several
effect modules use ("Stock: +N, Enemy stock: -N", "Select a card from hand to be replaced
with ...", "lowest resource", "Player(s) with most ...", ...).

Each docstring quotes the wording it implements and the clarification it follows
(shared/rules/CLARIFICATIONS.md). Wordings only one module uses stay in that module; the
turn's own vocabulary (`t.attack`, `t.stock`, `t.discard`, `t.selected`, ...) is on
`context.Turn`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final, TypeVar

from marcomage.platform.rounding import div_round

from ..cards import CARDS, COMMON, KEYWORD_NAMES, RARE, UNCOMMON, Card
from ..context import KEEP, Turn, ids_where
from ..state import HAND_SIZE, Player

T = TypeVar("T")

RESOURCES: Final = ("bricks", "gems", "recruits")
"""The three resources, the "stock" of C-FX-2, in card-cost order."""
FACILITIES: Final = ("quarry", "magic", "dungeons")
"""The three facilities; FACILITIES[i] produces RESOURCES[i] (C-PROD-1)."""
RESOURCE_OF: Final = dict(zip(FACILITIES, RESOURCES, strict=True))
"""The resource each facility produces: "(matching type only)"."""
ANY_RARITY: Final = (COMMON, UNCOMMON, RARE)
"""The rarities of "a <keyword> card" with no rarity named (C-DRAW-8)."""
NON_RARE: Final = (COMMON, UNCOMMON)
"""The rarities of "a non-rare <keyword> card" (C-DRAW-8)."""
NON_COMMON: Final = (UNCOMMON, RARE)
"""The rarities of "a non-common <keyword> card" (C-DRAW-8)."""

_PRODUCTION_FACTOR: Final = {"bricks": "fb", "gems": "fg", "recruits": "fr"}


# --- attributes ----------------------------------------------------------------------


def add(player: Player, attribute: str, amount: int) -> None:
    """"<Attribute>: +N" (or -N) on a player, the attribute given by name (C-FX-1)."""
    setattr(player, attribute, getattr(player, attribute) + amount)


def steal(t: Turn, attribute: str, amount: int) -> None:
    """"<Attribute>: +N, Enemy <attribute>: -N", e.g. 213 Kidnap, "Steals ..." (C-FX-1)."""
    add(t.me, attribute, amount)
    add(t.opp, attribute, -amount)


def steal_stock(t: Turn, amount: int) -> None:
    """"Stock: +N, Enemy stock: -N" (C-FX-2)."""
    t.stock(t.me, amount)
    t.stock(t.opp, -amount)


def drain_stock(t: Turn, player: Player, amount: int) -> int:
    """"Stock: -N ... suffers 1 damage for each resource lost" (182 Efreet, 514 Firestorm):
    lower each resource by N (C-FX-2) and return what the player really had to lose, at
    most N of each resource."""
    lost: int = sum(min(getattr(player, r), amount) for r in RESOURCES)
    t.stock(player, -amount)
    return lost


def destroy_resources(player: Player) -> None:
    """"Destroys all of ... resources": Bricks, Gems and Recruits become 0 (C-FX-2)."""
    player.bricks = player.gems = player.recruits = 0


def convert_into_attack(t: Turn, resources: Sequence[str]) -> None:
    """"Converts all of your <resources> into attack": Attack: their sum (C-DMG-1), then
    they are 0."""
    t.attack(sum(getattr(t.me, r) for r in resources))
    for r in resources:
        setattr(t.me, r, 0)


def gain_cost_share(player: Player, card: Card, divisor: int, cap: int) -> None:
    """"Returns 1/3 of total cost of <card> (max 4)", "half of its cost (max 5)", "resources
    equal to cost of discarded card (max 5)": each resource gains its part of the card's
    cost divided by `divisor`, rounded (C-GEN-1), at most `cap` each (C-FX-3)."""
    player.bricks += min(div_round(card.bricks, divisor), cap)
    player.gems += min(div_round(card.gems, divisor), cap)
    player.recruits += min(div_round(card.recruits, divisor), cap)


def lowest(t: Turn, player: Player, names: Sequence[str]) -> str:
    """"Lowest resource" / "lowest facility": the name of the player's lowest attribute of
    `names`, uniformly at random among the tied lowest (C-GEN-5)."""
    values = [getattr(player, name) for name in names]
    return names[random_tied(t, values, min(values))]


def highest(t: Turn, player: Player, names: Sequence[str]) -> str:
    """"Highest resource" / "highest facility": the name of the player's highest attribute
    of `names`, uniformly at random among the tied highest (C-GEN-5)."""
    values = [getattr(player, name) for name in names]
    return names[random_tied(t, values, max(values))]


def highest_and_lowest(t: Turn, player: Player, names: Sequence[str]) -> tuple[str, str]:
    """"Highest X ... lowest X" in one card: both chosen from the values before either
    changes, each among its own ties and independently, so with three equal values both
    may name the same one (C-FX-15)."""
    return highest(t, player, names), lowest(t, player, names)


def multiply_production(t: Turn, resource: str, factor: int) -> None:
    """"<Resource> production xN" for one resource this turn (C-PROD-2), e.g. 465
    "Lowest resource production x3"; for a facility pass RESOURCE_OF[facility]."""
    name = _PRODUCTION_FACTOR[resource]
    setattr(t, name, getattr(t, name) * factor)


# --- random choices ------------------------------------------------------------------


def random_one(t: Turn, items: Sequence[T]) -> T:
    """"A random card/one": one of `items` (not empty), uniformly (C-GEN-5)."""
    return items[t.random(len(items))]


def random_tied(t: Turn, values: Sequence[int], want: int) -> int:
    """"A random one among the tied highest/lowest": an index of `values` holding `want`,
    uniformly among the ties (C-GEN-5)."""
    return random_one(t, [i for i, v in enumerate(values) if v == want])


def random_slots(t: Turn, slots: Sequence[T], n: int) -> list[T]:
    """"N random cards": up to `n` distinct entries of `slots`, drawn uniformly one after
    another (C-GEN-5); with n = len(slots) it is a random shuffle."""
    pool = list(slots)
    chosen: list[T] = []
    while pool and len(chosen) < n:
        chosen.append(pool.pop(t.random(len(pool))))
    return chosen


# --- which cards ---------------------------------------------------------------------


def has(keyword: int) -> Callable[[Card], bool]:
    """The card test "a <keyword> card" (C-GEN-3); KW flags may be or-ed: "a Beast or a
    Soldier"."""
    return lambda c: c.kw & keyword != 0


def is_common(card: Card) -> bool:
    """The card test "a common card" (e.g. 448 Giant, 457 Chaos wizard, 532 Pixie)."""
    return card.rarity == COMMON


def not_rare(card: Card) -> bool:
    """The card test "non-rare" (e.g. 251 Tribute, 342 Heresy, 472 Pirate bay)."""
    return card.rarity != RARE


def mentions_keyword(card: Card) -> bool:
    """"Support keyword": the card's text names a keyword (the 2010 deck Support filter,
    keyword names as in C-GEN-3), used by 287 Revolt, 294 and 295."""
    text = card.text.lower()
    return any(name.lower() in text for name in KEYWORD_NAMES)


def hand_count(player: Player, fits: Callable[[Card], bool]) -> int:
    """"Number of <such> cards in hand": all 8 slots, the played card included (C-GEN-4,
    C-FX-8)."""
    return sum(1 for c in player.hand if fits(CARDS[c]))


def slots_where(t: Turn, player: Player, fits: Callable[[Card], bool]) -> list[int]:
    """The slots (0-based) of `player`'s hand whose card fits, as targets to discard or
    replace: never the played slot, which the refill fills anyway (C-SLOT-1), unless the
    effect refilled it first (C-FX-12)."""
    played = t.slot if player is t.me and not t.slot_open else -1
    return [i for i, c in enumerate(player.hand) if i != played and fits(CARDS[c])]


def players_by(
    t: Turn, value: Callable[[Player], int], best: Callable[[Sequence[int]], int]
) -> list[Player]:
    """"Player(s) with most/lowest X": every player whose value equals the best (`max` or
    `min`), me first; counts of cards are whole hands (C-GEN-4)."""
    values = [value(t.me), value(t.opp)]
    top = best(values)
    return [p for p, v in zip((t.me, t.opp), values, strict=True) if v == top]


def played_last_round(player: Player, keyword: int) -> bool:
    """"(Opponent) played a Quick/Swift card last round": any played entry of the player's
    history list has the keyword (C-HIST-5)."""
    return any(e.played and CARDS[e.card].kw & keyword for e in player.history)


# --- hands ---------------------------------------------------------------------------


def select_replace(t: Turn, ids: Sequence[int]) -> None:
    """"Select a card from hand to be replaced with a <class> card" (C-FX-5): the selected
    slot gets a list draw from `ids` (C-DRAW-4, C-DRAW-5); selecting the played slot makes
    that draw its next card (C-SLOT-1)."""
    if t.selected == t.slot:
        t.next_from(ids)
    else:
        replace_from(t, t.me, [t.selected], ids)


def select_replace_with(t: Turn, card_id: int) -> None:
    """"Select a card from hand to be replaced with <named card>" (C-FX-5): a fixed
    replacement, no draw (C-DRAW-5); selecting the played slot makes the named card its
    next card (C-SLOT-1a)."""
    slot = t.selected
    if slot == t.slot:
        t.next_card = card_id
    else:
        t.replace(t.me, slot, card_id)


def discard_selected(t: Turn) -> None:
    """"Select an extra card to be discarded" (C-FX-5, C-FX-6): the selected slot of my hand
    is discarded and refilled; selecting the played card discards nothing more, as it
    leaves anyway."""
    if t.selected != t.slot:
        t.discard(t.me, t.selected)


def discard_all(
    t: Turn, player: Player, slots: Sequence[int], *, different: bool = False
) -> int:
    """"Discards <these cards> from hand": each slot is refilled from its owner's deck
    (C-FX-6), by the "different" draw where the card asks for it (C-FX-16); returns how
    many went, for "... for each card discarded"."""
    for slot in slots:
        t.discard(player, slot, different=different)
    return len(slots)


def replace_from(t: Turn, player: Player, slots: Sequence[int], ids: Sequence[int]) -> None:
    """"Replaces <cards> with <class> cards": each slot in turn gets a list draw from `ids`
    (C-DRAW-4) with anti-flood against the hand as it is by then (C-DRAW-5)."""
    for slot in slots:
        t.replace(player, slot, t.pick_from(player, ids, slot))


def replace_hand_from(t: Turn, player: Player, ids: Sequence[int]) -> None:
    """"Replaces <your/opponent's> hand with <class> cards": a list draw for every slot
    (C-DRAW-4); my own played slot holds its new card already, so it is not refilled
    (C-SLOT-1c)."""
    replace_from(t, player, range(HAND_SIZE), ids)
    if player is t.me:
        t.next_card = KEEP


# --- next card -----------------------------------------------------------------------


def draw_next_card(t: Turn, ids: Sequence[int]) -> Card:
    """"Next card (received) will be a <class> card" when the effect goes on to read that
    card ("Gain recruits cost of summoned card"): the list draw for the played slot is made
    now (C-DRAW-4, C-DRAW-5) and dictated as the next card (C-SLOT-1a)."""
    card = CARDS[t.pick_from(t.me, ids, t.slot)]
    t.next_card = card.id
    return card


def school(
    t: Turn, tower: int, stock: int, keyword: int, rarities: tuple[int, ...] = ANY_RARITY
) -> None:
    """The schools and academies: "Tower: +T, Stock: +S, Next card received will be a
    [non-common] <keyword>", the next card from the whole database (C-FX-2, C-DRAW-8)."""
    t.me.tower += tower
    t.stock(t.me, stock)
    t.next_from(ids_where(keyword, rarities))
