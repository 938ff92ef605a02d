"""The player rating system (manual "Player rating system", C-EXP): the level formula, the four
EXP phases with the manual's examples, the seven awards, score and slots."""

from __future__ import annotations

import doctest
from decimal import Decimal
from typing import Any

import pytest

from marcomage.games.marcomage import Action, EndType, Game, Outcome, push
from marcomage.games.marcomage import awards as rating
from marcomage.games.marcomage.awards import (
    Achievement,
    Award,
    FinalTurn,
    Phase,
    Rating,
    Result,
    ScoreChange,
    achievement,
    award_rating,
    deck_slots,
    earned_awards,
    game_rating,
    opponent_modifier,
    opponent_rating,
    rate,
    rate_game,
    result_for,
    score_change,
    victory_rating,
)
from marcomage.games.marcomage.cards import (
    CARDS,
    COMMON,
    COMPLETION_RITUAL,
    RARE,
    UNCOMMON,
    card_ids,
)
from marcomage.games.marcomage.ruleset import RULESET
from marcomage.games.marcomage.state import Entry

from .builders import duel, player

D, C, R, T = EndType.DESTRUCTION, EndType.CONSTRUCTION, EndType.RESOURCE, EndType.TIMEOUT
S, A, F, DRAW = EndType.SURRENDER, EndType.ABORT, EndType.ABANDON, EndType.DRAW
WIN, LOSS, TIE = Result.WIN, Result.LOSS, Result.DRAW
MAJOR, MINOR, TACTICAL = Achievement.MAJOR, Achievement.MINOR, Achievement.TACTICAL

GOBLIN = 13  # Common, Attack: 3, costs 1 recruit
TOWER = 18  # Common, Tower: +5, costs 4 bricks
KNIGHT = 7  # Common, Attack: 7
EARTHQUAKE = 17  # Rare, Tower: -15, Wall: -30 to both players
RED_DRAGON = 6  # Rare, Attack: 50
TITANS = (302, 303, 310, 311, 312)
UNCOMMON_ATTACK = 10  # Iron golem, Uncommon, Attack: 21
RARES = card_ids(RARE)

# A modest stock (60), so that stock alone rates Major for a winner and Tactical for a loser.
QUIET = dict(bricks=20, gems=20, recruits=20)


def test_module_doctests() -> None:
    assert doctest.testmod(rating).failed == 0


# --- games built with the engine ------------------------------------------------------------


def finished_by_play(card: int, me: dict[str, Any] | None = None,
                     opp: dict[str, Any] | None = None, *, slot: int = 1, mode: int = 0,
                     round: int = 20) -> tuple[Game, FinalTurn]:
    """Player 1 (index 0) plays `card` from `slot` and the engine ends the game."""
    game = duel(me=me, opp=opp, round=round)
    game.players[0].hand[slot - 1] = card
    action = Action.play(slot, mode)
    push(game, action)
    assert game.outcome is not None, "the play should end the game"
    return game, FinalTurn(0, action)


def destroyed(me: dict[str, Any] | None = None, opp: dict[str, Any] | None = None, *,
              card: int = GOBLIN, slot: int = 1, round: int = 20) -> tuple[Game, FinalTurn]:
    """Player 1 wins by Tower destruction, playing `card` (an attack) against a 1-tower."""
    game, turn = finished_by_play(
        card, me, {"tower": 1, "wall": 0, **(opp or {})}, slot=slot, round=round)
    assert game.outcome == Outcome(0, D)
    return game, turn


def ended(end_type: EndType, winner: int | None, me: dict[str, Any] | None = None,
          opp: dict[str, Any] | None = None, *, round: int = 20,
          friendly: bool = False) -> Game:
    """A game ended from outside the rules (surrender, abort, finish) or forced to an outcome."""
    game = duel(me=me, opp=opp, round=round)
    game.friendly = friendly
    game.outcome = Outcome(winner, end_type)
    return game


def ratings(game: Game, levels: tuple[int, int] = (0, 0),
            turn: FinalTurn | None = None) -> tuple[Rating, Rating]:
    result = rate_game(game, levels, turn)
    assert result is not None
    return result


def awards_of(game: Game, turn: FinalTurn | None = None) -> set[Award]:
    return set(earned_awards(game, turn))


# --- C-DECK-4: deck slots (levels and game slots: tests/platform/test_rating.py) -----------


@pytest.mark.parametrize(("level", "decks"), [
    (0, 8), (5, 8), (6, 9), (11, 9), (12, 10), (17, 10), (18, 11), (36, 14),
])
def test_C_DECK_4_a_bonus_deck_slot_every_6th_level(level: int, decks: int) -> None:
    assert deck_slots(level) == decks


# --- C-EXP-11: score ------------------------------------------------------------------------

WON, LOST, DREW, NOTHING = (ScoreChange(1, 0, 0), ScoreChange(0, 1, 0), ScoreChange(0, 0, 1),
                            ScoreChange(0, 0, 0))


@pytest.mark.parametrize("end_type", [D, C, R, T, S, F])
def test_C_EXP_11_a_decided_game_gives_a_win_and_a_loss(end_type: EndType) -> None:
    assert score_change(Outcome(0, end_type), friendly=False) == (WON, LOST)
    assert score_change(Outcome(1, end_type), friendly=False) == (LOST, WON)


def test_C_EXP_11_a_draw_gives_both_a_draw() -> None:
    assert score_change(Outcome(None, DRAW), friendly=False) == (DREW, DREW)


def test_C_EXP_11_abort_changes_nothing() -> None:
    assert score_change(Outcome(None, A), friendly=False) == (NOTHING, NOTHING)


@pytest.mark.parametrize("outcome", [
    Outcome(0, D), Outcome(1, S), Outcome(0, F), Outcome(None, DRAW), Outcome(None, A),
])
def test_C_GAME_10_a_friendly_game_changes_no_score(outcome: Outcome) -> None:
    assert score_change(outcome, friendly=True) == (NOTHING, NOTHING)


@pytest.mark.parametrize("outcome", [Outcome(None, D), Outcome(0, DRAW), Outcome(0, A),
                                     Outcome(2, D)])
def test_inconsistent_outcomes_are_refused(outcome: Outcome) -> None:
    with pytest.raises(ValueError, match="Inconsistent"):
        score_change(outcome, friendly=False)


def test_result_for_each_player() -> None:
    assert [result_for(Outcome(1, D), i) for i in (0, 1)] == [LOSS, WIN]
    assert [result_for(Outcome(None, DRAW), i) for i in (0, 1)] == [TIE, TIE]
    with pytest.raises(ValueError, match="aborted"):
        result_for(Outcome(None, A), 0)


# --- C-EXP-4: phase 1, game rating ----------------------------------------------------------

PHASE_1_TABLE = [
    (WIN, R, "1.15", 115), (WIN, C, "1.10", 110), (WIN, D, "1.05", 105),
    (WIN, F, "1.00", 100), (WIN, S, "0.95", 95), (WIN, T, "0.60", 60),
    (TIE, DRAW, "0.50", 50),
    (LOSS, T, "0.40", 40), (LOSS, D, "0.15", 15), (LOSS, C, "0.10", 10),
    (LOSS, R, "0.05", 5), (LOSS, S, "0", 0), (LOSS, F, "0", 0),
]


@pytest.mark.parametrize(("result", "end_type", "modifier", "exp"), PHASE_1_TABLE)
def test_C_EXP_4_phase_1_table(result: Result, end_type: EndType, modifier: str,
                               exp: int) -> None:
    assert game_rating(result, end_type) == Phase(Decimal(modifier), exp)


@pytest.mark.parametrize(("result", "end_type"), [
    (WIN, DRAW), (LOSS, DRAW), (TIE, D), (WIN, A), (TIE, A),
])
def test_C_EXP_4_no_rating_for_impossible_results(result: Result, end_type: EndType) -> None:
    with pytest.raises(ValueError, match="No game rating"):
        game_rating(result, end_type)


def test_manual_phase_1_example_destruction_105_and_15() -> None:
    """"if Player1 won with Tower destruction victory, he will gain 105EXP. His opponent will
    gain only 15EXP.\""""
    game, turn = destroyed()
    winner, loser = ratings(game, turn=turn)
    assert (winner.game.exp, loser.game.exp) == (105, 15)


def test_manual_phase_1_example_timeout_60_and_40() -> None:
    """"Player1 won with Timeout victory, he will gain 60EXP. His opponent will gain 40EXP."
    Round 250's single turn ends the game (C-END-4); the higher tower wins (C-END-3)."""
    game, turn = finished_by_play(TOWER, dict(tower=50), dict(tower=50), round=250)
    assert game.outcome == Outcome(0, T)
    winner, loser = ratings(game, turn=turn)
    assert (winner.game.exp, loser.game.exp) == (60, 40)


# --- C-EXP-5: phase 2, opponent rating ------------------------------------------------------


def test_manual_phase_2_example_winner_7_levels_against_1_gets_74() -> None:
    """"Player1 is 6 levels above Player2 ... 105 * 0.7 = 74EXP (rounded)": 73.5 rounds up."""
    assert opponent_rating(105, level=7, opponent_level=1) == Phase(Decimal("0.70"), 74)


def test_C_ERR_1_manual_phase_2_example_loser_gets_15_times_1_6_equals_24() -> None:
    """The manual writes "10 * 1.6 = 24"; the loser's phase 1 value is 15 (C-ERR-1)."""
    assert opponent_rating(15, level=1, opponent_level=7) == Phase(Decimal("1.60"), 24)


def test_manual_phase_2_example_as_a_whole_game() -> None:
    game, turn = destroyed(QUIET, QUIET)
    winner, loser = ratings(game, (7, 1), turn)
    assert (winner.game.exp, winner.opponent.exp) == (105, 74)
    assert (loser.game.exp, loser.opponent.exp) == (15, 24)


@pytest.mark.parametrize("above", range(1, 11))
def test_C_EXP_5_10_percent_bonus_per_level_the_opponent_is_above(above: int) -> None:
    assert opponent_modifier(3, 3 + above) == 1 + Decimal("0.1") * above


@pytest.mark.parametrize("above", [11, 12, 20, 57])
def test_C_EXP_5_the_bonus_is_limited_to_100_percent(above: int) -> None:
    assert opponent_modifier(0, above) == Decimal(2)
    assert opponent_rating(105, 0, above).exp == 210


def test_C_EXP_5_same_level_no_bonus_no_penalty() -> None:
    assert opponent_rating(105, 12, 12) == Phase(Decimal(1), 105)


@pytest.mark.parametrize("below", range(1, 11))
def test_C_EXP_5_5_percent_penalty_per_level_above_the_opponent(below: int) -> None:
    assert opponent_modifier(3 + below, 3) == 1 - Decimal("0.05") * below


@pytest.mark.parametrize("below", [11, 15, 40])
def test_C_EXP_5_the_penalty_is_limited_to_50_percent(below: int) -> None:
    assert opponent_modifier(below, 0) == Decimal("0.5")
    assert opponent_rating(105, below, 0).exp == 53  # 52.5 rounds up


def test_C_GEN_1_phase_2_rounds_half_away_from_zero_not_to_even() -> None:
    assert opponent_rating(105, 2, 0).exp == 95  # 94.5; round() would give 94
    assert opponent_rating(5, 1, 0).exp == 5  # 4.75
    assert opponent_rating(15, 0, 5).exp == 23  # 22.5; round() would give 22


# --- C-EXP-6: phase 3, victory rating -------------------------------------------------------


def rated(result: Result, me: dict[str, Any], opp: dict[str, Any]) -> Achievement:
    return achievement(player(**me), player(**opp), result)


def stock(n: int) -> dict[str, int]:
    """Bricks, gems and recruits summing to n."""
    return dict(bricks=n - 2 * (n // 3), gems=n // 3, recruits=n // 3)


@pytest.mark.parametrize(("enemy_stock", "expected"), [
    (0, MAJOR), (149, MAJOR), (150, MINOR), (300, MINOR), (301, TACTICAL), (399, TACTICAL),
])
def test_C_EXP_6_winner_rates_enemy_stock(enemy_stock: int, expected: Achievement) -> None:
    assert rated(WIN, dict(tower=100), dict(tower=0, **stock(enemy_stock))) is expected


@pytest.mark.parametrize(("enemy_tower", "expected"), [
    (0, MAJOR), (29, MAJOR), (30, MINOR), (60, MINOR), (61, TACTICAL), (99, TACTICAL),
])
def test_C_EXP_6_winner_rates_enemy_tower(enemy_tower: int, expected: Achievement) -> None:
    assert rated(WIN, dict(tower=100), dict(tower=enemy_tower, **stock(0))) is expected


@pytest.mark.parametrize(("own_tower", "expected"), [
    (100, MAJOR), (61, MAJOR), (60, MINOR), (30, MINOR), (29, TACTICAL), (1, TACTICAL),
])
def test_C_EXP_6_winner_rates_own_tower(own_tower: int, expected: Achievement) -> None:
    assert rated(WIN, dict(tower=own_tower), dict(tower=0, **stock(0))) is expected


@pytest.mark.parametrize("result", [LOSS, TIE])
@pytest.mark.parametrize(("own_stock", "expected"), [
    (0, TACTICAL), (149, TACTICAL), (150, MINOR), (300, MINOR), (301, MAJOR), (399, MAJOR),
])
def test_C_EXP_6_loser_or_draw_rates_own_stock(result: Result, own_stock: int,
                                               expected: Achievement) -> None:
    assert rated(result, dict(tower=0, **stock(own_stock)), dict(tower=100)) is expected


@pytest.mark.parametrize("result", [LOSS, TIE])
@pytest.mark.parametrize(("own_tower", "expected"), [
    (0, TACTICAL), (29, TACTICAL), (30, MINOR), (60, MINOR), (61, MAJOR), (100, MAJOR),
])
def test_C_EXP_6_loser_or_draw_rates_own_tower(result: Result, own_tower: int,
                                               expected: Achievement) -> None:
    assert rated(result, dict(tower=own_tower, **stock(0)), dict(tower=100)) is expected


@pytest.mark.parametrize("result", [LOSS, TIE])
@pytest.mark.parametrize(("enemy_tower", "expected"), [
    (100, TACTICAL), (61, TACTICAL), (60, MINOR), (30, MINOR), (29, MAJOR), (0, MAJOR),
])
def test_C_EXP_6_loser_or_draw_rates_enemy_tower(result: Result, enemy_tower: int,
                                                 expected: Achievement) -> None:
    assert rated(result, dict(tower=0, **stock(0)), dict(tower=enemy_tower)) is expected


def test_manual_phase_3_example_victory_takes_the_minimum() -> None:
    """Resource "Major", Tower building "Minor", Tower destruction "Minor" -> "Minor"."""
    assert rated(WIN, dict(tower=45), dict(tower=45, **stock(100))) is MINOR


def test_manual_phase_3_example_draw_or_loss_takes_the_maximum() -> None:
    """The same three ratings from the loser's side -> "Major"."""
    assert rated(LOSS, dict(tower=45, **stock(350)), dict(tower=45)) is MAJOR
    assert rated(TIE, dict(tower=45, **stock(350)), dict(tower=45)) is MAJOR


def test_C_EXP_6_major_victory_needs_all_three_major() -> None:
    assert rated(WIN, dict(tower=61), dict(tower=29, **stock(149))) is MAJOR
    assert rated(WIN, dict(tower=61), dict(tower=29, **stock(301))) is TACTICAL


@pytest.mark.parametrize(("achieved", "modifier", "exp"), [
    (MAJOR, "1.75", 184), (MINOR, "1.25", 131), (TACTICAL, "1", 105),
])
def test_C_EXP_6_phase_3_modifiers(achieved: Achievement, modifier: str, exp: int) -> None:
    # 105 * 1.75 = 183.75, 105 * 1.25 = 131.25
    assert victory_rating(105, achieved) == Phase(Decimal(modifier), exp)


def test_C_EXP_6_achievement_names() -> None:
    assert [a.text for a in (MAJOR, MINOR, TACTICAL)] == [
        "Major achievement", "Minor achievement", "Tactical achievement"]


def test_C_EXP_6_a_loser_with_0_exp_stays_at_0() -> None:
    game = ended(S, 1, dict(tower=90, **stock(390)), dict(tower=10))
    loser, _ = ratings(game, (0, 10))
    assert loser.achievement is MAJOR
    assert (loser.game.exp, loser.opponent.exp, loser.victory.exp, loser.gain) == (0, 0, 0, 0)


def test_C_EXP_6_applies_to_surrender_and_abandon() -> None:
    for end_type in (S, F):
        game = ended(end_type, 0, dict(tower=80, **QUIET), dict(tower=10, **QUIET))
        winner, _ = ratings(game)
        assert winner.achievement is MAJOR
        assert winner.victory.exp == round(Decimal(winner.opponent.exp) * Decimal("1.75"))


# --- C-EXP-7..10: phase 4, awards -----------------------------------------------------------


@pytest.mark.parametrize(("award", "name", "fraction"), [
    (Award.GENTLE_TOUCH, "Gentle touch", "0.20"), (Award.DESOLATOR, "Desolator", "0.30"),
    (Award.TITAN, "Titan", "0.45"), (Award.ASSASSIN, "Assassin", "0.50"),
    (Award.COLLECTOR, "Collector", "0.70"), (Award.BUILDER, "Builder", "0.80"),
    (Award.SURVIVOR, "Survivor", "0.90"),
])
def test_C_EXP_7_award_names_and_fractions(award: Award, name: str, fraction: str) -> None:
    assert (award.value, award.fraction) == (name, Decimal(fraction))


def test_C_EXP_7_awards_add_up_before_multiplying() -> None:
    assert award_rating(100, [Award.GENTLE_TOUCH, Award.SURVIVOR]) == Phase(Decimal("2.10"), 210)
    assert award_rating(131, list(Award)).exp == round(131 * Decimal("4.85"))  # 635.35
    assert award_rating(131, []) == Phase(Decimal(1), 131)


def test_C_EXP_7_awards_round_half_up() -> None:
    assert award_rating(105, [Award.DESOLATOR]).exp == 137  # 136.5


# Gentle touch


def test_C_EXP_10_gentle_touch_destruction_by_the_winners_common_card() -> None:
    game, turn = destroyed()
    assert Award.GENTLE_TOUCH in awards_of(game, turn)


def test_C_EXP_10_gentle_touch_construction_by_the_winners_common_card() -> None:
    game, turn = finished_by_play(TOWER, dict(tower=98))
    assert game.outcome == Outcome(0, C)
    assert Award.GENTLE_TOUCH in awards_of(game, turn)


def test_C_EXP_10_gentle_touch_resource_by_the_winners_common_card() -> None:
    game, turn = finished_by_play(GOBLIN, stock(395))
    assert game.outcome == Outcome(0, R)
    assert Award.GENTLE_TOUCH in awards_of(game, turn)


def test_C_EXP_10_gentle_touch_timeout_decided_on_the_winners_common_play() -> None:
    game, turn = finished_by_play(TOWER, dict(tower=50), dict(tower=50), round=250)
    assert game.outcome == Outcome(0, T)
    assert Award.GENTLE_TOUCH in awards_of(game, turn)


@pytest.mark.parametrize("card", [UNCOMMON_ATTACK, RED_DRAGON])
def test_C_EXP_10_no_gentle_touch_for_an_uncommon_or_rare_card(card: int) -> None:
    game, turn = destroyed(card=card, me=dict(bricks=50, gems=50, recruits=50))
    assert CARDS[game.players[0].last.card].rarity in (UNCOMMON, RARE)
    assert Award.GENTLE_TOUCH not in awards_of(game, turn)


def test_C_EXP_10_no_gentle_touch_when_the_game_ended_on_the_losers_turn() -> None:
    """The loser's Earthquake destroys his own tower; the winner's last entry was a Common
    play, which the 2010 engine would have rewarded."""
    game = duel(me=dict(tower=10, wall=0, gems=20), opp=dict(history=[(GOBLIN, 0, True)]))
    game.players[0].hand[0] = EARTHQUAKE
    action = Action.play(1)
    push(game, action)
    assert game.outcome == Outcome(1, D)
    assert game.players[1].last == (GOBLIN, 0, True)
    assert Award.GENTLE_TOUCH not in awards_of(game, FinalTurn(0, action))


@pytest.mark.parametrize("end_type", [S, F])
def test_C_EXP_10_no_gentle_touch_after_surrender_or_abandon(end_type: EndType) -> None:
    game = ended(end_type, 0, dict(history=[(GOBLIN, 0, True)]))
    assert Award.GENTLE_TOUCH not in awards_of(game)
    # ... even when told the last turn was the winner's Common play.
    assert Award.GENTLE_TOUCH not in awards_of(game, FinalTurn(0, Action.play(1)))


def test_C_EXP_10_no_gentle_touch_when_the_winning_turn_was_a_discard() -> None:
    """Production after a discard completes a resource victory (C-END-5)."""
    game = duel(me=dict(history=[(GOBLIN, 0, True)], **stock(395)))
    action = Action.discard(1)
    push(game, action)
    assert game.outcome == Outcome(0, R)
    assert Award.GENTLE_TOUCH not in awards_of(game, FinalTurn(0, action))


# Desolator


def test_C_EXP_7_desolator_all_enemy_facilities_1() -> None:
    game, turn = destroyed(opp=dict(quarry=1, magic=1, dungeons=1))
    assert Award.DESOLATOR in awards_of(game, turn)


@pytest.mark.parametrize("facilities", [(1, 1, 2), (2, 1, 1), (1, 2, 1), (2, 2, 2), (3, 3, 3)])
def test_C_EXP_7_no_desolator_unless_all_three_are_1(facilities: tuple[int, int, int]) -> None:
    q, m, d = facilities
    game, turn = destroyed(opp=dict(quarry=q, magic=m, dungeons=d))
    assert Award.DESOLATOR not in awards_of(game, turn)


def test_C_EXP_7_desolator_looks_at_the_loser_not_the_winner() -> None:
    game, turn = destroyed(me=dict(quarry=1, magic=1, dungeons=1))
    assert Award.DESOLATOR not in awards_of(game, turn)


# Titan


def titan_win(**opp: Any) -> tuple[Game, FinalTurn]:
    hand = [COMPLETION_RITUAL, *TITANS, GOBLIN, GOBLIN]
    return finished_by_play(COMPLETION_RITUAL, dict(hand=hand, gems=20),
                            {"tower": 90, "wall": 150, **opp})


def test_C_EXP_7_titan_destruction_by_completion_ritual() -> None:
    game, turn = titan_win()
    assert game.outcome == Outcome(0, D)
    assert Award.TITAN in awards_of(game, turn)


def test_C_EXP_7_no_titan_for_a_destruction_by_another_card() -> None:
    game, turn = destroyed(me=dict(history=[(COMPLETION_RITUAL, 0, True)]))
    assert Award.TITAN not in awards_of(game, turn)


def test_C_EXP_7_no_titan_when_completion_ritual_was_discarded() -> None:
    game = ended(S, 0, dict(history=[(COMPLETION_RITUAL, 0, False)]))
    assert Award.TITAN not in awards_of(game)


@pytest.mark.parametrize("end_type", [S, F, T])
def test_C_EXP_7_no_titan_unless_the_end_type_is_destruction(end_type: EndType) -> None:
    game = ended(end_type, 0, dict(history=[(COMPLETION_RITUAL, 0, True)]))
    game.current = 0
    turn = FinalTurn(0, Action.play(1))
    assert Award.TITAN not in awards_of(game, turn)


# Assassin


@pytest.mark.parametrize(("round", "earned"), [(1, True), (9, True), (10, True), (11, False),
                                               (249, False)])
def test_C_EXP_8_assassin_within_10_rounds(round: int, earned: bool) -> None:
    """The manual's "within 10 rounds" includes round 10 (the 2010 engine required < 10)."""
    game, turn = destroyed(round=round)
    assert (Award.ASSASSIN in awards_of(game, turn)) is earned


def test_C_EXP_8_assassin_also_after_a_surrender() -> None:
    assert Award.ASSASSIN in awards_of(ended(S, 1, round=4))


# Collector


def rares(n: int) -> list[int]:
    return list(RARES[10:10 + n])


def test_C_EXP_9_collector_4_rares_in_the_7_other_slots() -> None:
    game, turn = destroyed(me=dict(hand=[GOBLIN, *rares(4), GOBLIN, GOBLIN, GOBLIN]))
    assert Award.COLLECTOR in awards_of(game, turn)


def test_C_EXP_9_collector_leaves_out_the_played_slot_even_when_it_drew_a_rare() -> None:
    """Three rares in the other slots plus a rare drawn into the played slot: no award (the
    2010 engine counted the replacement)."""
    game, turn = destroyed(me=dict(hand=[GOBLIN, GOBLIN, *rares(3), GOBLIN, GOBLIN, GOBLIN]),
                           slot=1)
    game.players[0].hand[0] = RARES[0]  # as if the refill had drawn a rare
    assert sum(CARDS[c].rarity == RARE for c in game.players[0].hand) == 4
    assert Award.COLLECTOR not in awards_of(game, turn)


def test_C_EXP_9_collector_leaves_out_the_played_slot_wherever_it_is() -> None:
    hand = [*rares(3), GOBLIN, GOBLIN, GOBLIN, GOBLIN, GOBLIN]
    game, turn = destroyed(me=dict(hand=hand), slot=6)
    game.players[0].hand[5] = RARES[0]
    assert Award.COLLECTOR not in awards_of(game, turn)
    game.players[0].hand[6] = RARES[1]
    assert Award.COLLECTOR in awards_of(game, turn)


def test_C_EXP_9_a_durable_rare_that_won_does_not_count_itself() -> None:
    """Trebuchet (Durable, Rare) stays in its slot after the play (C-SLOT-1)."""
    trebuchet = 151
    hand = [trebuchet, *rares(3), GOBLIN, GOBLIN, GOBLIN, GOBLIN]
    game, turn = finished_by_play(trebuchet, dict(hand=hand, bricks=20, recruits=20),
                                  dict(tower=5, wall=0))
    assert game.outcome == Outcome(0, D)
    assert game.players[0].hand[0] == trebuchet
    assert Award.COLLECTOR not in awards_of(game, turn)


@pytest.mark.parametrize("end_type", [S, F])
def test_C_EXP_9_collector_counts_all_8_slots_after_surrender_or_abandon(
        end_type: EndType) -> None:
    game = ended(end_type, 0, dict(hand=[*rares(4), GOBLIN, GOBLIN, GOBLIN, GOBLIN]))
    assert Award.COLLECTOR in awards_of(game)
    assert Award.COLLECTOR in awards_of(game, FinalTurn(0, Action.play(1)))


def test_C_EXP_9_collector_counts_all_8_slots_when_the_winning_turn_was_a_discard() -> None:
    game = duel(me=dict(hand=[*rares(4), GOBLIN, GOBLIN, GOBLIN, GOBLIN], **stock(395)))
    action = Action.discard(5)
    push(game, action)
    game.players[0].hand[4] = GOBLIN
    assert game.outcome == Outcome(0, R)
    assert Award.COLLECTOR in awards_of(game, FinalTurn(0, action))


def test_C_EXP_9_collector_counts_all_8_slots_when_the_loser_ended_the_game() -> None:
    game = duel(me=dict(tower=10, wall=0, gems=20),
                opp=dict(hand=[*rares(4), GOBLIN, GOBLIN, GOBLIN, GOBLIN]))
    game.players[0].hand[0] = EARTHQUAKE
    action = Action.play(1)
    push(game, action)
    assert game.outcome == Outcome(1, D)
    assert Award.COLLECTOR in awards_of(game, FinalTurn(0, action))


def test_C_EXP_9_no_collector_with_3_rares() -> None:
    game = ended(S, 0, dict(hand=[*rares(3), GOBLIN, GOBLIN, GOBLIN, GOBLIN, GOBLIN]))
    assert Award.COLLECTOR not in awards_of(game)


# Builder and Survivor


def test_C_EXP_7_builder_wall_150() -> None:
    game, turn = destroyed(me=dict(wall=150))
    assert Award.BUILDER in awards_of(game, turn)


def test_C_EXP_7_no_builder_below_150() -> None:
    game, turn = destroyed(me=dict(wall=149))
    assert Award.BUILDER not in awards_of(game, turn)


def test_C_EXP_7_survivor_tower_1_wall_0() -> None:
    game, turn = destroyed(me=dict(tower=1, wall=0))
    assert Award.SURVIVOR in awards_of(game, turn)


@pytest.mark.parametrize(("tower", "wall"), [(1, 1), (2, 0), (30, 0)])
def test_C_EXP_7_no_survivor_otherwise(tower: int, wall: int) -> None:
    game, turn = destroyed(me=dict(tower=tower, wall=wall))
    assert Award.SURVIVOR not in awards_of(game, turn)


# Awards in general


def test_C_EXP_7_only_the_winner_earns_awards() -> None:
    loser_earns_all = dict(tower=1, wall=0, hand=[*rares(4), GOBLIN, GOBLIN, GOBLIN, GOBLIN])
    game = ended(S, 1, loser_earns_all, dict(quarry=1, magic=1, dungeons=1), round=3)
    loser, winner = ratings(game)
    assert loser.awards == () and loser.award.modifier == 1
    assert winner.awards == (Award.ASSASSIN,)


def test_C_EXP_7_no_awards_in_a_draw() -> None:
    game, turn = finished_by_play(EARTHQUAKE, dict(tower=10, wall=150, gems=20),
                                  dict(tower=10, wall=0, quarry=1, magic=1, dungeons=1), round=2)
    assert game.outcome == Outcome(None, DRAW)
    assert earned_awards(game, turn) == ()
    assert all(r.awards == () and r.gain == r.victory.exp for r in ratings(game, turn=turn))


@pytest.mark.parametrize("end_type", [S, F, T])
def test_C_EXP_7_awards_are_tested_for_every_winning_end_type(end_type: EndType) -> None:
    game = ended(end_type, 0, dict(wall=150), dict(quarry=1, magic=1, dungeons=1), round=5)
    turn = FinalTurn(0, Action.discard(1)) if end_type is T else None
    game.players[0].history = [Entry(GOBLIN, 0, False)]
    got = awards_of(game, turn)
    assert got == {Award.BUILDER, Award.DESOLATOR, Award.ASSASSIN}


def test_C_EXP_7_several_awards_at_once_in_the_manuals_order() -> None:
    game, turn = destroyed(me=dict(tower=1, wall=0, hand=[GOBLIN, *rares(4), 1, 1, 1]),
                           opp=dict(quarry=1, magic=1, dungeons=1), round=3)
    assert earned_awards(game, turn) == (
        Award.GENTLE_TOUCH, Award.DESOLATOR, Award.ASSASSIN, Award.COLLECTOR, Award.SURVIVOR)
    assert ratings(game, turn=turn)[0].award.modifier == Decimal("3.60")


def test_C_EXP_7_a_completion_ritual_win_is_titan_not_gentle_touch() -> None:
    game, turn = titan_win()
    assert awards_of(game, turn) == {Award.TITAN}


# --- rate_game: whole games -----------------------------------------------------------------


def test_C_EXP_3_a_full_breakdown_for_the_battle_report() -> None:
    """Winner level 2 against 5, Destruction, Minor, Gentle touch + Assassin:
    105 -> x1.30 = 136.5 -> 137 -> x1.25 = 171.25 -> 171 -> x1.70 = 290.7 -> 291."""
    game, turn = destroyed(dict(tower=45), dict(**stock(100)), round=8)
    winner, loser = ratings(game, (2, 5), turn)
    assert winner == Rating(
        WIN, D, 2, 5,
        game=Phase(Decimal("1.05"), 105),
        opponent=Phase(Decimal("1.30"), 137),
        achievement=MINOR,
        victory=Phase(Decimal("1.25"), 171),
        awards=(Award.GENTLE_TOUCH, Award.ASSASSIN),
        award=Phase(Decimal("1.70"), 291),
    )
    assert winner.gain == 291
    # The loser: 15 -> x0.85 = 12.75 -> 13 -> own tower 0, own stock 100+, enemy tower 45:
    # best is Minor -> 16.25 -> 16; no awards.
    assert loser.result is LOSS
    assert (loser.game.exp, loser.opponent.exp, loser.achievement, loser.victory.exp) == (
        15, 13, MINOR, 16)
    assert loser.awards == () and loser.gain == 16


def test_C_EXP_3_levels_before_the_game_are_used() -> None:
    game = ended(S, 0, dict(**QUIET), dict(**QUIET))
    a, b = ratings(game, (3, 0))
    assert (a.level, a.opponent_level, b.level, b.opponent_level) == (3, 0, 0, 3)
    assert a.opponent.modifier == Decimal("0.85")


@pytest.mark.parametrize("outcome", [
    Outcome(0, D), Outcome(1, S), Outcome(0, F), Outcome(None, DRAW), Outcome(1, T),
])
def test_C_GAME_10_a_friendly_game_gives_no_exp(outcome: Outcome) -> None:
    game = ended(outcome.end_type, outcome.winner, friendly=True)
    assert rate_game(game, (0, 0), FinalTurn(0, Action.play(1))) is None


def test_C_GAME_12_an_aborted_game_gives_no_exp() -> None:
    game = ended(A, None, dict(wall=150), round=2)
    assert rate_game(game, (0, 5)) is None


def test_C_GAME_11_surrender_the_winner_gets_95_the_loser_0() -> None:
    game = duel(me=QUIET, opp=QUIET)
    game = RULESET.resign(game, 1)
    a, b = ratings(game)
    assert (a.result, a.game.exp, b.result, b.game.exp, b.gain) == (WIN, 95, LOSS, 0, 0)


def test_C_GAME_14_abandon_the_winner_gets_100_the_loser_0() -> None:
    game = ended(F, 1, QUIET, QUIET)
    a, b = ratings(game)
    assert (a.gain, b.game.exp) == (0, 100)


def test_C_EXP_6_both_players_in_a_draw_use_the_loss_column() -> None:
    game = ended(DRAW, None, dict(tower=70, **stock(10)), dict(tower=20, **stock(200)))
    a, b = ratings(game)
    assert (a.result, b.result) == (TIE, TIE)
    assert (a.game.exp, a.achievement, a.gain) == (50, MAJOR, 88)  # 87.5 rounds up
    assert (b.game.exp, b.achievement, b.gain) == (50, MINOR, 63)  # 62.5


def test_rate_game_refuses_an_unfinished_game() -> None:
    with pytest.raises(ValueError, match="not finished"):
        rate_game(duel(), (0, 0))


def test_rate_game_needs_the_turn_that_decided_a_winner() -> None:
    game, turn = destroyed()
    with pytest.raises(ValueError, match="needs the turn"):
        rate_game(game, (0, 0))
    with pytest.raises(ValueError, match="player 0's turn"):
        rate_game(game, (0, 0), FinalTurn(1, turn.action))
    with pytest.raises(ValueError, match="not a discard"):
        rate_game(game, (0, 0), FinalTurn(0, Action.discard(1)))


def test_rate_game_refuses_negative_levels() -> None:
    with pytest.raises(ValueError, match="negative"):
        rate_game(ended(S, 0), (-1, 0))


def test_rate_refuses_awards_for_a_loser() -> None:
    with pytest.raises(ValueError, match="Only the winner"):
        rate(LOSS, D, 0, 0, MAJOR, [Award.BUILDER])


def test_rate_lists_awards_once_in_the_manuals_order() -> None:
    r = rate(WIN, D, 0, 0, TACTICAL, [Award.SURVIVOR, Award.GENTLE_TOUCH, Award.SURVIVOR])
    assert r.awards == (Award.GENTLE_TOUCH, Award.SURVIVOR)
    assert r.gain == 221  # 105 * 2.10 = 220.5


def test_the_common_cards_used_here_are_common() -> None:
    assert {CARDS[c].rarity for c in (GOBLIN, TOWER, KNIGHT, 1, *TITANS[:2])} == {COMMON}
