"""Effects of the Common cards with ids 394 to 532, each written from its card text.

Card data (name, cost, keywords, text) lives in data/cards.json; here is behaviour only.
`t.me` is the acting player, `t.opp` the enemy (see context.Turn).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from ..cards import CARDS, COMMON, KW, RARE, UNCOMMON, effect
from ..context import Turn, ids_where
from ..rounding import div_round
from ..state import Player

RESOURCES = ("bricks", "gems", "recruits")
FACILITIES = ("quarry", "magic", "dungeons")
NON_RARE = (COMMON, UNCOMMON)


# --- helpers ----------------------------------------------------------------------

@cache
def card_named(name: str) -> int:
    """The id of the card with this name in the card database."""
    return next(c.id for c in CARDS if c.name == name)


def selected(t: Turn) -> int:
    """The hand slot chosen by an 8-mode "Select a card" card, 0-based (C-FX-5)."""
    return t.mode - 1


def random_tied(t: Turn, values: Sequence[int], want: int) -> int:
    """The index of a value equal to `want`, uniformly among the tied ones (C-GEN-5)."""
    tied = [i for i, v in enumerate(values) if v == want]
    return tied[t.random(len(tied))]


def lowest_resource(t: Turn, player: Player) -> str:
    """The name of the player's lowest resource (a random one among ties)."""
    stock = [getattr(player, name) for name in RESOURCES]
    return RESOURCES[random_tied(t, stock, min(stock))]


def highest_resource(t: Turn, player: Player) -> str:
    """The name of the player's highest resource (a random one among ties)."""
    stock = [getattr(player, name) for name in RESOURCES]
    return RESOURCES[random_tied(t, stock, max(stock))]


def add(player: Player, attribute: str, amount: int) -> None:
    setattr(player, attribute, getattr(player, attribute) + amount)


def replace_from(t: Turn, slot: int, ids: Sequence[int]) -> None:
    """Replace one of my slots with a card drawn from a list (anti-flood, C-DRAW-5); the
    played slot instead receives that card as its next card."""
    if slot == t.slot:
        t.next_from(ids)
        return
    t.replace(t.me, slot, t.pick_from(t.me, ids, slot))


def replace_with(t: Turn, slot: int, card_id: int) -> None:
    """Replace one of my slots with a named card; for the played slot it is the next card."""
    if slot == t.slot:
        t.next_card = card_id
    else:
        t.replace(t.me, slot, card_id)


def steal_stock(t: Turn, amount: int) -> None:
    """Stock: +N, Enemy stock: -N."""
    t.stock(t.me, amount)
    t.stock(t.opp, -amount)


def down_to_multiple(value: int, step: int) -> int:
    """The largest multiple of `step` that is at most `value`."""
    return value - value % step


def up_to_multiple(value: int, step: int) -> int:
    """The smallest multiple of `step` that is at least `value`."""
    return value + (-value) % step


# --- cards ------------------------------------------------------------------------

@effect(394)  # Ranger
def ranger(t: Turn) -> None:
    t.attack(7)
    replace_from(t, selected(t), ids_where(KW.ALLIANCE))


@effect(395)  # Frontier outpost
def frontier_outpost(t: Turn) -> None:
    if t.me.wall > 7:
        t.me.tower += 10
        t.me.wall -= 7
    else:
        t.me.wall += 7


@effect(396)  # Crystal golem
def crystal_golem(t: Turn) -> None:
    n = t.count(KW.HOLY) + t.count(KW.UNLIVING)
    t.attack(n)
    t.me.wall += 3 * n


@effect(399)  # Wizard's cottage
def wizards_cottage(t: Turn) -> None:
    t.me.tower += 2
    t.me.wall += 3
    t.next_from(ids_where(KW.MAGE, NON_RARE))


@effect(402)  # Abyssal scavenger
def abyssal_scavenger(t: Turn) -> None:
    last = CARDS[t.last_opp.card]
    t.me.bricks += min(4, div_round(last.bricks, 3))
    t.me.gems += min(4, div_round(last.gems, 3))
    t.me.recruits += min(4, div_round(last.recruits, 3))


@effect(410)  # Shadow fairy
def shadow_fairy(t: Turn) -> None:
    if t.count(KW.HOLY, t.opp) == 0:
        steal_stock(t, 1)
    else:
        t.opp.tower -= 1


@effect(411)  # Wolf spirit
def wolf_spirit(t: Turn) -> None:
    t.attack(5)
    if t.last_played.has(KW.BEAST):
        t.me.recruits += 3


@effect(413)  # Colonialism
def colonialism(t: Turn) -> None:
    if t.me.recruits < 11:
        t.me.recruits *= 2
    else:
        t.me.recruits += 6


@effect(415)  # Goblin intruder
def goblin_intruder(t: Turn) -> None:
    t.attack(4)
    hand = t.opp.hand
    slots = [
        i for i, c in enumerate(hand) if CARDS[c].has(KW.ALLIANCE) and CARDS[c].rarity != RARE
    ]
    if slots:
        t.replace(t.opp, slots[t.random(len(slots))], t.card.id)


@effect(416)  # Perfect shot
def perfect_shot(t: Turn) -> None:
    if t.is_new:
        t.opp.tower -= 6
    else:
        t.attack(6)


@effect(417)  # New development
def new_development(t: Turn) -> None:
    if t.is_new:
        t.me.tower += 10
        t.me.bricks += 3
    else:
        t.me.tower += 7


@effect(420)  # Shrine
def shrine(t: Turn) -> None:
    if t.me.wall % 10 == 0:
        t.me.wall += 9
        t.me.gems += 4
    else:
        t.me.wall += 4


@effect(421)  # Gleaners
def gleaners(t: Turn) -> None:
    facilities = [getattr(t.opp, name) for name in FACILITIES]
    best = max(facilities)
    add(t.me, RESOURCES[random_tied(t, facilities, best)], best)


@effect(422)  # Death prophet
def death_prophet(t: Turn) -> None:
    t.stock(t.me, -1)
    t.next_from((card_named("Plague"), card_named("Catastrophe"), t.card.id))


@effect(423)  # Pirate ghostship
def pirate_ghostship(t: Turn) -> None:
    t.next_from(ids_where(KW.BRIGAND))
    if t.count(KW.UNDEAD) > 0:
        steal_stock(t, 2)


@effect(430)  # Messenger
def messenger(t: Turn) -> None:
    mine = set(t.me.deck[UNCOMMON])
    t.next_from([c for c in ids_where(0, (UNCOMMON,)) if c not in mine])


@effect(437)  # Battlements
def battlements(t: Turn) -> None:
    t.me.tower += 7
    if t.count(KW.SOLDIER) > 0:
        t.opp.tower -= 4


@effect(438)  # Phoenix feather
def phoenix_feather(t: Turn) -> None:
    if t.count(KW.BURNING) == 2:
        t.next_card = card_named("Phoenix")
    else:
        t.me.gems += 14


@effect(440)  # Dragonling
def dragonling(t: Turn) -> None:
    t.fg *= 2


@effect(445)  # Poltergeist
def poltergeist(t: Turn) -> None:
    add(t.opp, lowest_resource(t, t.opp), -8)


@effect(449)  # Halfling rogue
def halfling_rogue(t: Turn) -> None:
    replace_with(t, selected(t), card_named("Hidden treasure"))
    t.me.recruits -= 1


@effect(451)  # Siege preparations
def siege_preparations(t: Turn) -> None:
    t.me.recruits += 9
    t.opp.wall += 8


@effect(452)  # Invaders
def invaders(t: Turn) -> None:
    t.opp.wall -= 3
    slot = selected(t)
    if slot != t.slot:  # an extra card of my hand; the played card is Durable anyway
        t.discard(t.me, slot)


@effect(454)  # Dryad
def dryad(t: Turn) -> None:
    t.opp.wall -= 6


@effect(455)  # Imp
def imp(t: Turn) -> None:
    t.attack(2)
    t.opp.gems -= 2


@effect(457)  # Chaos wizard
def chaos_wizard(t: Turn) -> None:
    t.attack(5)
    hand = t.me.hand
    slots = [i for i, c in enumerate(hand) if i != t.slot and CARDS[c].rarity == COMMON]
    # the refill is no-rare (C-DRAW-9), as for every discard below
    if slots:
        t.discard(t.me, slots[t.random(len(slots))])


@effect(458)  # Dark warrior
def dark_warrior(t: Turn) -> None:
    lowest = min(t.opp.bricks, t.opp.gems, t.opp.recruits)
    t.attack(max(6, min(12, lowest)))


@effect(459)  # Dark flame
def dark_flame(t: Turn) -> None:
    for i, c in enumerate(t.me.hand):
        card = CARDS[c]
        if i != t.slot and card.rarity == COMMON and card.cost_total == 0:
            t.discard(t.me, i)


@effect(460)  # Work in progress
def work_in_progress(t: Turn) -> None:
    t.me.tower += 3
    if t.is_new:
        t.me.bricks += 2


@effect(468)  # Strive for height
def strive_for_height(t: Turn) -> None:
    t.me.wall = up_to_multiple(t.me.wall, 10)


@effect(476)  # Doppelganger
def doppelganger(t: Turn) -> None:
    t.next_card = t.matching.id


@effect(477)  # Trigger trap
def trigger_trap(t: Turn) -> None:
    if not t.is_new and t.matching_is_new:
        t.opp.tower -= 8
    else:
        t.opp.tower -= 3


@effect(478)  # Renewal
def renewal(t: Turn) -> None:
    t.me.gems -= 1
    t.me.new[selected(t)] = True


MIRROR_GOLEM_ATTACK = {COMMON: 7, UNCOMMON: 14, RARE: 21}


@effect(479)  # Mirror golem
def mirror_golem(t: Turn) -> None:
    t.attack(MIRROR_GOLEM_ATTACK.get(t.matching.rarity, 0))


@effect(480)  # Ambush
def ambush(t: Turn) -> None:
    if not t.is_new:
        t.discard(t.opp, t.slot, different=True)  # NR-different (C-DRAW-10)


@effect(481)  # Ghost rider
def ghost_rider(t: Turn) -> None:
    if t.opp.wall > 20:
        t.me.gems += 3
    t.attack(7)


@effect(484)  # Treant sapling
def treant_sapling(t: Turn) -> None:
    t.opp.wall -= 6
    t.attack(5)


@effect(486)  # Magic sanctuary
def magic_sanctuary(t: Turn) -> None:
    if t.opp.gems - t.me.gems > 2:
        t.me.gems += 8
    else:
        t.me.gems += 3


@effect(489)  # Imp cache
def imp_cache(t: Turn) -> None:
    t.me.wall += 4
    add(t.me, highest_resource(t, t.me), -3)
    add(t.me, lowest_resource(t, t.me), 3)


@effect(490)  # Magic portal
def magic_portal(t: Turn) -> None:
    slot = selected(t)
    if slot != t.slot:  # selecting the portal itself moves nothing: a normal refill
        t.next_card = t.me.hand[slot]
        t.discard(t.me, slot)


@effect(493)  # Oracle
def oracle(t: Turn) -> None:
    revealed = t.opp.revealed
    revealed[t.slot] = True
    if t.matching.keywords:
        for i in (t.slot - 1, t.slot + 1):
            if 0 <= i < len(revealed):
                revealed[i] = True


@effect(496)  # Spring wood
def spring_wood(t: Turn) -> None:
    t.me.wall += 3
    if any(t.last_round_change(name) < 0 for name in RESOURCES):  # C-HIST-5
        t.production(2)


@effect(501)  # Secret temple
def secret_temple(t: Turn) -> None:
    if t.mode == 1:
        t.me.wall += 6
    elif t.mode == 2:
        t.me.gems += 4
    else:
        t.opp.recruits -= 3


@effect(502)  # Orc brute
def orc_brute(t: Turn) -> None:
    t.attack(4)
    t.next_from((t.card.id, card_named("Elite orc"), card_named("Ogre")))


@effect(503)  # Temple guard
def temple_guard(t: Turn) -> None:
    t.me.wall += 5
    if t.count(KW.HOLY) > 1:
        t.me.tower += 3
    if t.count(KW.SOLDIER) > 1:
        t.attack(5)


@effect(504)  # Piranhas
def piranhas(t: Turn) -> None:
    t.attack(5 if t.is_new else 1)


@effect(508)  # Javeliner
def javeliner(t: Turn) -> None:
    t.opp.tower = down_to_multiple(t.opp.tower, 5)


@effect(509)  # Breeze
def breeze(t: Turn) -> None:
    # The NEW flags as both players saw them when the card was played (C-TURN-2).
    for _ in range(sum(t.new_before_me) + sum(t.new_before_opp)):
        add(t.me, RESOURCES[t.random(3)], 1)


@effect(511)  # Farm
def farm(t: Turn) -> None:
    t.me.tower += 2
    t.me.wall += 2
    if not t.last_card.played:
        t.stock(t.me, 3)


@effect(512)  # Reinforced gate
def reinforced_gate(t: Turn) -> None:
    if t.me.wall < t.me.tower:
        t.me.wall += 15
    else:
        t.me.wall += 6


@effect(516)  # Frozen flame
def frozen_flame(t: Turn) -> None:
    last = t.last_played
    if last.has(KW.BURNING):
        t.me.bricks += min(5, div_round(last.bricks, 2))
        t.me.gems += min(5, div_round(last.gems, 2))
        t.me.recruits += min(5, div_round(last.recruits, 2))


@effect(518)  # Thieves guild
def thieves_guild(t: Turn) -> None:
    t.me.tower += 3
    t.stock(t.opp, -1)
    t.next_from(ids_where(KW.BRIGAND))


@effect(519)  # Lake fairy
def lake_fairy(t: Turn) -> None:
    t.me.gems += t.count(KW.NATURE)
    replace_with(t, selected(t), t.card.id)


@effect(521)  # Mermaid
def mermaid(t: Turn) -> None:
    t.opp.tower -= 2
    t.opp.wall -= 2
    t.stock(t.opp, -2)


@effect(522)  # Sunken ruins
def sunken_ruins(t: Turn) -> None:
    n = t.count(KW.AQUA)
    t.me.tower += div_round(n, 2)
    t.me.wall += n


@effect(524)  # Sea serpent
def sea_serpent(t: Turn) -> None:
    if t.opp.wall == 0:
        t.stock(t.opp, -7)
    else:
        t.opp.tower -= 3
        t.opp.wall -= 7


@effect(527)  # Elven priestesses
def elven_priestesses(t: Turn) -> None:
    facilities = [t.me.quarry, t.me.magic, t.me.dungeons]
    i = random_tied(t, facilities, min(facilities))
    if i == 0:
        t.fb *= 2
    elif i == 1:
        t.fg *= 2
    else:
        t.fr *= 2


@effect(529)  # Waterfall
def waterfall(t: Turn) -> None:
    t.me.wall -= 5
    t.stock(t.me, 3)


@effect(531)  # Exiled
def exiled(t: Turn) -> None:
    t.attack(7)
    if t.count(KW.AQUA, t.opp) > 0:
        t.stock(t.opp, -3)


def pixie_gain(player: Player) -> int:
    """+1 for each common card, -1 for each non-common card in the player's hand."""
    commons = sum(1 for c in player.hand if CARDS[c].rarity == COMMON)
    return commons - (len(player.hand) - commons)


@effect(532)  # Pixie
def pixie(t: Turn) -> None:
    gain_me, gain_opp = pixie_gain(t.me), pixie_gain(t.opp)
    t.stock(t.me, gain_me)
    t.stock(t.opp, gain_opp)
