"""Effects of the Common cards with ids 248 to 393, each written from its card text.

Card data (name, cost, keywords, text) lives in data/cards.json; here is behaviour only.
`t.me` is the acting player, `t.opp` the enemy (see context.Turn).
"""

from __future__ import annotations

from typing import Final

from marcomage.platform.rounding import div_round

from ..cards import CARDS, KW, PURIFIED_ASHES, UNCOMMON, Card, effect
from ..context import Turn, ids_where
from ..state import HAND_SIZE
from .patterns import (
    RESOURCES,
    add,
    discard_all,
    discard_selected,
    has,
    not_rare,
    played_last_round,
    random_one,
    random_slots,
    random_tied,
    select_replace,
    select_replace_with,
    slots_where,
    steal_stock,
)

FANATIC: Final = 340
SCEPTER_OF_SUMMONING: Final = 159
GOLDEN_SCEPTER: Final = 351
TARTARUS_GATE: Final = 313


# --- helpers ----------------------------------------------------------------------

def lost_last_round(t: Turn, resource: str) -> int:
    """How much of a resource of mine the opponent's last round took (C-HIST-5)."""
    return max(0, -t.last_round_change(resource, mine=True))


# --- effects ----------------------------------------------------------------------

@effect(248)  # Searing fire
def searing_fire(t: Turn) -> None:
    for p in (t.me, t.opp):
        p.tower -= 2
        p.wall -= 5
        t.stock(p, -2)


@effect(250)  # Dragon whelp
def dragon_whelp(t: Turn) -> None:
    t.attack(5)


@effect(251)  # Tribute
def tribute(t: Turn) -> None:
    """Both players discard the same number of cards, the played slot refilled first
    (C-FX-12, C-FX-17)."""
    t.refill_first()
    mine, theirs = slots_where(t, t.me, not_rare), slots_where(t, t.opp, not_rare)
    n = min(3, len(mine), len(theirs))
    for p, slots in ((t.me, mine), (t.opp, theirs)):
        for slot in random_slots(t, slots, n):
            t.discard(p, slot)


@effect(252)  # Black market
def black_market(t: Turn) -> None:
    """The played slot is refilled first and may change hands too (C-FX-12)."""
    t.refill_first()
    mine = slots_where(t, t.me, not_rare)
    theirs = slots_where(t, t.opp, not_rare)
    n = min(3, len(mine), len(theirs))
    for a, b in zip(random_slots(t, mine, n), random_slots(t, theirs, n), strict=True):
        card_a, card_b = t.me.hand[a], t.opp.hand[b]
        t.replace(t.me, a, card_b)
        t.replace(t.opp, b, card_a)


@effect(256)  # Bronze golem
def bronze_golem(t: Turn) -> None:
    t.opp.wall -= 6


@effect(257)  # Wisp
def wisp(t: Turn) -> None:
    t.me.tower += 2
    t.opp.tower -= 2


@effect(258)  # Giant bear
def giant_bear(t: Turn) -> None:
    t.attack(4)
    t.me.recruits += 3


@effect(259)  # Dire wolves
def dire_wolves(t: Turn) -> None:
    t.attack(9)
    t.production(0)


@effect(260)  # Burglars
def burglars(t: Turn) -> None:
    t.attack(4)
    steal_stock(t, 2)


@effect(261)  # Magnetic whirpool
def magnetic_whirpool(t: Turn) -> None:
    t.me.recruits += 3
    t.opp.recruits -= 3


@effect(262)  # Magical forge
def magical_forge(t: Turn) -> None:
    t.me.wall += 6


@effect(263)  # Saints Day
def saints_day(t: Turn) -> None:
    t.stock(t.me, 4)
    t.production(0)


@effect(269)  # Militia
def militia(t: Turn) -> None:
    t.me.wall += 1
    add(t.me, random_one(t, RESOURCES), -1)
    discard_selected(t)


@effect(271)  # Stone archer
def stone_archer(t: Turn) -> None:
    t.opp.tower -= 2
    t.stock(t.me, 1)


@effect(272)  # Elven archer
def elven_archer(t: Turn) -> None:
    if t.me.wall > t.opp.wall:
        t.opp.tower -= 7
    else:
        t.attack(6)


@effect(273)  # Merchant
def merchant(t: Turn) -> None:
    if t.mode == 1:
        t.me.bricks += 6
    elif t.mode == 2:
        t.me.gems += 5
    else:
        t.me.recruits += 5


@effect(274)  # Hidden treasure
def hidden_treasure(t: Turn) -> None:
    if t.last_played.cost_total == 0:  # C-HIST-4, C-SETUP-7
        t.me.gems += 3
        t.me.recruits += 2
    else:
        t.me.gems += 2
        t.me.recruits += 1


@effect(275)  # Clay pit
def clay_pit(t: Turn) -> None:
    t.fb *= 2


@effect(278)  # Guard tower
def guard_tower(t: Turn) -> None:
    if t.mode == 1:
        t.me.wall += 8
    else:
        t.me.tower += 5


@effect(279)  # Heavy infantry
def heavy_infantry(t: Turn) -> None:
    if t.mode == 1:
        t.me.wall += 5
    elif t.mode == 2:
        t.attack(6)
    else:
        t.opp.tower -= 4


@effect(281)  # Berserker
def berserker(t: Turn) -> None:
    t.attack(11 - div_round(t.me.tower, 20))


@effect(289)  # Baron's keep
def barons_keep(t: Turn) -> None:
    t.me.tower += 3
    t.me.wall += 7


@effect(297)  # Palisade wall
def palisade_wall(t: Turn) -> None:
    t.me.wall += 2


@effect(299)  # Furious crowd
def furious_crowd(t: Turn) -> None:
    t.attack(t.me.facilities)


@effect(300)  # Tremors
def tremors(t: Turn) -> None:
    t.opp.bricks -= 5


@effect(301)  # Lookout towers
def lookout_towers(t: Turn) -> None:
    if t.me.tower < t.me.wall and t.me.tower < 45:
        t.me.tower += 15
    else:
        t.me.tower += 6


@effect(302)  # Titan's left arm
def titans_left_arm(t: Turn) -> None:
    t.stock(t.me, t.count(KW.UNLIVING))


@effect(303)  # Titan's right arm
def titans_right_arm(t: Turn) -> None:
    n = t.count(KW.UNLIVING)
    t.me.tower += n
    t.me.wall += n


@effect(319)  # Fire guardian
def fire_guardian(t: Turn) -> None:
    t.me.wall += 10
    if not t.last_played.has(KW.BURNING):  # C-HIST-4
        t.me.gems -= 4


@effect(325)  # Cleansing
def cleansing(t: Turn) -> None:
    for slot in random_slots(t, slots_where(t, t.opp, has(KW.UNDEAD)), 4):
        t.replace(t.opp, slot, PURIFIED_ASHES)


@effect(327)  # Temple of light
def temple_of_light(t: Turn) -> None:
    t.me.tower += 3
    select_replace(t, ids_where(KW.HOLY))


@effect(328)  # Tribes of east
def tribes_of_east(t: Turn) -> None:
    t.next_from(ids_where(KW.BARBARIAN))  # the whole card database (C-DRAW-8)
    if "Barbarian" in t.me.token_names:  # C-FX-11
        t.stock(t.me, 3)


@effect(329)  # Conjurer
def conjurer(t: Turn) -> None:
    t.me.gems += 6
    t.me.wall += 3
    t.production(0)
    select_replace_with(t, t.card.id)


@effect(331)  # Benediction
def benediction(t: Turn) -> None:
    for p in (t.me, t.opp):
        t.stock(p, min(t.count(KW.HOLY, p), 4))


@effect(332)  # Retribution
def retribution(t: Turn) -> None:
    for p in (t.me, t.opp):
        t.stock(p, -min(t.count(KW.UNDEAD, p), 4))


@effect(333)  # Death wave
def death_wave(t: Turn) -> None:
    t.attack(4 * min(t.count(KW.UNDEAD), 5))


@effect(334)  # Tarkhan
def tarkhan(t: Turn) -> None:
    if t.last_played.has(KW.BARBARIAN):  # C-HIST-4
        t.opp.wall -= 7
    t.attack(7)


@effect(336)  # Eternal flame
def eternal_flame(t: Turn) -> None:
    if t.last_played.has(KW.BURNING):  # C-HIST-4
        t.next_card = t.last_played.id
    else:
        t.next_from(ids_where(KW.BURNING))  # the whole card database (C-DRAW-8)


@effect(340)  # Fanatic
def fanatic(t: Turn) -> None:
    if t.me.tower < t.opp.tower:
        t.attack(12)
    else:
        t.attack(6)


@effect(342)  # Heresy
def heresy(t: Turn) -> None:
    """The played slot is refilled first and may be discarded or replaced (C-FX-12)."""
    t.refill_first()
    for slot in random_slots(t, slots_where(t, t.me, not_rare), 1):
        t.discard(t.me, slot)
    targets = slots_where(t, t.me, lambda c: not_rare(c) and not c.has(KW.HOLY))
    for slot in random_slots(t, targets, 3):
        t.replace(t.me, slot, FANATIC)


@effect(349)  # Reuse the rubble
def reuse_the_rubble(t: Turn) -> None:
    last = CARDS[t.last_card.card]  # "last card": played or discarded (C-HIST-3)
    if last.has(KW.UNLIVING):
        t.me.tower += div_round(last.bricks, 3)
        t.me.wall += div_round(last.bricks, 2)


@effect(351)  # Golden scepter
def golden_scepter(t: Turn) -> None:
    t.next_card = SCEPTER_OF_SUMMONING if t.is_new else GOLDEN_SCEPTER


@effect(356)  # Abyssal viper
def abyssal_viper(t: Turn) -> None:
    t.opp.gems -= 3
    t.opp.recruits -= 2


@effect(357)  # Warlock
def warlock(t: Turn) -> None:
    t.attack(3)
    t.opp.gems -= 1
    t.opp.recruits -= 3


@effect(359)  # Determined defense
def determined_defense(t: Turn) -> None:
    if t.count(KW.CHARGE, t.opp) > 0:
        t.me.wall += 18
    else:
        t.me.wall += 10


@effect(360)  # Wildfire gem
def wildfire_gem(t: Turn) -> None:
    t.stock(t.me, -3)


@effect(361)  # Pyrobolus
def pyrobolus(t: Turn) -> None:
    t.attack(7)
    if t.last_played.has(KW.MAGE):  # C-HIST-4
        t.stock(t.opp, -3)


@effect(362)  # Petrified minotaur
def petrified_minotaur(t: Turn) -> None:
    t.me.wall += 5
    t.opp.wall -= 5
    t.attack(5)


@effect(363)  # Supply units
def supply_units(t: Turn) -> None:
    soldiers = slots_where(t, t.me, has(KW.SOLDIER))
    if not soldiers:
        return
    costs = [CARDS[t.me.hand[i]].recruits for i in soldiers]
    t.discard(t.me, soldiers[random_tied(t, costs, min(costs))])
    t.stock(t.me, 3)


@effect(364)  # Judge
def judge(t: Turn) -> None:
    for resource in RESOURCES:
        add(t.opp, resource, -lost_last_round(t, resource))


@effect(365)  # Don't be hasty
def dont_be_hasty(t: Turn) -> None:
    for p in (t.me, t.opp):
        if played_last_round(p, KW.QUICK):
            new = [i for i in range(HAND_SIZE) if p.new[i]]  # the played slot too (C-FX-13)
            t.stock(p, -discard_all(t, p, new))


@effect(366)  # Graceful charity
def graceful_charity(t: Turn) -> None:
    t.me.tower += 1
    for resource in RESOURCES:
        add(t.me, resource, min(lost_last_round(t, resource), 6))


@effect(367)  # Light infantry
def light_infantry(t: Turn) -> None:
    if t.count(KW.CHARGE, t.opp) == 0:
        t.attack(10)
    else:
        t.attack(4)


@effect(368)  # Goblin saboteur
def goblin_saboteur(t: Turn) -> None:
    t.attack(4)
    if t.last_round_change("wall", mine=False) > 8:  # C-HIST-5
        t.opp.wall -= 12


@effect(381)  # Purified ashes
def purified_ashes(t: Turn) -> None:
    if t.count(KW.HOLY) > 0:
        t.me.gems += 1


@effect(382)  # Priest
def priest(t: Turn) -> None:
    ashes = slots_where(t, t.opp, lambda c: c.id == PURIFIED_ASHES)
    if not ashes:
        return
    t.discard(t.opp, random_one(t, ashes), different=True)  # C-DRAW-10
    steal_stock(t, 3)


@effect(387)  # Corrosion cloud
def corrosion_cloud(t: Turn) -> None:
    def fits(c: Card) -> bool:
        return not_rare(c) and c.has(KW.UNLIVING)

    for p in (t.me, t.opp):
        for slot in random_slots(t, slots_where(t, p, fits), 1):
            if CARDS[t.discard(p, slot)].rarity == UNCOMMON:  # "that card"
                p.quarry -= 1


@effect(391)  # Road to Valhalla
def road_to_valhalla(t: Turn) -> None:
    t.me.tower -= 10
    t.me.wall += 20


@effect(392)  # Road to Tartarus
def road_to_tartarus(t: Turn) -> None:
    t.next_card = TARTARUS_GATE


@effect(393)  # Druid
def druid(t: Turn) -> None:
    t.attack(5)
    select_replace(t, ids_where(KW.RESTORATION | KW.NATURE))

