"""One game of a tournament, for any game system: its decks, its bots, and what it produced.

Game `i` of a run seeded `S` is seeded "S/i"; its decks draw from "S/i/decks" and the bot of
seat k from "S/i/k", so a game's result depends on nothing but the run's seed and its index
(the same on one process, a pool or a cluster). MArcomage games run on the engine directly
(random decks from the card pool by its deck rules, the engine's bots); every other system
goes through the platform protocol with its `random_deck` (by default a starter deck).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from marcomage.games import find_ruleset
from marcomage.platform.bots import make_bot as make_platform_bot
from marcomage.platform.protocol import DeckDoc, Ruleset
from marcomage.platform.rng import Rng, seed_to_int

MARCOMAGE = "marcomage"
DRAW = -1
"""`winner` of a game without one (a draw or an abort)."""


@dataclass(frozen=True)
class Setup:
    """What every game of a run shares: the system, a bot per seat, the run's seed, and
    the decks (None: random decks, or the starter decks where a system has no generator)."""

    ruleset: str
    bots: tuple[str, ...]
    seed: str
    decks: tuple[DeckDoc, ...] | None = None


@dataclass
class Chunk:
    """The results of games `start` .. `start + len(winner) - 1`, in index order, and how
    often each card was in a deck and in a winning deck (card -> [decks, wins])."""

    start: int
    first: list[int] = field(default_factory=list)
    winner: list[int] = field(default_factory=list)
    end_type: list[str] = field(default_factory=list)
    turns: list[int] = field(default_factory=list)
    rounds: list[int] = field(default_factory=list)
    decks: list[tuple[tuple[str, ...], ...]] = field(default_factory=list)
    cards: dict[str, list[int]] = field(default_factory=dict)

    def count(self, seat_cards: Sequence[Sequence[str]], winner: int) -> None:
        for seat, cards in enumerate(seat_cards):
            won = 1 if seat == winner else 0
            for card in set(cards):
                tally = self.cards.get(card)
                if tally is None:
                    self.cards[card] = [1, won]
                else:
                    tally[0] += 1
                    tally[1] += won


def game_seed(seed: str, index: int) -> str:
    return f"{seed}/{index}"


def deck_cards(deck: DeckDoc) -> tuple[str, ...]:
    """The card ids of a deck document, repeated as counted, as text."""
    return tuple(str(e["card"]) for e in deck.get("entries", []) for _ in range(e["count"]))


def _generic_decks(ruleset: Ruleset, setup: Setup, rng: Rng) -> list[DeckDoc]:
    if setup.decks is not None:
        return list(setup.decks)
    return [ruleset.random_deck(rng) for _ in setup.bots]


def _play_generic(setup: Setup, index: int, chunk: Chunk, keep_decks: bool) -> None:
    """One game through the platform protocol: seats in `to_act` move in seat order."""
    ruleset = find_ruleset(setup.ruleset)
    seed = game_seed(setup.seed, index)
    decks = _generic_decks(ruleset, setup, Rng.from_seed(f"{seed}/decks"))
    bots = [make_platform_bot(ruleset, name, seed_to_int(f"{seed}/{k}"))
            for k, name in enumerate(setup.bots)]
    state = ruleset.new_game(ruleset.options_from_json({}), decks, seed_to_int(seed))
    first = min(ruleset.to_act(state))
    actions = 0
    while (outcome := ruleset.outcome(state)) is None:
        if actions >= ruleset.max_steps:
            raise ValueError(f"{ruleset.name}: no outcome after {ruleset.max_steps} actions.")
        seat = min(ruleset.to_act(state))
        legal = ruleset.legal_actions(state, seat)
        state, _ = ruleset.apply(state, seat, bots[seat].choose(ruleset.view(state, seat), legal))
        actions += 1
    winner = outcome.winners[0] if outcome.result == "win" and len(outcome.winners) == 1 else DRAW
    cards = [deck_cards(d) for d in decks]
    _record(chunk, first, winner, outcome.end_type, actions, outcome.final_round, cards,
            keep_decks)


def _play_marcomage(setup: Setup, index: int, chunk: Chunk, keep_decks: bool,
                    bots: Sequence[Any]) -> None:
    """One MArcomage game on the engine: the lean loop the million-game run needs."""
    from marcomage.games.marcomage import (
        auto_tokens,
        new_game,
        push,
        random_deck,
        random_playout,
    )
    from marcomage.games.marcomage.bots import deck_pool
    from marcomage.games.marcomage.bots.random_bot import RandomBot

    seed = game_seed(setup.seed, index)
    if setup.decks is not None:
        ruleset = find_ruleset(MARCOMAGE)
        game = ruleset.new_game(ruleset.options_from_json({}), setup.decks, seed_to_int(seed))
    else:
        rng = Rng.from_seed(f"{seed}/decks")
        pool = deck_pool()
        d1, d2 = random_deck(rng, pool), random_deck(rng, pool)
        game = new_game(d1, d2, seed=seed, tokens1=auto_tokens(d1), tokens2=auto_tokens(d2))
    players = [make(f"{seed}/{k}") for k, make in enumerate(bots)]
    first = game.current
    turns = 0
    if all(type(p) is RandomBot for p in players):
        turns = random_playout(game, (players[0].rng, players[1].rng))
    else:
        while game.outcome is None:
            push(game, players[game.current].choose(game, game.current))
            turns += 1
    outcome = game.outcome
    winner = DRAW if outcome.winner is None else outcome.winner
    cards = [tuple(str(c) for section in p.deck for c in section) for p in game.players]
    _record(chunk, first, winner, str(outcome.end_type), turns, game.round, cards, keep_decks)


def _record(chunk: Chunk, first: int, winner: int, end_type: str, turns: int, rounds: int,
            cards: Sequence[tuple[str, ...]], keep_decks: bool) -> None:
    chunk.first.append(first)
    chunk.winner.append(winner)
    chunk.end_type.append(end_type)
    chunk.turns.append(turns)
    chunk.rounds.append(rounds)
    if keep_decks:
        chunk.decks.append(tuple(cards))
    chunk.count(cards, winner)


def play_chunk(setup: Setup, start: int, count: int, keep_decks: bool = False) -> Chunk:
    """Games `start` .. `start + count - 1` of the run, in order."""
    chunk = Chunk(start)
    if setup.ruleset == MARCOMAGE:
        from marcomage.games.marcomage.bots import BOTS

        unknown = [b for b in setup.bots if b not in BOTS]
        if unknown or len(setup.bots) != 2:
            raise ValueError(f"MArcomage takes two bots of {', '.join(BOTS)}, not {setup.bots}.")
        makers = [BOTS[name] for name in setup.bots]
        for index in range(start, start + count):
            _play_marcomage(setup, index, chunk, keep_decks, makers)
    else:
        for index in range(start, start + count):
            _play_generic(setup, index, chunk, keep_decks)
    return chunk
