"""The search bot: information-set Monte Carlo search with determinization (PL-SHARED-5).

It sees only its seat's view and legal actions. A cheap prior first: every root action is
tried once on one determinization and the position right after it judged by the heuristic;
only the best few (`width`) stay candidates. Then a fixed total of rollouts (`iterations`,
however many legal actions there are) is spread over them by UCB1: each deals a whole state
consistent with the view (`sample_state`) and plays on with a light weighted-random policy
for a bounded number of steps; a finished game scores 1 (won), 0 (lost) or 1/2 (draw), an
unfinished one a heuristic of the progress towards the win conditions (issue 33: the old
floor of 6 rollouts per legal action made a 4-seat game take minutes).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from marcomage.platform.bots import bot_rng
from marcomage.platform.rng import Rng

from . import decisions, engine, tabletop
from .cards import CARDS
from .state import GameState
from .view import Sampler

ITERATIONS = 16
"""Determinized rollouts per decision, in all (the site's levels set their own)."""
LAB_ITERATIONS = 2
"""The balance lab's budget (`--bots search:iterations=2,...`, issue 33): 200 games at each of
2, 3 and 4 seats take about 6.5 minutes of CPU (6 rollouts took about 3 times that, more than
this shared 2-core machine gives one helper in an hour), it still beats the random bot in 97%
of 200 games, and on 200 games of ruleset 6 it ranked the mages at 4 seats as 6 rollouts did
(docs/mage_wars.md). Since ruleset 10 the tables are played at 6 rollouts, which the lab's
speed work (`view.Sampler`, `victory.predicate`) made about twice as fast with the same
games."""
DEPTH = 40
"""Most steps a rollout plays; it stops earlier when the turn comes back to the searching
seat (a whole round), and the heuristic judges the position then."""
EXPLORATION = 0.7
HEALTH_RESERVE = 4
"""Health cards the search keeps: below this it does not consider using one (a prior that
prunes the root; death loses at once against two of the four sample mages)."""

def width(iterations: int) -> int:
    """Root candidates kept after the prior: enough that each gets about three rollouts."""
    return max(2, iterations // 3)


def _leaves(doc: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    if "and" in doc or "or" in doc:
        return [leaf for part in doc.get("and", doc.get("or", [])) for leaf in _leaves(part)]
    return [doc]


def hunted(view: Mapping[str, Any], seat: int) -> bool:
    """Does another mage in the game win by this seat's death (`destroy_everyone`, or
    `destroy_all` of its alignment)? Then its health cards are its life, not its cards."""
    cards = view["cards"]
    own = cards.get(str(view["players"][seat]["mage"]))
    if own is None:  # mages still being chosen
        return False
    mine = CARDS[own]
    for other, player in enumerate(view["players"]):
        theirs = cards.get(str(player["mage"]))
        if other == seat or player["left"] or theirs is None:
            continue
        for leaf in _leaves(CARDS[theirs].win):
            if leaf.get("destroy_everyone") or leaf.get("destroy_all") == mine.alignment:
                return True
            if leaf.get("rivals_fallen") and leaf.get("alignment",
                                                      mine.alignment) == mine.alignment:
                return True
    return False


def progress(doc: Mapping[str, Any], seat: int, state: GameState) -> float:
    """How near `seat` is to its win condition, 0 to 1 (the leaves of MW-WIN-2)."""
    if "and" in doc:
        return min(progress(p, seat, state) for p in doc["and"])
    if "or" in doc:
        return max(progress(p, seat, state) for p in doc["or"])
    if "structures_built" in doc:
        built = [tabletop.card_of(state, i) for i in state.built]
        count = sum(1 for card in built
                    if doc.get("alignment", card.alignment) == card.alignment
                    and doc.get("element", card.element) == card.element)
        return min(1.0, count / int(doc["structures_built"]))
    if "level_reached" in doc:
        return min(1.0, (state.players[seat].level - 1) / (int(doc["level_reached"]) - 1))
    if "pets_kept" in doc:  # pets and plants kept (MW-WIN-5); it read rivals' wounds before
        return min(1.0, len(state.players[seat].pets) / int(doc["pets_kept"]))
    others = [s for s, p in enumerate(state.players)
              if s != seat and (p.fallen or not p.left)]
    if "destroy_all" in doc or "alignment" in doc:
        wanted = doc.get("destroy_all", doc.get("alignment"))
        others = [s for s in others if tabletop.mage(state, s).alignment == wanted]
    if not others:
        return 0.0
    lost: list[float] = []
    for s in others:  # a fallen mage is destroyed; a dead one only on its way (MW-DEATH-5)
        player = state.players[s]
        mage = tabletop.mage(state, s)
        if player.fallen:
            lost.append(1.0)
            continue
        wound = 1 - len(player.health) / max(1, mage.health) if player.alive else 0.0
        lost.append(min(1.0, (player.deaths + wound) / (mage.resurrections + 1)))
    if "rivals_fallen" in doc:  # the nearest n rivals (MW-WIN-6)
        n = int(doc["rivals_fallen"])
        return sum(sorted(lost, reverse=True)[:n]) / n
    return sum(lost) / len(lost)


def standing(state: GameState, seat: int) -> float:
    """One seat's heuristic strength: progress, health, table presence and cards."""
    player = state.players[seat]
    if player.left:
        return 0.0
    mage = tabletop.mage(state, seat)
    value = 2.0 * progress(mage.win, seat, state)
    value += 2.0 * len(player.health) / max(1, mage.health) + 2.0 * player.alive
    value += 0.05 * (len(player.pets) + len(player.items) + len(player.armor))
    value += 0.02 * min(len(player.hand), 8)
    return value


def evaluate(state: GameState, seat: int) -> float:
    """The rollout's score for `seat`, 0 to 1."""
    outcome = state.outcome
    if outcome is not None:
        if outcome.result == "draw":
            return 0.5
        return 1.0 if seat in outcome.winners else 0.0
    mine = standing(state, seat)
    best = max((standing(state, s) for s in range(len(state.players)) if s != seat),
               default=0.0)
    return 1 / (1 + math.exp(-2.0 * (mine - best)))


WEIGHTS = {"resurrect": 40, "deflect": 40, "negate": 30, "claim": 20, "attack": 6,
           "target": 6, "use_once": 3, "keep": 6, "replace": 2, "contribute": 4, "pay": 4,
           "open": 3, "waive": 4, "play_challenge": 1, "end_turn": 2, "use_health": 0,
           "abandon": 0, "discard_pet": 0, "discard_item": 0, "cancel": 0, "draw_dead": 8,
           "drink": 4, "meddle": 5}
"""The rollout policy's weight of each action type (1 when unnamed); 0 only when others
exist."""
PRUNED = ("abandon", "discard_pet", "discard_item", "cancel")
"""Action types the search bot never weighs while it has others: they only throw away."""


def rollout_action(state: GameState, seat: int, rng: Rng) -> dict[str, Any]:
    """The rollout policy: a weighted random pick that favours resurrecting, answering
    curses with blessings, attacks and crafting, and avoids spending health cards."""
    legal = decisions.legal_actions(state, seat)
    lookup = WEIGHTS.get
    weights = [lookup(a["type"], 1) for a in legal]
    total = sum(weights)
    if total == 0:
        return legal[rng.below(len(legal))]
    pick = rng.below(total)
    for action, weight in zip(legal, weights, strict=True):
        pick -= weight
        if pick < 0:
            return action
    return legal[-1]  # pragma: no cover


class SearchBot:
    """IS-MCTS over determinizations with root statistics (the "search" bot)."""

    name = "search"

    def __init__(self, seed: int | str = 0, iterations: int = ITERATIONS,
                 depth: int = DEPTH) -> None:
        self.rng = bot_rng(seed)
        self.iterations = iterations
        self.depth = depth

    def choose(self, view: Mapping[str, Any], legal: Sequence[dict[str, Any]]
               ) -> dict[str, Any]:
        if not legal:
            raise ValueError("There is no legal action to choose from.")
        if len(legal) == 1:
            return legal[0]
        seat = int(view["you"])
        health = view["players"][seat]["health"] or []
        reserve = HEALTH_RESERVE if not hunted(view, seat) else len(health)
        kinds = {a["type"] for a in legal}
        for first in ("draw_dead", "resurrect", "deflect", "negate"):
            # a dead turn's free draws first, as when they were forced (MW-DEATH-2), then
            # back to life at once (a dead mage wins nothing); never suffer a curse that a
            # blessing can send on or cancel
            if first in kinds:
                return dict(next(a for a in legal if a["type"] == first))
        pruned = [a for a in legal if a["type"] not in PRUNED
                  and not (a["type"] == "use_health" and len(health) <= reserve)]
        legal = pruned or legal
        if len(legal) == 1:
            return dict(legal[0])
        sampler = Sampler(view)
        base = sampler.sample(self.rng)
        prior = [self._prior(base, seat, action) for action in legal]
        order = sorted(range(len(legal)), key=lambda i: (-prior[i],
                                                         -WEIGHTS.get(legal[i]["type"], 1), i))
        candidates = order[:width(self.iterations)]
        # the prior counts as one visit of each candidate, so a single rollout of bad luck
        # does not bury a move the position itself favours
        totals = [prior[i] for i in candidates]
        visits = [1] * len(candidates)
        for iteration in range(self.iterations):
            if iteration < len(candidates):
                pick = iteration
            else:
                log_n = math.log(iteration + len(candidates))
                pick = max(range(len(candidates)), key=lambda k: totals[k] / visits[k]
                           + EXPLORATION * math.sqrt(log_n / visits[k]))
            state = sampler.sample(self.rng)
            totals[pick] += self._rollout(state, seat, legal[candidates[pick]])
            visits[pick] += 1
        best = max(range(len(candidates)), key=lambda k: (totals[k] / visits[k], visits[k]))
        return dict(legal[candidates[best]])

    @staticmethod
    def _prior(base: GameState, seat: int, action: dict[str, Any]) -> float:
        """The heuristic's judgement of the position right after `action` on one
        determinization (no rollout): the cheap prior that picks the candidates."""
        state = base.clone()
        engine.perform(state, seat, dict(action))
        return evaluate(state, seat)

    def _rollout(self, state: GameState, seat: int, action: dict[str, Any]) -> float:
        engine.perform(state, seat, dict(action))
        left = state.active != seat
        for _ in range(self.depth):
            if state.outcome is not None:
                break
            if state.active != seat:
                left = True
            elif left:
                break
            actor = decisions.to_act(state)
            if actor is None:
                break
            engine.perform(state, actor, rollout_action(state, actor, self.rng))
        return evaluate(state, seat)
