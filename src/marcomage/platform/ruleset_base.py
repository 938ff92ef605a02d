"""The defaults of the protocol's optional parts (`platform.protocol.Ruleset`), in one
place: a game system's ruleset class derives from `RulesetBase` and overrides only the
parts it has, so that the site, the bots, the lab and the conformance suite call every
part of the protocol without probing for it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .protocol import DeckDoc, Event, RulesetCore, Seat, Side, State
from .rng import Rng

if TYPE_CHECKING:
    from .bots import BotFactory


class RulesetBase:
    """Mixin with the optional parts' defaults; each method names its own default."""

    hides_information: bool = True
    """Most card games hide hands and decks; a game of perfect information says False."""

    cap_end_types: frozenset[str] = frozenset({"round_limit"})
    """The usual name of a round cap's ending."""

    shared_pack: bool = False
    """The lab counts the cards of each seat's deck; a shared-pack game says True and
    defines `cards_held_early`."""

    def cards_held_early(self, start: State, events: Sequence[Event]
                         ) -> list[tuple[str, ...]]:
        """No per-seat measure: the lab reads it only where `shared_pack` is True."""
        raise NotImplementedError("This game does not say which cards a seat held early.")

    def sides(self: RulesetCore) -> list[Side]:
        """The starter decks, named as their documents name them (else "Deck k")."""
        return [Side(deck.get("name") or f"Deck {k + 1}", deck)
                for k, deck in enumerate(self.starter_decks())]

    def side_game(self: RulesetCore, options: Any, sides: Sequence[Side], seed: int) -> State:
        """Each side's deck on its seat."""
        return self.new_game(options, [side.deck for side in sides], seed)

    def bots(self) -> Mapping[str, BotFactory]:
        """No bots of the game's own: the platform's random bot plays it."""
        return {}

    def resample_hidden(self: RulesetCore, state: State, viewer: Seat | None,
                        rng: Rng) -> State:
        """Nothing hidden to draw anew: a copy of the state (through its JSON), right for a
        game of perfect information (`hides_information = False`); a game that hides
        something overrides it (the conformance suite insists that it changes something)."""
        return self.from_json(self.to_json(state))

    def resample_fog(self, state: State, viewer: Seat | None, rng: Rng) -> State | None:
        """No fog of war: nothing stands out of sight."""
        return None

    def sample_state(self: RulesetCore, view: Mapping[str, Any], rng: Rng) -> State:
        """A game that does not rebuild states from views refuses."""
        raise NotImplementedError(f"{self.name} cannot rebuild a state from a view.")

    def random_deck(self: RulesetCore, rng: Rng) -> DeckDoc:
        """One of the starter decks, drawn from `rng`."""
        starters = self.starter_decks()
        return starters[rng.below(len(starters))]

    def random_playout(self: RulesetCore, state: State, rngs: Sequence[Rng]
                       ) -> tuple[State, int]:
        """A move at a time: the seats in `to_act` move in seat order, each choosing as the
        platform's random bot does (`legal[rng.below(len(legal))]`); ValueError past
        `max_steps`."""
        moves = 0
        while self.outcome(state) is None:
            if moves >= self.max_steps:
                raise ValueError(f"{self.name}: no outcome after {self.max_steps} actions.")
            seat = min(self.to_act(state))
            legal = self.legal_actions(state, seat)
            if not legal:
                raise ValueError("There is no legal action to choose from.")
            state, _ = self.apply(state, seat, legal[rngs[seat].below(len(legal))])
            moves += 1
        return state, moves
