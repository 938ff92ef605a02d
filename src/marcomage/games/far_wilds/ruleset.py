"""The Far Wilds behind the platform protocol (PL-PROTO): options, formats, starter armies,
the battle's actions, views, outcome and serialisation.

Actions: {"type": "mulligan"} and {"type": "keep"} in the mulligan phase; in a round
{"type": "cast", "card": id, "target": space?, "to": space?}, {"type": "cycle", "card": id},
{"type": "move", "from": space, "to": space}, {"type": "attack", "from": space, "to":
space}, {"type": "act", "from": space, "ability": id, "target": space?} and
{"type": "pass"}. Spaces are numbered in (r, q) order of the map (see hexmap). End types: "glory",
"round_limit" and the platform's "surrender", "abort", "abandon"."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from marcomage.platform.bots import Bot
from marcomage.platform.ending import PlatformEnds
from marcomage.platform.options import FieldOptions, options_from_json
from marcomage.platform.protocol import (
    DeckDoc,
    Format,
    Outcome,
    Violation,
)
from marcomage.platform.rng import Rng
from marcomage.platform.ruleset_base import RulesetBase

from . import engine
from .cards import ARMIES, CARDS
from .deck import FORMATS, buildable, validate_deck
from .fog import resample_fog
from .state import OVER, Battle, Enchant, Figure, Options, Player
from .view import resample_hidden, view

STATE_FORMAT = "far_wilds"
MAX_STEPS = 6000
"""A bound on accepted actions: ROUND_LIMIT rounds of at most about 50 actions (seven casts
a side at most, a cycle each, the passes between) and the mulligan phase."""


def army_cards(deck: Mapping[str, Any]) -> list[str]:
    """The army's cards, one id per copy, in entry order; unknown cards raise ValueError."""
    cards: list[str] = []
    for entry in deck.get("entries", []):
        card_id, count = entry.get("card"), entry.get("count", 1)
        if not isinstance(card_id, str) or card_id not in CARDS or not CARDS[card_id].deckable:
            raise ValueError(f"There is no Far Wilds card {card_id!r} for an army.")
        if type(count) is not int or count < 1:
            raise ValueError(f"{CARDS[card_id].name} has a bad count {count!r}.")
        cards.extend([card_id] * count)
    if not cards:
        raise ValueError("An army needs cards.")
    return cards


class FarWilds(FieldOptions, PlatformEnds, RulesetBase):
    """The Far Wilds ruleset (FW-*)."""

    id = "far_wilds"
    name = "The Far Wilds"
    version = 7
    """2: `cycle_is_free` off makes a cycle the player's action (FW-CYCLE-2); with
    `spawn_needs_domain_base` an Unaligned Base serves no domain creature (FW-CAST-5);
    `reveal_memory` shows no figures on remembered spaces (FW-CAST-10, views).
    3: what stands on a space out of sight never decides a legal action: Wind Step may aim
    at any unseen space and finds it taken or not; with `reveal_memory` a remembered space is
    a target only for what aims at the space itself (FW-CAST-10, -11).
    4: under the fog, enemy territory (FW-CAST-8) is judged from the enemy buildings the
    caster sees; views count wells held, control and income from the buildings the viewer
    may know of (issue 38).
    5: creatures move and figures fight (FW-MOVE, FW-FIGHT, issue 32): move, attack and
    special actions join casts and passes; figures have HP and die at the end of the action
    leaving corpses or ruins; a damaged construction site does not progress that round;
    heal and entrench at the round boundaries; the sample cards have fighting numbers.
    6: balance from the search bot's battles (issue 32): Thicket Warden Speed 2 (was 1),
    Bolt Crew Attack 3 (was 2); the premade armies changed (docs/far_wilds.md, Balance); a
    spell's or enchantment's log entry names its target.
    7: balance against the Stormblood Raiders' wide board of cheap creatures (issue 32):
    Drowned Thrall HP 2 (was 3), Spark Wisp Speed 2 (was 3), Fern Stalker Attack 2 (was 1),
    Reef Serpent HP 4 (was 3); the Greenwater Host fields creatures for its enchantments
    (docs/far_wilds.md, Balance)."""
    seats = range(2, 3)
    formats: Mapping[str, Format] = MappingProxyType({
        f.id: Format(f.id, f.name, f.describe()) for f in FORMATS.values()
        if not f.pool_required and buildable(f)})
    """The formats a game may be created in (FW-DECK-8): those whose armies the card set
    can build (issue 32: Highlander needs 40 different cards). Sealed and draft (FW-DECK-6)
    are left out: their army must come from a card pool the player was handed, and the
    rules give no procedure for handing one out, so nothing on the site could give a pool a
    player did not simply declare. `validate_deck` still checks them against a pool."""
    options_type: type[Options] = Options
    max_steps = MAX_STEPS
    noun = "battle"

    # -- options and armies -----------------------------------------------------------------

    def options_from_json(self, doc: Mapping[str, Any]) -> Options:
        """Options from JSON: every field of `Options`, each of its own type, within its
        choices and bounds (`creature_movement` off plays FW-BOARD-5's first version)."""
        return options_from_json(Options, doc, self.name)

    def validate_deck(self, deck: DeckDoc, fmt: str = "constructed") -> list[Violation]:
        """FW-DECK: the format's violations; a sealed or draft army checks its card pool,
        `extra.pool` ({card: count})."""
        if deck.get("game", self.id) != self.id:
            return [Violation("UNKNOWN_CARD", f"This is a {deck.get('game')!r} deck, not a "
                                              "Far Wilds army.")]
        extra = deck.get("extra") or {}
        pool = extra.get("pool") if isinstance(extra, Mapping) else None
        if pool is not None and not (isinstance(pool, Mapping) and all(
                isinstance(k, str) and type(v) is int for k, v in pool.items())):
            pool = {}
        return validate_deck(deck.get("entries", []), fmt, pool)

    def starter_decks(self) -> list[DeckDoc]:
        """The premade armies (issue 32), each legal in its format: four constructed ones,
        one per pair of domains, and a Highlander one of 40 different cards."""
        return [{"game": self.id, "format": army["format"], "name": army["name"],
                 "entries": [{"card": e["card"], "count": e["count"]}
                             for e in army["entries"]], "extra": {}} for army in ARMIES]

    # -- playing ----------------------------------------------------------------------------

    def new_game(self, options: Options, decks: Sequence[DeckDoc], seed: int) -> Battle:
        """A new battle (FW-DECK-1: the armies are copied in); its mulligan phase first."""
        if len(decks) != 2:
            raise ValueError(f"The Far Wilds is played by 2, not {len(decks)}.")
        return engine.new_game(options, [army_cards(d) for d in decks], seed)

    def to_act(self, state: Battle) -> frozenset[int]:
        return engine.to_act(state)

    def legal_actions(self, state: Battle, seat: int) -> list[dict[str, Any]]:
        return engine.legal_actions(state, seat)

    def apply(self, state: Battle, seat: int, action: Mapping[str, Any]
              ) -> tuple[Battle, list[dict[str, Any]]]:
        return engine.apply(state, seat, action)

    def view(self, state: Battle, viewer: int | None) -> dict[str, Any]:
        if viewer is not None and (type(viewer) is not int or viewer not in (0, 1)):
            raise ValueError(f"Far Wilds seats are 0 and 1, not {viewer!r}.")
        return view(state, viewer)

    def outcome(self, state: Battle) -> Outcome | None:
        return state.outcome

    def close(self, state: Battle, outcome: Outcome) -> None:
        state.phase = OVER
        state.outcome = outcome

    # -- serialisation, hidden zones, bots ----------------------------------------------------

    def to_json(self, state: Battle) -> dict[str, Any]:
        return {
            "format": STATE_FORMAT, "version": self.version,
            "options": self.options_to_json(state.options),
            "players": [p.to_json() for p in state.players], "rng": state.rng.to_json(),
            "figures": [None if f is None else f.to_json() for f in state.figures],
            "space_enchantments": [[s, [e.to_json() for e in es]]
                                   for s, es in sorted(state.space_enchantments.items())],
            "world": [e.to_json() for e in state.world], "phase": state.phase,
            "round": state.round, "first": state.first, "turn": state.turn,
            "passes": state.passes, "log": [dict(e) for e in state.log],
            "revealed": [r[:] for r in state.revealed],
            "outcome": None if state.outcome is None else state.outcome.to_json(),
            "corpses": [[s, c[:]] for s, c in sorted(state.corpses.items())],
            "ruins": [[s, c[:]] for s, c in sorted(state.ruins.items())],
        }

    def from_json(self, doc: Mapping[str, Any]) -> Battle:
        if doc.get("format") != STATE_FORMAT:
            raise ValueError("Not a Far Wilds battle state.")
        return Battle(
            self.options_from_json(doc["options"]),
            [Player.from_json(p) for p in doc["players"]], Rng.from_json(doc["rng"]),
            [None if f is None else Figure.from_json(f) for f in doc["figures"]],
            {int(s): [Enchant.from_json(e) for e in es] for s, es in
             doc["space_enchantments"]},
            [Enchant.from_json(e) for e in doc["world"]], str(doc["phase"]),
            int(doc["round"]), int(doc["first"]), int(doc["turn"]), int(doc["passes"]),
            [dict(e) for e in doc["log"]], [list(r) for r in doc["revealed"]],
            None if doc["outcome"] is None else Outcome.from_json(doc["outcome"]),
            {int(s): list(c) for s, c in doc.get("corpses", [])},
            {int(s): list(c) for s, c in doc.get("ruins", [])})

    def resample_hidden(self, state: Battle, viewer: int | None, rng: Rng) -> Battle:
        """What `viewer` cannot see drawn anew (view.resample_hidden); what stands in the fog
        is `resample_fog`'s."""
        return resample_hidden(state, viewer, rng)

    def resample_fog(self, state: Battle, viewer: int | None, rng: Rng) -> Battle:
        """The other side's figures and space enchantments out of `viewer`'s sight moved to
        other spaces out of its sight that fit them (fog.resample_fog, issue 38)."""
        return resample_fog(state, viewer, rng)

    def bots(self) -> Mapping[str, Callable[[int], Bot]]:
        """The search bot (IS-MCTS over determinized battles)."""
        from .bots import SearchBot
        return {"search": SearchBot}


RULESET = FarWilds()
