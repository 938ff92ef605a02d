"""Arcana's deck editor: the card pool with its filters, counts, and the AR-DECK
violations shown after every change, each naming the card."""

from __future__ import annotations

from marcomage.games.arcana.cards import CARDS
from marcomage.web.decks.models import Deck
from marcomage.web.decks.services import give_starter_decks

from ...base import BaseTestCase

BY_NAME = {c.name: c.id for c in CARDS.values()}


class ArcanaDeckEditorTests(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        give_starter_decks(self.alice, "arcana")
        self.deck = Deck.objects.filter(owner=self.alice, game="arcana").first()
        assert self.deck is not None
        self.log_in(self.alice)

    def page(self, query: str = "") -> str:
        return self.client.get(f"/decks/{self.deck.pk}/{query}").content.decode()

    def change(self, name: str, delta: int, **filters: str) -> None:
        response = self.post(f"/decks/{self.deck.pk}/arcana/change/",
                             {"card": BY_NAME[name], "delta": delta, **filters})
        self.assertEqual(response.status_code, 302)

    def test_starter_deck_is_ready_and_the_pool_lists_every_card(self) -> None:
        page = self.page()
        self.assertIn("30 cards (30 to 60)", page)
        self.assertIn("ready to play", page)
        self.assertEqual(page.count('<tr data-card="'), len(CARDS))

    def test_filters_fit_the_cards(self) -> None:
        def count(**fit: object) -> int:
            return sum(all(getattr(c, k) == v for k, v in fit.items()) for c in CARDS.values())
        self.assertEqual(self.page("?kind=rune").count('<tr data-card="'), count(kind="rune"))
        self.assertEqual(self.page("?kind=creature&type=Grove").count('<tr data-card="'),
                         count(kind="creature", type="Grove"))
        self.assertEqual(self.page("?stars=3").count('<tr data-card="'), count(stars=3))
        self.assertEqual(self.page("?rarity=mythic").count('<tr data-card="'),
                         count(rarity="mythic"))
        self.assertEqual(self.page("?kind=bogus").count('<tr data-card="'), len(CARDS))

    def test_violations_appear_after_each_change_naming_the_card(self) -> None:
        self.change("Pyre Dancer", -1, kind="creature")
        page = self.page()
        self.assertIn('data-code="DECK_TOO_SMALL"', page)
        self.assertIn("29 cards", page)
        self.change("Storm Sovereign", 1)
        page = self.page()
        self.assertNotIn("DECK_TOO_SMALL", page)
        self.assertIn('data-code="THREE_STAR_DUPLICATE"', page)
        self.assertIn("Storm Sovereign is a three-star creature", page)
        self.change("Storm Sovereign", -1)
        self.change("Pyre Dancer", 1)
        self.assertIn("ready to play", self.page())

    def test_someone_elses_deck_or_a_bad_card_changes_nothing(self) -> None:
        self.log_in(self.bob)
        response = self.post(f"/decks/{self.deck.pk}/arcana/change/",
                             {"card": 1, "delta": 1})
        self.assertEqual(response.status_code, 404)
        self.log_in(self.alice)
        before = list(self.deck.entries)
        self.post(f"/decks/{self.deck.pk}/arcana/change/", {"card": 999, "delta": 1})
        self.post(f"/decks/{self.deck.pk}/arcana/change/", {"card": 1, "delta": 5})
        self.deck.refresh_from_db()
        self.assertEqual(self.deck.entries, before)
