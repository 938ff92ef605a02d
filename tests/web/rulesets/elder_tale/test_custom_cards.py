"""Custom cards on the site are the collection's, never the client's (ET-SCOPE-1, ET-SCOPE-2,
ET-SCOPE-5, ET-DECK-6): a deck's `extra.custom` is rebuilt from its owner's usable cards
wherever the deck is validated or dealt, so a definition sent through the API, a rejected
card or one saved under older design rules does not play; and an outdated card is brought
up to the current rules with "Revalidate", outside the monthly cap."""

from __future__ import annotations

from typing import Any

from django.contrib.admin.sites import site
from django.test import RequestFactory

from marcomage.games.elder_tale.design import DESIGN_RULES_VERSION
from marcomage.web.decks.models import Deck
from marcomage.web.games import services
from marcomage.web.games.services import GameError
from marcomage.web.rulesets.elder_tale import collection
from marcomage.web.rulesets.elder_tale.admin import CustomCardAdmin
from marcomage.web.rulesets.elder_tale.models import CustomCard

from ...api.helpers import call, token_for
from ...base import BaseTestCase
from .test_designer import CARD

GOD_HAND = {"id": "custom-godhand", "name": "God Hand", "kind": "attack", "rarity": "common",
            "en": 0, "hits": 9, "value": 50, "required": [], "grants": [], "effects": []}


def character(user: Any, number: int = 1) -> Deck:
    collection.welcome(user)
    return Deck.objects.get(owner=user, game="elder_tale", name=f"deck {number}")


class CustomCardsTest(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.log_in(self.alice)

    def saved_card(self) -> CustomCard:
        self.post("/elder-tale/designer/save/", CARD)
        return CustomCard.objects.get(owner=self.alice)

    def deck_with(self, card_id: str, count: int = 2) -> Deck:
        """Alice's first character with `count` copies of `card_id`, saved in the editor."""
        deck = character(self.alice)
        lines = "".join(f"{e['card']} {e['count']}\n" for e in deck.entries)
        self.post(f"/elder-tale/decks/{deck.pk}/entries/",
                  {"entries": lines + f"{card_id} {count}\n"})
        deck.refresh_from_db()
        return deck

    def challenge_refused(self, deck: Deck) -> str:
        try:
            services.challenge(self.alice, self.bob, deck.pk, ruleset="elder_tale")
        except GameError as refused:
            return str(refused)
        raise AssertionError("the challenge was accepted")

    def test_ET_SCOPE_1_a_custom_card_sent_through_the_api_is_not_trusted(self) -> None:
        """PUT /decks/{id} stores `extra` as sent, but the site validates and deals the
        owner's collection: a forged Common "God Hand", a legal card that is in nobody's
        collection (past the cap and the moderator), and Alice's own card id with a
        stronger definition all count for nothing."""
        token = token_for(self.alice)
        mine = self.saved_card()
        deck = character(self.alice)
        entries = [*deck.entries, {"card": "custom-godhand", "count": 20}]
        status, answer = call(self.client, token, "PUT", f"/decks/{deck.pk}",
                              {"entries": entries, "extra": {"custom": [GOD_HAND]}})
        assert status == 200, answer
        assert not answer["ready"] and "custom" not in answer["extra"]
        assert "custom-godhand" in answer["violations"][0]["message"]
        assert "custom-godhand" in self.challenge_refused(Deck.objects.get(pk=deck.pk))
        legal = {**GOD_HAND, "id": "custom-999", "name": "Nobody's", "rarity": "uncommon",
                 "en": 1, "hits": 2, "value": 4,
                 "required": ["Physical", "Melee", "Slashing", "Fire"],
                 "grants": [["Physical", 1], ["Melee", 1], ["Slashing", 1], ["Fire", 1]]}
        status, answer = call(self.client, token, "PUT", f"/decks/{deck.pk}",
                              {"entries": [*deck.entries, {"card": "custom-999", "count": 1}],
                               "extra": {"custom": [legal]}})
        assert not answer["ready"]
        assert [v["code"] for v in answer["violations"]] == ["UNKNOWN_CARD"]
        stronger = {**mine.card_json(), "hits": 3, "value": 9}
        status, answer = call(self.client, token, "PUT", f"/decks/{deck.pk}",
                              {"entries": [*deck.entries, {"card": mine.card_id, "count": 2}],
                               "extra": {"custom": [stronger]}})
        assert answer["ready"] and answer["extra"]["custom"] == [mine.card_json()]
        status, checked = call(self.client, token, "POST", f"/decks/{deck.pk}/validate")
        assert checked["ready"]
        game = services.challenge(self.alice, self.bob, deck.pk, ruleset="elder_tale")
        game = services.accept(self.bob, game.pk, character(self.bob, 2).pk)
        card = services.game_state(game).cards[mine.card_id]
        assert (card.hits, card.value) == (2, 3)

    def test_ET_SCOPE_2_a_card_rejected_after_it_went_into_a_deck_no_longer_plays(self) -> None:
        card = self.saved_card()
        deck = self.deck_with(card.card_id)
        assert deck.ready and deck.extra["custom"] == [card.card_json()]
        CustomCardAdmin(CustomCard, site).reject(RequestFactory().post("/"),
                                                 CustomCard.objects.filter(pk=card.pk))
        deck = Deck.objects.get(pk=deck.pk)
        assert deck.extra["custom"] == [card.card_json()]  # stored, no longer trusted
        assert [v.code for v in deck.violations] == ["UNKNOWN_CARD"] and not deck.ready
        assert card.card_id in self.challenge_refused(deck)

    def test_ET_SCOPE_5_an_outdated_card_leaves_play_until_it_is_revalidated(self) -> None:
        """A card saved under older rules is marked on the hub with a Revalidate button;
        revalidating it judges it under the current rules, does not count against the
        monthly cap (here already reached) and lets the deck play again."""
        card = self.saved_card()
        self.post("/elder-tale/designer/save/", {**CARD, "name": "Second"})
        assert collection.made_this_month(self.alice) == 2  # the cap of 2 is reached
        deck = self.deck_with(card.card_id)
        CustomCard.objects.filter(pk=card.pk).update(rules_version="2020-01-01")
        deck = Deck.objects.get(pk=deck.pk)
        assert not deck.ready
        hub = self.client.get("/elder-tale/").content.decode()
        url = f"/elder-tale/cards/{card.pk}/revalidate/"
        assert f'action="{url}"' in hub and "Revalidate</button>" in hub
        page = self.post(url, follow=True).content.decode()
        assert f"passes the design rules of {DESIGN_RULES_VERSION}" in page
        card.refresh_from_db()
        assert card.rules_version == DESIGN_RULES_VERSION and card.report["legal"]
        assert CustomCard.objects.filter(owner=self.alice).count() == 2
        assert Deck.objects.get(pk=deck.pk).ready
        assert f'action="{url}"' not in self.client.get("/elder-tale/").content.decode()

    def test_ET_SCOPE_5_revalidation_refuses_a_card_the_current_rules_reject(self) -> None:
        card = self.saved_card()
        CustomCard.objects.filter(pk=card.pk).update(
            rules_version="2020-01-01", document={**card.document, "value": 9})
        page = self.post(f"/elder-tale/cards/{card.pk}/revalidate/", follow=True)
        assert "DP_OVER_BUDGET" in page.content.decode()
        card.refresh_from_db()
        assert card.rules_version == "2020-01-01"
        other = self.client.__class__(enforce_csrf_checks=True)
        self.log_in(self.bob, other)
        self.post(f"/elder-tale/cards/{card.pk}/revalidate/", client=other)
        card.refresh_from_db()
        assert card.rules_version == "2020-01-01"
