"""The computer plays any two-player game system (PL-SHARED-5): with the platform's random
bot and one of the game's starter decks when the game has no computer widgets of its own,
through the same write path and worker as in MArcomage."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from marcomage.platform.protocol import DeckDoc, Format, IllegalAction, Outcome, SeatAward
from marcomage.platform.ruleset_base import RulesetBase
from marcomage.web.decks.services import give_starter_decks
from marcomage.web.games import computer, services
from marcomage.web.games.models import COMPUTER_SEAT, Game, Status

from ..base import BaseTestCase
from ..mini_ruleset import use_ruleset
from .helpers import deck_of, seat, seeded, to_act, verified


@dataclass(frozen=True)
class Options:
    """No options."""


class Race(RulesetBase):
    """Two seats take turns adding 1, 2 or 3 to a total; whoever reaches 10 wins."""

    id = "race"
    name = "Race"
    version = 1
    seats = range(2, 3)
    formats: Mapping[str, Format] = {"any": Format("any", "Any", "One card.")}
    options_type = Options
    max_steps = 20

    def options_from_json(self, doc: Mapping[str, Any]) -> Options:
        if dict(doc):
            raise ValueError("The race has no options.")
        return Options()

    def options_to_json(self, options: Options) -> dict[str, Any]:
        return {}

    def validate_deck(self, deck: DeckDoc, fmt: str) -> list[Any]:
        return []

    def starter_decks(self) -> list[DeckDoc]:
        return [{"game": self.id, "format": "any", "name": "runner",
                 "entries": [{"card": "shoe", "count": 1}], "extra": {}}]

    def new_game(self, options: Options, decks: Sequence[DeckDoc], seed: int) -> dict[str, Any]:
        return {"total": 0, "next": seed % 2, "winner": None}

    def to_act(self, state: dict[str, Any]) -> frozenset[int]:
        return frozenset() if state["winner"] is not None else frozenset((state["next"],))

    def legal_actions(self, state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
        if seat not in self.to_act(state):
            return []
        return [{"type": "add", "n": n} for n in (1, 2, 3)]

    def apply(self, state: dict[str, Any], seat: int, action: Mapping[str, Any]
              ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        if dict(action) not in self.legal_actions(state, seat):
            raise IllegalAction("Not now.")
        total = state["total"] + int(action["n"])
        return {"total": total, "next": 1 - seat,
                "winner": seat if total >= 10 else None}, []

    def view(self, state: dict[str, Any], viewer: int | None) -> dict[str, Any]:
        return {"total": state["total"], "you": viewer}

    def outcome(self, state: dict[str, Any]) -> Outcome | None:
        if state["winner"] is None:
            return None
        return Outcome("win", (state["winner"],), "finish-line", state["total"])

    def resign(self, state: dict[str, Any], seat: int) -> dict[str, Any]:
        return {**state, "winner": 1 - seat}

    def end(self, state: dict[str, Any], end_type: str, winners: Sequence[int]) -> Any:
        return {**state, "winner": winners[0] if winners else -1}

    def awards(self, state: Any, levels: Sequence[int], friendly: bool,
               last: Any) -> list[SeatAward]:
        return [SeatAward("none", 0) for _ in levels]

    def to_json(self, state: dict[str, Any]) -> dict[str, Any]:
        return dict(state)

    def from_json(self, doc: Mapping[str, Any]) -> dict[str, Any]:
        return dict(doc)


class AnyGameComputerTests(BaseTestCase):
    def test_pl_shared_5_the_random_bot_plays_a_game_without_widgets_to_its_end(self) -> None:
        race = use_ruleset(self, Race())
        give_starter_decks(self.alice, race.id)
        self.assertTrue(computer.plays(race.id))
        self.assertFalse(computer.plays("toy"))  # three seats: not against the computer
        with seeded(1):  # seat 1, the computer, moves first
            game = computer.start(self.alice, deck_of(self.alice, race.id), "easy",
                                  ruleset=race.id)
        self.assertEqual(seat(game, COMPUTER_SEAT).deck_doc, race.starter_decks()[0])
        self.assertTrue(game.friendly)
        for _ in range(race.max_steps):
            game.refresh_from_db()
            if game.status == Status.FINISHED:
                break
            if to_act(game) == COMPUTER_SEAT:
                self.assertGreaterEqual(computer.play_turns(game.pk), 1)
            else:
                services.act(self.alice, game.pk, game.version, {"type": "add", "n": 1})
        game = Game.objects.get(pk=game.pk)
        self.assertEqual(game.status, Status.FINISHED)
        self.assertIn(COMPUTER_SEAT, {s.seat for s in game.steps.all()})
        self.assertTrue(verified(game).ok)


class FormatTests(BaseTestCase):
    """FW-DECK-8 and PL-PROTO-7 against the computer: the game's format holds for both
    decks, as it does between people."""

    def setUp(self) -> None:
        super().setUp()
        give_starter_decks(self.alice, "far_wilds")

    def start(self, fmt: str) -> Game:
        return computer.start(self.alice, deck_of(self.alice, "far_wilds"), "easy",
                              ruleset="far_wilds", format=fmt)

    def test_a_deck_outside_the_games_format_is_refused_and_no_game_is_made(self) -> None:
        with self.assertRaisesRegex(services.GameError, "^Your deck: .*(Highlander|copies)"):
            self.start("highlander")
        self.assertFalse(Game.objects.exists())

    def test_the_computer_brings_a_deck_of_the_games_format(self) -> None:
        for fmt in ("constructed", "limited", "highlander"):  # issue 32: Highlander too
            for seed in range(4):
                doc = computer.computer_deck("far_wilds", seed, fmt)
                ruleset = services.ruleset_of("far_wilds")
                self.assertEqual(ruleset.validate_deck(doc, fmt), [], (fmt, seed))
        with self.assertRaisesRegex(services.GameError,
                                    "no deck for the sealed format of The Far Wilds"):
            computer.computer_deck("far_wilds", 1, "sealed")

    def test_a_game_in_a_format_both_decks_fit_starts(self) -> None:
        game = self.start("limited")
        self.assertEqual((game.status, game.format), (Status.RUNNING, "limited"))
        deck = seat(game, COMPUTER_SEAT).deck_doc
        self.assertEqual(services.ruleset_of("far_wilds").validate_deck(deck, "limited"), [])
