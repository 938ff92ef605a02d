"""Effects of the Common cards in effects/common_3.py (ids 394 to 532), through the whole
turn pipeline.

The acting player is player 1 (`me`), the played card sits in slot 1 unless a test says
otherwise. Production (+Quarry/Magic/Dungeons, C-PROD-1) is added after the play and the
played slot is refilled, so stock is asserted as the part the effect changed
(`effect_stock`), and the refill only where the card names it. Tokens are unset, so the
token keywords of the played cards do nothing (C-KW general rule).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from marcomage.games.marcomage.cards import CARDS, COMMON, KW, RARE, UNCOMMON
from marcomage.games.marcomage.context import ids_where
from marcomage.games.marcomage.state import Game, Player

from ..builders import DECK, GOBLIN, duel, play

RICH = 50
"""Start stock of both players in these tests, so every cost is affordable."""
SEEDS = range(1, 41)
MANY_SEEDS = range(1, 201)
"""Enough plays that a normal draw (6% rares) would show a rare: 0.94**200 < 1e-5."""
QUICK_PLAYED = [(449, 0, True)]  # last action: Halfling rogue (Quick) played -> extra turn
DISCARDED = [(GOBLIN, 0, False)]  # last action: a Goblin discarded

# Cards used to fill hands (id: name, rarity, keywords).
VAMPIRE = 28  # Uncommon, Undead
CATASTROPHE = 80  # Rare, no keyword
FAIRY = 27  # Uncommon, Holy, Swift
SHADOW_FAIRY = 410  # Common, Holy
IRON_GOLEM = 10  # Uncommon, Unliving
MINOTAUR = 24  # Common, Beast
SWORDSMAN = 20  # Common, Soldier
GHOUL = 112  # Common, Undead
SEARING_FIRE = 248  # Common, Burning, zero cost
CARAVAN = 23  # Common, zero cost
ANCIENT_RUINS = 146  # Uncommon, zero cost
BATTERING_RAM = 54  # Common, cost 5 recruits
ELITE_ELF = 111  # Common, Alliance
BANK = 389  # Rare, Alliance
EROSION = 79  # Common, Nature
KRAKEN = 505  # Uncommon, Aqua
IMP = 455  # Common, Burning
PHOENIX = 223  # Rare, Burning


def game_for(me: dict[str, Any] | None = None, opp: dict[str, Any] | None = None,
             *, seed: int = 1) -> Game:
    rich = dict(bricks=RICH, gems=RICH, recruits=RICH)
    return duel(me={**rich, **(me or {})}, opp={**rich, **(opp or {})}, seed=seed)


def run(card: int, me: dict[str, Any] | None = None, opp: dict[str, Any] | None = None,
        *, slot: int = 1, mode: int = 0, seed: int = 1) -> tuple[Player, Player]:
    """Play `card` from `slot` with both players holding RICH of each resource."""
    game = game_for(me, opp, seed=seed)
    play(game, card, slot=slot, mode=mode)
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


def hand(*cards: int) -> list[int]:
    """A hand starting with `cards`, filled up with Goblins."""
    return [*cards, *[GOBLIN] * (8 - len(cards))]


def new_slots(p: Player) -> list[int]:
    return [i + 1 for i, flag in enumerate(p.new) if flag]


# --- 394 Ranger ------------------------------------------------------------------------

ALLIANCE = ids_where(KW.ALLIANCE)


@pytest.mark.parametrize("mode", [2, 3, 4, 5, 6, 7, 8])
def test_394_ranger_attack_7_and_selected_slot_becomes_alliance(mode: int) -> None:
    """C-FX-5: the mode is a slot of my hand; the card there is replaced by an Alliance
    card with my NEW flag, and the old card goes to my discard pile (C-DISC-2)."""
    me, opp = run(394, mode=mode)
    assert (opp.wall, opp.tower) == (18, 30)
    assert me.hand[mode - 1] in ALLIANCE
    assert me.new[mode - 1]
    assert me.discarded_own == [GOBLIN]
    others = [c for i, c in enumerate(me.hand) if i not in (0, mode - 1)]
    assert others == [GOBLIN] * 6


def test_394_ranger_selecting_its_own_slot_refills_it_with_alliance() -> None:
    """C-FX-5, mode = played slot: the played slot itself receives the Alliance card."""
    for seed in SEEDS:
        me, opp = run(394, slot=3, mode=3, seed=seed)
        assert opp.wall == 18
        assert me.hand[2] in ALLIANCE
        assert me.discarded_own == []
        assert me.hand[:2] + me.hand[3:] == [GOBLIN] * 7


def test_394_ranger_alliance_list_is_the_database_and_includes_rares() -> None:
    """C-DRAW-9: "replaced with an Alliance card" is a named list, not a deck refill, so
    rares come too (and cards outside my deck)."""
    drawn = [run(394, mode=2, seed=s)[0].hand[1] for s in MANY_SEEDS]
    assert all(CARDS[c].has(KW.ALLIANCE) for c in drawn)
    assert RARE in {CARDS[c].rarity for c in drawn}
    assert len(set(drawn)) > 10


# --- 395 Frontier outpost --------------------------------------------------------------

def test_395_frontier_outpost_wall_above_7_trades_wall_for_tower() -> None:
    me, _ = run(395, dict(wall=8, tower=30))
    assert (me.tower, me.wall) == (40, 1)


def test_395_frontier_outpost_wall_7_gets_wall_7() -> None:
    me, _ = run(395, dict(wall=7, tower=30))
    assert (me.tower, me.wall) == (30, 14)


# --- 396 Crystal golem -----------------------------------------------------------------

def test_396_crystal_golem_counts_holy_and_unliving_independently() -> None:
    """C-FX-8 and the manual's "#Keyword1 + #Keyword2": the golem itself is Holy and
    Unliving (2), plus a Holy and an Unliving card: N = 4."""
    me, opp = run(396, dict(hand=hand(396, SHADOW_FAIRY, IRON_GOLEM), wall=10))
    assert (opp.wall, opp.tower) == (21, 30)
    assert me.wall == 10 + 12


def test_396_crystal_golem_alone_n_is_2() -> None:
    me, opp = run(396, dict(wall=10), dict(wall=1))
    assert (opp.wall, opp.tower) == (0, 29)  # C-DMG-1: attack 2, wall 1 absorbs 1
    assert me.wall == 16


# --- 399 Wizard's cottage --------------------------------------------------------------

def test_399_wizards_cottage_tower_wall_and_next_card_is_non_rare_mage() -> None:
    """C-DRAW-8: the next card comes from all non-rare Mage cards of the database."""
    drawn = []
    for seed in SEEDS:
        me, _ = run(399, seed=seed)
        assert (me.tower, me.wall) == (32, 28)
        drawn.append(me.hand[0])
    assert all(CARDS[c].has(KW.MAGE) and CARDS[c].rarity != RARE for c in drawn)
    assert len(set(drawn)) > 3


# --- 402 Abyssal scavenger -------------------------------------------------------------

def test_402_abyssal_scavenger_returns_a_third_per_resource() -> None:
    """C-GEN-1: Stone atronarch (2, 5, 0) returns round(2/3)=1, round(5/3)=2, 0."""
    me, _ = run(402, opp=dict(history=[(135, 0, True)]))
    assert effect_stock(me, 402) == (1, 2, 0)


def test_402_abyssal_scavenger_max_4_of_each() -> None:
    """C-FX-3: the cap applies to each resource: Iron golem (16, 0, 10) gives 4, 0, 3."""
    me, _ = run(402, opp=dict(history=[(IRON_GOLEM, 0, True)]))
    assert effect_stock(me, 402) == (4, 0, 3)


def test_402_abyssal_scavenger_opponents_last_card_may_be_a_discard() -> None:
    """C-HIST-3: "opponent's last card" is his last action, played or discarded."""
    me, _ = run(402, opp=dict(history=[(CATASTROPHE, 0, False)]))
    assert effect_stock(me, 402) == (0, 4, 0)


# --- 410 Shadow fairy ------------------------------------------------------------------

def test_410_shadow_fairy_no_holy_in_enemy_hand_steals_1_stock() -> None:
    me, opp = run(410, me=dict(hand=hand(410, FAIRY)))
    assert effect_stock(me, 410) == (1, 1, 1)
    assert enemy_stock(opp) == (-1, -1, -1)
    assert opp.tower == 30


def test_410_shadow_fairy_holy_in_enemy_hand_hits_the_tower() -> None:
    me, opp = run(410, opp=dict(hand=hand(GOBLIN, GOBLIN, FAIRY)))
    assert effect_stock(me, 410) == (0, 0, 0)
    assert enemy_stock(opp) == (0, 0, 0)
    assert (opp.tower, opp.wall) == (29, 25)


# --- 411 Wolf spirit -------------------------------------------------------------------

def test_411_wolf_spirit_after_a_beast_gains_3_recruits() -> None:
    me, opp = run(411, dict(history=[(MINOTAUR, 0, True)]))
    assert opp.wall == 20
    assert effect_stock(me, 411) == (0, 0, 3)


def test_411_wolf_spirit_after_a_non_beast_only_attacks() -> None:
    me, opp = run(411, dict(history=[(GOBLIN, 0, True)]))
    assert opp.wall == 20
    assert effect_stock(me, 411) == (0, 0, 0)


def test_411_wolf_spirit_last_card_played_survives_a_discard() -> None:
    """C-HIST-4 (manual): a discard after the Beast does not hide it."""
    me, _ = run(411, dict(history=DISCARDED, last_played=MINOTAUR))
    assert effect_stock(me, 411) == (0, 0, 3)


# --- 413 Colonialism -------------------------------------------------------------------

def test_413_colonialism_few_recruits_are_doubled() -> None:
    """Recruits 12 - cost 2 = 10 < 11: x2 = 20, then production 3."""
    me, _ = run(413, dict(recruits=12))
    assert me.recruits == 20 + 3


def test_413_colonialism_11_recruits_get_6() -> None:
    me, _ = run(413, dict(recruits=13))
    assert me.recruits == 17 + 3


# --- 415 Goblin intruder ---------------------------------------------------------------

def test_415_goblin_intruder_replaces_a_non_rare_alliance_card() -> None:
    """The rare Alliance card (Bank) is not a target; the replaced slot gets the enemy's
    NEW flag and the old card goes to my pile of the enemy's discards (C-DISC-2)."""
    _, opp = run(415, opp=dict(hand=hand(GOBLIN, ELITE_ELF, BANK)))
    assert opp.wall == 21
    assert opp.hand == hand(GOBLIN, 415, BANK)
    assert new_slots(opp) == [2]


def test_415_goblin_intruder_no_target_only_attacks() -> None:
    me, opp = run(415, opp=dict(hand=hand(BANK)))
    assert opp.wall == 21
    assert opp.hand == hand(BANK)
    assert me.discarded_opp == []


def test_415_goblin_intruder_picks_one_random_target() -> None:
    picked = Counter[int]()
    for seed in SEEDS:
        me, opp = run(415, opp=dict(hand=hand(ELITE_ELF, 122)), seed=seed)
        assert opp.hand.count(415) == 1
        assert len(me.discarded_opp) == 1
        picked[opp.hand.index(415)] += 1
    assert set(picked) == {0, 1}


# --- 416 Perfect shot ------------------------------------------------------------------

def test_416_perfect_shot_if_new_hits_the_tower_directly() -> None:
    """C-FLAG-4: "If New" reads the played slot's flag before the round reset."""
    _, opp = run(416, dict(new=[1]))
    assert (opp.tower, opp.wall) == (24, 25)


def test_416_perfect_shot_not_new_attacks_6() -> None:
    _, opp = run(416, opp=dict(wall=4))
    assert (opp.tower, opp.wall) == (28, 0)


# --- 417 New development ---------------------------------------------------------------

def test_417_new_development_if_new_tower_10_and_3_bricks() -> None:
    me, _ = run(417, dict(new=[1]))
    assert me.tower == 40
    assert effect_stock(me, 417) == (3, 0, 0)


def test_417_new_development_not_new_tower_7() -> None:
    me, _ = run(417)
    assert me.tower == 37
    assert effect_stock(me, 417) == (0, 0, 0)


# --- 420 Shrine ------------------------------------------------------------------------

@pytest.mark.parametrize("wall", [0, 30])
def test_420_shrine_wall_divisible_by_10_gets_9_and_4_gems(wall: int) -> None:
    me, _ = run(420, dict(wall=wall))
    assert me.wall == wall + 9
    assert effect_stock(me, 420) == (0, 4, 0)


def test_420_shrine_other_wall_gets_4() -> None:
    me, _ = run(420, dict(wall=31))
    assert me.wall == 35
    assert effect_stock(me, 420) == (0, 0, 0)


# --- 421 Gleaners ----------------------------------------------------------------------

@pytest.mark.parametrize(("facilities", "gain"), [
    ((5, 3, 2), (5, 0, 0)), ((2, 6, 4), (0, 6, 0)), ((1, 1, 7), (0, 0, 7)),
])
def test_421_gleaners_gain_the_resource_of_enemy_highest_facility(
        facilities: tuple[int, int, int], gain: tuple[int, int, int]) -> None:
    q, m, d = facilities
    me, _ = run(421, opp=dict(quarry=q, magic=m, dungeons=d))
    assert effect_stock(me, 421) == gain


def test_421_gleaners_tied_highest_facilities_one_at_random() -> None:
    """C-GEN-5: one resource among the tied highest facilities, uniformly."""
    seen = set()
    for seed in SEEDS:
        me, _ = run(421, opp=dict(quarry=4, magic=4, dungeons=1), seed=seed)
        gain = effect_stock(me, 421)
        assert gain in ((4, 0, 0), (0, 4, 0))
        seen.add(gain)
    assert len(seen) == 2


# --- 422 Death prophet -----------------------------------------------------------------

def test_422_death_prophet_stock_minus_1_and_next_card_from_three() -> None:
    drawn = set()
    for seed in SEEDS:
        me, _ = run(422, seed=seed)
        assert effect_stock(me, 422) == (-1, -1, -1)
        drawn.add(me.hand[0])
    assert {CARDS[c].name for c in drawn} == {"Plague", "Catastrophe", "Death prophet"}


# --- 423 Pirate ghostship --------------------------------------------------------------

BRIGAND = ids_where(KW.BRIGAND)


def test_423_pirate_ghostship_undead_in_hand_steals_2_stock() -> None:
    me, opp = run(423, dict(hand=hand(423, GHOUL)))
    assert effect_stock(me, 423) == (2, 2, 2)
    assert enemy_stock(opp) == (-2, -2, -2)


def test_423_pirate_ghostship_no_undead_no_theft() -> None:
    me, opp = run(423)
    assert effect_stock(me, 423) == (0, 0, 0)
    assert enemy_stock(opp) == (0, 0, 0)


def test_423_pirate_ghostship_next_card_is_any_brigand() -> None:
    """C-DRAW-8: from all Brigand cards of the database, rares included."""
    drawn = [run(423, seed=s)[0].hand[0] for s in MANY_SEEDS]
    assert set(drawn) <= set(BRIGAND)
    assert RARE in {CARDS[c].rarity for c in drawn}


# --- 430 Messenger ---------------------------------------------------------------------

def test_430_messenger_next_card_is_an_uncommon_outside_my_deck() -> None:
    """C-DRAW-8: the database's uncommons minus those of my deck."""
    drawn = set()
    for seed in SEEDS:
        me, _ = run(430, seed=seed)
        card = me.hand[0]
        assert CARDS[card].rarity == UNCOMMON
        assert card not in DECK[UNCOMMON]
        drawn.add(card)
    assert len(drawn) > 10


# --- 437 Battlements -------------------------------------------------------------------

def test_437_battlements_soldier_in_hand_hits_enemy_tower() -> None:
    me, opp = run(437, dict(hand=hand(437, SWORDSMAN)))
    assert me.tower == 37
    assert (opp.tower, opp.wall) == (26, 25)


def test_437_battlements_without_soldier_only_tower() -> None:
    me, opp = run(437)
    assert me.tower == 37
    assert (opp.tower, opp.wall) == (30, 25)


# --- 438 Phoenix feather ---------------------------------------------------------------

def test_438_phoenix_feather_two_burning_cards_bring_phoenix() -> None:
    """C-FX-8: the feather counts itself; with one more Burning card the count is 2."""
    me, _ = run(438, dict(hand=hand(438, SEARING_FIRE)))
    assert me.hand[0] == PHOENIX
    assert effect_stock(me, 438) == (0, 0, 0)


@pytest.mark.parametrize("cards", [hand(438), hand(438, SEARING_FIRE, IMP)])
def test_438_phoenix_feather_other_counts_give_14_gems(cards: list[int]) -> None:
    me, _ = run(438, dict(hand=cards))
    assert effect_stock(me, 438) == (0, 14, 0)
    assert me.hand[0] != PHOENIX


# --- 440 Dragonling --------------------------------------------------------------------

def test_440_dragonling_doubles_gems_production() -> None:
    me, _ = run(440, dict(magic=4))
    assert me.gems == RICH + 2 * 4
    assert effect_stock(me, 440, factor=1)[0::2] == (0, 0)
    assert me.changes[4] == 4  # C-CHG-2: x2 shows +Magic


# --- 445 Poltergeist -------------------------------------------------------------------

def test_445_poltergeist_enemy_lowest_resource_minus_8() -> None:
    _, opp = run(445, opp=dict(bricks=20, gems=12, recruits=9))
    assert (opp.bricks, opp.gems, opp.recruits) == (20, 12, 1)


def test_445_poltergeist_result_clamped_at_zero() -> None:
    _, opp = run(445, opp=dict(bricks=5, gems=12, recruits=9))
    assert (opp.bricks, opp.gems, opp.recruits) == (0, 12, 9)


def test_445_poltergeist_tied_lowest_one_at_random() -> None:
    seen = set()
    for seed in SEEDS:
        _, opp = run(445, opp=dict(bricks=9, gems=9, recruits=20), seed=seed)
        stock = (opp.bricks, opp.gems, opp.recruits)
        assert stock in ((1, 9, 20), (9, 1, 20))
        seen.add(stock)
    assert len(seen) == 2


# --- 449 Halfling rogue ----------------------------------------------------------------

HIDDEN_TREASURE = 274


@pytest.mark.parametrize("mode", [1, 2, 3, 5, 6, 7, 8])
def test_449_halfling_rogue_selected_card_becomes_hidden_treasure(mode: int) -> None:
    """C-FX-5 own hand; Quick: no production (C-PROD-3), so recruits are exactly -1."""
    me, _ = run(449, slot=4, mode=mode)
    assert me.hand[mode - 1] == HIDDEN_TREASURE
    assert me.new[mode - 1]
    assert me.discarded_own == [GOBLIN]
    assert (me.bricks, me.gems, me.recruits) == (RICH, RICH, RICH - 1)


def test_449_halfling_rogue_own_slot_becomes_hidden_treasure() -> None:
    """C-FX-5, mode = played slot: the slot takes Hidden treasure, no draw."""
    me, _ = run(449, slot=4, mode=4)
    assert me.hand == [GOBLIN] * 3 + [HIDDEN_TREASURE] + [GOBLIN] * 4
    assert me.discarded_own == []
    assert me.recruits == RICH - 1


# --- 451 Siege preparations ------------------------------------------------------------

def test_451_siege_preparations_recruits_9_and_enemy_wall_8() -> None:
    me, opp = run(451)
    assert effect_stock(me, 451) == (0, 0, 9)
    assert opp.wall == 33


# --- 452 Invaders ----------------------------------------------------------------------

INVADER_HAND = [452, 2, 3, 18, 19, 441, CATASTROPHE, VAMPIRE]


@pytest.mark.parametrize("mode", [2, 3, 4, 5, 6, 7, 8])
def test_452_invaders_enemy_wall_3_and_selected_card_discarded(mode: int) -> None:
    """C-FX-6: my selected card is discarded and the slot refilled with my NEW flag."""
    me, opp = run(452, dict(hand=INVADER_HAND), mode=mode)
    assert opp.wall == 22
    assert me.discarded_own == [INVADER_HAND[mode - 1]]
    assert me.new[mode - 1]
    assert me.hand[0] == 452  # Durable
    kept = [c for i, c in enumerate(me.hand) if i != mode - 1]
    assert kept == [c for i, c in enumerate(INVADER_HAND) if i != mode - 1]


def test_452_invaders_selecting_itself_discards_nothing() -> None:
    me, opp = run(452, dict(hand=INVADER_HAND), mode=1)
    assert opp.wall == 22
    assert me.hand == INVADER_HAND
    assert me.discarded_own == []


def test_452_invaders_refill_is_never_rare() -> None:
    """C-DRAW-9: a Common card's discard refills with the no-rare draw."""
    drawn = [run(452, dict(hand=INVADER_HAND), mode=2, seed=s)[0].hand[1]
             for s in MANY_SEEDS]
    assert all(CARDS[c].rarity != RARE for c in drawn)
    assert UNCOMMON in {CARDS[c].rarity for c in drawn}


# --- 454 Dryad -------------------------------------------------------------------------

def test_454_dryad_enemy_wall_minus_6() -> None:
    _, opp = run(454)
    assert (opp.wall, opp.tower) == (19, 30)


def test_454_dryad_surplus_is_lost() -> None:
    """C-DMG-2: a direct wall reduction does not carry over to the tower."""
    _, opp = run(454, opp=dict(wall=3))
    assert (opp.wall, opp.tower) == (0, 30)


# --- 455 Imp ---------------------------------------------------------------------------

def test_455_imp_attack_2_and_enemy_gems_minus_2() -> None:
    _, opp = run(455, opp=dict(wall=1))
    assert (opp.wall, opp.tower) == (0, 29)
    assert enemy_stock(opp) == (0, -2, 0)


# --- 457 Chaos wizard ------------------------------------------------------------------

def test_457_chaos_wizard_discards_my_only_other_common_card() -> None:
    cards = [457, VAMPIRE, VAMPIRE, VAMPIRE, GOBLIN, VAMPIRE, VAMPIRE, VAMPIRE]
    for seed in SEEDS:
        me, opp = run(457, dict(hand=cards), seed=seed)
        assert opp.wall == 20
        assert me.discarded_own == [GOBLIN]
        assert new_slots(me) == [1, 5]
        assert CARDS[me.hand[4]].rarity != RARE  # C-DRAW-9
        assert me.hand[0] == 457  # Durable


def test_457_chaos_wizard_no_other_common_card_nothing_discarded() -> None:
    cards = [457, *[VAMPIRE] * 7]
    me, opp = run(457, dict(hand=cards))
    assert opp.wall == 20
    assert me.hand == cards
    assert me.discarded_own == []


def test_457_chaos_wizard_picks_one_common_at_random() -> None:
    cards = [457, GOBLIN, VAMPIRE, MINOTAUR, VAMPIRE, VAMPIRE, VAMPIRE, VAMPIRE]
    seen = Counter[int]()
    for seed in SEEDS:
        me, _ = run(457, dict(hand=cards), seed=seed)
        assert len(me.discarded_own) == 1
        seen[me.discarded_own[0]] += 1
    assert set(seen) == {GOBLIN, MINOTAUR}


# --- 458 Dark warrior ------------------------------------------------------------------

@pytest.mark.parametrize(("lowest", "damage"), [(3, 6), (6, 6), (9, 9), (12, 12), (20, 12)])
def test_458_dark_warrior_attack_is_enemy_lowest_resource_within_6_to_12(
        lowest: int, damage: int) -> None:
    _, opp = run(458, opp=dict(gems=lowest, wall=30))
    assert opp.wall == 30 - damage


# --- 459 Dark flame --------------------------------------------------------------------

def test_459_dark_flame_discards_common_zero_cost_cards_from_both_hands() -> None:
    """Common zero cost only: Goblin costs 1, Ancient ruins is Uncommon. No hand is named,
    so both hands, mine first (C-FX-14); C-DISC-2 lists them in slot order and every
    refill is no-rare (C-DRAW-9)."""
    cards = [459, SEARING_FIRE, CARAVAN, GOBLIN, ANCIENT_RUINS, SEARING_FIRE, BATTERING_RAM,
             GOBLIN]
    for seed in SEEDS:
        me, opp = run(459, dict(hand=cards), dict(hand=hand(SEARING_FIRE, CARAVAN)),
                      seed=seed)
        assert me.discarded_own == [SEARING_FIRE, CARAVAN, SEARING_FIRE]
        assert new_slots(me) == [1, 2, 3, 6]
        kept = [me.hand[i] for i in (3, 4, 6, 7)]
        assert kept == [GOBLIN, ANCIENT_RUINS, BATTERING_RAM, GOBLIN]
        assert all(CARDS[me.hand[i]].rarity != RARE for i in (1, 2, 5))  # C-DRAW-9
        assert me.discarded_opp == [SEARING_FIRE, CARAVAN]
        assert new_slots(opp) == [1, 2] and opp.hand[2:] == [GOBLIN] * 6
        assert all(CARDS[c].rarity != RARE for c in opp.hand[:2])


def test_459_dark_flame_nothing_to_discard() -> None:
    me, _ = run(459)
    assert me.hand[1:] == [GOBLIN] * 7
    assert me.discarded_own == []


# --- 460 Work in progress --------------------------------------------------------------

def test_460_work_in_progress_if_new_tower_3_and_bricks_2() -> None:
    me, _ = run(460, dict(new=[1]))
    assert me.tower == 33
    assert effect_stock(me, 460) == (2, 0, 0)
    assert me.hand[0] == 460  # Durable


def test_460_work_in_progress_not_new_tower_3_only() -> None:
    me, _ = run(460)
    assert me.tower == 33
    assert effect_stock(me, 460) == (0, 0, 0)


# --- 468 Strive for height -------------------------------------------------------------

@pytest.mark.parametrize(("wall", "after"), [(23, 30), (21, 30), (29, 30), (101, 110)])
def test_468_strive_for_height_raises_wall_to_next_multiple_of_10(
        wall: int, after: int) -> None:
    me, _ = run(468, dict(wall=wall))
    assert me.wall == after


@pytest.mark.parametrize("wall", [0, 30])
def test_468_strive_for_height_divisible_wall_unchanged(wall: int) -> None:
    me, _ = run(468, dict(wall=wall))
    assert me.wall == wall


# --- 476 Doppelganger ------------------------------------------------------------------

@pytest.mark.parametrize("slot", [1, 5])
def test_476_doppelganger_next_card_is_the_matching_card(slot: int) -> None:
    """C-FX-4: the enemy's card in the same slot; a named card, so even a rare."""
    opp_hand = [GOBLIN] * 8
    opp_hand[slot - 1] = CATASTROPHE
    me, opp = run(476, opp=dict(hand=opp_hand), slot=slot)
    assert me.hand[slot - 1] == CATASTROPHE
    assert opp.hand == opp_hand


# --- 477 Trigger trap ------------------------------------------------------------------

def test_477_trigger_trap_not_new_and_matching_new_tower_minus_8() -> None:
    _, opp = run(477, opp=dict(new=[1]))
    assert (opp.tower, opp.wall) == (22, 25)


@pytest.mark.parametrize(("mine", "theirs"), [([1], [1]), ([1], []), ([], [])])
def test_477_trigger_trap_otherwise_tower_minus_3(mine: list[int], theirs: list[int]) -> None:
    """C-FLAG-4: both flags are the snapshots before the round reset."""
    _, opp = run(477, dict(new=mine), dict(new=theirs))
    assert (opp.tower, opp.wall) == (27, 25)


# --- 478 Renewal -----------------------------------------------------------------------

@pytest.mark.parametrize("mode", [1, 3, 4, 5, 6, 7, 8])
def test_478_renewal_flags_the_selected_card(mode: int) -> None:
    """C-FLAG-2: a flag without a new card; C-DISC-2 counts the flag-only change as a
    discard. Quick: no production, so gems are exactly -1."""
    me, _ = run(478, dict(new=[]), slot=2, mode=mode)
    assert new_slots(me) == sorted({2, mode})
    assert me.hand == [GOBLIN, me.hand[1], *[GOBLIN] * 6]
    assert me.discarded_own == [GOBLIN]
    assert (me.bricks, me.gems, me.recruits) == (RICH, RICH - 1, RICH)


def test_478_renewal_own_slot_flags_nothing_else() -> None:
    me, _ = run(478, slot=2, mode=2)
    assert new_slots(me) == [2]
    assert me.discarded_own == []
    assert me.gems == RICH - 1


# --- 479 Mirror golem ------------------------------------------------------------------

@pytest.mark.parametrize(("matching", "damage"), [(GOBLIN, 7), (VAMPIRE, 14), (CATASTROPHE, 21)])
def test_479_mirror_golem_attack_by_matching_card_rarity(matching: int, damage: int) -> None:
    _, opp = run(479, opp=dict(hand=hand(matching), wall=30))
    assert opp.wall == 30 - damage


# --- 480 Ambush ------------------------------------------------------------------------

def test_480_ambush_not_new_discards_the_matching_card() -> None:
    """C-FX-6 / C-DRAW-10 (manual): refilled from the enemy's deck, no rare, and never
    the discarded card itself."""
    target = DECK[COMMON][0]
    drawn = []
    for seed in MANY_SEEDS:
        me, opp = run(480, opp=dict(hand=hand(target)), seed=seed)
        assert me.discarded_opp == [target]
        assert opp.new[0]
        assert opp.hand[1:] == [GOBLIN] * 7
        drawn.append(opp.hand[0])
    assert target not in drawn
    assert all(CARDS[c].rarity != RARE for c in drawn)
    assert UNCOMMON in {CARDS[c].rarity for c in drawn}


def test_480_ambush_if_new_does_nothing() -> None:
    me, opp = run(480, dict(new=[1]), dict(hand=hand(VAMPIRE)))
    assert opp.hand == hand(VAMPIRE)
    assert me.discarded_opp == []
    assert not any(opp.new)


# --- 481 Ghost rider -------------------------------------------------------------------

def test_481_ghost_rider_enemy_wall_above_20_gives_3_gems() -> None:
    """The condition reads the wall before the attack."""
    me, opp = run(481, opp=dict(wall=21))
    assert opp.wall == 14
    assert effect_stock(me, 481) == (0, 3, 0)


def test_481_ghost_rider_enemy_wall_20_only_attacks() -> None:
    me, opp = run(481, opp=dict(wall=20))
    assert opp.wall == 13
    assert effect_stock(me, 481) == (0, 0, 0)


# --- 484 Treant sapling ----------------------------------------------------------------

def test_484_treant_sapling_wall_minus_6_then_attack_5() -> None:
    _, opp = run(484)
    assert (opp.wall, opp.tower) == (14, 30)


def test_484_treant_sapling_attack_reaches_the_tower_after_the_wall_is_gone() -> None:
    _, opp = run(484, opp=dict(wall=4))
    assert (opp.wall, opp.tower) == (0, 25)


# --- 486 Magic sanctuary ---------------------------------------------------------------

def test_486_magic_sanctuary_enemy_has_3_more_gems_gain_8() -> None:
    """My gems after the cost (1): 10 - 1 = 9; the enemy has 12."""
    me, _ = run(486, dict(gems=10), dict(gems=12))
    assert effect_stock(me, 486, start=10)[1] == 8


def test_486_magic_sanctuary_otherwise_gain_3() -> None:
    me, _ = run(486, dict(gems=10), dict(gems=11))
    assert effect_stock(me, 486, start=10)[1] == 3


# --- 489 Imp cache ---------------------------------------------------------------------

def test_489_imp_cache_highest_minus_3_lowest_plus_3() -> None:
    """Bricks 22 - cost 2 = 20 is the highest, recruits 5 the lowest."""
    me, _ = run(489, dict(bricks=22, gems=10, recruits=5, wall=10))
    assert me.wall == 14
    assert (me.bricks, me.gems, me.recruits) == (17 + 3, 10 + 3, 8 + 3)


def test_489_imp_cache_tied_highest_one_at_random() -> None:
    seen = set()
    for seed in SEEDS:
        me, _ = run(489, dict(bricks=12, gems=10, recruits=4), seed=seed)
        stock = (me.bricks - 3, me.gems - 3, me.recruits - 3)
        assert stock in ((7, 10, 7), (10, 7, 7))
        seen.add(stock)
    assert len(seen) == 2


def test_489_imp_cache_both_chosen_before_either_change() -> None:
    """C-FX-15: 10, 10, 10 after the cost: highest and lowest are drawn independently
    among the three ties from the values before the change, so the same resource is
    picked twice (net 0) a third of the time, else one resource -3 and another +3."""
    outcomes = []
    for seed in MANY_SEEDS:
        me, _ = run(489, dict(bricks=12, gems=10, recruits=10), seed=seed)
        outcomes.append((me.bricks - 3, me.gems - 3, me.recruits - 3))
    assert all(sorted(o) in ([10, 10, 10], [7, 10, 13]) for o in outcomes)
    same = sum(o == (10, 10, 10) for o in outcomes)
    assert 40 <= same <= 95  # about 1/3 of 200
    assert len(set(outcomes)) == 7


# --- 490 Magic portal ------------------------------------------------------------------

@pytest.mark.parametrize("mode", [2, 3, 4, 5, 6, 7, 8])
def test_490_magic_portal_selected_card_moves_to_the_portal_position(mode: int) -> None:
    """The selected card takes the played slot; its old slot is refilled from my deck with
    the no-rare draw (C-DRAW-9, C-DRAW-11). Quick: no production."""
    cards = [490, 2, 3, 18, 19, 441, CATASTROPHE, VAMPIRE]
    me, _ = run(490, dict(hand=cards), mode=mode)
    assert me.hand[0] == cards[mode - 1]
    assert me.new[mode - 1]
    assert CARDS[me.hand[mode - 1]].rarity != RARE
    kept = [c for i, c in enumerate(me.hand) if i not in (0, mode - 1)]
    assert kept == [c for i, c in enumerate(cards) if i not in (0, mode - 1)]
    assert (me.bricks, me.gems, me.recruits) == (RICH, RICH - 2, RICH)


def test_490_magic_portal_selecting_itself_moves_nothing() -> None:
    cards = [490, 2, 3, 18, 19, 441, CATASTROPHE, VAMPIRE]
    for seed in SEEDS:
        me, _ = run(490, dict(hand=cards), mode=1, seed=seed)
        assert me.hand[1:] == cards[1:]
        assert CARDS[me.hand[0]].rarity != RARE  # C-DRAW-7: Quick refill is no-rare
        assert new_slots(me) == [1]


def test_490_magic_portal_refill_is_never_rare() -> None:
    cards = [490, 2, 3, 18, 19, 441, CATASTROPHE, VAMPIRE]
    drawn = [run(490, dict(hand=cards), mode=3, seed=s)[0].hand[2] for s in MANY_SEEDS]
    assert all(CARDS[c].rarity != RARE for c in drawn)


# --- 493 Oracle ------------------------------------------------------------------------

def test_493_oracle_card_with_keyword_reveals_neighbours() -> None:
    """C-FLAG-5: the matching slot and the slots next to it."""
    _, opp = run(493, opp=dict(hand=[GOBLIN] * 3 + [MINOTAUR] + [GOBLIN] * 4), slot=4)
    assert [i + 1 for i, r in enumerate(opp.revealed) if r] == [3, 4, 5]


def test_493_oracle_card_without_keyword_reveals_only_itself() -> None:
    _, opp = run(493, slot=4)
    assert [i + 1 for i, r in enumerate(opp.revealed) if r] == [4]


@pytest.mark.parametrize(("slot", "revealed"), [(1, [1, 2]), (8, [7, 8])])
def test_493_oracle_edge_slots_have_one_neighbour(slot: int, revealed: list[int]) -> None:
    _, opp = run(493, opp=dict(hand=[MINOTAUR] * 8), slot=slot)
    assert [i + 1 for i, r in enumerate(opp.revealed) if r] == revealed


# --- 496 Spring wood -------------------------------------------------------------------

def test_496_spring_wood_stock_lowered_last_round_production_x2() -> None:
    """C-HIST-5: the change indicators of the opponent's last round; any resource lowered
    counts (as for 364 Judge in the golden cases)."""
    me, _ = run(496, dict(changes={"gems": -2, "bricks": 3}, wall=10))
    assert me.wall == 13
    assert effect_stock(me, 496, factor=2) == (0, 0, 0)


def test_496_spring_wood_stock_not_lowered_normal_production() -> None:
    me, _ = run(496, dict(changes={"gems": 4, "tower": -5}, wall=10))
    assert me.wall == 13
    assert effect_stock(me, 496) == (0, 0, 0)


def test_496_spring_wood_no_effect_on_an_extra_turn() -> None:
    """C-HIST-5: "last round" conditions act only on the first turn of a round."""
    me, _ = run(496, dict(changes={"bricks": -5}, history=QUICK_PLAYED))
    assert effect_stock(me, 496) == (0, 0, 0)


# --- 501 Secret temple -----------------------------------------------------------------

def test_501_secret_temple_mode_1_wall_6() -> None:
    me, _ = run(501, mode=1)
    assert me.wall == 31
    assert effect_stock(me, 501) == (0, 0, 0)


def test_501_secret_temple_mode_2_gems_4() -> None:
    me, _ = run(501, mode=2)
    assert me.wall == 25
    assert effect_stock(me, 501) == (0, 4, 0)


def test_501_secret_temple_mode_3_enemy_recruits_minus_3() -> None:
    me, opp = run(501, mode=3)
    assert enemy_stock(opp) == (0, 0, -3)
    assert effect_stock(me, 501) == (0, 0, 0)


# --- 502 Orc brute ---------------------------------------------------------------------

def test_502_orc_brute_attack_4_and_next_card_is_an_orc() -> None:
    drawn = set()
    for seed in SEEDS:
        me, opp = run(502, seed=seed)
        assert opp.wall == 21
        drawn.add(me.hand[0])
    assert {CARDS[c].name for c in drawn} == {"Orc brute", "Elite orc", "Ogre"}


# --- 503 Temple guard ------------------------------------------------------------------

@pytest.mark.parametrize(("cards", "tower", "enemy_wall"), [
    (hand(503), 30, 25),
    (hand(503, SHADOW_FAIRY), 33, 25),
    (hand(503, SWORDSMAN), 30, 20),
    (hand(503, SHADOW_FAIRY, SWORDSMAN), 33, 20),
])
def test_503_temple_guard_conditions_count_the_guard_itself(
        cards: list[int], tower: int, enemy_wall: int) -> None:
    """C-FX-8: the guard is Holy and Soldier, so "> 1" needs one more of each."""
    me, opp = run(503, dict(hand=cards))
    assert (me.wall, me.tower) == (30, tower)
    assert opp.wall == enemy_wall


# --- 504 Piranhas ----------------------------------------------------------------------

def test_504_piranhas_if_new_attack_5() -> None:
    _, opp = run(504, dict(new=[1]))
    assert opp.wall == 20


def test_504_piranhas_not_new_attack_1() -> None:
    _, opp = run(504)
    assert opp.wall == 24


# --- 508 Javeliner ---------------------------------------------------------------------

@pytest.mark.parametrize(("tower", "after"), [(23, 20), (21, 20), (4, 0), (99, 95)])
def test_508_javeliner_lowers_enemy_tower_to_multiple_of_5(tower: int, after: int) -> None:
    _, opp = run(508, opp=dict(tower=tower))
    assert (opp.tower, opp.wall) == (after, 25)


def test_508_javeliner_divisible_tower_unchanged() -> None:
    _, opp = run(508, opp=dict(tower=25))
    assert opp.tower == 25


# --- 509 Breeze ------------------------------------------------------------------------

def test_509_breeze_one_resource_for_each_new_card_in_both_hands() -> None:
    """C-FLAG-4 / C-TURN-2: the flags as they stood before the round reset (what the
    player saw), mine and the enemy's, the played card included: 2 + 3 = 5."""
    splits = set()
    for seed in SEEDS:
        me, _ = run(509, dict(new=[1, 2]), dict(new=[3, 4, 5]), seed=seed)
        gain = effect_stock(me, 509)
        assert min(gain) >= 0
        assert sum(gain) == 5
        splits.add(gain)
    assert len(splits) > 3


def test_509_breeze_no_new_card_no_gain() -> None:
    me, _ = run(509)
    assert effect_stock(me, 509) == (0, 0, 0)


# --- 511 Farm --------------------------------------------------------------------------

def test_511_farm_after_a_discard_stock_3() -> None:
    """C-HIST-3: "last card" is my most recent action."""
    me, _ = run(511, dict(history=DISCARDED))
    assert (me.tower, me.wall) == (32, 27)
    assert effect_stock(me, 511) == (3, 3, 3)


def test_511_farm_after_a_play_no_stock() -> None:
    me, _ = run(511, dict(history=[(GOBLIN, 0, True)]))
    assert (me.tower, me.wall) == (32, 27)
    assert effect_stock(me, 511) == (0, 0, 0)


# --- 512 Reinforced gate ---------------------------------------------------------------

def test_512_reinforced_gate_wall_below_tower_gets_15() -> None:
    me, _ = run(512, dict(wall=29, tower=30))
    assert me.wall == 44


def test_512_reinforced_gate_wall_not_below_tower_gets_6() -> None:
    me, _ = run(512, dict(wall=30, tower=30))
    assert me.wall == 36


# --- 516 Frozen flame ------------------------------------------------------------------

@pytest.mark.parametrize(("last", "gain"), [
    (438, (3, 3, 3)),  # Phoenix feather (6, 6, 6)
    (IMP, (0, 1, 0)),  # Imp (0, 2, 0)
    (PHOENIX, (0, 5, 5)),  # Phoenix (0, 31, 10): 16 and 5, max 5
    (SEARING_FIRE, (0, 0, 0)),
])
def test_516_frozen_flame_after_burning_returns_half_its_cost(
        last: int, gain: tuple[int, int, int]) -> None:
    """C-FX-3 per resource, C-GEN-1 rounding half away from zero."""
    me, _ = run(516, dict(history=[(last, 0, True)]))
    assert effect_stock(me, 516) == gain


def test_516_frozen_flame_after_non_burning_nothing() -> None:
    me, _ = run(516, dict(history=[(BATTERING_RAM, 0, True)]))
    assert effect_stock(me, 516) == (0, 0, 0)


def test_516_frozen_flame_last_card_played_survives_a_discard() -> None:
    """C-HIST-4 (manual): the most recent card played, even if a discard came after."""
    me, _ = run(516, dict(history=DISCARDED, last_played=438))
    assert effect_stock(me, 516) == (3, 3, 3)


# --- 518 Thieves guild -----------------------------------------------------------------

def test_518_thieves_guild_tower_enemy_stock_and_next_brigand() -> None:
    drawn = []
    for seed in SEEDS:
        me, opp = run(518, seed=seed)
        assert me.tower == 33
        assert enemy_stock(opp) == (-1, -1, -1)
        drawn.append(me.hand[0])
    assert set(drawn) <= set(BRIGAND)
    assert len(set(drawn)) > 3


# --- 519 Lake fairy --------------------------------------------------------------------

@pytest.mark.parametrize("mode", [1, 2, 4, 5, 6, 7, 8])
def test_519_lake_fairy_gems_per_nature_card_and_selected_becomes_lake_fairy(
        mode: int) -> None:
    """C-FX-8: the fairy and Erosion are Nature: gems +2."""
    cards = hand(GOBLIN, GOBLIN, 519, EROSION)
    me, _ = run(519, dict(hand=cards), slot=3, mode=mode)
    assert effect_stock(me, 519) == (0, 2, 0)
    assert me.hand[mode - 1] == 519
    assert me.new[mode - 1]
    assert me.discarded_own == [cards[mode - 1]]


def test_519_lake_fairy_own_slot_stays() -> None:
    """C-FX-5, mode = played slot: the fairy replaces itself, no draw."""
    me, _ = run(519, slot=3, mode=3)
    assert effect_stock(me, 519) == (0, 1, 0)
    assert me.hand == hand(GOBLIN, GOBLIN, 519)
    assert me.discarded_own == []


# --- 521 Mermaid -----------------------------------------------------------------------

def test_521_mermaid_enemy_tower_wall_and_stock_minus_2() -> None:
    _, opp = run(521)
    assert (opp.tower, opp.wall) == (28, 23)
    assert enemy_stock(opp) == (-2, -2, -2)


# --- 522 Sunken ruins ------------------------------------------------------------------

@pytest.mark.parametrize(("cards", "tower", "wall"), [
    (hand(522), 31, 26),  # N = 1: 0.5 rounds to 1 (C-GEN-1)
    (hand(522, 504), 31, 27),
    (hand(522, 504, KRAKEN), 32, 28),  # 1.5 rounds to 2
    (hand(522, 504, KRAKEN, 521, 529), 33, 30),  # 2.5 rounds to 3
])
def test_522_sunken_ruins_tower_half_n_wall_n(cards: list[int], tower: int, wall: int) -> None:
    me, _ = run(522, dict(hand=cards))
    assert (me.tower, me.wall) == (tower, wall)


# --- 524 Sea serpent -------------------------------------------------------------------

def test_524_sea_serpent_no_enemy_wall_enemy_stock_minus_7() -> None:
    _, opp = run(524, opp=dict(wall=0))
    assert enemy_stock(opp) == (-7, -7, -7)
    assert opp.tower == 30


def test_524_sea_serpent_enemy_wall_tower_minus_3_wall_minus_7() -> None:
    _, opp = run(524, opp=dict(wall=5))
    assert (opp.tower, opp.wall) == (27, 0)
    assert enemy_stock(opp) == (0, 0, 0)


# --- 527 Elven priestesses -------------------------------------------------------------

@pytest.mark.parametrize(("facilities", "factors"), [
    ((2, 3, 4), (2, 1, 1)), ((4, 1, 3), (1, 2, 1)), ((5, 6, 2), (1, 1, 2)),
])
def test_527_elven_priestesses_doubles_lowest_facility_production(
        facilities: tuple[int, int, int], factors: tuple[int, int, int]) -> None:
    q, m, d = facilities
    me, _ = run(527, dict(quarry=q, magic=m, dungeons=d))
    assert (me.bricks, me.gems, me.recruits) == (
        RICH + factors[0] * q, RICH + factors[1] * m, RICH + factors[2] * d)


def test_527_elven_priestesses_tied_lowest_one_at_random() -> None:
    seen = set()
    for seed in SEEDS:
        me, _ = run(527, seed=seed)
        gain = (me.bricks - RICH, me.gems - RICH, me.recruits - RICH)
        assert sorted(gain) == [3, 3, 6]
        seen.add(gain)
    assert len(seen) == 3


# --- 529 Waterfall ---------------------------------------------------------------------

def test_529_waterfall_wall_minus_5_stock_plus_3() -> None:
    me, _ = run(529)
    assert me.wall == 20
    assert effect_stock(me, 529) == (3, 3, 3)


# --- 531 Exiled ------------------------------------------------------------------------

def test_531_exiled_aqua_in_enemy_hand_enemy_stock_minus_3() -> None:
    _, opp = run(531, opp=dict(hand=hand(GOBLIN, KRAKEN)))
    assert opp.wall == 18
    assert enemy_stock(opp) == (-3, -3, -3)


def test_531_exiled_no_aqua_in_enemy_hand_only_attacks() -> None:
    """My own Aqua card (the played one) does not count: the enemy hand is read."""
    _, opp = run(531)
    assert opp.wall == 18
    assert enemy_stock(opp) == (0, 0, 0)


# --- 532 Pixie -------------------------------------------------------------------------

def test_532_pixie_each_player_gains_commons_minus_non_commons() -> None:
    """Me: Pixie and 5 Goblins common, 2 not: +4. Enemy: 3 common, 5 not: -2."""
    me, opp = run(532, dict(hand=[532, *[GOBLIN] * 5, VAMPIRE, CATASTROPHE]),
                  dict(hand=[*[GOBLIN] * 3, *[VAMPIRE] * 4, CATASTROPHE]))
    assert effect_stock(me, 532) == (4, 4, 4)
    assert enemy_stock(opp) == (-2, -2, -2)


def test_532_pixie_all_common_hands_gain_8() -> None:
    me, opp = run(532)
    assert effect_stock(me, 532) == (8, 8, 8)
    assert enemy_stock(opp) == (8, 8, 8)
