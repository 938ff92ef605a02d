"""Properties of the rating system over all combinations of outcome, level difference, victory
rating and awards, checked against a straightforward Decimal reference written from the
manual's tables (C-EXP-3..7, C-GEN-1)."""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from marcomage.games.marcomage import Action, EndType, Game, Outcome
from marcomage.games.marcomage.awards import (
    Achievement,
    Award,
    FinalTurn,
    Result,
    ScoreChange,
    opponent_rating,
    rate,
    rate_game,
    score_change,
)
from marcomage.games.marcomage.cards import CARDS, COMMON, COMPLETION_RITUAL, RARE, card_ids
from marcomage.games.marcomage.state import Entry
from marcomage.platform.rating import add_exp, exp_to_level_up

from .builders import duel

D, C, R, T = EndType.DESTRUCTION, EndType.CONSTRUCTION, EndType.RESOURCE, EndType.TIMEOUT
S, A, F, DRAW = EndType.SURRENDER, EndType.ABORT, EndType.ABANDON, EndType.DRAW
WIN, LOSS, TIE = Result.WIN, Result.LOSS, Result.DRAW

# The manual's tables, in percent, typed in again independently of the module.
PHASE_1_PERCENT = {
    (WIN, R): 115, (WIN, C): 110, (WIN, D): 105, (WIN, F): 100, (WIN, S): 95, (WIN, T): 60,
    (TIE, DRAW): 50,
    (LOSS, T): 40, (LOSS, D): 15, (LOSS, C): 10, (LOSS, R): 5, (LOSS, S): 0, (LOSS, F): 0,
}
ACHIEVEMENT_PERCENT = {Achievement.MAJOR: 75, Achievement.MINOR: 25, Achievement.TACTICAL: 0}
AWARD_PERCENT = {
    Award.GENTLE_TOUCH: 20, Award.DESOLATOR: 30, Award.TITAN: 45, Award.ASSASSIN: 50,
    Award.COLLECTOR: 70, Award.BUILDER: 80, Award.SURVIVOR: 90,
}
RULES_ENDS = (D, C, R, T)


def half_up(x: Decimal) -> int:
    return int(x.quantize(Decimal(1), rounding=ROUND_HALF_UP))


def percent(p: int) -> Decimal:
    return Decimal(p) / 100


def reference(result: Result, end_type: EndType, level: int, opponent_level: int,
              achieved: Achievement, awards: Iterable[Award]) -> list[int]:
    """The EXP after each phase, computed the way the manual describes it."""
    exp = half_up(100 * percent(PHASE_1_PERCENT[result, end_type]))
    phase_1 = exp
    if opponent_level > level:
        exp = half_up(exp * (1 + percent(min(100, 10 * (opponent_level - level)))))
    elif opponent_level < level:
        exp = half_up(exp * (1 - percent(min(50, 5 * (level - opponent_level)))))
    phase_2 = exp
    exp = half_up(exp * (1 + percent(ACHIEVEMENT_PERCENT[achieved])))
    phase_3 = exp
    exp = half_up(exp * (1 + percent(sum(AWARD_PERCENT[a] for a in set(awards)))))
    return [phase_1, phase_2, phase_3, exp]


def level_pair(difference: int) -> tuple[int, int]:
    """(my level, opponent's level) with my level - opponent's = difference."""
    return (difference, 0) if difference >= 0 else (3, 3 - difference)


AWARD_SETS = [
    frozenset(combo) for n in range(len(Award) + 1) for combo in itertools.combinations(Award, n)
]
DIFFERENCES = range(-12, 13)


def test_every_combination_of_outcome_level_difference_rating_and_awards() -> None:
    """All 13 outcomes x 25 level differences (caps at +-10 included) x 3 victory ratings x
    every award set the player may hold (128 for a winner, none otherwise)."""
    ties = 0
    for (result, end_type), difference, achieved in itertools.product(
            PHASE_1_PERCENT, DIFFERENCES, Achievement):
        level, opponent_level = level_pair(difference)
        capped = level_pair(max(-10, min(10, difference)))
        plain = rate(result, end_type, level, opponent_level, achieved).gain
        for awards in AWARD_SETS if result is WIN else [frozenset()]:
            got = rate(result, end_type, level, opponent_level, achieved, awards)
            phases = [got.game.exp, got.opponent.exp, got.victory.exp, got.award.exp]
            assert phases == reference(result, end_type, level, opponent_level, achieved,
                                       awards)
            assert all(type(exp) is int and exp >= 0 for exp in phases)
            assert got.gain >= plain
            if capped != (level, opponent_level):
                assert got.gain == rate(result, end_type, *capped, achieved, awards).gain
            # Resource win, +100%, Major, all awards: 230 -> 402.5 -> 403 -> 1954.55.
            assert got.gain <= 1955
            ties += (got.victory.exp * got.award.modifier) % 1 == Decimal("0.5")
    assert ties > 0  # the rounding mode matters in this space (C-GEN-1)


@given(st.integers(0, 2000), st.integers(10, 500), st.integers(0, 100))
def test_the_opponent_bonus_and_penalty_are_capped(exp: int, difference: int,
                                                   base: int) -> None:
    """C-EXP-5: at most +100% and -50%, reached at 10 levels."""
    assert opponent_rating(exp, base, base + difference).exp == 2 * exp
    assert opponent_rating(exp, base + difference, base).exp == half_up(exp * Decimal("0.5"))


# --- whole games ----------------------------------------------------------------------------

ALL_CARDS = range(len(CARDS))
RARES = card_ids(RARE)
COMMONS = card_ids(COMMON)

NON_RARES = [i for i in ALL_CARDS if CARDS[i].rarity != RARE]
cards = st.one_of(st.sampled_from(COMMONS), st.sampled_from(ALL_CARDS), st.just(COMPLETION_RITUAL))
entries = st.builds(Entry, cards, st.just(0), st.booleans())
small = st.one_of(st.just(1), st.integers(1, 5))
towers = st.one_of(st.sampled_from([0, 1, 29, 30, 60, 61, 100]), st.integers(0, 100))
walls = st.one_of(st.sampled_from([0, 1, 149, 150]), st.integers(0, 150))
stocks = st.one_of(st.sampled_from([0, 49, 50, 100, 101]), st.integers(0, 150))


@st.composite
def sides(draw: st.DrawFn) -> dict[str, Any]:
    """One player's final state; tower 1 with wall 0 (Survivor) is drawn on purpose."""
    survivor = draw(st.sampled_from([False, False, False, True]))
    tower, wall = (1, 0) if survivor else (draw(towers), draw(walls))
    rares = draw(st.integers(0, 8))
    hand = draw(st.lists(st.sampled_from(RARES), min_size=rares, max_size=rares)) + draw(
        st.lists(st.sampled_from(NON_RARES), min_size=8 - rares, max_size=8 - rares))
    return dict(
        tower=tower, wall=wall,
        quarry=draw(small), magic=draw(small), dungeons=draw(small),
        bricks=draw(stocks), gems=draw(stocks), recruits=draw(stocks),
        hand=draw(st.permutations(hand)),
        history=[tuple(e) for e in draw(st.lists(entries, min_size=1, max_size=3))],
    )


@st.composite
def finished_games(draw: st.DrawFn) -> tuple[Game, FinalTurn | None]:
    """A finished game in any state, with a consistent outcome and last turn."""
    game = duel(draw(sides()), draw(sides()))
    game.round = draw(st.one_of(st.integers(8, 12), st.integers(1, 250)))
    game.friendly = draw(st.sampled_from([False, False, False, True]))
    end_type = draw(st.sampled_from(EndType))
    winner = None if end_type in (DRAW, A) else draw(st.sampled_from([0, 1]))
    game.outcome = Outcome(winner, end_type)
    turn: FinalTurn | None = None
    if draw(st.booleans()) or end_type in (*RULES_ENDS, DRAW):
        game.current = draw(st.sampled_from([0, 1]))
        last = game.players[game.current].last
        pos = draw(st.integers(1, 8))
        turn = FinalTurn(game.current, Action.play(pos) if last.played else Action.discard(pos))
        if end_type not in (*RULES_ENDS, DRAW):
            game.current = draw(st.sampled_from([0, 1]))  # the turn is ignored anyway
    return game, turn


def reference_awards(game: Game, turn: FinalTurn | None) -> set[Award]:
    """The manual's award conditions with C-EXP-7..10, spelled out."""
    outcome = game.outcome
    assert outcome is not None and outcome.winner is not None
    me, enemy = game.players[outcome.winner], game.players[1 - outcome.winner]
    last = me.history[-1]
    winners_play = (outcome.end_type in RULES_ENDS and turn is not None
                    and turn.player == outcome.winner and turn.action.kind == "play")
    awards = set()
    if winners_play and last.played and CARDS[last.card].rarity == COMMON:
        awards.add(Award.GENTLE_TOUCH)
    if (enemy.quarry, enemy.magic, enemy.dungeons) == (1, 1, 1):
        awards.add(Award.DESOLATOR)
    if outcome.end_type is D and last.played and last.card == 315:
        awards.add(Award.TITAN)
    if game.round <= 10:
        awards.add(Award.ASSASSIN)
    slots = [s for s in range(8) if not (winners_play and turn and s == turn.action.pos - 1)]
    if sum(CARDS[me.hand[s]].rarity == RARE for s in slots) >= 4:
        awards.add(Award.COLLECTOR)
    if me.wall == 150:
        awards.add(Award.BUILDER)
    if me.tower == 1 and me.wall == 0:
        awards.add(Award.SURVIVOR)
    return awards


def reference_achievement(game: Game, i: int, result: Result) -> Achievement:
    me, enemy = game.players[i], game.players[1 - i]

    def grade(major: bool, minor: bool) -> Achievement:
        return Achievement.MAJOR if major else Achievement.MINOR if minor else (
            Achievement.TACTICAL)

    if result is WIN:
        return min(grade(enemy.stock < 150, enemy.stock <= 300),
                   grade(enemy.tower < 30, enemy.tower <= 60),
                   grade(me.tower > 60, me.tower >= 30))
    return max(grade(me.stock > 300, me.stock >= 150),
               grade(me.tower > 60, me.tower >= 30),
               grade(enemy.tower < 30, enemy.tower <= 60))


levels = st.one_of(st.integers(0, 30), st.integers(0, 200))


@settings(max_examples=400, deadline=None)
@given(finished_games(), levels, levels)
def test_rate_game_equals_the_reference(game_turn: tuple[Game, FinalTurn | None], level_0: int,
                                        level_1: int) -> None:
    game, turn = game_turn
    outcome = game.outcome
    assert outcome is not None
    ratings = rate_game(game, (level_0, level_1), turn)
    if game.friendly or outcome.end_type is A:
        assert ratings is None
        return
    assert ratings is not None
    lv = (level_0, level_1)
    for i, got in enumerate(ratings):
        result = TIE if outcome.winner is None else WIN if outcome.winner == i else LOSS
        awards = reference_awards(game, turn) if result is WIN else set()
        achieved = reference_achievement(game, i, result)
        expected = reference(result, outcome.end_type, lv[i], lv[1 - i], achieved, awards)
        assert (got.result, got.achievement, set(got.awards)) == (result, achieved, awards)
        assert [got.game.exp, got.opponent.exp, got.victory.exp, got.gain] == expected
        assert type(got.gain) is int and got.gain >= 0
        without = rate(result, outcome.end_type, lv[i], lv[1 - i], achieved)
        assert got.gain >= without.gain
        if result is not WIN:
            assert got.gain == without.gain


@given(st.integers(0, 100), st.integers(0, 5000), st.integers(0, 5000))
def test_add_exp_at_most_one_level_and_no_exp_lost(level: int, exp: int, gained: int) -> None:
    new_level, new_exp, up = add_exp(level, exp, gained)
    assert new_level == level + up
    assert new_exp + (exp_to_level_up(level) if up else 0) == exp + gained
    assert up == (exp + gained >= exp_to_level_up(level))
    assert new_exp >= 0


@given(st.integers(0, 1000))
def test_level_formula_grows_with_the_level(level: int) -> None:
    assert exp_to_level_up(level + 1) > exp_to_level_up(level) >= 500


@given(st.sampled_from(EndType), st.sampled_from([0, 1]), st.booleans())
def test_score_change_adds_up(end_type: EndType, winner: int, friendly: bool) -> None:
    decided = end_type not in (DRAW, A)
    a, b = score_change(Outcome(winner if decided else None, end_type), friendly)
    total = ScoreChange(*(x + y for x, y in zip(a, b, strict=True)))
    if friendly or end_type is A:
        assert total == (0, 0, 0)
    elif decided:
        assert total == (1, 1, 0)
        assert (a if winner == 0 else b).wins == 1
    else:
        assert a == b == (0, 0, 1)
