"""MArcomage behind the platform protocol (PL-PROTO, PL-MA): the public face that the
lobby, game page, replays, AI and statistics use without knowing the rules.

Seats are 0 and 1. Actions are JSON objects: {"type": "play", "pos": 1..8, "mode": m}
or {"type": "discard", "pos": 1..8}. End types are the engine's in lower case:
"destruction", "construction", "resource", "timeout", "draw", and the platform's
"surrender", "abort" and "abandon".
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import Any

from marcomage.platform.bots import Bot
from marcomage.platform.decks import DeckLimits, offered_deck_violations
from marcomage.platform.ending import other_seat
from marcomage.platform.options import FieldOptions
from marcomage.platform.protocol import (
    SURRENDER,
    DeckDoc,
    DeckEntry,
    Format,
    Outcome,
    SeatAward,
    Violation,
)
from marcomage.platform.rng import Rng

from . import awards
from .actions import GameNotInProgress, IllegalAction, action_from_json, action_to_json
from .bots.view_bot import BOTS
from .cards import CARDS, COMMON, RARE, UNCOMMON
from .deck import DECK_SECTION, InvalidDeck, Tokens, auto_tokens, normalize_tokens, random_deck
from .serialize import add_guest, from_json, player_to_json, to_json
from .start import new_game
from .state import HAND_SIZE, Deck, EndType, Game
from .state import Outcome as EngineOutcome
from .turn import legal_actions, push
from .view import view as engine_view

SECTIONS = (("common", COMMON), ("uncommon", UNCOMMON), ("rare", RARE))
SECTION_NAMES = ("Common", "Uncommon", "Rare")

MAX_STEPS = 5000
"""A bound on accepted actions: the round cap of C-END-1 (250 turns) times 20, room for
the Quick and Swift chains that keep the move without ending the turn."""

COPIES = DeckLimits(max_copies=1)
"""C-DECK-1: each card once; the section sizes are MArcomage's own check."""

_PLATFORM_ENDS: dict[str, EndType] = {
    "surrender": EndType.SURRENDER, "abort": EndType.ABORT, "abandon": EndType.ABANDON,
}


@dataclass(frozen=True, slots=True)
class Options:
    """The game modes chosen when a game is created (manual, "New game")."""

    hidden: bool = False
    friendly: bool = False


def end_type_id(end_type: EndType) -> str:
    """The platform's name of an engine end type ("Destruction" -> "destruction")."""
    return end_type.value.lower()


def deck_sections(deck: Mapping[str, Any]) -> list[list[int]]:
    """A deck document's cards sorted into Common, Uncommon and Rare sections, in entry order.

    The platform deck is {"entries": [{"card": id, "count": 1}, ...], "extra": {"tokens": [...]}};
    a card that does not exist raises InvalidDeck."""
    sections: list[list[int]] = [[], [], []]
    for entry in deck.get("entries", []):
        card_id, count = entry["card"], entry.get("count", 1)
        if type(card_id) is not int or not 0 < card_id < len(CARDS):
            raise InvalidDeck(f"There is no card {card_id!r}.")
        if type(count) is not int or count < 0:
            raise InvalidDeck(f"Card {card_id} has a bad count {count!r}.")
        sections[CARDS[card_id].rarity].extend([card_id] * count)
    return sections


def chosen_tokens(deck: Mapping[str, Any]) -> Tokens | None:
    """The token keywords in `extra.tokens` (C-DECK-9), or None when the document names none
    (no `extra`, no `tokens` key, or null); anything malformed raises InvalidDeck."""
    extra = deck.get("extra")
    if extra is None:
        return None
    if not isinstance(extra, Mapping):
        raise InvalidDeck("A deck's 'extra' is an object such as {'tokens': [...]}.")
    chosen = extra.get("tokens")
    if chosen is None:
        return None
    if not isinstance(chosen, list) or not all(isinstance(t, str) for t in chosen):
        raise InvalidDeck("Tokens are a list of token keywords.")
    return normalize_tokens(chosen)


def deck_tokens(deck: Mapping[str, Any], cards: Deck) -> Tokens:
    """The deck's token keywords as chosen (C-DECK-9), or "Auto" (C-DECK-10) when the
    document names none."""
    chosen = chosen_tokens(deck)
    return auto_tokens(cards) if chosen is None else chosen


def deck_violations(deck: Mapping[str, Any]) -> list[Violation]:
    """Every reason the deck is not a standard MArcomage deck (C-DECK-1, C-DECK-9).

    Codes: "entries" (not a list of {card, count}), "unknown-card", "copies" (a card more
    than once), "section-size" (not 15 of a rarity), "tokens"."""
    entries = deck.get("entries")
    if not isinstance(entries, list) or not all(
            isinstance(e, Mapping) and "card" in e for e in entries):
        return [Violation("entries", "A deck lists its cards as entries {card, count}.")]
    problems: list[Violation] = []
    counts: dict[int, int] = {}
    for entry in entries:
        card_id, count = entry["card"], entry.get("count", 1)
        if type(card_id) is not int or not 0 < card_id < len(CARDS):
            problems.append(Violation("unknown-card", f"There is no card {card_id!r}."))
            continue
        if type(count) is not int or count < 1:
            problems.append(Violation(
                "entries", f"{CARDS[card_id].name} has a count of {count!r}, not 1."))
            continue
        counts[card_id] = counts.get(card_id, 0) + count
    valid: DeckDoc = {"entries": [{"card": c, "count": n} for c, n in counts.items()]}
    problems += COPIES.check(valid, lambda card: CARDS[int(card)].name)
    sizes = [0, 0, 0]
    for card_id, count in counts.items():
        sizes[CARDS[card_id].rarity] += count
    for rarity, name in enumerate(SECTION_NAMES):
        if sizes[rarity] != DECK_SECTION:
            problems.append(Violation(
                "section-size", f"The {name} section holds {sizes[rarity]} cards, not 15."))
    try:
        chosen_tokens(deck)
    except InvalidDeck as problem:
        problems.append(Violation("tokens", str(problem)))
    return problems


@cache
def _starter_data() -> tuple[dict[str, Any], ...]:
    text = resources.files(__package__).joinpath("data/starter_decks.json").read_text("utf-8")
    return tuple(json.loads(text))


def _check_seat(seat: Any) -> int:
    if type(seat) is not int or seat not in (0, 1):
        raise ValueError(f"MArcomage seats are 0 and 1, not {seat!r}.")
    return seat


def platform_outcome(state: Game) -> Outcome | None:
    """The platform outcome of an engine game (winners 0-based, end type in lower case)."""
    out = state.outcome
    if out is None:
        return None
    aborted = out.end_type is EndType.ABORT
    result = "none" if aborted else "draw" if out.winner is None else "win"
    winners = () if out.winner is None else (out.winner,)
    return Outcome(result, winners, end_type_id(out.end_type), state.round)


def _outcome_json(state: Game) -> dict[str, Any] | None:
    out = platform_outcome(state)
    return None if out is None else out.to_json()


class MArcomage(FieldOptions):
    """The MArcomage ruleset (PL-PROTO, PL-MA)."""

    id = "marcomage"
    name = "MArcomage"
    version = 2
    """2: the cards of chance follow C-FX-12..17 (games of version 1 replay as stale)."""
    seats = range(2, 3)
    formats: Mapping[str, Format] = MappingProxyType({"standard": Format(
        "standard", "Standard",
        "15 distinct Common, 15 Uncommon and 15 Rare cards, and up to 3 token keywords.")})
    options_type: type[Options] = Options
    max_steps = MAX_STEPS

    # -- options and decks ------------------------------------------------------------------

    def validate_deck(self, deck: DeckDoc, fmt: str = "standard") -> list[Violation]:
        """Why the deck cannot be played in `fmt`, or [] (C-DECK-1, C-DECK-9)."""
        return (offered_deck_violations(self.id, self.name, self.formats, deck, fmt)
                or deck_violations(deck))

    def starter_decks(self) -> list[DeckDoc]:
        """The three starter decks a new player gets (C-DECK-11), in order, as "deck 1" to
        "deck 3", without token keywords."""
        decks: list[DeckDoc] = []
        for data in _starter_data():
            entries: list[DeckEntry] = [
                {"card": card, "count": 1} for section, _ in SECTIONS for card in data[section]]
            decks.append({"game": self.id, "format": "standard", "name": data["name"],
                          "entries": entries, "extra": {"tokens": list(data["tokens"])}})
        return decks

    # -- playing ----------------------------------------------------------------------------

    def new_game(self, options: Options, decks: Sequence[DeckDoc], seed: int) -> Game:
        """A new duel; a deck that is not valid raises InvalidDeck (a ValueError)."""
        if len(decks) != 2:
            raise ValueError(f"MArcomage is played by 2, not {len(decks)}.")
        for deck in decks:
            problems = self.validate_deck(deck)
            if problems:
                raise InvalidDeck(problems[0].message)
        cards = [deck_sections(d) for d in decks]
        decks_t = [(tuple(c[0]), tuple(c[1]), tuple(c[2])) for c in cards]
        tokens = [deck_tokens(d, c) for d, c in zip(decks, decks_t, strict=True)]
        game = new_game(decks_t[0], decks_t[1], seed=seed, tokens1=tokens[0],
                        tokens2=tokens[1], hidden=options.hidden, friendly=options.friendly)
        for seat, deck in enumerate(decks):  # guest cards: concepts tried in this game
            extra = deck.get("extra") or {}
            for doc in extra.get("guests", ()) if isinstance(extra, Mapping) else ():
                if int(doc["id"]) not in decks_t[seat][0] + decks_t[seat][1] + decks_t[seat][2]:
                    raise InvalidDeck(f"A guest card stands in for card {doc['id']}, which is "
                                      "not in the deck.")
                add_guest(game, seat, dict(doc))
        return game

    def to_act(self, state: Game) -> frozenset[int]:
        return frozenset() if state.outcome is not None else frozenset((state.current,))

    def legal_actions(self, state: Game, seat: int) -> list[dict[str, Any]]:
        if state.outcome is not None or seat != state.current:
            return []
        return [action_to_json(a) for a in legal_actions(state)]

    action_to_json = staticmethod(action_to_json)
    action_from_json = staticmethod(action_from_json)

    def apply(
        self, state: Game, seat: int, action: Mapping[str, Any]
    ) -> tuple[Game, list[dict[str, Any]]]:
        """The state after `seat` plays `action`, and its public event; a refusal raises
        IllegalAction and leaves `state` unchanged (C-TURN-17, PL-PROTO-5)."""
        if type(seat) is not int or seat not in (0, 1):
            raise IllegalAction(f"There is no seat {seat!r}.")
        move = action_from_json(action)
        after = state.clone()
        push(after, move, seat)
        card = state.players[seat].hand[move.pos - 1]
        event = {"type": move.kind, "seat": seat, "pos": move.pos, "card": card,
                 "mode": move.mode, "visibility": "public"}
        return after, [event]

    def view(self, state: Game, viewer: int | None) -> dict[str, Any]:
        """What `viewer` (0 or 1) may see (C-FLAG-6); None is the replay view: both hands
        and everything else except the decks (PL-VIEW-4).

        The engine's view with 0-based "you" and "current" and the platform outcome
        ({result, winners, end_type, final_round}); the replay view has "you": None and
        "players": [seat 0, seat 1] in place of "me" and "opponent"."""
        if viewer is None:
            return {
                "you": None,
                "round": state.round,
                "current": state.current,
                "your_turn": False,
                "state": "finished" if state.outcome is not None else "in progress",
                "outcome": _outcome_json(state),
                "modes": {"hidden": state.hidden, "friendly": state.friendly},
                "players": [player_to_json(p, with_deck=False) for p in state.players],
            }
        doc = engine_view(state, _check_seat(viewer))
        doc["you"] = viewer
        doc["current"] = state.current
        doc["outcome"] = _outcome_json(state)
        return doc

    def outcome(self, state: Game) -> Outcome | None:
        return platform_outcome(state)

    def resign(self, state: Game, seat: int) -> Game:
        """Surrender by `seat`: the other seat wins (PL-PROTO-8)."""
        return self.end(state, SURRENDER, (other_seat(seat),))

    def end(self, state: Game, end_type: str, winners: Sequence[int]) -> Game:
        """The game ended from outside (C-END-6): "abort" with no winner, "surrender" or
        "abandon" with one. A finished game raises IllegalAction; bad arguments ValueError."""
        if state.outcome is not None:
            raise GameNotInProgress("The game is already over.")
        kind = _PLATFORM_ENDS.get(end_type)
        if kind is None:
            raise ValueError(f"{end_type!r} is not an end type the platform decides; "
                             f"use one of {', '.join(_PLATFORM_ENDS)}.")
        if kind is EndType.ABORT:
            if winners:
                raise ValueError("An aborted game has no winner.")
            winner = None
        else:
            if len(winners) != 1:
                raise ValueError(f"{end_type!r} needs exactly one winner.")
            winner = _check_seat(winners[0])
        after = state.clone()
        after.outcome = EngineOutcome(winner, kind)
        return after

    def awards(self, state: Game, levels: Sequence[int], friendly: bool,
               last: tuple[int, Mapping[str, Any]] | None) -> list[SeatAward]:
        """Each seat's four-phase EXP (C-EXP-3 to C-EXP-13), with {"rating": ...} in the
        details; friendly and aborted games give 0 and no rating (C-GAME-10, C-GAME-12).

        `last` is the final accepted action (seat, action JSON), needed when the rules
        ended the game."""
        out = state.outcome
        if out is None:
            raise ValueError("The game is not finished.")
        if len(levels) != 2:
            raise ValueError("MArcomage needs the levels of both seats.")
        if out.end_type is EndType.ABORT:
            return [SeatAward("none", 0), SeatAward("none", 0)]
        results = [str(awards.result_for(out, seat)) for seat in (0, 1)]
        if friendly or state.friendly:
            return [SeatAward(r, 0) for r in results]
        final = None if last is None else awards.FinalTurn(last[0], action_from_json(last[1]))
        ratings = awards.rate_game(state, (levels[0], levels[1]), final)
        assert ratings is not None
        return [SeatAward(r, rating.gain, {"rating": rating.to_json()})
                for r, rating in zip(results, ratings, strict=True)]

    # -- serialisation, hidden zones, bots ----------------------------------------------------

    def to_json(self, state: Game) -> dict[str, Any]:
        return to_json(state)

    def from_json(self, doc: Mapping[str, Any]) -> Game:
        return from_json(dict(doc))

    def resample_hidden(self, state: Game, viewer: int | None, rng: Rng) -> Game:
        """A copy of `state` with what `viewer` cannot see drawn anew from `rng`: the
        opponent's deck (both decks for the replay view), the opponent's unrevealed hand
        slots in hidden-cards mode while the game runs, and the game's random source."""
        after = state.clone()
        others = (0, 1) if viewer is None else (1 - _check_seat(viewer),)
        for seat in others:
            p = after.players[seat]
            p.deck = random_deck(rng)
            if viewer is not None and state.hidden and state.outcome is None:
                for slot in range(HAND_SIZE):
                    if not p.revealed[slot]:
                        section = p.deck[rng.below(3)]
                        p.hand[slot] = section[rng.below(len(section))]
        after.rng = Rng.from_seed((rng.next_u32() << 32) | rng.next_u32())
        return after

    def bots(self) -> Mapping[str, Callable[[int], Bot]]:
        """MArcomage's greedy and MCTS bots, playing from the view (PL-SHARED-5)."""
        return BOTS


RULESET = MArcomage()
