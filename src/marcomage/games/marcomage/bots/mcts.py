"""The search bot: single-observer information-set Monte Carlo tree search (SO-ISMCTS).

Every iteration plays one imagined game. It starts from a *determinization*: a whole
game rebuilt from the bot's view only (PL-SHARED-5), where what the view hides is
guessed: the opponent's hidden hand slots, his deck (built around the cards he has been
seen with), and the random source that deals every future draw of both players, which
comes from the bot's own generator. The real game, its hidden cards and its random
stream are never read.

One tree is shared by all determinizations. An edge is an action *of a given player*, so
a node can hold the moves of either side: after a Quick or Swift card the same player
moves again, and whether he does can depend on a guessed card. At each node the edges
compatible with the determinization (the player to move there, the actions legal in it)
compete by UCB1 with availability counts (Cowling, Powley and Whitehouse 2012): an edge's
exploration term uses how often it was *available*, not how often its parent was
visited. An untried legal action is expanded first. From the new node a short rollout
(a cheap policy that mostly plays the dearer of two affordable cards) runs for a few
turns and then on until it is the searching player's turn again, so that all
evaluations compare positions of the same kind; a finished game counts 1, 1/2 or 0, an
unfinished one a heuristic win chance (a logistic of the difference in tower, wall,
facilities, stock and closeness to each victory). Values are backed up for the player
who made each move. The bot plays the most visited root action.

Tuned against the greedy bot on short matches at 0.1 s per move (about 800 iterations):
exploration 0.3 (0.15 and 0.6 did worse), rollout depth 4 (2 and 6 within noise of it).

The budget is a number of iterations (deterministic given the seed: tests use it), a
time per move, or both (whichever ends first).
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from math import exp, log, sqrt
from typing import Any

from marcomage.platform.bots import bot_rng
from marcomage.platform.protocol import Action as JsonAction
from marcomage.platform.rng import Rng

from ..actions import PLAY, Action, action_from_json, action_to_json
from ..cards import CARDS, COMMON, RARE, UNCOMMON, card_ids
from ..deck import DECK_SECTION
from ..state import MAX_TOWER, RESOURCE_VICTORY, Deck, Game, Player
from ..turn import legal_actions, push
from .sample import guess_card, sample_game

DEFAULT_ITERATIONS = 1000
"""The budget of a bot given neither iterations nor a time: deterministic, about a
tenth of a second per move on one core."""

EXPLORATION = 0.3
"""UCB1's exploration constant c in mean + c * sqrt(ln(available) / visits); values
are win chances in [0, 1], whose differences between moves are small."""

ROLLOUT_DEPTH = 4
"""Turns played by the rollout policy below a new node before the evaluation (and on
to the searching player's turn)."""

SCALE = 60.0
"""Half-points of `strength` difference that make a 73% (1 / (1 + e**-1)) win chance."""

TEMPO = 10.0
"""Half-points for the player to move: a turn in hand is worth a card and a production."""

DECK_GUESSES = 8
"""Opponent deck guesses made per move; determinizations take them in turn."""


# --- the evaluation -----------------------------------------------------------------


def strength(p: Player, o: Player) -> float:
    """One player's standing in half-points: greedy's tower 2, wall 1, facility 5 and
    stock 1/2, plus the closeness of his own victories and of the opponent's threat
    to his tower."""
    value = (
        4 * p.tower + 2 * p.wall + 10 * (p.quarry + p.magic + p.dungeons)
        + p.bricks + p.gems + p.recruits
    )
    # A low tower behind a thin wall is nearly lost: the last points count double.
    guard = p.tower + p.wall
    if guard < 30:
        value -= 2 * (30 - guard)
    # Within reach of a tower or resource victory.
    if p.tower > MAX_TOWER - 25:
        value += 2 * (p.tower - (MAX_TOWER - 25))
    stock = p.bricks + p.gems + p.recruits
    if stock > RESOURCE_VICTORY - 100:
        value += stock - (RESOURCE_VICTORY - 100)
    return value


def evaluate(game: Game, scale: float = SCALE) -> float:
    """Player 1's (index 0) chance of winning `game`: exact when it is over, else a
    logistic of the difference of strengths."""
    outcome = game.outcome
    if outcome is not None:
        return 0.5 if outcome.winner is None else 1.0 - outcome.winner
    a, b = game.players
    diff = strength(a, b) - strength(b, a)
    diff += TEMPO if game.current == 0 else -TEMPO
    if diff > 40 * scale:
        return 1.0
    if diff < -40 * scale:
        return 0.0
    return 1.0 / (1.0 + exp(-diff / scale))


# --- the rollout policy -------------------------------------------------------------


def rollout(game: Game, rng: Rng, depth: int, player: int) -> None:
    """Play at least `depth` turns in place, then on until `player` is to move (at most
    three more turns): an affordable card most of the time (the dearest of two picked
    at random), a random discard otherwise. Ending on `player`'s turn makes every
    evaluation compare positions of the same kind."""
    for turn in range(depth + 3):
        if game.outcome is not None or (turn >= depth and game.current == player):
            return
        actions = legal_actions(game)
        plays = [a for a in actions if a.kind == PLAY]
        if plays and rng.below(8) != 0:
            a = plays[rng.below(len(plays))]
            b = plays[rng.below(len(plays))]
            hand = game.players[game.current].hand
            if CARDS[hand[b.pos - 1]].cost_total > CARDS[hand[a.pos - 1]].cost_total:
                a = b
            push(game, a)
        else:
            push(game, actions[rng.below(len(actions))])


# --- the opponent's deck ------------------------------------------------------------


def guess_deck(rng: Rng, seen: list[list[int]]) -> Deck:
    """A deck with the cards seen of each rarity (the latest 15 at most) and random
    others of that rarity."""
    sections = []
    for rarity in (COMMON, UNCOMMON, RARE):
        known = seen[rarity][-DECK_SECTION:]
        picked = list(known)
        chosen = set(known)
        pool = card_ids(rarity)
        while len(picked) < DECK_SECTION:
            card = pool[rng.below(len(pool))]
            if card not in chosen:
                chosen.add(card)
                picked.append(card)
        sections.append(tuple(picked))
    return (sections[0], sections[1], sections[2])


def seen_cards(doc: Mapping[str, Any]) -> list[int]:
    """Opponent cards that the view `doc` shows: his visible hand, his cards played or
    discarded this round, and cards that effects discarded from his hand."""
    opp = doc["opponent"]
    cards = [c for c in opp["hand"] if c]
    cards += [e["card"] for e in opp["history"] if e["card"]]
    cards += [c for c in opp["discarded_own"] if c]
    cards += [c for c in doc["me"]["discarded_opp"] if c]
    return cards


# --- the tree -----------------------------------------------------------------------


class Node:
    """The edge into this node (a move of `mover`) with its statistics, and the moves
    that follow it, for each player in turn: `kids[player][action]`."""

    __slots__ = ("available", "kids", "mover", "reward", "visits")

    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.visits = 0
        self.reward = 0.0  # summed over visits, for `mover`
        self.available = 0
        self.kids: tuple[dict[Action, Node], dict[Action, Node]] = ({}, {})


class MctsBot:
    """Information-set MCTS over determinizations of its own view: a platform bot
    (PL-SHARED-5) that gets the seat's view and legal actions only.

    >>> from marcomage.games.marcomage.ruleset import RULESET, Options
    >>> state = RULESET.new_game(Options(), RULESET.starter_decks()[:2], 1)
    >>> (seat,) = RULESET.to_act(state)
    >>> legal = RULESET.legal_actions(state, seat)
    >>> MctsBot(5, iterations=50).choose(RULESET.view(state, seat), legal) in legal
    True
    """

    name = "mcts"

    def __init__(
        self, seed: int | str = 0, *, think: float | None = None,
        iterations: int | None = None, cpu_clock: bool = False,
        exploration: float = EXPLORATION, depth: int = ROLLOUT_DEPTH, scale: float = SCALE,
    ) -> None:
        if think is None and iterations is None:
            iterations = DEFAULT_ITERATIONS
        if think is not None and think <= 0:
            raise ValueError("The time per move must be positive.")
        if iterations is not None and iterations < 1:
            raise ValueError("The number of iterations must be at least 1.")
        self.rng = bot_rng(seed)
        self.think, self.iterations = think, iterations
        self.clock = time.process_time if cpu_clock else time.perf_counter
        """What `think` is counted in: wall time, or this process's CPU time (a fair
        measure on a machine shared with other work)."""
        self.exploration, self.depth, self.scale = exploration, depth, scale
        self._seen: list[list[int]] = [[], [], []]
        self._last_round = 0
        self.last_iterations = 0
        """Iterations run for the latest move (for benchmarks)."""

    # What the opponent has been seen with, across the moves of one game.

    def _remember(self, doc: Mapping[str, Any]) -> None:
        if doc["round"] < self._last_round:  # a new game with the same bot
            self._seen = [[], [], []]
        self._last_round = doc["round"]
        for card in seen_cards(doc):
            rarity = CARDS[card].rarity
            if rarity in (COMMON, UNCOMMON, RARE) and card not in self._seen[rarity]:
                self._seen[rarity].append(card)

    def choose(self, view: Mapping[str, Any], legal: Sequence[JsonAction]) -> JsonAction:
        """The most visited of the `legal` actions after searching from `view`, the view
        of the seat to move."""
        if view.get("outcome") is not None or not legal:
            raise ValueError("The game is over; there is nothing to choose.")
        doc = view
        player: int = doc["you"]
        self._remember(doc)
        if len(legal) == 1:
            return legal[0]
        actions = [action_from_json(a) for a in legal]
        rng = self.rng
        decks = [guess_deck(rng, self._seen) for _ in range(DECK_GUESSES)]
        base = sample_game(doc, rng, decks[0])
        opp = 1 - player
        hidden = [i for i, c in enumerate(doc["opponent"]["hand"]) if c is None]
        root = Node(1 - player)
        clock = self.clock
        deadline = None if self.think is None else clock() + self.think
        limit = self.iterations
        done = 0
        while True:
            world = base.clone()
            deck = decks[done % DECK_GUESSES]
            them = world.players[opp]
            them.deck = deck
            for i in hidden:
                them.hand[i] = guess_card(rng, deck)
            world.rng = Rng.from_seed((rng.next_u32() << 32) | rng.next_u32())
            self._iterate(root, world)
            done += 1
            if limit is not None and done >= limit:
                break
            if deadline is not None and clock() >= deadline:
                break
        self.last_iterations = done
        kids = root.kids[player]
        best = max(actions, key=lambda a: (kids[a].visits, kids[a].reward) if a in kids
                   else (-1, 0.0))
        return action_to_json(best)

    def _iterate(self, root: Node, world: Game) -> None:
        """One iteration on the determinization `world`: select, expand, roll out, back up."""
        rng, c = self.rng, self.exploration
        root_player = world.current
        node = root
        path = []
        while world.outcome is None:
            mover = world.current
            kids = node.kids[mover]
            actions = legal_actions(world)
            tried: list[tuple[Action, Node]] = []
            untried: list[Action] = []
            for a in actions:
                k = kids.get(a)
                if k is None:
                    untried.append(a)
                else:
                    tried.append((a, k))
            if untried:
                action = untried[rng.below(len(untried))]
                child = kids[action] = Node(mover)
                child.available = 1
                for _, k in tried:
                    k.available += 1
                push(world, action)
                path.append(child)
                break
            best_value = -1.0
            child, action = node, actions[0]
            for a, k in tried:
                k.available += 1
                visits = k.visits
                value = k.reward / visits + c * sqrt(log(k.available) / visits)
                if value > best_value:
                    best_value, child, action = value, k, a
            push(world, action)
            path.append(child)
            node = child
        rollout(world, rng, self.depth, root_player)
        first = evaluate(world, self.scale)
        for n in path:
            n.visits += 1
            n.reward += first if n.mover == 0 else 1.0 - first
