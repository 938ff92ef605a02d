"""Bot-versus-bot games: random decks (from implemented cards where possible), auto
tokens, and a game played to its end."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

from .. import (
    Game,
    Rng,
    auto_tokens,
    implemented,
    new_game,
    push,
    random_deck,
    state_hash,
)
from ..cards import COMMON, RARE, UNCOMMON, card_ids
from ..deck import DECK_SECTION
from .bot import Bot
from .greedy import GreedyBot
from .mcts import MctsBot
from .random_bot import RandomBot

DECK_STREAM = 11
"""PCG32 stream that draws the random decks, apart from the game's own stream."""

BOTS: dict[str, Callable[[int | str], Bot]] = {
    "random": RandomBot, "greedy": GreedyBot, "mcts": MctsBot,
}
"""The bots by name, each built from a seed (the search bot with its default budget)."""

SEARCH_BOTS = frozenset({"mcts"})
"""The bots that take a search budget (`think`, `iterations`)."""


def make_bot(
    name: str, seed: int | str, *, think: float | None = None, iterations: int | None = None,
    cpu_clock: bool = False,
) -> Bot:
    """A bot by name ('random', 'greedy' or 'mcts') with its own generator seeded by
    `seed`; a search bot gets `think` seconds (of wall time, or of its process's CPU
    time with `cpu_clock`) and/or `iterations` per move; the other bots ignore them."""
    if name not in BOTS:
        raise ValueError(f"Unknown bot {name!r}; choose from {', '.join(BOTS)}.")
    if name in SEARCH_BOTS and (think is not None or iterations is not None):
        return MctsBot(seed, think=think, iterations=iterations, cpu_clock=cpu_clock)
    return BOTS[name](seed)


@cache
def deck_pool() -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Card ids per rarity to build random decks from: the cards whose effects are
    implemented when there are at least 15 of that rarity, else all of them."""
    sections = []
    for rarity in (COMMON, UNCOMMON, RARE):
        ids = card_ids(rarity)
        ready = tuple(c for c in ids if implemented(c))
        sections.append(ready if len(ready) >= DECK_SECTION else ids)
    return (sections[0], sections[1], sections[2])


def new_match(seed: int | str, *, hidden: bool = False, friendly: bool = False) -> Game:
    """A new game between two random decks with auto tokens; everything follows `seed`."""
    rng = Rng.from_seed(seed, stream=DECK_STREAM)
    deck1, deck2 = random_deck(rng, deck_pool()), random_deck(rng, deck_pool())
    return new_game(
        deck1, deck2, seed=seed, tokens1=auto_tokens(deck1), tokens2=auto_tokens(deck2),
        hidden=hidden, friendly=friendly,
    )


@dataclass(frozen=True, slots=True)
class MatchResult:
    """How a finished game ended; `winner` is 1 or 2, or 0 for a draw."""

    winner: int
    end_type: str
    rounds: int
    turns: int
    final_hash: str


def play_match(game: Game, bots: Sequence[Bot]) -> MatchResult:
    """Let `bots[0]` (player 1) and `bots[1]` (player 2) play `game` to its end, in place."""
    turns = 0
    while game.outcome is None:
        player = game.current
        push(game, bots[player].choose(game, player), player)
        turns += 1
    winner = game.outcome.winner
    return MatchResult(
        0 if winner is None else winner + 1, str(game.outcome.end_type), game.round, turns,
        state_hash(game),
    )
