"""Effects of the Common cards in effects/common_1.py, through the whole turn pipeline.

The acting player is player 1 (`me`); production (+Quarry/Magic/Dungeons, C-PROD-1) is
added after the play and the played slot (slot 1) is refilled, so stock is asserted as
the part the effect changed (`effect_stock`), and the refill only where the card names it.
"""

from __future__ import annotations

from typing import Any

from marcomage.games.marcomage.cards import CARDS, COMMON, KW, RARE
from marcomage.games.marcomage.context import ids_where
from marcomage.games.marcomage.state import Player

from ..builders import DECK, duel, play

RICH = 50
"""Start stock of both players in these tests, so every cost is affordable."""
SEEDS = range(1, 31)
QUICK_PLAYED = [(145, 0, True)]  # last action: Necromancy (Quick) played -> extra turn


def run(card: int, me: dict[str, Any] | None = None, opp: dict[str, Any] | None = None,
        *, mode: int = 0, seed: int = 1) -> tuple[Player, Player]:
    """Play `card` from slot 1 with both players holding RICH of each resource."""
    rich = dict(bricks=RICH, gems=RICH, recruits=RICH)
    game = duel(me={**rich, **(me or {})}, opp={**rich, **(opp or {})}, seed=seed)
    play(game, card, mode=mode)
    return game.players[0], game.players[1]


def effect_stock(me: Player, card: int, *, start: int = RICH,
                 factor: int = 1) -> tuple[int, int, int]:
    """What the effect did to my stock: final - start + cost - production."""
    c = CARDS[card]
    return (
        me.bricks - start + c.bricks - factor * me.quarry,
        me.gems - start + c.gems - factor * me.magic,
        me.recruits - start + c.recruits - factor * me.dungeons,
    )


def enemy_stock(opp: Player) -> tuple[int, int, int]:
    return (opp.bricks - RICH, opp.gems - RICH, opp.recruits - RICH)


def refills(card: int, me: dict[str, Any] | None = None) -> list[int]:
    """The card put into the played slot, for each seed of SEEDS."""
    return [run(card, me, seed=s)[0].hand[0] for s in SEEDS]


# --- 1 Basic wall ----------------------------------------------------------------------

def test_1_basic_wall_empty_wall_gets_10() -> None:
    me, _ = run(1, dict(wall=0))
    assert me.wall == 10


def test_1_basic_wall_standing_wall_gets_3() -> None:
    me, _ = run(1, dict(wall=1))
    assert me.wall == 4


# --- 2 Foundations ---------------------------------------------------------------------

def test_2_foundations_low_tower_gets_7() -> None:
    me, _ = run(2, dict(tower=14))
    assert me.tower == 21


def test_2_foundations_tower_15_gets_2() -> None:
    me, _ = run(2, dict(tower=15))
    assert me.tower == 17


# --- 7 Knight --------------------------------------------------------------------------

def test_7_knight_attack_7_on_the_wall() -> None:
    """C-DMG-1: the wall absorbs the attack; the wall stays > 0, so no Charge."""
    _, opp = run(7, opp=dict(wall=20, tower=30))
    assert (opp.wall, opp.tower) == (13, 30)


def test_7_knight_attack_breaks_through_then_charge() -> None:
    """C-DMG-1 then C-KW-28: wall 4 takes 4, tower 3, wall 0 so Charge (3) hits the tower."""
    _, opp = run(7, opp=dict(wall=4, tower=30))
    assert (opp.wall, opp.tower) == (0, 30 - 3 - CARDS[7].charge)


# --- 13 Goblin -------------------------------------------------------------------------

def test_13_goblin_attack_3() -> None:
    _, opp = run(13, opp=dict(wall=2, tower=20))
    assert (opp.wall, opp.tower) == (0, 19)


# --- 16 Mage guild ---------------------------------------------------------------------

def test_16_mage_guild_tower_stock_and_next_mage() -> None:
    me, _ = run(16)
    assert me.tower == 33
    assert effect_stock(me, 16) == (1, 1, 1)
    assert CARDS[me.hand[0]].has(KW.MAGE)


def test_16_mage_guild_next_card_from_whole_database() -> None:
    """C-DRAW-8: a Mage of any rarity from the card database, not from the deck."""
    cards = refills(16)
    assert all(CARDS[c].has(KW.MAGE) for c in cards)
    assert {CARDS[c].rarity for c in cards} > {COMMON}


# --- 18 Tower --------------------------------------------------------------------------

def test_18_tower_plus_5() -> None:
    me, _ = run(18, dict(tower=40))
    assert me.tower == 45


# --- 20 Swordsman ----------------------------------------------------------------------

def test_20_swordsman_attack_2_and_enemy_gems() -> None:
    _, opp = run(20, opp=dict(wall=1, tower=30))
    assert (opp.wall, opp.tower) == (0, 29)
    assert enemy_stock(opp) == (0, -1, 0)


# --- 23 Caravan ------------------------------------------------------------------------

def test_23_caravan_stock_lowered_last_round_gives_2() -> None:
    """C-HIST-5: the opponent's last round lowered my gems; first turn of my round."""
    me, _ = run(23, dict(changes={"gems": -9}))
    assert effect_stock(me, 23) == (2, 2, 2)


def test_23_caravan_stock_not_lowered_gives_1() -> None:
    me, _ = run(23, dict(changes={"gems": 4, "tower": -5}))
    assert effect_stock(me, 23) == (1, 1, 1)


def test_23_caravan_extra_turn_ignores_last_round() -> None:
    """C-HIST-5: on an extra turn "last round" conditions have no effect."""
    me, _ = run(23, dict(changes={"bricks": -2}, history=QUICK_PLAYED))
    assert effect_stock(me, 23) == (1, 1, 1)


# --- 24 Minotaur -----------------------------------------------------------------------

def test_24_minotaur_attack_5() -> None:
    _, opp = run(24, opp=dict(wall=3, tower=30))
    assert (opp.wall, opp.tower) == (0, 28)


# --- 26 Thief --------------------------------------------------------------------------

def test_26_thief_attack_1_and_steals_stock() -> None:
    _, opp = run(26, opp=dict(wall=0, tower=30))
    me, _ = run(26)
    assert opp.tower == 29
    assert effect_stock(me, 26) == (1, 1, 1)
    assert enemy_stock(opp) == (-1, -1, -1)


# --- 39 Reinforced wall ----------------------------------------------------------------

def test_39_reinforced_wall_tower_and_wall() -> None:
    me, _ = run(39, dict(tower=30, wall=25))
    assert (me.tower, me.wall) == (32, 27)


# --- 41 Stone golem --------------------------------------------------------------------

def test_41_stone_golem_mode_1_wall_8() -> None:
    me, opp = run(41, dict(wall=10), dict(wall=20), mode=1)
    assert (me.wall, opp.wall) == (18, 20)


def test_41_stone_golem_mode_2_enemy_wall_minus_9() -> None:
    """C-DMG-2: direct wall damage; the surplus is lost, the tower is untouched."""
    me, opp = run(41, dict(wall=10), dict(wall=20, tower=30), mode=2)
    assert (me.wall, opp.wall, opp.tower) == (10, 11, 30)
    _, opp = run(41, opp=dict(wall=5, tower=30), mode=2)
    assert (opp.wall, opp.tower) == (0, 30)


# --- 42 Lady Ellena --------------------------------------------------------------------

def test_42_lady_ellena_attack_2_and_recruit() -> None:
    me, opp = run(42, opp=dict(wall=0, tower=30))
    assert opp.tower == 28
    assert effect_stock(me, 42) == (0, 0, 1)


# --- 45 Barbarian ----------------------------------------------------------------------

def test_45_barbarian_attack_4_and_enemy_recruits() -> None:
    _, opp = run(45, opp=dict(wall=10, tower=30))
    assert (opp.wall, opp.tower) == (6, 30)
    assert enemy_stock(opp) == (0, 0, -1)


# --- 46 Ogre ---------------------------------------------------------------------------

def test_46_ogre_attack_6() -> None:
    _, opp = run(46, opp=dict(wall=2, tower=30))
    assert (opp.wall, opp.tower) == (0, 26)


# --- 48 School of Restoration ----------------------------------------------------------

def test_48_school_of_restoration_tower_stock_next_restoration() -> None:
    me, _ = run(48)
    assert me.tower == 34
    assert effect_stock(me, 48) == (1, 1, 1)
    cards = refills(48)
    assert all(CARDS[c].has(KW.RESTORATION) for c in cards)  # C-DRAW-8
    assert {CARDS[c].rarity for c in cards} > {COMMON}


# --- 54 Battering ram ------------------------------------------------------------------

def test_54_battering_ram_enemy_wall_minus_11() -> None:
    _, opp = run(54, opp=dict(wall=30, tower=30))
    assert (opp.wall, opp.tower) == (19, 30)


def test_54_battering_ram_surplus_does_not_hit_tower() -> None:
    """C-DMG-2: "Enemy wall: -N" ignores the tower."""
    _, opp = run(54, opp=dict(wall=4, tower=30))
    assert (opp.wall, opp.tower) == (0, 30)


# --- 55 School of Nature ---------------------------------------------------------------

def test_55_school_of_nature_tower_stock_next_nature() -> None:
    me, _ = run(55)
    assert me.tower == 35
    assert effect_stock(me, 55) == (1, 1, 1)
    cards = refills(55)
    assert all(CARDS[c].has(KW.NATURE) for c in cards)  # C-DRAW-8
    assert {CARDS[c].rarity for c in cards} > {COMMON}


# --- 57 Gate ---------------------------------------------------------------------------

def test_57_gate_wall_plus_7() -> None:
    me, _ = run(57, dict(wall=3))
    assert me.wall == 10


# --- 60 Dwarven warriors ---------------------------------------------------------------

def test_60_dwarven_warriors_attack_4_and_bricks() -> None:
    me, opp = run(60, opp=dict(wall=1, tower=30))
    assert (opp.wall, opp.tower) == (0, 27)
    assert effect_stock(me, 60) == (3, 0, 0)


# --- 71 Dwarven miners -----------------------------------------------------------------

def test_71_dwarven_miners_attack_3_and_wall() -> None:
    me, opp = run(71, dict(wall=10), dict(wall=0, tower=30))
    assert opp.tower == 27
    assert me.wall == 15


# --- 77 Amazon tribe -------------------------------------------------------------------

def test_77_amazon_tribe_attack_6_and_own_stock_minus_1() -> None:
    me, opp = run(77, opp=dict(wall=5, tower=30))
    assert (opp.wall, opp.tower) == (0, 29)
    assert effect_stock(me, 77) == (-1, -1, -1)


# --- 78 Unicorn ------------------------------------------------------------------------

def test_78_unicorn_attack_5_and_gems() -> None:
    me, opp = run(78, opp=dict(wall=8, tower=30))
    assert (opp.wall, opp.tower) == (3, 30)
    assert effect_stock(me, 78) == (0, 3, 0)


# --- 79 Erosion ------------------------------------------------------------------------

def test_79_erosion_enemy_bricks_minus_10() -> None:
    _, opp = run(79)
    assert enemy_stock(opp) == (-10, 0, 0)
    _, opp = run(79, opp=dict(bricks=4))
    assert opp.bricks == 0  # C-LIM-1


# --- 82 Wizard -------------------------------------------------------------------------

def test_82_wizard_attack_equals_magic() -> None:
    _, opp = run(82, dict(magic=7), dict(wall=5, tower=30))
    assert (opp.wall, opp.tower) == (0, 28)
    _, opp = run(82, dict(magic=2), dict(wall=5, tower=30))
    assert (opp.wall, opp.tower) == (3, 30)


# --- 91 Corrosion ----------------------------------------------------------------------

def test_91_corrosion_enemy_recruits_minus_6() -> None:
    _, opp = run(91)
    assert enemy_stock(opp) == (0, 0, -6)


# --- 94 Stone gargoyle -----------------------------------------------------------------

def test_94_stone_gargoyle_mode_1_attack_12() -> None:
    _, opp = run(94, opp=dict(wall=5, tower=30), mode=1)
    assert (opp.wall, opp.tower) == (0, 23)


def test_94_stone_gargoyle_mode_2_enemy_tower_minus_7() -> None:
    """C-DMG-2: direct tower damage ignores the wall."""
    _, opp = run(94, opp=dict(wall=5, tower=30), mode=2)
    assert (opp.wall, opp.tower) == (5, 23)


# --- 95 Archer -------------------------------------------------------------------------

def test_95_archer_enemy_tower_minus_3() -> None:
    _, opp = run(95, opp=dict(wall=20, tower=30))
    assert (opp.wall, opp.tower) == (20, 27)


# --- 97 Volunteer ----------------------------------------------------------------------

ZERO_COST_NON_COMMON = set(ids_where(0, (1, 2), "zero cost"))
DECK_CARDS = {c for rarity in DECK for c in rarity}


def test_97_volunteer_attack_1() -> None:
    _, opp = run(97, opp=dict(wall=0, tower=30))
    assert opp.tower == 29


def test_97_volunteer_after_zero_cost_card_next_is_non_common_zero_cost() -> None:
    """C-SETUP-7: on the first turn the last card played is Empty, a zero-cost card."""
    cards = refills(97)
    assert all(c in ZERO_COST_NON_COMMON for c in cards)
    assert len(set(cards)) > 5


def test_97_volunteer_last_played_counts_past_a_discard() -> None:
    """C-HIST-4 (manual): the last card *played* (Empty, zero cost) survives a discard."""
    cards = refills(97, dict(history=[(13, 0, False)], last_played=0))
    assert all(c in ZERO_COST_NON_COMMON for c in cards)


def test_97_volunteer_after_costly_card_draws_from_deck() -> None:
    cards = refills(97, dict(history=[(13, 0, True)]))  # Goblin costs 1 recruit
    assert all(c in DECK_CARDS for c in cards)
    assert any(c not in ZERO_COST_NON_COMMON for c in cards)


# --- 101 Undead raid -------------------------------------------------------------------

def test_101_undead_raid_enemy_stock_minus_undead_in_hand() -> None:
    """C-FX-8: Undead cards in my hand at the time of the effect."""
    _, opp = run(101, dict(hand=[101, 112, 113, 13, 114, 13, 13, 13]))
    assert enemy_stock(opp) == (-3, -3, -3)


def test_101_undead_raid_no_undead_no_effect() -> None:
    _, opp = run(101)
    assert enemy_stock(opp) == (0, 0, 0)


# --- 111 Elite elf ---------------------------------------------------------------------

def test_111_elite_elf_attack_7_and_gems() -> None:
    me, opp = run(111, opp=dict(wall=3, tower=30))
    assert (opp.wall, opp.tower) == (0, 26)
    assert effect_stock(me, 111) == (0, 2, 0)


# --- 112 Ghoul -------------------------------------------------------------------------

def test_112_ghoul_attack_10() -> None:
    _, opp = run(112, opp=dict(wall=4, tower=30))
    assert (opp.wall, opp.tower) == (0, 24)


# --- 113 Skeleton warriors -------------------------------------------------------------

def test_113_skeleton_warriors_attack_7() -> None:
    _, opp = run(113, opp=dict(wall=10, tower=30))
    assert (opp.wall, opp.tower) == (3, 30)


# --- 114 Zombie ------------------------------------------------------------------------

def test_114_zombie_attack_5() -> None:
    _, opp = run(114, opp=dict(wall=0, tower=30))
    assert opp.tower == 25


# --- 117 Mummy -------------------------------------------------------------------------

def test_117_mummy_attack_5_and_own_gems_minus_3() -> None:
    me, opp = run(117, opp=dict(wall=2, tower=30))
    assert (opp.wall, opp.tower) == (0, 27)
    assert effect_stock(me, 117) == (0, -3, 0)


# --- 119 Haste -------------------------------------------------------------------------

def test_119_haste_production_x2() -> None:
    """C-PROD-2: each facility produces twice this turn."""
    me, _ = run(119, dict(quarry=4, magic=5, dungeons=6))
    assert effect_stock(me, 119, factor=2) == (0, 0, 0)
    assert (me.bricks, me.gems, me.recruits) == (
        RICH + 8, RICH - CARDS[119].gems + 10, RICH + 12)


# --- 122 Elf ---------------------------------------------------------------------------

def test_122_elf_attack_3_and_gem() -> None:
    me, opp = run(122, opp=dict(wall=0, tower=30))
    assert opp.tower == 27
    assert effect_stock(me, 122) == (0, 1, 0)


# --- 129 Wealth ------------------------------------------------------------------------

def test_129_wealth_my_stock_7_enemy_stock_10() -> None:
    me, opp = run(129)
    assert effect_stock(me, 129) == (7, 7, 7)
    assert enemy_stock(opp) == (10, 10, 10)


# --- 135 Stone atronarch ---------------------------------------------------------------

def test_135_stone_atronarch_more_bricks_attacks_10() -> None:
    """The condition reads bricks after the cost is paid (C-TURN-5)."""
    me, opp = run(135, dict(bricks=30), dict(bricks=20, wall=4, tower=30))
    assert (opp.wall, opp.tower) == (0, 24)
    assert effect_stock(me, 135, start=30)[0] == 0


def test_135_stone_atronarch_fewer_bricks_gains_8() -> None:
    cost = CARDS[135].bricks
    me, opp = run(135, dict(bricks=20), dict(bricks=20 - cost, wall=4, tower=30))
    assert (opp.wall, opp.tower) == (4, 30)
    assert effect_stock(me, 135, start=20)[0] == 8


# --- 139 Avenger -----------------------------------------------------------------------

def test_139_avenger_more_recruits_attacks_10() -> None:
    me, opp = run(139, dict(recruits=30), dict(recruits=20, wall=0, tower=30))
    assert opp.tower == 20
    assert effect_stock(me, 139, start=30)[2] == 0


def test_139_avenger_fewer_recruits_gains_7() -> None:
    cost = CARDS[139].recruits
    me, opp = run(139, dict(recruits=20), dict(recruits=20 - cost, wall=0, tower=30))
    assert opp.tower == 30
    assert effect_stock(me, 139, start=20)[2] == 7


# --- 140 Forest hunter -----------------------------------------------------------------

def test_140_forest_hunter_attack_5_and_enemy_stock_minus_2() -> None:
    _, opp = run(140, opp=dict(wall=10, tower=30))
    assert (opp.wall, opp.tower) == (5, 30)
    assert enemy_stock(opp) == (-2, -2, -2)


# --- 145 Necromancy --------------------------------------------------------------------

def test_145_necromancy_next_card_non_rare_undead() -> None:
    """C-DRAW-8: from the whole database; Quick gives no production (C-PROD-3)."""
    cards = refills(145)
    assert all(CARDS[c].has(KW.UNDEAD) and CARDS[c].rarity != RARE for c in cards)
    assert {CARDS[c].rarity for c in cards} > {COMMON}
    me, _ = run(145)
    assert effect_stock(me, 145, factor=0) == (0, 0, 0)


# --- 147 Werewolf ----------------------------------------------------------------------

def test_147_werewolf_attack_6_and_both_lose_gems() -> None:
    me, opp = run(147, opp=dict(wall=6, tower=30))
    assert (opp.wall, opp.tower) == (0, 30)
    assert effect_stock(me, 147) == (0, -3, 0)
    assert enemy_stock(opp) == (0, -3, 0)


# --- 149 Double wall -------------------------------------------------------------------

def test_149_double_wall_wall_plus_10() -> None:
    me, _ = run(149, dict(wall=0))
    assert me.wall == 10


# --- 153 Acolyte -----------------------------------------------------------------------

def test_153_acolyte_more_gems_attacks_10() -> None:
    me, opp = run(153, dict(gems=30), dict(gems=20, wall=15, tower=30))
    assert (opp.wall, opp.tower) == (5, 30)
    assert effect_stock(me, 153, start=30)[1] == 0


def test_153_acolyte_equal_gems_gains_7() -> None:
    cost = CARDS[153].gems
    me, opp = run(153, dict(gems=20), dict(gems=20 - cost, wall=15, tower=30))
    assert (opp.wall, opp.tower) == (15, 30)
    assert effect_stock(me, 153, start=20)[1] == 7


# --- 160 Phantom lancer ----------------------------------------------------------------

def test_160_phantom_lancer_attack_and_steals() -> None:
    me, opp = run(160, opp=dict(wall=0, tower=30))
    assert opp.tower == 29
    assert effect_stock(me, 160) == (0, 2, 1)
    assert enemy_stock(opp) == (0, -2, -1)


# --- 165 Preparations ------------------------------------------------------------------

def test_165_preparations_fewer_dungeons_gains_a_dungeon() -> None:
    me, _ = run(165, dict(dungeons=2), dict(dungeons=3))
    assert me.dungeons == 3
    assert effect_stock(me, 165)[2] == 0


def test_165_preparations_equal_dungeons_gains_11_recruits() -> None:
    me, _ = run(165, dict(dungeons=3), dict(dungeons=3))
    assert me.dungeons == 3
    assert effect_stock(me, 165)[2] == 11


# --- 176 Chapel ------------------------------------------------------------------------

def test_176_chapel_tower_3_and_stock_1() -> None:
    me, _ = run(176, dict(tower=30))
    assert me.tower == 33
    assert effect_stock(me, 176) == (1, 1, 1)


# --- 177 Prayer ------------------------------------------------------------------------

def test_177_prayer_stock_per_holy_card_max_2() -> None:
    """C-FX-3: the cap applies to each resource; C-FX-8: cards in my hand."""
    three_holy = [177, 176, 139, 176, 13, 13, 13, 13]
    one_holy = [177, 13, 13, 176, 13, 13, 13, 13]
    assert effect_stock(run(177, dict(hand=three_holy))[0], 177) == (2, 2, 2)
    assert effect_stock(run(177, dict(hand=one_holy))[0], 177) == (1, 1, 1)
    assert effect_stock(run(177)[0], 177) == (0, 0, 0)


def test_177_prayer_next_card_holy() -> None:
    cards = refills(177)
    assert all(CARDS[c].has(KW.HOLY) for c in cards)  # C-DRAW-8
    assert {CARDS[c].rarity for c in cards} > {COMMON}


# --- 183 Magic lamp --------------------------------------------------------------------

def test_183_magic_lamp_next_card_genie_efreet_or_lamp() -> None:
    names = {CARDS[c].name for c in refills(183)}
    assert names == {"Genie", "Efreet", "Magic lamp"}


# --- 185 Magic well --------------------------------------------------------------------

def test_185_magic_well_less_magic_gains_magic() -> None:
    me, _ = run(185, dict(magic=2), dict(magic=4))
    assert me.magic == 3
    assert effect_stock(me, 185)[1] == 0


def test_185_magic_well_equal_magic_gains_11_gems() -> None:
    me, _ = run(185, dict(magic=4), dict(magic=4))
    assert me.magic == 4
    assert effect_stock(me, 185)[1] == 11


# --- 187 Mithril mine ------------------------------------------------------------------

def test_187_mithril_mine_less_quarry_gains_quarry() -> None:
    me, _ = run(187, dict(quarry=2), dict(quarry=5))
    assert me.quarry == 3
    assert effect_stock(me, 187)[0] == 0


def test_187_mithril_mine_more_quarry_gains_12_bricks() -> None:
    me, _ = run(187, dict(quarry=6), dict(quarry=5))
    assert me.quarry == 6
    assert effect_stock(me, 187)[0] == 12


# --- 188 Crenellation ------------------------------------------------------------------

def test_188_crenellation_wall_5_and_enemy_tower_minus_1() -> None:
    me, opp = run(188, dict(wall=10), dict(wall=20, tower=30))
    assert me.wall == 15
    assert (opp.wall, opp.tower) == (20, 29)


# --- 194 Draft -------------------------------------------------------------------------

def test_194_draft_next_card_soldier_without_tokens_no_recruits() -> None:
    """C-DRAW-8: a Soldier from the whole database; no Soldier token slot, no gain."""
    for seed in SEEDS:
        me, _ = run(194, seed=seed)
        assert CARDS[me.hand[0]].has(KW.SOLDIER)
        assert effect_stock(me, 194) == (0, 0, 0)


def test_194_draft_soldier_tokens_gain_summoned_recruit_cost_max_6() -> None:
    """C-FX-11: the token slot is set (any value); C-FX-3: at most 6."""
    costs = set()
    for seed in SEEDS:
        me, _ = run(194, dict(tokens={"Soldier": 0}), seed=seed)
        summoned = CARDS[me.hand[0]]
        assert summoned.has(KW.SOLDIER)
        assert effect_stock(me, 194) == (0, 0, min(summoned.recruits, 6))
        costs.add(summoned.recruits)
    assert min(costs) < 6 < max(costs)  # both sides of the cap were seen


# --- 212 Rogue -------------------------------------------------------------------------

def test_212_rogue_attack_2_and_enemy_recruits() -> None:
    _, opp = run(212, opp=dict(wall=1, tower=30))
    assert (opp.wall, opp.tower) == (0, 29)
    assert enemy_stock(opp) == (0, 0, -1)


# --- 236 Centaur patrol troop ----------------------------------------------------------

def test_236_centaur_patrol_troop_attack_5_and_own_tower_minus_1() -> None:
    me, opp = run(236, dict(tower=30), dict(wall=9, tower=30))
    assert me.tower == 29
    assert (opp.wall, opp.tower) == (4, 30)


# --- 237 Guard post --------------------------------------------------------------------

def test_237_guard_post_tower_3_and_recruit() -> None:
    me, _ = run(237, dict(tower=30))
    assert me.tower == 33
    assert effect_stock(me, 237) == (0, 0, 1)


# --- 238 Fortified wall ----------------------------------------------------------------

def test_238_fortified_wall_wall_plus_8() -> None:
    me, _ = run(238, dict(wall=5))
    assert me.wall == 13


# --- 240 Elite orc ---------------------------------------------------------------------

def test_240_elite_orc_attack_9() -> None:
    _, opp = run(240, opp=dict(wall=5, tower=30))
    assert (opp.wall, opp.tower) == (0, 26)


# --- 243 Thieves with honor ------------------------------------------------------------

def test_243_thieves_with_honor_enemy_tower_minus_6_enemy_stock_plus_2() -> None:
    _, opp = run(243, opp=dict(wall=20, tower=30))
    assert (opp.wall, opp.tower) == (20, 24)
    assert enemy_stock(opp) == (2, 2, 2)


# --- 247 Wind --------------------------------------------------------------------------

def test_247_wind_enemy_wall_and_stock_minus_1() -> None:
    me, opp = run(247, opp=dict(wall=20, tower=30))
    assert (opp.wall, opp.tower) == (20 - 1, 30)
    assert enemy_stock(opp) == (-1, -1, -1)
    assert effect_stock(me, 247, factor=0) == (0, 0, 0)  # Quick: no production


def test_247_wind_next_card_common_not_from_my_deck() -> None:
    """C-DRAW-8: the Common cards of the database minus my deck's Commons."""
    cards = refills(247)
    assert all(CARDS[c].rarity == COMMON and c not in DECK[COMMON] for c in cards)
    assert len(set(cards)) > 10
