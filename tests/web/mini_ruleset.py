"""A test-only game system "mini" for the web's generic parts (decks, scores per game): two
formats, text card ids, a starter deck and a simple award policy; 2 to 3 seats. It has no
widget folder, so the site shows it through the generic pages."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from marcomage.games import RULESETS, register
from marcomage.platform.protocol import DeckDoc, Format, SeatAward, Violation
from marcomage.platform.ruleset_base import RulesetBase

CARDS = ("ash", "birch", "cedar")
SIZES = {"pair": 4, "trio": 6}


class Mini(RulesetBase):
    """Decks of `SIZES[format]` cards from CARDS, at most 2 copies each."""

    id = "mini"
    name = "Mini"
    version = 1
    seats = range(2, 4)
    formats: Mapping[str, Format] = {
        "pair": Format("pair", "Pair", "Four cards."),
        "trio": Format("trio", "Trio", "Six cards."),
    }
    max_steps = 10

    def validate_deck(self, deck: DeckDoc, fmt: str) -> list[Violation]:
        if fmt not in SIZES:
            return [Violation("format", f"No format {fmt!r}.")]
        problems = []
        total = 0
        for entry in deck.get("entries", []):
            if entry["card"] not in CARDS:
                problems.append(Violation("unknown-card", f"There is no card {entry['card']!r}."))
            if entry["count"] > 2:
                problems.append(Violation("copies", f"{entry['card']} more than twice."))
            total += entry["count"]
        if total != SIZES[fmt]:
            problems.append(Violation("size", f"A {fmt} deck holds {SIZES[fmt]} cards, "
                                              f"not {total}."))
        return problems

    def starter_decks(self) -> list[DeckDoc]:
        return [{"game": self.id, "format": "pair", "name": "grove",
                 "entries": [{"card": "ash", "count": 2}, {"card": "birch", "count": 2}],
                 "extra": {}}]

    def awards(self, state: Any, levels: Sequence[int], friendly: bool,
               last: Any) -> list[SeatAward]:
        """100 EXP a winner, 15 a loser; nothing for a friendly game."""
        winners = state["winners"]
        results = ["win" if seat in winners else "loss" for seat in range(len(levels))]
        return [SeatAward(result, 0 if friendly else 100 if result == "win" else 15)
                for result in results]


MINI = Mini()


def use_ruleset(case: Any, ruleset: Any) -> Any:
    """The ruleset registered for one test case: registered now and removed afterwards,
    unless a ruleset of that id is registered already (the settings may register the toy),
    which is then used and left in place."""
    present = RULESETS.get(ruleset.id)
    if present is not None:
        return present
    register(ruleset)
    case.addCleanup(RULESETS.pop, ruleset.id, None)
    return ruleset


def registered(case: Any) -> Mini:
    """Register "mini" for one test case."""
    found: Mini = use_ruleset(case, MINI)
    return found
