"""Effects of the Uncommon cards with ids 3 to 231, each written from its card text.

Card data (name, cost, keywords, text) lives in data/cards.json; here is behaviour only.
`t.me` is the acting player, `t.opp` the enemy (see context.Turn).
Deck refills caused by these cards use the normal draw, no-rare only after a Quick or
Swift card (C-DRAW-9..11, `Turn.refill_no_rare`).
"""

from __future__ import annotations

from typing import Final

from ..cards import CARDS, KW, RARE, effect
from ..context import Turn, ids_named, ids_where
from .patterns import (
    NON_COMMON,
    RESOURCES,
    add,
    gain_cost_share,
    has,
    players_by,
    random_one,
    school,
    select_replace_with,
    slots_where,
    steal,
    steal_stock,
)

SAMURAI_MAX: Final = 5  # "(max 5)": per resource (C-FX-3)
GAP_ATTACK_MAX: Final = 23  # the "(max 23)" of the gap attacks (207, 219, 220)
GAP_DRAIN_ABOVE: Final = 15  # "If attack > 15"

# --- helpers shared by several cards -------------------------------------------------


def gap_attack(t: Turn, larger: str, smaller: str) -> None:
    """Attack: #Enemy <larger> - #Enemy <smaller> (max 23);
    if attack > 15, Enemy <larger> lowered by attack power."""
    power = min(getattr(t.opp, larger) - getattr(t.opp, smaller), GAP_ATTACK_MAX)
    t.attack(power)
    if power > GAP_DRAIN_ABOVE:
        add(t.opp, larger, -power)


def undercut(t: Turn, facility: str, resource: str, amount: int) -> None:
    """If <facility> < Enemy <facility>: Enemy <facility>: -2, else Enemy <resource>: -N."""
    if getattr(t.me, facility) < getattr(t.opp, facility):
        add(t.opp, facility, -2)
    else:
        add(t.opp, resource, -amount)


def last_played_mage(t: Turn) -> bool:
    """"If last card played was a Mage" (C-HIST-4: the last card *played*)."""
    return t.last_played.has(KW.MAGE)


# --- the cards -----------------------------------------------------------------------


@effect(3)  # Lightning strike
def lightning_strike(t: Turn) -> None:
    t.opp.quarry -= 1


@effect(5)  # Curse
def curse(t: Turn) -> None:
    t.facilities(t.me, 1)
    t.facilities(t.opp, -1)


@effect(8)  # Soulstealer
def soulstealer(t: Turn) -> None:
    t.me.gems += 7
    t.opp.gems -= 7


@effect(10)  # Iron golem
def iron_golem(t: Turn) -> None:
    t.attack(21)


@effect(11)  # Meditation
def meditation(t: Turn) -> None:
    t.me.gems += 25
    if last_played_mage(t):
        t.me.gems += 8


@effect(12)  # Blacksmith
def blacksmith(t: Turn) -> None:
    t.me.dungeons += 1


@effect(14)  # Immolation
def immolation(t: Turn) -> None:
    t.opp.magic -= 1


@effect(15)  # Plague
def plague(t: Turn) -> None:
    t.facilities(t.me, -1)
    t.facilities(t.opp, -1)


@effect(19)  # Fortification
def fortification(t: Turn) -> None:
    t.me.wall += 25


@effect(22)  # Master bricklayer
def master_bricklayer(t: Turn) -> None:
    t.me.quarry += 1


@effect(25)  # Griffin
def griffin(t: Turn) -> None:
    t.attack(14)


@effect(27)  # Fairy
def fairy(t: Turn) -> None:
    t.stock(t.me, t.count(KW.HOLY))


@effect(28)  # Vampire
def vampire(t: Turn) -> None:
    t.attack(29)
    t.me.gems -= 7
    t.me.magic -= 1


@effect(29)  # Bloody moon
def bloody_moon(t: Turn) -> None:
    t.opp.dungeons -= 1


@effect(31)  # Fallen angel
def fallen_angel(t: Turn) -> None:
    n = min(t.count(KW.HOLY, t.opp), 4)
    t.attack(22 + n)
    t.stock(t.opp, -n)


@effect(33)  # Beast farm
def beast_farm(t: Turn) -> None:
    t.me.wall += 5
    t.next_from(ids_where(KW.BEAST, (RARE,)))


@effect(34)  # Book of magic
def book_of_magic(t: Turn) -> None:
    t.me.magic += 1


@effect(35)  # Magical tower
def magical_tower(t: Turn) -> None:
    t.me.tower += 15
    if t.matching.gems > 0:
        t.me.gems += 10


@effect(36)  # Light cavalry
def light_cavalry(t: Turn) -> None:
    t.attack(16)


@effect(37)  # Mystic strike
def mystic_strike(t: Turn) -> None:
    t.opp.gems -= 12


@effect(38)  # Thievery
def thievery(t: Turn) -> None:
    steal_stock(t, t.count(KW.BRIGAND) + 4)


@effect(40)  # Sorrow
def sorrow(t: Turn) -> None:
    t.opp.recruits -= 20


@effect(43)  # Sacrifice
def sacrifice(t: Turn) -> None:
    t.me.magic -= 1
    t.me.gems += 25


@effect(47)  # Great wall
def great_wall(t: Turn) -> None:
    t.me.wall += 35


@effect(49)  # Conjure bricks
def conjure_bricks(t: Turn) -> None:
    t.me.bricks += 10
    if last_played_mage(t):
        t.me.bricks += 5


@effect(50)  # Magical steel
def magical_steel(t: Turn) -> None:
    t.me.recruits += 10
    if last_played_mage(t):
        t.me.recruits += 5


@effect(51)  # Samurai
def samurai(t: Turn) -> None:
    targets = slots_where(t, t.opp, lambda c: c.kw != 0)
    if targets:
        gone = CARDS[t.discard(t.opp, random_one(t, targets), different=True)]  # C-FX-16
        gain_cost_share(t.me, gone, 1, SAMURAI_MAX)


@effect(52)  # Pirates
def pirates(t: Turn) -> None:
    t.attack(12)
    t.stock(t.opp, -3)


@effect(53)  # Sorceress
def sorceress(t: Turn) -> None:
    t.attack(6 + t.me.magic)


@effect(56)  # Fortress
def fortress(t: Turn) -> None:
    t.me.tower += 12


@effect(58)  # Academy of Destruction
def academy_of_destruction(t: Turn) -> None:
    school(t, 6, 2, KW.DESTRUCTION, NON_COMMON)


@effect(59)  # Flame spitter
def flame_spitter(t: Turn) -> None:
    t.opp.tower -= 9


@effect(62)  # Catapult
def catapult(t: Turn) -> None:
    t.opp.tower -= 15


@effect(65)  # Academy of Illusion
def academy_of_illusion(t: Turn) -> None:
    school(t, 7, 2, KW.ILLUSION, NON_COMMON)


@effect(68)  # Gladiator
def gladiator(t: Turn) -> None:
    t.attack(3)
    t.me.recruits += 2
    t.next_from(ids_where(KW.BARBARIAN, NON_COMMON))


@effect(72)  # Tower guards
def tower_guards(t: Turn) -> None:
    t.me.tower += 10


@effect(73)  # Giant spider
def giant_spider(t: Turn) -> None:
    t.attack(10)
    t.opp.bricks -= 5


@effect(76)  # Ninja
def ninja(t: Turn) -> None:
    add(t.me, random_one(t, RESOURCES), -1)
    t.opp.tower -= 3
    select_replace_with(t, t.card.id)


@effect(83)  # Valkyrie
def valkyrie(t: Turn) -> None:
    t.attack(15)
    t.me.dungeons += 1
    t.opp.dungeons += 1


@effect(84)  # Cold arrow
def cold_arrow(t: Turn) -> None:
    t.attack(8)
    t.opp.gems -= 8


@effect(85)  # Heavenly warrior
def heavenly_warrior(t: Turn) -> None:
    t.attack(10)
    t.opp.gems -= 8


@effect(87)  # Pyramids
def pyramids(t: Turn) -> None:
    t.me.tower += 80


@effect(88)  # Undead host
def undead_host(t: Turn) -> None:
    t.attack(40 + 8 * t.count(KW.UNDEAD))


@effect(89)  # Orc regiment
def orc_regiment(t: Turn) -> None:
    t.attack(100)


@effect(90)  # Paladin
def paladin(t: Turn) -> None:
    t.attack(10)
    t.me.gems += 6


@effect(93)  # Clay golem
def clay_golem(t: Turn) -> None:
    if t.mode == 1:
        t.attack(25)
    elif t.mode == 2:
        t.me.wall += 32
    else:
        t.opp.wall -= 35


@effect(96)  # Pegasus
def pegasus(t: Turn) -> None:
    t.attack(1)
    t.me.gems += 3


@effect(98)  # Murderer
def murderer(t: Turn) -> None:
    t.attack(10)
    t.opp.magic -= 1


@effect(102)  # Ceremonial guard
def ceremonial_guard(t: Turn) -> None:
    t.attack(10)
    t.me.recruits += 20


@effect(103)  # Vampire countess
def vampire_countess(t: Turn) -> None:
    n = t.count(KW.UNDEAD)
    t.stock(t.me, n)
    if n > 6:
        t.me.magic += 1


@effect(104)  # Moat
def moat(t: Turn) -> None:
    t.me.wall += 15


@effect(105)  # Restoration
def restoration(t: Turn) -> None:
    t.next_card = t.me.last_played  # C-HIST-4; the Empty card 0 means no draw (C-SETUP-7)


@effect(106)  # Troll
def troll(t: Turn) -> None:
    t.attack(5)


@effect(107)  # Alchemy
def alchemy(t: Turn) -> None:
    t.me.bricks += 2
    t.me.recruits += 2


@effect(109)  # Mage
def mage(t: Turn) -> None:
    t.attack(8)
    t.stock(t.opp, -3)


@effect(116)  # Telekinesis
def telekinesis(t: Turn) -> None:
    t.me.tower += 5
    t.opp.tower -= 5


@effect(118)  # Gateway
def gateway(t: Turn) -> None:
    t.facilities(t.me, 5)


@effect(120)  # Stalker
def stalker(t: Turn) -> None:
    t.attack(11)
    t.me.gems += 5
    t.opp.gems -= 5


@effect(123)  # Magic fountain
def magic_fountain(t: Turn) -> None:
    t.me.tower += 7
    t.production(2)


@effect(130)  # Sea monster
def sea_monster(t: Turn) -> None:
    t.attack(30)
    if t.opp.wall == 0:
        t.me.recruits += 20


@effect(131)  # Dragon egg (what the Dragon keyword puts in hand, C-KW-8)
def dragon_egg(t: Turn) -> None:
    if t.count(KW.DRAGON):
        t.next_from(ids_where(KW.DRAGON, (RARE,)))
    else:
        t.next_from(ids_where(KW.DRAGON))


@effect(133)  # Banshee
def banshee(t: Turn) -> None:
    t.attack(4 * t.count(KW.UNDEAD) + 4)


@effect(136)  # Elf enchantress
def elf_enchantress(t: Turn) -> None:
    t.attack(9)
    t.production(2)


@effect(137)  # Seraphim
def seraphim(t: Turn) -> None:
    t.attack(10)
    t.me.tower += 10


@effect(142)  # Basilisk
def basilisk(t: Turn) -> None:
    t.attack(20)
    t.me.wall += 10
    t.me.quarry -= 1
    t.opp.wall += 10
    t.opp.quarry -= 1


@effect(146)  # Ancient ruins
def ancient_ruins(t: Turn) -> None:
    t.me.bricks += 5
    t.me.gems += 2
    t.me.recruits += 1


@effect(150)  # Army of volunteers
def army_of_volunteers(t: Turn) -> None:
    t.attack(12)
    t.stock(t.me, -5)


@effect(154)  # Dwarven fortification
def dwarven_fortification(t: Turn) -> None:
    if t.count(KW.ALLIANCE) > 3:
        t.me.wall += 50
        t.me.bricks += 8
    else:
        t.me.wall += 40


@effect(155)  # Citadel
def citadel(t: Turn) -> None:
    t.me.tower += 25


@effect(158)  # Flood
def flood(t: Turn) -> None:
    t.opp.bricks -= 50


@effect(159)  # Scepter of summoning
def scepter_of_summoning(t: Turn) -> None:
    t.next_from(t.me.deck[RARE])


@effect(162)  # Apprentice
def apprentice(t: Turn) -> None:
    t.me.magic += 1


@effect(163)  # Architect
def architect(t: Turn) -> None:
    t.me.quarry += 1


@effect(164)  # Legendary smith
def legendary_smith(t: Turn) -> None:
    t.me.dungeons += 1


@effect(166)  # Royal dragoons
def royal_dragoons(t: Turn) -> None:
    t.attack(30 + 10 * t.count(KW.CHARGE))


@effect(168)  # Mirror strike
def mirror_strike(t: Turn) -> None:
    t.next_card = t.last_opp.card  # "opponent's last card" (C-HIST-3); 0 means no draw


@effect(170)  # Gift from the heavens
def gift_from_the_heavens(t: Turn) -> None:
    t.stock(t.me, 15)
    t.stock(t.opp, 20)


@effect(172)  # Knight of time
def knight_of_time(t: Turn) -> None:
    t.attack(14)


@effect(174)  # Time warp
def time_warp(t: Turn) -> None:
    t.production(2)


@effect(175)  # Cathedral
def cathedral(t: Turn) -> None:
    t.me.tower += 13
    t.stock(t.me, 7)


@effect(180)  # Mercenaries
def mercenaries(t: Turn) -> None:
    t.attack(15)
    t.me.recruits -= 4


@effect(184)  # Lost city
def lost_city(t: Turn) -> None:
    t.me.tower += 5
    t.stock(t.me, 4)
    t.next_from(ids_named("Genie", "Efreet", "Scepter of summoning"))


@effect(186)  # Ent
def ent(t: Turn) -> None:
    t.opp.wall -= 40


@effect(189)  # Foundry
def foundry(t: Turn) -> None:
    t.me.tower += 5
    t.fr *= 3


@effect(190)  # Elf commando
def elf_commando(t: Turn) -> None:
    t.attack(11)
    t.fg *= 2


@effect(191)  # Ivory tower
def ivory_tower(t: Turn) -> None:
    t.me.tower += 20


@effect(193)  # Royal pikemen
def royal_pikemen(t: Turn) -> None:
    t.attack(16)


@effect(195)  # Fairy dragon
def fairy_dragon(t: Turn) -> None:
    dragons = slots_where(t, t.opp, has(KW.DRAGON))
    if not dragons:
        t.stock(t.me, 6)
    for slot in dragons:
        dragon = t.opp.hand[slot]
        if slot == t.slot:
            t.next_card = dragon  # it takes the played card's place
        else:
            t.replace(t.me, slot, dragon)
        t.discard(t.opp, slot, different=True)  # NR after a Quick card (C-DRAW-11)


@effect(196)  # Monastery
def monastery(t: Turn) -> None:
    t.me.tower += 12
    t.next_from(ids_where(KW.HOLY))


@effect(200)  # Inspiration
def inspiration(t: Turn) -> None:
    t.me.tower += 20
    t.opp.tower += 30


@effect(201)  # Ballistae
def ballistae(t: Turn) -> None:
    t.me.wall += 30
    if t.count(KW.SOLDIER):
        t.opp.tower -= 11


@effect(202)  # Roc
def roc(t: Turn) -> None:
    t.attack(17)
    t.me.bricks += 5
    t.opp.bricks -= 5


@effect(203)  # Crypt
def crypt(t: Turn) -> None:
    t.me.tower += 6
    t.next_from(ids_where(KW.UNDEAD, NON_COMMON))


@effect(204)  # Invisible squad
def invisible_squad(t: Turn) -> None:
    t.opp.tower -= 9


@effect(206)  # Difficult times
def difficult_times(t: Turn) -> None:
    t.stock(t.me, -8)
    t.stock(t.opp, -8)


@effect(207)  # Shapeshifter
def shapeshifter(t: Turn) -> None:
    gap_attack(t, "recruits", "gems")


@effect(208)  # Overseer
def overseer(t: Turn) -> None:
    t.me.wall += 30
    t.me.quarry -= 1


@effect(210)  # Rescue and resistance
def rescue_and_resistance(t: Turn) -> None:
    if t.opp.tower < t.me.tower:
        t.me.tower -= 10
        t.opp.tower -= 10
    else:
        t.me.tower += 10
        t.opp.tower += 10


@effect(211)  # Hectic offensive
def hectic_offensive(t: Turn) -> None:
    if t.opp.wall - t.me.wall > 10:
        t.attack(25)
    else:
        t.attack(15)


@effect(213)  # Kidnap
def kidnap(t: Turn) -> None:
    steal(t, "quarry", 1)


@effect(214)  # Mind control
def mind_control(t: Turn) -> None:
    steal(t, "magic", 1)


@effect(215)  # Treacherous artifact
def treacherous_artifact(t: Turn) -> None:
    steal(t, "dungeons", 1)


@effect(216)  # Salvation
def salvation(t: Turn) -> None:
    if t.me.tower < 15:
        t.me.tower += 15
    else:
        t.me.tower += 3


@effect(217)  # Auxilia
def auxilia(t: Turn) -> None:
    kept = t.selected
    for slot in range(len(t.me.hand)):
        if slot not in (kept, t.slot):  # the played card leaves anyway (C-FX-5)
            t.discard(t.me, slot)
    t.me.wall += 2


@effect(219)  # Earth eater
def earth_eater(t: Turn) -> None:
    gap_attack(t, "bricks", "recruits")


@effect(220)  # Enforcer
def enforcer(t: Turn) -> None:
    gap_attack(t, "gems", "bricks")


@effect(224)  # Tidal wave
def tidal_wave(t: Turn) -> None:
    for p in players_by(t, lambda p: p.wall, min):
        p.quarry -= 1
        p.dungeons -= 1


@effect(225)  # Cultists
def cultists(t: Turn) -> None:
    undercut(t, "dungeons", "recruits", 13)


@effect(226)  # Soul cleaver
def soul_cleaver(t: Turn) -> None:
    undercut(t, "magic", "gems", 13)


@effect(227)  # Earth elemental
def earth_elemental(t: Turn) -> None:
    undercut(t, "quarry", "bricks", 14)


@effect(228)  # Forgotten castle
def forgotten_castle(t: Turn) -> None:
    t.me.tower += 35
    t.stock(t.me, 10)


@effect(230)  # Locust swarm
def locust_swarm(t: Turn) -> None:
    if t.opp.wall == 0:
        t.attack(35)
    else:
        t.attack(11)


@effect(231)  # Blind guardian
def blind_guardian(t: Turn) -> None:
    t.me.tower += 13
