"""Effects of the Uncommon cards in effects/uncommon_2.py, through the whole turn pipeline.

The acting player is player 1 (`me`); production (+Quarry/Magic/Dungeons, C-PROD-1) is
added after the play and the played slot (slot 1 unless said) is refilled, so stock is
asserted as the part the effect changed (`effect_stock`). Token keywords are unset in
these decks (C-KW), so only the card texts and the non-token keywords act.
"""

from __future__ import annotations

from typing import Any

from marcomage.games.marcomage.cards import CARDS, COMMON, DRAGON_EGG, KW, RARE, UNCOMMON
from marcomage.games.marcomage.state import Player

from ..builders import DECK, GOBLIN, duel, play

RICH = 50
"""Start stock of both players in these tests, so every cost is affordable."""
SEEDS = range(1, 31)

SWORDSMAN = 20  # Common Soldier
STONE_GOLEM = 41  # Common Unliving
BARBARIAN = 45  # Common Barbarian
THIEF = 26  # Common Brigand
SEARING_FIRE = 248  # Common Burning
SKELETONS = 113  # Common Undead
GHOUL = 112  # Common Undead
ZOMBIE = 114  # Common Undead
VAMPIRE = 28  # Uncommon Undead
WIZARD = 82  # Common Mage
SORCERESS = 53  # Uncommon Mage, Swift
DWARVEN_WARRIORS = 60  # Common Alliance
WEREBEAR = 259  # Common Beast
DRAGON_WHELP = 250  # Common Burning, Dragon
RED_DRAGON = 6  # Rare Dragon
FANATIC = 340
ZEALOT = 341
FALLEN_ANGEL = 31
AZURE_UNICORN = 352  # Uncommon Legend
TITANS_LEGS = 311
TROLL = 106
WIND = 247
AQUA = 504  # Common Aqua
QUICK_PLAYED = [(145, 0, True)]  # last action: Necromancy (Quick) played -> extra turn


def hand(*cards: int, fill: int = GOBLIN) -> list[int]:
    """An 8-slot hand: the given cards in slots 1.., the rest Goblins (no keywords)."""
    return [*cards, *[fill] * (8 - len(cards))]


def run(card: int, me: dict[str, Any] | None = None, opp: dict[str, Any] | None = None,
        *, mode: int = 0, seed: int = 1, slot: int = 1) -> tuple[Player, Player]:
    """Play `card` from `slot` with both players holding RICH of each resource."""
    rich = dict(bricks=RICH, gems=RICH, recruits=RICH)
    game = duel(me={**rich, **(me or {})}, opp={**rich, **(opp or {})}, seed=seed)
    play(game, card, mode=mode, slot=slot)
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


def flagged(p: Player) -> list[int]:
    """Slots 1..8 with the NEW CARD flag."""
    return [i + 1 for i, f in enumerate(p.new) if f]


def refills(card: int, me: dict[str, Any] | None = None, *, mode: int = 0) -> list[int]:
    """The card put into the played slot, for each seed of SEEDS."""
    return [run(card, me, mode=mode, seed=s)[0].hand[0] for s in SEEDS]


# --- 241 Blizzard ----------------------------------------------------------------------

def test_241_blizzard_enemy_stock_minus_20() -> None:
    _, opp = run(241)
    assert enemy_stock(opp) == (-20, -20, -20)


# --- 244 Assassins ---------------------------------------------------------------------

def test_244_assassins_enemy_tower_and_stock() -> None:
    """C-DMG-2: direct tower damage, the wall is untouched."""
    _, opp = run(244)
    assert (opp.tower, opp.wall) == (25, 25)
    assert enemy_stock(opp) == (-2, -2, -2)


# --- 245 Sabotage tunnel ---------------------------------------------------------------

def test_245_sabotage_tunnel_tower_bricks_recruits() -> None:
    _, opp = run(245)
    assert (opp.tower, opp.wall) == (10, 25)
    assert enemy_stock(opp) == (-10, 0, -10)


# --- 254 Lava spectre ------------------------------------------------------------------

def test_254_lava_spectre_four_burning_cards_lower_enemy_magic() -> None:
    """#Burning counts the played card (C-FX-8): 1 + 3 Searing fires = 4 > 3."""
    _, opp = run(254, dict(hand=hand(254, *[SEARING_FIRE] * 3)))
    assert (opp.wall, opp.tower) == (15, 30)
    assert opp.magic == 2


def test_254_lava_spectre_three_burning_cards_leave_magic() -> None:
    _, opp = run(254, dict(hand=hand(254, *[SEARING_FIRE] * 2)))
    assert opp.wall == 15
    assert opp.magic == 3


# --- 264 Second chance -----------------------------------------------------------------

def test_264_second_chance_discards_the_whole_hand() -> None:
    """C-FX-6, C-DISC-2: the 7 other slots are refilled from my deck with the NEW flag
    and go to my own discard pile; the played slot gets the eighth card by the refill."""
    old = [264, 400, 401, 402, 403, 404, 405, 406]
    for seed in SEEDS:
        me, _ = run(264, dict(hand=old), seed=seed)
        assert flagged(me) == list(range(1, 9))
        assert me.discarded_own == old[1:]
        assert all(c in DECK[CARDS[c].rarity] for c in me.hand)


# --- 266 Defense improvement -----------------------------------------------------------

def test_266_defense_improvement_mode_1_wall_20() -> None:
    me, _ = run(266, mode=1)
    assert (me.wall, me.tower) == (45, 30)


def test_266_defense_improvement_mode_2_tower_10() -> None:
    me, _ = run(266, mode=2)
    assert (me.wall, me.tower) == (25, 40)


# --- 267 University --------------------------------------------------------------------

def test_267_university_each_mode_raises_one_facility() -> None:
    assert facilities(run(267, mode=1)[0]) == (4, 3, 3)
    assert facilities(run(267, mode=2)[0]) == (3, 4, 3)
    assert facilities(run(267, mode=3)[0]) == (3, 3, 4)


# --- 268 Reserve forces ----------------------------------------------------------------

def test_268_reserve_forces_mode_1_attack_30() -> None:
    """C-DMG-1: wall 25 takes 25, the tower the other 5."""
    me, opp = run(268, mode=1)
    assert (opp.wall, opp.tower, me.wall) == (0, 25, 25)


def test_268_reserve_forces_mode_2_wall_33() -> None:
    me, opp = run(268, mode=2)
    assert (me.wall, opp.wall) == (58, 25)


# --- 270 Intrigue ----------------------------------------------------------------------

def test_270_intrigue_discards_the_selected_enemy_card() -> None:
    """C-FX-5: the mode is the enemy slot; C-FX-6 refill from the enemy's deck;
    C-DISC-2: the card goes to my pile of cards discarded from the enemy's hand."""
    target = 500  # not in builders.DECK
    _, opp = run(270, opp=dict(hand=hand(GOBLIN, GOBLIN, target)), mode=3)
    assert opp.hand[2] in DECK[COMMON] + DECK[UNCOMMON] + DECK[RARE]
    assert flagged(opp) == [3]
    me, _ = run(270, opp=dict(hand=hand(GOBLIN, GOBLIN, target)), mode=3)
    assert me.discarded_opp == [target]


# --- 276 Border fortress ---------------------------------------------------------------

def test_276_border_fortress_tower_25_wall_50() -> None:
    me, _ = run(276)
    assert (me.tower, me.wall) == (55, 75)


# --- 282 Luxury tax --------------------------------------------------------------------

def test_282_luxury_tax_each_player_loses_tower_percent() -> None:
    """N% of each resource, N = the player's own tower; 12.5 rounds to 13 (C-GEN-1)."""
    me, opp = run(282, dict(tower=25), dict(tower=40))
    assert effect_stock(me, 282) == (-13, -13, -13)
    assert enemy_stock(opp) == (-20, -20, -20)


# --- 284 Jealousy ----------------------------------------------------------------------

def test_284_jealousy_low_tower_high_enemy_tower_25() -> None:
    _, opp = run(284, dict(tower=49), dict(tower=61))
    assert opp.tower == 36


def test_284_jealousy_else_10() -> None:
    _, opp = run(284, dict(tower=50), dict(tower=61))
    assert opp.tower == 51
    _, opp = run(284, dict(tower=10), dict(tower=60))
    assert opp.tower == 50


# --- 286 Sabotage ----------------------------------------------------------------------

def test_286_sabotage_halves_enemy_tower_even() -> None:
    _, opp = run(286, opp=dict(tower=40))
    assert (opp.tower, opp.wall) == (20, 25)


def test_286_sabotage_odd_tower_loses_the_rounded_half() -> None:
    """C-GEN-1: 87 loses round(43.5) = 44 and keeps 43 (as the 2010 engine)."""
    _, opp = run(286, opp=dict(tower=87))
    assert opp.tower == 43


# --- 287 Revolt ------------------------------------------------------------------------

def test_287_revolt_stock_and_hand_of_plain_attack_cards() -> None:
    for seed in SEEDS:
        me, _ = run(287, seed=seed)
        assert effect_stock(me, 287) == (5, 5, 5)
        for c in map(CARDS.__getitem__, me.hand):
            assert c.rarity != RARE and c.kw == 0 and "Attack:" in c.text
            assert not any(k.lower() in c.text.lower() for k in ("Soldier", "Beast", "Undead"))
        assert flagged(me) == list(range(1, 9))


# --- 288 Cursed amulet -----------------------------------------------------------------

def test_288_cursed_amulet_gives_enemy_stock_and_an_amulet() -> None:
    """C-FX-5: the mode is the enemy slot; the replacement is named (no draw, NEW flag)."""
    _, opp = run(288, mode=4)
    assert enemy_stock(opp) == (10, 10, 10)
    assert opp.hand == hand(GOBLIN, GOBLIN, GOBLIN, 288)
    assert flagged(opp) == [4]


# --- 290 Warlord's keep ----------------------------------------------------------------

def test_290_warlords_keep_tower_15_wall_30() -> None:
    me, _ = run(290)
    assert (me.tower, me.wall) == (45, 55)


# --- 296 Hidden traps ------------------------------------------------------------------

def test_296_hidden_traps_wall_14() -> None:
    me, _ = run(296)
    assert me.wall == 39


# --- 304 Nightmare ---------------------------------------------------------------------

def test_304_nightmare_attack_20() -> None:
    _, opp = run(304)
    assert (opp.wall, opp.tower) == (5, 30)


def test_304_nightmare_attack_then_charge() -> None:
    """C-KW-28: the attack leaves the wall at 0, so Charge (10) hits the tower."""
    _, opp = run(304, opp=dict(wall=15))
    assert (opp.wall, opp.tower) == (0, 30 - 5 - 10)


# --- 305 Crusader ----------------------------------------------------------------------

def test_305_crusader_four_soldiers_lower_enemy_dungeons() -> None:
    """Crusader is a Soldier and counts itself (C-FX-8): 1 + 3 = 4 > 3."""
    _, opp = run(305, dict(hand=hand(305, *[SWORDSMAN] * 3)))
    assert (opp.wall, opp.dungeons) == (13, 2)


def test_305_crusader_three_soldiers_no_dungeon_loss() -> None:
    _, opp = run(305, dict(hand=hand(305, *[SWORDSMAN] * 2)))
    assert (opp.wall, opp.dungeons) == (13, 3)


# --- 306 Obsidian gargoyle -------------------------------------------------------------

def test_306_obsidian_gargoyle_five_unliving_lower_enemy_quarry() -> None:
    _, opp = run(306, dict(hand=hand(306, *[STONE_GOLEM] * 4)))
    assert (opp.wall, opp.quarry) == (12, 2)


def test_306_obsidian_gargoyle_four_unliving_no_quarry_loss() -> None:
    _, opp = run(306, dict(hand=hand(306, *[STONE_GOLEM] * 3)))
    assert (opp.wall, opp.quarry) == (12, 3)


# --- 307 Necromancy amplifier ----------------------------------------------------------

def test_307_necromancy_amplifier_upgrades_undead() -> None:
    """Commons become Uncommon Undead; one of the two Uncommons becomes a Rare Undead;
    the rare and the non-Undead cards stay."""
    start = hand(307, SKELETONS, ZOMBIE, VAMPIRE, 88, 144)
    for seed in SEEDS:
        me, _ = run(307, dict(hand=start), seed=seed)
        cards = [CARDS[c] for c in me.hand[1:6]]
        assert all(c.has(KW.UNDEAD) for c in cards)
        assert [c.rarity for c in cards[:2]] == [UNCOMMON, UNCOMMON]
        assert sorted(c.rarity for c in cards[2:4]) == [UNCOMMON, RARE]
        assert me.hand[5] == 144 and me.hand[6:] == [GOBLIN, GOBLIN]


# --- 308 Mud elemental -----------------------------------------------------------------

def test_308_mud_elemental_wall_9_per_unliving() -> None:
    me, _ = run(308, dict(hand=hand(308, STONE_GOLEM, STONE_GOLEM)))
    assert me.wall == 25 + 27


def test_308_mud_elemental_counts_at_most_5() -> None:
    me, _ = run(308, dict(hand=hand(308, *[STONE_GOLEM] * 7)))
    assert me.wall == 25 + 45


# --- 309 Rock elemental ----------------------------------------------------------------

def test_309_rock_elemental_tower_6_per_unliving() -> None:
    me, _ = run(309, dict(hand=hand(309, STONE_GOLEM)))
    assert me.tower == 30 + 12


def test_309_rock_elemental_counts_at_most_5() -> None:
    me, _ = run(309, dict(hand=hand(309, *[STONE_GOLEM] * 6)))
    assert me.tower == 30 + 30


# --- 310 Titan's head ------------------------------------------------------------------

def test_310_titans_head_five_unliving_magic() -> None:
    me, _ = run(310, dict(hand=hand(310, *[STONE_GOLEM] * 4)))
    assert (me.tower, me.magic) == (38, 4)


def test_310_titans_head_four_unliving_no_magic() -> None:
    me, _ = run(310, dict(hand=hand(310, *[STONE_GOLEM] * 3)))
    assert (me.tower, me.magic) == (38, 3)


# --- 311 Titan's legs ------------------------------------------------------------------

def test_311_titans_legs_tower_wall_stock() -> None:
    me, _ = run(311)
    assert (me.tower, me.wall) == (41, 41)
    assert effect_stock(me, 311) == (2, 2, 2)


# --- 312 Titan's heart -----------------------------------------------------------------

def test_312_titans_heart_five_unliving_quarry() -> None:
    me, _ = run(312, dict(hand=hand(312, *[STONE_GOLEM] * 4)))
    assert (me.tower, me.wall, me.quarry) == (36, 34, 4)


def test_312_titans_heart_four_unliving_no_quarry() -> None:
    me, _ = run(312, dict(hand=hand(312, *[STONE_GOLEM] * 3)))
    assert (me.tower, me.wall, me.quarry) == (36, 34, 3)


# --- 313 Tartarus gate -----------------------------------------------------------------

def test_313_tartarus_gate_next_card_is_a_non_common_titan() -> None:
    """C-DRAW-8: from the whole card database (the deck has no Titans)."""
    cards = refills(313)
    assert all(CARDS[c].has(KW.TITAN) and CARDS[c].rarity != COMMON for c in cards)
    assert len(set(cards)) > 1


# --- 316 Lich --------------------------------------------------------------------------

def test_316_lich_undead_of_the_discarded_cards_rarity() -> None:
    """The enemy card is discarded (C-DISC-2) and my selected slot gets an Undead card
    of its rarity."""
    for rarity, card in ((COMMON, GOBLIN), (RARE, RED_DRAGON)):
        me, opp = run(316, opp=dict(hand=[card] * 8), mode=3)
        assert me.discarded_opp == [card]
        assert len(flagged(opp)) == 1
        assert CARDS[me.hand[2]].has(KW.UNDEAD) and CARDS[me.hand[2]].rarity == rarity
        assert flagged(me) == [1, 3]


def test_316_lich_selecting_the_played_slot_sets_the_next_card() -> None:
    """C-FX-5: the played slot receives the Undead card instead of a deck draw."""
    for seed in SEEDS:
        me, _ = run(316, opp=dict(hand=[VAMPIRE] * 8), mode=1, seed=seed)
        assert CARDS[me.hand[0]].has(KW.UNDEAD) and CARDS[me.hand[0]].rarity == UNCOMMON
        assert me.hand[1:] == [GOBLIN] * 7


# --- 317 Heavy cavalry -----------------------------------------------------------------

def test_317_heavy_cavalry_attack_22() -> None:
    _, opp = run(317)
    assert (opp.wall, opp.tower) == (3, 30)


def test_317_heavy_cavalry_breaks_the_wall_then_charge() -> None:
    _, opp = run(317, opp=dict(wall=20, tower=50))
    assert (opp.wall, opp.tower) == (0, 50 - 2 - 18)


# --- 318 Fallen knight -----------------------------------------------------------------

def test_318_fallen_knight_attack_and_copy_into_selected_slot() -> None:
    me, opp = run(318, mode=5)
    assert (opp.wall, opp.tower) == (15, 30)
    assert me.hand[4] == 318 and 5 in flagged(me)
    assert me.discarded_own == [GOBLIN]


def test_318_fallen_knight_selecting_the_played_slot_keeps_it() -> None:
    """C-FX-5: the named card stays in the played slot, no draw."""
    me, _ = run(318, mode=1)
    assert me.hand == hand(318)


# --- 320 Last hope ---------------------------------------------------------------------

def test_320_last_hope_desperate_tower_and_wall_are_set() -> None:
    me, _ = run(320, dict(tower=9, wall=0))
    assert (me.tower, me.wall) == (25, 15)
    assert effect_stock(me, 320, factor=0) == (0, 0, 0)  # Quick: no production


def test_320_last_hope_else_stock_2() -> None:
    for values in (dict(tower=10, wall=0), dict(tower=5, wall=1)):
        me, _ = run(320, values)
        assert (me.tower, me.wall) == (values["tower"], values["wall"])
        assert effect_stock(me, 320, factor=0) == (2, 2, 2)


# --- 321 Unholy shrine -----------------------------------------------------------------

def test_321_unholy_shrine_discards_up_to_4_undead_except_selected() -> None:
    start = hand(321, SKELETONS, ZOMBIE, GHOUL, VAMPIRE, SKELETONS, ZOMBIE)
    for seed in SEEDS:
        me, _ = run(321, dict(hand=start), mode=2, seed=seed)
        assert me.wall == 25 + 40
        assert len(me.discarded_own) == 4 and me.hand[1] == SKELETONS
        assert 2 not in flagged(me) and len(flagged(me)) == 5


def test_321_unholy_shrine_fewer_undead() -> None:
    me, _ = run(321, dict(hand=hand(321, SKELETONS, ZOMBIE)), mode=8)
    assert me.wall == 25 + 20
    assert me.discarded_own == [SKELETONS, ZOMBIE]


# --- 322 Battle formations -------------------------------------------------------------

def test_322_battle_formations_two_soldiers() -> None:
    me, opp = run(322, dict(hand=hand(322, SWORDSMAN, SWORDSMAN)))
    assert (opp.wall, me.wall) == (25 - 16, 25)


def test_322_battle_formations_at_most_4_and_wall() -> None:
    me, opp = run(322, dict(hand=hand(322, *[SWORDSMAN] * 5)))
    assert (opp.wall, opp.tower, me.wall) == (0, 23, 40)


# --- 324 Wolf raiders ------------------------------------------------------------------

def test_324_wolf_raiders_mode_1_stock_per_beast_in_game() -> None:
    """C-FX-7: Beasts of both hands, the played card included."""
    me, _ = run(324, dict(hand=hand(324, WEREBEAR)), dict(hand=hand(WEREBEAR)), mode=1)
    assert effect_stock(me, 324) == (3, 3, 3)


def test_324_wolf_raiders_mode_2_attack_3_per_beast() -> None:
    _, opp = run(324, dict(hand=hand(324, WEREBEAR)), dict(hand=hand(WEREBEAR)), mode=2)
    assert opp.wall == 25 - 9


# --- 326 Guardian angel ----------------------------------------------------------------

def test_326_guardian_angel_soldiers_become_non_common_holy() -> None:
    for seed in SEEDS:
        me, _ = run(326, dict(hand=hand(326, SWORDSMAN, GOBLIN, SWORDSMAN)), seed=seed)
        for slot in (1, 3):
            c = CARDS[me.hand[slot]]
            assert c.has(KW.HOLY) and c.rarity != COMMON
        assert me.hand[2] == GOBLIN and me.discarded_own == [SWORDSMAN, SWORDSMAN]


def test_326_guardian_angel_no_soldier_no_change() -> None:
    me, _ = run(326)
    assert me.hand[1:] == [GOBLIN] * 7 and me.discarded_own == []


# --- 330 Emissary of the afterlife -----------------------------------------------------

def test_330_emissary_returns_recently_discarded_undead() -> None:
    """C-HIST-6: my own pile (113), my last action if a discard (112), and the enemy's
    pile of cards taken from my hand (114); the Goblin is not Undead."""
    mine = dict(discarded_own=[SKELETONS, GOBLIN], history=[(GHOUL, 0, False)])
    for seed in SEEDS:
        me, opp = run(330, mine, dict(discarded_opp=[ZOMBIE], wall=10, tower=60), seed=seed)
        assert sorted(me.hand[1:]) == sorted([GHOUL, SKELETONS, ZOMBIE, *[GOBLIN] * 4])
        assert (opp.wall, opp.tower) == (0, 60 - 20)


def test_330_emissary_nothing_recently_discarded() -> None:
    me, opp = run(330)
    assert me.hand[1:] == [GOBLIN] * 7 and opp.wall == 25


# --- 335 Flaming mirage ----------------------------------------------------------------

def test_335_flaming_mirage_copies_a_burning_last_card() -> None:
    """C-HIST-3: "last card" (here a discarded Searing fire); two copies replace random
    non-rare non-Burning cards."""
    for seed in SEEDS:
        me, opp = run(335, dict(hand=hand(335, RED_DRAGON), history=[(SEARING_FIRE, 0, False)]),
                      seed=seed)
        assert (opp.wall, opp.tower) == (4, 30)
        assert me.hand[1:].count(SEARING_FIRE) == 2 and me.hand[1] == RED_DRAGON


def test_335_flaming_mirage_other_last_card_no_copies() -> None:
    me, opp = run(335, dict(history=[(GOBLIN, 0, True)]))
    assert opp.wall == 4 and me.hand[1:] == [GOBLIN] * 7


# --- 337 Warlord -----------------------------------------------------------------------

def test_337_warlord_after_a_barbarian_wall_17_then_attack() -> None:
    _, opp = run(337, dict(last_played=BARBARIAN))
    assert (opp.wall, opp.tower) == (0, 30 - 12)


def test_337_warlord_otherwise_attack_20() -> None:
    _, opp = run(337, dict(last_played=GOBLIN))
    assert (opp.wall, opp.tower) == (5, 30)


def test_337_warlord_last_played_survives_a_discard() -> None:
    """C-HIST-4 (manual): the last card *played*, though the last action was a discard."""
    _, opp = run(337, dict(last_played=BARBARIAN, history=[(GOBLIN, 0, False)]))
    assert (opp.wall, opp.tower) == (0, 18)


# --- 338 Moonlight unicorn -------------------------------------------------------------

def test_338_moonlight_unicorn_after_a_mage_gems_production_x4() -> None:
    me, opp = run(338, dict(last_played=WIZARD))
    assert (opp.wall, opp.tower) == (0, 29)
    assert me.gems == RICH - 30 + 4 * 3


def test_338_moonlight_unicorn_otherwise_normal_production() -> None:
    """Swift keeps production (C-PROD-3)."""
    me, opp = run(338, dict(last_played=GOBLIN))
    assert opp.tower == 29
    assert me.gems == RICH - 30 + 3


# --- 341 Zealot ------------------------------------------------------------------------

def test_341_zealot_counts_barbarian_and_holy_independently() -> None:
    """Zealot alone is Barbarian and Holy: N = 2, attack 16."""
    _, opp = run(341)
    assert opp.wall == 25 - 16


def test_341_zealot_with_a_fanatic() -> None:
    _, opp = run(341, dict(hand=hand(341, FANATIC)))
    assert opp.wall == 25 - 22


# --- 343 Death before dishonor ---------------------------------------------------------

def test_343_death_before_dishonor_promotes_fanatics_and_zealots() -> None:
    me, opp = run(343, dict(hand=hand(343, FANATIC, ZEALOT, GOBLIN, FANATIC)),
                  dict(hand=hand(FANATIC)))
    assert me.hand[1:5] == [ZEALOT, FALLEN_ANGEL, GOBLIN, ZEALOT]
    assert flagged(me) == [1, 2, 3, 5]
    assert opp.hand[0] == FANATIC


def test_343_death_before_dishonor_nothing_to_replace() -> None:
    me, _ = run(343)
    assert me.hand[1:] == [GOBLIN] * 7


# --- 344 Warchief ----------------------------------------------------------------------

def test_344_warchief_after_a_barbarian_attack_its_recruit_cost() -> None:
    me, opp = run(344, dict(last_played=BARBARIAN))
    assert me.wall == 40 and opp.wall == 25 - CARDS[BARBARIAN].recruits


def test_344_warchief_otherwise_only_wall() -> None:
    me, opp = run(344, dict(last_played=SWORDSMAN))
    assert (me.wall, opp.wall) == (40, 25)


# --- 345 Devastator --------------------------------------------------------------------

def test_345_devastator_wall_10_per_barbarian_then_attack_40() -> None:
    _, opp = run(345, dict(hand=hand(345, BARBARIAN)), dict(wall=50, tower=80))
    assert (opp.wall, opp.tower) == (0, 80 - 10)


# --- 346 Overpower ---------------------------------------------------------------------

def test_346_overpower_next_frenzy_card_and_its_recruits() -> None:
    seen = set()
    for seed in SEEDS:
        me, _ = run(346, seed=seed)
        frenzy = CARDS[me.hand[0]]
        assert frenzy.has(KW.FRENZY)
        assert effect_stock(me, 346) == (0, 0, min(frenzy.recruits, 10))
        seen.add(frenzy.id)
    assert len(seen) > 1


# --- 347 Call of the wilds -------------------------------------------------------------

def test_347_call_of_the_wilds_replaces_non_beasts() -> None:
    """Five Goblins go, and the played slot's fresh card too unless it is a Beast: it is
    drawn first and counts like any other slot (C-FX-12), 2 stock each."""
    costs = set()
    for seed in SEEDS:
        me, _ = run(347, dict(hand=hand(347, WEREBEAR, WEREBEAR)), seed=seed)
        assert all(CARDS[c].has(KW.BEAST) for c in me.hand)
        assert me.hand[1:3] == [WEREBEAR, WEREBEAR]
        costs.add(effect_stock(me, 347))
    assert costs == {(-10, -10, -10), (-12, -12, -12)}


# --- 348 Time lock ---------------------------------------------------------------------

def test_348_time_lock_opponent_played_swift_last_round() -> None:
    """C-HIST-5: any entry of the enemy's history list."""
    _, opp = run(348, opp=dict(history=[(SORCERESS, 0, True), (GOBLIN, 0, True)]))
    assert enemy_stock(opp) == (-12, -12, -12)


def test_348_time_lock_otherwise_5() -> None:
    _, opp = run(348, opp=dict(history=[(SORCERESS, 0, False)]))
    assert enemy_stock(opp) == (-5, -5, -5)


# --- 350 Eternal guardian --------------------------------------------------------------

def test_350_eternal_guardian_after_an_undead() -> None:
    """N = 17 (Vampire): attack 9, tower +6, wall +9 (C-GEN-1); Durable keeps it."""
    me, opp = run(350, dict(last_played=VAMPIRE))
    assert (opp.wall, me.tower, me.wall) == (16, 36, 34)
    assert me.hand[0] == 350


def test_350_eternal_guardian_otherwise_nothing() -> None:
    me, opp = run(350, dict(last_played=GOBLIN))
    assert (opp.wall, me.tower, me.wall) == (25, 30, 25)


# --- 352 Azure unicorn -----------------------------------------------------------------

def test_352_azure_unicorn_more_magic_attack_34() -> None:
    _, opp = run(352, dict(magic=4), dict(tower=60))
    assert (opp.wall, opp.tower) == (0, 51)


def test_352_azure_unicorn_else_attack_15() -> None:
    _, opp = run(352, dict(magic=3), dict(tower=60))
    assert (opp.wall, opp.tower) == (10, 60)


# --- 353 Glacial temple ----------------------------------------------------------------

def test_353_glacial_temple_modes() -> None:
    assert facilities(run(353, mode=1)[0]) == (4, 2, 3)
    assert facilities(run(353, mode=2)[0]) == (3, 2, 4)


# --- 354 Sorcerer's outpost ------------------------------------------------------------

def test_354_sorcerers_outpost_legend_in_hand_magic() -> None:
    me, _ = run(354, dict(hand=hand(354, AZURE_UNICORN)))
    assert (me.tower, me.wall, me.magic) == (39, 40, 4)


def test_354_sorcerers_outpost_no_legend() -> None:
    me, _ = run(354)
    assert (me.tower, me.wall, me.magic) == (39, 40, 3)


# --- 358 Sandworm ----------------------------------------------------------------------

def test_358_sandworm_direct_tower_and_wall() -> None:
    _, opp = run(358)
    assert (opp.tower, opp.wall) == (14, 6)


# --- 369 Keeper of souls ---------------------------------------------------------------

def test_369_keeper_of_souls_counts_burning_and_beast_in_game() -> None:
    """C-FX-7: the played card is Beast and Burning (2) plus an enemy Searing fire."""
    me, opp = run(369, opp=dict(hand=hand(SEARING_FIRE), tower=60))
    assert (opp.wall, opp.tower) == (6, 60)
    assert effect_stock(me, 369) == (0, 0, 3)


# --- 370 Dragon patrol -----------------------------------------------------------------

def test_370_dragon_patrol_soldier_and_dragon_in_hand() -> None:
    _, opp = run(370, dict(hand=hand(370, DRAGON_WHELP, SWORDSMAN)), dict(tower=60))
    assert (opp.wall, opp.tower) == (0, 60 - 2 - 14)


def test_370_dragon_patrol_not_counting_itself() -> None:
    """Dragon patrol is a Soldier and a Dragon itself; it does not count (C-FX-8)."""
    _, opp = run(370, dict(hand=hand(370, SWORDSMAN)), dict(tower=60))
    assert (opp.wall, opp.tower) == (0, 58)


# --- 371 Frost unicorn -----------------------------------------------------------------

def test_371_frost_unicorn_legend_and_mage_in_hand() -> None:
    me, opp = run(371, dict(hand=hand(371, AZURE_UNICORN, WIZARD)), dict(tower=60))
    assert opp.tower == 50
    assert me.magic == 4 and effect_stock(me, 371) == (0, 20, 0)


def test_371_frost_unicorn_only_a_mage() -> None:
    me, _ = run(371, dict(hand=hand(371, WIZARD)), dict(tower=60))
    assert me.magic == 3 and effect_stock(me, 371) == (0, 0, 0)


# --- 372 Corpses behemoth --------------------------------------------------------------

def test_372_corpses_behemoth_discards_undead_except_selected() -> None:
    me, opp = run(372, dict(hand=hand(372, SKELETONS, ZOMBIE, GHOUL)), dict(tower=60), mode=2)
    assert me.hand[1] == SKELETONS and me.discarded_own == [ZOMBIE, GHOUL]
    assert opp.wall == 25 - 18


def test_372_corpses_behemoth_no_other_undead() -> None:
    me, opp = run(372, mode=3)
    assert me.discarded_own == [] and opp.wall == 25


# --- 373 Sphinx ------------------------------------------------------------------------

def test_373_sphinx_half_cost_of_discarded_card_max_20() -> None:
    """Border fortress (45 bricks) gives min(23, 20); Reserve forces 17 -> 9 (C-GEN-1)."""
    mine = dict(hand=hand(373, *[STONE_GOLEM] * 3))
    me, opp = run(373, mine, dict(hand=hand(GOBLIN, 276)), mode=2)
    assert effect_stock(me, 373) == (20, 0, 0)
    assert me.discarded_opp == [276] and flagged(opp) == [2]
    me, _ = run(373, mine, dict(hand=hand(268)), mode=1)
    assert effect_stock(me, 373) == (9, 0, 9)


def test_373_sphinx_few_unliving_no_gain() -> None:
    me, _ = run(373, dict(hand=hand(373, STONE_GOLEM, STONE_GOLEM)),
                dict(hand=hand(GOBLIN, 276)), mode=2)
    assert effect_stock(me, 373) == (0, 0, 0) and me.discarded_opp == [276]


# --- 374 Chain lightning ---------------------------------------------------------------

def test_374_chain_lightning_after_a_mage() -> None:
    _, opp = run(374, dict(last_played=WIZARD))
    assert (opp.tower, opp.wall) == (19, 25)
    assert enemy_stock(opp) == (-5, -5, -5)


def test_374_chain_lightning_otherwise() -> None:
    _, opp = run(374, dict(last_played=GOBLIN))
    assert opp.tower == 19 and enemy_stock(opp) == (0, 0, 0)


# --- 375 Stilshrine of Miriam ----------------------------------------------------------

def test_375_stilshrine_tower_wall_production_x3() -> None:
    me, _ = run(375)
    assert (me.tower, me.wall) == (37, 36)
    assert effect_stock(me, 375, factor=3) == (0, 0, 0)


# --- 376 Imperial griffin --------------------------------------------------------------

def test_376_imperial_griffin_alone_attack_19() -> None:
    _, opp = run(376, opp=dict(tower=80))
    assert (opp.wall, opp.tower) == (6, 80)


def test_376_imperial_griffin_beast_and_soldier_bonuses() -> None:
    _, opp = run(376, dict(hand=hand(376, WEREBEAR)), dict(tower=80))
    assert (opp.wall, opp.tower) == (0, 80 - 9)
    _, opp = run(376, dict(hand=hand(376, WEREBEAR, SWORDSMAN)), dict(tower=80))
    assert (opp.wall, opp.tower) == (0, 80 - 24)


# --- 384 Last order --------------------------------------------------------------------

def test_384_last_order_next_card_by_mode() -> None:
    """A named next card: no draw (C-SLOT-1a)."""
    assert [run(384, mode=m)[0].hand[0] for m in (1, 2, 3)] == [227, 226, 225]


# --- 385 Sharpshooters -----------------------------------------------------------------

def test_385_sharpshooters_mode_1_enemy_recruits() -> None:
    _, opp = run(385, mode=1)
    assert enemy_stock(opp) == (0, 0, -15) and opp.tower == 30


def test_385_sharpshooters_mode_2_enemy_tower() -> None:
    _, opp = run(385, mode=2)
    assert enemy_stock(opp) == (0, 0, 0) and (opp.tower, opp.wall) == (20, 25)


# --- 386 Sheath your swords ------------------------------------------------------------

def test_386_sheath_your_swords_replaces_warlike_cards() -> None:
    peaceful = {273, 23, 297}  # Merchant, Caravan, Palisade wall
    seen = set()
    for seed in SEEDS:
        me, _ = run(386, dict(hand=hand(386, BARBARIAN, THIEF, SWORDSMAN)), seed=seed)
        assert set(me.hand[1:4]) <= peaceful and me.hand[4:] == [GOBLIN] * 4
        seen.update(me.hand[1:4])
    assert seen == peaceful


# --- 388 Greed is good -----------------------------------------------------------------

def test_388_greed_is_good_richest_gains_a_quarter() -> None:
    """12.5 rounds to 13 (C-GEN-1)."""
    _, opp = run(388, opp=dict(bricks=50, gems=100, recruits=50))
    me, _ = run(388, opp=dict(bricks=50, gems=100, recruits=50))
    assert enemy_stock(opp) == (13, 75, 13) and effect_stock(me, 388) == (0, 0, 0)


def test_388_greed_is_good_tie_both_gain() -> None:
    me, opp = run(388)
    assert effect_stock(me, 388) == (13, 13, 13) and enemy_stock(opp) == (13, 13, 13)


# --- 400 Mask of the phantasm ----------------------------------------------------------

def test_400_mask_of_the_phantasm_next_card_is_the_selected() -> None:
    me, _ = run(400, dict(hand=hand(400, GOBLIN, 276)), mode=3)
    assert me.hand[:3] == [276, GOBLIN, 276]


def test_400_mask_of_the_phantasm_selecting_itself_keeps_it() -> None:
    me, _ = run(400, mode=1)
    assert me.hand[0] == 400


# --- 405 Mountain sentry ---------------------------------------------------------------

def test_405_mountain_sentry_per_alliance_card() -> None:
    me, _ = run(405)
    assert me.wall == 30 and effect_stock(me, 405) == (0, 0, 3)
    assert me.hand[0] == 405  # Durable
    me, _ = run(405, dict(hand=hand(405, DWARVEN_WARRIORS, DWARVEN_WARRIORS)))
    assert me.wall == 40 and effect_stock(me, 405) == (0, 0, 9)


# --- 406 War elephant ------------------------------------------------------------------

def test_406_war_elephant_beast_and_soldier_destroy_the_wall() -> None:
    _, opp = run(406, dict(hand=hand(406, WEREBEAR, SWORDSMAN)), dict(tower=80))
    assert (opp.wall, opp.tower) == (0, 45)


def test_406_war_elephant_not_counting_itself() -> None:
    _, opp = run(406, dict(hand=hand(406, WEREBEAR)), dict(tower=80))
    assert (opp.wall, opp.tower) == (0, 70)


# --- 408 Bounty hunter -----------------------------------------------------------------

def test_408_bounty_hunter_discards_a_legend_and_lowers_magic() -> None:
    me, opp = run(408, opp=dict(hand=hand(GOBLIN, AZURE_UNICORN)))
    assert opp.wall == 12 and opp.magic == 2
    assert me.discarded_opp == [AZURE_UNICORN] and flagged(opp) == [2]


def test_408_bounty_hunter_no_legend() -> None:
    me, opp = run(408)
    assert opp.wall == 12 and opp.magic == 3 and me.discarded_opp == []


# --- 409 Dragon slayer -----------------------------------------------------------------

def test_409_dragon_slayer_rare_dragon_gives_an_egg() -> None:
    me, opp = run(409, opp=dict(hand=hand(GOBLIN, RED_DRAGON, DRAGON_WHELP)))
    assert opp.wall == 9 and me.hand[0] == DRAGON_EGG
    assert me.discarded_opp == [RED_DRAGON] and opp.hand[2] == DRAGON_WHELP


def test_409_dragon_slayer_common_dragon_is_no_target() -> None:
    for seed in SEEDS:
        me, opp = run(409, opp=dict(hand=hand(DRAGON_WHELP)), seed=seed)
        assert me.discarded_opp == [] and me.hand[0] != DRAGON_EGG
        assert opp.hand == hand(DRAGON_WHELP)


# --- 412 Hungry dead -------------------------------------------------------------------

def test_412_hungry_dead_new_enemy_wall_5() -> None:
    """C-FLAG-4: the played slot's flag before the start-of-round reset."""
    _, opp = run(412, dict(new=[1]))
    assert opp.wall == 20 and enemy_stock(opp) == (0, 0, 0)


def test_412_hungry_dead_not_new_enemy_stock_4() -> None:
    _, opp = run(412)
    assert opp.wall == 25 and enemy_stock(opp) == (-4, -4, -4)


# --- 414 Mediator ----------------------------------------------------------------------

def test_414_mediator_pays_the_discarded_cards_cost() -> None:
    me, opp = run(414, opp=dict(hand=hand(GOBLIN, 268)), mode=2)
    assert effect_stock(me, 414) == (-17, 0, -17) and facilities(me) == (3, 3, 3)
    assert me.discarded_opp == [268] and flagged(opp) == [2]


def test_414_mediator_not_enough_stock_costs_the_matching_facility() -> None:
    """C-FX-17: the cost is paid anyway; the bricks that went below 0 are clamped to 0 at
    the limits step and the quarry falls by 1, then production adds 2."""
    me, _ = run(414, dict(bricks=10), dict(hand=hand(GOBLIN, 268)), mode=2)
    assert facilities(me) == (2, 3, 3)
    assert me.bricks == 0 + 2 and effect_stock(me, 414)[2] == -17


# --- 418 Power surge -------------------------------------------------------------------

def test_418_power_surge_new_magic() -> None:
    me, _ = run(418, dict(new=[1]))
    assert me.tower == 22 and me.magic == 4 and effect_stock(me, 418) == (0, 0, 0)


def test_418_power_surge_not_new_gems() -> None:
    me, _ = run(418)
    assert me.tower == 22 and me.magic == 3 and effect_stock(me, 418) == (0, 12, 0)


# --- 419 Elementalist ------------------------------------------------------------------

def test_419_elementalist_both_discard_unliving_above_4_costs() -> None:
    """Me: 5 Unliving discarded, 1 above 4: bricks -10, quarry -1. Enemy: 2, no loss.
    C-DRAW-11: the refills after a Swift card never bring a rare."""
    for seed in SEEDS:
        me, opp = run(419, dict(hand=hand(419, *[STONE_GOLEM] * 5)),
                      dict(hand=hand(STONE_GOLEM, STONE_GOLEM)), seed=seed)
        assert me.discarded_own == [STONE_GOLEM] * 5
        assert me.discarded_opp == [STONE_GOLEM] * 2
        assert me.quarry == 2 and effect_stock(me, 419) == (-10, 0, 0)
        assert opp.quarry == 3 and enemy_stock(opp) == (0, 0, 0)
        assert all(CARDS[c].rarity != RARE for c in me.hand[1:6] + opp.hand[:2])


def test_419_elementalist_at_most_6_per_hand() -> None:
    me, _ = run(419, dict(hand=hand(419, *[STONE_GOLEM] * 7)))
    assert len(me.discarded_own) == 6
    assert me.quarry == 1 and effect_stock(me, 419) == (-20, 0, 0)


# --- 424 Corsairs ----------------------------------------------------------------------

def test_424_corsairs_steals_enemy_facilities_worth() -> None:
    for seed in SEEDS:
        me, opp = run(424, opp=dict(quarry=2, magic=3, dungeons=4), seed=seed)
        assert opp.wall == 14
        assert effect_stock(me, 424) == (2, 3, 4) and enemy_stock(opp) == (-2, -3, -4)
        assert CARDS[me.hand[0]].has(KW.BRIGAND) and CARDS[me.hand[0]].rarity != COMMON


# --- 425 Ice queen ---------------------------------------------------------------------

def test_425_ice_queen_discards_mages_each_gains_per_card() -> None:
    me, opp = run(425, dict(hand=hand(425, WIZARD, WIZARD)), dict(hand=hand(WIZARD)))
    assert me.discarded_own == [WIZARD, WIZARD] and me.discarded_opp == [WIZARD]
    assert (me.tower, me.wall) == (38, 41) and effect_stock(me, 425) == (0, 8, 0)
    assert (opp.tower, opp.wall) == (34, 33) and enemy_stock(opp) == (0, 4, 0)


# --- 429 Valley of thousand rivers -----------------------------------------------------

def test_429_valley_most_alliance_legend_mage_cards() -> None:
    me, opp = run(429, dict(hand=hand(429, WIZARD, DWARVEN_WARRIORS), magic=2))
    assert facilities(me) == (3, 3, 3) and facilities(opp) == (3, 3, 3)
    me, opp = run(429, dict(hand=hand(429, WIZARD)),
                  dict(hand=hand(AZURE_UNICORN, WIZARD), dungeons=1))
    assert facilities(me) == (3, 3, 3) and facilities(opp) == (3, 3, 2)


def test_429_valley_tie_both_gain() -> None:
    me, opp = run(429, dict(quarry=1), dict(magic=2))
    assert facilities(me) == (2, 3, 3) and facilities(opp) == (3, 3, 3)


# --- 431 Divine intervention -----------------------------------------------------------

def test_431_divine_intervention_most_holy_cards() -> None:
    """Divine intervention is Holy and counts for me (C-FX-8)."""
    me, opp = run(431)
    assert (me.tower, me.wall, opp.tower, opp.wall) == (39, 42, 30, 25)
    me, opp = run(431, opp=dict(hand=hand(FANATIC, FANATIC)))
    assert (me.tower, me.wall, opp.tower, opp.wall) == (30, 25, 39, 42)


def test_431_divine_intervention_tie_both() -> None:
    me, opp = run(431, opp=dict(hand=hand(FANATIC)))
    assert (me.tower, me.wall, opp.tower, opp.wall) == (39, 42, 39, 42)


# --- 432 Fair trade --------------------------------------------------------------------

def test_432_fair_trade_poorer_gains_stock_the_other_facilities() -> None:
    me, opp = run(432, opp=dict(gems=40))
    assert enemy_stock(opp) == (20, 10, 20) and facilities(me) == (4, 4, 4)
    assert effect_stock(me, 432) == (0, 0, 0) and facilities(opp) == (3, 3, 3)


def test_432_fair_trade_tie_both() -> None:
    me, opp = run(432)
    assert effect_stock(me, 432) == (20, 20, 20) and enemy_stock(opp) == (20, 20, 20)
    assert facilities(me) == (4, 4, 4) and facilities(opp) == (4, 4, 4)


# --- 433 Moon priestess ----------------------------------------------------------------

def test_433_moon_priestess_both_discard_highest_and_lowest_cost() -> None:
    """Highest 276 (45), lowest 248 (0); the played card is not a candidate."""
    cards = [SWORDSMAN, 276, SWORDSMAN, SEARING_FIRE, SWORDSMAN, 268, SWORDSMAN]
    me, _ = run(433, dict(hand=[433, *cards]), dict(hand=[*cards, VAMPIRE]))
    assert me.discarded_own == [276, SEARING_FIRE]
    assert me.discarded_opp == [276, SEARING_FIRE]


def test_433_moon_priestess_ties_pick_one() -> None:
    for seed in SEEDS:
        me, _ = run(433, dict(hand=hand(433, 276, 276)), seed=seed)
        assert sorted(me.discarded_own) == [GOBLIN, 276]
        assert len(me.discarded_opp) == 2


# --- 436 Watchtower --------------------------------------------------------------------

def test_436_watchtower_soldier_in_hand() -> None:
    me, opp = run(436, dict(hand=hand(436, SWORDSMAN)))
    assert (me.tower, opp.tower, opp.wall) == (46, 14, 25)


def test_436_watchtower_no_soldier() -> None:
    me, opp = run(436)
    assert (me.tower, opp.tower) == (46, 20)


# --- 439 Revenge of the fallen ---------------------------------------------------------

def test_439_revenge_of_the_fallen_fewest_undead_lose_highest_facility() -> None:
    me, opp = run(439, dict(hand=hand(439, SKELETONS)), dict(quarry=5))
    assert facilities(me) == (3, 3, 3) and facilities(opp) == (4, 3, 3)


def test_439_revenge_of_the_fallen_tie_both() -> None:
    me, opp = run(439, dict(dungeons=4), dict(magic=6))
    assert facilities(me) == (3, 3, 3) and facilities(opp) == (3, 5, 3)


# --- 441 Troll bridge ------------------------------------------------------------------

def test_441_troll_bridge_with_a_troll() -> None:
    me, opp = run(441, dict(hand=hand(441, TROLL)))
    assert (me.wall, me.dungeons, opp.wall) == (40, 4, 10)


def test_441_troll_bridge_without_a_troll() -> None:
    me, opp = run(441)
    assert (me.wall, me.dungeons, opp.wall) == (40, 4, 25)


# --- 442 Dark forest -------------------------------------------------------------------

def test_442_dark_forest_recruits_per_beast_and_nature() -> None:
    me, _ = run(442, dict(hand=hand(442, WEREBEAR)))
    assert me.wall == 45 and effect_stock(me, 442) == (0, 0, 4)


# --- 443 Vulture -----------------------------------------------------------------------

def test_443_vulture_last_card_discarded_bonus_by_rarity() -> None:
    """C-HIST-3: the last action was a discard: C 8, U 16, R 28."""
    for card, bonus in ((GOBLIN, 8), (VAMPIRE, 16), (RED_DRAGON, 28)):
        _, opp = run(443, dict(history=[(card, 0, False)]), dict(wall=0, tower=60))
        assert opp.tower == 60 - 10 - bonus


def test_443_vulture_last_card_played_no_bonus() -> None:
    _, opp = run(443, dict(history=[(VAMPIRE, 0, True)]), dict(wall=0, tower=60))
    assert opp.tower == 50


# --- 444 Firewall ----------------------------------------------------------------------

def test_444_firewall_wall_and_attack_per_burning() -> None:
    me, opp = run(444, dict(hand=hand(444, SEARING_FIRE)))
    assert me.wall == 65 and opp.wall == 15


# --- 446 Treant ------------------------------------------------------------------------

def test_446_treant_wall_then_attack() -> None:
    _, opp = run(446)
    assert (opp.wall, opp.tower) == (0, 15)


# --- 448 Giant -------------------------------------------------------------------------

def test_448_giant_both_discard_commons() -> None:
    me, opp = run(448, dict(hand=hand(448, VAMPIRE)), dict(hand=hand(VAMPIRE), tower=80))
    assert (opp.wall, opp.tower) == (0, 70) and effect_stock(me, 448) == (0, 0, 5)
    assert me.discarded_own == [GOBLIN] * 6 and me.hand[1] == VAMPIRE
    assert me.discarded_opp == [GOBLIN] * 7 and opp.hand[0] == VAMPIRE


# --- 462 Relic hunter ------------------------------------------------------------------

def test_462_relic_hunter_titan_in_hand_discards_the_rest() -> None:
    me, _ = run(462, dict(hand=hand(462, TITANS_LEGS)))
    assert me.hand[1] == TITANS_LEGS and me.discarded_own == [GOBLIN] * 6


def test_462_relic_hunter_no_titan_nothing() -> None:
    me, _ = run(462)
    assert me.discarded_own == [] and me.hand[1:] == [GOBLIN] * 7


# --- 463 Fire elemental ----------------------------------------------------------------

def test_463_fire_elemental_attack_17() -> None:
    _, opp = run(463)
    assert (opp.wall, opp.tower) == (8, 30)


# --- 465 Merchant ship -----------------------------------------------------------------

def test_465_merchant_ship_lowest_facility_and_lowest_resource_x3() -> None:
    me, _ = run(465, dict(magic=2, gems=10))
    assert facilities(me) == (3, 3, 3)
    assert me.gems == 10 - 7 + 3 * 3 and effect_stock(me, 465)[0] == 0


# --- 466 Oasis -------------------------------------------------------------------------

def test_466_oasis_lowest_wall_gains_stock() -> None:
    me, opp = run(466, dict(wall=5))
    assert effect_stock(me, 466) == (6, 6, 6) and enemy_stock(opp) == (0, 0, 0)
    me, opp = run(466)
    assert effect_stock(me, 466) == (6, 6, 6) and enemy_stock(opp) == (6, 6, 6)


# --- 469 Soul sacrifice ----------------------------------------------------------------

def test_469_soul_sacrifice_modes() -> None:
    me, _ = run(469, mode=1)
    assert me.tower == 23 and effect_stock(me, 469) == (4, 4, 4)
    me, _ = run(469, mode=2)
    assert me.tower == 16 and effect_stock(me, 469) == (8, 8, 8)


# --- 470 Dark Templar ------------------------------------------------------------------

def test_470_dark_templar_discards_cheap_cards() -> None:
    me, opp = run(470, dict(hand=hand(470, 276, VAMPIRE)), dict(hand=hand(VAMPIRE)))
    assert opp.wall == 10
    assert me.discarded_own == [GOBLIN] * 5 and me.hand[1:3] == [276, VAMPIRE]
    assert me.discarded_opp == [GOBLIN] * 7 and opp.hand[0] == VAMPIRE


# --- 471 Mysterious egg ----------------------------------------------------------------

def test_471_mysterious_egg_next_card_griffin_roc_or_rainbow_dragon() -> None:
    assert set(refills(471)) == {25, 202, 397}


# --- 472 Pirate bay --------------------------------------------------------------------

def test_472_pirate_bay_replaces_up_to_3_with_brigands() -> None:
    for seed in SEEDS:
        me, opp = run(472, dict(hand=hand(472, RED_DRAGON, THIEF)), seed=seed)
        assert me.wall == 35 and enemy_stock(opp) == (-3, -3, -3)
        assert me.hand[1:3] == [RED_DRAGON, THIEF]
        new = [CARDS[c] for c in me.hand[3:] if c != GOBLIN]
        # The played slot, refilled first, may be one of the three (C-FX-12).
        assert len(me.discarded_own) in (2, 3) and len(new) == len(me.discarded_own)
        assert all(c.has(KW.BRIGAND) and c.rarity != COMMON for c in new)


# --- 473 Knight Templar ----------------------------------------------------------------

def test_473_knight_templar_stops_at_15() -> None:
    _, opp = run(473)
    assert (opp.wall, opp.tower) == (0, 15)


def test_473_knight_templar_full_attack_above_15() -> None:
    _, opp = run(473, opp=dict(tower=80))
    assert (opp.wall, opp.tower) == (0, 57)


def test_473_knight_templar_tower_already_below_15() -> None:
    _, opp = run(473, opp=dict(tower=10))
    assert (opp.wall, opp.tower) == (0, 10)


# --- 475 Wishing lagoon ----------------------------------------------------------------

def test_475_wishing_lagoon_next_card_by_mode() -> None:
    assert [run(475, mode=m)[0].hand[0] for m in (1, 2, 3)] == [87, 118, 89]


# --- 483 Mentor ------------------------------------------------------------------------

def test_483_mentor_both_magic() -> None:
    me, opp = run(483)
    assert (me.magic, opp.magic) == (4, 4)


# --- 485 Undead cavalry ----------------------------------------------------------------

def test_485_undead_cavalry_attack_29_then_charge() -> None:
    _, opp = run(485)
    assert (opp.wall, opp.tower) == (0, 30 - 4 - 16)


# --- 487 Moon shrine -------------------------------------------------------------------

def test_487_moon_shrine_zero_and_non_zero_cost_cards() -> None:
    """The played card has left the hand (2010 engine): my 7 others, 2 free: -3."""
    me, opp = run(487, dict(hand=hand(487, SEARING_FIRE, 287)), dict(hand=hand(SEARING_FIRE)))
    assert effect_stock(me, 487) == (-3, -3, -3)
    assert enemy_stock(opp) == (-6, -6, -6)


# --- 488 Gate guardian -----------------------------------------------------------------

def test_488_gate_guardian_attack_and_wall() -> None:
    me, opp = run(488)
    assert (me.wall, opp.wall) == (41, 1)


# --- 491 Dark pegasus ------------------------------------------------------------------

def test_491_dark_pegasus_higher_wall_enemy_tower() -> None:
    me, opp = run(491, dict(wall=26))
    assert opp.tower == 19 and effect_stock(me, 491) == (0, 0, 0)


def test_491_dark_pegasus_else_gems() -> None:
    me, opp = run(491)
    assert opp.tower == 30 and effect_stock(me, 491) == (0, 9, 0)


# --- 492 Lighthouse --------------------------------------------------------------------

def test_492_lighthouse_reveals_enemy_hand() -> None:
    """C-FLAG-5: all 8 enemy slots revealed."""
    me, opp = run(492)
    assert me.tower == 40 and opp.revealed == [True] * 8


# --- 494 Scepter of evolution ----------------------------------------------------------

def test_494_scepter_of_evolution_new_hand_by_rarity() -> None:
    for seed in SEEDS:
        me, _ = run(494, seed=seed)
        rarities = sorted(CARDS[c].rarity for c in me.hand)
        assert rarities == [COMMON] * 4 + [UNCOMMON] * 3 + [RARE]
        assert all(c in DECK[CARDS[c].rarity] for c in me.hand)
        assert flagged(me) == list(range(1, 9))


# --- 497 Elemental storm ---------------------------------------------------------------

def test_497_elemental_storm_matching_and_neighbours_become_wind() -> None:
    _, opp = run(497, slot=3)
    assert opp.hand == [GOBLIN, WIND, WIND, WIND, *[GOBLIN] * 4]
    _, opp = run(497, slot=8)
    assert opp.hand == [*[GOBLIN] * 6, WIND, WIND]


# --- 498 Thief hideout -----------------------------------------------------------------

def test_498_thief_hideout() -> None:
    me, opp = run(498)
    assert (me.tower, me.wall) == (40, 40) and enemy_stock(opp) == (-3, -3, -3)


# --- 505 Kraken ------------------------------------------------------------------------

def test_505_kraken_attack_and_highest_facility() -> None:
    _, opp = run(505, opp=dict(magic=5, tower=60))
    assert (opp.wall, opp.tower) == (0, 60) and facilities(opp) == (3, 4, 3)


def test_505_kraken_tied_highest_one_of_them() -> None:
    seen = set()
    for seed in SEEDS:
        _, opp = run(505, opp=dict(tower=60), seed=seed)
        assert sorted(facilities(opp)) == [2, 3, 3]
        seen.add(facilities(opp))
    assert len(seen) == 3


# --- 507 Sea lord ----------------------------------------------------------------------

def test_507_sea_lord() -> None:
    me, opp = run(507)
    assert opp.wall == 5 and effect_stock(me, 507) == (0, 15, 15)


# --- 510 Master hunter -----------------------------------------------------------------

def test_510_master_hunter_discards_a_frenzy_card() -> None:
    """Wolf raiders (9 recruits): the enemy loses 9 recruits and takes 9 damage."""
    me, opp = run(510, opp=dict(hand=hand(GOBLIN, 324)))
    assert me.discarded_opp == [324]
    assert opp.wall == 25 - 13 - 9 and enemy_stock(opp) == (0, 0, -9)


def test_510_master_hunter_no_frenzy_card() -> None:
    me, opp = run(510)
    assert me.discarded_opp == [] and opp.wall == 12 and enemy_stock(opp) == (0, 0, 0)


# --- 513 Veteran militia ---------------------------------------------------------------

def test_513_veteran_militia_replaces_selected_with_same_rarity() -> None:
    """C-FX-17: from my own deck's cards of that rarity, never the selected card itself."""
    seen = set()
    for seed in SEEDS:
        me, _ = run(513, dict(hand=hand(513, GOBLIN, VAMPIRE)), mode=3, seed=seed)
        assert me.wall == 28
        assert me.hand[2] in DECK[1] and me.hand[2] != VAMPIRE
        assert me.discarded_own == [VAMPIRE] and me.new[2]
        seen.add(me.hand[2])
    assert len(seen) > 5


def test_513_veteran_militia_selecting_itself_replaces_nothing() -> None:
    """C-FX-17: the played slot gets the normal refill, no-rare after a Quick card
    (C-DRAW-7), and the rest of the hand stays."""
    cards = refills(513, mode=1)
    assert all(c in DECK[0] or c in DECK[1] for c in cards)
    assert {CARDS[c].rarity for c in cards} == {COMMON, UNCOMMON}


# --- 514 Firestorm ---------------------------------------------------------------------

def test_514_firestorm_stock_loss_and_damage_per_resource_lost() -> None:
    me, opp = run(514, dict(bricks=5, gems=70), dict(wall=10))
    assert me.wall == 0 and me.tower == 30 - 0  # lost 5+10+10 = 25 on wall 25
    assert (me.bricks, me.gems, me.recruits) == (0 + 3, 40 + 3, 40 + 3)
    assert (opp.wall, opp.tower) == (0, 10) and enemy_stock(opp) == (-10, -10, -10)


# --- 520 Desert outpost ----------------------------------------------------------------

def test_520_desert_outpost() -> None:
    me, _ = run(520)
    assert (me.tower, me.wall) == (35, 35) and effect_stock(me, 520) == (0, 5, 5)


# --- 523 Whale -------------------------------------------------------------------------

def test_523_whale() -> None:
    _, opp = run(523)
    assert (opp.tower, opp.wall) == (20, 15) and enemy_stock(opp) == (-10, -10, -10)


# --- 525 Poseidon's wrath --------------------------------------------------------------

def test_525_poseidons_wrath_least_aqua_cards_suffer() -> None:
    me, opp = run(525, opp=dict(hand=hand(AQUA)))
    assert (me.tower, me.wall) == (15, 10) and effect_stock(me, 525) == (-10, -10, -10)
    assert (opp.tower, opp.wall) == (30, 25) and enemy_stock(opp) == (0, 0, 0)


def test_525_poseidons_wrath_tie_both_suffer() -> None:
    me, opp = run(525)
    assert (me.tower, opp.tower) == (15, 15) and enemy_stock(opp) == (-10, -10, -10)


# --- 528 Legacy of Barbz ---------------------------------------------------------------

def test_528_legacy_of_barbz_most_commons_get_a_rare() -> None:
    for seed in SEEDS:
        me, opp = run(528, opp=dict(hand=[VAMPIRE] * 8), seed=seed)
        rares = [c for c in me.hand[1:] if CARDS[c].rarity == RARE]
        assert len(rares) == 1 and rares[0] in DECK[RARE]
        assert me.hand[1:].count(GOBLIN) == 6 and opp.hand == [VAMPIRE] * 8


def test_528_legacy_of_barbz_enemy_with_more_commons() -> None:
    """C-DISC-2: the replaced enemy common goes to my pile of enemy-hand discards."""
    me, opp = run(528, dict(hand=hand(528, *[VAMPIRE] * 7)), dict(hand=hand(*[VAMPIRE] * 7)))
    assert me.hand[1:] == [VAMPIRE] * 7 and me.discarded_own == []
    assert opp.hand[:7] == [VAMPIRE] * 7 and me.discarded_opp == [GOBLIN]
    assert CARDS[opp.hand[7]].rarity == RARE and opp.hand[7] in DECK[RARE]


def test_528_legacy_of_barbz_tie_both() -> None:
    me, opp = run(528, dict(hand=hand(528, GOBLIN, *[VAMPIRE] * 6)),
                  dict(hand=hand(GOBLIN, *[VAMPIRE] * 7)))
    assert CARDS[me.hand[1]].rarity == RARE and CARDS[opp.hand[0]].rarity == RARE
    assert me.discarded_own == [GOBLIN] and me.discarded_opp == [GOBLIN]
