"""Issue 35, learning cards (the seed: a character grows "by creating custom cards and by
learning custom cards from others"): alice publishes a custom card, a moderator approves or
rejects it with a reason (the seed's staff queue), bob browses the library by rarity, deck,
effect and price, learns the card within the month's cap and plays it in a deck; alice sees
that bob learned it; a card priced under older design rules is illegal for play, with the
reason, until it is re-priced (ET-SCOPE-2, ET-SCOPE-5). Forms need CSRF and every player's
text is escaped."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import Permission
from django.test import Client, override_settings

from marcomage.web.accounts.models import User
from marcomage.web.decks.models import Deck
from marcomage.web.games import services
from marcomage.web.rulesets.elder_tale import collection, library
from marcomage.web.rulesets.elder_tale.design_form import card_from_form
from marcomage.web.rulesets.elder_tale.models import CustomCard, LearnedCard, Publication

from ...api.helpers import call, token_for
from ...base import PASSWORD, BaseTestCase
from .test_designer import CARD

SPELL = {"name": "Tide Mend", "kind": "utility", "rarity": "rare", "en": "2",
         "required": "Magical, Water, Light", "grants": "Magical, Water, Light",
         "effect-0-type": "heal_over_time", "effect-0-intensity": "4",
         "effect-1-type": "draw", "effect-1-deck": "defense",
         "effect-2-type": "guard_up", "effect-2-intensity": "1", "effect-2-rounds": "2"}


def character(user: Any, number: int = 1) -> Deck:
    collection.welcome(user)
    return Deck.objects.get(owner=user, game="elder_tale", name=f"deck {number}")


class LibraryTest(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.mod = User.objects.create_user("mod", PASSWORD, is_staff=True)
        self.alices = self.log_in(self.alice, Client(enforce_csrf_checks=True))
        self.bobs = self.log_in(self.bob, Client(enforce_csrf_checks=True))
        self.mods = self.log_in(self.mod, Client(enforce_csrf_checks=True))

    def made(self, form: dict[str, str] = CARD, owner: Any = None) -> CustomCard:
        return collection.save_card(owner or self.alice, card_from_form(form))

    def published(self, form: dict[str, str] = CARD) -> CustomCard:
        card = self.made(form)
        self.post(f"/elder-tale/cards/{card.pk}/publish/", client=self.alices)
        self.post(f"/elder-tale/review/{card.pk}/", {"decision": "approve", "reason": ""},
                  client=self.mods)
        card.refresh_from_db()
        assert card.publication == Publication.PUBLISHED
        return card

    def page(self, client: Client, url: str) -> str:
        response = client.get(url)
        assert response.status_code == 200, response.status_code
        return str(response.content.decode())

    def test_publish_then_a_moderator_rejects_with_a_reason_then_approves(self) -> None:
        card = self.made()
        hub = self.page(self.alices, "/elder-tale/")
        assert f'action="/elder-tale/cards/{card.pk}/publish/"' in hub
        self.post(f"/elder-tale/cards/{card.pk}/publish/", client=self.alices)
        card.refresh_from_db()
        assert card.publication == Publication.PENDING
        assert card.card_id not in self.page(self.bobs, "/elder-tale/library/")
        queue = self.page(self.mods, "/elder-tale/review/")
        assert f'action="/elder-tale/review/{card.pk}/"' in queue and "Cinder Edge" in queue
        # A rejection needs a reason; without one nothing changes.
        self.post(f"/elder-tale/review/{card.pk}/", {"decision": "reject", "reason": " "},
                  client=self.mods)
        card.refresh_from_db()
        assert card.publication == Publication.PENDING
        self.post(f"/elder-tale/review/{card.pk}/",
                  {"decision": "reject", "reason": "Fire <b>needs</b> a flavour text"},
                  client=self.mods)
        card.refresh_from_db()
        assert card.publication == Publication.REJECTED and card.reviewed_by == self.mod
        hub = self.page(self.alices, "/elder-tale/")
        assert "Moderator's reason: Fire &lt;b&gt;needs&lt;/b&gt; a flavour text" in hub
        self.post(f"/elder-tale/cards/{card.pk}/publish/", client=self.alices)
        self.post(f"/elder-tale/review/{card.pk}/", {"decision": "approve", "reason": ""},
                  client=self.mods)
        card.refresh_from_db()
        assert card.publication == Publication.PUBLISHED and card.published is not None
        assert card.card_id in self.page(self.bobs, "/elder-tale/library/")

    def test_only_moderators_review_and_only_authors_publish(self) -> None:
        card = self.made()
        assert self.bobs.get("/elder-tale/review/").status_code == 403
        self.post(f"/elder-tale/cards/{card.pk}/publish/", client=self.bobs)
        card.refresh_from_db()
        assert card.publication == Publication.PRIVATE
        self.post(f"/elder-tale/cards/{card.pk}/publish/", client=self.alices)
        answer = self.post(f"/elder-tale/review/{card.pk}/", {"decision": "approve"},
                           client=self.bobs)
        assert answer.status_code == 403
        card.refresh_from_db()
        assert card.publication == Publication.PENDING
        # The permission alone (no staff flag) makes a moderator.
        carol = User.objects.create_user("carol", PASSWORD)
        carol.user_permissions.add(Permission.objects.get(codename="review_customcard"))
        carols = self.log_in(carol, Client(enforce_csrf_checks=True))
        assert carols.get("/elder-tale/review/").status_code == 200
        self.post(f"/elder-tale/review/{card.pk}/", {"decision": "approve"}, client=carols)
        card.refresh_from_db()
        assert card.publication == Publication.PUBLISHED

    def test_forms_need_the_csrf_token(self) -> None:
        card = self.made()
        assert self.alices.post(f"/elder-tale/cards/{card.pk}/publish/").status_code == 403
        card.refresh_from_db()
        assert card.publication == Publication.PRIVATE
        published = self.published({**CARD, "name": "Ember Twin"})
        assert self.bobs.post(f"/elder-tale/library/{published.pk}/learn/").status_code == 403
        assert not LearnedCard.objects.exists()

    def test_the_library_filters_by_rarity_deck_effect_and_price(self) -> None:
        edge = self.published()
        tide = self.published(SPELL)
        url = "/elder-tale/library/"
        both = self.page(self.bobs, url)
        assert edge.card_id in both and tide.card_id in both
        for query, shown, hidden in (("?rarity=rare", tide, edge), ("?kind=attack", edge, tide),
                                     ("?effect=heal_over_time", tide, edge),
                                     ("?en=1", edge, tide), ("?en=2&kind=utility", tide, edge)):
            page = self.page(self.bobs, url + query)
            assert shown.card_id in page and hidden.card_id not in page, query
        assert "No published card fits" in self.page(self.bobs, url + "?rarity=rare&en=1")
        # An unknown filter value is ignored rather than an error.
        assert edge.card_id in self.page(self.bobs, url + "?rarity=epic&effect=%3Cx%3E")

    def test_bob_learns_a_card_plays_it_in_a_deck_and_alice_sees_who_learned_it(self) -> None:
        card = self.published()
        self.post(f"/elder-tale/library/{card.pk}/learn/", client=self.bobs)
        assert LearnedCard.objects.filter(learner=self.bob, card=card).exists()
        deck = character(self.bob, 2)
        editor = self.page(self.bobs, f"/decks/{deck.pk}/")
        assert "Cards you learned" in editor and f"<code>{card.card_id}</code>" in editor
        lines = "".join(f"{e['card']} {e['count']}\n" for e in deck.entries)
        self.post(f"/elder-tale/decks/{deck.pk}/entries/",
                  {"entries": lines + f"{card.card_id} 2\n"}, client=self.bobs)
        deck = Deck.objects.get(pk=deck.pk)
        assert deck.ready and deck.extra["custom"] == [card.card_json()]
        game = services.challenge(self.bob, self.alice, deck.pk, ruleset="elder_tale")
        game = services.accept(self.alice, game.pk, character(self.alice, 1).pk)
        assert card.card_id in services.game_state(game).cards
        assert "Learned by bob" in self.page(self.alices, "/elder-tale/")
        assert "learned" in self.page(self.bobs, "/elder-tale/library/")
        # Not twice, and never one's own card.
        page = self.post(f"/elder-tale/library/{card.pk}/learn/", client=self.bobs,
                         follow=True).content.decode()
        assert "You have learned Cinder Edge already" in page
        page = self.post(f"/elder-tale/library/{card.pk}/learn/", client=self.alices,
                         follow=True).content.decode()
        assert "is your own card" in page
        assert LearnedCard.objects.count() == 1

    @override_settings(ELDER_TALE_LEARNED_PER_MONTH=1, ELDER_TALE_CARDS_PER_MONTH=None)
    def test_a_character_learns_at_most_the_months_cap(self) -> None:
        first, second = self.published(), self.published(SPELL)
        self.post(f"/elder-tale/library/{first.pk}/learn/", client=self.bobs)
        page = self.post(f"/elder-tale/library/{second.pk}/learn/", client=self.bobs,
                         follow=True).content.decode()
        assert "at most 1 a month" in page
        assert list(LearnedCard.objects.values_list("card_id", flat=True)) == [first.pk]

    def test_an_unpublished_or_pending_card_cannot_be_learned_or_played(self) -> None:
        card = self.made()
        self.post(f"/elder-tale/library/{card.pk}/learn/", client=self.bobs)
        self.post(f"/elder-tale/cards/{card.pk}/publish/", client=self.alices)
        self.post(f"/elder-tale/library/{card.pk}/learn/", client=self.bobs)
        assert not LearnedCard.objects.exists()
        deck = character(self.bob, 2)
        deck.entries = [*deck.entries, {"card": card.card_id, "count": 1}]
        collection.attach_customs(deck)
        assert "custom" not in deck.extra
        assert [v.code for v in deck.violations] == ["UNKNOWN_CARD"]

    def test_ET_SCOPE_5_an_outdated_card_is_illegal_with_the_reason_until_re_priced(self) -> None:
        card = self.published()
        library.learn(self.bob, card.pk)
        deck = character(self.bob, 2)
        lines = "".join(f"{e['card']} {e['count']}\n" for e in deck.entries)
        self.post(f"/elder-tale/decks/{deck.pk}/entries/",
                  {"entries": lines + f"{card.card_id} 1\n"}, client=self.bobs)
        assert Deck.objects.get(pk=deck.pk).ready
        CustomCard.objects.filter(pk=card.pk).update(rules_version="2020-01-01")
        reason = "Illegal for play: priced under the design rules of 2020-01-01"
        assert reason in self.page(self.bobs, "/elder-tale/library/")
        assert reason in self.page(self.bobs, "/elder-tale/")
        assert reason in self.page(self.alices, "/elder-tale/")
        assert not Deck.objects.get(pk=deck.pk).ready
        editor = self.page(self.bobs, f"/decks/{deck.pk}/")
        assert f'<li data-card="{card.card_id}">{card.card_id} Cinder Edge: {reason}' in editor
        carol = User.objects.create_user("carol", PASSWORD)
        try:
            library.learn(carol, card.pk)
        except library.LibraryRefused as refused:
            assert "cannot be learned now" in str(refused)
        else:
            raise AssertionError("an outdated card was learned")
        self.post(f"/elder-tale/cards/{card.pk}/revalidate/", client=self.alices)
        card.refresh_from_db()
        assert not card.outdated and Deck.objects.get(pk=deck.pk).ready
        assert reason not in self.page(self.bobs, "/elder-tale/library/")

    def test_a_players_card_name_is_escaped_in_the_library_and_the_queue(self) -> None:
        card = self.made({**CARD, "name": "<img src=x onerror=alert(1)>"})
        self.post(f"/elder-tale/cards/{card.pk}/publish/", client=self.alices)
        queue = self.page(self.mods, "/elder-tale/review/")
        assert "<img src=x" not in queue and "&lt;img src=x onerror=alert(1)&gt;" in queue
        self.post(f"/elder-tale/review/{card.pk}/", {"decision": "approve"}, client=self.mods)
        page = self.page(self.bobs, "/elder-tale/library/")
        assert "<img src=x" not in page and "&lt;img src=x onerror=alert(1)&gt;" in page


class LibraryApiTest(BaseTestCase):
    """GET /systems/elder_tale/library and POST .../library/{id}/learn (issue 35)."""

    def setUp(self) -> None:
        super().setUp()
        self.edge = collection.save_card(self.alice, card_from_form(CARD))
        self.tide = collection.save_card(self.alice, card_from_form(SPELL))
        mod = User.objects.create_user("mod", PASSWORD, is_staff=True)
        for card in (self.edge, self.tide):
            library.publish(self.alice, card.pk)
            library.review(mod, card.pk, True, "")

    def test_browse_with_filters_then_learn_and_build_a_deck_through_the_api(self) -> None:
        token = token_for(self.bob)
        status, cards = call(self.client, token, "GET", "/systems/elder_tale/library")
        assert status == 200 and [c["card"] for c in cards] == [self.tide.card_id,
                                                                  self.edge.card_id]
        assert cards[1]["author"] == "alice" and cards[1]["legal"] and not cards[1]["learned"]
        status, rare = call(self.client, token, "GET",
                            "/systems/elder_tale/library?rarity=rare&effect=heal_over_time")
        assert [c["card"] for c in rare] == [self.tide.card_id]
        status, learned = call(self.client, token, "POST",
                               f"/systems/elder_tale/library/{self.edge.pk}/learn")
        assert status == 201 and learned["learned"] and learned["card"] == self.edge.card_id
        status, again = call(self.client, token, "POST",
                             f"/systems/elder_tale/library/{self.edge.pk}/learn")
        assert status == 400 and "already" in again["detail"]
        deck = character(self.bob, 2)
        status, answer = call(self.client, token, "PUT", f"/decks/{deck.pk}", {
            "entries": [*deck.entries, {"card": self.edge.card_id, "count": 2}]})
        assert status == 200 and answer["ready"]
        assert answer["extra"]["custom"] == [self.edge.card_json()]

    def test_learning_needs_the_decks_scope_and_a_published_card(self) -> None:
        reader = token_for(self.bob, ("read",))
        status, _ = call(self.client, reader, "POST",
                         f"/systems/elder_tale/library/{self.edge.pk}/learn")
        assert status == 403 and not LearnedCard.objects.exists()
        mine = collection.save_card(self.bob, card_from_form({**CARD, "name": "Private"}))
        status, refused = call(self.client, token_for(self.carol()), "POST",
                               f"/systems/elder_tale/library/{mine.pk}/learn")
        assert status == 400 and "no such published card" in refused["detail"]
        assert not LearnedCard.objects.exists()

    def carol(self) -> User:
        return User.objects.create_user("carol", PASSWORD)
