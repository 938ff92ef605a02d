"""The baseline bots (PL-SHARED-5): legal moves only, own randomness, only what they see."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from marcomage.games.marcomage import (
    Action,
    EndType,
    Game,
    Outcome,
    Rng,
    legal_actions,
    push,
    random_deck,
    state_hash,
    view,
)
from marcomage.games.marcomage.bots import GreedyBot, sample_game, score
from marcomage.games.marcomage.bots.greedy import EXTRA_TURN
from marcomage.games.marcomage.ruleset import RULESET, Options, random_decks
from marcomage.platform.bots import Bot, RandomBot, bot_rng, bots_for, play_out
from marcomage.platform.bots import make_bot as platform_bot
from marcomage.platform.protocol import Action as JsonAction
from marcomage.platform.rng import seed_to_int

BOTS = bots_for(RULESET)


def new_match(seed: int | str, *, hidden: bool = False) -> Game:
    """A new game of two random decks through the protocol, as `marcomage play` deals it."""
    return RULESET.new_game(Options(hidden=hidden), random_decks(seed), seed_to_int(seed))


def make_bot(name: str, seed: int) -> Bot:
    return platform_bot(RULESET, name, seed)


def choose(bot: Bot, game: Game, player: int) -> Action:
    """What `bot` plays for `player`, from the player's view and legal actions only."""
    legal = RULESET.legal_actions(game, player)
    return Action.from_json(bot.choose(RULESET.view(game, player), legal))


def positions(seed: int, *, hidden: bool = False, every: int = 7) -> Iterator[Game]:
    """Copies of the positions of a random game, every few turns."""
    game = new_match(seed, hidden=hidden)
    mover = RandomBot(seed)
    turn = 0
    while game.outcome is None:
        if turn % every == 0:
            yield game.clone()
        push(game, choose(mover, game, game.current))
        turn += 1


class Checked:
    """Wraps a bot and checks every choice against the legal actions."""

    def __init__(self, bot: Bot) -> None:
        self.bot, self.name, self.choices = bot, bot.name, 0

    def choose(self, view: dict[str, Any], legal: list[JsonAction]) -> JsonAction:
        assert view["your_turn"] and view["you"] == view["current"]
        action = self.bot.choose(view, legal)
        assert action in legal
        self.choices += 1
        return action


@pytest.mark.parametrize("names", [("random", "random"), ("greedy", "random"),
                                   ("greedy", "greedy")])
def test_bots_play_legal_moves_to_the_end(names: tuple[str, str]) -> None:
    for seed in range(3):
        bots = (Checked(make_bot(names[0], 1)), Checked(make_bot(names[1], 2)))
        game, turns = play_out(RULESET, new_match(seed), bots)
        assert game.outcome is not None
        assert turns == bots[0].choices + bots[1].choices > 0
        assert game.outcome.winner in (None, 0, 1)


def test_greedy_beats_random_in_most_games() -> None:
    greedy_wins = 0
    for seed in range(20):
        seat = seed % 2  # the greedy bot plays either side
        bots: list[Bot] = [make_bot("random", seed), make_bot("random", seed)]
        bots[seat] = GreedyBot(seed)
        game, _ = play_out(RULESET, new_match(seed), bots)
        greedy_wins += RULESET.outcome(game).winners == (seat,)  # type: ignore[union-attr]
    assert greedy_wins >= 16


@pytest.mark.parametrize("name", sorted(BOTS))
def test_bots_leave_the_game_and_its_random_source_alone(name: str) -> None:
    bot = make_bot(name, 3)
    for game in positions(4):
        rng_before = (game.rng.state, game.rng.inc)
        before = state_hash(game)
        choose(bot, game, game.current)
        assert (game.rng.state, game.rng.inc) == rng_before
        assert state_hash(game) == before


class Untouchable(Rng):
    """A random source that fails when anyone draws from it, or from a copy of it."""

    def next_u32(self) -> int:
        raise AssertionError("a bot drew from the game's random source")

    def clone(self) -> Rng:
        return Untouchable(self.state, self.inc)


@pytest.mark.parametrize("name", sorted(BOTS))
def test_bots_never_draw_from_the_games_random_source_even_on_a_copy(name: str) -> None:
    bot = make_bot(name, 3)
    for game in positions(11):
        game.rng = Untouchable(game.rng.state, game.rng.inc)
        assert choose(bot, game, game.current) in legal_actions(game)


@pytest.mark.parametrize("name", sorted(BOTS))
def test_bots_are_deterministic_from_their_own_seed(name: str) -> None:
    games = list(positions(5, every=5))
    first = [choose(make_bot(name, 8), g, g.current) for g in games]
    again = [choose(make_bot(name, 8), g, g.current) for g in games]
    assert first == again


def test_the_random_bot_uses_every_legal_action() -> None:
    game = new_match(6)
    bot = RandomBot(1)
    seen = {choose(bot, game, game.current) for _ in range(400)}
    assert seen == set(legal_actions(game))


def test_greedy_sees_only_the_view() -> None:
    """Two hidden-cards games that differ only in what the mover cannot see (the
    opponent's hidden cards and deck, the random source) get the same choices."""
    checked = 0
    for game in positions(7, hidden=True, every=3):
        me = game.current
        other = game.clone()
        opp = other.players[1 - me]
        opp.deck = random_deck(Rng.from_seed(99))
        opp.hand = [card if opp.revealed[i] else opp.deck[0][i]
                    for i, card in enumerate(opp.hand)]
        other.rng = Rng.from_seed(12345)
        assert view(other, me) == view(game, me)
        assert choose(GreedyBot(2), game, me) == choose(GreedyBot(2), other, me)
        checked += 1
    assert checked > 5


MIRROR_GOLEM = 479  # "Attack based on matching card in enemy hand (C-7, U-14, R-21)"


def hidden_rare_trap(slot: int) -> tuple[Game, Game]:
    """A hidden-cards game where the mover holds only Mirror golems and the opponent only
    Commons, and the same game with a Rare in the opponent's `slot`: the mover's view is the
    same in both, so a bot that chooses differently has peeked at the hidden hand."""
    game = new_match(12, hidden=True)
    me, opp = game.players[game.current], game.players[1 - game.current]
    me.hand = [MIRROR_GOLEM] * 8
    me.bricks = me.gems = 50
    opp.hand = [opp.deck[0][i] for i in range(8)]  # Commons
    opp.revealed = [False] * 8
    peek = game.clone()
    peek.players[1 - game.current].hand[slot] = opp.deck[2][0]  # a Rare
    assert view(peek, game.current) == view(game, game.current)
    return game, peek


@pytest.mark.parametrize("slot", range(8))
def test_greedy_cannot_aim_at_a_hidden_card(slot: int) -> None:
    """With Mirror golems in every slot, a bot that peeked would hit the hidden rare."""
    game, peek = hidden_rare_trap(slot)
    for seed in range(4):
        ours, peeking = GreedyBot(seed), GreedyBot(seed)
        assert choose(ours, game, game.current) == choose(peeking, peek, game.current)


def test_a_sampled_game_matches_the_view() -> None:
    for hidden in (False, True):
        for game in positions(8, hidden=hidden, every=9):
            me = game.current
            doc = RULESET.view(game, me)
            sample = sample_game(doc, bot_rng(1), random_deck(Rng.from_seed(5)))
            assert RULESET.view(sample, me) == doc
            assert legal_actions(sample) == legal_actions(game)
            if not hidden:
                assert sample.players[1 - me].hand == game.players[1 - me].hand


def test_score_prefers_winning_and_a_stronger_position() -> None:
    game = new_match(9)
    assert score(game, 0) + score(game, 1) == EXTRA_TURN  # only the mover's bonus
    stronger = game.clone()
    stronger.players[0].tower += 5
    assert score(stronger, 0) > score(game, 0)
    assert score(stronger, 1) < score(game, 1)
    won = game.clone()
    won.outcome = Outcome(0, EndType.DESTRUCTION)
    assert score(won, 0) > score(stronger, 0)
    assert score(won, 1) < score(game, 1)
    drawn = game.clone()
    drawn.outcome = Outcome(None, EndType.DRAW)
    assert score(drawn, 0) == score(drawn, 1) == 0


GOBLIN = 13  # Attack: 3, costs 1 recruit


@pytest.mark.parametrize("seed", range(5))
def test_greedy_takes_a_winning_move(seed: int) -> None:
    game = new_match(seed)
    me = game.current
    enemy = game.players[1 - me]
    enemy.tower, enemy.wall = 2, 0
    game.players[me].hand[seed] = GOBLIN
    push(game, choose(GreedyBot(seed), game, me))
    assert game.outcome == Outcome(me, EndType.DESTRUCTION)


def test_unknown_bot_names_are_refused() -> None:
    with pytest.raises(ValueError, match="no bot 'smart'"):
        make_bot("smart", 1)
