"""Effects of the Rare cards with ids 4 to 223, each written from its card text.

Card data (name, cost, keywords, text) lives in data/cards.json; here is behaviour only.
`t.me` is the acting player, `t.opp` the enemy (see context.Turn).
Deck refills caused by these cards use the normal draw, no-rare only after a Quick or
Swift card (C-DRAW-9..11, `Turn.refill_no_rare`).
"""

from __future__ import annotations

from typing import Final

from ..cards import KW, RARE, effect
from ..context import Turn, ids_where
from ..state import ATTRIBUTES, HAND_SIZE, Player
from .patterns import (
    NON_COMMON,
    NON_RARE,
    add,
    convert_into_attack,
    destroy_resources,
    drain_stock,
    replace_hand_from,
    steal_stock,
)

CATASTROPHE_DAMAGE: Final = 5  # "5 damage for each facility and 10 resources"
CATASTROPHE_RESOURCES: Final = 10
EFREET_DRAIN: Final = 20  # "Enemy stock: -20"

# --- the cards -----------------------------------------------------------------------


@effect(4)  # Great Wall of China
def great_wall_of_china(t: Turn) -> None:
    t.me.wall += 75


@effect(6)  # Red dragon
def red_dragon(t: Turn) -> None:
    t.attack(50)


@effect(9)  # Stonehenge
def stonehenge(t: Turn) -> None:
    t.me.magic += 2
    t.next_from(ids_where(KW.MAGE, (RARE,)))


@effect(17)  # Earthquake
def earthquake(t: Turn) -> None:
    t.me.tower -= 15
    t.me.wall -= 30
    t.opp.tower -= 15
    t.opp.wall -= 30


@effect(21)  # Stronghold
def stronghold(t: Turn) -> None:
    t.me.tower += 30
    t.stock(t.me, 4)


@effect(30)  # Magic maelstrom
def magic_maelstrom(t: Turn) -> None:
    t.me.dungeons -= 1
    t.me.magic += 1
    t.me.recruits -= 10
    t.me.gems += 25


@effect(32)  # Crimson hawk
def crimson_hawk(t: Turn) -> None:
    t.attack(16)


@effect(44)  # Angel
def angel(t: Turn) -> None:
    t.stock(t.me, 3 * t.count(KW.HOLY))  # C-FX-8: Angel counts itself


@effect(61)  # Ether dragon
def ether_dragon(t: Turn) -> None:
    t.attack(50)


@effect(63)  # Dark ritual
def dark_ritual(t: Turn) -> None:
    t.facilities(t.me, -1)
    t.opp.tower -= 24


@effect(64)  # Enlightenment
def enlightenment(t: Turn) -> None:
    t.me.tower += 25
    t.facilities(t.me, 1)
    t.opp.tower += 25
    t.facilities(t.opp, 1)


@effect(66)  # Manticore
def manticore(t: Turn) -> None:
    t.attack(18)


@effect(67)  # Magical palace
def magical_palace(t: Turn) -> None:
    t.me.tower += 40


@effect(69)  # Beast mistress
def beast_mistress(t: Turn) -> None:
    t.attack(12)


@effect(70)  # Stormwind
def stormwind(t: Turn) -> None:
    t.me.tower += 20
    t.me.magic += 2


@effect(74)  # Highlander
def highlander(t: Turn) -> None:
    t.attack(25)


@effect(75)  # White crocodile
def white_crocodile(t: Turn) -> None:
    t.attack(15)


def catastrophe_damage(player: Player) -> int:
    """5 damage for each facility and for each 10 resources a player has."""
    return CATASTROPHE_DAMAGE * (player.facilities + player.stock // CATASTROPHE_RESOURCES)


@effect(80)  # Catastrophe
def catastrophe(t: Turn) -> None:
    mine, theirs = catastrophe_damage(t.me), catastrophe_damage(t.opp)
    t.attack(mine, t.me)
    t.attack(theirs, t.opp)


@effect(81)  # New era
def new_era(t: Turn) -> None:
    t.facilities(t.me, 2)
    t.facilities(t.opp, 2)
    destroy_resources(t.me)
    destroy_resources(t.opp)


@effect(86)  # Bone dragon
def bone_dragon(t: Turn) -> None:
    t.attack(40)
    t.opp.gems -= 20


@effect(92)  # Dragon golem
def dragon_golem(t: Turn) -> None:
    if t.mode == 1:
        t.attack(50)
    elif t.mode == 2:
        t.me.wall += 60
    else:
        t.opp.wall -= 70


@effect(99)  # Magic rift
def magic_rift(t: Turn) -> None:
    t.me.dungeons += 1
    t.me.magic += 1
    t.opp.dungeons += 1
    t.opp.magic += 1
    t.opp.gems -= 15
    t.opp.recruits -= 10


@effect(100)  # Wonder
def wonder(t: Turn) -> None:
    t.me.quarry += 5
    t.opp.quarry += 5


@effect(108)  # Archmage
def archmage(t: Turn) -> None:
    t.attack(20)
    t.stock(t.opp, -7)
    t.next_card = t.me.last_played  # C-HIST-4; the Empty card 0 means no draw (C-SETUP-7)


@effect(110)  # Dark knight
def dark_knight(t: Turn) -> None:
    t.attack(35)
    t.opp.recruits -= 10


@effect(115)  # Angel of destruction
def angel_of_destruction(t: Turn) -> None:
    t.attack(30)
    destroy_resources(t.me)
    destroy_resources(t.opp)


@effect(121)  # Luna the Sorceress
def luna_the_sorceress(t: Turn) -> None:
    t.attack(30)
    t.me.magic += 1


@effect(124)  # Death pact
def death_pact(t: Turn) -> None:
    t.attack(70)
    t.me.tower -= 20
    t.me.wall -= 50


@effect(125)  # Archangel
def archangel(t: Turn) -> None:
    t.me.tower += 15
    t.me.wall += 15
    t.stock(t.me, 15)


@effect(126)  # Green dragon
def green_dragon(t: Turn) -> None:
    t.attack(40)


@effect(127)  # Black dragon
def black_dragon(t: Turn) -> None:
    t.attack(60)
    t.opp.recruits -= 15


@effect(128)  # Ice dragon
def ice_dragon(t: Turn) -> None:
    t.attack(45)
    t.opp.gems -= 10


@effect(132)  # Tubular bells
def tubular_bells(t: Turn) -> None:
    if t.me.facilities >= t.opp.facilities:
        t.stock(t.me, -15)
    t.facilities(t.me, 1)


@effect(134)  # Centaur trainer
def centaur_trainer(t: Turn) -> None:
    t.me.dungeons += 2
    t.next_from(ids_where(KW.BEAST, (RARE,)))


@effect(138)  # Devil
def devil(t: Turn) -> None:
    t.attack(50)
    t.stock(t.opp, -50)


@effect(141)  # Tower of Babylon
def tower_of_babylon(t: Turn) -> None:
    t.me.tower += 10


@effect(143)  # Clay valley
def clay_valley(t: Turn) -> None:
    t.me.bricks += 60


@effect(144)  # Necromancer
def necromancer(t: Turn) -> None:
    t.attack(30)
    t.next_from(ids_where(KW.UNDEAD, NON_COMMON))


@effect(148)  # Two towers
def two_towers(t: Turn) -> None:
    t.me.wall += 50
    t.opp.wall += 50


@effect(151)  # Trebuchet
def trebuchet(t: Turn) -> None:
    t.opp.tower -= 7


@effect(152)  # Micramix
def micramix(t: Turn) -> None:
    """All eight slots change hands, each with its new owner's NEW flag (C-FLAG-2). The
    played slot is refilled first from my deck, so the enemy receives that fresh card and
    I keep the enemy's card there (C-FX-12)."""
    me, opp = t.me, t.opp
    t.refill_first()
    mine, theirs = me.hand[:], opp.hand[:]
    for slot in range(HAND_SIZE):
        t.replace(me, slot, theirs[slot])
        t.replace(opp, slot, mine[slot])


@effect(156)  # Magic barrier
def magic_barrier(t: Turn) -> None:
    t.me.wall += t.me.gems
    t.me.gems = 0
    t.me.tower += t.me.bricks
    t.me.bricks = 0


@effect(157)  # Volcano
def volcano(t: Turn) -> None:
    t.opp.tower -= 15
    t.opp.wall -= 15
    t.stock(t.opp, -15)


@effect(161)  # Damnation
def damnation(t: Turn) -> None:
    t.opp.tower -= 20
    t.opp.wall -= 20
    t.facilities(t.opp, -2)
    t.stock(t.opp, -20)


@effect(167)  # Dragon squadron
def dragon_squadron(t: Turn) -> None:
    t.attack(200)


@effect(169)  # Valhalla
def valhalla(t: Turn) -> None:
    t.me.tower = max(t.me.tower - 20, 1)  # won't lower tower below 1
    t.me.wall += 70


@effect(171)  # Master of the past
def master_of_the_past(t: Turn) -> None:
    for attribute in ATTRIBUTES:
        add(t.me, attribute, -t.last_round_change(attribute))  # C-HIST-5


@effect(173)  # Lord of time
def lord_of_time(t: Turn) -> None:
    t.attack(25)


@effect(178)  # Battalion of fear
def battalion_of_fear(t: Turn) -> None:
    convert_into_attack(t, ("recruits",))


@effect(179)  # Redesign
def redesign(t: Turn) -> None:
    t.me.tower += t.me.wall
    t.me.wall = 0


@effect(181)  # Genie
def genie(t: Turn) -> None:
    t.attack(35)
    steal_stock(t, 5)


@effect(182)  # Efreet
def efreet(t: Turn) -> None:
    t.attack(drain_stock(t, t.opp, EFREET_DRAIN))  # what it really had


@effect(192)  # Fortified castle
def fortified_castle(t: Turn) -> None:
    t.me.tower += 45
    t.me.wall += 25


@effect(197)  # Daemon
def daemon(t: Turn) -> None:
    t.attack(20)
    t.opp.quarry -= 1


@effect(198)  # Demolition troop
def demolition_troop(t: Turn) -> None:
    t.opp.wall -= 60
    if t.opp.wall <= 0:
        t.facilities(t.opp, -1)


@effect(199)  # Duplication
def duplication(t: Turn) -> None:
    t.me.bricks *= 2
    t.me.gems *= 2
    t.me.recruits *= 2


@effect(205)  # Danai present
def danai_present(t: Turn) -> None:
    t.stock(t.opp, 10)
    replace_hand_from(t, t.opp, ids_where(0, NON_RARE, "zero cost"))


@effect(209)  # Overlord
def overlord(t: Turn) -> None:
    t.me.wall += 70
    t.me.quarry -= 1
    t.me.dungeons -= 1


@effect(218)  # Mana burn
def mana_burn(t: Turn) -> None:
    t.attack(t.opp.gems)
    t.opp.gems = 0


@effect(221)  # Implosion
def implosion(t: Turn) -> None:
    power = 7 * t.opp.quarry + t.opp.bricks
    t.opp.tower -= power
    t.opp.wall -= power


@effect(222)  # Water elemental
def water_elemental(t: Turn) -> None:
    if t.me.facilities > t.opp.facilities:
        t.opp.wall = 0
    t.attack(t.me.stock - t.opp.stock)


@effect(223)  # Phoenix
def phoenix(t: Turn) -> None:
    t.attack(10 * t.count_in_game(KW.BURNING))
