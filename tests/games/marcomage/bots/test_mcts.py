"""The search bot (issue 11): legal moves, strength against random, only its own view,
determinism under an iteration budget, extra turns, and its command line."""

from __future__ import annotations

import io
import re
import sys
import time

import pytest

from marcomage.cli import main
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
from marcomage.games.marcomage.bots import MctsBot
from marcomage.games.marcomage.bots.mcts import evaluate, guess_deck, strength
from marcomage.games.marcomage.cards import CARDS, RARE, card_ids
from marcomage.games.marcomage.ruleset import RULESET
from marcomage.platform.bots import Bot, RandomBot, play_out
from marcomage.simulate import wilson

from .test_bots import (
    Checked,
    Untouchable,
    choose,
    hidden_rare_trap,
    make_bot,
    new_match,
    positions,
)

GOBLIN = 13  # Attack: 3, costs 1 recruit
PEGASUS = 96  # Quick, costs nothing: Attack 1 (and the move stays with its player)
NECROMANCY = 145  # costs 1 gem: unplayable without gems


def replace_the_unseen(game: Game, me: int, seed: int) -> Game:
    """A copy of `game` that differs from it only in what player `me` cannot see: the
    opponent's deck, his hidden hand slots (in hidden-cards mode) and the random source
    that deals every future draw of both players."""
    other = game.clone()
    opp = other.players[1 - me]
    opp.deck = random_deck(Rng.from_seed(seed))
    if other.hidden:
        opp.hand = [card if opp.revealed[i] else opp.deck[0][i]
                    for i, card in enumerate(opp.hand)]
    other.rng = Rng.from_seed(seed + 1)
    return other


@pytest.mark.parametrize("hidden", [False, True])
def test_it_plays_only_legal_moves_to_the_end(hidden: bool) -> None:
    for seed in range(2):
        bots = [Checked(MctsBot(seed, iterations=40)), Checked(RandomBot(seed))]
        if seed % 2:
            bots.reverse()
        game, turns = play_out(RULESET, new_match(seed, hidden=hidden), bots)
        assert game.outcome is not None
        assert turns == bots[0].choices + bots[1].choices > 0


def test_it_beats_the_random_bot_decisively() -> None:
    wins = 0
    for seed in range(6):
        seat = seed % 2  # either side, and either may begin
        bots: list[Bot] = [make_bot("random", seed), make_bot("random", seed)]
        bots[seat] = MctsBot(seed, iterations=100)
        game, _ = play_out(RULESET, new_match(f"mcts/{seed}"), bots)
        wins += game.outcome == Outcome(seat, game.outcome.end_type)  # type: ignore[union-attr]
    assert wins == 6


@pytest.mark.parametrize("hidden", [False, True])
def test_it_sees_only_its_view(hidden: bool) -> None:
    """The real game and one whose opponent deck, hidden opponent cards and future
    draws are replaced give the bot identical views, so identical choices."""
    checked = differ = 0
    for game in positions(7, hidden=hidden, every=4):
        me = game.current
        other = replace_the_unseen(game, me, 99 + checked)
        assert view(other, me) == view(game, me)
        differ += state_hash(other) != state_hash(game)
        assert (choose(MctsBot(2, iterations=60), game, me)
                == choose(MctsBot(2, iterations=60), other, me))
        checked += 1
    assert checked > 5
    assert differ == checked


def test_it_sees_only_its_view_over_a_whole_game() -> None:
    """Two bots with one seed, one on the real game and one on a game whose unseen
    parts are replaced before every move, make the same moves throughout (the bot
    remembers what the opponent was seen with, so this checks that memory too)."""
    game = new_match(21, hidden=True)
    bots = [MctsBot(3, iterations=30), RandomBot(3)]
    twin = MctsBot(3, iterations=30)
    moves = 0
    while game.outcome is None:
        me = game.current
        if me == 0:
            other = replace_the_unseen(game, me, 500 + moves)
            assert view(other, me) == view(game, me)
            assert choose(twin, other, me) == (action := choose(bots[0], game, me))
            moves += 1
        else:
            action = choose(bots[1], game, me)
        push(game, action)
    assert moves > 5


@pytest.mark.parametrize("slot", [0, 5])
def test_it_cannot_aim_at_a_hidden_card(slot: int) -> None:
    """With Mirror golems in every slot, a bot that peeked would hit the hidden rare."""
    game, peek = hidden_rare_trap(slot)
    for seed in range(2):
        assert (choose(MctsBot(seed, iterations=40), game, game.current)
                == choose(MctsBot(seed, iterations=40), peek, game.current))


def test_it_never_draws_from_the_games_random_source() -> None:
    bot = MctsBot(3, iterations=30)
    for game in positions(11, every=9):
        before = state_hash(game)
        game.rng = Untouchable(game.rng.state, game.rng.inc)
        assert choose(bot, game, game.current) in legal_actions(game)
        game.rng = Rng(game.rng.state, game.rng.inc)
        assert state_hash(game) == before


def test_it_is_deterministic_for_a_seed_and_an_iteration_budget() -> None:
    games = list(positions(5, every=6))
    first = [choose(MctsBot(8, iterations=50), g, g.current) for g in games]
    again = [choose(MctsBot(8, iterations=50), g, g.current) for g in games]
    assert first == again
    bot, twin = MctsBot(8, iterations=50), MctsBot(8, iterations=50)
    assert [choose(bot, g, g.current) for g in games] == [choose(twin, g, g.current)
                                                         for g in games]


def test_a_time_budget_ends_the_search_in_time() -> None:
    game = new_match(4)
    bot = MctsBot(1, think=0.05)
    start = time.perf_counter()
    action = choose(bot, game, game.current)
    assert time.perf_counter() - start < 1.0
    assert action in legal_actions(game)
    assert bot.last_iterations >= 1
    capped = MctsBot(1, think=30.0, iterations=25)  # whichever ends first
    choose(capped, game, game.current)
    assert capped.last_iterations == 25


def test_budgets_must_be_positive() -> None:
    with pytest.raises(ValueError, match="positive"):
        MctsBot(1, think=0)
    with pytest.raises(ValueError, match="at least 1"):
        MctsBot(1, iterations=0)


@pytest.mark.parametrize("seed", range(3))
def test_it_takes_a_winning_move(seed: int) -> None:
    game = new_match(seed)
    me = game.current
    enemy = game.players[1 - me]
    enemy.tower, enemy.wall = 2, 0
    game.players[me].hand[seed] = GOBLIN
    push(game, choose(MctsBot(seed, iterations=200), game, me))
    assert game.outcome == Outcome(me, EndType.DESTRUCTION)


def quick_finish(seed: int) -> tuple[Game, int]:
    """A position won only by the extra turn: Pegasus (Quick) first, then Goblin, with
    resources for nothing else; Goblin alone leaves the enemy tower standing."""
    for tower in range(2, 12):
        game = new_match(seed)
        me = game.current
        mine, enemy = game.players[me], game.players[1 - me]
        mine.hand = [NECROMANCY] * 8
        mine.hand[1], mine.hand[6] = PEGASUS, GOBLIN
        mine.bricks = mine.gems = 0
        mine.recruits = 1
        enemy.tower, enemy.wall = tower, 0
        goblin_only = game.clone()
        push(goblin_only, Action.play(7))
        combo = game.clone()
        push(combo, Action.play(2))
        if goblin_only.outcome is combo.outcome is None and combo.current == me:
            push(combo, Action.play(7))
            if combo.outcome == Outcome(me, EndType.DESTRUCTION):
                return game, me
    raise AssertionError("no such position")


@pytest.mark.parametrize("seed", range(2))
def test_it_plans_across_an_extra_turn(seed: int) -> None:
    game, me = quick_finish(seed)
    bot = MctsBot(seed, iterations=400)
    first = choose(bot, game, me)
    assert first == Action.play(2)  # Pegasus: the move stays with this player
    push(game, first)
    while game.current == me and game.outcome is None:
        push(game, choose(bot, game, me))
    assert game.outcome == Outcome(me, EndType.DESTRUCTION)


def test_the_evaluation_is_a_win_chance() -> None:
    game = new_match(9)
    assert 0.0 < evaluate(game) < 1.0
    stronger = game.clone()
    stronger.players[0].tower += 20
    assert evaluate(stronger) > evaluate(game)
    a, b = stronger.players
    assert strength(a, b) > strength(b, a)
    won = game.clone()
    won.outcome = Outcome(1, EndType.DESTRUCTION)
    assert evaluate(won) == 0.0
    won.outcome = Outcome(0, EndType.RESOURCE)
    assert evaluate(won) == 1.0
    won.outcome = Outcome(None, EndType.DRAW)
    assert evaluate(won) == 0.5


def test_the_guessed_deck_keeps_the_seen_cards_and_is_legal() -> None:
    rares = card_ids(RARE)
    seen: list[list[int]] = [[], [], list(rares[:3])]
    deck = guess_deck(Rng.from_seed(1), seen)
    assert set(rares[:3]) <= set(deck[2])
    for rarity, section in enumerate(deck):
        assert len(section) == len(set(section)) == 15
        assert all(CARDS[c].rarity == rarity for c in section)


# --- the command line ---------------------------------------------------------------


def test_wilson_intervals() -> None:
    low, high = wilson(70, 100)
    assert (round(low, 4), round(high, 4)) == (0.6042, 0.7811)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    assert wilson(0, 0) == (0.0, 1.0)


def test_simulate_search_bot_against_greedy(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    args = ["simulate", "--p1", "mcts", "--p2", "greedy", "--games", "2", "--jobs", "1",
            "--iterations", "20", "--seed", "3"]
    assert main(args) == 0
    out, err = capsys.readouterr()
    assert "bots: player 1 mcts (20 iterations/move), player 2 greedy" in out
    assert "win rates: 2 games, 95% Wilson intervals, draws counted apart" in out
    rows = re.findall(r"^(player 1 wins|player 2 wins|draws): +(\d+) +([\d.]+)% +"
                      r"95% CI \[ *([\d.]+)%, *([\d.]+)%\]", out, re.MULTILINE)
    assert [r[0] for r in rows] == ["player 1 wins", "player 2 wins", "draws"]
    assert sum(int(r[1]) for r in rows) == 2
    for _, k, rate, low, high in rows:
        assert float(low) <= float(rate) <= float(high)
        assert (float(low), float(high)) == tuple(
            round(100 * x, 1) for x in wilson(int(k), 2))
    assert "2/2 games" in err  # the progress bar
    assert main(args) == 0  # an iteration budget gives the same games again
    assert capsys.readouterr().out.split("wall time")[0] == out.split("wall time")[0]


def test_simulate_accepts_a_time_per_move(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["simulate", "--bot", "random", "--bot2", "mcts", "--games", "1", "--jobs",
                 "1", "--think", "0.002", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "player 2 mcts (0.002 s/move)" in out
    assert main(["simulate", "--p1", "mcts", "--p2", "random", "--games", "1", "--jobs", "1",
                 "--think", "0.002", "--cpu-time", "--no-progress"]) == 0
    assert "player 1 mcts (0.002 CPU s/move)" in capsys.readouterr().out


def test_a_cpu_time_budget_counts_only_this_process() -> None:
    game = new_match(4)
    bot = MctsBot(1, think=0.05, cpu_clock=True)
    assert choose(bot, game, game.current) in legal_actions(game)
    assert bot.last_iterations >= 1


@pytest.mark.parametrize("bad", [["--think", "0"], ["--think", "inf"], ["--iterations", "0"]])
def test_simulate_refuses_bad_options(bad: list[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["simulate", "--games", "1", *bad])
    assert exit_.value.code == 2


def test_simulate_refuses_an_unknown_bot(capsys: pytest.CaptureFixture[str]) -> None:
    """Bot names depend on the game (--game), so they are checked after parsing."""
    assert main(["simulate", "--games", "1", "--p1", "smart"]) == 2
    assert "no bot 'smart'; choose from greedy, mcts, random" in capsys.readouterr().err


def test_play_against_the_search_bot(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("d 1\n" * 3 + "quit\n"))
    assert main(["play", "--seed", "4", "--opponent", "mcts", "--iterations", "30"]) == 0
    out = capsys.readouterr().out
    assert "MArcomage against the mcts bot, seed 4." in out
    assert out.count("You discard") == 3
    assert "Opponent " in out
    assert out.rstrip().endswith("The opponent wins (you surrendered).")


def test_play_gives_the_search_bot_a_second_by_default(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    assert main(["play", "--seed", "4", "--opponent", "mcts", "--think", "0.01"]) == 0
    assert "mcts bot (0.01 s per move)" in capsys.readouterr().out
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    assert main(["play", "--seed", "4", "--bot", "mcts"]) == 0  # --bot is an alias
    assert "mcts bot (1 s per move)" in capsys.readouterr().out
