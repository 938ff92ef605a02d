"""The Far Wilds army editor: cards with counts, filters, the format, live violations
(FW-DECK) and saving."""

from __future__ import annotations

from marcomage.web.decks.models import Deck
from marcomage.web.decks.services import give_starter_decks
from marcomage.web.games import services
from marcomage.web.games.services import GameError

from ...base import BaseTestCase


class ArmyEditorTests(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        give_starter_decks(self.alice, "far_wilds")
        self.deck = Deck.objects.filter(owner=self.alice, game="far_wilds").order_by("pk")[1]
        self.client = self.log_in(self.alice)

    def counts(self, **changed: int) -> dict[str, str]:
        found = {f"count_{e['card']}": str(e["count"]) for e in self.deck.entries}
        found.update({f"count_{k}": str(v) for k, v in changed.items()})
        return found

    def test_the_editor_lists_the_cards_with_counts_and_filters(self) -> None:
        page = self.client.get(f"/decks/{self.deck.pk}/").content.decode()
        self.assertIn('name="count_rockslide"', page)
        self.assertIn('value="2"', page)
        self.assertIn("Deal 3 damage", page)
        filtered = self.client.get(f"/decks/{self.deck.pk}/?type=creature").content.decode()
        self.assertIn('aria-label="Copies of Pit Warden"', filtered)
        self.assertNotIn('aria-label="Copies of Rockslide"', filtered)
        self.assertIn('<input type="hidden" name="count_rockslide" value="2">', filtered)

    def test_FW_DECK_violations_are_shown_live_for_the_counts_on_the_form(self) -> None:
        url = f"/decks/{self.deck.pk}/far-wilds/check/"
        ok = self.post(url, {**self.counts(), "format": "constructed"}).content.decode()
        self.assertIn("40 cards · ready to play", ok)
        wrong = self.post(url, {**self.counts(rockslide=4), "format": "highlander"}
                          ).content.decode()
        self.assertIn('data-code="TOO_MANY_COPIES"', wrong)
        self.assertIn("Rockslide is in the army 4 times", wrong)
        small = self.post(url, {**self.counts(rockslide=0), "format": "constructed"}).content
        self.assertIn(b"holds 38 cards", small)
        self.deck.refresh_from_db()
        self.assertEqual(self.deck.card_count, 40)  # checking saves nothing

    def test_saving_stores_counts_and_format_and_refuses_bad_counts(self) -> None:
        url = f"/decks/{self.deck.pk}/far-wilds/save/"
        self.post(url, {**self.counts(rockslide=1), "format": "constructed"})
        self.deck.refresh_from_db()
        self.assertEqual(self.deck.card_count, 39)
        self.assertFalse(self.deck.ready)
        self.post(url, {**self.counts(far_rider=-1), "format": "constructed"})
        self.deck.refresh_from_db()
        self.assertEqual(self.deck.card_count, 39)
        self.post(url, {**self.counts(rockslide=2), "format": "constructed"})
        self.deck.refresh_from_db()
        self.assertTrue(self.deck.ready)

    def test_FW_DECK_6_sealed_and_draft_are_not_offered_on_the_site(self) -> None:
        """The rules give no procedure to hand out a sealed or draft card pool, so nothing on
        the site could fill a deck's `extra.pool`: the editor and the lobby offer neither
        format, a posted one is refused, and the help page says why."""
        page = self.client.get(f"/decks/{self.deck.pk}/").content.decode()
        self.assertIn('<option value="limited"', page)
        for fmt in ("sealed", "draft"):
            self.assertNotIn(f'<option value="{fmt}"', page)
        self.assertIn("Sealed and draft are not offered here", page)
        self.post(f"/decks/{self.deck.pk}/far-wilds/save/", {**self.counts(), "format": "sealed"})
        self.deck.refresh_from_db()
        self.assertEqual(self.deck.format, "constructed")
        lobby = self.client.get("/games/?game=far_wilds").content.decode()
        self.assertIn('<option value="highlander"', lobby)
        for fmt in ("sealed", "draft"):
            self.assertNotIn(f'<option value="{fmt}"', lobby)
        give_starter_decks(self.bob, "far_wilds")
        with self.assertRaises(GameError):
            services.challenge(self.alice, self.bob, self.deck.pk, ruleset="far_wilds",
                               format="sealed", options={})
        help_page = self.client.get("/help/far_wilds/").content.decode()
        self.assertIn("Sealed and draft are not offered on this site", help_page)
        self.assertIn("end a round with 20 glory (or the host", help_page)
