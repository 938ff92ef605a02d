"""Elder Tale's carded duel behind the platform protocol (PL-PROTO, ELDERTALE.md).

Seats 0 and 1, or 3 to 6 in a group duel whose teams are the option `teams` (ET-GROUP).
Actions: {"type": "play", "card": iid}, {"type": "purge", "card": iid},
{"type": "confirm"} (end the defense: the exchange resolves) and {"type": "end_turn"}.
End types: "knockout" (ET-END-1), "round_limit" (ET-END-2), and the platform's
"surrender", "abort" and "abandon".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from marcomage.platform.bots import BotFactory
from marcomage.platform.decks import offered_deck_violations
from marcomage.platform.ending import PlatformEnds
from marcomage.platform.options import FieldOptions
from marcomage.platform.protocol import (
    ABANDON,
    SURRENDER,
    Action,
    DeckDoc,
    Event,
    Format,
    Outcome,
    Violation,
)
from marcomage.platform.rng import Rng
from marcomage.platform.ruleset_base import RulesetBase

from . import engine
from .bots import BOTS
from .cards import card_set
from .deck import FORMAT, character_deck, deck_cards, validate
from .state import OVER, Duel, Options, default_teams
from .view import resample_hidden, view

MAX_SEATS = 6
"""ET-GROUP-1: up to 3 versus 3."""
MAX_STEPS = 6 * MAX_SEATS * engine.ROUND_LIMIT
"""Each turn takes at most 3 plays or purges (each costs EN), a confirm and an end_turn."""


def card_events(before: Duel, seat: int, action: Action, fresh: list[dict[str, Any]]
                ) -> list[Event]:
    """The new log entries as events. The log names a card by its name for the board (and
    hides a Facedown card); an event names it by its card id, the key the statistics count
    uses by (issue 35: every Elder Tale card showed 0 plays). A Facedown card's play is a
    public event without the card and an event only its owner may see with it."""
    events: list[Event] = []
    acted = before.card(action["card"]) if action.get("type") in ("play", "purge") else None
    for entry in fresh:
        event: Event = {**entry, "visibility": "public"}
        if acted is not None and entry.get("type") == action["type"] and entry.get(
                "seat") == seat:
            if entry.get("card") is None:
                event.pop("card", None)
                events.append(event)
                event = {"type": entry["type"], "seat": seat, "card": acted.id,
                         "visibility": "owner"}
            else:
                event["card"] = acted.id
        elif entry.get("type") == "discarded":
            ids = [c.id for c in before.cards.values() if c.name == entry.get("card")]
            event["card"] = ids[0] if ids else entry.get("card")
        events.append(event)
    return events


class ElderTale(FieldOptions, PlatformEnds, RulesetBase):
    """The Elder Tale duel ruleset."""

    id = "elder_tale"
    name = "Elder Tale"
    version = 4
    """3 to 4 (issue 35, balance): Edge of Shadow is no longer Facedown and hits for 5 with
    Attack Up 2 and Thorn Bind 3 (was 6, Attack Up 1, Thorn Bind 2); Aren plays it again for
    a Stone Fist, and Sefa plays a second Wind Needles for a second Stormcaller's Verdict.
    2 to 3 (issue 35): exhaustion past round 10 (ET-END-3); six prebuilt characters;
    group duels of 3 to 6 seats in two teams, with targets and help to allies (ET-GROUP); a
    bound in hits on Thorns or Thorn Bind is honoured, each applying hit spending one
    (ET-XCH-5, ET-XCH-6).
    1 to 2: a deck's custom cards are Uncommon or Rare only, and decks that define one
    custom id two ways are refused (ET-SCOPE-1, ET-DECK-6); a Cursed card drawn in the draw
    step discards after the step's draws (ET-DUEL-13); a Facedown card retired at the end of
    an attack step stays hidden from the other seat until the next exchange (ET-DUEL-10);
    combat concept names are read ignoring letter case; Blind's leftover hits lapse when
    its bearer ends the turn without an attack (ET-DUEL-12)."""
    seats = range(2, MAX_SEATS + 1)
    formats: Mapping[str, Format] = MappingProxyType({FORMAT: Format(
        FORMAT, "Standard", "Three decks (Attack, Defense, Utility) of at least 10 cards; "
        "Uncommons up to 3 copies, Rares up to 2, each Epic once; legal custom cards only.")})
    options_type: type[Options] = Options
    max_steps = MAX_STEPS
    noun = "duel"

    def validate_deck(self, deck: DeckDoc, fmt: str = FORMAT) -> list[Violation]:
        return (offered_deck_violations(self.id, self.name, self.formats, deck, fmt)
                or validate(deck))

    def starter_decks(self) -> list[DeckDoc]:
        """The prebuilt characters of the card set, one deck document each (issue 35)."""
        return [character_deck(i) for i in range(len(card_set().characters))]

    def new_game(self, options: Options, decks: Sequence[DeckDoc], seed: int) -> Duel:
        teams = default_teams(len(decks)) if options.teams == "auto" else options.teams
        if len(decks) not in self.seats:
            raise ValueError(f"An Elder Tale duel is for 2 to {MAX_SEATS}, not {len(decks)}.")
        if len(teams) != len(decks):
            raise ValueError(f"The teams {teams!r} name {len(teams)} seats; this duel has "
                             f"{len(decks)} (ET-GROUP-1).")
        sides = []
        for deck in decks:
            problems = validate(deck)
            if problems:
                raise ValueError(problems[0].message)
            cards, piles, _ = deck_cards(deck)
            sides.append((cards, piles))
        return engine.new_game(sides, seed, [0 if t == "A" else 1 for t in teams])

    def resign(self, state: Duel, seat: int) -> Duel:
        """ET-GROUP-8: a seat that surrenders concedes for its team; the other team wins."""
        if type(seat) is not int or seat not in range(state.seats):
            raise ValueError(f"The seats are 0 to {state.seats - 1}, not {seat!r}.")
        after: Duel = self.end(state, SURRENDER, [s for s in range(state.seats)
                                                  if state.teams[s] != state.teams[seat]])
        return after

    def end(self, state: Duel, end_type: str, winners: Sequence[int]) -> Duel:
        """The platform's end; ET-GROUP-8 for an abandoned group duel ("Finish", C-GAME-14):
        the platform names the seats that waited as `winners`, so the seats it leaves out
        stopped moving, and their team loses: every seat of the other team wins (an ally of
        the quiet seat, who waited too, does not). Seats of both teams left out is refused."""
        if end_type == ABANDON and state.group and winners:
            quiet = {state.teams[s] for s in range(state.seats) if s not in winners}
            if len(quiet) > 1:
                raise ValueError("Seats of both teams stopped moving; finish names one team "
                                 "(ET-GROUP-8).")
            winners = [s for s in range(state.seats) if state.teams[s] not in quiet]
        after: Duel = super().end(state, end_type, winners)
        return after

    def to_act(self, state: Duel) -> frozenset[int]:
        return frozenset() if state.outcome is not None else frozenset((state.active,))

    def legal_actions(self, state: Duel, seat: int) -> list[Action]:
        return engine.legal_actions(state, seat)

    def apply(self, state: Duel, seat: int, action: Action) -> tuple[Duel, list[Event]]:
        after, fresh = engine.apply(state, seat, action)
        return after, card_events(state, seat, action, fresh)

    def view(self, state: Duel, viewer: int | None) -> dict[str, Any]:
        return view(state, viewer)

    def outcome(self, state: Duel) -> Outcome | None:
        return state.outcome

    def close(self, state: Duel, outcome: Outcome) -> None:
        state.step = OVER
        state.outcome = outcome

    def to_json(self, state: Duel) -> dict[str, Any]:
        return state.to_json()

    def from_json(self, doc: Mapping[str, Any]) -> Duel:
        return Duel.from_json(dict(doc))

    def resample_hidden(self, state: Duel, viewer: int | None, rng: Rng) -> Duel:
        return resample_hidden(state, viewer, rng)

    def bots(self) -> dict[str, BotFactory]:
        """The greedy and the search bot (the platform adds "random")."""
        return dict(BOTS)



RULESET = ElderTale()
