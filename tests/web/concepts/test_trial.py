"""Trying a concept: it plays as a guest card in place of one card of its author's deck, its
effect code runs inside the engine's turn (C-TURN-7) and never raises out of it, the game
against the computer starts from the concept page, and the stored deck document re-creates
the same game (replays)."""

from __future__ import annotations

from typing import Any

from marcomage.games import find_ruleset
from marcomage.games.marcomage import guests
from marcomage.games.marcomage.state import Game
from marcomage.web.concepts import services
from marcomage.web.concepts.models import Concept
from marcomage.web.concepts.template import ConceptData
from marcomage.web.decks.services import deck_document, ready_decks
from marcomage.web.games.models import Game as GameRow
from marcomage.web.rulesets.marcomage.concept_cards import with_guest

from ..base import BaseTestCase

RULESET = find_ruleset("marcomage")
CODE = "me.tower += 5\nattack 3\nif enemy.wall < 100: production gems x2"


def concept_of(user: Any, **values: Any) -> Concept:
    data = ConceptData(name="Siege tower", rarity="common", bricks=4, effect="Tower +5. Attack 3.",
                       keywords=[{"name": "Charge", "param": 2}], code=CODE)
    for key, value in values.items():
        setattr(data, key, value)
    return services.create(user, data)


class GuestCardTestCase(BaseTestCase):
    def game_with(self, concept: Concept) -> tuple[Game, int, list[dict[str, Any]]]:
        mine = with_guest(deck_document(ready_decks(self.alice)[0]), concept)
        theirs = deck_document(ready_decks(self.bob)[0])
        carrier = int(mine["extra"]["guests"][0]["id"])
        options = RULESET.options_from_json({})
        state = RULESET.new_game(options, [mine, theirs], 7)
        return state, carrier, [mine, theirs]

    def play_guest(self, state: Game, carrier: int) -> tuple[Game, Game]:
        seat = 0
        state.current = seat
        me = state.players[seat]
        me.hand[0] = carrier
        me.bricks = 20
        before = state.clone()
        after, _ = RULESET.apply(state, seat, {"type": "play", "pos": 1, "mode": 0})
        return before, after

    def test_the_concept_plays_with_its_own_cost_keywords_and_effect(self) -> None:
        concept = concept_of(self.alice)
        state, carrier, _ = self.game_with(concept)
        before, after = self.play_guest(state, carrier)
        me, them = after.players[0], after.players[1]
        was_me, was_them = before.players[0], before.players[1]
        self.assertEqual(me.tower, was_me.tower + 5)
        self.assertEqual(them.wall, was_them.wall - 3)  # the attack, wall first
        self.assertEqual(me.bricks, 20 - 4 + me.quarry)  # the concept's cost, then production
        self.assertEqual(me.gems, was_me.gems + 2 * me.magic)  # production gems x2

    def test_only_the_authors_copy_is_the_concept(self) -> None:
        concept = concept_of(self.alice)
        state, carrier, _ = self.game_with(concept)
        state.current = 1
        them = state.players[1]
        them.hand[0], them.bricks = carrier, 50
        before = state.clone()
        after, _ = RULESET.apply(state, 1, {"type": "play", "pos": 1, "mode": 0})
        self.assertNotEqual(after.players[1].tower - before.players[1].tower, 5)

    def test_the_guest_survives_storage_and_is_shown_only_to_its_owner(self) -> None:
        concept = concept_of(self.alice)
        state, carrier, _ = self.game_with(concept)
        doc = RULESET.to_json(state)
        again = RULESET.from_json(doc)
        self.assertEqual(RULESET.to_json(again), doc)
        self.assertEqual(again.card(carrier, 0).name, "Siege tower")
        self.assertNotEqual(again.card(carrier, 1).name, "Siege tower")
        self.assertEqual(RULESET.view(again, 0)["guests"][str(carrier)]["name"], "Siege tower")
        self.assertNotIn("guests", RULESET.view(again, 1))

    def test_ordinary_games_are_stored_as_before(self) -> None:
        mine = deck_document(ready_decks(self.alice)[0])
        theirs = deck_document(ready_decks(self.bob)[0])
        state = RULESET.new_game(RULESET.options_from_json({}), [mine, theirs], 7)
        self.assertNotIn("guests", RULESET.to_json(state))
        self.assertEqual(state.guests, {})

    def test_a_failing_effect_never_raises_out_of_the_turn(self) -> None:
        concept = concept_of(self.alice)
        state, carrier, _ = self.game_with(concept)
        original = guests.TurnBoard.attack

        def broken(board: Any, damage: int) -> None:
            raise RuntimeError("the board broke")

        guests.TurnBoard.attack = broken  # type: ignore[method-assign]
        try:
            before, after = self.play_guest(state, carrier)
        finally:
            guests.TurnBoard.attack = original  # type: ignore[method-assign]
        self.assertEqual(after.players[0].tower, before.players[0].tower + 5)  # up to the fault
        self.assertEqual(after.current, 1)  # and the turn went on

    def test_a_guest_must_stand_in_for_a_card_of_the_deck(self) -> None:
        concept = concept_of(self.alice)
        mine = with_guest(deck_document(ready_decks(self.alice)[0]), concept)
        mine["extra"]["guests"][0]["id"] = 9999
        theirs = deck_document(ready_decks(self.bob)[0])
        with self.assertRaisesMessage(ValueError, "not in the deck"):
            RULESET.new_game(RULESET.options_from_json({}), [mine, theirs], 7)


class TrialViewTestCase(BaseTestCase):
    def test_the_author_starts_a_friendly_game_against_the_computer(self) -> None:
        concept = concept_of(self.alice)
        self.log_in(self.bob)
        self.assertEqual(self.post(f"/concepts/{concept.pk}/try/").status_code, 404)
        self.log_in(self.alice)
        page = self.client.get(f"/concepts/{concept.pk}/").content.decode()
        self.assertIn('id="try-concept"', page)
        response = self.post(f"/concepts/{concept.pk}/try/", {"level": "easy"})
        game = GameRow.objects.get()
        self.assertRedirects(response, f"/games/{game.pk}/", fetch_redirect_response=False)
        self.assertTrue(game.friendly)
        self.assertEqual(game.ai_level, "easy")
        seat = game.seats.get(number=0)
        guest = seat.deck_doc["extra"]["guests"][0]
        self.assertEqual((guest["name"], guest["code"]), ("Siege tower", CODE))
        # The stored deck documents and the seed re-create the very same game (replays).
        decks = [s.deck_doc for s in game.seats.order_by("number")]
        again = RULESET.new_game(RULESET.options_from_json(game.options), decks, game.seed)
        state = RULESET.from_json(game.state)
        self.assertEqual(again.guests.keys(), state.guests.keys())

    def test_a_concept_without_code_cannot_be_tried(self) -> None:
        concept = concept_of(self.alice, code="")
        self.log_in(self.alice)
        self.assertNotIn('id="try-concept"',
                         self.client.get(f"/concepts/{concept.pk}/").content.decode())
        self.post(f"/concepts/{concept.pk}/try/")
        self.assertFalse(GameRow.objects.exists())


class AdaptDeckTestCase(BaseTestCase):
    def test_a_refusal_from_adapt_deck_refuses_the_game_and_stores_nothing(self) -> None:
        from marcomage.web.games import computer
        from marcomage.web.games.services import GameError

        def refuse(doc: Any) -> Any:
            raise ValueError("Your deck has no card of this class.")

        deck = ready_decks(self.alice)[0]
        with self.assertRaisesMessage(GameError, "no card of this class"):
            computer.start(self.alice, deck.pk, "easy", adapt_deck=refuse)
        self.assertFalse(GameRow.objects.exists())
