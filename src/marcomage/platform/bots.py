"""Bots (PL-SHARED-5): a bot sees only its seat's view and legal actions and draws from its
own random source, never the game's. Every ruleset gets the uniform "random" bot; a ruleset
adds its own through the protocol's optional `bots()` part, {name: seed -> Bot} (none by
default, `platform.ruleset_base`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from .protocol import Action, DeckDoc, Event, Ruleset, Seat, State
from .replay import Recorder
from .rng import Rng

BOT_STREAM = 7
"""PCG32 stream of the bots' generators, apart from the games' (stream 54), so that a bot and
a game seeded with the same number draw unrelated sequences."""


class Bot(Protocol):
    """A player that picks one of the legal actions from what its seat may see."""

    name: str

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        """One of `legal` (never empty), for the seat whose `view` this is."""
        ...


BotFactory = Callable[[int], Bot]
"""Builds a bot from a seed for its own generator."""


def bot_rng(seed: int | str) -> Rng:
    """A bot's own random source."""
    return Rng.from_seed(seed, stream=BOT_STREAM)


class RandomBot:
    """The baseline bot: a uniform pick among the legal actions with its own generator."""

    name = "random"

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = bot_rng(seed)

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("There is no legal action to choose from.")
        return legal[self.rng.below(len(legal))]


def bots_for(ruleset: Ruleset) -> dict[str, BotFactory]:
    """The bots that play `ruleset`, by name: "random" first, then the ruleset's own."""
    found: dict[str, BotFactory] = {"random": RandomBot}
    found.update(ruleset.bots())
    return found


def make_bot(ruleset: Ruleset, name: str, seed: int) -> Bot:
    """The bot `name` for `ruleset`, seeded; an unknown name raises ValueError listing them."""
    available = bots_for(ruleset)
    if name not in available:
        raise ValueError(f"{ruleset.name} has no bot {name!r}; choose from "
                         f"{', '.join(available)}.")
    return available[name](seed)


def bot_action(ruleset: Ruleset, state: State, seat: Seat, bot: Bot) -> Action:
    """What `bot` plays for `seat` now, from the seat's view and legal actions only; a bot
    that answers with anything else is a bug (ValueError)."""
    legal = ruleset.legal_actions(state, seat)
    if not legal:
        raise ValueError(f"Seat {seat} has nothing to decide now.")
    action = bot.choose(ruleset.view(state, seat), legal)
    if action not in legal:
        raise ValueError(f"The {bot.name} bot chose {action!r}, which is not legal.")
    return action


def play_out(ruleset: Ruleset, state: State, bots: Sequence[Bot],
             events: list[Event] | None = None) -> tuple[State, int]:
    """Play `state` to its end with `bots` (one per seat; the seats in `to_act` move in seat
    order) without recording it; the final state and the number of moves. When every bot is
    the random bot and no `events` are wanted, the ruleset's `random_playout` plays the same
    game (at once where the game has a fast one); given a list, every event of every move
    is appended to `events` (what `Ruleset.cards_held_early` reads). Stops with ValueError past
    the ruleset's `max_steps`."""
    randoms = [bot for bot in bots if type(bot) is RandomBot]
    if len(randoms) == len(bots) and events is None:
        return ruleset.random_playout(state, [bot.rng for bot in randoms])
    moves = 0
    while ruleset.outcome(state) is None:
        if moves >= ruleset.max_steps:
            raise ValueError(f"{ruleset.name}: no outcome after {ruleset.max_steps} actions.")
        seat = min(ruleset.to_act(state))
        state, happened = ruleset.apply(state, seat,
                                        bot_action(ruleset, state, seat, bots[seat]))
        if events is not None:
            events += happened
        moves += 1
    return state, moves


def play_game(ruleset: Ruleset, options: Any, decks: Sequence[DeckDoc], seed: int,
              bots: Sequence[Bot], seats: Sequence[str] | None = None) -> Recorder:
    """A whole game between `bots` (one per seat), recorded; the seats in `to_act` move in
    seat order. Stops with ValueError past the ruleset's `max_steps`."""
    if len(bots) != len(decks):
        raise ValueError(f"{len(decks)} decks but {len(bots)} bots.")
    recorder = Recorder(ruleset, options, decks, seed,
                        seats if seats is not None else [b.name for b in bots])
    while ruleset.outcome(recorder.state) is None:
        if len(recorder.steps) >= ruleset.max_steps:
            raise ValueError(f"{ruleset.name}: no outcome after {ruleset.max_steps} actions.")
        seat = min(ruleset.to_act(recorder.state))
        recorder.act(seat, bot_action(ruleset, recorder.state, seat, bots[seat]))
    return recorder
