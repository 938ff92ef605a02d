"""Effects of the Rare cards in effects/rare_1.py, through the whole turn pipeline.

The acting player is player 1 (`me`); production (+Quarry/Magic/Dungeons, C-PROD-1) is
added after the play and the played slot (slot 1) is refilled, so stock is asserted as
the part the effect changed (`effect_stock`), and the refill only where the card names it.
Hands hold Goblins (no keywords) unless a test says otherwise, and no token slot is set,
so the keywords of the played card stay quiet unless a test sets them up.
"""

from __future__ import annotations

from typing import Any

from marcomage.games.marcomage.cards import CARDS, COMMON, KW, RARE, UNCOMMON
from marcomage.games.marcomage.context import ids_where
from marcomage.games.marcomage.state import Player

from ..builders import DECK, GOBLIN, duel, play

RICH = 70
"""Start stock of both players in these tests, so every cost is affordable."""
SEEDS = range(1, 31)
QUICK_PLAYED = [(145, 0, True)]  # last action: Necromancy (Quick) played -> extra turn
KNIGHT, FAIRY, HEAVENLY_WARRIOR, SEARING_FIRE = 7, 27, 85, 248
DECK_CARDS = {c for rarity in DECK for c in rarity}


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


def enemy_stock(opp: Player, start: int = RICH) -> tuple[int, int, int]:
    return (opp.bricks - start, opp.gems - start, opp.recruits - start)


def facilities(p: Player) -> tuple[int, int, int]:
    return (p.quarry, p.magic, p.dungeons)


def refills(card: int, me: dict[str, Any] | None = None) -> list[int]:
    """The card put into the played slot, for each seed of SEEDS."""
    return [run(card, me, seed=s)[0].hand[0] for s in SEEDS]


def attacked(card: int, *, wall: int, tower: int = 90) -> tuple[int, int]:
    """The enemy's (wall, tower) after `card` is played against them."""
    _, opp = run(card, opp=dict(wall=wall, tower=tower))
    return opp.wall, opp.tower


# --- 4 Great Wall of China -------------------------------------------------------------

def test_4_great_wall_of_china_wall_plus_75() -> None:
    me, _ = run(4, dict(wall=10))
    assert me.wall == 85


def test_4_great_wall_of_china_wall_capped_at_150() -> None:
    """C-LIM-1: the wall is at most 150."""
    me, _ = run(4, dict(wall=100))
    assert me.wall == 150


# --- 6 Red dragon ----------------------------------------------------------------------

def test_6_red_dragon_attack_50_wall_first() -> None:
    """C-DMG-1: 20 on the wall, the other 30 on the tower."""
    assert attacked(6, wall=20, tower=60) == (0, 30)


# --- 9 Stonehenge ----------------------------------------------------------------------

def test_9_stonehenge_magic_plus_2() -> None:
    me, _ = run(9, dict(magic=3))
    assert me.magic == 5


def test_9_stonehenge_next_card_rare_mage() -> None:
    """C-DRAW-8: a rare Mage from the whole database, not from the deck."""
    cards = refills(9)
    assert all(CARDS[c].has(KW.MAGE) and CARDS[c].rarity == RARE for c in cards)
    assert len(set(cards)) > 1


# --- 17 Earthquake ---------------------------------------------------------------------

def test_17_earthquake_both_towers_15_walls_30() -> None:
    """C-DMG-2: direct reductions, the wall's surplus is not passed on."""
    me, opp = run(17, dict(tower=40, wall=40), dict(tower=50, wall=10))
    assert (me.tower, me.wall) == (25, 10)
    assert (opp.tower, opp.wall) == (35, 0)


# --- 21 Stronghold ---------------------------------------------------------------------

def test_21_stronghold_tower_30_and_stock_4() -> None:
    me, _ = run(21, dict(tower=40))
    assert me.tower == 70
    assert effect_stock(me, 21) == (4, 4, 4)


# --- 30 Magic maelstrom ----------------------------------------------------------------

def test_30_magic_maelstrom_trades_dungeon_and_recruits_for_magic_and_gems() -> None:
    me, _ = run(30, dict(magic=3, dungeons=3))
    assert facilities(me) == (3, 4, 2)
    assert effect_stock(me, 30) == (0, 25, -10)


# --- 32 Crimson hawk -------------------------------------------------------------------

def test_32_crimson_hawk_attack_16() -> None:
    assert attacked(32, wall=10, tower=50) == (0, 44)


def test_32_crimson_hawk_with_frenzy_pair_adds_recruit_cost() -> None:
    """C-KW-26: a second Frenzy card adds an attack of the recruit cost (8)."""
    _, opp = run(32, dict(hand=[32, 66, *[GOBLIN] * 6]), dict(wall=0, tower=50))
    assert opp.tower == 50 - 16 - 8


# --- 44 Angel --------------------------------------------------------------------------

def test_44_angel_stock_3_per_holy_card_in_hand() -> None:
    """C-FX-8: Angel counts itself; the enemy's Holy cards do not count."""
    hand = [44, FAIRY, HEAVENLY_WARRIOR, *[GOBLIN] * 5]
    me, _ = run(44, dict(hand=hand), dict(hand=[FAIRY] * 8))
    assert effect_stock(me, 44) == (9, 9, 9)


def test_44_angel_alone_gives_stock_3() -> None:
    me, _ = run(44)
    assert effect_stock(me, 44) == (3, 3, 3)


# --- 61 Ether dragon -------------------------------------------------------------------

def test_61_ether_dragon_attack_50() -> None:
    assert attacked(61, wall=60) == (10, 90)


# --- 63 Dark ritual --------------------------------------------------------------------

def test_63_dark_ritual_facilities_minus_1_enemy_tower_minus_24() -> None:
    """C-DMG-2: the enemy wall does not shield the tower."""
    me, opp = run(63, dict(quarry=3, magic=4, dungeons=5), dict(tower=50, wall=30))
    assert facilities(me) == (2, 3, 4)
    assert (opp.tower, opp.wall) == (26, 30)


# --- 64 Enlightenment ------------------------------------------------------------------

def test_64_enlightenment_both_gain_tower_25_and_facility_each() -> None:
    me, opp = run(64, dict(tower=20), dict(tower=30, quarry=2))
    assert (me.tower, facilities(me)) == (45, (4, 4, 4))
    assert (opp.tower, facilities(opp)) == (55, (3, 4, 4))


# --- 66 Manticore ----------------------------------------------------------------------

def test_66_manticore_attack_18() -> None:
    assert attacked(66, wall=5, tower=50) == (0, 37)


# --- 67 Magical palace -----------------------------------------------------------------

def test_67_magical_palace_tower_plus_40() -> None:
    me, _ = run(67, dict(tower=30))
    assert me.tower == 70


# --- 69 Beast mistress -----------------------------------------------------------------

def test_69_beast_mistress_attack_12() -> None:
    assert attacked(69, wall=20) == (8, 90)


# --- 70 Stormwind ----------------------------------------------------------------------

def test_70_stormwind_tower_20_magic_2() -> None:
    me, _ = run(70, dict(tower=30, magic=3))
    assert (me.tower, me.magic) == (50, 5)


# --- 74 Highlander ---------------------------------------------------------------------

def test_74_highlander_attack_25() -> None:
    """No Charge card in the enemy hand, so Skirmisher does nothing."""
    assert attacked(74, wall=10, tower=50) == (0, 35)


def test_74_highlander_skirmisher_discards_charge_card_and_its_cost() -> None:
    """C-KW-23: a Rare Skirmisher also takes the target's cost (Knight: 5 recruits)."""
    _, opp = run(74, opp=dict(hand=[GOBLIN, KNIGHT, *[GOBLIN] * 6], wall=50))
    assert opp.wall == 25
    assert opp.hand[1] != KNIGHT and opp.new[1]
    assert enemy_stock(opp) == (0, 0, -5)


# --- 75 White crocodile ----------------------------------------------------------------

def test_75_white_crocodile_attack_15() -> None:
    assert attacked(75, wall=0, tower=50) == (0, 35)


# --- 80 Catastrophe --------------------------------------------------------------------

def test_80_catastrophe_5_damage_per_facility_and_per_10_resources() -> None:
    """Each side is attacked (C-DMG-1) by 5 x (facilities + stock // 10). My stock is
    counted after the cost (30 gems): 20 + 29 + 21 = 70 -> 7; the enemy's 19 + 19 + 0
    is 38 -> 3 (whole tens only)."""
    me, opp = run(
        80, dict(bricks=20, gems=59, recruits=21, tower=90, wall=10),
        dict(bricks=19, gems=19, recruits=0, quarry=1, magic=2, dungeons=3, tower=90, wall=0),
    )
    assert (me.wall, me.tower) == (0, 90 - (5 * (9 + 7) - 10))
    assert (opp.wall, opp.tower) == (0, 90 - 5 * (6 + 3))


def test_80_catastrophe_wall_absorbs_the_damage() -> None:
    me, opp = run(80, dict(bricks=0, gems=30, recruits=0, wall=100),
                  dict(bricks=0, gems=0, recruits=0, wall=100))
    assert (me.wall, me.tower) == (55, 30)
    assert (opp.wall, opp.tower) == (55, 30)


# --- 81 New era ------------------------------------------------------------------------

def test_81_new_era_facilities_plus_2_and_all_stock_destroyed() -> None:
    me, opp = run(81, opp=dict(quarry=1))
    assert facilities(me) == (5, 5, 5)
    assert facilities(opp) == (3, 5, 5)
    assert (opp.bricks, opp.gems, opp.recruits) == (0, 0, 0)
    assert (me.bricks, me.gems, me.recruits) == (5, 5, 5)  # production only


# --- 86 Bone dragon --------------------------------------------------------------------

def test_86_bone_dragon_attack_40_enemy_gems_20() -> None:
    _, opp = run(86, opp=dict(wall=30, tower=50))
    assert (opp.wall, opp.tower) == (0, 40)
    assert enemy_stock(opp) == (0, -20, 0)


# --- 92 Dragon golem -------------------------------------------------------------------

def test_92_dragon_golem_mode_1_attack_50() -> None:
    me, opp = run(92, dict(wall=10), dict(wall=20, tower=60), mode=1)
    assert (opp.wall, opp.tower) == (0, 30)
    assert me.wall == 10


def test_92_dragon_golem_mode_2_wall_60() -> None:
    me, opp = run(92, dict(wall=10), dict(wall=20, tower=60), mode=2)
    assert me.wall == 70
    assert (opp.wall, opp.tower) == (20, 60)


def test_92_dragon_golem_mode_3_enemy_wall_70() -> None:
    """C-DMG-2: direct on the wall, the surplus is lost."""
    me, opp = run(92, dict(wall=10), dict(wall=20, tower=60), mode=3)
    assert me.wall == 10
    assert (opp.wall, opp.tower) == (0, 60)


# --- 99 Magic rift ---------------------------------------------------------------------

def test_99_magic_rift_both_gain_dungeon_and_magic_enemy_loses_stock() -> None:
    me, opp = run(99)
    assert facilities(me) == (3, 4, 4)
    assert facilities(opp) == (3, 4, 4)
    assert enemy_stock(opp) == (0, -15, -10)


# --- 100 Wonder ------------------------------------------------------------------------

def test_100_wonder_both_quarries_plus_5() -> None:
    me, opp = run(100, dict(quarry=2), dict(quarry=4))
    assert (me.quarry, opp.quarry) == (7, 9)


# --- 108 Archmage ----------------------------------------------------------------------

def test_108_archmage_attack_20_and_enemy_stock_7() -> None:
    _, opp = run(108, opp=dict(wall=5, tower=50))
    assert (opp.wall, opp.tower) == (0, 35)
    assert enemy_stock(opp) == (-7, -7, -7)


def test_108_archmage_next_card_is_last_card_played() -> None:
    me, _ = run(108, dict(history=[(4, 0, True)]))
    assert me.hand[0] == 4 and me.new[0]


def test_108_archmage_last_card_played_survives_a_discard() -> None:
    """C-HIST-4 (manual): the last card *played*, not the discarded one."""
    me, _ = run(108, dict(history=[(GOBLIN, 0, False)], last_played=21))
    assert me.hand[0] == 21


def test_108_archmage_first_turn_empty_card_means_no_draw() -> None:
    """C-SETUP-7 / C-SLOT-1c: last card played is Empty (0): the slot keeps Archmage."""
    me, _ = run(108)
    assert me.hand[0] == 108 and me.new[0]


# --- 110 Dark knight -------------------------------------------------------------------

def test_110_dark_knight_attack_35_enemy_recruits_10() -> None:
    _, opp = run(110, opp=dict(wall=15, tower=50))
    assert (opp.wall, opp.tower) == (0, 30)
    assert enemy_stock(opp) == (0, 0, -10)


# --- 115 Angel of destruction ----------------------------------------------------------

def test_115_angel_of_destruction_attack_30_and_all_stock_destroyed() -> None:
    me, opp = run(115, opp=dict(wall=10, tower=50))
    assert (opp.wall, opp.tower) == (0, 30)
    assert (opp.bricks, opp.gems, opp.recruits) == (0, 0, 0)
    assert (me.bricks, me.gems, me.recruits) == (3, 3, 3)  # production only


# --- 121 Luna the Sorceress ------------------------------------------------------------

def test_121_luna_the_sorceress_attack_30_magic_plus_1() -> None:
    me, opp = run(121, opp=dict(wall=40))
    assert opp.wall == 10
    assert me.magic == 4


# --- 124 Death pact --------------------------------------------------------------------

def test_124_death_pact_attack_70_costs_own_tower_20_wall_50() -> None:
    me, opp = run(124, dict(tower=50, wall=60), dict(wall=30, tower=80))
    assert (opp.wall, opp.tower) == (0, 40)
    assert (me.tower, me.wall) == (30, 10)


# --- 125 Archangel ---------------------------------------------------------------------

def test_125_archangel_tower_wall_and_stock_15() -> None:
    me, _ = run(125, dict(tower=30, wall=20))
    assert (me.tower, me.wall) == (45, 35)
    assert effect_stock(me, 125) == (15, 15, 15)


# --- 126 Green dragon ------------------------------------------------------------------

def test_126_green_dragon_attack_40() -> None:
    assert attacked(126, wall=25, tower=50) == (0, 35)


# --- 127 Black dragon ------------------------------------------------------------------

def test_127_black_dragon_attack_60_enemy_recruits_15() -> None:
    _, opp = run(127, opp=dict(wall=50, tower=50))
    assert (opp.wall, opp.tower) == (0, 40)
    assert enemy_stock(opp) == (0, 0, -15)


# --- 128 Ice dragon --------------------------------------------------------------------

def test_128_ice_dragon_attack_45_enemy_gems_10() -> None:
    _, opp = run(128, opp=dict(wall=50, tower=50))
    assert (opp.wall, opp.tower) == (5, 50)
    assert enemy_stock(opp) == (0, -10, 0)


# --- 132 Tubular bells -----------------------------------------------------------------

def test_132_tubular_bells_not_fewer_facilities_costs_stock_15() -> None:
    me, _ = run(132, dict(quarry=4), dict(quarry=4))
    assert facilities(me) == (5, 4, 4)
    assert effect_stock(me, 132) == (-15, -15, -15)


def test_132_tubular_bells_fewer_facilities_only_gains() -> None:
    me, _ = run(132, dict(quarry=2), dict(quarry=3))
    assert facilities(me) == (3, 4, 4)
    assert effect_stock(me, 132) == (0, 0, 0)


# --- 134 Centaur trainer ---------------------------------------------------------------

def test_134_centaur_trainer_dungeons_plus_2() -> None:
    me, _ = run(134)
    assert me.dungeons == 5


def test_134_centaur_trainer_next_card_rare_beast() -> None:
    """C-DRAW-8: a rare Beast from the whole database."""
    cards = refills(134)
    assert all(CARDS[c].has(KW.BEAST) and CARDS[c].rarity == RARE for c in cards)
    assert len(set(cards)) > 1


# --- 138 Devil -------------------------------------------------------------------------

def test_138_devil_attack_50_enemy_stock_50() -> None:
    _, opp = run(138, opp=dict(wall=40, tower=50, bricks=60, gems=20))
    assert (opp.wall, opp.tower) == (0, 40)
    assert (opp.bricks, opp.gems, opp.recruits) == (10, 0, 20)


# --- 141 Tower of Babylon --------------------------------------------------------------

def test_141_tower_of_babylon_tower_10_and_stays() -> None:
    """C-KW-19: Durable keeps the card in its slot, with the NEW flag."""
    me, _ = run(141, dict(tower=40))
    assert me.tower == 50
    assert me.hand[0] == 141 and me.new[0]


# --- 143 Clay valley -------------------------------------------------------------------

def test_143_clay_valley_bricks_plus_60() -> None:
    me, _ = run(143)
    assert effect_stock(me, 143) == (60, 0, 0)


# --- 144 Necromancer -------------------------------------------------------------------

def test_144_necromancer_attack_30() -> None:
    assert attacked(144, wall=20, tower=50) == (0, 40)


def test_144_necromancer_next_card_non_common_undead() -> None:
    """C-DRAW-8: Uncommon or Rare Undead from the whole database."""
    cards = refills(144)
    assert all(CARDS[c].has(KW.UNDEAD) and CARDS[c].rarity != COMMON for c in cards)
    assert {CARDS[c].rarity for c in cards} == {UNCOMMON, RARE}


# --- 148 Two towers --------------------------------------------------------------------

def test_148_two_towers_both_walls_plus_50() -> None:
    me, opp = run(148, dict(wall=10), dict(wall=120))
    assert (me.wall, opp.wall) == (60, 150)


# --- 151 Trebuchet ---------------------------------------------------------------------

def test_151_trebuchet_enemy_tower_minus_7_and_stays() -> None:
    """C-DMG-2: past the wall; C-KW-19: Durable."""
    me, opp = run(151, opp=dict(wall=40, tower=50))
    assert (opp.wall, opp.tower) == (40, 43)
    assert me.hand[0] == 151


# --- 152 Micramix ----------------------------------------------------------------------

MY_HAND = [152, 1, 2, 4, 6, 9, 17, 21]
HIS_HAND = [30, 32, 44, 61, 63, 64, 66, 67]


def test_152_micramix_i_take_the_whole_enemy_hand() -> None:
    """The played slot keeps the enemy card it received (no draw, C-SLOT-1c); every slot
    has its new owner's NEW flag (C-FLAG-2)."""
    me, _ = run(152, dict(hand=MY_HAND, revealed=[2]), dict(hand=HIS_HAND))
    assert me.hand == HIS_HAND
    assert all(me.new) and not any(me.revealed)


def test_152_micramix_enemy_takes_my_other_cards_and_draws_for_the_played_one() -> None:
    """The played Micramix leaves play: that enemy slot is refilled from the enemy's deck
    (C-FX-6, a Rare card: the normal draw)."""
    drawn = set()
    for seed in SEEDS:
        _, opp = run(152, dict(hand=MY_HAND), dict(hand=HIS_HAND), seed=seed)
        assert opp.hand[1:] == MY_HAND[1:]
        assert opp.hand[0] in DECK_CARDS
        assert all(opp.new)
        drawn.add(opp.hand[0])
    assert len(drawn) > 5


def test_152_micramix_swapped_cards_enter_the_discard_piles() -> None:
    """C-DISC-2: every slot whose card changed counts as discarded by the effect."""
    game = duel(me=dict(hand=MY_HAND, gems=10, bricks=10, recruits=10),
                opp=dict(hand=HIS_HAND))
    play(game)
    me = game.players[0]
    assert me.discarded_own == MY_HAND[1:]
    assert me.discarded_opp == HIS_HAND


# --- 156 Magic barrier -----------------------------------------------------------------

def test_156_magic_barrier_gems_into_wall_bricks_into_tower() -> None:
    """Converts what is left after the cost (25 bricks, 10 gems)."""
    me, _ = run(156, dict(bricks=40, gems=30, tower=20, wall=5))
    assert (me.tower, me.wall) == (20 + 15, 5 + 20)
    assert (me.bricks, me.gems) == (me.quarry, me.magic)  # production only


# --- 157 Volcano -----------------------------------------------------------------------

def test_157_volcano_enemy_tower_wall_and_stock_15() -> None:
    _, opp = run(157, opp=dict(tower=50, wall=10))
    assert (opp.tower, opp.wall) == (35, 0)
    assert enemy_stock(opp) == (-15, -15, -15)


# --- 161 Damnation ---------------------------------------------------------------------

def test_161_damnation_enemy_loses_tower_wall_facilities_stock() -> None:
    _, opp = run(161, opp=dict(tower=50, wall=30, quarry=5, magic=2))
    assert (opp.tower, opp.wall) == (30, 10)
    assert facilities(opp) == (3, 1, 1)  # C-LIM-1: at least 1
    assert enemy_stock(opp) == (-20, -20, -20)


# --- 167 Dragon squadron ---------------------------------------------------------------

def test_167_dragon_squadron_attack_200() -> None:
    _, opp = run(167, opp=dict(wall=150, tower=90))
    assert (opp.wall, opp.tower) == (0, 40)


# --- 169 Valhalla ----------------------------------------------------------------------

def test_169_valhalla_tower_minus_20_wall_plus_70() -> None:
    me, _ = run(169, dict(tower=50, wall=10))
    assert (me.tower, me.wall) == (30, 80)


def test_169_valhalla_wont_lower_tower_below_1() -> None:
    me, _ = run(169, dict(tower=15, wall=0))
    assert (me.tower, me.wall) == (1, 70)


# --- 171 Master of the past ------------------------------------------------------------

LAST_ROUND = dict(tower=-10, wall=-5, quarry=-1, magic=1, dungeons=0,
                  bricks=-7, gems=4, recruits=0)


def test_171_master_of_the_past_negates_opponents_last_round() -> None:
    """C-HIST-5: the change snapshot of the opponent's last round, undone."""
    me, _ = run(171, dict(changes=LAST_ROUND, tower=40, wall=20, quarry=2, magic=4))
    assert (me.tower, me.wall) == (50, 25)
    assert facilities(me) == (3, 3, 3)
    assert effect_stock(me, 171) == (7, -4, 0)


def test_171_master_of_the_past_does_nothing_on_an_extra_turn() -> None:
    """C-HIST-5: only at the start of the round."""
    me, _ = run(171, dict(changes=LAST_ROUND, tower=40, wall=20, quarry=2, magic=4,
                          history=QUICK_PLAYED))
    assert (me.tower, me.wall) == (40, 20)
    assert facilities(me) == (2, 4, 3)
    assert effect_stock(me, 171) == (0, 0, 0)


# --- 173 Lord of time ------------------------------------------------------------------

def test_173_lord_of_time_attack_25_stays_and_extra_turn() -> None:
    """C-KW-19 Durable and C-KW-21 Swift."""
    game = duel(me=dict(gems=RICH, recruits=RICH), opp=dict(wall=10, tower=50))
    play(game, 173)
    me, opp = game.players
    assert (opp.wall, opp.tower) == (0, 35)
    assert me.hand[0] == 173
    assert game.current == 0


# --- 178 Battalion of fear -------------------------------------------------------------

def test_178_battalion_of_fear_all_recruits_become_attack() -> None:
    me, opp = run(178, dict(recruits=33), dict(wall=10, tower=50))
    assert (opp.wall, opp.tower) == (0, 27)
    assert me.recruits == me.dungeons  # production only


# --- 179 Redesign ----------------------------------------------------------------------

def test_179_redesign_wall_into_tower() -> None:
    me, _ = run(179, dict(tower=30, wall=45))
    assert (me.tower, me.wall) == (75, 0)


# --- 181 Genie -------------------------------------------------------------------------

def test_181_genie_attack_35_and_steals_stock_5() -> None:
    me, opp = run(181, opp=dict(wall=5, tower=50))
    assert (opp.wall, opp.tower) == (0, 20)
    assert effect_stock(me, 181) == (5, 5, 5)
    assert enemy_stock(opp) == (-5, -5, -5)


# --- 182 Efreet ------------------------------------------------------------------------

def test_182_efreet_enemy_stock_20_and_1_damage_per_resource_lost() -> None:
    """60 resources lost: an attack of 60 (C-DMG-1)."""
    _, opp = run(182, opp=dict(wall=10, tower=80))
    assert enemy_stock(opp) == (-20, -20, -20)
    assert (opp.wall, opp.tower) == (0, 30)


def test_182_efreet_damage_counts_only_what_was_really_lost() -> None:
    """The enemy had 5 bricks, 30 gems and 0 recruits: 5 + 20 + 0 = 25 lost."""
    _, opp = run(182, opp=dict(bricks=5, gems=30, recruits=0, wall=0, tower=80))
    assert (opp.bricks, opp.gems, opp.recruits) == (0, 10, 0)
    assert opp.tower == 55


# --- 192 Fortified castle --------------------------------------------------------------

def test_192_fortified_castle_tower_45_wall_25() -> None:
    me, _ = run(192, dict(tower=20, wall=10))
    assert (me.tower, me.wall) == (65, 35)


# --- 197 Daemon ------------------------------------------------------------------------

def test_197_daemon_attack_20_enemy_quarry_minus_1() -> None:
    _, opp = run(197, opp=dict(wall=30, tower=50, quarry=4))
    assert (opp.wall, opp.tower, opp.quarry) == (10, 50, 3)


def test_197_daemon_charge_10_when_wall_falls() -> None:
    """C-KW-28: the wall is 0 after the attack, so the tower loses 10 more."""
    _, opp = run(197, opp=dict(wall=5, tower=50))
    assert (opp.wall, opp.tower) == (0, 50 - 15 - 10)


# --- 198 Demolition troop --------------------------------------------------------------

def test_198_demolition_troop_wall_reduced_to_0_costs_enemy_facilities() -> None:
    _, opp = run(198, opp=dict(wall=60, tower=50))
    assert (opp.wall, opp.tower) == (0, 50)
    assert facilities(opp) == (2, 2, 2)


def test_198_demolition_troop_wall_left_standing_spares_facilities() -> None:
    _, opp = run(198, opp=dict(wall=61))
    assert opp.wall == 1
    assert facilities(opp) == (3, 3, 3)


# --- 199 Duplication -------------------------------------------------------------------

def test_199_duplication_stock_doubled() -> None:
    """Doubles the stock left after the cost (35 gems); Swift keeps production."""
    me, _ = run(199, dict(bricks=10, gems=40, recruits=0))
    assert (me.bricks, me.gems, me.recruits) == (20 + 3, 10 + 3, 0 + 3)


# --- 205 Danai present -----------------------------------------------------------------

def test_205_danai_present_enemy_stock_plus_10() -> None:
    _, opp = run(205)
    assert enemy_stock(opp) == (10, 10, 10)


def test_205_danai_present_enemy_hand_becomes_non_rare_zero_cost_cards() -> None:
    """A list draw per slot (C-DRAW-4, anti-flood); each slot gets the NEW flag."""
    seen: set[int] = set()
    presents = set(ids_where(0, (COMMON, UNCOMMON), "zero cost"))
    for seed in SEEDS:
        _, opp = run(205, opp=dict(hand=[4] * 8), seed=seed)
        assert all(c in presents for c in opp.hand)
        assert all(opp.new)
        seen.update(opp.hand)
    assert len(seen) > 10
    assert all(CARDS[c].cost_total == 0 and CARDS[c].rarity != RARE for c in presents)


# --- 209 Overlord ----------------------------------------------------------------------

def test_209_overlord_wall_70_for_quarry_and_dungeon() -> None:
    me, _ = run(209, dict(wall=20, quarry=3, dungeons=1))
    assert me.wall == 90
    assert facilities(me) == (2, 3, 1)  # C-LIM-1: dungeons stay at 1


# --- 218 Mana burn ---------------------------------------------------------------------

def test_218_mana_burn_enemy_gems_become_attack() -> None:
    _, opp = run(218, opp=dict(gems=44, wall=14, tower=50))
    assert (opp.wall, opp.tower) == (0, 20)
    assert opp.gems == 0


# --- 221 Implosion ---------------------------------------------------------------------

def test_221_implosion_lowers_enemy_tower_and_wall_by_quarry_7_plus_bricks() -> None:
    """7 x 2 + 10 = 24 on each, directly (C-DMG-2)."""
    _, opp = run(221, opp=dict(quarry=2, bricks=10, tower=50, wall=30))
    assert (opp.tower, opp.wall) == (26, 6)


# --- 222 Water elemental ---------------------------------------------------------------

STOCKS = dict(bricks=20, gems=30, recruits=20)  # 20 + 11 + 20 = 51 after the cost


def test_222_water_elemental_more_facilities_razes_wall_then_attacks() -> None:
    """51 - 30 = 21 on an enemy whose wall was set to 0."""
    _, opp = run(222, dict(quarry=6, **STOCKS),
                 dict(bricks=10, gems=10, recruits=10, wall=50, tower=60))
    assert (opp.wall, opp.tower) == (0, 39)


def test_222_water_elemental_not_more_facilities_attack_only() -> None:
    _, opp = run(222, dict(**STOCKS), dict(bricks=10, gems=10, recruits=10, wall=50, tower=60))
    assert (opp.wall, opp.tower) == (29, 60)


def test_222_water_elemental_poorer_than_enemy_no_attack() -> None:
    _, opp = run(222, dict(**STOCKS), dict(wall=50, tower=60))
    assert (opp.wall, opp.tower) == (50, 60)


# --- 223 Phoenix -----------------------------------------------------------------------

def test_223_phoenix_attack_10_per_burning_card_in_game_alone() -> None:
    """Only Phoenix itself is Burning (C-FX-7, C-FX-8): an attack of 10."""
    for seed in SEEDS:
        _, opp = run(223, opp=dict(wall=0, tower=80), seed=seed)
        assert opp.tower == 70


def test_223_phoenix_counts_burning_cards_in_both_hands() -> None:
    """4 Burning cards in the game: an attack of 40, and Rebirth keeps Phoenix with
    16 gems (C-KW-24)."""
    for seed in SEEDS:
        me, opp = run(223, dict(hand=[223, 182, *[GOBLIN] * 6]),
                      dict(hand=[SEARING_FIRE, SEARING_FIRE, *[GOBLIN] * 6], wall=0,
                           tower=80), seed=seed)
        assert opp.tower == 40
        assert me.hand[0] == 223
        assert effect_stock(me, 223)[1] == 16
