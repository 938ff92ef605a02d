"""The card designer on the site: the breakdowns and findings of the form (and of each edit,
the htmx fragment), saving to the collection, the monthly cap and moderator approval as site
settings, approval in the admin, and custom cards in decks."""

from __future__ import annotations

from typing import Any

from django.contrib.admin.sites import site
from django.test import RequestFactory, override_settings

from marcomage.web.decks.models import Deck
from marcomage.web.rulesets.elder_tale.admin import CustomCardAdmin
from marcomage.web.rulesets.elder_tale.models import CustomCard, Status

from ...base import BaseTestCase

CARD = {"name": "Cinder Edge", "kind": "attack", "rarity": "uncommon", "en": "1", "hits": "2",
        "value": "3", "required": "Physical, Melee, Slashing, Fire",
        "grants": "Physical, Melee, Slashing, Fire", "effect-0-type": "gain_defense",
        "effect-0-intensity": "2"}


class DesignerTest(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.log_in(self.alice)

    def preview(self, **changes: Any) -> str:
        response = self.post("/elder-tale/designer/preview/", {**CARD, **changes},
                             HTTP_HX_REQUEST="true")
        assert response.status_code == 200
        return str(response.content.decode())

    def test_ET_DP_8_the_designer_shows_the_page_example_step_by_step(self) -> None:
        page = self.client.get("/elder-tale/designer/").content.decode()
        assert 'hx-post="/elder-tale/designer/preview/"' in page
        assert ("2 Hits of 3 Damage --&gt; 2x3 --&gt; 6 DP --&gt; Gain Defense(2) as +2 DP "
                "--&gt; 8 DP --&gt; +1 for First Defensive --&gt; 9 DP") in page
        assert '<span id="dp-total">9</span> of <span id="dp-budget">10</span>' in page

    def test_each_edit_returns_the_new_breakdown_and_findings_as_a_fragment(self) -> None:
        fragment = self.preview(value="6")
        assert "<html" not in fragment and 'id="design-report"' in fragment
        assert '<span id="dp-total">15</span>' in fragment
        assert 'data-code="DP_OVER_BUDGET"' in fragment and "Not legal" in fragment
        fragment = self.preview(grants="Physical, Melee, Slashing, Airx2",
                                required="Physical, Melee, Slashing, Air")
        assert 'data-code="ELEMENT_MISMATCH"' in fragment
        assert '<span id="copo-total">2</span> of <span id="copo-budget">7</span>' in fragment
        assert "no effect type" in self.preview(**{"effect-0-type": "teleport"})

    def test_ET_GRANT_concepts_typed_in_lower_case_are_the_combat_concepts(self) -> None:
        """The free-text concept fields match combat concepts whatever the letter case."""
        fragment = self.preview(required="physical, melee, slashing, fire",
                                grants="physical, melee, slashing, fire")
        assert "et-legal" in fragment and 'data-code="NO_POWER_ORIGIN"' not in fragment
        assert '<span id="copo-total">1</span>' in fragment  # 4 less 3 free groups
        self.post("/elder-tale/designer/save/", {**CARD, "required": "PHYSICAL, Melee, "
                                                 "slashing, fire", "grants": "physical, "
                                                 "melee, slashing, fire"})
        assert CustomCard.objects.get(owner=self.alice).document["grants"] == [
            ["Physical", 1], ["Melee", 1], ["Slashing", 1], ["Fire", 1]]

    def test_a_legal_card_is_saved_to_the_collection_and_an_illegal_one_is_refused(self) -> None:
        response = self.post("/elder-tale/designer/save/", CARD, follow=True)
        card = CustomCard.objects.get(owner=self.alice)
        assert (card.name, card.status, card.rules_version) == ("Cinder Edge", Status.APPROVED,
                                                               "2023-02-10")
        assert card.report["dp"]["total"] == 9 and card.card_id in response.content.decode()
        refused = self.post("/elder-tale/designer/save/", {**CARD, "name": "Too Hot",
                                                           "value": "6"})
        assert refused.status_code == 400 and "DP_OVER_BUDGET" in refused.content.decode()
        assert CustomCard.objects.filter(owner=self.alice).count() == 1

    def test_two_new_cards_a_month_is_the_default_cap(self) -> None:
        for name in ("One", "Two"):
            self.post("/elder-tale/designer/save/", {**CARD, "name": name})
        third = self.post("/elder-tale/designer/save/", {**CARD, "name": "Three"})
        assert third.status_code == 400 and "cap is 2 a month" in third.content.decode()
        assert CustomCard.objects.filter(owner=self.alice).count() == 2
        with override_settings(ELDER_TALE_CARDS_PER_MONTH=None):
            self.post("/elder-tale/designer/save/", {**CARD, "name": "Three"})
        assert CustomCard.objects.filter(owner=self.alice).count() == 3

    @override_settings(ELDER_TALE_APPROVAL=True)
    def test_with_approval_a_card_waits_for_a_moderator_before_decks(self) -> None:
        self.post("/elder-tale/designer/save/", CARD)
        card = CustomCard.objects.get(owner=self.alice)
        assert card.status == Status.PENDING
        deck = self.character_deck()
        self.post(f"/elder-tale/decks/{deck.pk}/entries/",
                  {"entries": self.lines(deck) + f"{card.card_id} 2\n"})
        deck.refresh_from_db()
        assert "custom" not in deck.extra and "UNKNOWN_CARD" in {v.code for v in deck.violations}
        admin = CustomCardAdmin(CustomCard, site)
        admin.approve(RequestFactory().post("/"), CustomCard.objects.filter(pk=card.pk))
        self.post(f"/elder-tale/decks/{deck.pk}/entries/",
                  {"entries": self.lines(deck) + f"{card.card_id} 2\n"})
        deck.refresh_from_db()
        assert deck.extra["custom"][0]["name"] == "Cinder Edge" and deck.ready

    def character_deck(self) -> Deck:
        self.client.get("/elder-tale/")  # the hub hands out the two characters
        return Deck.objects.get(owner=self.alice, game="elder_tale", name="deck 1")

    @staticmethod
    def lines(deck: Deck) -> str:
        return "".join(f"{e['card']} {e['count']}\n" for e in deck.entries
                       if not str(e["card"]).startswith("custom-"))

    def test_ET_DECK_the_editor_checks_lines_as_typed_and_saves_customs_with_the_deck(self) -> None:
        deck = self.character_deck()
        editor = self.client.get(f"/decks/{deck.pk}/").content.decode()
        assert deck.ready and f"/elder-tale/decks/{deck.pk}/check/" in editor
        assert 'id="deck-ready"' in editor and "Gravewind Edge" in editor
        check = self.post(f"/elder-tale/decks/{deck.pk}/check/", {"entries": "ember_cut 3\n"})
        text = check.content.decode()
        assert 'data-code="DECK_TOO_SMALL"' in text and "<html" not in text
        self.post("/elder-tale/designer/save/", CARD)
        card = CustomCard.objects.get(owner=self.alice)
        self.post(f"/elder-tale/decks/{deck.pk}/entries/",
                  {"entries": self.lines(deck) + f"{card.card_id} 3\n"})
        deck.refresh_from_db()
        assert deck.ready and deck.extra["custom"] == [card.card_json()]
        assert {"card": card.card_id, "count": 3} in deck.entries

    def test_the_hub_lists_the_card_set_and_your_cards(self) -> None:
        self.post("/elder-tale/designer/save/", CARD)
        page = self.client.get("/elder-tale/").content.decode()
        assert "Worldbreaker" in page and "Burning" in page and "Cinder Edge" in page
        assert Deck.objects.filter(owner=self.alice, game="elder_tale").count() == 8

    def test_help_tells_how_to_duel(self) -> None:
        page = self.client.get("/help/").content.decode()
        assert 'id="elder-tale"' in page and "Confirm the defense" in page
