"""Arcana's search bot (PL-SHARED-5): single-observer information-set MCTS. Each iteration
draws a state consistent with the bot's view (`sample_state`), walks a tree of actions
shared by all those states (UCB over the actions available in this draw), plays a short
random continuation and scores the position with a heuristic when the duel is not over."""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any

from marcomage.platform.bots import Bot, bot_rng
from marcomage.platform.rng import Rng

from . import engine, field
from .state import Game
from .view import sample_state

ITERATIONS = 48
"""Iterations per decision of the default search bot."""
ROLLOUT_STEPS = 24
"""Random actions played after leaving the tree before the position is scored."""
DECK_HORIZON = 8
"""Cards of each deck kept in a drawn state: more than a search sees drawn (a draw a
turn), so the rest, a guess anyway, is not copied in every iteration."""
SAMPLES = 8
"""Determinizations per decision: states drawn from the view, each searched by turns (a
clone per iteration), since drawing one costs far more than copying it."""
EXPLORATION = 0.7
"""UCB exploration constant."""
ROLLOUT_WEIGHTS = {"cancel": 1, "position": 2, "call_off": 2, "pass": 6, "next_phase": 6,
                   "end_turn": 6}
"""Rollout action weights out of 10 by type (others 10): random, but not wasting turns."""


def _key(action: Mapping[str, Any]) -> Hashable:
    """The action as a dictionary key: its sorted items (Arcana's action fields are plain
    numbers and strings), or its JSON text should a field ever hold a list."""
    try:
        key = tuple(sorted(action.items()))
        hash(key)
    except TypeError:
        return json.dumps(action, sort_keys=True, separators=(",", ":"))
    return key


class Node:
    """A tree node: the action that led here, who took it, and its statistics."""

    __slots__ = ("avail", "children", "reward", "seat", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.visits = 0
        self.avail = 0
        self.reward = 0.0
        self.children: dict[Hashable, Node] = {}


def evaluate(g: Game, seat: int) -> float:
    """How good the position is for `seat`, 0 to 1: HP first, then creatures on the field
    (power and toughness now), then cards in hand and set runes."""
    out = g.outcome
    if out is not None:
        if out.result == "draw" or not out.winners:
            return 0.5
        return 1.0 if seat in out.winners else 0.0
    score = 0.0
    for side, sign in ((seat, 1.0), (1 - seat, -1.0)):
        p = g.players[side]
        value = 2.5 * p.hp + 0.25 * len(p.hand)
        for c in p.creatures:
            if c is not None:
                value += 0.6 + 0.2 * (field.power(c) + field.toughness(c))
        value += 0.3 * sum(1 for r in p.runes if field.is_set_rune(r))
        score += sign * value
    return 1.0 / (1.0 + math.exp(-score / 6.0))


def rollout_choice(actions: Sequence[dict[str, Any]], rng: Rng) -> dict[str, Any]:
    weights = [ROLLOUT_WEIGHTS.get(a["type"], 10) for a in actions]
    pick = rng.below(sum(weights))
    for action, weight in zip(actions, weights, strict=True):
        if pick < weight:
            return action
        pick -= weight
    return actions[-1]


class SearchBot:
    """IS-MCTS from the seat's view: `iterations` per decision over `samples` states drawn
    from the view, each scored after `rollout_steps` rollout actions."""

    def __init__(self, seed: int = 0, iterations: int = ITERATIONS,
                 rollout_steps: int = ROLLOUT_STEPS, name: str = "search",
                 samples: int = SAMPLES) -> None:
        self.rng = bot_rng(seed)
        self.iterations = max(1, iterations)
        self.rollout_steps = max(0, rollout_steps)
        self.samples = max(1, min(samples, self.iterations))
        self.name = name

    def choose(self, view: Mapping[str, Any], legal: Sequence[dict[str, Any]]
               ) -> dict[str, Any]:
        if len(legal) == 1:
            return legal[0]
        seat = int(view["you"])
        root = Node(1 - seat)
        allowed = {_key(a) for a in legal}
        drawn = [sample_state(dict(view), self.rng, DECK_HORIZON) for _ in range(self.samples)]
        for i in range(self.iterations):
            self._iterate(drawn[i % self.samples].clone(), root, allowed)
        best = max((k for k in root.children if k in allowed),
                   key=lambda k: (root.children[k].visits, root.children[k].reward),
                   default=None)
        if best is None:
            return legal[0]
        return next(a for a in legal if _key(a) == best)

    def _iterate(self, g: Game, root: Node, allowed: set[Hashable]) -> None:
        path = [root]
        node = root
        first = True
        while g.outcome is None:
            seat = engine.deciding(g)
            actions = engine.legal_actions(g, seat)
            if first:
                actions = [a for a in actions if _key(a) in allowed] or actions
                first = False
            keys = [_key(a) for a in actions]
            untried = [i for i, k in enumerate(keys) if k not in node.children]
            for k in keys:
                if k in node.children:
                    node.children[k].avail += 1
            if untried:
                i = untried[self.rng.below(len(untried))]
                child = Node(seat)
                child.avail = 1
                node.children[keys[i]] = child
                engine.perform(g, seat, actions[i])
                path.append(child)
                break
            log_total = {k: math.log(max(1, node.children[k].avail)) for k in keys}
            best_i = max(range(len(keys)), key=lambda i: (
                node.children[keys[i]].reward / node.children[keys[i]].visits
                + EXPLORATION * math.sqrt(log_total[keys[i]] / node.children[keys[i]].visits)))
            node = node.children[keys[best_i]]
            engine.perform(g, seat, actions[best_i])
            path.append(node)
        for _ in range(self.rollout_steps):
            if g.outcome is not None:
                break
            seat = engine.deciding(g)
            engine.perform(g, seat, rollout_choice(engine.legal_actions(g, seat), self.rng))
        scores = (evaluate(g, 0), evaluate(g, 1))
        for n in path:
            n.visits += 1
            n.reward += scores[n.seat]


def _search(seed: int, iterations: int = ITERATIONS, rollout_steps: int = ROLLOUT_STEPS,
            samples: int = SAMPLES) -> Bot:
    return SearchBot(seed, iterations=iterations, rollout_steps=rollout_steps, samples=samples)


def _search_strong(seed: int) -> Bot:
    return SearchBot(seed, iterations=200, rollout_steps=40, name="search-strong")


LAB_BUDGET = {"iterations": 16, "rollout_steps": 0, "samples": 2}
"""The balance lab's budget (issue 34): a shallow search scored by `evaluate` at once, on two
drawn states, so that 200 games a pairing of the starter decks run in minutes on 2 cores."""


def _search_lab(seed: int) -> Bot:
    return SearchBot(seed, name="search-lab", **LAB_BUDGET)


BOTS: dict[str, Callable[[int], Bot]] = {"search": _search, "search-strong": _search_strong,
                                         "search-lab": _search_lab}
