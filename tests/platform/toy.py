"""Toy (test only): a three-seat card game that exercises what MArcomage does not, simultaneous
sealed decisions (PL-PROTO-3), and runs the platform's conformance suite and the site's
browser journeys.

Rules.
- Decks ("tiny" format): exactly 6 cards, each a value 1 to 9, at most 2 copies of a value.
- Setup: each seat's deck is shuffled by the game's generator and each seat draws 3 cards.
  A hand is seen by its owner only; deck order by nobody; hand and deck sizes are public.
- A trick has two phases.
  1. Bid (simultaneous): every seat bids one card of its hand, {"type": "bid", "slot": i}
     (i counts from 0). A bid is a sealed commitment: the bidder sees it, the others only
     see that the seat has bid. When the last bid arrives, all bids are revealed and
     resolved in seat order: the highest card takes the trick (on a tie the lowest seat,
     resolved first, keeps it) and the trick is worth the sum of the bids. Then every seat
     draws a card if its deck has one.
  2. Claim (the taker alone): {"type": "keep"} scores the trick, or {"type": "double"}
     flips the game's coin: twice the trick on heads, nothing on tails.
- The game ends after `tricks` tricks (the one option, 1 to 6, default 3), or when a hand
  is empty. The seats with the highest score win ("points"); if all three tie it is a draw.
- Surrender: the seat leaves and the other two win.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from marcomage.platform.decks import DeckLimits
from marcomage.platform.protocol import (
    SURRENDER,
    DeckDoc,
    Format,
    IllegalAction,
    Outcome,
    SeatAward,
    Violation,
    platform_end,
)
from marcomage.platform.rating import default_awards
from marcomage.platform.rng import Rng
from marcomage.platform.ruleset_base import RulesetBase

SEATS = 3
HAND = 3
LIMITS = DeckLimits(min_cards=6, max_cards=6, max_copies=2)
BID, CLAIM, OVER = "bid", "claim", "over"


@dataclass(frozen=True, slots=True)
class Options:
    """The toy's one option: how many tricks are played."""

    tricks: int = 3


@dataclass(slots=True)
class ToyState:
    """The whole game; `bids` holds the sealed commitments of the current trick."""

    tricks: int
    hands: list[list[int]]
    decks: list[list[int]]
    rng: Rng
    bids: list[int | None] = field(default_factory=lambda: [None] * SEATS)
    scores: list[int] = field(default_factory=lambda: [0] * SEATS)
    phase: str = BID
    trick: int = 0
    taker: int | None = None
    pot: int = 0
    last_trick: list[int] | None = None
    outcome: Outcome | None = None

    def clone(self) -> ToyState:
        return ToyState(self.tricks, copy.deepcopy(self.hands), copy.deepcopy(self.decks),
                        self.rng.clone(), self.bids[:], self.scores[:], self.phase,
                        self.trick, self.taker, self.pot,
                        None if self.last_trick is None else self.last_trick[:], self.outcome)


def _plain(action: Any) -> bool:
    """Only strings and true integers (not booleans) may appear in an action."""
    return isinstance(action, Mapping) and all(
        isinstance(k, str) and (type(v) is int or type(v) is str) for k, v in action.items())


class Toy(RulesetBase):
    """The test-only three-seat ruleset."""

    id = "toy"
    name = "Toy (test only)"
    version = 1
    seats = range(3, 4)
    formats: Mapping[str, Format] = MappingProxyType({"tiny": Format(
        "tiny", "Tiny", "Exactly 6 cards valued 1 to 9, at most 2 of a value.")})
    options_type: type[Options] = Options
    max_steps = 6 * (SEATS + 1)

    def options_from_json(self, doc: Mapping[str, Any]) -> Options:
        if not isinstance(doc, Mapping) or set(doc) - {"tricks"}:
            raise ValueError("The toy's only option is 'tricks'.")
        tricks = doc.get("tricks", 3)
        if type(tricks) is not int or not 1 <= tricks <= 6:
            raise ValueError(f"'tricks' is a whole number from 1 to 6, not {tricks!r}.")
        return Options(tricks)

    def options_to_json(self, options: Options) -> dict[str, Any]:
        return {"tricks": options.tricks}

    def validate_deck(self, deck: DeckDoc, fmt: str = "tiny") -> list[Violation]:
        if fmt not in self.formats:
            return [Violation("format", f"The toy has no deck format {fmt!r}.")]
        problems = [Violation("unknown-card", f"There is no card {e['card']!r}; cards are "
                                              "1 to 9.")
                    for e in deck.get("entries", [])
                    if type(e["card"]) is not int or not 1 <= e["card"] <= 9]
        return problems + LIMITS.check(deck)

    def starter_decks(self) -> list[DeckDoc]:
        def deck(name: str, cards: Sequence[int]) -> DeckDoc:
            return {"game": self.id, "format": "tiny", "name": name,
                    "entries": [{"card": c, "count": 1} for c in cards], "extra": {}}
        return [deck("low", [1, 2, 3, 4, 5, 6]), deck("middle", [2, 3, 4, 5, 6, 7]),
                deck("high", [3, 4, 5, 6, 8, 9])]

    def new_game(self, options: Options, decks: Sequence[DeckDoc], seed: int) -> ToyState:
        if len(decks) != SEATS:
            raise ValueError(f"The toy is played by {SEATS}, not {len(decks)}.")
        piles: list[list[int]] = []
        for deck in decks:
            problems = self.validate_deck(deck)
            if problems:
                raise ValueError(problems[0].message)
            piles.append([e["card"] for e in deck["entries"] for _ in range(e["count"])])
        rng = Rng.from_seed(seed)
        for pile in piles:  # Fisher-Yates with the game's generator
            for i in range(len(pile) - 1, 0, -1):
                j = rng.below(i + 1)
                pile[i], pile[j] = pile[j], pile[i]
        hands = [[int(c) for c in pile[:HAND]] for pile in piles]
        return ToyState(options.tricks, hands, [[int(c) for c in p[HAND:]] for p in piles], rng)

    def to_act(self, state: ToyState) -> frozenset[int]:
        if state.outcome is not None:
            return frozenset()
        if state.phase == CLAIM:
            assert state.taker is not None
            return frozenset((state.taker,))
        return frozenset(s for s in range(SEATS) if state.bids[s] is None)

    def legal_actions(self, state: ToyState, seat: int) -> list[dict[str, Any]]:
        if seat not in self.to_act(state):
            return []
        if state.phase == CLAIM:
            return [{"type": "keep"}, {"type": "double"}]
        return [{"type": "bid", "slot": i} for i in range(len(state.hands[seat]))]

    def apply(self, state: ToyState, seat: int, action: Mapping[str, Any]
              ) -> tuple[ToyState, list[dict[str, Any]]]:
        if not _plain(action) or action not in self.legal_actions(state, seat):
            raise IllegalAction(f"Seat {seat!r} cannot play {action!r} now.")
        after = state.clone()
        if action["type"] == "bid":
            card = after.hands[seat].pop(action["slot"])
            after.bids[seat] = card
            events = [{"type": "bid", "seat": seat, "card": card, "visibility": "owner"},
                      {"type": "bid-placed", "seat": seat, "visibility": "public"}]
            if all(b is not None for b in after.bids):
                events.append(self._reveal(after))
            return after, events
        assert after.taker is not None
        won = True
        if action["type"] == "double":
            won = after.rng.below(2) == 0
            after.scores[after.taker] += 2 * after.pot if won else 0
        else:
            after.scores[after.taker] += after.pot
        events = [{"type": action["type"], "seat": seat, "won": won, "visibility": "public"}]
        after.trick += 1
        after.taker, after.pot, after.phase = None, 0, BID
        if after.trick >= after.tricks or not all(after.hands):
            self._finish(after)
        return after, events

    @staticmethod
    def _reveal(state: ToyState) -> dict[str, Any]:
        """Resolve the sealed bids in seat order, then everyone draws (PL-PROTO-3)."""
        bids = [b for b in state.bids if b is not None]
        taker, best = 0, -1
        for seat, card in enumerate(bids):
            if card > best:
                taker, best = seat, card
        state.taker, state.pot, state.phase = taker, sum(bids), CLAIM
        state.last_trick, state.bids = bids, [None] * SEATS
        for hand, deck in zip(state.hands, state.decks, strict=True):
            if deck:
                hand.append(deck.pop(0))
        return {"type": "reveal", "bids": bids, "taker": taker, "visibility": "public"}

    @staticmethod
    def _finish(state: ToyState) -> None:
        top = max(state.scores)
        winners = tuple(s for s in range(SEATS) if state.scores[s] == top)
        draw = len(winners) == SEATS
        state.phase = OVER
        state.outcome = Outcome("draw" if draw else "win", () if draw else winners, "points",
                                state.trick)

    def view(self, state: ToyState, viewer: int | None) -> dict[str, Any]:
        doc: dict[str, Any] = {
            "you": viewer, "phase": state.phase, "trick": state.trick, "tricks": state.tricks,
            "to_act": sorted(self.to_act(state)), "scores": state.scores[:],
            "hand_sizes": [len(h) for h in state.hands],
            "deck_sizes": [len(d) for d in state.decks],
            "bid_placed": [b is not None for b in state.bids],
            "taker": state.taker, "pot": state.pot,
            "last_trick": None if state.last_trick is None else state.last_trick[:],
            "outcome": None if state.outcome is None else state.outcome.to_json(),
        }
        if viewer is None:
            doc["hands"] = copy.deepcopy(state.hands)
            doc["bids"] = state.bids[:]
        else:
            if viewer not in range(SEATS):
                raise ValueError(f"Toy seats are 0 to 2, not {viewer!r}.")
            doc["hand"] = state.hands[viewer][:]
            doc["my_bid"] = state.bids[viewer]
        return doc

    def outcome(self, state: ToyState) -> Outcome | None:
        return state.outcome

    def resign(self, state: ToyState, seat: int) -> ToyState:
        return self.end(state, SURRENDER, [s for s in range(SEATS) if s != seat])

    def end(self, state: ToyState, end_type: str, winners: Sequence[int]) -> ToyState:
        if state.outcome is not None:
            raise IllegalAction("The game is already over.")
        after = state.clone()
        after.phase = OVER
        after.outcome = platform_end(end_type, winners, state.trick)
        return after

    def awards(self, state: ToyState, levels: Sequence[int], friendly: bool,
               last: tuple[int, Mapping[str, Any]] | None) -> list[SeatAward]:
        if state.outcome is None:
            raise ValueError("The game is not finished.")
        return default_awards(state.outcome, levels, friendly)

    def to_json(self, state: ToyState) -> dict[str, Any]:
        return {"format": "toy", "version": 1, "tricks": state.tricks,
                "hands": copy.deepcopy(state.hands), "decks": copy.deepcopy(state.decks),
                "rng": state.rng.to_json(), "bids": state.bids[:], "scores": state.scores[:],
                "phase": state.phase, "trick": state.trick, "taker": state.taker,
                "pot": state.pot, "last_trick": state.last_trick,
                "outcome": None if state.outcome is None else state.outcome.to_json()}

    def from_json(self, doc: Mapping[str, Any]) -> ToyState:
        if doc.get("format") != "toy" or doc.get("version") != 1:
            raise ValueError("Not a toy game state.")
        return ToyState(
            int(doc["tricks"]), [list(h) for h in doc["hands"]], [list(d) for d in doc["decks"]],
            Rng.from_json(doc["rng"]), list(doc["bids"]), list(doc["scores"]), doc["phase"],
            int(doc["trick"]), doc["taker"], int(doc["pot"]),
            None if doc["last_trick"] is None else list(doc["last_trick"]),
            None if doc["outcome"] is None else Outcome.from_json(doc["outcome"]))

    def resample_hidden(self, state: ToyState, viewer: int | None, rng: Rng) -> ToyState:
        """What `viewer` cannot see drawn anew: every deck's order, and the other seats'
        hands and sealed bids redealt from their own cards (sizes kept)."""
        after = state.clone()
        for seat in range(SEATS):
            if viewer is None or seat == viewer:
                _shuffle(after.decks[seat], rng)
                continue
            bid = after.bids[seat]
            pool = after.hands[seat] + after.decks[seat] + ([] if bid is None else [bid])
            _shuffle(pool, rng)
            sizes = len(after.hands[seat]), len(after.decks[seat])
            after.hands[seat] = pool[:sizes[0]]
            after.decks[seat] = pool[sizes[0]:sizes[0] + sizes[1]]
            if bid is not None:
                after.bids[seat] = pool[-1]
        after.rng = Rng.from_seed((rng.next_u32() << 32) | rng.next_u32())
        return after


def _shuffle(items: list[int], rng: Rng) -> None:
    for i in range(len(items) - 1, 0, -1):
        j = rng.below(i + 1)
        items[i], items[j] = items[j], items[i]


RULESET = Toy()
