"""Property tests over random games driven by random legal actions (hypothesis).

Properties, checked after every turn of every game: the limits hold (C-LIM-1), hands hold
8 real cards, the JSON round-trips exactly (PL-STATE-2), every listed action is valid and
random refused requests change nothing (C-TURN-17); at the end, a finished game accepts
no action and replaying seed + actions reproduces the final state hash (PL-STATE-3).

Decks are random decks drawn from the implemented cards where a rarity has 15 of them,
else from the whole set (an unimplemented card's effect is simply missing)."""

from __future__ import annotations

from dataclasses import dataclass, replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from marcomage.games.marcomage import (
    CARDS,
    Action,
    Game,
    GameNotInProgress,
    IllegalAction,
    Rng,
    auto_tokens,
    dumps,
    implemented,
    legal_actions,
    loads,
    new_game,
    push,
    random_deck,
    state_hash,
    validate,
)
from marcomage.games.marcomage.actions import DISCARD, PLAY
from marcomage.games.marcomage.cards import COMMON, NONE, RARE, UNCOMMON, card_ids
from marcomage.games.marcomage.state import Deck

MIN_ACTIONS = 10_000
EXAMPLES = 170
PER_EXAMPLE = -(-MIN_ACTIONS // EXAMPLES)


def _pool() -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    sections = []
    for rarity in (COMMON, UNCOMMON, RARE):
        done = tuple(c for c in card_ids(rarity) if implemented(c))
        sections.append(done if len(done) >= 15 else card_ids(rarity))
    return (sections[0], sections[1], sections[2])


POOL = _pool()


@dataclass(frozen=True)
class Setup:
    """Everything a game depends on besides its actions."""

    deck_seeds: tuple[int, int]
    game_seed: int
    tokens: bool
    hidden: bool
    start_round: int

    def decks(self) -> tuple[Deck, Deck]:
        return (random_deck(Rng.from_seed(self.deck_seeds[0]), POOL),
                random_deck(Rng.from_seed(self.deck_seeds[1]), POOL))

    def start(self) -> Game:
        d1, d2 = self.decks()
        game = new_game(d1, d2, seed=self.game_seed, hidden=self.hidden,
                        tokens1=auto_tokens(d1) if self.tokens else (),
                        tokens2=auto_tokens(d2) if self.tokens else ())
        game.round = self.start_round
        return game


setups = st.builds(
    Setup,
    deck_seeds=st.tuples(st.integers(0, 2**32), st.integers(0, 2**32)),
    game_seed=st.integers(0, 2**64 - 1),
    tokens=st.booleans(),
    hidden=st.booleans(),
    start_round=st.sampled_from([1, 1, 1, 200, 245]),
)


def check_limits_and_hands(game: Game) -> None:
    for p in game.players:
        assert 0 <= p.tower <= 100, p.tower
        assert 0 <= p.wall <= 150, p.wall
        assert min(p.bricks, p.gems, p.recruits) >= 0
        assert min(p.quarry, p.magic, p.dungeons) >= 1
        assert len(p.hand) == 8
        assert all(0 < c < len(CARDS) and CARDS[c].rarity != NONE for c in p.hand), p.hand
        assert min(p.tokens) >= 0 and max(p.tokens) <= 100
    assert game.current in (0, 1)
    assert 1 <= game.round <= 250


def random_request(rng: Rng) -> tuple[Action, int | None]:
    kind = (PLAY, DISCARD, "pass")[rng.below(3)]
    player = (None, 0, 1)[rng.below(3)]
    return Action(kind, rng.below(11) - 1, rng.below(11) - 1), player


def check_refusal(game: Game, text: str, rng: Rng, legal: list[Action]) -> None:
    """A random request that validate refuses must leave the game exactly as it was."""
    action, player = random_request(rng)
    try:
        validate(game, action, player)
    except IllegalAction:
        with pytest.raises(IllegalAction):
            push(game, action, player)
        assert dumps(game) == text
        assert action not in legal or (player is not None and player != game.current)
    else:
        ok = action if action.kind == PLAY else Action.discard(action.pos)
        assert ok in legal


def choose(game: Game, rng: Rng, discard_percent: int) -> Action:
    legal = legal_actions(game)
    plays = [a for a in legal if a.kind == PLAY]
    if plays and rng.below(100) >= discard_percent:
        return plays[rng.below(len(plays))]
    discards = [a for a in legal if a.kind == DISCARD]
    return discards[rng.below(len(discards))]


def play_game(setup: Setup, policy_seed: int, discard_percent: int) -> int:
    """Play one game to its end, checking every property; returns the number of turns."""
    game = setup.start()
    rng = Rng.from_seed(policy_seed)
    check_limits_and_hands(game)
    text = dumps(game)
    history: list[tuple[Action, int]] = []
    while not game.finished:
        legal = legal_actions(game)
        assert legal and len(set(legal)) == len(legal)
        for action in legal:
            validate(game, action, game.current)
        check_refusal(game, text, rng, legal)
        action = choose(game, rng, discard_percent)
        history.append((action, game.current))
        push(game, action, game.current)
        check_limits_and_hands(game)
        text = dumps(game)
        assert dumps(loads(text)) == text
        assert len(history) < 2_000, "a game must end by round 250"

    assert legal_actions(game) == []
    for _ in range(5):
        action, player = random_request(rng)
        with pytest.raises(GameNotInProgress):
            push(game, action, player)
    for pos in range(1, 9):
        with pytest.raises(GameNotInProgress):
            push(game, Action.play(pos), game.current)
    assert dumps(game) == text

    replay = setup.start()
    for action, player in history:
        push(replay, action, player)
    assert state_hash(replay) == state_hash(game)
    return len(history)


def test_random_games_keep_every_property() -> None:
    """Each example plays games (the next ones with the following game seeds) until it
    has made PER_EXAMPLE actions, so a run always makes at least MIN_ACTIONS."""
    total = 0

    @settings(max_examples=EXAMPLES, deadline=None,
              suppress_health_check=[HealthCheck.too_slow])
    @given(setup=setups, policy_seed=st.integers(0, 2**64 - 1),
           discard_percent=st.sampled_from([0, 10, 30, 60, 90]))
    def run(setup: Setup, policy_seed: int, discard_percent: int) -> None:
        nonlocal total
        done = 0
        while done < PER_EXAMPLE:
            done += play_game(setup, policy_seed + done, discard_percent)
            setup = replace(setup, game_seed=(setup.game_seed + 1) % 2**64)
        total += done

    run()
    assert total >= MIN_ACTIONS, total


def test_a_fixed_batch_of_long_games_keeps_every_property() -> None:
    """The same properties on fixed seeds, so a run always covers many long games."""
    total = 0
    for i in range(20):
        setup = Setup((i, 100 + i), i, tokens=i % 2 == 0, hidden=i % 3 == 0, start_round=1)
        total += play_game(setup, policy_seed=7 * i, discard_percent=(0, 40, 80)[i % 3])
    assert total > 20 * 30


class GameMachine(RuleBasedStateMachine):
    """Hypothesis picks each action; the machine checks the invariants between them."""

    game: Game
    setup: Setup
    actions: list[tuple[Action, int]]

    @initialize(setup=setups)
    def start(self, setup: Setup) -> None:
        self.setup = setup
        self.game = setup.start()
        self.actions = []

    @rule(pick=st.integers(0, 10_000))
    def take_a_legal_action(self, pick: int) -> None:
        legal = legal_actions(self.game)
        if not legal:
            return
        action = legal[pick % len(legal)]
        self.actions.append((action, self.game.current))
        push(self.game, action, self.game.current)

    @rule(kind=st.sampled_from([PLAY, DISCARD, "pass"]), pos=st.integers(-2, 10),
          mode=st.integers(-2, 10), player=st.sampled_from([None, 0, 1]))
    def try_any_request(self, kind: str, pos: int, mode: int, player: int | None) -> None:
        action = Action(kind, pos, mode)
        before = dumps(self.game)
        try:
            validate(self.game, action, player)
        except IllegalAction:
            with pytest.raises(IllegalAction):
                push(self.game, action, player)
            assert dumps(self.game) == before
            return
        self.actions.append((action, self.game.current))
        push(self.game, action, player)

    @rule()
    def round_trip_and_clone(self) -> None:
        text = dumps(self.game)
        assert dumps(loads(text)) == text
        assert dumps(self.game.clone()) == text

    @invariant()
    def limits_and_hands_hold(self) -> None:
        check_limits_and_hands(self.game)

    @invariant()
    def finished_means_no_action(self) -> None:
        if self.game.finished:
            assert legal_actions(self.game) == []

    def teardown(self) -> None:
        if not hasattr(self, "game"):
            return
        replay = self.setup.start()
        for action, player in self.actions:
            push(replay, action, player)
        assert state_hash(replay) == state_hash(self.game)


TestGameMachine = GameMachine.TestCase
TestGameMachine.settings = settings(
    max_examples=25, stateful_step_count=80, deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
