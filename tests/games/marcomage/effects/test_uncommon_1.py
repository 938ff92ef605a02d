"""Effects of the Uncommon cards in effects/uncommon_1.py, through the whole turn pipeline.

The acting player is player 1 (`me`); production (+Quarry/Magic/Dungeons, C-PROD-1) is
added after the play and the played slot (slot 1) is refilled, so stock is asserted as
the part the effect changed (`effect_stock`), and the refill only where the card names it.
Hands hold Goblins (no keywords) and token counters are unset unless a test says otherwise,
so keywords of the played card stay quiet except where a test looks at them.
"""

from __future__ import annotations

from typing import Any

from marcomage.games.marcomage.cards import CARDS, COMMON, DRAGON_EGG, KW, RARE, UNCOMMON
from marcomage.games.marcomage.context import ids_where
from marcomage.games.marcomage.state import Game, Player

from ..builders import DECK, GOBLIN, duel, play

RICH = 50
"""Start stock of both players in these tests, so (nearly) every cost is affordable."""
SEEDS = range(1, 31)


def game_after(card: int, me: dict[str, Any] | None = None,
               opp: dict[str, Any] | None = None, *, mode: int = 0,
               seed: int = 1) -> Game:
    """Play `card` from slot 1 with both players holding RICH of each resource."""
    rich = dict(bricks=RICH, gems=RICH, recruits=RICH)
    game = duel(me={**rich, **(me or {})}, opp={**rich, **(opp or {})}, seed=seed)
    return play(game, card, mode=mode)


def run(card: int, me: dict[str, Any] | None = None, opp: dict[str, Any] | None = None,
        *, mode: int = 0, seed: int = 1) -> tuple[Player, Player]:
    game = game_after(card, me, opp, mode=mode, seed=seed)
    return game.players[0], game.players[1]


def effect_stock(me: Player, card: int, *, start: int = RICH,
                 factors: tuple[int, int, int] = (1, 1, 1)) -> tuple[int, int, int]:
    """What the effect did to my stock: final - start + cost - production."""
    c = CARDS[card]
    fb, fg, fr = factors
    return (
        me.bricks - start + c.bricks - fb * me.quarry,
        me.gems - start + c.gems - fg * me.magic,
        me.recruits - start + c.recruits - fr * me.dungeons,
    )


def enemy_stock(opp: Player) -> tuple[int, int, int]:
    return (opp.bricks - RICH, opp.gems - RICH, opp.recruits - RICH)


def refills(card: int, me: dict[str, Any] | None = None) -> list[int]:
    """The card put into the played slot, for each seed of SEEDS."""
    return [run(card, me, seed=s)[0].hand[0] for s in SEEDS]


def facilities(p: Player) -> tuple[int, int, int]:
    return (p.quarry, p.magic, p.dungeons)


def hit(card: int, wall: int, tower: int = 30, **me: Any) -> tuple[int, int]:
    """The enemy's (wall, tower) after `card` is played against them."""
    _, opp = run(card, me, dict(wall=wall, tower=tower))
    return opp.wall, opp.tower


def with_hand(*cards: int) -> list[int]:
    """A hand starting with these cards, filled up with Goblins."""
    return [*cards, *[GOBLIN] * (8 - len(cards))]


# --- 3 Lightning strike ---------------------------------------------------------------

def test_3_lightning_strike_enemy_quarry_minus_1() -> None:
    _, opp = run(3, opp=dict(quarry=4))
    assert facilities(opp) == (3, 3, 3)


def test_3_lightning_strike_quarry_stays_at_least_1() -> None:
    """C-LIM-1: facilities never drop below 1."""
    _, opp = run(3, opp=dict(quarry=1))
    assert opp.quarry == 1


# --- 5 Curse --------------------------------------------------------------------------

def test_5_curse_facilities_up_enemy_facilities_down() -> None:
    me, opp = run(5)
    assert facilities(me) == (4, 4, 4)
    assert facilities(opp) == (2, 2, 2)


# --- 8 Soulstealer --------------------------------------------------------------------

def test_8_soulstealer_steals_7_gems() -> None:
    me, opp = run(8)
    assert effect_stock(me, 8) == (0, 7, 0)
    assert enemy_stock(opp) == (0, -7, 0)


# --- 10 Iron golem --------------------------------------------------------------------

def test_10_iron_golem_attack_21() -> None:
    assert hit(10, wall=25) == (4, 30)
    assert hit(10, wall=5) == (0, 14)


# --- 11 Meditation --------------------------------------------------------------------

def test_11_meditation_after_a_mage_gets_33_gems() -> None:
    me, _ = run(11, dict(history=[(136, 0, True)]))  # Elf enchantress: a Mage
    assert effect_stock(me, 11) == (0, 33, 0)


def test_11_meditation_otherwise_25_gems() -> None:
    me, _ = run(11, dict(history=[(GOBLIN, 0, True)]))
    assert effect_stock(me, 11) == (0, 25, 0)


def test_11_meditation_last_played_survives_a_discard() -> None:
    """C-HIST-4 (manual): the last card *played* was a Mage, though a discard followed."""
    me, _ = run(11, dict(history=[(GOBLIN, 0, False)], last_played=136))
    assert effect_stock(me, 11) == (0, 33, 0)


# --- 12 Blacksmith --------------------------------------------------------------------

def test_12_blacksmith_dungeon_plus_1() -> None:
    me, _ = run(12)
    assert facilities(me) == (3, 3, 4)


# --- 14 Immolation --------------------------------------------------------------------

def test_14_immolation_enemy_magic_minus_1() -> None:
    _, opp = run(14, opp=dict(magic=5))
    assert facilities(opp) == (3, 4, 3)


# --- 15 Plague ------------------------------------------------------------------------

def test_15_plague_everyone_loses_a_facility_of_each() -> None:
    me, opp = run(15, dict(quarry=2, magic=4, dungeons=1))
    assert facilities(me) == (1, 3, 1)
    assert facilities(opp) == (2, 2, 2)


# --- 19 Fortification -----------------------------------------------------------------

def test_19_fortification_wall_plus_25() -> None:
    me, _ = run(19, dict(wall=10))
    assert me.wall == 35


# --- 22 Master bricklayer -------------------------------------------------------------

def test_22_master_bricklayer_quarry_plus_1() -> None:
    me, _ = run(22)
    assert facilities(me) == (4, 3, 3)


# --- 25 Griffin -----------------------------------------------------------------------

def test_25_griffin_attack_14() -> None:
    assert hit(25, wall=10) == (0, 26)


# --- 27 Fairy -------------------------------------------------------------------------

def test_27_fairy_stock_plus_holy_cards_in_hand() -> None:
    """C-FX-8: the Fairy itself is Holy and counts; two more Holy cards make 3."""
    game = game_after(27, dict(hand=with_hand(27, 85, GOBLIN, 137)))
    me = game.players[0]
    assert effect_stock(me, 27) == (3, 3, 3)
    assert game.current == 0  # Swift: another turn (C-KW-21)


def test_27_fairy_alone_gives_1() -> None:
    me, _ = run(27)
    assert effect_stock(me, 27) == (1, 1, 1)


# --- 28 Vampire -----------------------------------------------------------------------

def test_28_vampire_attack_29_costs_gems_and_magic() -> None:
    me, opp = run(28, opp=dict(wall=20, tower=40))
    assert (opp.wall, opp.tower) == (0, 31)
    assert me.magic == 2
    assert effect_stock(me, 28) == (0, -7, 0)


# --- 29 Bloody moon -------------------------------------------------------------------

def test_29_bloody_moon_enemy_dungeon_minus_1() -> None:
    _, opp = run(29)
    assert facilities(opp) == (3, 3, 2)


# --- 31 Fallen angel ------------------------------------------------------------------

def test_31_fallen_angel_n_is_enemy_holy_cards() -> None:
    _, opp = run(31, opp=dict(wall=0, tower=50, hand=with_hand(85, 139)))
    assert opp.tower == 50 - 24
    assert enemy_stock(opp) == (-2, -2, -2)


def test_31_fallen_angel_n_is_capped_at_4() -> None:
    holy = [85, 139, 137, 90, 170, 175]
    _, opp = run(31, opp=dict(wall=0, tower=50, hand=with_hand(*holy)))
    assert opp.tower == 50 - 26
    assert enemy_stock(opp) == (-4, -4, -4)


def test_31_fallen_angel_no_holy_attack_22() -> None:
    _, opp = run(31, opp=dict(wall=0, tower=50))
    assert opp.tower == 28
    assert enemy_stock(opp) == (0, 0, 0)


# --- 33 Beast farm --------------------------------------------------------------------

def test_33_beast_farm_wall_and_next_rare_beast() -> None:
    """C-DRAW-8: from the whole database, filtered to rare Beast cards."""
    me, _ = run(33, dict(wall=5))
    assert me.wall == 10
    assert set(refills(33)) <= set(ids_where(KW.BEAST, (RARE,)))


# --- 34 Book of magic -----------------------------------------------------------------

def test_34_book_of_magic_magic_plus_1() -> None:
    me, _ = run(34)
    assert facilities(me) == (3, 4, 3)


# --- 35 Magical tower -----------------------------------------------------------------

def test_35_magical_tower_matching_card_costs_gems() -> None:
    """C-FX-4: the matching card is the enemy's card in the played slot (slot 1)."""
    me, _ = run(35, opp=dict(hand=with_hand(37)))  # Mystic strike costs 6 gems
    assert me.tower == 45
    assert effect_stock(me, 35) == (0, 10, 0)


def test_35_magical_tower_matching_card_without_gem_cost() -> None:
    me, _ = run(35, opp=dict(hand=with_hand(GOBLIN, 37)))
    assert me.tower == 45
    assert effect_stock(me, 35) == (0, 0, 0)


# --- 36 Light cavalry -----------------------------------------------------------------

def test_36_light_cavalry_attack_16() -> None:
    assert hit(36, wall=20) == (4, 30)


def test_36_light_cavalry_breaks_the_wall_then_charge() -> None:
    """C-KW-28: the wall is 0 after the attack, so Charge (9) hits the tower."""
    assert hit(36, wall=10) == (0, 30 - 6 - 9)


# --- 37 Mystic strike -----------------------------------------------------------------

def test_37_mystic_strike_enemy_gems_minus_12() -> None:
    _, opp = run(37)
    assert enemy_stock(opp) == (0, -12, 0)


# --- 38 Thievery ----------------------------------------------------------------------

def test_38_thievery_n_is_brigands_plus_4() -> None:
    me, opp = run(38, dict(hand=with_hand(38, 26, 260)))
    assert effect_stock(me, 38) == (6, 6, 6)
    assert enemy_stock(opp) == (-6, -6, -6)


def test_38_thievery_without_brigands_n_is_4() -> None:
    me, opp = run(38)
    assert effect_stock(me, 38) == (4, 4, 4)
    assert enemy_stock(opp) == (-4, -4, -4)


# --- 40 Sorrow ------------------------------------------------------------------------

def test_40_sorrow_enemy_recruits_minus_20() -> None:
    _, opp = run(40)
    assert enemy_stock(opp) == (0, 0, -20)


# --- 43 Sacrifice ---------------------------------------------------------------------

def test_43_sacrifice_magic_for_25_gems() -> None:
    me, _ = run(43, dict(magic=4))
    assert me.magic == 3
    assert effect_stock(me, 43) == (0, 25, 0)


# --- 47 Great wall --------------------------------------------------------------------

def test_47_great_wall_wall_plus_35() -> None:
    me, _ = run(47, dict(wall=0))
    assert me.wall == 35


# --- 49 Conjure bricks ----------------------------------------------------------------

def test_49_conjure_bricks_after_a_mage_15() -> None:
    me, _ = run(49, dict(history=[(136, 0, True)]))
    assert effect_stock(me, 49) == (15, 0, 0)


def test_49_conjure_bricks_otherwise_10() -> None:
    me, _ = run(49, dict(history=[(37, 0, True)]))
    assert effect_stock(me, 49) == (10, 0, 0)


# --- 50 Magical steel -----------------------------------------------------------------

def test_50_magical_steel_after_a_mage_15() -> None:
    """C-HIST-4: a discard in between does not hide the last card played."""
    me, _ = run(50, dict(history=[(GOBLIN, 0, False)], last_played=136))
    assert effect_stock(me, 50) == (0, 0, 15)


def test_50_magical_steel_otherwise_10() -> None:
    me, _ = run(50)
    assert effect_stock(me, 50) == (0, 0, 10)


# --- 51 Samurai -----------------------------------------------------------------------

def test_51_samurai_discards_the_keyword_card_and_takes_its_cost_max_5() -> None:
    """Iron golem (16 bricks, 10 recruits, Unliving) is the only keyword card: it is
    discarded and refilled from the enemy deck (C-FX-6); the gain is capped per resource."""
    game = game_after(51, opp=dict(hand=with_hand(GOBLIN, GOBLIN, GOBLIN, 10)))
    me, opp = game.players
    assert effect_stock(me, 51) == (5, 0, 5)
    assert me.discarded_opp == [10]
    assert opp.new[3] and opp.hand[:3] == [GOBLIN] * 3 and opp.hand[4:] == [GOBLIN] * 4


def test_51_samurai_small_cost_is_gained_in_full() -> None:
    me, _ = run(51, opp=dict(hand=with_hand(GOBLIN, 139)))  # Avenger: 5 gems, 2 recruits
    assert effect_stock(me, 51) == (0, 5, 2)


def test_51_samurai_without_keyword_cards_does_nothing() -> None:
    me, opp = run(51)
    assert effect_stock(me, 51) == (0, 0, 0)
    assert opp.hand == [GOBLIN] * 8 and not any(opp.new)


def test_51_samurai_target_is_random_among_keyword_cards() -> None:
    hand = with_hand(GOBLIN, 10, GOBLIN, 36, GOBLIN, 85)
    hits = set()
    for seed in SEEDS:
        me = run(51, opp=dict(hand=hand), seed=seed)[0]
        assert len(me.discarded_opp) == 1
        hits.add(me.discarded_opp[0])
    assert hits == {10, 36, 85}


# --- 52 Pirates -----------------------------------------------------------------------

def test_52_pirates_attack_12_and_enemy_stock() -> None:
    _, opp = run(52, opp=dict(wall=5, tower=30))
    assert (opp.wall, opp.tower) == (0, 23)
    assert enemy_stock(opp) == (-3, -3, -3)


# --- 53 Sorceress ---------------------------------------------------------------------

def test_53_sorceress_attack_6_plus_magic() -> None:
    assert hit(53, wall=0, magic=5) == (0, 30 - 11)


# --- 56 Fortress ----------------------------------------------------------------------

def test_56_fortress_tower_plus_12() -> None:
    me, _ = run(56)
    assert me.tower == 42


# --- 58 Academy of Destruction --------------------------------------------------------

def test_58_academy_of_destruction_tower_stock_next_card() -> None:
    me, _ = run(58)
    assert me.tower == 36
    assert effect_stock(me, 58) == (2, 2, 2)
    assert set(refills(58)) <= set(ids_where(KW.DESTRUCTION, (UNCOMMON, RARE)))


# --- 59 Flame spitter -----------------------------------------------------------------

def test_59_flame_spitter_enemy_tower_minus_9() -> None:
    """C-DMG-2: direct tower damage, the wall is untouched."""
    assert hit(59, wall=25) == (25, 21)


# --- 62 Catapult ----------------------------------------------------------------------

def test_62_catapult_enemy_tower_minus_15() -> None:
    assert hit(62, wall=25) == (25, 15)


# --- 65 Academy of Illusion -----------------------------------------------------------

def test_65_academy_of_illusion_tower_stock_next_card() -> None:
    me, _ = run(65)
    assert me.tower == 37
    assert effect_stock(me, 65) == (2, 2, 2)
    cards = refills(65)
    assert set(cards) <= set(ids_where(KW.ILLUSION, (UNCOMMON, RARE)))
    assert {CARDS[c].rarity for c in cards} == {UNCOMMON, RARE}


# --- 68 Gladiator ---------------------------------------------------------------------

def test_68_gladiator_attack_recruits_next_barbarian() -> None:
    me, opp = run(68, opp=dict(wall=1, tower=30))
    assert (opp.wall, opp.tower) == (0, 28)
    assert effect_stock(me, 68) == (0, 0, 2)
    assert set(refills(68)) <= set(ids_where(KW.BARBARIAN, (UNCOMMON, RARE)))


# --- 72 Tower guards ------------------------------------------------------------------

def test_72_tower_guards_tower_plus_10() -> None:
    me, _ = run(72)
    assert me.tower == 40


# --- 73 Giant spider ------------------------------------------------------------------

def test_73_giant_spider_attack_10_and_enemy_bricks() -> None:
    _, opp = run(73, opp=dict(wall=4, tower=30))
    assert (opp.wall, opp.tower) == (0, 24)
    assert enemy_stock(opp) == (-5, 0, 0)


# --- 76 Ninja -------------------------------------------------------------------------

def test_76_ninja_replaces_the_selected_card_with_ninja() -> None:
    """C-FX-5: mode 3 selects slot 3; it becomes Ninja with the NEW flag, no draw."""
    game = game_after(76, dict(hand=with_hand(GOBLIN, GOBLIN, 37)), mode=3)
    me, opp = game.players
    assert me.hand[2] == 76 and me.new[2]
    assert me.discarded_own == [37]
    assert opp.tower == 27 and opp.wall == 25
    lost = effect_stock(me, 76)
    assert sorted(lost) == [-1, 0, 0]


def test_76_ninja_selecting_its_own_slot_keeps_it() -> None:
    me, _ = run(76, mode=1)
    assert me.hand[0] == 76 and me.new[0]
    assert me.hand[1:] == [GOBLIN] * 7 and me.discarded_own == []


def test_76_ninja_random_resource_over_seeds() -> None:
    lost = {effect_stock(run(76, mode=2, seed=s)[0], 76) for s in SEEDS}
    assert lost == {(-1, 0, 0), (0, -1, 0), (0, 0, -1)}


# --- 83 Valkyrie ----------------------------------------------------------------------

def test_83_valkyrie_attack_15_dungeons_for_both() -> None:
    me, opp = run(83, opp=dict(wall=20, tower=30))
    assert (opp.wall, opp.tower) == (5, 30)
    assert (me.dungeons, opp.dungeons) == (4, 4)


# --- 84 Cold arrow --------------------------------------------------------------------

def test_84_cold_arrow_attack_8_and_enemy_gems() -> None:
    _, opp = run(84, opp=dict(wall=3, tower=30))
    assert (opp.wall, opp.tower) == (0, 25)
    assert enemy_stock(opp) == (0, -8, 0)


# --- 85 Heavenly warrior --------------------------------------------------------------

def test_85_heavenly_warrior_attack_10_and_enemy_gems() -> None:
    _, opp = run(85, opp=dict(wall=3, tower=30))
    assert (opp.wall, opp.tower) == (0, 23)
    assert enemy_stock(opp) == (0, -8, 0)


# --- 87 Pyramids ----------------------------------------------------------------------

def test_87_pyramids_tower_plus_80() -> None:
    me, _ = run(87, dict(tower=10, bricks=80))
    assert me.tower == 90


# --- 88 Undead host -------------------------------------------------------------------

def test_88_undead_host_attack_40_plus_8_per_undead() -> None:
    """C-FX-8: the Undead host itself counts, with two more Undead: N = 3."""
    hand = with_hand(88, 112, 113)
    assert hit(88, wall=30, tower=80, hand=hand) == (0, 80 - (64 - 30))


def test_88_undead_host_alone_counts_itself() -> None:
    assert hit(88, wall=48, tower=80) == (0, 80)


# --- 89 Orc regiment ------------------------------------------------------------------

def test_89_orc_regiment_attack_100() -> None:
    assert hit(89, wall=90, tower=50, recruits=60) == (0, 40)


# --- 90 Paladin -----------------------------------------------------------------------

def test_90_paladin_attack_10_and_gems() -> None:
    me, opp = run(90, opp=dict(wall=4, tower=30))
    assert (opp.wall, opp.tower) == (0, 24)
    assert effect_stock(me, 90) == (0, 6, 0)


# --- 93 Clay golem --------------------------------------------------------------------

def test_93_clay_golem_mode_1_attack_25() -> None:
    me, opp = run(93, dict(wall=10), dict(wall=20, tower=30), mode=1)
    assert (me.wall, opp.wall, opp.tower) == (10, 0, 25)


def test_93_clay_golem_mode_2_wall_plus_32() -> None:
    me, opp = run(93, dict(wall=10), dict(wall=20, tower=30), mode=2)
    assert (me.wall, opp.wall, opp.tower) == (42, 20, 30)


def test_93_clay_golem_mode_3_enemy_wall_minus_35() -> None:
    """C-DMG-2: direct wall damage; the surplus does not reach the tower."""
    me, opp = run(93, dict(wall=10), dict(wall=20, tower=30), mode=3)
    assert (me.wall, opp.wall, opp.tower) == (10, 0, 30)


# --- 96 Pegasus -----------------------------------------------------------------------

def test_96_pegasus_attack_1_gems_3_quick() -> None:
    """C-KW-20: Quick gives another turn with no production."""
    game = game_after(96, opp=dict(wall=5, tower=30))
    me, opp = game.players
    assert (opp.wall, opp.tower) == (4, 30)
    assert effect_stock(me, 96, factors=(0, 0, 0)) == (0, 3, 0)
    assert game.current == 0


def test_96_pegasus_charge_when_the_wall_falls() -> None:
    assert hit(96, wall=1) == (0, 30 - CARDS[96].charge)


# --- 98 Murderer ----------------------------------------------------------------------

def test_98_murderer_attack_10_and_enemy_magic() -> None:
    _, opp = run(98, opp=dict(wall=0, tower=30))
    assert opp.tower == 20
    assert opp.magic == 2


# --- 102 Ceremonial guard -------------------------------------------------------------

def test_102_ceremonial_guard_attack_10_recruits_20() -> None:
    me, opp = run(102, opp=dict(wall=15, tower=30))
    assert (opp.wall, opp.tower) == (5, 30)
    assert effect_stock(me, 102) == (0, 0, 20)


# --- 103 Vampire countess -------------------------------------------------------------

def test_103_vampire_countess_stock_n_without_magic() -> None:
    me, _ = run(103, dict(hand=with_hand(103, 112, 113)))
    assert effect_stock(me, 103) == (3, 3, 3)
    assert me.magic == 3


def test_103_vampire_countess_more_than_6_undead_adds_magic() -> None:
    me, _ = run(103, dict(hand=[103, 112, 113, 114, 117, 28, 88, GOBLIN]))
    assert effect_stock(me, 103) == (7, 7, 7)
    assert me.magic == 4


def test_103_vampire_countess_exactly_6_no_magic() -> None:
    me, _ = run(103, dict(hand=[103, 112, 113, 114, 117, 28, GOBLIN, GOBLIN]))
    assert effect_stock(me, 103) == (6, 6, 6)
    assert me.magic == 3


# --- 104 Moat -------------------------------------------------------------------------

def test_104_moat_wall_plus_15_and_stays() -> None:
    """C-KW-19: Durable keeps the card in its slot, with the NEW flag."""
    me, _ = run(104, dict(wall=7))
    assert me.wall == 22
    assert me.hand[0] == 104 and me.new[0]


# --- 105 Restoration ------------------------------------------------------------------

def test_105_restoration_next_card_is_last_card_played() -> None:
    me, _ = run(105, dict(history=[(62, 0, True)]))
    assert me.hand[0] == 62 and me.new[0]


def test_105_restoration_skips_a_discard() -> None:
    """C-HIST-4 (manual): the last card *played*, not a later discard."""
    me, _ = run(105, dict(history=[(37, 0, False)], last_played=62))
    assert me.hand[0] == 62


def test_105_restoration_nothing_played_yet_keeps_the_slot() -> None:
    """C-SETUP-7, C-SLOT-1c: the Empty card 0 means no draw; the played card stays."""
    me, _ = run(105)
    assert me.hand[0] == 105 and me.new[0]


# --- 106 Troll ------------------------------------------------------------------------

def test_106_troll_attack_5_and_stays() -> None:
    me, opp = run(106, opp=dict(wall=20, tower=30))
    assert (opp.wall, opp.tower) == (15, 30)
    assert me.hand[0] == 106


def test_106_troll_enduring_when_played_again() -> None:
    """C-KW-27: the last card played was a Troll, so Enduring (9) adds an attack."""
    _, opp = run(106, dict(history=[(106, 0, True)]), dict(wall=20, tower=30))
    assert (opp.wall, opp.tower) == (6, 30)


# --- 107 Alchemy ----------------------------------------------------------------------

def test_107_alchemy_bricks_and_recruits_and_stays() -> None:
    me, _ = run(107)
    assert effect_stock(me, 107) == (2, 0, 2)
    assert me.hand[0] == 107


# --- 109 Mage -------------------------------------------------------------------------

def test_109_mage_attack_8_and_enemy_stock() -> None:
    game = game_after(109, opp=dict(wall=3, tower=30))
    opp = game.players[1]
    assert (opp.wall, opp.tower) == (0, 25)
    assert enemy_stock(opp) == (-3, -3, -3)
    assert game.current == 0  # Swift


# --- 116 Telekinesis ------------------------------------------------------------------

def test_116_telekinesis_tower_up_enemy_tower_down() -> None:
    me, opp = run(116, opp=dict(wall=10))
    assert (me.tower, opp.tower, opp.wall) == (35, 25, 10)


# --- 118 Gateway ----------------------------------------------------------------------

def test_118_gateway_facilities_plus_5() -> None:
    me, _ = run(118, dict(gems=75))
    assert facilities(me) == (8, 8, 8)


# --- 120 Stalker ----------------------------------------------------------------------

def test_120_stalker_attack_11_and_steals_gems() -> None:
    me, opp = run(120, opp=dict(wall=1, tower=30))
    assert (opp.wall, opp.tower) == (0, 20)
    assert effect_stock(me, 120) == (0, 5, 0)
    assert enemy_stock(opp) == (0, -5, 0)


# --- 123 Magic fountain ---------------------------------------------------------------

def test_123_magic_fountain_tower_and_double_production() -> None:
    """C-PROD-2: Production x2 doubles all three factors."""
    me, _ = run(123)
    assert me.tower == 37
    assert effect_stock(me, 123, factors=(2, 2, 2)) == (0, 0, 0)


# --- 130 Sea monster ------------------------------------------------------------------

def test_130_sea_monster_wall_broken_gives_recruits() -> None:
    me, opp = run(130, opp=dict(wall=10, tower=50))
    assert (opp.wall, opp.tower) == (0, 30)
    assert effect_stock(me, 130) == (0, 0, 20)


def test_130_sea_monster_wall_standing_no_recruits() -> None:
    me, opp = run(130, opp=dict(wall=31, tower=50))
    assert (opp.wall, opp.tower) == (1, 50)
    assert effect_stock(me, 130) == (0, 0, 0)


# --- 131 Dragon egg -------------------------------------------------------------------

def test_131_dragon_egg_next_card_any_dragon() -> None:
    """C-DRAW-8: a Dragon of any rarity from the whole database."""
    cards = refills(131)
    assert set(cards) <= set(ids_where(KW.DRAGON))
    assert {CARDS[c].rarity for c in cards} > {RARE}


def test_131_dragon_egg_with_a_dragon_in_hand_rare_dragon() -> None:
    cards = refills(131, dict(hand=with_hand(131, 250)))
    assert set(cards) <= set(ids_where(KW.DRAGON, (RARE,)))


# --- 133 Banshee ----------------------------------------------------------------------

def test_133_banshee_attack_4n_plus_4() -> None:
    """C-FX-8: the Banshee itself is Undead; with one more N = 2, attack 12."""
    assert hit(133, wall=0, hand=with_hand(133, 112)) == (0, 18)


# --- 136 Elf enchantress --------------------------------------------------------------

def test_136_elf_enchantress_attack_9_double_production() -> None:
    me, opp = run(136, opp=dict(wall=0, tower=30))
    assert opp.tower == 21
    assert effect_stock(me, 136, factors=(2, 2, 2)) == (0, 0, 0)


# --- 137 Seraphim ---------------------------------------------------------------------

def test_137_seraphim_attack_10_and_tower() -> None:
    me, opp = run(137, opp=dict(wall=6, tower=30))
    assert (opp.wall, opp.tower) == (0, 26)
    assert me.tower == 40


# --- 142 Basilisk ---------------------------------------------------------------------

def test_142_basilisk_attack_walls_and_quarries() -> None:
    """The attack comes first, then the enemy wall is raised again."""
    me, opp = run(142, dict(wall=5), dict(wall=15, tower=30))
    assert (opp.wall, opp.tower) == (10, 25)
    assert me.wall == 15
    assert (me.quarry, opp.quarry) == (2, 2)


# --- 146 Ancient ruins ----------------------------------------------------------------

def test_146_ancient_ruins_bricks_gems_recruits() -> None:
    me, _ = run(146)
    assert effect_stock(me, 146) == (5, 2, 1)


# --- 150 Army of volunteers -----------------------------------------------------------

def test_150_army_of_volunteers_attack_12_stock_minus_5() -> None:
    me, opp = run(150, opp=dict(wall=0, tower=30))
    assert opp.tower == 18
    assert effect_stock(me, 150) == (-5, -5, -5)


# --- 154 Dwarven fortification --------------------------------------------------------

def test_154_dwarven_fortification_more_than_3_alliance() -> None:
    me, _ = run(154, dict(wall=10, hand=with_hand(154, 60, 71, 122)))
    assert me.wall == 60
    assert effect_stock(me, 154) == (8, 0, 0)


def test_154_dwarven_fortification_3_alliance_is_not_enough() -> None:
    me, _ = run(154, dict(wall=10, hand=with_hand(154, 60, 71)))
    assert me.wall == 50
    assert effect_stock(me, 154) == (0, 0, 0)


# --- 155 Citadel ----------------------------------------------------------------------

def test_155_citadel_tower_plus_25() -> None:
    me, _ = run(155)
    assert me.tower == 55


# --- 158 Flood ------------------------------------------------------------------------

def test_158_flood_enemy_bricks_minus_50() -> None:
    _, opp = run(158, opp=dict(bricks=70))
    assert (opp.bricks, opp.gems) == (20, RICH)
    _, opp = run(158, opp=dict(bricks=30))
    assert opp.bricks == 0  # C-LIM-1


# --- 159 Scepter of summoning ---------------------------------------------------------

def test_159_scepter_of_summoning_next_card_rare_from_my_deck() -> None:
    cards = refills(159)
    assert set(cards) <= set(DECK[RARE])
    assert len(set(cards)) > 3


# --- 162 Apprentice -------------------------------------------------------------------

def test_162_apprentice_magic_plus_1() -> None:
    me, _ = run(162)
    assert facilities(me) == (3, 4, 3)


# --- 163 Architect --------------------------------------------------------------------

def test_163_architect_quarry_plus_1() -> None:
    me, _ = run(163)
    assert facilities(me) == (4, 3, 3)


# --- 164 Legendary smith --------------------------------------------------------------

def test_164_legendary_smith_dungeon_plus_1() -> None:
    me, _ = run(164)
    assert facilities(me) == (3, 3, 4)


# --- 166 Royal dragoons ---------------------------------------------------------------

def test_166_royal_dragoons_attack_30_plus_10_per_charge_card() -> None:
    """C-FX-8: the Royal dragoons (Charge) count themselves; with Light cavalry N = 2."""
    assert hit(166, wall=60, tower=50, hand=with_hand(166, 36)) == (10, 50)


def test_166_royal_dragoons_alone_then_charge() -> None:
    """N = 1: attack 40 breaks a wall of 30; Charge (15) then hits the tower."""
    assert hit(166, wall=30, tower=50) == (0, 50 - 10 - 15)


# --- 168 Mirror strike ----------------------------------------------------------------

def test_168_mirror_strike_next_card_is_opponents_last_card() -> None:
    me, _ = run(168, opp=dict(history=[(62, 0, True)]))
    assert me.hand[0] == 62 and me.new[0]


def test_168_mirror_strike_opponents_last_card_may_be_a_discard() -> None:
    """C-HIST-3: "last card" is the most recent action, played or discarded."""
    me, _ = run(168, opp=dict(history=[(62, 0, True), (19, 0, False)]))
    assert me.hand[0] == 19


# --- 170 Gift from the heavens --------------------------------------------------------

def test_170_gift_from_the_heavens_stock_for_both() -> None:
    me, opp = run(170)
    assert effect_stock(me, 170) == (15, 15, 15)
    assert enemy_stock(opp) == (20, 20, 20)


# --- 172 Knight of time ---------------------------------------------------------------

def test_172_knight_of_time_attack_14_swift() -> None:
    game = game_after(172, opp=dict(wall=4, tower=30))
    assert (game.players[1].wall, game.players[1].tower) == (0, 20)
    assert game.current == 0


# --- 174 Time warp --------------------------------------------------------------------

def test_174_time_warp_double_production_and_swift() -> None:
    game = game_after(174)
    assert effect_stock(game.players[0], 174, factors=(2, 2, 2)) == (0, 0, 0)
    assert game.current == 0


# --- 175 Cathedral --------------------------------------------------------------------

def test_175_cathedral_tower_and_stock() -> None:
    me, _ = run(175)
    assert me.tower == 43
    assert effect_stock(me, 175) == (7, 7, 7)


# --- 180 Mercenaries ------------------------------------------------------------------

def test_180_mercenaries_attack_15_recruits_minus_4() -> None:
    me, opp = run(180, opp=dict(wall=20, tower=30))
    assert (opp.wall, opp.tower) == (5, 30)
    assert effect_stock(me, 180) == (0, 0, -4)


# --- 184 Lost city --------------------------------------------------------------------

def test_184_lost_city_tower_stock_and_named_next_card() -> None:
    me, _ = run(184)
    assert me.tower == 35
    assert effect_stock(me, 184) == (4, 4, 4)
    names = {CARDS[c].name for c in refills(184)}
    assert names == {"Genie", "Efreet", "Scepter of summoning"}


# --- 186 Ent --------------------------------------------------------------------------

def test_186_ent_enemy_wall_minus_40() -> None:
    assert hit(186, wall=50) == (10, 30)
    assert hit(186, wall=30) == (0, 30)  # C-DMG-2: no surplus on the tower


# --- 189 Foundry ----------------------------------------------------------------------

def test_189_foundry_tower_and_triple_recruits_production() -> None:
    me, _ = run(189)
    assert me.tower == 35
    assert effect_stock(me, 189, factors=(1, 1, 3)) == (0, 0, 0)


# --- 190 Elf commando -----------------------------------------------------------------

def test_190_elf_commando_attack_11_double_gems_production() -> None:
    me, opp = run(190, opp=dict(wall=1, tower=30))
    assert (opp.wall, opp.tower) == (0, 20)
    assert effect_stock(me, 190, factors=(1, 2, 1)) == (0, 0, 0)


# --- 191 Ivory tower ------------------------------------------------------------------

def test_191_ivory_tower_tower_plus_20() -> None:
    me, _ = run(191)
    assert me.tower == 50


# --- 193 Royal pikemen ----------------------------------------------------------------

def test_193_royal_pikemen_attack_16() -> None:
    assert hit(193, wall=10) == (0, 24)


# --- 195 Fairy dragon -----------------------------------------------------------------

def test_195_fairy_dragon_takes_the_enemy_dragons_to_matching_slots() -> None:
    """Dragons in enemy slots 3 and 5 move to my slots 3 and 5 (my old cards are discarded
    by effect, C-DISC-2); the enemy slots are refilled NR and different (C-DRAW-11)."""
    game = game_after(195, dict(hand=with_hand(195, GOBLIN, 37, GOBLIN, 62)),
                      dict(hand=with_hand(GOBLIN, GOBLIN, 6, GOBLIN, 250)))
    me, opp = game.players
    assert (me.hand[2], me.hand[4]) == (6, 250)
    assert me.new[2] and me.new[4]
    assert me.discarded_own == [37, 62]
    assert me.discarded_opp == [6, 250]
    assert opp.new[2] and opp.new[4]
    assert CARDS[opp.hand[2]].rarity != RARE and CARDS[opp.hand[4]].rarity != RARE
    assert effect_stock(me, 195, factors=(0, 0, 0)) == (0, 0, 0)  # Quick: no production
    assert me.hand[0] == DRAGON_EGG  # C-KW-8: now 3 Dragons in hand, no egg yet
    assert game.current == 0


def test_195_fairy_dragon_no_dragons_gives_stock_6() -> None:
    me, opp = run(195)
    assert effect_stock(me, 195, factors=(0, 0, 0)) == (6, 6, 6)
    assert opp.hand == [GOBLIN] * 8


def test_195_fairy_dragon_dragon_in_the_matching_slot_takes_the_played_slot() -> None:
    me, opp = run(195, opp=dict(hand=with_hand(250)))
    assert me.hand[0] == 250
    assert opp.hand[0] != 250 and opp.new[0]


def test_195_fairy_dragon_enemy_refills_are_never_rare() -> None:
    """C-DRAW-11 (manual): no rare card after a Quick card, also for the enemy refills."""
    hand = [6, 61, 86, 92, 126, 127, 128, 167]
    for seed in SEEDS:
        _, opp = run(195, opp=dict(hand=hand), seed=seed)
        assert all(CARDS[c].rarity != RARE for c in opp.hand)
        assert all(c != old for c, old in zip(opp.hand, hand, strict=True))


# --- 196 Monastery --------------------------------------------------------------------

def test_196_monastery_tower_and_next_holy_card() -> None:
    me, _ = run(196)
    assert me.tower == 42
    cards = refills(196)
    assert all(CARDS[c].has(KW.HOLY) for c in cards)
    assert {CARDS[c].rarity for c in cards} > {COMMON}


# --- 200 Inspiration ------------------------------------------------------------------

def test_200_inspiration_both_towers_up() -> None:
    me, opp = run(200)
    assert (me.tower, opp.tower) == (50, 60)


# --- 201 Ballistae --------------------------------------------------------------------

def test_201_ballistae_with_a_soldier_hits_the_tower() -> None:
    me, opp = run(201, dict(wall=0, hand=with_hand(201, 36)))
    assert me.wall == 30
    assert (opp.wall, opp.tower) == (25, 19)


def test_201_ballistae_without_a_soldier_only_wall() -> None:
    me, opp = run(201, dict(wall=0))
    assert me.wall == 30
    assert opp.tower == 30


# --- 202 Roc --------------------------------------------------------------------------

def test_202_roc_attack_17_and_steals_bricks() -> None:
    me, opp = run(202, opp=dict(wall=7, tower=30))
    assert (opp.wall, opp.tower) == (0, 20)
    assert effect_stock(me, 202) == (5, 0, 0)
    assert enemy_stock(opp) == (-5, 0, 0)


# --- 203 Crypt ------------------------------------------------------------------------

def test_203_crypt_tower_and_next_non_common_undead() -> None:
    me, _ = run(203)
    assert me.tower == 36
    assert set(refills(203)) <= set(ids_where(KW.UNDEAD, (UNCOMMON, RARE)))


# --- 204 Invisible squad --------------------------------------------------------------

def test_204_invisible_squad_enemy_tower_minus_9() -> None:
    assert hit(204, wall=25) == (25, 21)


# --- 206 Difficult times --------------------------------------------------------------

def test_206_difficult_times_everyone_loses_8_stock() -> None:
    me, opp = run(206)
    assert effect_stock(me, 206) == (-8, -8, -8)
    assert enemy_stock(opp) == (-8, -8, -8)


# --- 207 Shapeshifter -----------------------------------------------------------------

def test_207_shapeshifter_big_gap_capped_and_drains_recruits() -> None:
    _, opp = run(207, opp=dict(wall=3, tower=40, recruits=40, gems=10))
    assert (opp.wall, opp.tower) == (0, 20)
    assert opp.recruits == 17


def test_207_shapeshifter_small_gap_attacks_only() -> None:
    _, opp = run(207, opp=dict(wall=3, tower=40, recruits=20, gems=10))
    assert (opp.wall, opp.tower) == (0, 33)
    assert opp.recruits == 20


def test_207_shapeshifter_no_gap_no_attack() -> None:
    _, opp = run(207, opp=dict(wall=3, tower=40, recruits=5, gems=10))
    assert (opp.wall, opp.tower, opp.recruits) == (3, 40, 5)


# --- 208 Overseer ---------------------------------------------------------------------

def test_208_overseer_wall_plus_30_quarry_minus_1() -> None:
    me, _ = run(208, dict(wall=5))
    assert me.wall == 35
    assert me.quarry == 2


# --- 210 Rescue and resistance --------------------------------------------------------

def test_210_rescue_and_resistance_enemy_lower_both_lose_10() -> None:
    me, opp = run(210, dict(tower=40), dict(tower=30))
    assert (me.tower, opp.tower) == (30, 20)


def test_210_rescue_and_resistance_otherwise_both_gain_10() -> None:
    me, opp = run(210, dict(tower=30), dict(tower=30))
    assert (me.tower, opp.tower) == (40, 40)


# --- 211 Hectic offensive -------------------------------------------------------------

def test_211_hectic_offensive_enemy_wall_much_higher_attack_25() -> None:
    _, opp = run(211, dict(wall=20), dict(wall=31, tower=30))
    assert (opp.wall, opp.tower) == (6, 30)


def test_211_hectic_offensive_otherwise_attack_15() -> None:
    _, opp = run(211, dict(wall=21), dict(wall=31, tower=30))
    assert (opp.wall, opp.tower) == (16, 30)


# --- 213 Kidnap -----------------------------------------------------------------------

def test_213_kidnap_takes_a_quarry() -> None:
    me, opp = run(213)
    assert (me.quarry, opp.quarry) == (4, 2)


# --- 214 Mind control -----------------------------------------------------------------

def test_214_mind_control_takes_a_magic() -> None:
    me, opp = run(214)
    assert (me.magic, opp.magic) == (4, 2)


# --- 215 Treacherous artifact ---------------------------------------------------------

def test_215_treacherous_artifact_takes_a_dungeon() -> None:
    me, opp = run(215)
    assert (me.dungeons, opp.dungeons) == (4, 2)


# --- 216 Salvation --------------------------------------------------------------------

def test_216_salvation_low_tower_plus_15() -> None:
    me, _ = run(216, dict(tower=14))
    assert me.tower == 29


def test_216_salvation_tower_15_plus_3() -> None:
    game = game_after(216, dict(tower=15))
    assert game.players[0].tower == 18
    assert game.current == 0  # Swift


# --- 217 Auxilia ----------------------------------------------------------------------

def test_217_auxilia_keeps_the_selected_card_discards_the_rest() -> None:
    """C-FX-5/C-FX-6: slot 3 is kept; slots 2, 4..8 are discarded and refilled from my
    deck; the played slot is refilled as usual."""
    hand = [217, 62, 37, 19, 8, 10, 12, 22]
    me, _ = run(217, dict(hand=hand, wall=4), mode=3)
    assert me.wall == 6
    assert me.hand[2] == 37 and not me.new[2]
    assert me.discarded_own == [62, 19, 8, 10, 12, 22]
    assert all(me.new[i] for i in (0, 1, 3, 4, 5, 6, 7))


def test_217_auxilia_selecting_its_own_slot_discards_all_others() -> None:
    me, _ = run(217, mode=1)
    assert me.discarded_own == [GOBLIN] * 7
    assert all(me.new)


# --- 219 Earth eater ------------------------------------------------------------------

def test_219_earth_eater_big_gap_drains_bricks() -> None:
    _, opp = run(219, opp=dict(wall=0, tower=40, bricks=30, recruits=10))
    assert opp.tower == 20
    assert opp.bricks == 10


def test_219_earth_eater_small_gap_attacks_only() -> None:
    _, opp = run(219, opp=dict(wall=0, tower=40, bricks=25, recruits=10))
    assert opp.tower == 25
    assert opp.bricks == 25


# --- 220 Enforcer ---------------------------------------------------------------------

def test_220_enforcer_big_gap_capped_and_drains_gems() -> None:
    _, opp = run(220, opp=dict(wall=0, tower=40, gems=60, bricks=10))
    assert opp.tower == 17
    assert opp.gems == 37


def test_220_enforcer_gap_of_15_attacks_only() -> None:
    _, opp = run(220, opp=dict(wall=0, tower=40, gems=25, bricks=10))
    assert opp.tower == 25
    assert opp.gems == 25


# --- 224 Tidal wave -------------------------------------------------------------------

def test_224_tidal_wave_lowest_wall_is_mine() -> None:
    me, opp = run(224, dict(wall=5), dict(wall=6))
    assert facilities(me) == (2, 3, 2)
    assert facilities(opp) == (3, 3, 3)


def test_224_tidal_wave_lowest_wall_is_the_enemy() -> None:
    me, opp = run(224, dict(wall=7), dict(wall=6))
    assert facilities(me) == (3, 3, 3)
    assert facilities(opp) == (2, 3, 2)


def test_224_tidal_wave_equal_walls_hit_both() -> None:
    me, opp = run(224, dict(wall=6), dict(wall=6))
    assert facilities(me) == (2, 3, 2)
    assert facilities(opp) == (2, 3, 2)


# --- 225 Cultists ---------------------------------------------------------------------

def test_225_cultists_fewer_dungeons_enemy_dungeons_minus_2() -> None:
    _, opp = run(225, dict(dungeons=2), dict(dungeons=5))
    assert opp.dungeons == 3
    assert enemy_stock(opp) == (0, 0, 0)


def test_225_cultists_otherwise_enemy_recruits_minus_13() -> None:
    _, opp = run(225, dict(dungeons=5), dict(dungeons=5))
    assert opp.dungeons == 5
    assert enemy_stock(opp) == (0, 0, -13)


# --- 226 Soul cleaver -----------------------------------------------------------------

def test_226_soul_cleaver_less_magic_enemy_magic_minus_2() -> None:
    _, opp = run(226, dict(magic=2), dict(magic=5))
    assert opp.magic == 3
    assert enemy_stock(opp) == (0, 0, 0)


def test_226_soul_cleaver_otherwise_enemy_gems_minus_13() -> None:
    _, opp = run(226, dict(magic=6), dict(magic=5))
    assert opp.magic == 5
    assert enemy_stock(opp) == (0, -13, 0)


# --- 227 Earth elemental --------------------------------------------------------------

def test_227_earth_elemental_smaller_quarry_enemy_quarry_minus_2() -> None:
    _, opp = run(227, dict(quarry=2), dict(quarry=3))
    assert opp.quarry == 1
    assert enemy_stock(opp) == (0, 0, 0)


def test_227_earth_elemental_otherwise_enemy_bricks_minus_14() -> None:
    _, opp = run(227, dict(quarry=3), dict(quarry=3))
    assert opp.quarry == 3
    assert enemy_stock(opp) == (-14, 0, 0)


# --- 228 Forgotten castle -------------------------------------------------------------

def test_228_forgotten_castle_tower_35_stock_10() -> None:
    me, _ = run(228, dict(tower=20))
    assert me.tower == 55
    assert effect_stock(me, 228) == (10, 10, 10)


# --- 230 Locust swarm -----------------------------------------------------------------

def test_230_locust_swarm_no_enemy_wall_attack_35() -> None:
    assert hit(230, wall=0, tower=50) == (0, 15)


def test_230_locust_swarm_enemy_wall_attack_11() -> None:
    assert hit(230, wall=1, tower=50) == (0, 40)


# --- 231 Blind guardian ---------------------------------------------------------------

def test_231_blind_guardian_tower_plus_13() -> None:
    me, _ = run(231)
    assert me.tower == 43
