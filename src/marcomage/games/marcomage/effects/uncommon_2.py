"""Effects of the Uncommon cards with ids 241 to 528, each written from its card text.

Card data (name, cost, keywords, text) lives in data/cards.json; here is behaviour only.
`t.me` is the acting player, `t.opp` the enemy (see context.Turn).
"""

from __future__ import annotations

from functools import cache
from typing import Final

from marcomage.platform.rounding import div_round

from ..cards import CARDS, COMMON, DRAGON_EGG, KW, RARE, UNCOMMON, effect
from ..context import KEEP, Turn, card_named, ids_named, ids_where
from ..state import HAND_SIZE, Player
from .patterns import (
    FACILITIES,
    NON_COMMON,
    RESOURCES,
    add,
    discard_all,
    drain_stock,
    draw_next_card,
    gain_cost_share,
    hand_count,
    has,
    highest,
    is_common,
    lowest,
    mentions_keyword,
    multiply_production,
    not_rare,
    played_last_round,
    players_by,
    random_slots,
    random_tied,
    replace_from,
    select_replace,
    select_replace_with,
    slots_where,
    steal,
)

VULTURE_BONUS: Final = (8, 16, 28)  # 443 Vulture, by the discarded card's rarity


# --- helpers ----------------------------------------------------------------------


def others(t: Turn, keyword: int) -> int:
    """Cards with a keyword in my hand, the played card not counted ("other than this")."""
    return sum(
        1 for i, c in enumerate(t.me.hand) if i != t.slot and CARDS[c].kw & keyword
    )


def next_card_by_mode(t: Turn, *names: str) -> None:
    """"Next card will be" the card named for the chosen mode."""
    t.next_card = ids_named(*names)[t.mode - 1]


@cache
def revolt_cards() -> tuple[int, ...]:
    """Non-rare, no keyword, no support keyword, attack cards (287 Revolt)."""
    return tuple(
        c.id for c in CARDS
        if c.rarity in (COMMON, UNCOMMON) and c.kw == 0 and not mentions_keyword(c)
        and "Attack:" in c.text
    )


def recently_discarded(t: Turn) -> list[int]:
    """"Recently discarded" cards of my hand, in the order of C-HIST-6: my own pile, my
    last action if it was a discard, then the enemy's pile of cards taken from my hand."""
    cards = list(t.prev_discarded_own)
    if not t.last_card.played:
        cards.append(t.last_card.card)
    return cards + t.opp.discarded_opp


# --- the cards -----------------------------------------------------------------------


@effect(241)  # Blizzard
def blizzard(t: Turn) -> None:
    t.stock(t.opp, -20)


@effect(244)  # Assassins
def assassins(t: Turn) -> None:
    t.opp.tower -= 5
    t.stock(t.opp, -2)


@effect(245)  # Sabotage tunnel
def sabotage_tunnel(t: Turn) -> None:
    t.opp.tower -= 20
    t.opp.bricks -= 10
    t.opp.recruits -= 10


@effect(254)  # Lava spectre
def lava_spectre(t: Turn) -> None:
    t.attack(10)
    if t.count(KW.BURNING) > 3:
        t.opp.magic -= 1


@effect(264)  # Second chance
def second_chance(t: Turn) -> None:
    # The played slot gets the eighth new card by the normal refill.
    discard_all(t, t.me, [i for i in range(HAND_SIZE) if i != t.slot])


@effect(266)  # Defense improvement
def defense_improvement(t: Turn) -> None:
    if t.mode == 1:
        t.me.wall += 20
    else:
        t.me.tower += 10


@effect(267)  # University
def university(t: Turn) -> None:
    add(t.me, FACILITIES[t.mode - 1], 1)


@effect(268)  # Reserve forces
def reserve_forces(t: Turn) -> None:
    if t.mode == 1:
        t.attack(30)
    else:
        t.me.wall += 33


@effect(270)  # Intrigue
def intrigue(t: Turn) -> None:
    t.discard(t.opp, t.selected, different=True)  # C-FX-16


@effect(276)  # Border fortress
def border_fortress(t: Turn) -> None:
    t.me.tower += 25
    t.me.wall += 50


@effect(282)  # Luxury tax
def luxury_tax(t: Turn) -> None:
    for p in (t.me, t.opp):
        percent = p.tower
        for r in RESOURCES:
            add(p, r, -div_round(getattr(p, r) * percent, 100))


@effect(284)  # Jealousy
def jealousy(t: Turn) -> None:
    if t.me.tower < 50 and t.opp.tower > 60:
        t.opp.tower -= 25
    else:
        t.opp.tower -= 10


@effect(286)  # Sabotage
def sabotage(t: Turn) -> None:
    t.opp.tower -= div_round(t.opp.tower, 2)  # loses half, rounded (C-GEN-1)


@effect(287)  # Revolt
def revolt(t: Turn) -> None:
    t.stock(t.me, 5)
    replace_from(t, t.me, [i for i in range(HAND_SIZE) if i != t.slot], revolt_cards())
    t.next_from(revolt_cards())


@effect(288)  # Cursed amulet
def cursed_amulet(t: Turn) -> None:
    t.stock(t.opp, 10)
    t.replace(t.opp, t.selected, t.card.id)


@effect(290)  # Warlord's keep
def warlords_keep(t: Turn) -> None:
    t.me.tower += 15
    t.me.wall += 30


@effect(296)  # Hidden traps
def hidden_traps(t: Turn) -> None:
    t.me.wall += 14


@effect(304)  # Nightmare
def nightmare(t: Turn) -> None:
    t.attack(20)


@effect(305)  # Crusader
def crusader(t: Turn) -> None:
    t.attack(12)
    if t.count(KW.SOLDIER) > 3:
        t.opp.dungeons -= 1


@effect(306)  # Obsidian gargoyle
def obsidian_gargoyle(t: Turn) -> None:
    t.attack(13)
    if t.count(KW.UNLIVING) > 4:
        t.opp.quarry -= 1


@effect(307)  # Necromancy amplifier
def necromancy_amplifier(t: Turn) -> None:
    """Slot by slot: each Common Undead becomes an Uncommon one, and the first Uncommon
    Undead a Rare one (C-FX-17); every upgraded slot is flagged new (C-FLAG-7)."""
    upgraded_uncommon = False
    for slot in slots_where(t, t.me, has(KW.UNDEAD)):
        rarity = CARDS[t.me.hand[slot]].rarity
        if rarity == COMMON:
            replace_from(t, t.me, [slot], ids_where(KW.UNDEAD, (UNCOMMON,)))
        elif rarity == UNCOMMON and not upgraded_uncommon:
            replace_from(t, t.me, [slot], ids_where(KW.UNDEAD, (RARE,)))
            upgraded_uncommon = True


@effect(308)  # Mud elemental
def mud_elemental(t: Turn) -> None:
    t.me.wall += 9 * min(t.count(KW.UNLIVING), 5)


@effect(309)  # Rock elemental
def rock_elemental(t: Turn) -> None:
    t.me.tower += 6 * min(t.count(KW.UNLIVING), 5)


@effect(310)  # Titan's head
def titans_head(t: Turn) -> None:
    t.me.tower += 8
    if t.count(KW.UNLIVING) > 4:
        t.me.magic += 1


@effect(311)  # Titan's legs
def titans_legs(t: Turn) -> None:
    t.me.tower += 11
    t.me.wall += 16
    t.stock(t.me, 2)


@effect(312)  # Titan's heart
def titans_heart(t: Turn) -> None:
    t.me.tower += 6
    t.me.wall += 9
    if t.count(KW.UNLIVING) > 4:
        t.me.quarry += 1


@effect(313)  # Tartarus gate
def tartarus_gate(t: Turn) -> None:
    t.next_from(ids_where(KW.TITAN, NON_COMMON))


@effect(316)  # Lich
def lich(t: Turn) -> None:
    """The enemy card at the selected position goes, refilled by the different draw
    (C-FX-16, C-FX-17)."""
    discarded = CARDS[t.discard(t.opp, t.selected, different=True)]
    select_replace(t, ids_where(KW.UNDEAD, (discarded.rarity,)))


@effect(317)  # Heavy cavalry
def heavy_cavalry(t: Turn) -> None:
    t.attack(22)


@effect(318)  # Fallen knight
def fallen_knight(t: Turn) -> None:
    t.attack(10)
    select_replace_with(t, t.card.id)


@effect(320)  # Last hope
def last_hope(t: Turn) -> None:
    if t.me.tower < 10 and t.me.wall == 0:
        t.me.tower = 25
        t.me.wall = 15
    else:
        t.stock(t.me, 2)


@effect(321)  # Unholy shrine
def unholy_shrine(t: Turn) -> None:
    undead = [i for i in slots_where(t, t.me, has(KW.UNDEAD)) if i != t.selected]
    t.me.wall += 10 * discard_all(t, t.me, random_slots(t, undead, 4))


@effect(322)  # Battle formations
def battle_formations(t: Turn) -> None:
    n = min(t.count(KW.SOLDIER), 4)
    t.attack(8 * n)
    if n > 3:
        t.me.wall += 15


@effect(324)  # Wolf raiders
def wolf_raiders(t: Turn) -> None:
    n = t.count_in_game(KW.BEAST)
    if t.mode == 1:
        t.stock(t.me, n)
    else:
        t.attack(3 * n)


@effect(326)  # Guardian angel
def guardian_angel(t: Turn) -> None:
    soldiers = slots_where(t, t.me, has(KW.SOLDIER))
    replace_from(t, t.me, soldiers, ids_where(KW.HOLY, NON_COMMON))


@effect(330)  # Emissary of the afterlife
def emissary_of_the_afterlife(t: Turn) -> None:
    undead = [c for c in recently_discarded(t) if CARDS[c].kw & KW.UNDEAD]
    free = [i for i in range(HAND_SIZE) if i != t.slot]
    slots = random_slots(t, free, len(undead))
    for card, slot in zip(undead, slots, strict=False):
        t.replace(t.me, slot, card)
    t.attack(10 * len(slots))


@effect(335)  # Flaming mirage
def flaming_mirage(t: Turn) -> None:
    t.attack(21)
    last = CARDS[t.last_card.card]  # C-HIST-3: "last card", played or discarded
    if last.kw & KW.BURNING:
        targets = slots_where(t, t.me, lambda c: not_rare(c) and not c.has(KW.BURNING))
        for slot in random_slots(t, targets, 2):
            t.replace(t.me, slot, last.id)


@effect(337)  # Warlord
def warlord(t: Turn) -> None:
    if t.last_played.kw & KW.BARBARIAN:  # C-HIST-4
        t.opp.wall -= 17
    t.attack(20)


@effect(338)  # Moonlight unicorn
def moonlight_unicorn(t: Turn) -> None:
    t.attack(26)
    if t.last_played.kw & KW.MAGE:  # C-HIST-4
        t.fg *= 4


@effect(341)  # Zealot
def zealot(t: Turn) -> None:
    t.attack(10 + 3 * (t.count(KW.BARBARIAN) + t.count(KW.HOLY)))


@effect(343)  # Death before dishonor
def death_before_dishonor(t: Turn) -> None:
    fanatic, zealot_, fallen_angel = ids_named("Fanatic", "Zealot", "Fallen angel")
    for slot in slots_where(t, t.me, lambda c: c.id in (fanatic, zealot_)):
        t.replace(t.me, slot, zealot_ if t.me.hand[slot] == fanatic else fallen_angel)


@effect(344)  # Warchief
def warchief(t: Turn) -> None:
    t.me.wall += 15
    if t.last_played.kw & KW.BARBARIAN:  # C-HIST-4
        t.attack(t.last_played.recruits)


@effect(345)  # Devastator
def devastator(t: Turn) -> None:
    t.opp.wall -= 10 * t.count(KW.BARBARIAN)
    t.attack(40)


@effect(346)  # Overpower
def overpower(t: Turn) -> None:
    frenzy = draw_next_card(t, ids_where(KW.FRENZY))
    t.me.recruits += min(frenzy.recruits, 10)


@effect(347)  # Call of the wilds
def call_of_the_wilds(t: Turn) -> None:
    """The played slot is refilled first and counts like any other slot (C-FX-12)."""
    t.refill_first()
    tame = slots_where(t, t.me, lambda c: not c.kw & KW.BEAST)
    replace_from(t, t.me, tame, ids_where(KW.BEAST))
    t.stock(t.me, -2 * len(tame))


@effect(348)  # Time lock
def time_lock(t: Turn) -> None:
    if played_last_round(t.opp, KW.SWIFT):  # C-HIST-5
        t.stock(t.opp, -12)
    else:
        t.stock(t.opp, -5)


@effect(350)  # Eternal guardian
def eternal_guardian(t: Turn) -> None:
    last = t.last_played  # C-HIST-4
    if last.kw & KW.UNDEAD:
        n = last.cost_total
        t.attack(div_round(n, 2))
        t.me.tower += div_round(n, 3)
        t.me.wall += div_round(n, 2)


@effect(352)  # Azure unicorn
def azure_unicorn(t: Turn) -> None:
    if t.me.magic > t.opp.magic:
        t.attack(34)
    else:
        t.attack(15)


@effect(353)  # Glacial temple
def glacial_temple(t: Turn) -> None:
    t.me.magic -= 1
    if t.mode == 1:
        t.me.quarry += 1
    else:
        t.me.dungeons += 1


@effect(354)  # Sorcerer's outpost
def sorcerers_outpost(t: Turn) -> None:
    t.me.tower += 9
    t.me.wall += 15
    if t.count(KW.LEGEND) > 0:
        t.me.magic += 1


@effect(358)  # Sandworm
def sandworm(t: Turn) -> None:
    t.opp.tower -= 16
    t.opp.wall -= 19


@effect(369)  # Keeper of souls
def keeper_of_souls(t: Turn) -> None:
    n = t.count_in_game(KW.BURNING) + t.count_in_game(KW.BEAST)
    t.attack(13 + 2 * n)
    t.me.recruits += n


@effect(370)  # Dragon patrol
def dragon_patrol(t: Turn) -> None:
    t.attack(27)
    if others(t, KW.SOLDIER) > 0 and others(t, KW.DRAGON) > 0:
        t.opp.tower -= 14


@effect(371)  # Frost unicorn
def frost_unicorn(t: Turn) -> None:
    t.attack(35)
    if others(t, KW.LEGEND) > 0 and others(t, KW.MAGE) > 0:
        t.me.gems += 20
        t.me.magic += 1


@effect(372)  # Corpses behemoth
def corpses_behemoth(t: Turn) -> None:
    undead = [i for i in slots_where(t, t.me, has(KW.UNDEAD)) if i != t.selected]
    t.attack(9 * discard_all(t, t.me, undead))


@effect(373)  # Sphinx
def sphinx(t: Turn) -> None:
    discarded = CARDS[t.discard(t.opp, t.selected, different=True)]  # C-FX-16
    if t.count(KW.UNLIVING) > 3:
        gain_cost_share(t.me, discarded, 2, 20)


@effect(374)  # Chain lightning
def chain_lightning(t: Turn) -> None:
    t.opp.tower -= 11
    if t.last_played.kw & KW.MAGE:  # C-HIST-4
        t.stock(t.opp, -5)


@effect(375)  # Stilshrine of Miriam
def stilshrine_of_miriam(t: Turn) -> None:
    t.me.tower += 7
    t.me.wall += 11
    t.production(3)


@effect(376)  # Imperial griffin
def imperial_griffin(t: Turn) -> None:
    damage = 19
    if t.count(KW.BEAST) > 1:
        damage += 15
    if t.count(KW.SOLDIER) > 1:
        damage += 15
    t.attack(damage)


@effect(384)  # Last order
def last_order(t: Turn) -> None:
    next_card_by_mode(t, "Earth elemental", "Soul cleaver", "Cultists")


@effect(385)  # Sharpshooters
def sharpshooters(t: Turn) -> None:
    if t.mode == 1:
        t.opp.recruits -= 15
    else:
        t.opp.tower -= 10


@effect(386)  # Sheath your swords
def sheath_your_swords(t: Turn) -> None:
    peaceful = ids_named("Merchant", "Caravan", "Palisade wall")
    warlike = has(KW.BARBARIAN | KW.BRIGAND | KW.SOLDIER)
    for p in (t.me, t.opp):  # no hand named: both hands, mine first (C-FX-14)
        replace_from(t, p, slots_where(t, p, warlike), peaceful)  # with anti-flood (C-FX-16)


@effect(388)  # Greed is good
def greed_is_good(t: Turn) -> None:
    for p in players_by(t, lambda p: p.stock, max):
        for r in RESOURCES:
            add(p, r, div_round(getattr(p, r), 4))


@effect(400)  # Mask of the phantasm
def mask_of_the_phantasm(t: Turn) -> None:
    t.next_card = t.me.hand[t.selected]


@effect(405)  # Mountain sentry
def mountain_sentry(t: Turn) -> None:
    n = t.count(KW.ALLIANCE)
    t.me.wall += 5 * n
    t.me.recruits += 3 * n


@effect(406)  # War elephant
def war_elephant(t: Turn) -> None:
    if others(t, KW.BEAST) > 0 and others(t, KW.SOLDIER) > 0:
        t.opp.wall = 0
    t.attack(35)


@effect(408)  # Bounty hunter
def bounty_hunter(t: Turn) -> None:
    t.attack(13)
    for slot in random_slots(t, slots_where(t, t.opp, has(KW.LEGEND)), 1):
        t.discard(t.opp, slot, different=True)  # C-FX-16
        t.opp.magic -= 1


@effect(409)  # Dragon slayer
def dragon_slayer(t: Turn) -> None:
    t.attack(16)
    rare_dragon = slots_where(t, t.opp, lambda c: c.rarity == RARE and c.kw & KW.DRAGON != 0)
    for slot in random_slots(t, rare_dragon, 1):
        t.discard(t.opp, slot, different=True)  # C-FX-16
        t.next_card = DRAGON_EGG


@effect(412)  # Hungry dead
def hungry_dead(t: Turn) -> None:
    if t.is_new:
        t.opp.wall -= 5
    else:
        t.stock(t.opp, -4)


@effect(414)  # Mediator
def mediator(t: Turn) -> None:
    """The cost is always paid; each resource it takes below 0 costs its facility 1
    (the resource itself is clamped at the limits step) (C-FX-16, C-FX-17)."""
    discarded = CARDS[t.discard(t.opp, t.selected, different=True)]
    costs = (discarded.bricks, discarded.gems, discarded.recruits)
    for resource, facility, cost in zip(RESOURCES, FACILITIES, costs, strict=True):
        add(t.me, resource, -cost)
        if getattr(t.me, resource) < 0:
            add(t.me, facility, -1)


@effect(418)  # Power surge
def power_surge(t: Turn) -> None:
    t.me.tower -= 8
    if t.is_new:
        t.me.magic += 1
    else:
        t.me.gems += 12


@effect(419)  # Elementalist
def elementalist(t: Turn) -> None:
    for p in (t.me, t.opp):
        unliving = slots_where(t, p, has(KW.UNLIVING))
        above = max(0, discard_all(t, p, random_slots(t, unliving, 6)) - 4)
        p.bricks -= 10 * above
        p.quarry -= above


@effect(424)  # Corsairs
def corsairs(t: Turn) -> None:
    t.attack(11)
    for resource, facility in zip(RESOURCES, FACILITIES, strict=True):
        steal(t, resource, getattr(t.opp, facility))
    t.next_from(ids_where(KW.BRIGAND, NON_COMMON))


@effect(425)  # Ice queen
def ice_queen(t: Turn) -> None:
    for p in (t.me, t.opp):
        n = discard_all(t, p, slots_where(t, p, has(KW.MAGE)))
        p.gems += 4 * n
        p.tower += 4 * n
        p.wall += 8 * n


@effect(429)  # Valley of thousand rivers
def valley_of_thousand_rivers(t: Turn) -> None:
    """Counted per keyword: a card with two of them counts twice (C-FX-17)."""
    def keywords(p: Player) -> int:
        return sum(t.count(kw, p) for kw in (KW.ALLIANCE, KW.LEGEND, KW.MAGE))

    for p in players_by(t, keywords, max):
        add(p, lowest(t, p, FACILITIES), 1)


@effect(431)  # Divine intervention
def divine_intervention(t: Turn) -> None:
    for p in players_by(t, lambda p: t.count(KW.HOLY, p), max):
        p.tower += 9
        p.wall += 17


@effect(432)  # Fair trade
def fair_trade(t: Turn) -> None:
    for p in players_by(t, lambda p: p.stock, min):
        t.stock(p, 20)
        t.facilities(t.opp if p is t.me else t.me, 1)


@effect(433)  # Moon priestess
def moon_priestess(t: Turn) -> None:
    for p in (t.me, t.opp):
        slots = slots_where(t, p, lambda c: True)
        costs = [CARDS[p.hand[i]].cost_total for i in slots]
        high = slots.pop(random_tied(t, costs, max(costs)))
        costs = [CARDS[p.hand[i]].cost_total for i in slots]
        low = slots[random_tied(t, costs, min(costs))]
        discard_all(t, p, [high, low], different=p is t.opp)  # C-FX-16


@effect(436)  # Watchtower
def watchtower(t: Turn) -> None:
    t.me.tower += 16
    if t.count(KW.SOLDIER) > 0:
        t.opp.tower -= 16
    else:
        t.opp.tower -= 10


@effect(439)  # Revenge of the fallen
def revenge_of_the_fallen(t: Turn) -> None:
    for p in players_by(t, lambda p: t.count(KW.UNDEAD, p), min):
        add(p, highest(t, p, FACILITIES), -1)


@effect(441)  # Troll bridge
def troll_bridge(t: Turn) -> None:
    t.me.wall += 15
    t.me.dungeons += 1
    if card_named("Troll") in t.me.hand:
        t.attack(15)


@effect(442)  # Dark forest
def dark_forest(t: Turn) -> None:
    t.me.wall += 20
    t.me.recruits += 2 * (t.count(KW.BEAST) + t.count(KW.NATURE))


@effect(443)  # Vulture
def vulture(t: Turn) -> None:
    t.attack(10)
    last = t.last_card  # C-HIST-3: "last card", played or discarded
    if not last.played:
        t.attack(VULTURE_BONUS[CARDS[last.card].rarity])


@effect(444)  # Firewall
def firewall(t: Turn) -> None:
    t.me.wall += 40
    t.attack(5 * t.count(KW.BURNING))


@effect(446)  # Treant
def treant(t: Turn) -> None:
    t.opp.wall -= 22
    t.attack(18)


@effect(448)  # Giant
def giant(t: Turn) -> None:
    t.attack(35)
    t.me.recruits += 5
    for p in (t.me, t.opp):
        discard_all(t, p, slots_where(t, p, is_common))


@effect(462)  # Relic hunter
def relic_hunter(t: Turn) -> None:
    if t.count(KW.TITAN) > 0:
        discard_all(t, t.me, slots_where(t, t.me, lambda c: not c.kw & KW.TITAN))


@effect(463)  # Fire elemental
def fire_elemental(t: Turn) -> None:
    t.attack(17)


@effect(465)  # Merchant ship
def merchant_ship(t: Turn) -> None:
    add(t.me, lowest(t, t.me, FACILITIES), 1)
    multiply_production(t, lowest(t, t.me, RESOURCES), 3)


@effect(466)  # Oasis
def oasis(t: Turn) -> None:
    for p in players_by(t, lambda p: p.wall, min):
        t.stock(p, 6)


@effect(469)  # Soul sacrifice
def soul_sacrifice(t: Turn) -> None:
    if t.mode == 1:
        t.me.tower -= 7
        t.stock(t.me, 4)
    else:
        t.me.tower -= 14
        t.stock(t.me, 8)


@effect(470)  # Dark Templar
def dark_templar(t: Turn) -> None:
    t.attack(15)
    for p in (t.me, t.opp):
        discard_all(t, p, slots_where(t, p, lambda c: c.cost_total < 10))


@effect(471)  # Mysterious egg
def mysterious_egg(t: Turn) -> None:
    t.next_from(ids_named("Griffin", "Roc", "Rainbow dragon"))


@effect(472)  # Pirate bay
def pirate_bay(t: Turn) -> None:
    t.me.wall += 10
    t.stock(t.opp, -3)
    t.refill_first()  # C-FX-12
    targets = slots_where(t, t.me, lambda c: not_rare(c) and not c.has(KW.BRIGAND))
    replace_from(t, t.me, random_slots(t, targets, 3), ids_where(KW.BRIGAND, NON_COMMON))


@effect(473)  # Knight Templar
def knight_templar(t: Turn) -> None:
    before = t.opp.tower
    t.attack(48)
    t.opp.tower = max(t.opp.tower, min(before, 15))


@effect(475)  # Wishing lagoon
def wishing_lagoon(t: Turn) -> None:
    next_card_by_mode(t, "Pyramids", "Gateway", "Orc regiment")


@effect(483)  # Mentor
def mentor(t: Turn) -> None:
    t.me.magic += 1
    t.opp.magic += 1


@effect(485)  # Undead cavalry
def undead_cavalry(t: Turn) -> None:
    t.attack(29)


@effect(487)  # Moon shrine
def moon_shrine(t: Turn) -> None:
    for p in (t.me, t.opp):  # the played card has left my hand (as in the 2010 engine)
        free = len(slots_where(t, p, lambda c: c.cost_total == 0))
        paid = len(slots_where(t, p, lambda c: c.cost_total != 0))
        t.stock(p, free - paid)


@effect(488)  # Gate guardian
def gate_guardian(t: Turn) -> None:
    t.attack(24)
    t.me.wall += 16


@effect(491)  # Dark pegasus
def dark_pegasus(t: Turn) -> None:
    if t.me.wall > t.opp.wall:
        t.opp.tower -= 11
    else:
        t.me.gems += 9


@effect(492)  # Lighthouse
def lighthouse(t: Turn) -> None:
    t.me.tower += 10
    t.opp.revealed = [True] * HAND_SIZE


@effect(494)  # Scepter of evolution
def scepter_of_evolution(t: Turn) -> None:
    rarities = [COMMON] * 4 + [UNCOMMON] * 3 + [RARE]
    for slot in range(HAND_SIZE):
        rarity = rarities.pop(t.random(len(rarities)))
        t.replace(t.me, slot, t.pick_from(t.me, t.me.deck[rarity], slot))
    t.next_card = KEEP  # the played slot holds its new card already


@effect(497)  # Elemental storm
def elemental_storm(t: Turn) -> None:
    wind = card_named("Wind")
    for slot in (t.slot - 1, t.slot, t.slot + 1):
        if 0 <= slot < HAND_SIZE:
            t.replace(t.opp, slot, wind)


@effect(498)  # Thief hideout
def thief_hideout(t: Turn) -> None:
    t.me.tower += 10
    t.me.wall += 15
    t.stock(t.opp, -3)


@effect(505)  # Kraken
def kraken(t: Turn) -> None:
    t.attack(25)
    add(t.opp, highest(t, t.opp, FACILITIES), -1)


@effect(507)  # Sea lord
def sea_lord(t: Turn) -> None:
    t.attack(20)
    t.me.gems += 15
    t.me.recruits += 15


@effect(510)  # Master hunter
def master_hunter(t: Turn) -> None:
    t.attack(13)
    for slot in random_slots(t, slots_where(t, t.opp, has(KW.FRENZY)), 1):
        recruits = CARDS[t.discard(t.opp, slot, different=True)].recruits  # C-FX-16
        t.opp.recruits -= recruits
        t.attack(recruits)


@effect(513)  # Veteran militia
def veteran_militia(t: Turn) -> None:
    """The replacement comes from my own deck's cards of the selected card's rarity, other
    than this card and the selected one; selecting this card's own slot replaces nothing
    (C-FX-17)."""
    t.me.wall += 3
    slot = t.selected
    if slot != t.slot:
        old = CARDS[t.me.hand[slot]]
        pool = [c for c in t.me.deck[old.rarity] if c not in (t.card.id, old.id)]
        replace_from(t, t.me, [slot], pool)


@effect(514)  # Firestorm
def firestorm(t: Turn) -> None:
    for p in (t.me, t.opp):
        t.attack(drain_stock(t, p, 10), p)


@effect(520)  # Desert outpost
def desert_outpost(t: Turn) -> None:
    t.me.tower += 5
    t.me.wall += 10
    t.me.gems += 5
    t.me.recruits += 5


@effect(523)  # Whale
def whale(t: Turn) -> None:
    t.opp.tower -= 10
    t.opp.wall -= 10
    t.stock(t.opp, -10)


@effect(525)  # Poseidon's wrath
def poseidons_wrath(t: Turn) -> None:
    for p in players_by(t, lambda p: t.count(KW.AQUA, p), min):
        p.tower -= 15
        p.wall -= 15
        t.stock(p, -10)


@effect(528)  # Legacy of Barbz
def legacy_of_barbz(t: Turn) -> None:
    for p in players_by(t, lambda p: hand_count(p, is_common), max):
        replace_from(t, p, random_slots(t, slots_where(t, p, is_common), 1), p.deck[RARE])
