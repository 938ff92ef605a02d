"""A new account's decks (C-DECK-4, C-DECK-11) and the deck as the engine takes it."""

from __future__ import annotations

import pytest

from marcomage.games.marcomage import new_game
from marcomage.web.accounts.models import User
from marcomage.web.decks.models import Deck
from marcomage.web.decks.services import DeckNotReady, grant_bonus_deck, ready_decks
from marcomage.web.rulesets.marcomage.slots import engine_deck, slots

from ..base import BaseTestCase


class InitialDecksTest(BaseTestCase):
    def test_c_deck_4_a_new_player_has_eight_decks_named_deck_1_to_8(self) -> None:
        names = list(Deck.objects.filter(owner=self.alice).values_list("name", flat=True))
        assert names == [f"deck {n}" for n in range(1, 9)]

    def test_c_deck_11_decks_1_to_3_are_ready_starter_decks_the_rest_empty(self) -> None:
        decks = list(Deck.objects.filter(owner=self.alice))
        assert [d.ready for d in decks] == [True] * 3 + [False] * 5
        assert slots(decks[0]).common[:3] == [54, 240, 71] and slots(decks[2]).rare[-1] == 128
        assert all(d.card_count == 0 for d in decks[3:])
        assert all(slots(d).tokens == ["none"] * 3 for d in decks)
        assert ready_decks(self.alice) == decks[:3]

    def test_c_deck_2_a_ready_deck_starts_an_engine_game_an_unready_one_is_refused(self) -> None:
        ready, empty = Deck.objects.filter(owner=self.alice)[0], Deck.objects.get(
            owner=self.alice, name="deck 4")
        cards, tokens = engine_deck(ready)
        game = new_game(cards, cards, seed=1, tokens1=tokens, tokens2=tokens)
        assert len(game.players[0].hand) == 8
        with pytest.raises(DeckNotReady, match="0 of 45"):
            engine_deck(empty)

    def test_c_deck_4_a_bonus_deck_is_empty_and_uniquely_named(self) -> None:
        first, second = grant_bonus_deck(self.alice), grant_bonus_deck(self.alice)
        assert first.card_count == second.card_count == 0
        assert first.name != second.name
        assert Deck.objects.filter(owner=self.alice).count() == 10


class RegistrationDecksTest(BaseTestCase):
    """PL-SHARED-2: a person who registers on the site is given each game system's starter
    decks, ready, so he can play any system at once (MArcomage's per C-DECK-4, C-DECK-11)."""

    def test_registering_gives_ready_starter_decks_in_every_game_system(self) -> None:
        from marcomage.games import RULESETS

        response = self.post("/accounts/register/", {
            "username": "newcomer", "password": "Correct-Horse-9",
            "password_again": "Correct-Horse-9"})
        assert response.status_code == 302
        newcomer = User.objects.get(username="newcomer")
        for game, ruleset in RULESETS.items():
            ready = ready_decks(newcomer, game)
            assert len(ready) == len(ruleset.starter_decks()) >= 1, game
        page = self.client.get("/games/?game=far_wilds").content.decode()
        assert "You have no ready deck" not in page

    def test_an_account_made_otherwise_gets_only_marcomages_decks(self) -> None:
        """Accounts made by the code (the computer, moderators' tools) get the C-DECK-4 decks
        and nothing more."""
        assert set(Deck.objects.filter(owner=self.alice).values_list("game", flat=True)) == {
            "marcomage"}
