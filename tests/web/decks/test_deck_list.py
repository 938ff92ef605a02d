"""The decks list (manual: "Deck building"; C-DECK-2, C-DECK-4)."""

from __future__ import annotations

from marcomage.web.decks.models import Deck
from marcomage.web.decks.services import grant_bonus_deck
from marcomage.web.scores.services import score_of

from ..base import BaseTestCase


class DeckListTest(BaseTestCase):
    def test_it_needs_a_log_in(self) -> None:
        response = self.client.get("/decks/")
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]

    def test_c_deck_2_it_lists_the_players_decks_with_ready_ones_highlighted(self) -> None:
        self.log_in(self.alice)
        page = self.client.get("/decks/").content.decode()
        assert page.count('class="deck-name ready"') == 3  # the starter decks
        assert page.count('class="deck-name"') == 5
        assert "45/45" in page and "0/45" in page
        deck = Deck.objects.get(owner=self.alice, name="deck 1")
        assert deck.modified.strftime("%Y-%m-%d %H:%M") in page
        assert f'href="/decks/{deck.pk}/"' in page

    def test_c_deck_4_bonus_decks_show_in_the_list_and_the_slots_follow_the_level(self) -> None:
        score = score_of(self.alice)
        score.level = 6
        score.save()
        bonus = grant_bonus_deck(self.alice)
        self.log_in(self.alice)
        page = self.client.get("/decks/").content.decode()
        assert bonus.name in page
        assert "Level 6: 9 deck slots" in page and "the next at level 12" in page

    def test_deck_names_are_escaped_and_others_decks_are_not_listed(self) -> None:
        Deck.objects.filter(owner=self.bob, name="deck 1").update(name="<b>bob</b>")
        deck = Deck.objects.get(owner=self.alice, name="deck 2")
        deck.name = "<i>x</i>"
        deck.save()
        self.log_in(self.alice)
        page = self.client.get("/decks/").content.decode()
        assert "&lt;i&gt;x&lt;/i&gt;" in page and "<i>x</i>" not in page
        assert "bob" not in page.split("<main")[1]
