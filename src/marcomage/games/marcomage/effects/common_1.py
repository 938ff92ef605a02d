"""Effects of the Common cards with ids 1 to 247, each written from its card text.

Card data (name, cost, keywords, text) lives in data/cards.json; here is behaviour only.
`t.me` is the acting player, `t.opp` the enemy (see context.Turn).
"""

from __future__ import annotations

from ..cards import COMMON, KW, RARE, UNCOMMON, effect
from ..context import Turn, ids_named, ids_where, stock_lowered_last_round
from .patterns import add, draw_next_card, school, steal_stock

# --- helpers shared by several cards -------------------------------------------------


def outmatch(t: Turn, resource: str, gain: int) -> None:
    """If <resource> > Enemy <resource>: Attack: 10, else <resource>: +gain."""
    if getattr(t.me, resource) > getattr(t.opp, resource):
        t.attack(10)
    else:
        add(t.me, resource, gain)


def catch_up(t: Turn, facility: str, resource: str, gain: int) -> None:
    """If <facility> < Enemy <facility>: <facility>: +1, else <resource>: +gain."""
    if getattr(t.me, facility) < getattr(t.opp, facility):
        add(t.me, facility, 1)
    else:
        add(t.me, resource, gain)


# --- the cards -----------------------------------------------------------------------


@effect(1)  # Basic wall
def basic_wall(t: Turn) -> None:
    if t.me.wall == 0:
        t.me.wall += 10
    else:
        t.me.wall += 3


@effect(2)  # Foundations
def foundations(t: Turn) -> None:
    if t.me.tower < 15:
        t.me.tower += 7
    else:
        t.me.tower += 2


@effect(7)  # Knight
def knight(t: Turn) -> None:
    t.attack(7)


@effect(13)  # Goblin
def goblin(t: Turn) -> None:
    t.attack(3)


@effect(16)  # Mage guild
def mage_guild(t: Turn) -> None:
    school(t, 3, 1, KW.MAGE)


@effect(18)  # Tower
def tower(t: Turn) -> None:
    t.me.tower += 5


@effect(20)  # Swordsman
def swordsman(t: Turn) -> None:
    t.attack(2)
    t.opp.gems -= 1


@effect(23)  # Caravan
def caravan(t: Turn) -> None:
    if stock_lowered_last_round(t):
        t.stock(t.me, 2)
    else:
        t.stock(t.me, 1)


@effect(24)  # Minotaur
def minotaur(t: Turn) -> None:
    t.attack(5)


@effect(26)  # Thief
def thief(t: Turn) -> None:
    t.attack(1)
    steal_stock(t, 1)


@effect(39)  # Reinforced wall
def reinforced_wall(t: Turn) -> None:
    t.me.tower += 2
    t.me.wall += 2


@effect(41)  # Stone golem
def stone_golem(t: Turn) -> None:
    if t.mode == 1:
        t.me.wall += 8
    else:
        t.opp.wall -= 9


@effect(42)  # Lady Ellena
def lady_ellena(t: Turn) -> None:
    t.attack(2)
    t.me.recruits += 1


@effect(45)  # Barbarian
def barbarian(t: Turn) -> None:
    t.attack(4)
    t.opp.recruits -= 1


@effect(46)  # Ogre
def ogre(t: Turn) -> None:
    t.attack(6)


@effect(48)  # School of Restoration
def school_of_restoration(t: Turn) -> None:
    school(t, 4, 1, KW.RESTORATION)


@effect(54)  # Battering ram
def battering_ram(t: Turn) -> None:
    t.opp.wall -= 11


@effect(55)  # School of Nature
def school_of_nature(t: Turn) -> None:
    school(t, 5, 1, KW.NATURE)


@effect(57)  # Gate
def gate(t: Turn) -> None:
    t.me.wall += 7


@effect(60)  # Dwarven warriors
def dwarven_warriors(t: Turn) -> None:
    t.attack(4)
    t.me.bricks += 3


@effect(71)  # Dwarven miners
def dwarven_miners(t: Turn) -> None:
    t.attack(3)
    t.me.wall += 5


@effect(77)  # Amazon tribe
def amazon_tribe(t: Turn) -> None:
    t.attack(6)
    t.stock(t.me, -1)


@effect(78)  # Unicorn
def unicorn(t: Turn) -> None:
    t.attack(5)
    t.me.gems += 3


@effect(79)  # Erosion
def erosion(t: Turn) -> None:
    t.opp.bricks -= 10


@effect(82)  # Wizard
def wizard(t: Turn) -> None:
    t.attack(t.me.magic)


@effect(91)  # Corrosion
def corrosion(t: Turn) -> None:
    t.opp.recruits -= 6


@effect(94)  # Stone gargoyle
def stone_gargoyle(t: Turn) -> None:
    if t.mode == 1:
        t.attack(12)
    else:
        t.opp.tower -= 7


@effect(95)  # Archer
def archer(t: Turn) -> None:
    t.opp.tower -= 3


@effect(97)  # Volunteer
def volunteer(t: Turn) -> None:
    t.attack(1)
    if t.last_played.cost_total == 0:  # C-HIST-4: the last card *played*
        t.next_from(ids_where(0, (UNCOMMON, RARE), "zero cost"))


@effect(101)  # Undead raid
def undead_raid(t: Turn) -> None:
    t.stock(t.opp, -t.count(KW.UNDEAD))


@effect(111)  # Elite elf
def elite_elf(t: Turn) -> None:
    t.attack(7)
    t.me.gems += 2


@effect(112)  # Ghoul
def ghoul(t: Turn) -> None:
    t.attack(10)


@effect(113)  # Skeleton warriors
def skeleton_warriors(t: Turn) -> None:
    t.attack(7)


@effect(114)  # Zombie
def zombie(t: Turn) -> None:
    t.attack(5)


@effect(117)  # Mummy
def mummy(t: Turn) -> None:
    t.attack(5)
    t.me.gems -= 3


@effect(119)  # Haste
def haste(t: Turn) -> None:
    t.production(2)


@effect(122)  # Elf
def elf(t: Turn) -> None:
    t.attack(3)
    t.me.gems += 1


@effect(129)  # Wealth
def wealth(t: Turn) -> None:
    t.stock(t.me, 7)
    t.stock(t.opp, 10)


@effect(135)  # Stone atronarch
def stone_atronarch(t: Turn) -> None:
    outmatch(t, "bricks", 8)


@effect(139)  # Avenger
def avenger(t: Turn) -> None:
    outmatch(t, "recruits", 7)


@effect(140)  # Forest hunter
def forest_hunter(t: Turn) -> None:
    t.attack(5)
    t.stock(t.opp, -2)


@effect(145)  # Necromancy
def necromancy(t: Turn) -> None:
    t.next_from(ids_where(KW.UNDEAD, (COMMON, UNCOMMON)))


@effect(147)  # Werewolf
def werewolf(t: Turn) -> None:
    t.attack(6)
    t.me.gems -= 3
    t.opp.gems -= 3


@effect(149)  # Double wall
def double_wall(t: Turn) -> None:
    t.me.wall += 10


@effect(153)  # Acolyte
def acolyte(t: Turn) -> None:
    outmatch(t, "gems", 7)


@effect(160)  # Phantom lancer
def phantom_lancer(t: Turn) -> None:
    t.attack(1)
    t.me.recruits += 1
    t.me.gems += 2
    t.opp.recruits -= 1
    t.opp.gems -= 2


@effect(165)  # Preparations
def preparations(t: Turn) -> None:
    catch_up(t, "dungeons", "recruits", 11)


@effect(176)  # Chapel
def chapel(t: Turn) -> None:
    t.me.tower += 3
    t.stock(t.me, 1)


@effect(177)  # Prayer
def prayer(t: Turn) -> None:
    t.stock(t.me, min(t.count(KW.HOLY), 2))
    t.next_from(ids_where(KW.HOLY))


@effect(183)  # Magic lamp
def magic_lamp(t: Turn) -> None:
    t.next_from(ids_named("Genie", "Efreet", "Magic lamp"))


@effect(185)  # Magic well
def magic_well(t: Turn) -> None:
    catch_up(t, "magic", "gems", 11)


@effect(187)  # Mithril mine
def mithril_mine(t: Turn) -> None:
    catch_up(t, "quarry", "bricks", 12)


@effect(188)  # Crenellation
def crenellation(t: Turn) -> None:
    t.me.wall += 5
    t.opp.tower -= 1


@effect(194)  # Draft
def draft(t: Turn) -> None:
    summoned = draw_next_card(t, ids_where(KW.SOLDIER))
    if "Soldier" in t.me.token_names:  # C-FX-11
        t.me.recruits += min(summoned.recruits, 6)


@effect(212)  # Rogue
def rogue(t: Turn) -> None:
    t.attack(2)
    t.opp.recruits -= 1


@effect(236)  # Centaur patrol troop
def centaur_patrol_troop(t: Turn) -> None:
    t.attack(5)
    t.me.tower -= 1


@effect(237)  # Guard post
def guard_post(t: Turn) -> None:
    t.me.tower += 3
    t.me.recruits += 1


@effect(238)  # Fortified wall
def fortified_wall(t: Turn) -> None:
    t.me.wall += 8


@effect(240)  # Elite orc
def elite_orc(t: Turn) -> None:
    t.attack(9)


@effect(243)  # Thieves with honor
def thieves_with_honor(t: Turn) -> None:
    t.opp.tower -= 6
    t.stock(t.opp, 2)


@effect(247)  # Wind
def wind(t: Turn) -> None:
    t.opp.wall -= 1
    t.stock(t.opp, -1)
    own = set(t.me.deck[COMMON])
    t.next_from([c for c in ids_where(0, (COMMON,)) if c not in own])  # C-DRAW-8
