"""Token counters (C-TOK-1..6) and the side effects of the token keywords (C-KW-1, 3, 4,
5, 12, 15, 16, 17, 18). Burning and Holy targeting is in test_keyword_targets.py.

Plays run with the card's effect switched off (keyword_kit.bare), so that only the
keywords act; the mover has 100 of each resource and facilities 3, the opponent the start
values (tower 30, wall 25, stock 15/5/10).
"""

from __future__ import annotations

import pytest

from marcomage.games.marcomage import CARDS, KW, Game, Player
from marcomage.games.marcomage.cards import TOKEN_GAINS, TOKEN_KEYWORDS
from marcomage.games.marcomage.context import Turn, ids_where

from .builders import GOBLIN, discard, duel
from .keyword_kit import SEEDS, bare, game_with, hand

# A card whose only keyword is the token keyword, Common where the set has one.
ONLY = {
    "Alliance": 60, "Barbarian": 45, "Brigand": 26, "Beast": 259, "Burning": 257,
    "Holy": 176, "Mage": 82, "Soldier": 20, "Titan": 315, "Undead": 114, "Unliving": 271,
}
TITANS = ids_where(KW.TITAN)


def me(game: Game) -> Player:
    return game.players[0]


def opp(game: Game) -> Player:
    return game.players[1]


# --- C-TOK-1/2: which counters rise, and by how much ----------------------------------


def test_gains_table_matches_manual_C_TOK_2() -> None:
    """The manual's basic/bonus gains of the 11 token keywords (C-TOK-1, C-TOK-2)."""
    assert TOKEN_GAINS == {
        "Alliance": (17, 3), "Barbarian": (4, 15), "Beast": (14, 10), "Brigand": (10, 10),
        "Burning": (3, 11), "Holy": (25, 5), "Mage": (10, 3), "Soldier": (15, 10),
        "Titan": (22, 5), "Undead": (5, 5), "Unliving": (9, 8),
    }
    assert set(TOKEN_KEYWORDS) == set(ONLY)


@pytest.mark.parametrize("others", [0, 1, 2])
@pytest.mark.parametrize("name", sorted(ONLY))
def test_gain_is_basic_plus_bonus_per_other_card_in_hand_C_TOK_2(name: str, others: int) -> None:
    """Gain = basic + bonus x (other cards with the keyword in hand); the played card is
    still in its slot and is not an "other" card (C-TOK-2, C-GEN-4)."""
    card = ONLY[name]
    g = game_with(me=dict(tokens={name: 0}, hand=hand(*[card] * (1 + others))))
    bare(g, slot=1)
    basic, bonus = TOKEN_GAINS[name]
    assert me(g).tokens[0] == basic + bonus * others
    assert me(g).token_changes[0] == basic + bonus * others  # C-TOK-6


def test_bonus_counts_different_cards_with_the_keyword_C_TOK_2() -> None:
    """Other cards count by keyword, whatever their id or rarity; cards without the
    keyword and the opponent's cards do not count (C-TOK-2)."""
    g = game_with(
        me=dict(tokens={"Alliance": 0}, hand=hand(60, 71, 405, 453, 45, 13)),
        opp=dict(hand=[60] * 8),
    )
    bare(g, slot=1)
    assert me(g).tokens[0] == 17 + 3 * 3


def test_gain_counts_the_hand_after_the_effect_C_TOK_2() -> None:
    """n is counted after the card effect: a card the effect put in hand counts, one it
    took away does not (C-TOK-2)."""
    def add_alliance(t: Turn) -> None:
        t.me.hand[1] = 71

    def remove_alliance(t: Turn) -> None:
        t.me.hand[1] = GOBLIN

    g = game_with(me=dict(tokens={"Alliance": 0}, hand=hand(60)))
    bare(g, slot=1, effect=add_alliance)
    assert me(g).tokens[0] == 17 + 3
    g = game_with(me=dict(tokens={"Alliance": 0}, hand=hand(60, 71)))
    bare(g, slot=1, effect=remove_alliance)
    assert me(g).tokens[0] == 17


def test_unset_token_means_no_counting_and_no_side_effect_C_KW_general() -> None:
    """Without an Alliance slot, an Alliance card raises no counter and never doubles
    production, whatever the other counters hold (C-KW general, C-TOK-2)."""
    g = game_with(me=dict(tokens={"Mage": 99, "Beast": 50}, hand=hand(60, 60, 60, 60)))
    bare(g, slot=1)
    assert me(g).tokens == [99, 50, 0]
    assert me(g).token_changes == [0, 0, 0]
    assert me(g).bricks == 100 + 3  # production x1: no Arcane knowledge


def test_opponents_counters_never_move_in_my_turn_C_TOK_2() -> None:
    g = game_with(me=dict(tokens={"Alliance": 10}), opp=dict(tokens={"Alliance": 90}))
    bare(g, 60)
    assert me(g).tokens[0] == 27
    assert opp(g).tokens[0] == 90 and opp(g).token_changes[0] == 0


def test_discard_raises_no_counter_C_TURN_12() -> None:
    """A discarded token card counts nothing and fires nothing (C-TURN-12, C-TOK-6)."""
    g = duel(me=dict(tokens={"Alliance": 90}, hand=hand(60, 60, 60)))
    discard(g, 1)
    assert me(g).tokens[0] == 90
    assert me(g).token_changes[0] == 0
    assert me(g).bricks == 15 + 3  # production x1


# --- C-TOK-3: reaching 100 ------------------------------------------------------------


def test_alliance_counter_at_99_does_not_fire_C_KW_1_C_TOK_3() -> None:
    """82 + 17 = 99 stays below 100: no side effect (C-TOK-3)."""
    g = game_with(me=dict(tokens={"Alliance": 82}))
    bare(g, 60)
    assert me(g).tokens[0] == 99
    assert me(g).token_changes[0] == 17
    assert (me(g).bricks, me(g).gems, me(g).recruits) == (103, 103, 100)


def test_alliance_counter_reaching_exactly_100_fires_and_resets_C_KW_1_C_TOK_3_C_TOK_6() -> None:
    """83 + 17 = 100: Arcane knowledge doubles production, the counter is 0 and the
    change indicator shows -83 (C-TOK-3, C-TOK-6)."""
    g = game_with(me=dict(tokens={"Alliance": 83}))
    bare(g, 60)
    assert me(g).tokens[0] == 0
    assert me(g).token_changes[0] == -83
    assert (me(g).bricks, me(g).gems, me(g).recruits) == (106, 106, 103)


def test_surplus_above_100_is_lost_C_TOK_3() -> None:
    """95 + 17 = 112 fires and resets to 0, not to 12; the indicator shows -95 (C-TOK-3,
    C-TOK-6; the manual's 90 -> 0 example shows -90)."""
    g = game_with(me=dict(tokens={"Alliance": 95}))
    bare(g, 60)
    assert me(g).tokens[0] == 0
    assert me(g).token_changes[0] == -95
    g = game_with(me=dict(tokens={"Alliance": 90}))
    bare(g, 60)
    assert me(g).token_changes[0] == -90


def test_token_change_resets_at_round_start_and_adds_up_on_extra_turns_C_TOK_6() -> None:
    """The indicator is zeroed when a round starts, and sums the plays of one round:
    after a played Quick card it keeps counting (C-TOK-6, C-TURN-3)."""
    g = game_with(me=dict(tokens={"Alliance": 0}, token_changes=[7, 0, 0],
                          history=[(GOBLIN, 0, True)]))
    bare(g, 60)
    assert me(g).token_changes[0] == 17
    g = game_with(me=dict(tokens={"Alliance": 0}, token_changes=[7, 0, 0],
                          history=[(145, 0, True)]))  # 145 Necromancy is Quick
    bare(g, 60)
    assert me(g).token_changes[0] == 7 + 17


def test_card_with_two_token_keywords_raises_both_and_both_can_fire_C_TOK_4() -> None:
    """302 Titan's left arm (Titan, Unliving): each counter rises by its own gain, and
    each fires its own side effect (C-TOK-4)."""
    g = game_with(me=dict(tokens={"Titan": 78, "Unliving": 91}))
    bare(g, 302)
    assert me(g).tokens[:2] == [0, 0]
    assert me(g).token_changes[:2] == [-78, -91]
    assert me(g).bricks == 100 - 7 + 2 * 3  # Artificial workers (Common): x2
    assert me(g).hand[0] in TITANS  # Titan's will
    g = game_with(me=dict(tokens={"Titan": 10, "Unliving": 91}))
    bare(g, 302)
    assert me(g).tokens[:2] == [32, 0]


def test_other_counters_are_untouched_C_TOK_2() -> None:
    """Only the counters of the played card's keywords move."""
    g = game_with(me=dict(tokens={"Beast": 40, "Alliance": 40, "Mage": 40}))
    bare(g, 60)
    assert me(g).tokens == [40, 57, 40]


# --- side effects ---------------------------------------------------------------------


def test_alliance_arcane_knowledge_multiplies_card_production_x2_to_x4_C_KW_1_C_PROD_2() -> None:
    """Production x2 from the effect and Arcane knowledge multiply: x4 (C-KW-1, C-PROD-2,
    the manual's Production x2 example)."""
    g = game_with(me=dict(tokens={"Alliance": 90}))
    bare(g, 60, effect=lambda t: t.production(2))
    assert (me(g).bricks, me(g).gems, me(g).recruits) == (112, 112, 97 + 12)
    assert me(g).changes[3:6] == [9, 9, 9]  # (factor - 1) x facility, C-CHG-2


@pytest.mark.parametrize(("card", "cut"), [(45, 3), (68, 8), (314, 15)])
def test_barbarian_devastation_by_rarity_C_KW_3(card: int, cut: int) -> None:
    """Devastation lowers the enemy wall directly by 3/8/15 (Common/Uncommon/Rare)."""
    g = game_with(me=dict(tokens={"Barbarian": 96}))
    bare(g, card)
    assert me(g).tokens[0] == 0
    assert (opp(g).wall, opp(g).tower) == (25 - cut, 30)


def test_barbarian_devastation_surplus_is_lost_C_KW_3_C_DMG_2() -> None:
    """Wall 2, Devastation 15: the wall ends at 0 and the tower is untouched (C-DMG-2)."""
    g = game_with(me=dict(tokens={"Barbarian": 96}), opp=dict(wall=2))
    bare(g, 314)
    assert (opp(g).wall, opp(g).tower) == (0, 30)


def test_barbarian_below_100_no_devastation_C_KW_3() -> None:
    g = game_with(me=dict(tokens={"Barbarian": 95}))
    bare(g, 314)
    assert me(g).tokens[0] == 99
    assert opp(g).wall == 25


@pytest.mark.parametrize(("card", "damage"), [(259, 2), (142, 5), (134, 10)])
def test_beast_fierce_attack_by_rarity_C_KW_4(card: int, damage: int) -> None:
    g = game_with(me=dict(tokens={"Beast": 86}))
    bare(g, card)
    assert me(g).tokens[0] == 0
    assert (opp(g).wall, opp(g).tower) == (25 - damage, 30)


def test_beast_fierce_attack_goes_through_the_wall_C_KW_4_C_DMG_1() -> None:
    """Fierce attack is an attack: wall 3 absorbs 3 of 10, the tower takes 7; with wall
    0 the tower takes all (C-DMG-1)."""
    g = game_with(me=dict(tokens={"Beast": 86}), opp=dict(wall=3))
    bare(g, 134)
    assert (opp(g).wall, opp(g).tower) == (0, 23)
    g = game_with(me=dict(tokens={"Beast": 86}), opp=dict(wall=0))
    bare(g, 134)
    assert (opp(g).wall, opp(g).tower) == (0, 20)
    g = game_with(me=dict(tokens={"Beast": 85}), opp=dict(wall=0))
    bare(g, 134)  # 85 + 14 = 99: no attack
    assert opp(g).tower == 30


@pytest.mark.parametrize(("card", "k"), [(26, 1), (52, 2), (339, 3)])
def test_brigand_robbery_by_rarity_C_KW_5(card: int, k: int) -> None:
    g = game_with(me=dict(tokens={"Brigand": 90}))
    bare(g, card)
    c = CARDS[card]
    assert me(g).tokens[0] == 0
    assert (me(g).bricks, me(g).gems, me(g).recruits) == (
        100 - c.bricks + k + 3, 100 - c.gems + k + 3, 100 - c.recruits + k + 3)
    assert (opp(g).bricks, opp(g).gems, opp(g).recruits) == (15 - k, 5 - k, 10 - k)


def test_brigand_robbery_gains_in_full_from_a_poor_opponent_C_KW_5() -> None:
    """A gains k even when O has less; O is clamped at 0 (C-KW-5)."""
    g = game_with(me=dict(tokens={"Brigand": 90}), opp=dict(bricks=0, gems=1, recruits=2))
    bare(g, 339)
    assert (me(g).bricks, me(g).gems, me(g).recruits) == (106, 106, 105)
    assert (opp(g).bricks, opp(g).gems, opp(g).recruits) == (0, 0, 0)


def test_mage_willpower_magic_branch_when_lead_below_2_C_KW_12() -> None:
    """Magic 3 vs enemy 2 (lead 1 < 2): Magic +1, and production uses the new magic."""
    g = game_with(me=dict(tokens={"Mage": 90}), opp=dict(magic=2))
    bare(g, 82)
    assert me(g).tokens[0] == 0
    assert (me(g).magic, me(g).gems) == (4, 99 + 4)


def test_mage_willpower_gems_branch_when_lead_exactly_2_C_KW_12() -> None:
    """Magic 3 vs enemy 1 (lead exactly 2): Gems +10, magic unchanged."""
    g = game_with(me=dict(tokens={"Mage": 90}), opp=dict(magic=1))
    bare(g, 82)
    assert (me(g).magic, me(g).gems) == (3, 99 + 10 + 3)


def test_mage_willpower_behind_raises_magic_and_no_fire_below_100_C_KW_12() -> None:
    g = game_with(me=dict(tokens={"Mage": 90}), opp=dict(magic=9))
    bare(g, 82)
    assert me(g).magic == 4
    g = game_with(me=dict(tokens={"Mage": 89}), opp=dict(magic=1))
    bare(g, 82)
    assert (me(g).tokens[0], me(g).magic, me(g).gems) == (99, 3, 99 + 3)


@pytest.mark.parametrize(("card", "back"), [
    (20, 1),    # 1 / 2 = 0.5 -> 1
    (279, 3),   # 5 / 2 = 2.5 -> 3 (half up, not half to even)
    (72, 5),    # 9 / 2 = 4.5 -> 5
    (102, 10),  # 20 / 2
    (277, 15),  # 30 / 2
])
def test_soldier_veteran_troops_returns_half_recruit_cost_rounded_half_up_C_KW_15(
        card: int, back: int) -> None:
    """Veteran troops: Recruits + round(recruit cost / 2), half up (C-KW-15, C-GEN-1)."""
    g = game_with(me=dict(tokens={"Soldier": 85}))
    bare(g, card)
    assert me(g).tokens[0] == 0
    assert me(g).recruits == 100 - CARDS[card].recruits + back + 3


def test_soldier_no_return_below_100_C_KW_15() -> None:
    g = game_with(me=dict(tokens={"Soldier": 84}))
    bare(g, 277)
    assert me(g).recruits == 100 - 30 + 3


def test_titan_will_next_card_is_a_titan_of_any_rarity_C_KW_16() -> None:
    """Titan's will: the played slot receives a Titan card from the whole database, any
    rarity, chosen uniformly (C-KW-16); over many seeds every Titan shows up."""
    seen = set()
    for seed in SEEDS:
        g = game_with(me=dict(tokens={"Titan": 78}), seed=seed)
        bare(g, 315)
        assert me(g).tokens[0] == 0
        assert me(g).hand[0] in TITANS
        seen.add(me(g).hand[0])
    assert seen == set(TITANS) == {302, 303, 310, 311, 312, 315}


def test_titan_below_100_draws_from_the_deck_C_KW_16() -> None:
    """77 + 22 = 99: no Titan's will, the slot is refilled from the deck (which holds no
    Titan)."""
    for seed in range(1, 30):
        g = game_with(me=dict(tokens={"Titan": 77}), seed=seed)
        bare(g, 315)
        assert me(g).hand[0] not in TITANS


@pytest.mark.parametrize(("card", "back"), [
    (114, (0, 1, 1)),   # 2/3 -> 1 each
    (112, (0, 2, 2)),   # 5/3 -> 2 each: 4 in all, where a third of the total 10 would be 3
    (88, (0, 10, 10)),  # 30/3
    (316, (3, 3, 3)),   # 9/3
    (350, (0, 0, 0)),   # 1/3 -> 0
])
def test_undead_eternal_servitude_returns_a_third_per_resource_C_KW_17(
        card: int, back: tuple[int, int, int]) -> None:
    """Eternal servitude returns round(cost / 3) of each resource separately (C-KW-17)."""
    g = game_with(me=dict(tokens={"Undead": 95}))
    bare(g, card)
    c = CARDS[card]
    assert me(g).tokens[0] == 0
    assert (me(g).bricks, me(g).gems, me(g).recruits) == (
        100 - c.bricks + back[0] + 3, 100 - c.gems + back[1] + 3,
        100 - c.recruits + back[2] + 3)


def test_undead_no_return_below_100_C_KW_17() -> None:
    g = game_with(me=dict(tokens={"Undead": 94}))
    bare(g, 88)
    assert me(g).tokens[0] == 99
    assert (me(g).gems, me(g).recruits) == (73, 73)


@pytest.mark.parametrize(("card", "factor"), [(271, 2), (10, 3), (222, 4)])
def test_unliving_artificial_workers_bricks_factor_by_rarity_C_KW_18(
        card: int, factor: int) -> None:
    """Artificial workers multiplies only the Bricks factor: x2/x3/x4 by rarity."""
    g = game_with(me=dict(tokens={"Unliving": 91}))
    bare(g, card)
    c = CARDS[card]
    assert me(g).tokens[0] == 0
    assert me(g).bricks == 100 - c.bricks + factor * 3
    assert me(g).gems == 100 - c.gems + 3
    assert me(g).recruits == 100 - c.recruits + 3


def test_unliving_factor_multiplies_with_card_production_C_KW_18_C_PROD_2() -> None:
    """Production x2 (effect) and Artificial workers x2 give bricks x4, gems x2."""
    g = game_with(me=dict(tokens={"Unliving": 91}))
    bare(g, 271, effect=lambda t: t.production(2))
    assert (me(g).bricks, me(g).gems) == (97 + 12, 100 + 6)


def test_unliving_below_100_normal_production_C_KW_18() -> None:
    g = game_with(me=dict(tokens={"Unliving": 90}))
    bare(g, 271)
    assert (me(g).tokens[0], me(g).bricks) == (99, 100)
