"""History and "last card" (C-HIST), change indicators (C-CHG), new-card and revealed
flags (C-FLAG), discard piles (C-DISC), and the start-of-round reset that clears them
(C-TURN-3)."""

from __future__ import annotations

from marcomage.games.marcomage import CARDS
from marcomage.games.marcomage.state import ATTRIBUTES, Entry

from .builders import discard, duel, play

GOBLIN, MERCHANT, NECROMANCY, OGRE = 13, 273, 145, 46
MILITIA, RENEWAL, WORK_IN_PROGRESS, BASIC_WALL = 269, 478, 460, 1
IDX = {name: i for i, name in enumerate(ATTRIBUTES)}


def changes(p: object) -> dict[str, int]:
    """The non-zero change indicators of a player, by name."""
    values: list[int] = p.changes  # type: ignore[attr-defined]
    return {name: v for name, v in zip(ATTRIBUTES, values, strict=True) if v}


# --- C-HIST ---------------------------------------------------------------------------

def test_C_HIST_2_the_mode_is_recorded_for_a_play_and_zero_for_a_discard() -> None:
    game = duel(me=dict(hand=[MERCHANT] * 8))
    play(game, slot=2, mode=3)
    assert game.players[0].history == [Entry(MERCHANT, 3, True)]
    game = duel(me=dict(hand=[MERCHANT] * 8))
    discard(game, 2)
    assert game.players[0].history == [Entry(MERCHANT, 0, False)]


def test_C_HIST_3_last_card_is_the_most_recent_action_played_or_discarded() -> None:
    game = duel()
    play(game, NECROMANCY)
    assert game.players[0].last == Entry(NECROMANCY, 0, True)
    game.players[0].hand[3] = BASIC_WALL
    discard(game, 4)
    assert game.players[0].last == Entry(BASIC_WALL, 0, False)


def test_C_HIST_4_last_card_played_survives_discards_and_rounds() -> None:
    game = duel()
    assert game.players[0].last_played == 0  # C-SETUP-7: the Empty card
    play(game, GOBLIN)
    assert game.players[0].last_played == GOBLIN
    discard(game, 1)  # opponent
    assert game.players[1].last_played == 0
    game.players[0].hand[1] = BASIC_WALL
    discard(game, 2)
    assert game.players[0].last_played == GOBLIN
    discard(game, 1)
    play(game, BASIC_WALL, slot=3)
    assert game.players[0].last_played == BASIC_WALL


# --- C-CHG ----------------------------------------------------------------------------

def test_C_CHG_2_effects_show_cost_and_normal_production_do_not() -> None:
    game = play(duel(opp=dict(wall=10)), GOBLIN)
    me, opp = game.players
    assert changes(opp) == {"wall": -3}
    assert changes(me) == {}  # 1 recruit paid, 3/3/3 produced: neither is displayed


def test_C_CHG_2_a_resource_gain_from_the_effect_shows() -> None:
    game = play(duel(me=dict(hand=[MERCHANT] * 8)), mode=1)
    assert changes(game.players[0]) == {"bricks": 6}


def test_C_CHG_2_zero_production_shows_as_a_loss() -> None:
    """Quick: "Zero production is displayed as a loss of resources"."""
    game = play(duel(me=dict(quarry=2, magic=4, dungeons=5)), NECROMANCY)
    assert changes(game.players[0]) == {"bricks": -2, "gems": -4, "recruits": -5}


def test_C_CHG_2_changes_are_measured_after_the_limits() -> None:
    game = play(duel(opp=dict(wall=0, tower=2)), GOBLIN)
    assert changes(game.players[1]) == {"tower": -2}
    game = play(duel(me=dict(wall=148)), 57)  # Gate, Wall: +7
    assert changes(game.players[0]) == {"wall": 2}


def test_C_CHG_3_changes_collect_over_extra_turns() -> None:
    game = play(duel(opp=dict(wall=10)), NECROMANCY)
    play(game, GOBLIN, slot=2)
    assert changes(game.players[0]) == {"bricks": -3, "gems": -3, "recruits": -3}
    assert changes(game.players[1]) == {"wall": -3}
    assert game.current == 1  # the opponent now sees what the whole round did


def test_C_CHG_3_both_indicators_reset_at_the_start_of_each_round_only() -> None:
    game = play(duel(opp=dict(wall=10)), GOBLIN)
    assert changes(game.players[1]) == {"wall": -3}
    discard(game, 1)  # the opponent's round starts: both reset; a discard adds nothing
    assert changes(game.players[0]) == {} and changes(game.players[1]) == {}
    play(game, GOBLIN)
    play(game, GOBLIN)
    assert changes(game.players[0]) == {"wall": -3}
    assert changes(game.players[1]) == {}


def test_C_TURN_12_a_discard_adds_nothing_to_the_changes() -> None:
    game = play(duel(), NECROMANCY)
    before = game.players[0].changes[:]
    discard(game, 3)  # extra turn: no reset, no addition
    assert game.players[0].changes == before


# --- C-FLAG ---------------------------------------------------------------------------

def test_C_FLAG_2_the_played_or_discarded_slot_gets_the_new_flag() -> None:
    game = play(duel(), GOBLIN, slot=5)
    assert game.players[0].new == [i == 4 for i in range(8)]
    game = discard(duel(), 7)
    assert game.players[0].new == [i == 6 for i in range(8)]


def test_C_FLAG_2_a_durable_card_that_stays_is_flagged_new() -> None:
    game = play(duel(), WORK_IN_PROGRESS, slot=2)
    assert game.players[0].hand[1] == WORK_IN_PROGRESS
    assert game.players[0].new[1]


def test_C_FLAG_3_flags_are_cleared_only_at_the_start_of_the_owners_round() -> None:
    game = duel(me=dict(new=(2, 3)), opp=dict(new=(4,)))
    play(game, GOBLIN, slot=1)
    assert game.players[0].new == [i == 0 for i in range(8)]  # own round start: cleared
    assert game.players[1].new[3]  # the opponent's flags are untouched
    play(game, GOBLIN, slot=6)  # the opponent's round
    assert game.players[0].new[0]  # kept while the opponent plays
    assert game.players[1].new == [i == 5 for i in range(8)]


def test_C_FLAG_3_an_extra_turn_keeps_the_flags_of_the_round() -> None:
    game = play(duel(), NECROMANCY, slot=1)
    play(game, GOBLIN, slot=2)
    assert game.players[0].new[:3] == [True, True, False]


def test_C_FLAG_5_the_played_slot_loses_its_revealed_flag_others_keep_theirs() -> None:
    game = duel(me=dict(revealed=(1, 2, 8)))
    play(game, GOBLIN, slot=2)
    assert game.players[0].revealed == [i in (0, 7) for i in range(8)]
    discard(game, 1)  # the opponent's round
    discard(game, 8)
    assert game.players[0].revealed == [i == 0 for i in range(8)]


# --- C-DISC ---------------------------------------------------------------------------

def test_C_DISC_1_the_standard_discard_goes_to_history_not_to_the_piles() -> None:
    game = discard(duel(), 3)
    me = game.players[0]
    assert me.discarded_own == [] and me.discarded_opp == []
    assert me.history == [Entry(GOBLIN, 0, False)]


def test_C_DISC_2_an_enemy_card_discarded_by_an_effect_goes_to_the_actors_pile() -> None:
    """Ogre (Common, Banish) discards a Durable card from the enemy hand."""
    game = duel(opp=dict(hand=[GOBLIN, GOBLIN, WORK_IN_PROGRESS] + [GOBLIN] * 5,
                         revealed=(3, 4)))
    play(game, OGRE)
    me, opp = game.players
    assert me.discarded_opp == [WORK_IN_PROGRESS]
    assert me.discarded_own == []
    assert opp.discarded_own == [] and opp.discarded_opp == []
    assert opp.new[2] and not opp.revealed[2]  # refilled, flagged, hidden again
    assert opp.revealed[3]
    assert CARDS[opp.hand[2]].rarity != 2  # a Common's refill never brings a rare


def test_C_DISC_2_own_cards_discarded_by_an_effect_but_not_the_played_slot() -> None:
    """Militia (Quick): "Select an extra card to be discarded" (mode = slot)."""
    hand = [MILITIA, 1, 2, 3, 5, 6, 8, 9]
    game = duel(me=dict(hand=hand, revealed=(4,)))
    play(game, slot=1, mode=4)
    me = game.players[0]
    assert me.discarded_own == [3]
    assert not me.revealed[3]
    assert me.new[3] and me.new[0]


def test_C_DISC_2_a_flag_only_change_counts_as_a_discard() -> None:
    """Renewal (Quick): "Adds a newcard flag to a selected card in your hand"."""
    hand = [RENEWAL, 1, 2, 3, 5, 6, 8, 9]
    game = play(duel(me=dict(hand=hand)), slot=1, mode=6)
    assert game.players[0].hand[5] == 6
    assert game.players[0].discarded_own == [6]


def test_C_DISC_3_piles_collect_over_extra_turns_and_reset_at_the_next_round() -> None:
    hand = [MILITIA, MILITIA, 2, 3, 5, 6, 8, 9]
    game = duel(me=dict(hand=hand, discarded_own=[77], discarded_opp=[78]))
    play(game, slot=1, mode=3)  # round start: old piles emptied, then card 2 discarded
    play(game, slot=2, mode=5)  # extra turn: card 5 joins
    assert game.players[0].discarded_own == [2, 5]
    discard(game, 8)
    assert game.players[0].discarded_own == [2, 5]
    play(game, OGRE)  # the opponent's turn leaves player 1's piles alone
    assert game.players[0].discarded_own == [2, 5]
    play(game, GOBLIN)  # player 1's new round empties his piles
    assert game.players[0].discarded_own == [] and game.players[0].discarded_opp == []


# --- C-TURN-3: the start-of-round reset ---------------------------------------------

def test_C_TURN_3_the_reset_clears_token_changes_of_both_players() -> None:
    game = duel(me=dict(tokens={"Soldier": 10}), opp=dict(tokens={"Mage": 5}))
    game.players[0].token_changes = [4, 0, 0]
    game.players[1].token_changes = [0, 7, 0]
    discard(game, 1)
    assert game.players[0].token_changes == [0, 0, 0]
    assert game.players[1].token_changes == [0, 0, 0]


def test_C_TURN_3_an_extra_turn_resets_nothing() -> None:
    game = play(duel(opp=dict(wall=10)), NECROMANCY)
    game.players[0].token_changes = [4, 0, 0]
    game.players[1].token_changes = [0, 7, 0]
    game.players[0].discarded_own = [99]
    game.players[1].new[5] = True
    discard(game, 2)
    me, opp = game.players
    assert me.token_changes == [4, 0, 0] and opp.token_changes == [0, 7, 0]
    assert me.discarded_own == [99]
    assert me.new[0] and me.new[1]
    assert opp.new[5]
