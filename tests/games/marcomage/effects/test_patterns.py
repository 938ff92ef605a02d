"""The shared card-text patterns of effects/patterns.py (and the bits of context.Turn the
effect modules share), one test or two per helper, on a bare Turn: no whole turn runs.

Start values (C-SETUP-1): tower 30, wall 25, facilities 3, bricks 15, gems 5, recruits 10.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from marcomage.games.marcomage.cards import CARDS, COMMON, KW, RARE, UNCOMMON
from marcomage.games.marcomage.context import DRAW, KEEP, Turn, card_named, ids_where
from marcomage.games.marcomage.effects.patterns import (
    ANY_RARITY,
    FACILITIES,
    NON_COMMON,
    NON_RARE,
    RESOURCE_OF,
    RESOURCES,
    add,
    convert_into_attack,
    destroy_resources,
    discard_all,
    discard_selected,
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
    random_one,
    random_slots,
    random_tied,
    replace_from,
    replace_hand_from,
    school,
    select_replace,
    select_replace_with,
    slots_where,
    steal,
    steal_stock,
)
from marcomage.games.marcomage.state import Entry, Player

from ..builders import GOBLIN, duel

KNIGHT, BARBARIAN, VAMPIRE, GREAT_WALL, RED_DRAGON = 7, 45, 28, 4, 6  # Soldier; ...; Rare
MAGE_GUILD, NECROMANCY, REVOLT = 16, 145, 287  # 145 is Quick
SEEDS = range(1, 41)


def turn(*, slot: int = 1, mode: int = 0, seed: int = 1, me: dict[str, Any] | None = None,
         opp: dict[str, Any] | None = None) -> Turn:
    """A Turn of player 1 playing the card in `slot` (1..8) in `mode`, nothing run yet."""
    return Turn(duel(me=me, opp=opp, seed=seed), slot - 1, mode)


def stock(p: Player) -> tuple[int, int, int]:
    return p.bricks, p.gems, p.recruits


def hand(*cards: int) -> list[int]:
    """A hand of 8 cards: the given ones first, Goblins after."""
    return [*cards, *[GOBLIN] * (8 - len(cards))]


# --- constants ---------------------------------------------------------------------------


def test_resources_facilities_and_rarity_groups() -> None:
    assert RESOURCES == ("bricks", "gems", "recruits")
    assert FACILITIES == ("quarry", "magic", "dungeons")
    assert RESOURCE_OF == {"quarry": "bricks", "magic": "gems", "dungeons": "recruits"}
    assert (ANY_RARITY, NON_RARE, NON_COMMON) == (
        (COMMON, UNCOMMON, RARE), (COMMON, UNCOMMON), (UNCOMMON, RARE))


# --- context: Turn.selected and card_named ------------------------------------------------


def test_selected_is_the_mode_as_a_0_based_slot() -> None:
    assert turn(mode=1).selected == 0
    assert turn(mode=8).selected == 7


def test_card_named() -> None:
    assert card_named("Knight") == KNIGHT
    assert card_named("Great Wall of China") == GREAT_WALL


# --- attributes --------------------------------------------------------------------------


def test_add_changes_an_attribute_by_name() -> None:
    t = turn()
    add(t.me, "gems", 4)
    add(t.me, "quarry", -2)
    assert (t.me.gems, t.me.quarry) == (9, 1)


def test_steal_moves_an_attribute_from_enemy_to_me() -> None:
    t = turn()
    steal(t, "magic", 2)
    assert (t.me.magic, t.opp.magic) == (5, 1)


def test_steal_stock_moves_each_resource() -> None:
    t = turn()
    steal_stock(t, 3)
    assert stock(t.me) == (18, 8, 13)
    assert stock(t.opp) == (12, 2, 7)


def test_drain_stock_returns_only_what_the_player_had() -> None:
    t = turn(opp=dict(bricks=15, gems=5, recruits=0))
    assert drain_stock(t, t.opp, 10) == 10 + 5 + 0
    assert stock(t.opp) == (5, -5, -10)  # the limits apply later (C-GEN-2)


def test_destroy_resources_zeroes_the_stock_only() -> None:
    t = turn()
    destroy_resources(t.me)
    assert stock(t.me) == (0, 0, 0)
    assert (t.me.tower, t.me.quarry) == (30, 3)


def test_convert_into_attack_sums_and_empties_the_resources() -> None:
    t = turn(opp=dict(wall=0))
    convert_into_attack(t, ("bricks", "recruits"))
    assert (t.me.bricks, t.me.gems, t.me.recruits) == (0, 5, 0)
    assert t.opp.tower == 30 - 25


def test_gain_cost_share_rounds_and_caps_each_resource() -> None:
    t = turn()
    vampire = CARDS[VAMPIRE]  # costs 0 bricks, 17 gems, 0 recruits
    gain_cost_share(t.me, vampire, 2, 20)  # 17 / 2 = 8.5 -> 9 (C-GEN-1)
    assert stock(t.me) == (15, 14, 10)
    gain_cost_share(t.me, vampire, 1, 5)  # (max 5)
    assert stock(t.me) == (15, 19, 10)


def test_lowest_and_highest_name_the_attribute() -> None:
    t = turn(me=dict(bricks=1, gems=9, recruits=4, quarry=2, magic=5, dungeons=1))
    assert lowest(t, t.me, RESOURCES) == "bricks"
    assert highest(t, t.me, RESOURCES) == "gems"
    assert lowest(t, t.me, FACILITIES) == "dungeons"
    assert highest(t, t.me, FACILITIES) == "magic"


def test_lowest_and_highest_pick_uniformly_among_ties() -> None:
    low = Counter(
        lowest(t, t.me, RESOURCES)
        for t in (turn(seed=s, me=dict(bricks=2, gems=7, recruits=2)) for s in SEEDS))
    assert set(low) == {"bricks", "recruits"}
    high = Counter(
        highest(t, t.me, RESOURCES)
        for t in (turn(seed=s, me=dict(bricks=7, gems=7, recruits=2)) for s in SEEDS))
    assert set(high) == {"bricks", "gems"}


def test_multiply_production_multiplies_one_factor() -> None:
    t = turn()
    multiply_production(t, "gems", 3)
    multiply_production(t, RESOURCE_OF["dungeons"], 2)
    assert (t.fb, t.fg, t.fr) == (1, 3, 2)


# --- random choices ----------------------------------------------------------------------


def test_random_one_picks_each_item() -> None:
    picks = {random_one(turn(seed=s), ("a", "b", "c")) for s in SEEDS}
    assert picks == {"a", "b", "c"}


def test_random_tied_returns_an_index_of_the_wanted_value() -> None:
    values = [4, 1, 4, 2, 4]
    picks = {random_tied(turn(seed=s), values, 4) for s in SEEDS}
    assert picks == {0, 2, 4}
    assert random_tied(turn(), values, 1) == 1


def test_random_slots_draws_distinct_entries() -> None:
    for s in SEEDS:
        chosen = random_slots(turn(seed=s), [1, 3, 5, 7], 3)
        assert len(chosen) == len(set(chosen)) == 3
        assert set(chosen) <= {1, 3, 5, 7}
    assert sorted(random_slots(turn(), [2, 4], 5)) == [2, 4]  # fewer than asked: all
    assert random_slots(turn(), [], 2) == []
    orders = {tuple(random_slots(turn(seed=s), "abc", 3)) for s in SEEDS}
    assert len(orders) == 6  # n = len: every order of a shuffle


# --- which cards -------------------------------------------------------------------------


def test_card_tests() -> None:
    knight, barbarian, great_wall = CARDS[KNIGHT], CARDS[BARBARIAN], CARDS[GREAT_WALL]
    assert has(KW.SOLDIER)(knight) and not has(KW.SOLDIER)(barbarian)
    assert has(KW.SOLDIER | KW.BARBARIAN)(barbarian)
    assert is_common(knight) and not is_common(CARDS[VAMPIRE])
    assert not_rare(CARDS[VAMPIRE]) and not not_rare(great_wall)


def test_mentions_keyword_reads_the_text() -> None:
    assert mentions_keyword(CARDS[MAGE_GUILD])  # "... will be a Mage"
    assert not mentions_keyword(CARDS[GOBLIN])  # "Attack: 3"


def test_hand_count_counts_the_whole_hand() -> None:
    t = turn(me=dict(hand=hand(KNIGHT, KNIGHT, BARBARIAN)))
    assert hand_count(t.me, has(KW.SOLDIER)) == 2  # slot 1, the played one, counts
    assert hand_count(t.me, is_common) == 8


def test_slots_where_skips_my_played_slot_only() -> None:
    cards = hand(KNIGHT, GOBLIN, KNIGHT)
    t = turn(me=dict(hand=cards), opp=dict(hand=cards))
    assert slots_where(t, t.me, has(KW.SOLDIER)) == [2]
    assert slots_where(t, t.opp, has(KW.SOLDIER)) == [0, 2]


def test_players_by_returns_every_player_with_the_best_value() -> None:
    t = turn(me=dict(wall=10), opp=dict(wall=20))
    assert players_by(t, lambda p: p.wall, min) == [t.me]
    assert players_by(t, lambda p: p.wall, max) == [t.opp]
    t = turn()
    assert players_by(t, lambda p: p.wall, min) == [t.me, t.opp]


def test_played_last_round_scans_played_entries() -> None:
    t = turn(opp=dict(history=[(NECROMANCY, 0, True), (GOBLIN, 0, True)]))
    assert played_last_round(t.opp, KW.QUICK)
    assert not played_last_round(t.opp, KW.SWIFT)
    t.opp.history = [Entry(NECROMANCY, 0, False)]  # a discarded Quick card does not count
    assert not played_last_round(t.opp, KW.QUICK)


# --- hands -------------------------------------------------------------------------------


def test_select_replace_draws_into_the_selected_slot() -> None:
    t = turn(slot=1, mode=3)
    select_replace(t, (VAMPIRE,))
    assert t.me.hand[2] == VAMPIRE and t.me.new[2]
    assert t.next_card == DRAW


def test_select_replace_of_the_played_slot_dictates_the_next_card() -> None:
    t = turn(slot=2, mode=2)
    select_replace(t, (VAMPIRE, KNIGHT))
    assert t.next_card == (VAMPIRE, KNIGHT)
    assert t.me.hand == hand()


def test_select_replace_with_puts_the_named_card() -> None:
    t = turn(slot=1, mode=5)
    select_replace_with(t, BARBARIAN)
    assert t.me.hand[4] == BARBARIAN and t.me.new[4]
    t = turn(slot=5, mode=5)
    select_replace_with(t, BARBARIAN)
    assert t.next_card == BARBARIAN and t.me.hand[4] == GOBLIN


def test_discard_selected_discards_an_extra_card_but_not_the_played_one() -> None:
    t = turn(slot=1, mode=4, me=dict(hand=hand(GOBLIN, GOBLIN, GOBLIN, GREAT_WALL)))
    discard_selected(t)
    assert t.me.new == [False, False, False, True, False, False, False, False]
    t = turn(slot=4, mode=4)
    discard_selected(t)
    assert not any(t.me.new)


def test_discard_all_refills_each_slot_and_counts() -> None:
    t = turn()
    assert discard_all(t, t.opp, [1, 6]) == 2
    assert [i for i, flag in enumerate(t.opp.new) if flag] == [1, 6]
    assert all(card in sum(t.opp.deck, ()) for card in (t.opp.hand[1], t.opp.hand[6]))


def test_replace_from_draws_each_slot_from_the_list() -> None:
    t = turn()
    replace_from(t, t.opp, [0, 5], (VAMPIRE, RED_DRAGON))
    assert {t.opp.hand[0], t.opp.hand[5]} <= {VAMPIRE, RED_DRAGON}
    assert t.opp.new[0] and t.opp.new[5] and not t.opp.new[1]


def test_replace_hand_from_replaces_all_eight_slots() -> None:
    t = turn()
    replace_hand_from(t, t.opp, (VAMPIRE,))
    assert t.opp.hand == [VAMPIRE] * 8 and t.next_card == DRAW
    t = turn()
    replace_hand_from(t, t.me, (KNIGHT,))
    assert t.me.hand == [KNIGHT] * 8 and t.next_card == KEEP  # no refill of the played slot


# --- next card ---------------------------------------------------------------------------


def test_draw_next_card_draws_now_and_dictates_it() -> None:
    t = turn()
    card = draw_next_card(t, (VAMPIRE,))
    assert card is CARDS[VAMPIRE] and t.next_card == VAMPIRE


def test_school_builds_tower_gives_stock_and_names_the_next_card() -> None:
    t = turn()
    school(t, 6, 2, KW.UNDEAD, NON_COMMON)
    assert t.me.tower == 36 and stock(t.me) == (17, 7, 12)
    assert t.next_card == ids_where(KW.UNDEAD, NON_COMMON)
    t = turn()
    school(t, 3, 1, KW.MAGE)
    assert t.next_card == ids_where(KW.MAGE)
    assert REVOLT not in t.next_card
