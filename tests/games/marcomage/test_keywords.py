"""The keywords without token counters (C-KW-2, 7, 8, 10, 11, 13, 14, 19..21, 24, 26..29),
keyword order (C-TURN-8) and discards (C-TURN-12). Token keywords: test_tokens.py;
Burning/Holy/Banish/Skirmisher/Flare attack targeting and random choices:
test_keyword_targets.py.

Plays run with the card's effect switched off (keyword_kit.bare), so that only the
keywords act; the mover has 100 of each resource and facilities 3, the opponent the start
values (tower 30, wall 25, facilities 3, stock 15/5/10). Hands are Goblins (13, no
keywords) unless given.
"""

from __future__ import annotations

from typing import Any

import pytest

from marcomage.games.marcomage import CARDS, KW, Game, Player
from marcomage.games.marcomage.cards import DRAGON_EGG, KEYWORD_BITS, RARE
from marcomage.games.marcomage.context import DRAW, ids_where
from marcomage.games.marcomage.keywords import KEYWORD_ORDER

from .builders import DECK, GOBLIN, discard, duel, play
from .keyword_kit import OTHER_DECK, SEEDS, bare, game_with, hand, keywords_on, patched


def me(game: Game) -> Player:
    return game.players[0]


def opp(game: Game) -> Player:
    return game.players[1]


def round_trip(game: Game) -> None:
    """The opponent discards his slot 1, so that it is player 1's turn again."""
    assert game.current == 1
    discard(game, 1)
    assert game.current == 0


# --- C-TURN-8: the order ----------------------------------------------------------------

MANUAL_ORDER = (
    "Alliance", "Aqua", "Barbarian", "Beast", "Brigand", "Burning", "Destruction", "Dragon",
    "Holy", "Illusion", "Legend", "Mage", "Nature", "Restoration", "Soldier", "Titan",
    "Undead", "Unliving",
    "Durable", "Quick", "Swift", "Banish", "Skirmisher", "Rebirth", "Flare attack",
    "Frenzy", "Enduring", "Charge",
)


def test_all_28_keywords_run_in_the_manuals_order_C_TURN_8_C_KW_30() -> None:
    """Category keywords first, then effect keywords, each in the manual's list order."""
    assert [bit for bit, _ in KEYWORD_ORDER] == [KEYWORD_BITS[n] for n in MANUAL_ORDER]
    assert len({run for _, run in KEYWORD_ORDER}) == 28


def test_beast_fierce_attack_runs_before_charge_checks_the_wall_C_TURN_8() -> None:
    """236 Centaur patrol troop (Beast, Charge 1): the Beast token attack brings wall 2 to
    0 first, so Charge then hits the tower (C-TURN-8, C-KW-4, C-KW-28)."""
    g = game_with(me=dict(tokens={"Beast": 86}), opp=dict(wall=2))
    bare(g, 236)
    assert (opp(g).wall, opp(g).tower) == (0, 29)
    g = game_with(me=dict(tokens={"Beast": 85}), opp=dict(wall=2))
    bare(g, 236)  # 85 + 14 = 99: no Fierce attack, the wall stays 2, no Charge
    assert (opp(g).wall, opp(g).tower) == (2, 30)


def test_category_keywords_run_before_quick_zeroes_production_C_TURN_8_C_PROD_3() -> None:
    """A test card with Alliance and Quick: Arcane knowledge doubles the factors, then
    Quick sets them to 0 (C-PROD-3), also over an effect's Production x2."""
    with patched(60, kw=KW.ALLIANCE | KW.QUICK):
        g = game_with(me=dict(tokens={"Alliance": 90}))
        bare(g, 60, effect=lambda t: t.production(2))
    assert me(g).tokens[0] == 0
    assert (me(g).bricks, me(g).gems, me(g).recruits) == (100, 100, 97)
    assert g.current == 0


def test_durable_overrides_dragon_egg_C_KW_29() -> None:
    """Next-card sources: the last one wins, Durable after Dragon (C-KW-29)."""
    with patched(440, kw=KW.DRAGON | KW.DURABLE):
        g = game_with(me=dict(hand=hand(440, 250)))
        bare(g, slot=1)
    assert me(g).hand[0] == 440


def test_durable_overrides_a_next_card_set_by_the_effect_C_KW_19_C_KW_29() -> None:
    def dictate(t: Any) -> None:
        t.next_card = GOBLIN

    g = game_with()
    bare(g, 104, effect=dictate)
    assert me(g).hand[0] == 104


# --- C-TURN-12: no keyword on a discard ----------------------------------------------

ONE_PER_KEYWORD = {
    "Alliance": 60, "Aqua": 521, "Banish": 90, "Barbarian": 45, "Brigand": 26, "Beast": 259,
    "Burning": 257, "Charge": 83, "Destruction": 14, "Dragon": 440, "Durable": 104,
    "Enduring": 106, "Flare attack": 360, "Frenzy": 73, "Holy": 176, "Illusion": 40,
    "Legend": 352, "Mage": 82, "Nature": 116, "Quick": 320, "Rebirth": 463,
    "Restoration": 49, "Skirmisher": 193, "Soldier": 20, "Swift": 174, "Titan": 315,
    "Undead": 114, "Unliving": 271,
}


def test_one_per_keyword_table_is_right_C_KW_30() -> None:
    assert set(ONE_PER_KEYWORD) == set(MANUAL_ORDER)
    for name, card in ONE_PER_KEYWORD.items():
        assert name in CARDS[card].keywords


@pytest.mark.parametrize("name", MANUAL_ORDER)
def test_discarding_a_keyword_card_runs_no_keyword_C_TURN_12(name: str) -> None:
    """In a state where the keyword would act (counter at 99, combo partner last played,
    a second Dragon/Frenzy card, enemy wall 0, targets in the enemy hand, Burning cards,
    rares), discarding the card changes nothing but production and the slot (C-TURN-12)."""
    card = ONE_PER_KEYWORD[name]
    combo_partner = {"Aqua": 505, "Destruction": 3, "Illusion": 5, "Nature": 17,
                     "Restoration": 11, "Enduring": card}.get(name, GOBLIN)
    tokens = {name: 99} if name in ("Alliance", "Barbarian", "Brigand", "Beast", "Burning",
                                      "Holy", "Mage", "Soldier", "Titan", "Undead",
                                      "Unliving") else {}
    g = duel(
        me=dict(hand=[card, 250, 73, 141, 248, 248, DRAGON_EGG, card], tokens=tokens,
                last_played=combo_partner, history=[(combo_partner, 0, True)]),
        opp=dict(wall=0, hand=[104, 83, 114, 13, 13, 13, 248, 248]),
    )
    before_me, before_opp = me(g).clone(), opp(g).clone()
    discard(g, 1)
    assert g.current == 1 and g.round == 2  # no extra turn
    assert me(g).tokens == before_me.tokens and me(g).token_changes == [0, 0, 0]
    assert me(g).attributes() == (
        3, 3, 3, 15 + 3, 5 + 3, 10 + 3, 30, 25)  # production x1, nothing else
    assert me(g).hand[1:] == before_me.hand[1:]
    assert me(g).hand[0] != card  # not kept (Durable, Rebirth), no Dragon egg either
    assert me(g).last_played == combo_partner
    assert opp(g).attributes() == before_opp.attributes()
    assert opp(g).hand == before_opp.hand and not any(opp(g).new)
    assert me(g).discarded_own == [] and me(g).discarded_opp == []


# --- C-KW-2 and the combo condition (Aqua; the same for Destruction, Illusion, Nature,
# Restoration) ----------------------------------------------------------------------------


def aqua_after(last: int, card: int = 521, **opp_values: Any) -> Game:
    g = game_with(me=dict(last_played=last, history=[(last, 0, True)]), opp=opp_values)
    return bare(g, card)


def test_aqua_after_a_different_uncommon_aqua_C_KW_2() -> None:
    """Common 521 after Uncommon 505: Tower +5, Wall +5, enemy stock -5; the played
    card's own rarity does not matter (C-KW-2)."""
    g = aqua_after(505)
    assert (me(g).tower, me(g).wall) == (35, 30)
    assert (opp(g).bricks, opp(g).gems, opp(g).recruits) == (10, 0, 5)


def test_aqua_after_a_rare_aqua_C_KW_2() -> None:
    g = aqua_after(530, card=505)
    assert (me(g).tower, me(g).wall) == (35, 30)


def test_aqua_enemy_stock_is_clamped_at_0_C_KW_2_C_LIM_1() -> None:
    g = aqua_after(505, bricks=3, gems=0, recruits=5)
    assert (opp(g).bricks, opp(g).gems, opp(g).recruits) == (0, 0, 0)


@pytest.mark.parametrize(("last", "why"), [
    (504, "common Aqua"),
    (521, "the same card id (played 521 after 521)"),
    (5, "non-common card without Aqua"),
    (0, "the Empty card of a new game (C-SETUP-7)"),
])
def test_aqua_no_combo_C_KW_2(last: int, why: str) -> None:
    g = aqua_after(last)
    assert (me(g).tower, me(g).wall) == (30, 25), why
    assert (opp(g).bricks, opp(g).gems, opp(g).recruits) == (15, 5, 10), why


def test_aqua_same_uncommon_card_id_is_no_combo_C_KW_2() -> None:
    g = aqua_after(505, card=505)
    assert (me(g).tower, me(g).wall) == (30, 25)


def test_combo_survives_an_own_discard_in_between_C_HIST_4() -> None:
    """Manual: "played after playing" looks at the last card PLAYED, so a discard in
    between does not break the combo (C-HIST-4: the manual wins over the engine)."""
    g = game_with(me=dict(last_played=505, history=[(GOBLIN, 0, False)]))
    bare(g, 521)
    assert (me(g).tower, me(g).wall) == (35, 30)


def test_combo_through_real_turns_with_a_discard_in_between_C_HIST_4() -> None:
    """Play 505, (opponent), discard, (opponent), play 521: the combo holds."""
    g = game_with(me=dict(hand=hand(505, 521)))
    bare(g, slot=1)
    round_trip(g)
    discard(g, 3)
    round_trip(g)
    assert me(g).history[-1].played is False
    bare(g, slot=2)
    assert (me(g).tower, me(g).wall) == (35, 30)


def test_discarding_an_aqua_card_does_not_make_it_the_last_played_C_HIST_4() -> None:
    """The last action is a discard of Uncommon Aqua 505 but the last card played is a
    Goblin: no combo."""
    g = game_with(me=dict(last_played=GOBLIN, history=[(505, 0, False)]))
    bare(g, 521)
    assert (me(g).tower, me(g).wall) == (30, 25)


# --- C-KW-7 Destruction -------------------------------------------------------------------


def destruction(seed: int = 1, last: int = 3, **opp_values: Any) -> Game:
    g = game_with(me=dict(last_played=last), opp=opp_values, seed=seed)
    return bare(g, 14)


def test_destruction_lowers_the_highest_enemy_facility_above_3_C_KW_7() -> None:
    g = destruction(quarry=3, magic=5, dungeons=4)
    assert (opp(g).quarry, opp(g).magic, opp(g).dungeons) == (3, 4, 4)
    assert (opp(g).bricks, opp(g).gems, opp(g).recruits) == (15, 5, 10)


def test_destruction_highest_facility_exactly_3_hits_highest_resource_C_KW_7() -> None:
    """Highest facility 3 is not "greater than 3": the highest resource loses 10."""
    g = destruction(quarry=3, magic=3, dungeons=2, bricks=12, gems=30, recruits=4)
    assert (opp(g).quarry, opp(g).magic, opp(g).dungeons) == (3, 3, 2)
    assert (opp(g).bricks, opp(g).gems, opp(g).recruits) == (12, 20, 4)


def test_destruction_highest_facility_4_is_lowered_C_KW_7() -> None:
    g = destruction(quarry=4, magic=1, dungeons=1, bricks=12, gems=30, recruits=4)
    assert (opp(g).quarry, opp(g).gems) == (3, 30)


def test_destruction_resource_is_clamped_at_0_C_KW_7() -> None:
    g = destruction(quarry=1, magic=1, dungeons=1, bricks=6, gems=0, recruits=0)
    assert (opp(g).bricks, opp(g).gems, opp(g).recruits) == (0, 0, 0)


def test_destruction_needs_the_combo_C_KW_7() -> None:
    for last in (387, 14, GOBLIN):  # common Destruction, same id, no keyword
        g = destruction(last=last, magic=5)
        assert opp(g).magic == 5


# --- C-KW-14 Restoration ------------------------------------------------------------------


def restoration(seed: int = 1, last: int = 49, **me_values: Any) -> Game:
    g = game_with(me=dict(last_played=last, **me_values), seed=seed)
    return bare(g, 119)  # Haste, Common, cost 5 gems


def test_restoration_raises_the_lowest_facility_below_3_C_KW_14() -> None:
    g = restoration(quarry=3, magic=2, dungeons=4)
    assert (me(g).quarry, me(g).magic, me(g).dungeons) == (3, 3, 4)
    assert me(g).gems == 95 + 3  # production with the raised magic


def test_restoration_lowest_facility_exactly_3_gives_10_lowest_resource_C_KW_14() -> None:
    """Facilities 3/3/5: none below 3, so the lowest resource (after the cost) gets +10."""
    g = restoration(quarry=3, magic=3, dungeons=5, bricks=60, gems=50, recruits=80)
    assert (me(g).quarry, me(g).magic, me(g).dungeons) == (3, 3, 5)
    assert (me(g).bricks, me(g).gems, me(g).recruits) == (63, 45 + 10 + 3, 85)


def test_restoration_needs_the_combo_C_KW_14() -> None:
    for last in (331, 119, 5):  # common Restoration, same id, no keyword
        g = restoration(last=last, magic=1)
        assert me(g).magic == 1


# --- C-KW-10 Illusion, C-KW-13 Nature -----------------------------------------------------


def test_illusion_next_card_is_a_rare_from_the_enemy_deck_C_KW_10() -> None:
    for seed in range(1, 40):
        g = game_with(me=dict(last_played=40), opp=dict(deck=OTHER_DECK), seed=seed)
        bare(g, 91)
        assert me(g).hand[0] in OTHER_DECK[RARE]
    t = keywords_on(game_with(me=dict(last_played=40), opp=dict(deck=OTHER_DECK)), 91)
    assert t.next_card == OTHER_DECK[RARE]


def test_illusion_without_combo_draws_from_own_deck_C_KW_10() -> None:
    for last in (476, 91):  # common Illusion; the same card
        t = keywords_on(game_with(me=dict(last_played=last), opp=dict(deck=OTHER_DECK)), 91)
        assert t.next_card == DRAW
    for seed in range(1, 40):
        g = game_with(me=dict(last_played=476), opp=dict(deck=OTHER_DECK), seed=seed)
        bare(g, 91)
        assert me(g).hand[0] not in OTHER_DECK[RARE]


def test_nature_next_card_is_any_rare_nature_card_of_the_database_C_KW_13() -> None:
    rare_nature = set(ids_where(KW.NATURE, (RARE,)))
    assert rare_nature == {17, 157, 453, 500}
    seen = set()
    for seed in SEEDS:
        g = game_with(me=dict(last_played=116), seed=seed)
        bare(g, 79)
        assert me(g).hand[0] in rare_nature
        seen.add(me(g).hand[0])
    assert seen == rare_nature
    assert seen - set(DECK[RARE])  # from the whole database, not only from the deck


def test_nature_without_combo_draws_normally_C_KW_13() -> None:
    for last in (300, 79, 5):  # common Nature; the same card; no keyword
        t = keywords_on(game_with(me=dict(last_played=last)), 79)
        assert t.next_card == DRAW


# --- C-KW-8 Dragon ----------------------------------------------------------------------------


def test_dragon_pair_without_egg_gives_dragon_egg_C_KW_8() -> None:
    g = game_with(me=dict(hand=hand(440, 250)))
    bare(g, slot=1)
    assert me(g).hand[0] == DRAGON_EGG and me(g).new[0]
    assert me(g).gems == 100 + 3  # no Gems x2


def test_dragon_pair_with_egg_in_hand_doubles_gems_C_KW_8() -> None:
    g = game_with(me=dict(hand=hand(440, 250, DRAGON_EGG)))
    bare(g, slot=1)
    assert me(g).gems == 100 + 2 * 3
    assert (me(g).bricks, me(g).recruits) == (103, 98 + 3)
    t = keywords_on(game_with(me=dict(hand=hand(440, 250, DRAGON_EGG))), 440)
    assert (t.next_card, t.fg, t.fb, t.fr) == (DRAW, 2, 1, 1)


def test_dragon_two_eggs_still_x2_and_multiplies_with_effect_C_KW_8_C_PROD_2() -> None:
    t = keywords_on(game_with(me=dict(hand=hand(440, 250, DRAGON_EGG, DRAGON_EGG))), 440)
    assert t.fg == 2
    g = game_with(me=dict(hand=hand(440, 250, DRAGON_EGG)))
    bare(g, slot=1, effect=lambda t: setattr(t, "fg", t.fg * 2))  # Gems production x2
    assert me(g).gems == 100 + 4 * 3


def test_dragon_alone_does_nothing_even_with_egg_C_KW_8() -> None:
    """The played card counts itself: one Dragon in hand is not a pair (C-KW-8, C-GEN-4);
    a Dragon in the enemy hand does not count."""
    for mine in (hand(440), hand(440, DRAGON_EGG)):
        t = keywords_on(game_with(me=dict(hand=mine), opp=dict(hand=[250] * 8)), 440)
        assert (t.next_card, t.fg) == (DRAW, 1)


# --- C-KW-19 Durable -------------------------------------------------------------------------


def test_durable_card_stays_in_hand_with_new_flag_C_KW_19() -> None:
    g = game_with()
    bare(g, 104)
    assert me(g).hand[0] == 104 and me(g).new[0]
    assert me(g).last_played == 104


def test_durable_discarded_does_not_stay_C_KW_19_C_TURN_12() -> None:
    for seed in range(1, 30):
        g = duel(me=dict(hand=hand(104)), seed=seed)
        discard(g, 1)
        assert me(g).hand[0] != 104


# --- C-KW-20 Quick, C-KW-21 Swift -------------------------------------------------------


def test_quick_extra_turn_without_production_C_KW_20_C_PROD_3() -> None:
    g = game_with()
    bare(g, 320)  # Uncommon Quick, cost 1/1/1
    assert (g.current, g.round) == (0, 1)
    assert (me(g).bricks, me(g).gems, me(g).recruits) == (99, 99, 99)
    assert me(g).changes[3:6] == [-3, -3, -3]  # zero production shows as a loss (C-CHG-2)


def test_swift_extra_turn_with_production_C_KW_21() -> None:
    g = game_with()
    bare(g, 174)  # Time warp, Uncommon Swift, cost 11 gems
    assert (g.current, g.round) == (0, 1)
    assert (me(g).bricks, me(g).gems, me(g).recruits) == (103, 92, 103)


def test_swift_keeps_the_effects_production_factor_quick_does_not_C_PROD_3() -> None:
    g = game_with()
    bare(g, 174, effect=lambda t: t.production(2))
    assert me(g).bricks == 106
    g = game_with()
    bare(g, 320, effect=lambda t: t.production(2))
    assert me(g).bricks == 99


def test_normal_card_ends_the_turn_C_TURN_16() -> None:
    """Control for Quick/Swift: without them the turn passes and the round advances."""
    g = game_with()
    bare(g, 104)
    assert (g.current, g.round) == (1, 2)


@pytest.mark.parametrize("card", [320, 145, 174, 216])
def test_no_rare_refill_after_quick_or_swift_C_KW_20_C_KW_21_C_DRAW_7(card: int) -> None:
    """The played slot of a Quick/Swift card is refilled without rares (C-DRAW-2/7);
    the same deck and seeds give rares to a card without them (control)."""
    for seed in SEEDS:
        g = game_with(seed=seed)
        bare(g, card)
        assert CARDS[me(g).hand[0]].rarity != RARE
    rares = sum(
        CARDS[me(bare(game_with(seed=seed), GOBLIN)).hand[0]].rarity == RARE for seed in SEEDS)
    assert rares > 0


# --- C-KW-11 Legend ----------------------------------------------------------------------


def test_legend_with_another_rare_in_hand_raises_one_facility_C_KW_11() -> None:
    seen = set()
    for seed in range(1, 60):
        g = game_with(me=dict(hand=hand(352, 141)), seed=seed)
        bare(g, slot=1)
        f = (me(g).quarry, me(g).magic, me(g).dungeons)
        assert sum(f) == 10
        seen.add(f)
    assert seen == {(4, 3, 3), (3, 4, 3), (3, 3, 4)}  # each facility sometimes (C-GEN-5)


def test_legend_ignores_the_played_slot_C_KW_11() -> None:
    """A rare Legend card alone: the played card is not "a rare card in hand"; a rare in
    the enemy hand does not count either."""
    g = game_with(me=dict(hand=hand(398)), opp=dict(hand=[141] * 8))
    bare(g, slot=1)
    assert (me(g).quarry, me(g).magic, me(g).dungeons) == (3, 3, 3)
    g = game_with(me=dict(hand=hand(398, 141)))
    bare(g, slot=1)
    assert me(g).facilities == 10


def test_legend_counts_the_other_copy_of_itself_C_KW_11() -> None:
    g = game_with(me=dict(hand=hand(398, 398)))
    bare(g, slot=1)
    assert me(g).facilities == 10


# --- C-KW-24 Rebirth -------------------------------------------------------------------


def test_rebirth_with_4_burning_cards_in_game_C_KW_24() -> None:
    """463 Fire elemental + 2 Burning in my hand + 1 in the enemy hand = 4: the card stays
    and Gems +16."""
    g = game_with(me=dict(hand=hand(463, 257, 250)), opp=dict(hand=hand(248)))
    bare(g, slot=1)
    assert me(g).hand[0] == 463
    assert me(g).gems == 80 + 16 + 3


def test_rebirth_with_exactly_3_burning_cards_does_nothing_C_KW_24() -> None:
    g = game_with(me=dict(hand=hand(463, 257)), opp=dict(hand=hand(248)))
    bare(g, slot=1)
    assert me(g).hand[0] != 463
    assert me(g).gems == 80 + 3


def test_rebirth_counts_the_searing_fire_of_fire_blast_C_KW_24_C_TURN_8() -> None:
    """Burning (a category keyword) runs first: Fire blast turns an enemy card into
    Searing fire, which makes the 4th Burning card for Rebirth."""
    g = game_with(me=dict(hand=hand(463, 257, 257), tokens={"Burning": 97}))
    bare(g, slot=1)
    assert me(g).tokens[0] == 0
    assert opp(g).hand.count(248) == 1
    assert me(g).hand[0] == 463 and me(g).gems == 80 + 16 + 3


def test_rebirth_runs_before_flare_attack_C_KW_24_C_KW_25() -> None:
    """223 Phoenix: 3 Burning cards before Flare attack; its Searing fires come later."""
    for seed in range(1, 20):
        g = game_with(me=dict(hand=hand(223, 257)), opp=dict(hand=hand(248)), seed=seed)
        bare(g, slot=1)
        assert me(g).hand.count(248) + opp(g).hand.count(248) >= 4  # flare happened
        assert me(g).gems == 100 - 31 + 3


# --- C-KW-26 Frenzy ----------------------------------------------------------------------


def test_frenzy_with_another_frenzy_card_attacks_for_recruit_cost_C_KW_26() -> None:
    g = game_with(me=dict(hand=hand(73, 324)))
    bare(g, slot=1)
    assert (opp(g).wall, opp(g).tower) == (25 - 7, 30)


def test_frenzy_attack_goes_wall_first_C_KW_26_C_DMG_1() -> None:
    g = game_with(me=dict(hand=hand(73, 73)), opp=dict(wall=3))
    bare(g, slot=1)
    assert (opp(g).wall, opp(g).tower) == (0, 26)


def test_frenzy_alone_or_with_a_non_frenzy_beast_does_nothing_C_KW_26() -> None:
    for mine in (hand(73), hand(73, 259, 142)):
        g = game_with(me=dict(hand=mine), opp=dict(hand=[324] * 8))
        bare(g, slot=1)
        assert (opp(g).wall, opp(g).tower) == (25, 30)


# --- C-KW-27 Enduring ----------------------------------------------------------------


def test_enduring_after_the_same_card_C_KW_27() -> None:
    g = game_with(me=dict(last_played=106, history=[(106, 0, True)]))
    bare(g, 106)  # Troll, Enduring 9
    assert (opp(g).wall, opp(g).tower) == (16, 30)


def test_enduring_after_a_different_card_does_nothing_C_KW_27() -> None:
    for last in (452, GOBLIN, 0):  # another Enduring card; no keyword; Empty (new game)
        g = game_with(me=dict(last_played=last, history=[(last, 0, True)]))
        bare(g, 106)
        assert opp(g).wall == 25


def test_enduring_damage_is_an_attack_C_KW_27_C_DMG_1() -> None:
    g = game_with(me=dict(last_played=106), opp=dict(wall=4))
    bare(g, 106)
    assert (opp(g).wall, opp(g).tower) == (0, 25)


def test_enduring_survives_a_discard_in_between_C_HIST_4() -> None:
    """Manual: "the last card played" skips discards (C-HIST-4)."""
    g = game_with(me=dict(last_played=106, history=[(GOBLIN, 0, False)]))
    bare(g, 106)
    assert opp(g).wall == 16


def test_enduring_after_discarding_the_same_card_does_nothing_C_HIST_4() -> None:
    g = game_with(me=dict(last_played=GOBLIN, history=[(106, 0, False)]))
    bare(g, 106)
    assert opp(g).wall == 25


def test_enduring_through_real_turns_C_KW_27_C_HIST_4() -> None:
    """Troll is Durable: play it, (opponent), discard another card, (opponent), play it
    again: the bonus applies on the second play only."""
    g = game_with(me=dict(hand=hand(106)))
    bare(g, slot=1)
    assert opp(g).wall == 25
    round_trip(g)
    discard(g, 2)
    round_trip(g)
    bare(g, slot=1)
    assert opp(g).wall == 16


# --- C-KW-28 Charge --------------------------------------------------------------------


def test_charge_wall_exactly_zero_after_attack_C_KW_28() -> None:
    """7 Knight (Attack 7, Charge 3) with its real effect: wall 7 -> 0, tower -3."""
    g = game_with(opp=dict(wall=7))
    play(g, 7)
    assert (opp(g).wall, opp(g).tower) == (0, 27)


def test_charge_wall_1_after_attack_no_bonus_C_KW_28() -> None:
    g = game_with(opp=dict(wall=8))
    play(g, 7)
    assert (opp(g).wall, opp(g).tower) == (1, 30)


def test_charge_is_direct_tower_damage_C_KW_28_C_DMG_2() -> None:
    """83 Valkyrie (Charge 7), effect off: wall 0 -> tower -7; wall 1 -> nothing."""
    g = game_with(opp=dict(wall=0))
    bare(g, 83)
    assert (opp(g).wall, opp(g).tower) == (0, 23)
    g = game_with(opp=dict(wall=1))
    bare(g, 83)
    assert (opp(g).wall, opp(g).tower) == (1, 30)


def test_charge_sees_the_state_after_the_effect_C_KW_28() -> None:
    g = game_with(opp=dict(wall=10))
    bare(g, 83, effect=lambda t: setattr(t.opp, "wall", 0))
    assert opp(g).tower == 23
    g = game_with(opp=dict(wall=0))
    bare(g, 83, effect=lambda t: setattr(t.opp, "wall", 5))
    assert opp(g).tower == 30
