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
from marcomage.platform.ruleset_base import RulesetBase

from . import awards
from .actions import GameNotInProgress, IllegalAction, action_from_json, action_to_json
from .bots import BOTS
from .cards import CARDS, COMMON, RARE, UNCOMMON, card_ids, implemented
from .deck import (
    DECK_SECTION,
    InvalidDeck,
    Tokens,
    auto_tokens,
    deck_entries,
    normalize_tokens,
    plain_sections,
    random_deck,
)
from .playout import random_playout
from .serialize import add_guest, from_json, player_to_json, to_json
from .start import new_game
from .state import HAND_SIZE, Deck, EndType, Game
from .state import Outcome as EngineOutcome
from .turn import legal_actions, push
from .view import outcome_json, platform_outcome
from .view import view as seat_view

SECTIONS = (("common", COMMON), ("uncommon", UNCOMMON), ("rare", RARE))
SECTION_NAMES = ("Common", "Uncommon", "Rare")

MAX_STEPS = 5000
"""A bound on accepted actions: the round cap of C-END-1 (250 turns) times 20, room for
the Quick and Swift chains that keep the move without ending the turn."""

COPIES = DeckLimits(max_copies=1)
"""C-DECK-1: each card once; the section sizes are MArcomage's own check."""

DECK_STREAM = 11
"""PCG32 stream that draws the random decks of a game seeded by a number (`random_decks`,
the site's computer opponent), apart from the game's own stream."""

_PLATFORM_ENDS: dict[str, EndType] = {
    "surrender": EndType.SURRENDER, "abort": EndType.ABORT, "abandon": EndType.ABANDON,
}


@dataclass(frozen=True, slots=True)
class Options:
    """The game modes chosen when a game is created (manual, "New game")."""

    hidden: bool = False
    friendly: bool = False


def chosen_tokens(deck: Mapping[str, Any]) -> Tokens | None:
    """The token keywords in `extra.tokens` (C-DECK-9), or None when the document names none
    (no `extra`, no `tokens` key, or null); anything malformed raises InvalidDeck."""
    extra = deck.get("extra")
    if extra is None:
        return None
    if type(extra) is not dict and not isinstance(extra, Mapping):
        raise InvalidDeck("A deck's 'extra' is an object such as {'tokens': [...]}.")
    chosen = extra.get("tokens")
    if chosen is None:
        return None
    if not isinstance(chosen, list) or [t for t in chosen if not isinstance(t, str)]:
        raise InvalidDeck("Tokens are a list of token keywords.")
    return normalize_tokens(chosen)


RARITY: tuple[int, ...] = tuple(card.rarity for card in CARDS)
"""Each card's rarity by id (a tuple reads faster than the compiled card's attribute)."""


def read_deck(deck: Mapping[str, Any]) -> tuple[list[Violation], list[list[int]]]:
    """One pass over a deck document: every reason it is not a standard MArcomage deck
    (C-DECK-1, C-DECK-9), and its cards sorted into Common, Uncommon and Rare sections in
    entry order (what `new_game` deals from once there is no reason).

    Codes: "entries" (not a list of {card, count}), "unknown-card", "copies" (a card more
    than once), "section-size" (not 15 of a rarity), "tokens". The balance lab deals a
    million games, so this is one loop with no abstract-class checks on plain dicts."""
    entries = deck.get("entries")
    plain = plain_sections(entries)
    if plain is not None:
        return _token_problems(deck), plain
    sections: list[list[int]] = [[], [], []]
    malformed = [Violation("entries", "A deck lists its cards as entries {card, count}.")]
    if not isinstance(entries, list):
        return malformed, sections
    for entry in entries:
        if (type(entry) is not dict and not isinstance(entry, Mapping)) or "card" not in entry:
            return malformed, sections
    problems: list[Violation] = []
    counts: dict[int, int] = {}
    rarity, known, total = RARITY, len(RARITY), 0
    for entry in entries:
        card_id, count = entry["card"], entry.get("count", 1)
        if type(card_id) is not int or not 0 < card_id < known:
            problems.append(Violation("unknown-card", f"There is no card {card_id!r}."))
            continue
        if type(count) is not int or count < 1:
            problems.append(Violation(
                "entries", f"{CARDS[card_id].name} has a count of {count!r}, not 1."))
            continue
        counts[card_id] = counts.get(card_id, 0) + count
        total += count
        if count == 1:
            sections[rarity[card_id]].append(card_id)
        else:
            sections[rarity[card_id]].extend([card_id] * count)
    if total != len(counts):  # some card more than once
        valid: DeckDoc = {"entries": [{"card": c, "count": n} for c, n in counts.items()]}
        problems += COPIES.check(valid, lambda card: CARDS[int(card)].name)
    for section, name in zip(sections, SECTION_NAMES, strict=True):
        if len(section) != DECK_SECTION:
            problems.append(Violation(
                "section-size", f"The {name} section holds {len(section)} cards, not 15."))
    return problems + _token_problems(deck), sections


def _token_problems(deck: Mapping[str, Any]) -> list[Violation]:
    try:
        chosen_tokens(deck)
    except InvalidDeck as problem:
        return [Violation("tokens", str(problem))]
    return []


def deck_violations(deck: Mapping[str, Any]) -> list[Violation]:
    """Every reason the deck is not a standard MArcomage deck (see `read_deck`)."""
    return read_deck(deck)[0]


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


def deck_doc(cards: Deck, name: str = "Random deck") -> DeckDoc:
    """The deck document of three sections of cards, with their automatic tokens
    (C-DECK-10) written out."""
    entries: list[DeckEntry] = deck_entries(cards)  # type: ignore[assignment]
    return {"game": MArcomage.id, "format": "standard", "name": name, "entries": entries,
            "extra": {"tokens": list(auto_tokens(cards))}}


def random_decks(seed: int | str, seats: int = 2) -> list[DeckDoc]:
    """The random decks of a game seeded `seed` (one per seat, drawn on `DECK_STREAM`): what
    `marcomage play`, `new` and `simulate` deal."""
    rng = Rng.from_seed(seed, stream=DECK_STREAM)
    return [RULESET.random_deck(rng) for _ in range(seats)]


@cache
def _starter_data() -> tuple[dict[str, Any], ...]:
    text = resources.files(__package__).joinpath("data/starter_decks.json").read_text("utf-8")
    return tuple(json.loads(text))


def _check_seat(seat: Any) -> int:
    if type(seat) is not int or seat not in (0, 1):
        raise ValueError(f"MArcomage seats are 0 and 1, not {seat!r}.")
    return seat


class MArcomage(FieldOptions, RulesetBase):
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
    cap_end_types = frozenset({EndType.TIMEOUT.value, EndType.DRAW.value})
    """The round cap of C-END-1 ends a game as a timeout, or as a draw when even (a draw by
    two victories at once is counted with them: the share is an upper bound)."""

    # -- options and decks ------------------------------------------------------------------

    def validate_deck(self, deck: DeckDoc, fmt: str = "standard") -> list[Violation]:
        """Why the deck cannot be played in `fmt`, or [] (C-DECK-1, C-DECK-9)."""
        return self._read_deck(deck, fmt)[0]

    def _read_deck(self, deck: DeckDoc, fmt: str = "standard"
                   ) -> tuple[list[Violation], list[list[int]]]:
        offered = offered_deck_violations(self.id, self.name, self.formats, deck, fmt)
        return (offered, []) if offered else read_deck(deck)

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
        decks_t: list[Deck] = []
        tokens: list[Tokens] = []
        for deck in decks:  # the plain case at once, anything else read to say what is wrong
            sections = (plain_sections(deck.get("entries")) if deck.get("game", self.id) == self.id
                        else None)
            if sections is None:
                problems, sections = self._read_deck(deck)
                if problems:
                    raise InvalidDeck(problems[0].message)
            cards = (tuple(sections[0]), tuple(sections[1]), tuple(sections[2]))
            chosen = chosen_tokens(deck)  # a malformed choice: the "tokens" violation's error
            decks_t.append(cards)
            tokens.append(auto_tokens(cards) if chosen is None else chosen)
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

        A seat's view is `view.view` (seats 0 and 1, the platform outcome {result, winners,
        end_type, final_round}); the replay view has "you": None and "players": [seat 0,
        seat 1] in place of "me" and "opponent"."""
        if viewer is None:
            return {
                "you": None,
                "round": state.round,
                "current": state.current,
                "your_turn": False,
                "state": "finished" if state.outcome is not None else "in progress",
                "outcome": outcome_json(state),
                "modes": {"hidden": state.hidden, "friendly": state.friendly},
                "players": [player_to_json(p, with_deck=False) for p in state.players],
            }
        return seat_view(state, _check_seat(viewer))

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

    def random_deck(self, rng: Rng) -> DeckDoc:
        """A random legal deck drawn from `rng`: 15 distinct cards of each rarity among
        those whose effects are implemented, with automatic tokens."""
        return deck_doc(random_deck(rng, deck_pool()))

    def random_playout(self, state: Game, rngs: Sequence[Rng]) -> tuple[Game, int]:
        """The game played to its end as the platform's random bots would play it, seat k
        drawing from `rngs[k]` (the same moves, the same end), in the compiled loop of
        `playout.py` that the balance lab's million games need; and the number of moves.
        `state` is left as it was."""
        if len(rngs) != 2:
            raise ValueError(f"MArcomage is played by 2, not {len(rngs)}.")
        after = state.clone()
        return after, random_playout(after, (rngs[0], rngs[1]))


RULESET = MArcomage()
