"""The search bot (PL-SHARED-5): information-set MCTS over determinized battles. Each
iteration samples a full battle consistent with the bot's view (`sample_state`), descends
a tree shared by all samples (UCB1 over the actions available in that sample), runs a short
random rollout and scores the position with a heuristic (glory, Flux Wells, control)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from marcomage.platform.bots import bot_rng
from marcomage.platform.protocol import Action, IllegalAction
from marcomage.platform.replay import canonical_json
from marcomage.platform.rng import Rng

from . import engine
from .cards import CARDS
from .combat import attack_of, hp
from .sight import board, building_reach, sees
from .state import (
    BATTLE,
    BUILDING_KIND,
    CREATURE_KIND,
    KEEP,
    Battle,
    Enchant,
    Figure,
    Options,
    Player,
)
from .tactics import greedy, ranked

ITERATIONS = 64
"""Default iterations per decision."""
ROLLOUT_DEPTH = 4
"""Random actions played after the tree before the position is scored."""
WIDTH = 6
"""Actions a node considers: the best by a one-step heuristic, and pass."""
PLANNED = 3
"""The greedy plan's best actions the root weighs beside the one-step score's."""
MARGIN = 0.03
"""How much better (in score) the search's pick must be than the greedy plan's to be
played instead: with the site's budgets a few rollouts are noisier than the plan."""
NOISE = 1.0
"""How much the greedy plan's values are shaken in a rollout, so that rollouts differ."""
EXPLORE = 0.7
PRIOR = 2
"""Visits the one-step score of a root action counts for before the search adds its own:
with the site's small budgets, it keeps a clear blow (a kill) from being lost to the noise
of a few random rollouts."""


def sample_state(view: Mapping[str, Any], rng: Rng) -> Battle:
    """A battle consistent with `view` (a seat's view in a round): own zones as seen, own
    deck reshuffled; the opponent's hand and deck drawn from a model army (the bot's own
    cards); figures the view does not show are taken to be absent."""
    me = int(view["you"])
    options = Options(**view["options"])
    model = [c for c in view["hand"] + view["deck"] + view["players"][me]["discard"]
             if not CARDS[c].basic] or ["far_rider"]
    players: list[Player] = []
    for seat, doc in enumerate(view["players"]):
        if seat == me:
            deck = list(view["deck"])
            rng.shuffle(deck)
            player = Player(list(view["hand"]), deck, list(view["external"]))
        else:
            hand = [model[rng.below(len(model))] for _ in range(doc["hand_size"])]
            deck = [model[rng.below(len(model))] for _ in range(doc["deck_size"])]
            basics = [c for c in CARDS if CARDS[c].basic]
            player = Player(hand, deck, [basics[rng.below(len(basics))]
                                         for _ in range(doc["external_size"])])
        player.discard = list(doc["discard"])
        player.flux, player.glory, player.cycled = doc["flux"], doc["glory"], doc["cycled"]
        player.kept = True
        players.append(player)
    figures: list[Figure | None] = [None] * len(view["map"]["spaces"])
    for f in view["figures"]:
        figures[f["space"]] = Figure(f["owner"], f["card"], f["kind"], f["dimmed"],
                                     f["damage"], f["progress"],
                                     [Enchant(e["owner"], e["card"], e["dimmed"])
                                      for e in f["enchantments"]],
                                     f.get("entrench", 0), f.get("hit", False),
                                     f.get("struck_ground", False))
    spaces: dict[int, list[Enchant]] = {}
    for e in view["space_enchantments"]:
        spaces.setdefault(e["space"], []).append(Enchant(e["owner"], e["card"], e["dimmed"]))
    state = Battle(options, players, Rng.from_seed((rng.next_u32() << 32) | rng.next_u32()),
                   figures, spaces, [Enchant(e["owner"], e["card"], e["dimmed"])
                                     for e in view["world"]], BATTLE, view["round"],
                   view["first"], view["turn"], view["passes"])
    state.revealed[me] = sorted(set(view["visible"]) | set(view.get("remembered", [])))
    state.corpses = {c["space"]: list(c["cards"]) for c in view.get("corpses", [])}
    state.ruins = {c["space"]: list(c["cards"]) for c in view.get("ruins", [])}
    return state


def score(state: Battle, seat: int) -> float:
    """The position for `seat` in [0, 1]: a won battle is 1; otherwise glory, wells held and
    reached, area of control, sight, flux, cards in hand, and the army on the map (each
    creature's cost, Attack and HP, more near a well; each building's HP), squashed."""
    out = state.outcome
    if out is not None:
        return 0.5 if not out.winners else 1.0 if seat in out.winners else 0.0
    value = 0.0
    hexes = board(state)
    wells = hexes.wells
    reaches = [building_reach(state, s) for s in range(2)]
    for s, sign in ((seat, 1.0), (1 - seat, -1.0)):
        p = state.players[s]
        reach = reaches[s]
        area = reach - reaches[1 - s]  # the area of control (sight.control), reused
        army = 0.0
        for space, f in enumerate(state.figures):
            if f is None or f.owner != s:
                continue
            if f.kind == CREATURE_KIND:
                # a fighting creature is worth its strength, more the nearer a well it stands
                near = min(hexes.distance[space][w] for w in wells)
                army += (CARDS[f.card].cost + 0.5 * attack_of(f) + 0.5 * hp(f)) * (
                    1.0 + 0.3 / (1 + near))
            elif f.kind == BUILDING_KIND:
                army += 0.5 * hp(f)
        value += sign * (1.5 * p.glory + 6.0 * sum(w in area for w in wells)
                         + 2.0 * sum(w in reach for w in wells)
                         + 0.3 * len(area) + 0.1 * len(sees(state, s))
                         + 0.2 * p.flux + 0.4 * len(p.hand) + army)
    return 0.5 + 0.5 * math.tanh(value / 20.0)


class _Node:
    __slots__ = ("children", "n", "w")

    def __init__(self) -> None:
        self.children: dict[str, _Node] = {}
        self.n = 0
        self.w = 0.0


def _key(action: Action) -> str:
    return canonical_json(action)


def _candidates(state: Battle, seat: int, legal: list[Action]) -> list[Action]:
    """The WIDTH best actions by the score one step ahead, and pass: casts, attacks and
    special actions, and the moves that end nearest a Flux Well or an enemy figure (at most
    MOVES_RATED of them, so a crowded map does not slow the search)."""
    if len(legal) <= WIDTH + 1:
        return legal
    rated: list[tuple[float, int, Action]] = []
    for index, action in enumerate(_worth_rating(state, seat, legal)):
        if action["type"] in ("cycle", "pass"):
            continue
        try:
            after, _ = engine.apply(state, seat, action)
        except IllegalAction:
            continue
        rated.append((score(after, seat), -index, action))
    rated.sort(reverse=True, key=lambda t: (t[0], t[1]))
    return [a for _, _, a in rated[:WIDTH]] + [{"type": "pass"}]


def _quick_candidates(state: Battle, seat: int, legal: list[Action]) -> list[Action]:
    """Below the root, WIDTH actions without looking ahead (the search is the judge there):
    attacks, special actions and casts first, then the moves nearest a goal, and pass."""
    if len(legal) <= WIDTH + 1:
        return legal
    order = {"attack": 0, "act": 1, "cast": 2, "move": 3}
    picked = sorted((a for a in _worth_rating(state, seat, legal) if a["type"] in order),
                    key=lambda a: order[a["type"]])
    return [*picked[:WIDTH], {"type": "pass"}]


MOVES_RATED = 8
"""Moves a node rates one step ahead (the nearest to a goal)."""


def _worth_rating(state: Battle, seat: int, legal: list[Action]) -> list[Action]:
    """Every legal action but the moves, and the MOVES_RATED moves ending nearest a goal: a
    Flux Well or a figure of the other side."""
    hexes = board(state)
    goals = list(hexes.wells) + [s for s, f in enumerate(state.figures)
                                 if f is not None and f.owner != seat]
    moves = [a for a in legal if a["type"] == "move"]
    moves.sort(key=lambda a: min(hexes.distance[a["to"]][g] for g in goals))
    return [a for a in legal if a["type"] != "move"] + moves[:MOVES_RATED]


class SearchBot:
    """IS-MCTS with heuristic leaves; `iterations` per decision."""

    name = "search"

    def __init__(self, seed: int | str = 0, iterations: int = ITERATIONS) -> None:
        self.rng = bot_rng(seed)
        self.iterations = iterations

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("There is no legal action to choose from.")
        if len(legal) == 1:
            return legal[0]
        if view["phase"] != BATTLE:
            return {"type": KEEP} if {"type": KEEP} in legal else legal[0]
        me = int(view["you"])
        root_state = sample_state(view, self.rng)
        if self.iterations <= 0:  # no search: the greedy plan alone (the lab's budget)
            return greedy(root_state, me, list(legal))
        allowed = {_key(a): a for a in _candidates(root_state, me, list(legal))}
        for _, action in ranked(root_state, me, list(legal))[:PLANNED]:
            allowed.setdefault(_key(action), action)  # the greedy plan's best are weighed too
        root = _Node()
        for key, action in allowed.items():  # the one-step score as a prior of PRIOR visits
            try:
                after, _ = engine.apply(root_state, me, action)
            except IllegalAction:
                continue
            child = root.children.setdefault(key, _Node())
            child.n, child.w = PRIOR, PRIOR * score(after, me)
        for _ in range(self.iterations):
            state = sample_state(view, self.rng)
            self._iterate(root, state, me, allowed)
        best = max(allowed, key=lambda k: (root.children[k].n if k in root.children else -1,
                                           root.children[k].w if k in root.children else 0))
        plan = greedy(root_state, me, list(legal))
        mean = {k: c.w / c.n for k, c in root.children.items() if c.n}
        if _key(plan) in mean and mean.get(best, 0.0) < mean[_key(plan)] + MARGIN:
            return plan  # the search overrules the plan only when it finds clearly better
        return allowed[best]

    def _iterate(self, root: _Node, state: Battle, me: int, allowed: dict[str, Action]
                 ) -> None:
        path = [(root, me)]
        node = root
        first = True
        while state.outcome is None:
            seat = min(engine.to_act(state))
            legal = engine.legal_actions(state, seat)
            options = ([a for a in legal if _key(a) in allowed] if first
                       else _quick_candidates(state, seat, legal))
            first = False
            if not options:
                break
            fresh = [a for a in options if _key(a) not in node.children]
            if fresh:
                action = fresh[self.rng.below(len(fresh))]
                child = node.children.setdefault(_key(action), _Node())
                state, _ = engine.apply(state, seat, action)
                path.append((child, seat))
                break
            total = math.log(sum(node.children[_key(a)].n for a in options) + 1)

            def ucb(a: Action, node: _Node = node, total: float = total) -> float:
                c = node.children[_key(a)]
                return c.w / c.n + EXPLORE * math.sqrt(total / c.n)
            action = max(options, key=ucb)
            node = node.children[_key(action)]
            state, _ = engine.apply(state, seat, action)
            path.append((node, seat))
        for _ in range(ROLLOUT_DEPTH):
            if state.outcome is not None:
                break
            seat = min(engine.to_act(state))
            legal = engine.legal_actions(state, seat)
            state, _ = engine.apply(state, seat, greedy(state, seat, legal, self.rng, NOISE))
        value = score(state, me)
        for visited, mover in path[1:]:
            visited.n += 1
            visited.w += value if mover == me else 1.0 - value
        root.n += 1
