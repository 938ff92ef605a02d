"""Effects of the Rare cards with ids 229 to 530, each written from its card text.

Card data (name, cost, keywords, text) lives in data/cards.json; here is behaviour only.
`t.me` is the acting player, `t.opp` the enemy (see context.Turn).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Final

from marcomage.platform.rounding import div_round

from ..cards import CARDS, COMMON, KW, RARE, UNCOMMON, effect
from ..context import KEEP, Turn, card_named, ids_named, ids_where
from ..state import ATTRIBUTES, HAND_SIZE, MAX_TOWER, MAX_WALL, START_TOWER, START_WALL
from .patterns import (
    FACILITIES,
    NON_RARE,
    RESOURCES,
    add,
    convert_into_attack,
    destroy_resources,
    discard_all,
    has,
    highest_and_lowest,
    mentions_keyword,
    random_one,
    random_slots,
    replace_from,
    replace_hand_from,
    slots_where,
    steal,
)

# --- helpers shared by several cards -------------------------------------------------


def replace_hand_with(t: Turn, ids: Sequence[int]) -> None:
    """"Replaces your hand with <8 named cards>": each slot, the played one included, gets
    one of them at a random position; named replacements skip anti-flood (C-DRAW-5)."""
    for slot, card in enumerate(random_slots(t, ids, len(ids))):  # a random order
        t.replace(t.me, slot, card)
    t.next_card = KEEP  # the played slot holds its new card already (C-SLOT-1c)


@cache
def plain_brick_cards(effect_text: str) -> tuple[int, ...]:
    """No keyword, Bricks only, <effect_text>, no support keyword cards (294, 295)."""
    return tuple(
        c.id for c in CARDS
        if c.id and c.kw == 0 and c.bricks > 0 and c.gems == 0 and c.recruits == 0
        and effect_text in c.text and not mentions_keyword(c)
    )


def different_keywords(hand: Sequence[int]) -> int:
    """Number of different keywords on the cards of a hand."""
    bits = 0
    for c in hand:
        bits |= CARDS[c].kw
    return bin(bits).count("1")


# --- the cards -----------------------------------------------------------------------


@effect(229)  # Storm of bricks
def storm_of_bricks(t: Turn) -> None:
    convert_into_attack(t, ("bricks",))


@effect(232)  # Governour
def governour(t: Turn) -> None:
    t.attack(20)
    t.me.tower += 10
    t.me.wall += 10
    t.production(2)


@effect(233)  # Magic academy
def magic_academy(t: Turn) -> None:
    t.me.tower += 15
    t.me.magic += 1


@effect(234)  # Manufactory
def manufactory(t: Turn) -> None:
    t.me.tower += 15
    t.me.dungeons += 1


@effect(235)  # Architect academy
def architect_academy(t: Turn) -> None:
    t.me.tower += 15
    t.me.quarry += 1


@effect(239)  # Golden dragon
def golden_dragon(t: Turn) -> None:
    t.attack(80)


@effect(242)  # Tornado
def tornado(t: Turn) -> None:
    destroy_resources(t.opp)


@effect(246)  # Avalanche
def avalanche(t: Turn) -> None:
    t.opp.tower -= 10
    t.opp.wall -= 10


@effect(249)  # Wall shift
def wall_shift(t: Turn) -> None:
    t.me.wall, t.opp.wall = t.opp.wall, t.me.wall


@effect(253)  # Necropolis
def necropolis(t: Turn) -> None:
    replace_hand_with(t, ids_named(
        "Zombie", "Skeleton warriors", "Ghoul", "Stalker", "Banshee",
        "Emissary of the afterlife", "Vampire", "Vampire countess",
    ))


@effect(255)  # Evolution
def evolution(t: Turn) -> None:
    """My new cards may be rare, the opponent's may not (C-DRAW-11 exemption)."""
    for slot in range(HAND_SIZE):
        t.discard(t.me, slot, no_rare=False)
        t.discard(t.opp, slot, no_rare=True)
    t.next_card = KEEP  # the played slot got its new card with the others


@effect(265)  # Residence of Gods
def residence_of_gods(t: Turn) -> None:
    t.me.tower = MAX_TOWER


@effect(277)  # King's elite guard
def kings_elite_guard(t: Turn) -> None:
    t.me.tower += 35


@effect(280)  # Word of power
def word_of_power(t: Turn) -> None:
    slot = t.selected  # C-FX-5: a slot of the enemy hand, and the matching one of mine
    t.replace(t.me, slot, t.opp.hand[slot])
    t.discard(t.opp, slot, different=True)  # C-FX-16


@effect(283)  # Return to the beginning
def return_to_the_beginning(t: Turn) -> None:
    for p in (t.me, t.opp):
        p.tower = START_TOWER
        p.wall = START_WALL


@effect(285)  # All-elemental attack
def all_elemental_attack(t: Turn) -> None:
    convert_into_attack(t, RESOURCES)


@effect(291)  # General's army
def generals_army(t: Turn) -> None:
    replace_hand_with(t, ids_named(
        "Light infantry", "Heavy infantry", "Knight", "Crusader", "Royal pikemen",
        "Light cavalry", "Battle formations", "Royal dragoons",
    ))
    t.me.recruits += 35


@effect(292)  # Elven army
def elven_army(t: Turn) -> None:
    t.production(2)
    replace_hand_with(t, ids_named(
        "Elf", "Elf", "Elite elf", "Elite elf", "Elven archer", "Elven archer",
        "Elf commando", "Elf enchantress",
    ))


@effect(293)  # Under siege
def under_siege(t: Turn) -> None:
    t.stock(t.opp, -1)
    t.opp.tower -= 12


@effect(294)  # Plan of salvation
def plan_of_salvation(t: Turn) -> None:
    replace_hand_from(t, t.me, plain_brick_cards("Wall: +"))
    t.me.bricks += 25


@effect(295)  # Architectural improvement
def architectural_improvement(t: Turn) -> None:
    replace_hand_from(t, t.me, plain_brick_cards("Tower: +"))
    t.me.bricks += 40


@effect(298)  # Vampire lord
def vampire_lord(t: Turn) -> None:
    t.attack(25)
    t.me.magic -= 1
    t.replace(t.me, t.selected, card_named("Vampire"))


@effect(314)  # Crugg the Destroyer
def crugg_the_destroyer(t: Turn) -> None:
    n = t.count(KW.BARBARIAN)
    t.opp.tower -= 6 * n
    t.opp.wall -= 9 * n


@effect(315)  # Completion ritual
def completion_ritual(t: Turn) -> None:
    if all(titan in t.me.hand for titan in ids_where(KW.TITAN)):
        t.opp.tower = 0  # Instant destruction victory (C-FX-10)
        t.opp.wall = 0


@effect(323)  # Beastmaster
def beastmaster(t: Turn) -> None:
    if t.mode == 1:
        replace_hand_from(t, t.opp, ids_where(KW.BEAST, NON_RARE))
    else:
        t.attack(5 * t.count_in_game(KW.BEAST))


@effect(339)  # Prince of thieves
def prince_of_thieves(t: Turn) -> None:
    if not t.is_new:
        for r in RESOURCES:
            steal(t, r, min(max(getattr(t.opp, r) - getattr(t.me, r), 5), 15))


@effect(355)  # Witcher
def witcher(t: Turn) -> None:
    for p in (t.me, t.opp):
        t.attack(7 * discard_all(t, p, slots_where(t, p, lambda c: c.kw != 0)), p)


@effect(377)  # Mountain king
def mountain_king(t: Turn) -> None:
    n = t.count(KW.ALLIANCE)
    t.attack(20 + 5 * n)
    t.me.tower += 3 * n
    t.me.wall += 4 * n
    t.stock(t.me, n)


@effect(378)  # Ice revenant
def ice_revenant(t: Turn) -> None:
    t.attack(56)
    if t.last_played.id in ids_named("Crypt", "Lich", "Necromancy amplifier"):  # C-HIST-4
        t.attack(36)


@effect(379)  # Castle beyond looking glass
def castle_beyond_looking_glass(t: Turn) -> None:
    t.me.tower = 50
    t.me.wall = 70
    t.stock(t.me, 10)


@effect(380)  # Order of the White Lotus
def order_of_the_white_lotus(t: Turn) -> None:
    if not t.is_new:
        for a in ATTRIBUTES:
            average = div_round(getattr(t.me, a) + getattr(t.opp, a), 2)
            setattr(t.me, a, average)
            setattr(t.opp, a, average)


@effect(383)  # Mountain of faith
def mountain_of_faith(t: Turn) -> None:
    replace_hand_with(t, ids_named(
        "Shadow fairy", "Fairy", "Heavenly warrior", "Paladin", "Cathedral", "Zealot",
        "Seraphim", "Angel",
    ))


@effect(389)  # Bank
def bank(t: Turn) -> None:
    t.me.tower += 4
    for r in RESOURCES:
        add(t.me, r, min(div_round(getattr(t.me, r), 4), 25))


@effect(390)  # Anomaly sphere
def anomaly_sphere(t: Turn) -> None:
    for a in ATTRIBUTES:
        change = t.last_round_change(a, mine=False)  # C-HIST-5
        if change > 0:
            add(t.opp, a, -change)


@effect(397)  # Rainbow dragon
def rainbow_dragon(t: Turn) -> None:
    n = different_keywords(t.me.hand)
    t.attack(8 * n)
    t.stock(t.me, 2 * n)


@effect(398)  # Shadow unicorn
def shadow_unicorn(t: Turn) -> None:
    t.attack(25)
    t.me.magic += 1
    t.opp.magic -= 1
    mages = slots_where(t, t.me, has(KW.MAGE))
    if mages:
        t.discard(t.me, random_one(t, mages))
        t.me.gems += 30


@effect(401)  # Invocation
def invocation(t: Turn) -> None:
    n = div_round(t.me.bricks, 5)  # rounded (C-GEN-1)
    t.me.tower += n
    t.me.wall += n
    t.stock(t.opp, -div_round(t.me.gems, 5))


@effect(403)  # Dark horde
def dark_horde(t: Turn) -> None:
    replace_hand_with(t, ids_named(
        "Goblin", "Goblin", "Elite orc", "Elite orc", "Goblin saboteur", "Ogre", "Troll",
        "Orc regiment",
    ))
    t.me.recruits += 80


@effect(404)  # Thor
def thor(t: Turn) -> None:
    t.attack(20)
    t.opp.tower -= 15
    t.next_card = card_named("Chain lightning")


@effect(407)  # Dwarven fortress
def dwarven_fortress(t: Turn) -> None:
    t.me.tower = 40
    if t.count(KW.ALLIANCE) > 4:
        t.me.wall = MAX_WALL
    else:
        t.me.wall += 50


@effect(426)  # Arthoria the Saber
def arthoria_the_saber(t: Turn) -> None:
    t.attack(15)


@effect(427)  # Darkforge
def darkforge(t: Turn) -> None:
    t.fr *= 10


@effect(428)  # Spectral dragon
def spectral_dragon(t: Turn) -> None:
    t.attack(150)
    t.me.gems += 20


@effect(434)  # Outnumbered and outmatched
def outnumbered_and_outmatched(t: Turn) -> None:
    if t.me.recruits - t.opp.recruits > 52:
        t.me.recruits = t.opp.recruits
        t.opp.tower = 1
        t.opp.wall = 0


@effect(435)  # Alastor flame of heavens
def alastor_flame_of_heavens(t: Turn) -> None:
    t.me.gems += 50
    t.me.magic += 1


@effect(447)  # Imperial army
def imperial_army(t: Turn) -> None:
    t.attack(45)


@effect(450)  # White shrine
def white_shrine(t: Turn) -> None:
    t.me.tower += 10
    high, low = highest_and_lowest(t, t.me, FACILITIES)  # C-FX-15
    add(t.me, high, 1)
    add(t.me, low, 2)


@effect(453)  # Ancient sage
def ancient_sage(t: Turn) -> None:
    t.production(min(t.count(KW.ALLIANCE) + t.count(KW.NATURE), 6))


@effect(456)  # Prosperity
def prosperity(t: Turn) -> None:
    if not t.is_new:
        t.stock(t.me, 16)


@effect(461)  # Avenging angel
def avenging_angel(t: Turn) -> None:
    t.attack(MAX_TOWER - t.me.tower)


@effect(464)  # Chimera
def chimera(t: Turn) -> None:
    t.opp.tower -= 20
    t.opp.wall -= 20
    t.attack(20)


@effect(467)  # Wind witch
def wind_witch(t: Turn) -> None:
    t.attack(18)
    t.fg *= 3
    t.replace(t.opp, t.selected, card_named("Wind"))  # C-FX-5: a slot of the enemy hand


@effect(474)  # Market week
def market_week(t: Turn) -> None:
    replace_hand_with(t, ids_named(
        "Merchant", "Caravan", "Wealth", "Merchant ship", "Fair trade", "Greed is good",
        "Prosperity", "Bank",
    ))
    for r in RESOURCES:  # "Halves your stock": round(x/2), half up (C-FX-17)
        setattr(t.me, r, div_round(getattr(t.me, r), 2))


@effect(482)  # Wicked Ritual
def wicked_ritual(t: Turn) -> None:
    titans = slots_where(t, t.me, has(KW.TITAN))
    discarded = {t.discard(t.me, slot) for slot in titans}
    t.attack(30 * len(discarded))


@effect(495)  # Globe of Myr
def globe_of_myr(t: Turn) -> None:
    replace_from(t, t.me, [t.selected], ids_where(KW.QUICK | KW.SWIFT))  # C-FX-5


@effect(499)  # Citadel of Myr
def citadel_of_myr(t: Turn) -> None:
    t.me.tower *= 2


@effect(500)  # Forest dragon
def forest_dragon(t: Turn) -> None:
    t.attack(10 * t.count_in_game(KW.NATURE))


@effect(506)  # Water dragon
def water_dragon(t: Turn) -> None:
    t.attack(40)
    t.stock(t.me, 10)


@effect(515)  # Koschei the Deathless
def koschei_the_deathless(t: Turn) -> None:
    t.attack(20)


@effect(517)  # Cockatrice
def cockatrice(t: Turn) -> None:
    t.attack(20)
    destroyed = t.opp.recruits
    t.opp.recruits = 0
    t.me.bricks += div_round(destroyed, 2)


@effect(526)  # Princess of elves
def princess_of_elves(t: Turn) -> None:
    t.stock(t.me, 6)
    t.next_from(t.opp.deck[RARE])


OCEAN_QUEEN_BONUS: Final = {COMMON: 10, UNCOMMON: 25, RARE: 50}


@effect(530)  # Ocean queen
def ocean_queen(t: Turn) -> None:
    t.attack(40)
    last = t.last_played  # C-HIST-4
    if last.has(KW.AQUA):
        t.attack(OCEAN_QUEEN_BONUS[last.rarity])
