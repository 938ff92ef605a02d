"""MArcomage's bots behind the platform Bot interface (PL-SHARED-5): they rebuild a game from
the seat's platform view and never read the real one."""

from __future__ import annotations

import pytest

from marcomage.games.marcomage import random_deck
from marcomage.games.marcomage.bots import sample_game
from marcomage.games.marcomage.ruleset import RULESET as MARCOMAGE
from marcomage.games.marcomage.ruleset import Options
from marcomage.platform.bots import bot_action, bot_rng, make_bot
from marcomage.platform.rng import Rng


def test_a_game_rebuilt_from_either_seats_platform_view_shows_that_view() -> None:
    """Seats 0 and 1 of the platform view are the game's first and second player."""
    state = MARCOMAGE.new_game(Options(hidden=True), MARCOMAGE.starter_decks()[:2], 3)
    for seat in (0, 1):
        view = MARCOMAGE.view(state, seat)
        world = sample_game(view, bot_rng(seat), random_deck(Rng.from_seed(4)))
        assert MARCOMAGE.view(world, seat) == view


def test_a_finished_game_gives_a_bot_nothing_to_choose() -> None:
    state = MARCOMAGE.resign(MARCOMAGE.new_game(Options(), MARCOMAGE.starter_decks()[:2], 3), 0)
    with pytest.raises(ValueError, match="over"):
        make_bot(MARCOMAGE, "greedy", 1).choose(MARCOMAGE.view(state, 0), [])


@pytest.mark.parametrize("name", ["greedy", "mcts"])
def test_PL_SHARED_5_marcomage_bots_play_from_the_view_alone(name: str) -> None:
    """The same view and legal actions give the same move whatever the hidden cards are:
    the bot never reads the real game."""
    options = MARCOMAGE.options_from_json({"hidden": True})
    state = MARCOMAGE.new_game(options, MARCOMAGE.starter_decks()[:2], 5)
    (seat,) = MARCOMAGE.to_act(state)
    other = MARCOMAGE.resample_hidden(state, seat, Rng.from_seed(8))
    assert other.players[1 - seat].hand != state.players[1 - seat].hand
    moves = []
    for game in (state, other):
        bot = make_bot(MARCOMAGE, name, 11)
        if name == "mcts":
            bot.iterations = 60  # type: ignore[attr-defined]
        moves.append(bot_action(MARCOMAGE, game, seat, bot))
    assert moves[0] == moves[1] and moves[0] in MARCOMAGE.legal_actions(state, seat)

