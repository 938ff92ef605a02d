"""One game of a tournament, for any game system: its decks, its bots, and what it produced.

Game `i` of a run seeded `S` is seeded "S/i"; its decks draw from "S/i/decks" and the bot of
seat k from "S/i/k", so a game's result depends on nothing but the run's seed and its index
(the same on one process, a pool or a cluster). Every system, MArcomage included, plays
through the platform protocol with its own `random_deck` where it has one (else its starter
decks) and its platform bots; games of random bots only run in the ruleset's
`random_playout` where it has one (MArcomage's compiled loop: the lab's million games).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from marcomage.games import find_ruleset
from marcomage.platform.bots import BotFactory, bots_for, play_out
from marcomage.platform.protocol import DeckDoc, Ruleset, Side
from marcomage.platform.rng import Rng, seed_to_int

from .seating import seating

MARCOMAGE = "marcomage"
DRAW = -1
"""`winner` of a game without one (a draw or an abort)."""


@dataclass(frozen=True)
class Setup:
    """What every game of a run shares: the system, a bot per seat (a name, or a name with
    settings: "search:iterations=40"), the run's seed, and the decks (None: random decks,
    or the starter decks where a system has no generator); or, for a run of ready-made
    sides, the sides that `seating` puts on the seats game by game; and the game options
    (as JSON pairs)."""

    ruleset: str
    bots: tuple[str, ...]
    seed: str
    decks: tuple[DeckDoc, ...] | None = None
    sides: tuple[Side, ...] | None = None
    mirrors: bool = False
    options: tuple[tuple[str, Any], ...] = ()


@dataclass
class Chunk:
    """The results of games `start` .. `start + len(winner) - 1`, in index order, and how
    often each card was in a deck and in a winning deck (`cards`: card -> [decks, wins]).
    For a shared-pack game (`Ruleset.shared_pack`) the `measure` is "early": a card is
    counted for each seat that held it early (`Ruleset.cards_held_early`), not for each
    deck that held it, and `early` keeps every game's per-seat cards held early."""

    start: int
    first: list[int] = field(default_factory=list)
    winner: list[int] = field(default_factory=list)
    end_type: list[str] = field(default_factory=list)
    turns: list[int] = field(default_factory=list)
    rounds: list[int] = field(default_factory=list)
    decks: list[tuple[tuple[str, ...], ...]] = field(default_factory=list)
    seating: list[tuple[int, ...]] = field(default_factory=list)
    in_decks: Counter[str] = field(default_factory=Counter)
    in_winners: Counter[str] = field(default_factory=Counter)
    measure: str = "held"
    early: list[tuple[tuple[str, ...], ...]] = field(default_factory=list)

    def count(self, seat_cards: Sequence[Sequence[str]], winner: int) -> None:
        """Tally one game's decks, or the cards each seat held early (Counter.update counts
        in C: the lab's million games)."""
        for seat, cards in enumerate(seat_cards):
            held = set(cards)
            self.in_decks.update(held)
            if seat == winner:
                self.in_winners.update(held)

    @property
    def cards(self) -> dict[str, list[int]]:
        wins = self.in_winners
        return {card: [decks, wins[card]] for card, decks in self.in_decks.items()}


def game_seed(seed: str, index: int) -> str:
    return f"{seed}/{index}"


def deck_cards(deck: DeckDoc) -> tuple[str, ...]:
    """The card ids of a deck document, repeated as counted, as text."""
    entries = deck.get("entries", [])
    counts = [e["count"] for e in entries]
    if counts.count(1) == len(counts):  # the usual deck: each card once
        return tuple([str(e["card"]) for e in entries])
    return tuple(str(e["card"]) for e in entries for _ in range(e["count"]))


def _decks(ruleset: Ruleset, setup: Setup, rng: Rng) -> list[DeckDoc]:
    if setup.decks is not None:
        return list(setup.decks)
    return [ruleset.random_deck(rng) for _ in setup.bots]


def _play(ruleset: Ruleset, options: Any, makers: Sequence[BotFactory], setup: Setup,
          index: int, chunk: Chunk, keep_decks: bool) -> None:
    """One game through the platform protocol: seats in `to_act` move in seat order (all
    random bots: the ruleset's `random_playout`, the same game at once)."""
    seed = game_seed(setup.seed, index)
    bots = [make(seed_to_int(f"{seed}/{k}")) for k, make in enumerate(makers)]
    if setup.sides is not None:
        seated = seating(len(setup.sides), len(makers), setup.mirrors, setup.seed, index)
        chunk.seating.append(seated)
        sides = [setup.sides[k] for k in seated]
        decks = [side.deck for side in sides]
        state = ruleset.side_game(options, sides, seed_to_int(seed))
    else:
        decks = _decks(ruleset, setup, Rng.from_seed(f"{seed}/decks"))
        state = ruleset.new_game(options, decks, seed_to_int(seed))
    first = min(ruleset.to_act(state))
    events: list[dict[str, Any]] | None = [] if ruleset.shared_pack else None
    final, actions = play_out(ruleset, state, bots, events)
    outcome = ruleset.outcome(final)
    assert outcome is not None
    winner = outcome.winners[0] if outcome.result == "win" and len(outcome.winners) == 1 else DRAW
    cards = [deck_cards(d) for d in decks]
    early = None if events is None else tuple(ruleset.cards_held_early(state, events))
    _record(chunk, first, winner, outcome.end_type, actions, outcome.final_round, cards,
            keep_decks, early)


def _record(chunk: Chunk, first: int, winner: int, end_type: str, turns: int, rounds: int,
            cards: Sequence[tuple[str, ...]], keep_decks: bool,
            early: tuple[tuple[str, ...], ...] | None = None) -> None:
    """One game's result; its per-card tally from `early` in a shared-pack game."""
    chunk.first.append(first)
    chunk.winner.append(winner)
    chunk.end_type.append(end_type)
    chunk.turns.append(turns)
    chunk.rounds.append(rounds)
    if keep_decks:
        chunk.decks.append(tuple(cards))
    if early is None:
        chunk.count(cards, winner)
    else:
        chunk.measure = "early"
        chunk.early.append(early)
        chunk.count(early, winner)


def bot_makers(ruleset: Ruleset, specs: Sequence[str]) -> list[BotFactory]:
    """A factory per seat from "name" or "name:key=value[:key=value]", the values whole numbers
    (a bot's budget: "search:iterations=40"); an unknown bot or setting is refused."""
    available = bots_for(ruleset)
    makers: list[BotFactory] = []
    for spec in specs:
        name, _, settings = spec.partition(":")
        if name not in available:
            raise ValueError(f"{ruleset.name} has no bot {name!r}; choose from "
                             f"{', '.join(available)}.")
        params: dict[str, int] = {}
        for item in filter(None, settings.split(":")):
            key, _, value = item.partition("=")
            if not key.isidentifier() or not value.lstrip("-").isdigit():
                raise ValueError(f"bot setting {item!r} is not key=whole number.")
            params[key] = int(value)
        makers.append(_configured(available[name], params) if params else available[name])
    return makers


def _configured(make: BotFactory, params: dict[str, int]) -> BotFactory:
    def factory(seed: int) -> Any:
        try:
            return make(seed, **params)
        except TypeError as error:
            raise ValueError(f"the bot does not take {sorted(params)}: {error}") from None
    return factory


def play_chunk(setup: Setup, start: int, count: int, keep_decks: bool = False) -> Chunk:
    """Games `start` .. `start + count - 1` of the run, in order."""
    chunk = Chunk(start)
    ruleset = find_ruleset(setup.ruleset)
    makers = bot_makers(ruleset, setup.bots)
    options = ruleset.options_from_json(dict(setup.options))
    for index in range(start, start + count):
        _play(ruleset, options, makers, setup, index, chunk, keep_decks)
    return chunk
