"""One turn (C-TURN): validation order and refusals, legal actions, the pipeline order
(cost, effect, keywords, limits, production, end check), production, rounds and extra
turns, and the attack rule (C-DMG)."""

from __future__ import annotations

import pytest

from marcomage.games.marcomage import (
    Action,
    BadMode,
    BadPosition,
    EndType,
    Game,
    GameNotInProgress,
    IllegalAction,
    InsufficientResources,
    InvalidAction,
    NotYourTurn,
    Rng,
    dumps,
    legal_actions,
    new_game,
    push,
    random_deck,
    validate,
)
from marcomage.games.marcomage.actions import DISCARD, PLAY
from marcomage.games.marcomage.context import Turn
from marcomage.games.marcomage.ruleset import RULESET
from marcomage.games.marcomage.state import Entry

from .builders import discard, duel, play

GOBLIN, KNIGHT, MERCHANT, NECROMANCY = 13, 7, 273, 145
MUMMY, ARCHER, BATTERING_RAM, COLONIALISM = 117, 95, 54, 413
SALVATION, LAST_HOPE = 216, 320  # Swift, Quick


def finished(game: Game) -> Game:
    return RULESET.end(game, "abort", ())


def refused(game: Game, action: Action, player: int | None = None) -> IllegalAction:
    """Push `action`, expect a refusal, and check nothing changed (C-TURN-17)."""
    before = dumps(game)
    with pytest.raises(IllegalAction) as info:
        push(game, action, player)
    assert dumps(game) == before  # rng included
    return info.value


# --- C-TURN-1: validation order and messages -----------------------------------------

def test_C_TURN_1_step_1_game_must_be_in_progress_checked_first() -> None:
    game = finished(duel(me=dict(recruits=0)))
    err = refused(game, Action("pass", 0, 7), player=1)  # fails every later check too
    assert isinstance(err, GameNotInProgress)
    assert "over" in str(err)
    assert err.legacy == "Action not allowed!"


def test_C_TURN_1_step_2_must_be_the_players_turn() -> None:
    err = refused(duel(), Action("pass", 9, 7), player=1)
    assert isinstance(err, NotYourTurn)
    assert "not your turn" in str(err)
    assert err.legacy == "Action only allowed on your turn!"
    assert isinstance(refused(duel(), Action.discard(1), player=2), NotYourTurn)


def test_C_TURN_1_step_3_slot_between_1_and_8() -> None:
    for pos in (0, 9, -1, 100):
        err = refused(duel(), Action("pass", pos, 7), player=0)
        assert isinstance(err, BadPosition)
        assert str(pos) in str(err) and "1 to 8" in str(err)
        assert err.legacy == "Wrong card position!"
    assert isinstance(refused(duel(), Action.discard(9)), BadPosition)


def test_C_TURN_1_step_4_action_is_play_or_discard() -> None:
    for kind in ("pass", "PLAY", "", "resign"):
        err = refused(duel(me=dict(recruits=0)), Action(kind, 1, 7))
        assert isinstance(err, InvalidAction)
        assert "play or discard" in str(err)
        assert err.legacy == "Invalid action!"


def test_C_TURN_1_step_5_mode_must_fit_the_card() -> None:
    broke = dict(bricks=0, gems=0, recruits=0)  # step 6 would fail too
    for mode in (0, 4, -1):
        err = refused(duel(me=dict(hand=[MERCHANT] * 8, **broke)), Action.play(1, mode))
        assert isinstance(err, BadMode)
        assert "Merchant" in str(err) and "1 to 3" in str(err)
        assert err.legacy == "Bad mode!"
    err = refused(duel(me=broke), Action.play(1, 1))
    assert isinstance(err, BadMode)
    assert "Goblin" in str(err) and "no modes" in str(err)


def test_C_TURN_1_step_6_each_resource_must_cover_the_cost() -> None:
    rich = dict(bricks=100, gems=100, recruits=100)
    for short in ("bricks", "gems", "recruits"):
        me = dict(rich, hand=[MERCHANT] * 8)  # costs 1/1/1
        me[short] = 0
        err = refused(duel(me=me), Action.play(1, 2))
        assert isinstance(err, InsufficientResources)
        assert short in str(err) and "Merchant" in str(err)
        assert [w for w in ("bricks", "gems", "recruits") if w in str(err)] == [short]
        assert err.legacy == "Insufficient resources!"
    err = refused(duel(me=dict(hand=[MERCHANT] * 8, bricks=0, gems=0)), Action.play(1, 1))
    assert "bricks and gems" in str(err)


def test_C_TURN_1_requests_of_the_wrong_type_are_refused_not_crashing() -> None:
    """PL-PROTO-5: anything but a valid action raises IllegalAction and changes nothing."""
    for pos in ("1", 1.0, True, None):
        assert isinstance(refused(duel(), Action(PLAY, pos, 0)), BadPosition)  # type: ignore[arg-type]
        assert isinstance(refused(duel(), Action(DISCARD, pos, 0)), BadPosition)  # type: ignore[arg-type]
    for mode in ("1", 1.0, True, None):
        game = duel(me=dict(hand=[MERCHANT] * 8))
        assert isinstance(refused(game, Action(PLAY, 1, mode)), BadMode)  # type: ignore[arg-type]
        assert isinstance(refused(duel(), Action(PLAY, 1, mode)), BadMode)  # type: ignore[arg-type]
    for kind in (None, 1, ["play"]):
        assert isinstance(refused(duel(), Action(kind, 1, 0)), InvalidAction)  # type: ignore[arg-type]


def test_PL_PROTO_4_an_action_has_one_json_form() -> None:
    assert Action.from_json({"type": "play", "pos": 3, "mode": 2}) == Action.play(3, 2)
    assert Action.from_json({"type": "discard", "pos": 4}) == Action.discard(4)
    for doc in ({"type": "play", "pos": "3", "mode": 0}, {"type": "play", "pos": True, "mode": 0},
                {"type": "play", "pos": 3, "mode": 1.0}, {"pos": 3}, {"type": "play"},
                {"type": 7, "pos": 1}, {"action": "play", "pos": 3, "mode": 0},
                {"type": "discard", "pos": 4, "mode": 1}):
        with pytest.raises(InvalidAction):
            Action.from_json(doc)
    assert Action.play(3, 2).to_json() == {"type": "play", "pos": 3, "mode": 2}
    assert Action.discard(5).to_json() == {"type": "discard", "pos": 5}
    assert str(Action.play(3, 2)) == "play 3 mode 2" and str(Action.discard(5)) == "discard 5"


def test_C_TURN_1_exact_cost_is_enough() -> None:
    game = duel(me=dict(recruits=1))  # Goblin costs 1 recruit
    validate(game, Action.play(1), 0)
    play(game, GOBLIN)
    assert game.players[0].recruits == 0 + 3  # paid, then produced


def test_C_TURN_1_a_discard_is_always_legal_on_your_turn() -> None:
    broke = dict(bricks=0, gems=0, recruits=0)
    for card in (GOBLIN, MERCHANT, KNIGHT, 315):  # 315: a rare costing a lot
        for pos in range(1, 9):
            game = duel(me=dict(hand=[card] * 8, **broke))
            validate(game, Action.discard(pos), 0)
            validate(game, Action(DISCARD, pos, 5), 0)  # a discard's mode is ignored
    game = duel(me=dict(hand=[MERCHANT] * 8))
    push(game, Action(DISCARD, 3, 2))
    assert game.players[0].history == [Entry(MERCHANT, 0, False)]  # C-HIST-2


def test_C_TURN_1_without_a_player_the_mover_is_assumed() -> None:
    game = duel()
    push(game, Action.play(1))
    assert game.current == 1


def test_C_TURN_17_refusals_change_nothing_not_even_the_round_reset() -> None:
    """A refused request on the first turn of a round must not clear flags or changes."""
    game = duel(me=dict(new=(1, 2), changes={"wall": -3}, discarded_own=[5], recruits=0),
                opp=dict(changes={"tower": 4}))
    for action in (Action.play(1), Action.play(1, 1), Action("x", 1), Action.play(0)):
        refused(game, action)
    refused(game, Action.play(1), player=1)
    assert game.players[0].new[:2] == [True, True]
    assert game.players[0].discarded_own == [5]


def test_apply_returns_a_new_game_and_leaves_the_old_one() -> None:
    game = duel()
    before = dumps(game)
    after, _ = RULESET.apply(game, 0, Action.play(1).to_json())
    assert dumps(game) == before
    assert after.current == 1 and after.players[1].wall == 22
    with pytest.raises(NotYourTurn):
        RULESET.apply(game, 1, Action.play(1).to_json())
    assert dumps(game) == before


# --- legal_actions --------------------------------------------------------------------

def all_requests() -> list[Action]:
    return [
        Action(kind, pos, mode)
        for kind in (PLAY, DISCARD, "pass")
        for pos in range(0, 10)
        for mode in range(-1, 10)
    ]


def some_games() -> list[Game]:
    games = [
        duel(),
        duel(me=dict(hand=[MERCHANT, GOBLIN, 269, 1, KNIGHT, 315, 0, 13],
                     bricks=1, gems=1, recruits=4)),
        duel(me=dict(bricks=0, gems=0, recruits=0, hand=[MERCHANT] * 8)),
        duel(me=dict(bricks=999, gems=999, recruits=999,
                     hand=[269, 273, 315, 7, 13, 54, 1, 145])),
    ]
    rng = Rng.from_seed(31)
    for seed in range(6):
        game = new_game(random_deck(Rng.from_seed(seed)), random_deck(Rng.from_seed(50 + seed)),
                        seed=seed)
        for _ in range(1 + 25 * seed):
            if game.finished:
                break
            actions = legal_actions(game)
            push(game, actions[rng.below(len(actions))])
        games.append(game)
    return games


def test_legal_actions_lists_exactly_the_accepted_requests() -> None:
    for game in some_games():
        listed = legal_actions(game)
        assert len(set(listed)) == len(listed)
        accepted = []
        for action in all_requests():
            try:
                validate(game, action, game.current)
            except IllegalAction:
                continue
            accepted.append(action)
        # A discard's mode is ignored by validate; the listed discard is mode 0.
        accepted = [a for a in accepted if a.kind == PLAY or a.mode == 0]
        assert set(listed) == set(accepted)


def test_legal_actions_are_refused_for_the_other_player() -> None:
    for game in some_games():
        if game.finished:
            continue
        for action in legal_actions(game):
            with pytest.raises(NotYourTurn):
                validate(game, action, 1 - game.current)


def test_legal_actions_order_slot_by_slot_plays_then_discard() -> None:
    game = duel(me=dict(hand=[MERCHANT, GOBLIN, 315, 13, 13, 13, 13, 13]))
    actions = legal_actions(game)
    assert actions[:6] == [
        Action.play(1, 1), Action.play(1, 2), Action.play(1, 3), Action.discard(1),
        Action.play(2), Action.discard(2),
    ]
    assert actions[6] == Action.discard(3)  # Completion ritual is too expensive
    assert sum(a.kind == DISCARD for a in actions) == 8


def test_legal_actions_of_a_finished_game_is_empty() -> None:
    assert legal_actions(finished(duel())) == []


def test_legal_actions_with_no_resources_are_the_eight_discards_and_free_cards() -> None:
    game = duel(me=dict(bricks=0, gems=0, recruits=0, hand=[GOBLIN] * 7 + [297]))
    actions = legal_actions(game)
    assert [a for a in actions if a.kind == PLAY] == [Action.play(8)]  # Palisade wall: free
    assert len(actions) == 9


# --- the pipeline order (manual "Turn - actions", C-TURN-5..16) ----------------------

def test_C_TURN_5_cost_is_paid_before_the_effect() -> None:
    """Colonialism (3B 2R): "If Recruits < 11 Recruits x2 else Recruits: +6". With 12
    recruits the paid card sees 10 and doubles them."""
    game = play(duel(me=dict(recruits=12, bricks=3)), COLONIALISM)
    assert game.players[0].recruits == 10 * 2 + 3
    assert game.players[0].bricks == 0 + 3


def test_C_TURN_8_keywords_come_after_the_effect() -> None:
    """Knight (Attack: 7, Charge 3): the charge sees the wall the attack broke."""
    game = play(duel(opp=dict(wall=5, tower=20)), KNIGHT)
    assert (game.players[1].wall, game.players[1].tower) == (0, 20 - 2 - 3)
    game = play(duel(opp=dict(wall=8, tower=20)), KNIGHT)
    assert (game.players[1].wall, game.players[1].tower) == (1, 20)


def test_C_TURN_10_limits_come_after_the_keywords() -> None:
    """Knight on tower 2, wall 0: the attack and the charge overshoot, then limits clamp."""
    game = play(duel(opp=dict(wall=0, tower=12)), KNIGHT)
    assert game.players[1].tower == 2
    game = play(duel(opp=dict(wall=0, tower=2)), KNIGHT)
    assert game.players[1].tower == 0
    assert game.outcome is not None and game.outcome.end_type == EndType.DESTRUCTION


def test_C_TURN_13_production_comes_after_the_limits() -> None:
    """Mummy ("Attack: 5 Gems: -3") with 1 gem: gems go to -2, are clamped to 0, and
    then production adds Magic (C-LIM-2: production is never clamped)."""
    game = play(duel(me=dict(gems=1, magic=4)), MUMMY)
    assert game.players[0].gems == 4


def test_C_TURN_16_end_check_comes_after_production() -> None:
    """392 stock, Goblin costs 1, production 9: the stock reaches 400 and wins."""
    game = play(duel(me=dict(bricks=200, gems=100, recruits=92)), GOBLIN)
    assert game.outcome is not None
    assert (game.outcome.winner, game.outcome.end_type) == (0, EndType.RESOURCE)
    game = play(duel(me=dict(bricks=200, gems=100, recruits=91)), GOBLIN)
    assert game.outcome is None


def test_C_TURN_16_a_final_turn_still_refills_and_records_history() -> None:
    game = play(duel(opp=dict(wall=0, tower=1), seed=8), GOBLIN)
    me = game.players[0]
    assert game.outcome is not None
    assert me.history == [Entry(GOBLIN, 0, True)]
    assert me.new[0]
    assert me.hand[0] != 0


def test_C_TURN_16_a_finished_game_does_not_pass_the_turn_or_count_the_round() -> None:
    game = play(duel(opp=dict(wall=0, tower=1), round=17), GOBLIN)
    assert game.outcome is not None
    assert (game.current, game.round) == (0, 17)


def test_C_TURN_12_a_discard_pays_nothing_runs_nothing_and_applies_no_limits() -> None:
    game = duel(me=dict(hand=[KNIGHT] * 8, wall=160, gems=-4), opp=dict(wall=170, tower=5))
    discard(game, 4)
    me, opp = game.players
    assert (me.bricks, me.gems, me.recruits) == (15 + 3, -4 + 3, 10 + 3)
    assert me.wall == 160 and opp.wall == 170 and opp.tower == 5
    assert me.changes == [0] * 8 and opp.changes == [0] * 8
    assert me.tokens == [0, 0, 0] and me.last_played == 0
    assert game.current == 1


# --- production (C-PROD) --------------------------------------------------------------

def test_C_PROD_1_each_facility_adds_its_resource_after_a_play() -> None:
    game = play(duel(me=dict(quarry=5, magic=2, dungeons=7)), GOBLIN)
    me = game.players[0]
    assert (me.bricks, me.gems, me.recruits) == (15 + 5, 5 + 2, 10 - 1 + 7)


def test_C_PROD_1_only_the_acting_player_produces() -> None:
    game = play(duel(), GOBLIN)
    opp = game.players[1]
    assert (opp.bricks, opp.gems, opp.recruits) == (15, 5, 10)


def test_C_PROD_1_production_uses_facilities_after_the_limits() -> None:
    game = play(duel(me=dict(quarry=0, magic=-3)), GOBLIN)
    me = game.players[0]
    assert (me.quarry, me.magic) == (1, 1)
    assert (me.bricks, me.gems) == (16, 6)


def test_C_PROD_3_quick_play_produces_nothing() -> None:
    """Necromancy (1 gem, Quick): the stock only loses the cost."""
    game = play(duel(me=dict(quarry=4, magic=5, dungeons=6)), NECROMANCY)
    me = game.players[0]
    assert (me.bricks, me.gems, me.recruits) == (15, 4, 10)


def test_C_PROD_3_swift_play_produces_normally() -> None:
    game = play(duel(me=dict(quarry=4, magic=5, dungeons=6, tower=50)), SALVATION)
    me = game.players[0]
    assert (me.bricks, me.gems, me.recruits) == (15 - 4 + 4, 5 - 4 + 5, 10 - 4 + 6)
    assert game.current == 0


def test_C_PROD_4_discard_produces_once_even_as_an_extra_turn() -> None:
    game = duel(me=dict(quarry=2, magic=3, dungeons=4))
    discard(game, 1)
    assert [game.players[0].bricks, game.players[0].gems, game.players[0].recruits] == [
        17, 8, 14]
    game = play(duel(me=dict(quarry=2, magic=3, dungeons=4)), NECROMANCY)
    discard(game, 2)  # the extra turn
    me = game.players[0]
    assert (me.bricks, me.gems, me.recruits) == (17, 4 + 3, 14)
    assert game.current == 1


# --- rounds and extra turns (C-END-7, C-HIST-1) ----------------------------------------

def test_C_END_7_the_round_rises_each_time_the_turn_passes() -> None:
    game = duel()
    for expected_round, expected_player in ((2, 1), (3, 0), (4, 1)):
        play(game, GOBLIN)
        assert (game.round, game.current) == (expected_round, expected_player)


def test_C_END_7_quick_and_swift_give_an_extra_turn_in_the_same_round() -> None:
    game = duel(round=5)
    play(game, NECROMANCY)
    assert (game.round, game.current) == (5, 0)
    play(game, SALVATION, slot=2)
    assert (game.round, game.current) == (5, 0)
    play(game, LAST_HOPE, slot=3)
    assert (game.round, game.current) == (5, 0)
    play(game, GOBLIN, slot=4)
    assert (game.round, game.current) == (6, 1)


def test_C_END_7_a_discard_after_a_quick_card_ends_the_round() -> None:
    game = play(duel(), NECROMANCY)
    discard(game, 5)
    assert (game.round, game.current) == (2, 1)


def test_C_HIST_1_extra_turns_append_and_a_new_round_replaces() -> None:
    game = duel()
    play(game, NECROMANCY, slot=1)
    play(game, SALVATION, slot=2)
    discard(game, 3)
    first = game.players[0].history
    assert [(e.card, e.played) for e in first] == [
        (NECROMANCY, True), (SALVATION, True), (GOBLIN, False)]
    play(game, GOBLIN)  # the opponent's round
    assert game.players[1].history == [Entry(GOBLIN, 0, True)]
    assert game.players[0].history == first  # kept while the opponent plays
    play(game, GOBLIN)  # player 1's new round replaces his list
    assert game.players[0].history == [Entry(GOBLIN, 0, True)]


def test_C_HIST_1_a_discard_is_not_an_extra_turn_source() -> None:
    game = duel(me=dict(history=[(NECROMANCY, 0, False)]))
    play(game, GOBLIN)
    assert game.players[0].history == [Entry(GOBLIN, 0, True)]
    assert game.current == 1


def test_C_TURN_3_an_extra_turn_is_detected_from_the_last_history_entry() -> None:
    """A game resumed after a Quick play continues the round (no reset, append)."""
    game = duel(me=dict(history=[(NECROMANCY, 0, True)], new=(4,)))
    play(game, GOBLIN)
    me = game.players[0]
    assert me.new[3]  # not cleared
    assert [e.card for e in me.history] == [NECROMANCY, GOBLIN]


# --- damage (C-DMG) -------------------------------------------------------------------

def test_C_DMG_1_manual_example_attack_25_on_wall_10_tower_20() -> None:
    """Manual, "Game attributes": wall 10, tower 20, attack 25 -> wall 0, tower 5."""
    game = duel(opp=dict(wall=10, tower=20))
    Turn(game, 0, 0).attack(25)
    assert (game.players[1].wall, game.players[1].tower) == (0, 5)


@pytest.mark.parametrize(("wall", "tower", "after"), [
    (10, 20, (7, 20)),  # the wall absorbs all
    (3, 20, (0, 20)),  # exactly
    (2, 20, (0, 19)),  # the rest goes to the tower
    (0, 20, (0, 17)),  # no wall
    (0, 2, (0, 0)),  # clamped by the limits
])
def test_C_DMG_1_attack_lowers_the_wall_first_then_the_tower(
        wall: int, tower: int, after: tuple[int, int]) -> None:
    game = play(duel(opp=dict(wall=wall, tower=tower)), GOBLIN)
    assert (game.players[1].wall, game.players[1].tower) == after


def test_C_DMG_1_an_attack_on_a_negative_wall_hits_the_tower_and_leaves_the_wall() -> None:
    game = duel(opp=dict(wall=-2, tower=20))
    Turn(game, 0, 0).attack(6)
    assert (game.players[1].wall, game.players[1].tower) == (-2, 14)


def test_C_DMG_2_direct_tower_damage_bypasses_the_wall() -> None:
    game = play(duel(opp=dict(wall=40, tower=20)), ARCHER)  # Enemy tower: -3
    assert (game.players[1].wall, game.players[1].tower) == (40, 17)


def test_C_DMG_2_direct_wall_damage_does_not_carry_over() -> None:
    game = play(duel(opp=dict(wall=4, tower=20)), BATTERING_RAM)  # Enemy wall: -11
    assert (game.players[1].wall, game.players[1].tower) == (0, 20)


# --- the same rules hold in games started by new_game ---------------------------------

def test_C_TURN_a_discard_on_a_started_game() -> None:
    game = new_game(random_deck(Rng.from_seed(1)), random_deck(Rng.from_seed(2)), seed=3)
    mover = game.current
    card = game.players[mover].hand[0]
    before = game.players[mover].stock
    push(game, Action.discard(1), mover)
    assert game.players[mover].stock == before + 9
    assert (game.current, game.round) == (1 - mover, 2)
    assert game.players[mover].history == [Entry(card, 0, False)]


# --- conventions (C-GEN) --------------------------------------------------------------

@pytest.mark.parametrize(("num", "den", "rounded"), [
    (5, 2, 3), (-5, 2, -3), (147, 2, 74), (7, 3, 2), (8, 3, 3), (1, 3, 0), (2, 3, 1),
    (-1, 2, -1), (1, 2, 1), (0, 7, 0), (5, -2, -3), (-5, -2, 3), (9, 3, 3), (-7, 3, -2),
])
def test_C_GEN_1_rounding_is_half_away_from_zero(num: int, den: int, rounded: int) -> None:
    from fractions import Fraction

    from marcomage.platform.rounding import div_round

    assert div_round(num, den) == rounded
    exact = Fraction(num, den)
    assert abs(Fraction(div_round(num, den)) - exact) <= Fraction(1, 2)
