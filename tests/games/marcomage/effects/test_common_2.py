"""Card effects of the Common cards 248..393 handled in effects/common_2.py.

Start values (C-SETUP-1): tower 30, wall 25, facilities 3, bricks 15, gems 5, recruits 10.
Every play ends with production (C-PROD-1), so a stock assertion reads
start - cost + effect + production; token keywords do nothing (no token slots are set).
"""

from __future__ import annotations

from typing import Any

import pytest

from marcomage.games.marcomage.cards import CARDS, KW, PURIFIED_ASHES, RARE, UNCOMMON, card_ids
from marcomage.games.marcomage.state import Game, Player
from tests.games.marcomage.builders import DECK, GOBLIN, duel, play

RARES = card_ids(RARE)[:7]
FANATIC = 340
GOLDEN_SCEPTER, SCEPTER_OF_SUMMONING, TARTARUS_GATE = 351, 159, 313
NECROMANCY = 145  # a Common Quick card: a history ending with it makes an extra turn
KNIGHT = 7  # Soldier, Charge (5 recruits)
BARBARIAN = 45
WISP = 257  # Burning
SEEDS = range(1, 21)
DECK_CARDS = {c for pool in DECK for c in pool}


def run(card: int, *, me: dict[str, Any] | None = None, opp: dict[str, Any] | None = None,
        slot: int = 1, mode: int = 0, seed: int = 1, me_new: tuple[int, ...] = (),
        opp_new: tuple[int, ...] = ()) -> Game:
    """Play `card` from `slot` in a fresh duel and return the game; `me_new`/`opp_new`
    are the slots (1..8) holding NEW flags before the play."""
    game = duel(me=me, opp=opp, seed=seed)
    for p, slots in zip(game.players, (me_new, opp_new), strict=True):
        p.new = [i + 1 in slots for i in range(8)]
    return play(game, card, slot=slot, mode=mode)


def sides(game: Game) -> tuple[Player, Player]:
    return game.players[0], game.players[1]


def new_slots(p: Player) -> list[int]:
    """Slots 1..8 carrying the NEW flag."""
    return [i + 1 for i, flag in enumerate(p.new) if flag]


def hand(*cards: int) -> list[int]:
    """A hand of 8 cards: the given ones first, Goblins after."""
    return [*cards, *[GOBLIN] * (8 - len(cards))]


def stock(p: Player) -> tuple[int, int, int]:
    return p.bricks, p.gems, p.recruits


# --- 248 Searing fire --------------------------------------------------------------

def test_248_searing_fire_hurts_both_players() -> None:
    me, opp = sides(run(248))
    assert (me.tower, me.wall, opp.tower, opp.wall) == (28, 20, 28, 20)
    assert stock(me) == (15 - 2 + 3, 5 - 2 + 3, 10 - 2 + 3)
    assert stock(opp) == (13, 3, 8)


def test_248_searing_fire_wall_loss_does_not_reach_tower() -> None:
    """'Wall: -5' is direct; the surplus is lost (C-DMG-2)."""
    me, opp = sides(run(248, me=dict(wall=3), opp=dict(wall=2)))
    assert (me.tower, me.wall, opp.tower, opp.wall) == (28, 0, 28, 0)


# --- 250 Dragon whelp --------------------------------------------------------------

def test_250_dragon_whelp_attacks_wall_first() -> None:
    """Attack: 5 (C-DMG-1)."""
    me, opp = sides(run(250))
    assert (opp.tower, opp.wall) == (30, 20)
    assert me.gems == 5 - 3 + 3


def test_250_dragon_whelp_surplus_hits_tower() -> None:
    _, opp = sides(run(250, opp=dict(wall=2)))
    assert (opp.tower, opp.wall) == (27, 0)


# --- 251 Tribute -------------------------------------------------------------------

@pytest.mark.parametrize("seed", SEEDS)
def test_251_tribute_each_player_discards_three_non_rare(seed: int) -> None:
    """Rares stay; each player loses 3 non-rare cards, refilled without rares (C-DRAW-9,
    C-FX-6). The played slot, refilled first, is one of my candidates (C-FX-12): when it
    is chosen, only 2 of my other cards go, and it never enters a pile (C-DISC-2)."""
    game = run(251, seed=seed, me=dict(hand=hand(GOBLIN, *RARES[:3])),
               opp=dict(hand=hand(*RARES[3:6])))
    me, opp = sides(game)
    assert me.hand[1:4] == list(RARES[:3]) and opp.hand[:3] == list(RARES[3:6])
    mine = [s for s in new_slots(me) if s != 1]
    theirs = new_slots(opp)
    assert len(mine) in (2, 3) and all(s >= 5 for s in mine)
    assert len(theirs) == 3 and all(s >= 4 for s in theirs)
    assert all(CARDS[p.hand[s - 1]].rarity != RARE for p, ss in ((me, mine), (opp, theirs))
               for s in ss)
    assert me.discarded_own == [GOBLIN] * len(mine) and me.discarded_opp == [GOBLIN] * 3


def test_251_tribute_the_refilled_played_slot_can_be_discarded() -> None:
    """C-FX-12: over many seeds the played slot's fresh card is sometimes one of the three."""
    mine = []
    for seed in range(1, 41):
        me, _ = sides(run(251, seed=seed, me=dict(hand=hand(GOBLIN, *RARES[:3]))))
        mine.append(len(me.discarded_own))
    assert set(mine) == {2, 3}


@pytest.mark.parametrize("seed", SEEDS)
def test_251_tribute_both_discard_the_same_number(seed: int) -> None:
    """C-FX-17: min(3, my non-rare slots, the enemy's): the enemy has one non-rare card, so
    I lose only one too (the fresh card of the played slot or one of my two Goblins)."""
    game = run(251, seed=seed, me=dict(hand=[GOBLIN, *RARES[:5], GOBLIN, GOBLIN]),
               opp=dict(hand=[*RARES[:7], GOBLIN]))
    me, opp = sides(game)
    assert new_slots(opp) == [8] and me.discarded_opp == [GOBLIN]
    assert new_slots(me)[0] == 1 and len(new_slots(me)) <= 2
    assert me.discarded_own in ([], [GOBLIN])
    assert me.hand[1:6] == list(RARES[:5]) and opp.hand[:7] == list(RARES[:7])


# --- 252 Black market --------------------------------------------------------------

MINE = (262, 297, 289, 301)  # distinct non-rare cards
THEIRS = (271, 275, 278, 279, 300)


@pytest.mark.parametrize("seed", SEEDS)
def test_252_black_market_switches_three_non_rare(seed: int) -> None:
    game = run(252, seed=seed, me=dict(hand=[GOBLIN, *MINE, *RARES[:3]]),
               opp=dict(hand=[*THEIRS, *RARES[3:6]]))
    me, opp = sides(game)
    assert me.hand[5:] == list(RARES[:3]) and opp.hand[5:] == list(RARES[3:6])
    got = [c for c in me.hand[:5] if c in THEIRS]
    gave = [c for c in opp.hand[:5] if c not in THEIRS]
    assert len(got) == 3 and len(gave) == 3
    # The played slot is refilled first and is one of my candidates (C-FX-12).
    fresh = [c for c in gave if c not in MINE]
    assert len(fresh) <= 1 and all(c in DECK_CARDS for c in fresh)
    kept_theirs = [c for c in opp.hand[:5] if c in THEIRS]
    assert sorted([*kept_theirs, *got]) == sorted(THEIRS)
    # Switched slots carry their new owner's flag (C-FLAG-2).
    assert len(new_slots(opp)) == 3


def test_252_black_market_can_hand_over_the_fresh_card() -> None:
    """C-FX-12: over many seeds the enemy sometimes receives my played slot's new card."""
    handed = 0
    for seed in range(1, 41):
        _, opp = sides(run(252, seed=seed, me=dict(hand=[GOBLIN, *MINE, *RARES[:3]]),
                           opp=dict(hand=[*THEIRS, *RARES[3:6]])))
        handed += any(c in DECK_CARDS for c in opp.hand[:5])
    assert 0 < handed < 40


def test_252_black_market_up_to_three() -> None:
    """The enemy has one non-rare card: one switch only."""
    game = run(252, me=dict(hand=[GOBLIN, *MINE, *RARES[:3]]),
               opp=dict(hand=[THEIRS[0], *RARES[:7]]))
    me, opp = sides(game)
    assert (opp.hand[0] in MINE or opp.hand[0] in DECK_CARDS)
    assert opp.hand[1:] == list(RARES[:7])
    assert sum(c == THEIRS[0] for c in me.hand[:5]) == 1


# --- 256 Bronze golem --------------------------------------------------------------

def test_256_bronze_golem_lowers_enemy_wall() -> None:
    me, opp = sides(run(256))
    assert (opp.tower, opp.wall) == (30, 19)
    assert me.bricks == 15 - 4 + 3


def test_256_bronze_golem_is_direct() -> None:
    """'Enemy wall: -6' never reaches the tower (C-DMG-2)."""
    _, opp = sides(run(256, opp=dict(wall=4)))
    assert (opp.tower, opp.wall) == (30, 0)


# --- 257 Wisp ----------------------------------------------------------------------

def test_257_wisp_tower_and_enemy_tower() -> None:
    me, opp = sides(run(257, opp=dict(wall=40)))
    assert (me.tower, opp.tower, opp.wall) == (32, 28, 40)
    assert me.gems == 5 - 5 + 3


# --- 258 Giant bear ----------------------------------------------------------------

def test_258_giant_bear_attack_and_recruits() -> None:
    me, opp = sides(run(258))
    assert opp.wall == 21
    assert me.recruits == 10 - 4 + 3 + 3


# --- 259 Dire wolves ---------------------------------------------------------------

def test_259_dire_wolves_attack_without_production() -> None:
    """Production x0 (C-PROD-2)."""
    me, opp = sides(run(259))
    assert opp.wall == 16
    assert stock(me) == (15, 5, 10 - 2)


# --- 260 Burglars ------------------------------------------------------------------

def test_260_burglars_attack_and_steal() -> None:
    me, opp = sides(run(260))
    assert opp.wall == 21
    assert stock(me) == (15 + 2 + 3, 5 + 2 + 3, 10 - 8 + 2 + 3)
    assert stock(opp) == (13, 3, 8)


# --- 261 Magnetic whirpool ---------------------------------------------------------

def test_261_magnetic_whirpool_moves_recruits() -> None:
    me, opp = sides(run(261))
    assert (me.gems, me.recruits) == (5 - 4 + 3, 10 + 3 + 3)
    assert opp.recruits == 7


# --- 262 Magical forge -------------------------------------------------------------

def test_262_magical_forge_wall() -> None:
    me, _ = sides(run(262))
    assert me.wall == 31
    assert stock(me) == (17, 7, 12)


# --- 263 Saints Day ----------------------------------------------------------------

def test_263_saints_day_stock_without_production() -> None:
    me, _ = sides(run(263))
    assert stock(me) == (19, 9, 14)


# --- 269 Militia -------------------------------------------------------------------

@pytest.mark.parametrize("mode", range(1, 9))
def test_269_militia_discards_the_selected_card(mode: int) -> None:
    """Mode = the slot to discard (C-FX-5), refilled without rares (C-DRAW-9); the
    played slot (4) needs no extra discard. Quick: extra turn, no production."""
    game = run(269, slot=4, mode=mode)
    me, _ = sides(game)
    assert me.wall == 26
    assert sum(stock(me)) == 15 + 5 + 10 - 1
    assert game.current == 0
    if mode == 4:
        assert new_slots(me) == [4] and me.discarded_own == []
    else:
        assert new_slots(me) == sorted({4, mode}) and me.discarded_own == [GOBLIN]
        assert CARDS[me.hand[mode - 1]].rarity != RARE


def test_269_militia_random_resource_lost() -> None:
    """One random resource -1; over seeds each resource is hit."""
    hit = set()
    for seed in SEEDS:
        me, _ = sides(run(269, mode=2, seed=seed))
        diff = [a - b for a, b in zip(stock(me), (15, 5, 10), strict=True)]
        assert sorted(diff) == [-1, 0, 0]
        hit.add(diff.index(-1))
    assert hit == {0, 1, 2}


# --- 271 Stone archer --------------------------------------------------------------

def test_271_stone_archer_enemy_tower_and_stock() -> None:
    me, opp = sides(run(271))
    assert (opp.tower, opp.wall) == (28, 25)
    assert stock(me) == (15 - 3 + 1 + 3, 5 + 1 + 3, 10 + 1 + 3)


# --- 272 Elven archer --------------------------------------------------------------

def test_272_elven_archer_higher_wall_hits_tower() -> None:
    _, opp = sides(run(272, me=dict(wall=30), opp=dict(wall=20)))
    assert (opp.tower, opp.wall) == (23, 20)


def test_272_elven_archer_else_attacks() -> None:
    _, opp = sides(run(272, me=dict(wall=25), opp=dict(wall=25)))
    assert (opp.tower, opp.wall) == (30, 19)


# --- 273 Merchant ------------------------------------------------------------------

@pytest.mark.parametrize(("mode", "expected"), [
    (1, (15 - 1 + 6 + 3, 5 - 1 + 3, 10 - 1 + 3)),
    (2, (15 - 1 + 3, 5 - 1 + 5 + 3, 10 - 1 + 3)),
    (3, (15 - 1 + 3, 5 - 1 + 3, 10 - 1 + 5 + 3)),
])
def test_273_merchant_modes(mode: int, expected: tuple[int, int, int]) -> None:
    me, _ = sides(run(273, mode=mode))
    assert stock(me) == expected


# --- 274 Hidden treasure -----------------------------------------------------------

def test_274_hidden_treasure_after_zero_cost_card() -> None:
    """The initial history is the Empty card, a zero-cost card (C-SETUP-7)."""
    me, _ = sides(run(274))
    assert (me.gems, me.recruits) == (5 + 3 + 3, 10 + 2 + 3)


def test_274_hidden_treasure_else() -> None:
    me, _ = sides(run(274, me=dict(history=[(262, 0, True)])))
    assert (me.gems, me.recruits) == (5 + 2 + 3, 10 + 1 + 3)


def test_274_hidden_treasure_skips_discards() -> None:
    """'Last card played' skips a later discard (C-HIST-4, manual)."""
    me, _ = sides(run(274, me=dict(history=[(297, 0, True), (262, 0, False)])))
    assert (me.gems, me.recruits) == (5 + 3 + 3, 10 + 2 + 3)


# --- 275 Clay pit ------------------------------------------------------------------

def test_275_clay_pit_doubles_bricks_production() -> None:
    me, _ = sides(run(275, me=dict(quarry=4)))
    assert stock(me) == (15 + 8, 5 + 3, 10 + 3)
    assert me.changes[3] == 4  # x2 shows +quarry (C-CHG-2)


# --- 278 Guard tower ---------------------------------------------------------------

def test_278_guard_tower_mode_1_wall() -> None:
    me, _ = sides(run(278, mode=1))
    assert (me.tower, me.wall) == (30, 33)


def test_278_guard_tower_mode_2_tower() -> None:
    me, _ = sides(run(278, mode=2))
    assert (me.tower, me.wall) == (35, 25)


# --- 279 Heavy infantry ------------------------------------------------------------

def test_279_heavy_infantry_mode_1_wall() -> None:
    me, opp = sides(run(279, mode=1))
    assert me.wall == 30 and (opp.tower, opp.wall) == (30, 25)


def test_279_heavy_infantry_mode_2_attack() -> None:
    _, opp = sides(run(279, mode=2, opp=dict(wall=2)))
    assert (opp.tower, opp.wall) == (26, 0)


def test_279_heavy_infantry_mode_3_enemy_tower() -> None:
    me, opp = sides(run(279, mode=3))
    assert me.wall == 25 and (opp.tower, opp.wall) == (26, 25)


# --- 281 Berserker -----------------------------------------------------------------

@pytest.mark.parametrize(("tower", "damage"), [(30, 9), (29, 10), (10, 10), (9, 11), (100, 6)])
def test_281_berserker_attack_11_minus_tower_twentieths(tower: int, damage: int) -> None:
    """N = Tower / 20 rounded half away from zero (C-GEN-1): 30 -> 2, 29 -> 1, 10 -> 1."""
    _, opp = sides(run(281, me=dict(tower=tower), opp=dict(tower=50, wall=0)))
    assert opp.tower == 50 - damage


# --- 289 Baron's keep --------------------------------------------------------------

def test_289_barons_keep_tower_and_wall() -> None:
    me, _ = sides(run(289))
    assert (me.tower, me.wall, me.bricks) == (33, 32, 15 - 8 + 3)


# --- 297 Palisade wall -------------------------------------------------------------

def test_297_palisade_wall_wall() -> None:
    me, _ = sides(run(297))
    assert me.wall == 27


# --- 299 Furious crowd -------------------------------------------------------------

def test_299_furious_crowd_attack_by_own_facilities() -> None:
    _, opp = sides(run(299, me=dict(quarry=5, magic=4, dungeons=2), opp=dict(quarry=9)))
    assert opp.wall == 25 - 11


# --- 300 Tremors -------------------------------------------------------------------

def test_300_tremors_enemy_bricks() -> None:
    me, opp = sides(run(300))
    assert opp.bricks == 10 and me.gems == 5 - 2 + 3


# --- 301 Lookout towers ------------------------------------------------------------

@pytest.mark.parametrize(("tower", "wall", "after"), [
    (30, 40, 45), (44, 50, 59),  # Tower < Wall and Tower < 45
    (30, 25, 36), (30, 30, 36),  # Tower not below Wall
    (45, 60, 51),  # Tower not below 45
])
def test_301_lookout_towers_both_branches(tower: int, wall: int, after: int) -> None:
    me, _ = sides(run(301, me=dict(tower=tower, wall=wall)))
    assert me.tower == after


# --- 302 Titan's left arm ----------------------------------------------------------

def test_302_titans_left_arm_stock_by_unliving_cards() -> None:
    """The played card counts itself (C-FX-8): 302, 303 and 256 are Unliving."""
    me, _ = sides(run(302, me=dict(hand=hand(GOBLIN, 303, 256))))
    assert stock(me) == (15 - 7 + 3 + 3, 5 + 3 + 3, 10 + 3 + 3)


def test_302_titans_left_arm_alone_counts_one() -> None:
    me, _ = sides(run(302))
    assert stock(me) == (15 - 7 + 1 + 3, 5 + 1 + 3, 10 + 1 + 3)


# --- 303 Titan's right arm ---------------------------------------------------------

def test_303_titans_right_arm_tower_and_wall_by_unliving_cards() -> None:
    me, _ = sides(run(303, me=dict(hand=hand(GOBLIN, 302, 256, 362))))
    assert (me.tower, me.wall) == (34, 29)


# --- 319 Fire guardian -------------------------------------------------------------

def test_319_fire_guardian_last_played_not_burning_costs_gems() -> None:
    me, _ = sides(run(319, me=dict(gems=10)))
    assert me.wall == 35 and me.gems == 10 - 2 - 4 + 3


def test_319_fire_guardian_after_burning_card() -> None:
    me, _ = sides(run(319, me=dict(gems=10, history=[(WISP, 0, True)])))
    assert me.wall == 35 and me.gems == 10 - 2 + 3


def test_319_fire_guardian_last_card_played_skips_discard() -> None:
    """A discard after the Burning card does not hide it (C-HIST-4, manual)."""
    me, _ = sides(run(319, me=dict(gems=10, history=[(WISP, 0, True), (262, 0, False)])))
    assert me.gems == 10 - 2 + 3


# --- 325 Cleansing -----------------------------------------------------------------

@pytest.mark.parametrize("seed", SEEDS)
def test_325_cleansing_replaces_up_to_four_undead(seed: int) -> None:
    undead = [112, 113, 114, 28, 86]
    game = run(325, seed=seed, me=dict(gems=10), opp=dict(hand=[*undead, GOBLIN, 1, 2]))
    _, opp = sides(game)
    assert opp.hand[5:] == [GOBLIN, 1, 2]
    assert opp.hand[:5].count(PURIFIED_ASHES) == 4
    assert len([c for c in opp.hand[:5] if c in undead]) == 1
    assert len(new_slots(opp)) == 4


def test_325_cleansing_fewer_undead() -> None:
    _, opp = sides(run(325, me=dict(gems=10), opp=dict(hand=hand(357, 445))))
    assert opp.hand == hand(PURIFIED_ASHES, PURIFIED_ASHES)
    assert new_slots(opp) == [1, 2]


# --- 327 Temple of light -----------------------------------------------------------

@pytest.mark.parametrize("mode", range(1, 9))
def test_327_temple_of_light_selected_slot_gets_holy_card(mode: int) -> None:
    """Mode = slot (C-FX-5); choosing the played slot (4) makes its next card Holy."""
    me, _ = sides(run(327, slot=4, mode=mode))
    assert me.tower == 33
    assert CARDS[me.hand[mode - 1]].has(KW.HOLY)
    assert new_slots(me) == sorted({4, mode})
    assert me.discarded_own == ([] if mode == 4 else [GOBLIN])


# --- 328 Tribes of east ------------------------------------------------------------

def test_328_tribes_of_east_with_barbarian_tokens() -> None:
    """'Barbarian tokens are set' = a token slot holds Barbarian (C-FX-11)."""
    me, _ = sides(run(328, me=dict(tokens={"Barbarian": 0})))
    assert stock(me) == (15 - 2 + 3 + 3, 5 - 2 + 3 + 3, 10 - 2 + 3 + 3)
    assert CARDS[me.hand[0]].has(KW.BARBARIAN)


def test_328_tribes_of_east_without_barbarian_tokens() -> None:
    me, _ = sides(run(328, me=dict(tokens={"Mage": 0})))
    assert stock(me) == (15 - 2 + 3, 5 - 2 + 3, 10 - 2 + 3)
    assert CARDS[me.hand[0]].has(KW.BARBARIAN)


# --- 329 Conjurer ------------------------------------------------------------------

@pytest.mark.parametrize("mode", range(1, 9))
def test_329_conjurer_selected_slot_becomes_conjurer(mode: int) -> None:
    """Mode = slot (C-FX-5); the played slot (4) keeps the Conjurer."""
    me, _ = sides(run(329, slot=4, mode=mode))
    assert (me.wall, *stock(me)) == (28, 15, 5 - 1 + 6, 10)
    if mode == 4:
        assert me.hand == hand(GOBLIN, GOBLIN, GOBLIN, 329)
        assert new_slots(me) == [4]
    else:
        assert me.hand[mode - 1] == 329 and new_slots(me) == sorted({4, mode})


# --- 331 Benediction ---------------------------------------------------------------

def test_331_benediction_raises_stock_by_holy_cards_max_4() -> None:
    """Me: 331 itself + 5 Holy = 6, capped at 4 (C-FX-3); enemy: 2 Holy."""
    holy = [139, 176, 325, 327, 332]
    me, opp = sides(run(331, me=dict(hand=hand(GOBLIN, *holy)), opp=dict(hand=hand(139, 366))))
    assert stock(me) == (15 + 4 + 3, 5 - 1 + 4 + 3, 10 + 4 + 3)
    assert stock(opp) == (17, 7, 12)


def test_331_benediction_counts_played_card() -> None:
    me, opp = sides(run(331))
    assert stock(me) == (15 + 1 + 3, 5 - 1 + 1 + 3, 10 + 1 + 3)
    assert stock(opp) == (15, 5, 10)


# --- 332 Retribution ---------------------------------------------------------------

def test_332_retribution_lowers_stock_by_undead_cards_max_4() -> None:
    undead = [112, 113, 114, 357, 445, 481]
    me, opp = sides(run(332, me=dict(hand=hand(GOBLIN, 112, 113)), opp=dict(hand=hand(*undead))))
    assert stock(me) == (15 - 2 + 3, 5 - 1 - 2 + 3, 10 - 2 + 3)
    assert stock(opp) == (11, 1, 6)


# --- 333 Death wave ----------------------------------------------------------------

def test_333_death_wave_attack_4_per_undead() -> None:
    _, opp = sides(run(333, me=dict(gems=10, hand=hand(GOBLIN, 112, 113, 114))))
    assert opp.wall == 25 - 12


def test_333_death_wave_max_5() -> None:
    undead = [112, 113, 114, 357, 445, 481, 28]
    _, opp = sides(run(333, me=dict(gems=10, hand=hand(GOBLIN, *undead)), opp=dict(wall=30)))
    assert opp.wall == 30 - 20


# --- 334 Tarkhan -------------------------------------------------------------------

def test_334_tarkhan_after_barbarian() -> None:
    _, opp = sides(run(334, me=dict(history=[(BARBARIAN, 0, True)])))
    assert (opp.tower, opp.wall) == (30, 25 - 7 - 7)


def test_334_tarkhan_else_attack_only() -> None:
    _, opp = sides(run(334))
    assert (opp.tower, opp.wall) == (30, 18)


def test_334_tarkhan_last_card_played_skips_discard() -> None:
    """A discard after the Barbarian does not hide it (C-HIST-4, manual)."""
    _, opp = sides(run(334, me=dict(history=[(BARBARIAN, 0, True), (262, 0, False)])))
    assert opp.wall == 11


# --- 336 Eternal flame -------------------------------------------------------------

def test_336_eternal_flame_returns_last_burning_card() -> None:
    me, _ = sides(run(336, me=dict(history=[(WISP, 0, True)])))
    assert me.hand[0] == WISP


@pytest.mark.parametrize("seed", SEEDS)
def test_336_eternal_flame_else_a_burning_card(seed: int) -> None:
    me, _ = sides(run(336, seed=seed))
    assert CARDS[me.hand[0]].has(KW.BURNING)
    assert stock(me) == (16, 6, 11)


# --- 340 Fanatic -------------------------------------------------------------------

def test_340_fanatic_lower_tower_attacks_12() -> None:
    _, opp = sides(run(340, me=dict(tower=20)))
    assert opp.wall == 13


def test_340_fanatic_else_attacks_6() -> None:
    _, opp = sides(run(340, me=dict(tower=30)))
    assert opp.wall == 19


# --- 342 Heresy --------------------------------------------------------------------

def test_342_heresy_discards_only_non_rare() -> None:
    """Rares stay. The discarded card is the Holy one or the played slot's fresh card
    (C-FX-12, never in a pile); a refill is never rare (NR, C-DRAW-9) and a non-Holy one
    becomes a Fanatic."""
    piles = set()
    for seed in SEEDS:
        me, _ = sides(run(342, seed=seed, me=dict(hand=[GOBLIN, *RARES[:6], 331])))
        assert me.hand[1:7] == list(RARES[:6])
        assert me.discarded_own in ([], [331])
        piles.add(tuple(me.discarded_own))
        if me.discarded_own:
            assert CARDS[me.hand[7]].rarity != RARE
            assert CARDS[me.hand[7]].has(KW.HOLY) or me.hand[7] == FANATIC
        else:
            assert me.hand[7] == 331
    assert piles == {(), (331,)}


@pytest.mark.parametrize("seed", SEEDS)
def test_342_heresy_three_fanatics(seed: int) -> None:
    me, _ = sides(run(342, seed=seed))
    assert me.hand.count(FANATIC) == 3  # the played slot may be one (C-FX-12)
    assert 3 <= len(new_slots(me)) <= 5  # played slot (maybe a Fanatic), Fanatics, discard


@pytest.mark.parametrize("seed", SEEDS)
def test_342_heresy_spares_holy_cards(seed: int) -> None:
    me, _ = sides(run(342, seed=seed, me=dict(hand=[GOBLIN, *RARES[:5], 331, 332])))
    assert me.hand[1:6] == list(RARES[:5])
    kept = [c for c in me.hand[6:] if c in (331, 332)]
    # The other was discarded, or the fresh card of the played slot was (C-FX-12).
    assert len(kept) == 2 - len(me.discarded_own)


# --- 349 Reuse the rubble ----------------------------------------------------------

def test_349_reuse_the_rubble_after_unliving() -> None:
    """N = 7 bricks: Tower +7/3 = 2, Wall +7/2 = 3.5 -> 4 (C-GEN-1)."""
    me, _ = sides(run(349, me=dict(history=[(302, 0, True)])))
    assert (me.tower, me.wall) == (32, 29)


def test_349_reuse_the_rubble_last_card_may_be_discarded() -> None:
    """'Last card' is played or discarded (C-HIST-3): 92 Steam golem costs 60 bricks."""
    me, _ = sides(run(349, me=dict(history=[(262, 0, True), (92, 0, False)])))
    assert (me.tower, me.wall) == (50, 55)


def test_349_reuse_the_rubble_else_nothing() -> None:
    me, _ = sides(run(349, me=dict(history=[(262, 0, True)])))
    assert (me.tower, me.wall) == (30, 25)


# --- 351 Golden scepter ------------------------------------------------------------

def test_351_golden_scepter_if_new_scepter_of_summoning() -> None:
    """'If New' reads the flag before the round reset (C-FLAG-4)."""
    me, _ = sides(run(351, me_new=(1,)))
    assert me.hand[0] == SCEPTER_OF_SUMMONING


def test_351_golden_scepter_else_golden_scepter() -> None:
    me, _ = sides(run(351, me_new=(2, 3)))
    assert me.hand[0] == GOLDEN_SCEPTER


# --- 356 Abyssal viper -------------------------------------------------------------

def test_356_abyssal_viper_enemy_gems_and_recruits() -> None:
    _, opp = sides(run(356))
    assert stock(opp) == (15, 2, 8)


# --- 357 Warlock -------------------------------------------------------------------

def test_357_warlock_attack_and_enemy_stock() -> None:
    _, opp = sides(run(357))
    assert opp.wall == 22 and stock(opp) == (15, 4, 7)


# --- 359 Determined defense --------------------------------------------------------

def test_359_determined_defense_charge_card_in_enemy_hand() -> None:
    me, _ = sides(run(359, opp=dict(hand=hand(KNIGHT))))
    assert me.wall == 43


def test_359_determined_defense_else() -> None:
    me, _ = sides(run(359, me=dict(hand=hand(GOBLIN, KNIGHT))))
    assert me.wall == 35


# --- 360 Wildfire gem --------------------------------------------------------------

def test_360_wildfire_gem_lowers_own_stock() -> None:
    me, opp = sides(run(360))
    assert stock(me) == (15 - 3 + 3, 5 - 1 - 3 + 3, 10 - 3 + 3)
    assert stock(opp) == (15, 5, 10)


# --- 361 Pyrobolus -----------------------------------------------------------------

def test_361_pyrobolus_after_mage_lowers_enemy_stock() -> None:
    _, opp = sides(run(361, me=dict(gems=10, history=[(329, 1, True)])))
    assert opp.wall == 18 and stock(opp) == (12, 2, 7)


def test_361_pyrobolus_else_attack_only() -> None:
    _, opp = sides(run(361, me=dict(gems=10)))
    assert opp.wall == 18 and stock(opp) == (15, 5, 10)


# --- 362 Petrified minotaur --------------------------------------------------------

def test_362_petrified_minotaur_walls_and_attack() -> None:
    me, opp = sides(run(362))
    assert me.wall == 30 and (opp.tower, opp.wall) == (30, 15)


# --- 363 Supply units --------------------------------------------------------------

def test_363_supply_units_discards_cheapest_soldier() -> None:
    """Knight 5, 95 costs 2, 42 costs 1 recruit: 42 goes; refill NR (C-DRAW-9)."""
    me, _ = sides(run(363, me=dict(hand=hand(GOBLIN, KNIGHT, 95, 42))))
    assert me.discarded_own == [42]
    assert new_slots(me) == [1, 4]
    assert stock(me) == (15 + 3 + 3, 5 + 3 + 3, 10 - 1 + 3 + 3)


def test_363_supply_units_tie_is_random() -> None:
    """20 and 42 both cost 1 recruit: either may go (C-GEN-5)."""
    gone = set()
    for seed in SEEDS:
        me, _ = sides(run(363, seed=seed, me=dict(hand=hand(GOBLIN, 20, KNIGHT, 42))))
        assert len(me.discarded_own) == 1
        gone.update(me.discarded_own)
    assert gone == {20, 42}


def test_363_supply_units_no_soldier_no_effect() -> None:
    me, _ = sides(run(363))
    assert stock(me) == (15 + 3, 5 + 3, 10 - 1 + 3)
    assert new_slots(me) == [1]


# --- 364 Judge ---------------------------------------------------------------------

def test_364_judge_enemy_loses_what_he_took() -> None:
    """Per resource, my negative change indicators of the last round (C-HIST-5)."""
    _, opp = sides(run(364, me=dict(changes={"bricks": -5, "gems": 2, "recruits": -1})))
    assert stock(opp) == (10, 5, 9)


def test_364_judge_no_loss_no_effect() -> None:
    _, opp = sides(run(364, me=dict(changes={"gems": 4, "tower": -6})))
    assert stock(opp) == (15, 5, 10)


def test_364_judge_extra_turn_no_effect() -> None:
    """'Last round' effects need the start of the round (C-HIST-5)."""
    _, opp = sides(run(364, me=dict(history=[(NECROMANCY, 0, True)],
                                    changes={"bricks": -5})))
    assert stock(opp) == (15, 5, 10)


# --- 365 Don't be hasty ------------------------------------------------------------

def test_365_dont_be_hasty_enemy_played_quick() -> None:
    """The enemy's history holds a played Quick card: his new cards are discarded
    and he pays 1 stock for each (C-HIST-5, C-FX-6)."""
    game = run(365, opp_new=(2, 5),
               opp=dict(history=[(NECROMANCY, 0, True), (13, 0, True)]))
    me, opp = sides(game)
    assert me.discarded_opp == [GOBLIN, GOBLIN]
    assert stock(opp) == (13, 3, 8)
    assert stock(me) == (18, 8, 13)


def test_365_dont_be_hasty_quick_discarded_does_not_count() -> None:
    game = run(365, opp_new=(2, 5), opp=dict(history=[(NECROMANCY, 0, False)]))
    me, opp = sides(game)
    assert me.discarded_opp == [] and stock(opp) == (15, 5, 10)


def test_365_dont_be_hasty_hits_me_on_my_extra_turn() -> None:
    """C-FX-13: the played card is new, so it is among "all new cards" and paid for; it
    enters no pile (C-DISC-2)."""
    game = run(365, slot=1, me_new=(1, 3, 4), me=dict(history=[(NECROMANCY, 0, True)]))
    me, opp = sides(game)
    assert me.discarded_own == [GOBLIN, GOBLIN]  # slots 3 and 4
    assert stock(me) == (15 - 3 + 3, 5 - 3 + 3, 10 - 3 + 3)
    assert stock(opp) == (15, 5, 10)


# --- 366 Graceful charity ----------------------------------------------------------

def test_366_graceful_charity_returns_losses_max_6() -> None:
    me, _ = sides(run(366, me=dict(changes={"bricks": -10, "gems": -3, "recruits": 2})))
    assert me.tower == 31
    assert stock(me) == (15 + 6 + 3, 5 + 3 + 3, 10 + 3)


def test_366_graceful_charity_extra_turn_tower_only() -> None:
    me, _ = sides(run(366, me=dict(history=[(NECROMANCY, 0, True)],
                                   changes={"bricks": -10})))
    assert me.tower == 31 and stock(me) == (18, 8, 13)


# --- 367 Light infantry ------------------------------------------------------------

def test_367_light_infantry_no_charge_cards() -> None:
    _, opp = sides(run(367))
    assert opp.wall == 15


def test_367_light_infantry_else() -> None:
    _, opp = sides(run(367, opp=dict(hand=hand(GOBLIN, KNIGHT))))
    assert opp.wall == 21


# --- 368 Goblin saboteur -----------------------------------------------------------

def test_368_goblin_saboteur_wall_raised_more_than_8() -> None:
    _, opp = sides(run(368, opp=dict(changes={"wall": 9})))
    assert opp.wall == 25 - 4 - 12


def test_368_goblin_saboteur_else() -> None:
    _, opp = sides(run(368, opp=dict(changes={"wall": 8})))
    assert opp.wall == 21


def test_368_goblin_saboteur_extra_turn() -> None:
    """On an extra turn the last round reads as no change (C-HIST-5)."""
    _, opp = sides(run(368, me=dict(history=[(NECROMANCY, 0, True)]),
                       opp=dict(changes={"wall": 20})))
    assert opp.wall == 21


# --- 381 Purified ashes ------------------------------------------------------------

def test_381_purified_ashes_holy_card_in_hand() -> None:
    me, _ = sides(run(381, me=dict(hand=hand(GOBLIN, 331))))
    assert me.gems == 5 + 1 + 3


def test_381_purified_ashes_else() -> None:
    me, _ = sides(run(381, opp=dict(hand=hand(331))))
    assert me.gems == 5 + 3


# --- 382 Priest --------------------------------------------------------------------

@pytest.mark.parametrize("seed", SEEDS)
def test_382_priest_discards_one_purified_ashes(seed: int) -> None:
    """Refill different and without rares (C-DRAW-10); Durable keeps the Priest."""
    game = run(382, seed=seed, opp=dict(hand=hand(PURIFIED_ASHES, GOBLIN, PURIFIED_ASHES)))
    me, opp = sides(game)
    assert me.discarded_opp == [PURIFIED_ASHES]
    assert opp.hand.count(PURIFIED_ASHES) == 1
    assert all(CARDS[c].rarity != RARE for c in opp.hand)
    assert stock(me) == (15 + 3 + 3, 5 - 1 + 3 + 3, 10 + 3 + 3)
    assert stock(opp) == (12, 2, 7)
    assert me.hand[0] == 382


def test_382_priest_none_found_no_effect() -> None:
    me, opp = sides(run(382))
    assert stock(me) == (18, 7, 13) and stock(opp) == (15, 5, 10)


# --- 387 Corrosion cloud -----------------------------------------------------------

def test_387_corrosion_cloud_uncommon_costs_owner_quarry() -> None:
    """Mine is Common 256: quarry kept; the enemy's is Uncommon 10: quarry -1."""
    assert CARDS[10].rarity == UNCOMMON
    game = run(387, me=dict(gems=10, hand=hand(GOBLIN, 256, 92)),
               opp=dict(hand=hand(10, 222)))
    me, opp = sides(game)
    assert me.discarded_own == [256] and me.discarded_opp == [10]
    assert me.hand[2] == 92 and opp.hand[1] == 222  # rare Unliving cards stay
    assert (me.quarry, opp.quarry) == (3, 2)


def test_387_corrosion_cloud_no_unliving_no_effect() -> None:
    game = run(387, me=dict(gems=10, hand=hand(GOBLIN, 92)), opp=dict(hand=hand(222)))
    me, opp = sides(game)
    assert me.discarded_own == [] and me.discarded_opp == []
    assert (me.quarry, opp.quarry) == (3, 3)


# --- 391 Road to Valhalla ----------------------------------------------------------

def test_391_road_to_valhalla_tower_for_wall() -> None:
    me, _ = sides(run(391))
    assert (me.tower, me.wall) == (20, 45)


# --- 392 Road to Tartarus ----------------------------------------------------------

def test_392_road_to_tartarus_next_card_is_tartarus_gate() -> None:
    me, _ = sides(run(392))
    assert me.hand[0] == TARTARUS_GATE


# --- 393 Druid ---------------------------------------------------------------------

@pytest.mark.parametrize("mode", range(1, 9))
def test_393_druid_selected_slot_gets_restoration_or_nature(mode: int) -> None:
    game = run(393, slot=4, mode=mode, me=dict(gems=10))
    me, opp = sides(game)
    assert opp.wall == 20
    assert CARDS[me.hand[mode - 1]].kw & (KW.RESTORATION | KW.NATURE)
    assert new_slots(me) == sorted({4, mode})
