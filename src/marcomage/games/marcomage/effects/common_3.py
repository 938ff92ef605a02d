"""Effects of the Common cards with ids 394 to 532, each written from its card text.

Card data (name, cost, keywords, text) lives in data/cards.json; here is behaviour only.
`t.me` is the acting player, `t.opp` the enemy (see context.Turn).
"""

from __future__ import annotations

from typing import Final

from marcomage.platform.rounding import div_round

from ..cards import CARDS, COMMON, KW, RARE, UNCOMMON, effect
from ..context import Turn, card_named, ids_where, stock_lowered_last_round
from ..state import Player
from .patterns import (
    FACILITIES,
    NON_RARE,
    RESOURCE_OF,
    RESOURCES,
    add,
    discard_all,
    discard_selected,
    gain_cost_share,
    hand_count,
    highest,
    highest_and_lowest,
    is_common,
    lowest,
    multiply_production,
    not_rare,
    random_one,
    select_replace,
    select_replace_with,
    slots_where,
    steal_stock,
)

# --- helpers ----------------------------------------------------------------------

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
    select_replace(t, ids_where(KW.ALLIANCE))


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
    gain_cost_share(t.me, CARDS[t.last_opp.card], 3, 4)


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
    slots = slots_where(t, t.opp, lambda c: c.has(KW.ALLIANCE) and not_rare(c))
    if slots:
        t.replace(t.opp, random_one(t, slots), t.card.id)


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
    facility = highest(t, t.opp, FACILITIES)
    add(t.me, RESOURCE_OF[facility], getattr(t.opp, facility))


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
    add(t.opp, lowest(t, t.opp, RESOURCES), -8)


@effect(449)  # Halfling rogue
def halfling_rogue(t: Turn) -> None:
    select_replace_with(t, card_named("Hidden treasure"))
    t.me.recruits -= 1


@effect(451)  # Siege preparations
def siege_preparations(t: Turn) -> None:
    t.me.recruits += 9
    t.opp.wall += 8


@effect(452)  # Invaders
def invaders(t: Turn) -> None:
    t.opp.wall -= 3
    discard_selected(t)  # the played card is Durable anyway


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
    slots = slots_where(t, t.me, is_common)
    # the refill is no-rare (C-DRAW-9), as for every discard below
    if slots:
        t.discard(t.me, random_one(t, slots))


@effect(458)  # Dark warrior
def dark_warrior(t: Turn) -> None:
    lowest = min(t.opp.bricks, t.opp.gems, t.opp.recruits)
    t.attack(max(6, min(12, lowest)))


@effect(459)  # Dark flame
def dark_flame(t: Turn) -> None:
    """No hand named: both hands, mine first (C-FX-14)."""
    for p in (t.me, t.opp):
        discard_all(t, p, slots_where(t, p, lambda c: is_common(c) and c.cost_total == 0))


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
    t.me.new[t.selected] = True


MIRROR_GOLEM_ATTACK: Final = {COMMON: 7, UNCOMMON: 14, RARE: 21}


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
    high, low = highest_and_lowest(t, t.me, RESOURCES)  # C-FX-15
    add(t.me, high, -3)
    add(t.me, low, 3)


@effect(490)  # Magic portal
def magic_portal(t: Turn) -> None:
    slot = t.selected
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
    if stock_lowered_last_round(t):  # C-HIST-5
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
        add(t.me, random_one(t, RESOURCES), 1)


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
    if t.last_played.has(KW.BURNING):
        gain_cost_share(t.me, t.last_played, 2, 5)


@effect(518)  # Thieves guild
def thieves_guild(t: Turn) -> None:
    t.me.tower += 3
    t.stock(t.opp, -1)
    t.next_from(ids_where(KW.BRIGAND))


@effect(519)  # Lake fairy
def lake_fairy(t: Turn) -> None:
    t.me.gems += t.count(KW.NATURE)
    select_replace_with(t, t.card.id)


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
    multiply_production(t, RESOURCE_OF[lowest(t, t.me, FACILITIES)], 2)


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
    commons = hand_count(player, is_common)
    return commons - (len(player.hand) - commons)


@effect(532)  # Pixie
def pixie(t: Turn) -> None:
    gain_me, gain_opp = pixie_gain(t.me), pixie_gain(t.opp)
    t.stock(t.me, gain_me)
    t.stock(t.opp, gain_opp)
