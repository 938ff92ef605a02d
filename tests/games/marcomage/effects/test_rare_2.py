"""Effects of the Rare cards in effects/rare_2.py, through the whole turn pipeline.

The acting player is player 1 (`me`); production (+Quarry/Magic/Dungeons, C-PROD-1) is
added after the play and the played slot (slot 1) is refilled, so stock is asserted as
the part the effect changed (`effect_stock`), and the refill only where the card names it.
Hands hold Goblins (no keywords) unless a test says otherwise, and no token counters are
set, so the token keywords of the played cards do nothing (C-TOK-2).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from marcomage.games.marcomage.cards import CARDS, COMMON, KW, RARE, UNCOMMON, card_ids
from marcomage.games.marcomage.context import ids_named
from marcomage.games.marcomage.effects.rare_2 import plain_brick_cards
from marcomage.games.marcomage.state import EndType, Game, Player

from ..builders import DECK, GOBLIN, duel, play

RICH = 50
"""Start stock of both players in these tests, so every cost is affordable."""
SEEDS = range(1, 31)
QUICK_PLAYED = [(145, 0, True)]  # last action: Necromancy (Quick) played -> extra turn


def game_after(card: int, me: dict[str, Any] | None = None,
               opp: dict[str, Any] | None = None, *, mode: int = 0, seed: int = 1) -> Game:
    """Play `card` from slot 1 with both players holding RICH of each resource."""
    rich = dict(bricks=RICH, gems=RICH, recruits=RICH)
    game = duel(me={**rich, **(me or {})}, opp={**rich, **(opp or {})}, seed=seed)
    return play(game, card, mode=mode)


def run(card: int, me: dict[str, Any] | None = None, opp: dict[str, Any] | None = None,
        *, mode: int = 0, seed: int = 1) -> tuple[Player, Player]:
    game = game_after(card, me, opp, mode=mode, seed=seed)
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


def hand_of(*cards: int) -> list[int]:
    """A hand starting with these cards, filled up with Goblins."""
    return [*cards, *[GOBLIN] * (8 - len(cards))]


def facilities(p: Player) -> tuple[int, int, int]:
    return (p.quarry, p.magic, p.dungeons)


def assert_hand_replaced_with(card: int, names: tuple[str, ...],
                              me: dict[str, Any] | None = None) -> list[int]:
    """After "Replaces your hand with <names>", over SEEDS: every slot, the played one
    included, holds one of them, all of them are there, and the order is not fixed."""
    hands = [run(card, me, seed=s)[0] for s in SEEDS]
    before = (me or {}).get("hand", [card, *[GOBLIN] * 7])
    for p in hands:
        assert Counter(p.hand) == Counter(ids_named(*names))
        assert all(p.new)  # C-FLAG-2 / C-SLOT-2
        assert p.discarded_own == before[1:]  # C-DISC-2: the played slot excluded
    assert len({tuple(p.hand) for p in hands}) > 1
    return [p.recruits for p in hands]


# --- 229 Storm of bricks ---------------------------------------------------------------

def test_229_storm_of_bricks_bricks_become_attack() -> None:
    """C-DMG-1: 50 bricks: the wall takes 20, the tower 30; the bricks are gone."""
    me, opp = run(229, opp=dict(wall=20, tower=60))
    assert (opp.wall, opp.tower) == (0, 30)
    assert me.bricks == me.quarry  # only this turn's production is left


# --- 232 Governour ---------------------------------------------------------------------

def test_232_governour_attack_tower_wall_and_double_production() -> None:
    """C-PROD-2: Production x2."""
    me, opp = run(232, dict(tower=30, wall=10), dict(wall=5, tower=40))
    assert (opp.wall, opp.tower) == (0, 25)
    assert (me.tower, me.wall) == (40, 20)
    assert effect_stock(me, 232, factor=2) == (0, 0, 0)


# --- 233 Magic academy, 234 Manufactory, 235 Architect academy -------------------------

def test_233_magic_academy_tower_and_magic_and_stays() -> None:
    """C-KW-19: Durable, the card stays in its slot."""
    me, _ = run(233, dict(tower=30))
    assert (me.tower, facilities(me)) == (45, (3, 4, 3))
    assert me.hand[0] == 233


def test_234_manufactory_tower_and_dungeon() -> None:
    me, _ = run(234, dict(tower=30))
    assert (me.tower, facilities(me)) == (45, (3, 3, 4))
    assert me.hand[0] == 234


def test_235_architect_academy_tower_and_quarry() -> None:
    me, _ = run(235, dict(tower=30))
    assert (me.tower, facilities(me)) == (45, (4, 3, 3))
    assert me.hand[0] == 235


# --- 239 Golden dragon -----------------------------------------------------------------

def test_239_golden_dragon_attack_80() -> None:
    _, opp = run(239, opp=dict(wall=30, tower=60))
    assert (opp.wall, opp.tower) == (0, 10)


# --- 242 Tornado -----------------------------------------------------------------------

def test_242_tornado_destroys_enemy_stock() -> None:
    _, opp = run(242, opp=dict(bricks=12, gems=7, recruits=90))
    assert (opp.bricks, opp.gems, opp.recruits) == (0, 0, 0)


# --- 246 Avalanche ---------------------------------------------------------------------

def test_246_avalanche_direct_tower_and_wall_damage() -> None:
    """C-DMG-2: direct damage; the wall's surplus does not reach the tower."""
    me, opp = run(246, opp=dict(wall=4, tower=40))
    assert (opp.wall, opp.tower) == (0, 30)
    assert me.hand[0] == 246  # Durable


# --- 249 Wall shift --------------------------------------------------------------------

def test_249_wall_shift_switches_walls() -> None:
    me, opp = run(249, dict(wall=10), dict(wall=47))
    assert (me.wall, opp.wall) == (47, 10)


# --- 253 Necropolis --------------------------------------------------------------------

def test_253_necropolis_hand_becomes_the_eight_undead() -> None:
    """Named replacements, at random positions (C-DRAW-5: no anti-flood for named cards)."""
    assert_hand_replaced_with(253, (
        "Zombie", "Skeleton warriors", "Ghoul", "Stalker", "Banshee",
        "Emissary of the afterlife", "Vampire", "Vampire countess",
    ))


# --- 255 Evolution ---------------------------------------------------------------------

def test_255_evolution_both_hands_are_new_and_opponent_gets_no_rare() -> None:
    """C-DRAW-11: the opponent can't draw a rare; my 8 new cards use the normal draw."""
    mine: list[int] = []
    for s in SEEDS:
        game = game_after(255, opp=dict(hand=[GOBLIN] * 8), seed=s)
        me, opp = game.players
        assert all(me.new) and all(opp.new)
        assert all(CARDS[c].rarity != RARE for c in opp.hand)
        assert opp.discarded_own == [] and me.discarded_opp == [GOBLIN] * 8  # C-DISC-2
        assert game.current == 0  # Swift: my extra turn
        mine += me.hand
    assert any(CARDS[c].rarity == RARE for c in mine)
    assert all(c in DECK[CARDS[c].rarity] for c in mine)


# --- 265 Residence of Gods -------------------------------------------------------------

def test_265_residence_of_gods_instant_tower_victory() -> None:
    game = game_after(265, dict(tower=20, bricks=60, gems=60, recruits=60))
    assert game.players[0].tower == 100
    assert game.outcome is not None
    assert (game.outcome.winner, game.outcome.end_type) == (0, EndType.CONSTRUCTION)


# --- 277 King's elite guard ------------------------------------------------------------

def test_277_kings_elite_guard_tower_35() -> None:
    me, _ = run(277, dict(tower=30))
    assert me.tower == 65


# --- 280 Word of power -----------------------------------------------------------------

def test_280_word_of_power_takes_the_selected_enemy_card() -> None:
    """C-FX-5: mode 3 is the enemy's slot 3; the card comes to my slot 3, the enemy's
    slot is refilled from his deck (C-FX-6) and my old card goes to my pile (C-DISC-2)."""
    for s in SEEDS:
        me, opp = run(280, opp=dict(hand=hand_of(7, 28, 44)), mode=3, seed=s)
        assert me.hand[2] == 44 and me.new[2]
        assert opp.new[2] and opp.hand[:2] == [7, 28]
        assert me.hand[0] == 280  # Durable
        assert me.discarded_own == [GOBLIN] and me.discarded_opp == [44]


def test_280_word_of_power_own_slot_keeps_the_durable_card() -> None:
    """C-FX-5 with C-KW-29: in the played slot, Durable puts Word of power back."""
    me, opp = run(280, opp=dict(hand=hand_of(44)), mode=1)
    assert me.hand[0] == 280
    assert opp.new[0] and me.discarded_opp == [44]


# --- 283 Return to the beginning -------------------------------------------------------

def test_283_return_to_the_beginning_both_towers_and_walls_reset() -> None:
    """C-SETUP-1: Tower 30, Wall 25."""
    me, opp = run(283, dict(tower=80, wall=0), dict(tower=5, wall=120))
    assert (me.tower, me.wall, opp.tower, opp.wall) == (30, 25, 30, 25)


# --- 285 All-elemental attack ----------------------------------------------------------

def test_285_all_elemental_attack_stock_becomes_attack() -> None:
    """Stock after the cost: 32 + 32 + 32 = 96 damage, wall first (C-DMG-1)."""
    me, opp = run(285, opp=dict(wall=40, tower=80))
    assert (opp.wall, opp.tower) == (0, 24)
    assert effect_stock(me, 285, start=0) == (18, 18, 18)  # nothing left but production


# --- 291 General's army ----------------------------------------------------------------

def test_291_generals_army_soldiers_and_recruits() -> None:
    recruits = assert_hand_replaced_with(291, (
        "Light infantry", "Heavy infantry", "Knight", "Crusader", "Royal pikemen",
        "Light cavalry", "Battle formations", "Royal dragoons",
    ))
    assert set(recruits) == {RICH - 20 + 35 + 3}


# --- 292 Elven army --------------------------------------------------------------------

def test_292_elven_army_elves_and_double_production() -> None:
    assert_hand_replaced_with(292, (
        "Elf", "Elf", "Elite elf", "Elite elf", "Elven archer", "Elven archer",
        "Elf commando", "Elf enchantress",
    ))
    me, _ = run(292)
    assert effect_stock(me, 292, factor=2) == (0, 0, 0)  # C-PROD-2


# --- 293 Under siege -------------------------------------------------------------------

def test_293_under_siege_enemy_stock_and_tower() -> None:
    me, opp = run(293, opp=dict(tower=40, wall=20))
    assert (opp.tower, opp.wall) == (28, 20)
    assert enemy_stock(opp) == (-1, -1, -1)
    assert me.hand[0] == 293  # Durable


# --- 294 Plan of salvation -------------------------------------------------------------

def test_294_plan_of_salvation_hand_of_plain_brick_wall_cards() -> None:
    """C-DRAW-4: a list draw per slot from the whole card database."""
    cards = plain_brick_cards("Wall: +")
    assert {1, 4, 19, 149} <= set(cards) and 472 not in cards  # Pirate bay names Brigand
    seen: set[int] = set()
    for s in SEEDS:
        me, _ = run(294, seed=s)
        assert all(c in cards for c in me.hand) and all(me.new)
        assert effect_stock(me, 294) == (25, 0, 0)
        seen |= set(me.hand)
    assert len(seen) > 8


# --- 295 Architectural improvement -----------------------------------------------------

def test_295_architectural_improvement_hand_of_plain_brick_tower_cards() -> None:
    cards = plain_brick_cards("Tower: +")
    assert {2, 18, 21, 87} <= set(cards) and not {196, 203} & set(cards)
    for s in SEEDS:
        me, _ = run(295, seed=s)
        assert all(c in cards for c in me.hand) and all(me.new)
        assert effect_stock(me, 295) == (40, 0, 0)


# --- 298 Vampire lord ------------------------------------------------------------------

def test_298_vampire_lord_attack_magic_and_vampire_in_selected_slot() -> None:
    """C-FX-5: mode 4 is my slot 4. Quick: no production (C-PROD-3)."""
    game = game_after(298, dict(magic=5), dict(wall=5, tower=40), mode=4)
    me, opp = game.players
    assert (opp.wall, opp.tower) == (0, 20)
    assert me.magic == 4
    assert me.hand[3] == 28 and me.new[3]
    assert me.hand[0] == 298  # Durable
    assert effect_stock(me, 298, factor=0) == (0, 0, 0)
    assert game.current == 0  # Quick: extra turn


def test_298_vampire_lord_own_slot_stays_vampire_lord() -> None:
    """C-FX-5 with C-KW-29: Durable decides the played slot."""
    me, _ = run(298, mode=1)
    assert me.hand[0] == 298
    assert 28 not in me.hand


# --- 314 Crugg the Destroyer -----------------------------------------------------------

def test_314_crugg_counts_barbarians_in_hand() -> None:
    """C-FX-8: N counts the played card: Crugg and two Barbarians, N = 3."""
    _, opp = run(314, dict(hand=hand_of(314, 45, 68)), dict(tower=40, wall=30))
    assert (opp.tower, opp.wall) == (22, 3)


def test_314_crugg_alone_n_is_1() -> None:
    _, opp = run(314, opp=dict(tower=40, wall=30))
    assert (opp.tower, opp.wall) == (34, 21)


# --- 315 Completion ritual -------------------------------------------------------------

def test_315_completion_ritual_all_titans_instant_destruction_victory() -> None:
    """C-FX-10: the enemy tower and wall are set to 0, the game ends by destruction."""
    game = game_after(315, dict(hand=hand_of(315, 302, 303, 310, 311, 312)),
                      dict(tower=90, wall=150))
    opp = game.players[1]
    assert (opp.tower, opp.wall) == (0, 0)
    assert game.outcome is not None
    assert (game.outcome.winner, game.outcome.end_type) == (0, EndType.DESTRUCTION)


def test_315_completion_ritual_a_titan_missing_does_nothing() -> None:
    game = game_after(315, dict(hand=hand_of(315, 302, 303, 310, 311)),
                      dict(tower=90, wall=150))
    opp = game.players[1]
    assert (opp.tower, opp.wall) == (90, 150)
    assert game.outcome is None


# --- 323 Beastmaster -------------------------------------------------------------------

def test_323_beastmaster_mode_1_enemy_hand_becomes_non_rare_beasts() -> None:
    """C-DRAW-8: non-rare Beast cards from the whole card database."""
    for s in SEEDS:
        me, opp = run(323, mode=1, seed=s)
        assert all(CARDS[c].has(KW.BEAST) and CARDS[c].rarity in (COMMON, UNCOMMON)
                   for c in opp.hand)
        assert all(opp.new)
        assert me.hand[0] == 323  # Durable


def test_323_beastmaster_mode_2_attack_5_per_beast_in_game() -> None:
    """C-FX-7: both hands; Beastmaster + Minotaur mine, two Griffins the enemy's: 4."""
    _, opp = run(323, dict(hand=hand_of(323, 24)),
                 dict(hand=hand_of(25, 25), wall=5, tower=40), mode=2)
    assert (opp.wall, opp.tower) == (0, 25)


# --- 339 Prince of thieves -------------------------------------------------------------

def test_339_prince_of_thieves_not_new_steals_difference_min_5_max_15() -> None:
    """C-FX-3: the limits apply to each resource: 30 -> 15, 8 -> 8, -10 -> 5."""
    me, opp = run(339, opp=dict(bricks=80, gems=58, recruits=40))
    assert effect_stock(me, 339) == (15, 8, 5)
    assert (opp.bricks, opp.gems, opp.recruits) == (65, 50, 35)


def test_339_prince_of_thieves_new_does_nothing() -> None:
    """C-FLAG-4: the played slot had the NEW CARD flag."""
    me, opp = run(339, dict(new=[1]), dict(bricks=80))
    assert effect_stock(me, 339) == (0, 0, 0)
    assert opp.bricks == 80


# --- 355 Witcher -----------------------------------------------------------------------

def test_355_witcher_discards_keyword_cards_7_damage_each() -> None:
    """Each player is attacked for the cards discarded from his own hand (C-DMG-1)."""
    me, opp = run(355, dict(hand=hand_of(355, 7, 28), wall=4, tower=40),
                  dict(hand=hand_of(44, 7, 28, 247), wall=0, tower=40))
    assert (me.wall, me.tower) == (0, 30)
    assert opp.tower == 12
    assert me.new[1:] == [True, True, False, False, False, False, False]
    assert opp.new == [True] * 4 + [False] * 4
    assert me.discarded_own == [7, 28] and me.discarded_opp == [44, 7, 28, 247]


def test_355_witcher_no_keyword_cards_no_damage() -> None:
    me, opp = run(355, dict(tower=40, wall=0), dict(tower=40, wall=0))
    assert (me.tower, opp.tower) == (40, 40)
    assert not any(opp.new)


# --- 377 Mountain king -----------------------------------------------------------------

def test_377_mountain_king_n_alliance_cards_in_hand() -> None:
    """C-FX-8: Mountain king and two Elves: N = 3."""
    me, opp = run(377, dict(hand=hand_of(377, 122, 122), tower=30, wall=10),
                  dict(wall=0, tower=60))
    assert opp.tower == 25
    assert (me.tower, me.wall) == (39, 22)
    assert effect_stock(me, 377) == (3, 3, 3)


# --- 378 Ice revenant ------------------------------------------------------------------

def test_378_ice_revenant_after_crypt_attack_92() -> None:
    _, opp = run(378, dict(history=[(203, 0, True)]), dict(wall=0, tower=99))
    assert opp.tower == 7


def test_378_ice_revenant_last_played_survives_a_discard() -> None:
    """C-HIST-4 (manual): the most recent card *played* counts, even after a discard."""
    _, opp = run(378, dict(history=[(13, 0, False)], last_played=316), dict(wall=0, tower=99))
    assert opp.tower == 7


def test_378_ice_revenant_otherwise_attack_56() -> None:
    _, opp = run(378, dict(history=[(13, 0, True)]), dict(wall=0, tower=99))
    assert opp.tower == 43


# --- 379 Castle beyond looking glass ---------------------------------------------------

def test_379_castle_beyond_looking_glass_sets_tower_and_wall() -> None:
    me, _ = run(379, dict(tower=80, wall=10))
    assert (me.tower, me.wall) == (50, 70)
    assert effect_stock(me, 379) == (10, 10, 10)


# --- 380 Order of the White Lotus ------------------------------------------------------

def test_380_white_lotus_not_new_averages_everything() -> None:
    """C-GEN-1: 30.5 rounds to 31."""
    me, opp = run(380, dict(tower=20, wall=0, quarry=1, bricks=10),
                  dict(tower=41, wall=9, quarry=6, bricks=31))
    assert (me.tower, me.wall, opp.tower, opp.wall) == (31, 5, 31, 5)
    assert (me.quarry, opp.quarry) == (4, 4)
    assert (me.bricks - me.quarry, opp.bricks) == (21, 21)
    assert (me.gems - me.magic, opp.gems) == (50, 50)


def test_380_white_lotus_new_does_nothing() -> None:
    me, opp = run(380, dict(tower=20, new=[1]), dict(tower=41))
    assert (me.tower, opp.tower) == (20, 41)


# --- 383 Mountain of faith -------------------------------------------------------------

def test_383_mountain_of_faith_hand_becomes_the_holy_host() -> None:
    assert_hand_replaced_with(383, (
        "Shadow fairy", "Fairy", "Heavenly warrior", "Paladin", "Cathedral", "Zealot",
        "Seraphim", "Angel",
    ))


# --- 389 Bank --------------------------------------------------------------------------

def test_389_bank_quarter_of_stock() -> None:
    """C-GEN-1: after the cost 40, 50, 46 -> +10, +13 (12.5), +12 (11.5)."""
    me, _ = run(389, dict(tower=30))
    assert me.tower == 34
    assert effect_stock(me, 389) == (10, 13, 12)
    assert me.hand[0] == 389  # Durable


def test_389_bank_max_25_each() -> None:
    """C-FX-3: the cap applies to each resource."""
    me, _ = run(389, dict(bricks=150, gems=99))
    assert effect_stock(me, 389, start=0) == (150 + 25, 99 + 25, RICH + 12)


# --- 390 Anomaly sphere ----------------------------------------------------------------

def test_390_anomaly_sphere_negates_enemy_gains_of_last_round() -> None:
    """C-HIST-5: the change indicators of the enemy's last round; losses are kept."""
    _, opp = run(390, opp=dict(tower=40, wall=20, magic=4, changes=dict(
        tower=5, wall=-3, magic=1, gems=7, recruits=-2)))
    assert (opp.tower, opp.wall, opp.magic) == (35, 20, 3)
    assert enemy_stock(opp) == (0, -7, 0)


def test_390_anomaly_sphere_extra_turn_does_nothing() -> None:
    """C-HIST-5: on an extra turn "last round" conditions have no effect."""
    _, opp = run(390, dict(history=QUICK_PLAYED), dict(tower=40, changes=dict(tower=5)))
    assert opp.tower == 40


# --- 397 Rainbow dragon ----------------------------------------------------------------

def test_397_rainbow_dragon_counts_different_keywords_in_hand() -> None:
    """Dragon, Legend (itself), Soldier, Charge (Knight), Undead (two Vampires): N = 5."""
    me, opp = run(397, dict(hand=hand_of(397, 7, 28, 28)), dict(wall=0, tower=60))
    assert opp.tower == 20
    assert effect_stock(me, 397) == (10, 10, 10)


# --- 398 Shadow unicorn ----------------------------------------------------------------

def test_398_shadow_unicorn_discards_a_mage_for_30_gems() -> None:
    me, opp = run(398, dict(hand=hand_of(398, GOBLIN, 82), magic=3),
                  dict(wall=5, tower=40, magic=4))
    assert (opp.wall, opp.tower) == (0, 20)
    assert (me.magic, opp.magic) == (4, 3)
    assert effect_stock(me, 398) == (0, 30, 0)
    assert me.new[2] and not me.new[1] and me.discarded_own == [82]


def test_398_shadow_unicorn_no_mage_no_gems() -> None:
    me, _ = run(398)
    assert effect_stock(me, 398) == (0, 0, 0)
    assert me.discarded_own == []


def test_398_shadow_unicorn_picks_one_of_several_mages_at_random() -> None:
    picked = {run(398, dict(hand=hand_of(398, 82, 53)), seed=s)[0].discarded_own[0]
              for s in SEEDS}
    assert picked == {82, 53}


# --- 401 Invocation --------------------------------------------------------------------

def test_401_invocation_per_5_bricks_and_gems_rounded() -> None:
    """C-GEN-1: 13 bricks / 5 = 2.6 -> 3; 52 gems / 5 = 10.4 -> 10."""
    me, opp = run(401, dict(bricks=13, gems=52, tower=30, wall=20))
    assert (me.tower, me.wall) == (33, 23)
    assert enemy_stock(opp) == (-10, -10, -10)


# --- 403 Dark horde --------------------------------------------------------------------

def test_403_dark_horde_orcs_and_goblins_and_recruits() -> None:
    recruits = assert_hand_replaced_with(403, (
        "Goblin", "Goblin", "Elite orc", "Elite orc", "Goblin saboteur", "Ogre", "Troll",
        "Orc regiment",
    ), dict(hand=[403, 7, 13, 28, 13, 44, 13, 1]))
    assert set(recruits) == {RICH - 40 + 80 + 3}


# --- 404 Thor --------------------------------------------------------------------------

def test_404_thor_attack_tower_damage_and_chain_lightning_next() -> None:
    game = game_after(404, opp=dict(wall=10, tower=50))
    me, opp = game.players
    assert (opp.wall, opp.tower) == (0, 25)
    assert me.hand[0] == 374
    assert game.current == 0  # Swift


# --- 407 Dwarven fortress --------------------------------------------------------------

def test_407_dwarven_fortress_many_alliance_max_wall() -> None:
    """C-FX-8: five Alliance cards counting itself is more than 4."""
    me, _ = run(407, dict(hand=hand_of(407, 122, 122, 111, 272), tower=80, wall=10))
    assert (me.tower, me.wall) == (40, 150)


def test_407_dwarven_fortress_few_alliance_wall_plus_50() -> None:
    me, _ = run(407, dict(hand=hand_of(407, 122, 122, 111), tower=10, wall=10))
    assert (me.tower, me.wall) == (40, 60)


# --- 426 Arthoria the Saber ------------------------------------------------------------

def test_426_arthoria_the_saber_attack_15() -> None:
    game = game_after(426, opp=dict(wall=10, tower=50))
    me, opp = game.players
    assert (opp.wall, opp.tower) == (0, 45)
    assert me.hand[0] == 426 and game.current == 0  # Durable, Swift


# --- 427 Darkforge ---------------------------------------------------------------------

def test_427_darkforge_recruits_production_x10() -> None:
    me, _ = run(427, dict(dungeons=4))
    assert me.recruits == RICH + 40
    assert (me.bricks, me.gems) == (RICH - 18 + 3, RICH - 9 + 3)


# --- 428 Spectral dragon ---------------------------------------------------------------

def test_428_spectral_dragon_attack_150_and_gems() -> None:
    me, opp = run(428, opp=dict(wall=70, tower=90))
    assert (opp.wall, opp.tower) == (0, 10)
    assert effect_stock(me, 428) == (0, 20, 0)


# --- 434 Outnumbered and outmatched ----------------------------------------------------

def test_434_outnumbered_more_than_52_recruits_ahead() -> None:
    me, opp = run(434, dict(recruits=120), dict(recruits=67, tower=80, wall=40))
    assert me.recruits == 67 + me.dungeons
    assert (opp.tower, opp.wall) == (1, 0)


def test_434_outnumbered_exactly_52_ahead_does_nothing() -> None:
    me, opp = run(434, dict(recruits=120), dict(recruits=68, tower=80, wall=40))
    assert me.recruits == 120 + me.dungeons
    assert (opp.tower, opp.wall) == (80, 40)


# --- 435 Alastor flame of heavens ------------------------------------------------------

def test_435_alastor_gems_50_and_magic() -> None:
    me, _ = run(435)
    assert me.magic == 4
    assert effect_stock(me, 435) == (0, 50, 0)


# --- 447 Imperial army -----------------------------------------------------------------

def test_447_imperial_army_attack_45() -> None:
    """The wall holds (50 -> 5), so no Charge (C-KW-28)."""
    _, opp = run(447, opp=dict(wall=50, tower=60))
    assert (opp.wall, opp.tower) == (5, 60)


# --- 450 White shrine ------------------------------------------------------------------

def test_450_white_shrine_highest_plus_1_lowest_plus_2() -> None:
    me, _ = run(450, dict(tower=30, quarry=5, magic=3, dungeons=1))
    assert me.tower == 40
    assert facilities(me) == (6, 3, 3)


def test_450_white_shrine_ties_are_random() -> None:
    """C-FX-15: with 3, 3, 3 both targets are drawn among the ties before either change,
    independently: one facility +1 and another +2, or the same one +3."""
    results = [facilities(run(450, seed=s)[0]) for s in range(1, 121)]
    assert all(sorted(r) in ([3, 4, 5], [3, 3, 6]) for r in results)
    assert len(set(results)) == 9
    assert 20 <= sum(sorted(r) == [3, 3, 6] for r in results) <= 60  # about 1/3 of 120


# --- 453 Ancient sage ------------------------------------------------------------------

def test_453_ancient_sage_production_alliance_plus_nature() -> None:
    """The sage counts for both keywords; Ent too: 2 + 2 + Elf + Erosion = 6 (C-FX-8)."""
    me, _ = run(453, dict(hand=hand_of(453, 186, 122, 79)))
    assert effect_stock(me, 453, factor=6) == (0, 0, 0)


def test_453_ancient_sage_production_at_most_x6() -> None:
    me, _ = run(453, dict(hand=hand_of(453, 186, 186, 122)))
    assert effect_stock(me, 453, factor=6) == (0, 0, 0)


def test_453_ancient_sage_alone_production_x2() -> None:
    me, _ = run(453)
    assert effect_stock(me, 453, factor=2) == (0, 0, 0)


# --- 456 Prosperity --------------------------------------------------------------------

def test_456_prosperity_not_new_stock_16() -> None:
    me, _ = run(456)
    assert effect_stock(me, 456) == (16, 16, 16)


def test_456_prosperity_new_does_nothing() -> None:
    me, _ = run(456, dict(new=[1]))
    assert effect_stock(me, 456) == (0, 0, 0)


# --- 461 Avenging angel ----------------------------------------------------------------

def test_461_avenging_angel_attack_max_tower_minus_tower() -> None:
    _, opp = run(461, dict(tower=40), dict(wall=20, tower=60))
    assert (opp.wall, opp.tower) == (0, 20)


# --- 464 Chimera -----------------------------------------------------------------------

def test_464_chimera_direct_damage_then_attack() -> None:
    _, opp = run(464, opp=dict(wall=30, tower=60))
    assert (opp.wall, opp.tower) == (0, 30)


# --- 467 Wind witch --------------------------------------------------------------------

def test_467_wind_witch_attack_triple_gems_and_wind_in_enemy_slot() -> None:
    """C-FX-5: mode 6 is the enemy's slot 6."""
    game = game_after(467, dict(magic=4), dict(wall=0, tower=50, hand=hand_of(44)), mode=6)
    me, opp = game.players
    assert opp.tower == 32
    assert (me.bricks, me.gems, me.recruits) == (RICH + 3, RICH - 20 + 3 * 4, RICH + 3)
    assert opp.hand[5] == 247 and opp.new[5] and opp.hand[0] == 44
    assert me.discarded_opp == [GOBLIN]
    assert game.current == 0  # Swift


# --- 474 Market week -------------------------------------------------------------------

def test_474_market_week_traders_and_half_stock() -> None:
    """"Halves your stock": each resource becomes round(x/2), half up (C-FX-17)."""
    assert_hand_replaced_with(474, (
        "Merchant", "Caravan", "Wealth", "Merchant ship", "Fair trade", "Greed is good",
        "Prosperity", "Bank",
    ))
    me, _ = run(474, dict(bricks=51, recruits=7))
    assert effect_stock(me, 474, start=0) == (26, 25, 4)  # 51 -> 26, 50 -> 25, 7 -> 4


# --- 482 Wicked Ritual -----------------------------------------------------------------

def test_482_wicked_ritual_attack_30_per_different_titan_discarded() -> None:
    me, opp = run(482, dict(hand=hand_of(482, 302, 302, 310)), dict(wall=0, tower=90))
    assert opp.tower == 30
    assert me.new[1:4] == [True] * 3 and not any(me.new[4:])
    assert me.discarded_own == [302, 302, 310]


def test_482_wicked_ritual_no_titans_no_attack() -> None:
    _, opp = run(482, opp=dict(wall=0, tower=90))
    assert opp.tower == 90


# --- 495 Globe of Myr ------------------------------------------------------------------

def test_495_globe_of_myr_selected_slot_gets_quick_or_swift_card() -> None:
    """C-FX-5, C-DRAW-8: any Quick or Swift card of the card database."""
    got = set()
    for s in SEEDS:
        me, _ = run(495, mode=3, seed=s)
        assert CARDS[me.hand[2]].kw & (KW.QUICK | KW.SWIFT) and me.new[2]
        assert me.hand[0] == 495  # Durable
        got.add(me.hand[2])
    assert len(got) > 5


# --- 499 Citadel of Myr ----------------------------------------------------------------

def test_499_citadel_of_myr_doubles_tower() -> None:
    me, _ = run(499, dict(tower=35))
    assert me.tower == 70


# --- 500 Forest dragon -----------------------------------------------------------------

def test_500_forest_dragon_attack_10_per_nature_in_game() -> None:
    """C-FX-7: itself and Erosion in my hand, Tremors and Blizzard in the enemy's: 4."""
    _, opp = run(500, dict(hand=hand_of(500, 79)), dict(hand=hand_of(300, 241), wall=5,
                                                          tower=60))
    assert (opp.wall, opp.tower) == (0, 25)


# --- 506 Water dragon ------------------------------------------------------------------

def test_506_water_dragon_attack_40_and_stock() -> None:
    me, opp = run(506, opp=dict(wall=10, tower=60))
    assert (opp.wall, opp.tower) == (0, 30)
    assert effect_stock(me, 506) == (10, 10, 10)


# --- 515 Koschei the Deathless ---------------------------------------------------------

def test_515_koschei_attack_20() -> None:
    me, opp = run(515, opp=dict(wall=5, tower=60))
    assert (opp.wall, opp.tower) == (0, 45)
    assert me.hand[0] == 515  # Durable


# --- 517 Cockatrice --------------------------------------------------------------------

def test_517_cockatrice_destroys_recruits_half_as_bricks() -> None:
    """C-GEN-1: 45 / 2 = 22.5 -> 23."""
    me, opp = run(517, opp=dict(wall=0, tower=60, recruits=45))
    assert (opp.tower, opp.recruits) == (40, 0)
    assert effect_stock(me, 517) == (23, 0, 0)


# --- 526 Princess of elves -------------------------------------------------------------

def test_526_princess_of_elves_stock_and_rare_from_enemy_deck() -> None:
    enemy_deck = (DECK[0], DECK[1], card_ids(RARE)[15:30])
    for s in SEEDS:
        me, _ = run(526, opp=dict(deck=enemy_deck), seed=s)
        assert effect_stock(me, 526) == (6, 6, 6)
        assert me.hand[0] in enemy_deck[RARE]


# --- 530 Ocean queen -------------------------------------------------------------------

def test_530_ocean_queen_bonus_by_rarity_of_last_aqua_card() -> None:
    for last, bonus in ((504, 10), (505, 25), (506, 50)):
        _, opp = run(530, dict(history=[(last, 0, True)]), dict(wall=0, tower=99))
        assert opp.tower == 99 - 40 - bonus, CARDS[last].name


def test_530_ocean_queen_last_played_not_aqua_attack_40() -> None:
    _, opp = run(530, dict(history=[(13, 0, True)]), dict(wall=0, tower=99))
    assert opp.tower == 59


def test_530_ocean_queen_aqua_played_before_a_discard_counts() -> None:
    """C-HIST-4 (manual): the last card *played*, even if a discard came after it."""
    _, opp = run(530, dict(history=[(13, 0, False)], last_played=506), dict(wall=0, tower=99))
    assert opp.tower == 9
