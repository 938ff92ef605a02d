"""Decks per game system (PL-SHARED-2): the list by game system, new decks with a game and a
format, slots per game, the generic editor checked by the game's validator, and the deck
document a game takes."""

from __future__ import annotations

import pytest

from marcomage.web.decks import services
from marcomage.web.decks.models import Deck
from marcomage.web.decks.services import DeckError, DeckNotReady, deck_document, ready_decks
from marcomage.web.scores.models import Score
from tests.platform.toy import RULESET as TOY

from ..base import BaseTestCase
from ..mini_ruleset import registered, use_ruleset


class GameSystemDecksTest(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        registered(self)
        self.log_in(self.alice)

    def new(self, name: str, fmt: str = "pair", starter: str = "", **extra: object) -> object:
        return self.post("/decks/new/", {"game": "mini", "format": fmt, "name": name,
                                         "starter": starter}, **extra)

    def test_PL_SHARED_2_the_list_shows_one_game_system_at_a_time(self) -> None:
        page = self.client.get("/decks/").content.decode()
        assert 'data-game="mini"' in page and page.count('class="deck-name') == 8
        assert 'table class="decks" data-game="marcomage"' in page
        mini = self.client.get("/decks/?game=mini").content.decode()
        assert "No Mini deck yet." in mini and 'class="deck-name' not in mini
        assert '<option value="trio"' in mini and '<option value="grove">' in mini
        assert "8 free deck slots." in mini

    def test_PL_SHARED_2_a_new_deck_has_its_game_and_format_and_is_checked_by_them(self) -> None:
        response = self.new("Oaks", "trio")
        deck = Deck.objects.get(owner=self.alice, game="mini")
        assert response.status_code == 302 and response["Location"] == f"/decks/{deck.pk}/"
        assert (deck.name, deck.format, deck.entries, deck.ready) == ("Oaks", "trio", [], False)
        page = self.client.get(f"/decks/{deck.pk}/").content.decode()
        assert "A trio deck holds 6 cards, not 0." in page and 'id="deck-violations"' in page
        self.post(f"/decks/{deck.pk}/entries/", {"entries": "ash 2\ncedar 2\n\nbirch 2\n"})
        deck.refresh_from_db()
        assert deck.entries == [{"card": "ash", "count": 2}, {"card": "cedar", "count": 2},
                                {"card": "birch", "count": 2}]
        assert deck.ready and ready_decks(self.alice, "mini") == [deck]
        page = self.client.get(f"/decks/{deck.pk}/").content.decode()
        assert "ready to play" in page and 'id="deck-violations"' not in page

    def test_generic_editor_refuses_an_unreadable_list_and_changes_nothing(self) -> None:
        self.new("Oaks")
        deck = Deck.objects.get(owner=self.alice, game="mini")
        for bad, reason in (("ash 0", "count is a number"), ("ash 2 x", "not"),
                            ("ash 1\nash 1", "listed twice"), ("ash many", "count")):
            response = self.post(f"/decks/{deck.pk}/entries/", {"entries": bad}, follow=True)
            assert reason in response.content.decode()
            deck.refresh_from_db()
            assert deck.entries == []

    def test_PL_SHARED_2_a_starter_deck_can_be_copied_into_a_new_deck(self) -> None:
        self.new("Mine", "trio", starter="grove")
        deck = Deck.objects.get(owner=self.alice, game="mini")
        assert deck.format == "pair" and deck.ready  # the starter's own format
        assert deck_document(deck) == {
            "game": "mini", "format": "pair", "name": "Mine", "extra": {},
            "entries": [{"card": "ash", "count": 2}, {"card": "birch", "count": 2}]}
        response = self.new("Other", starter="nothing", follow=True)
        assert "Mini has no starter deck &#x27;nothing&#x27;." in response.content.decode()

    def test_PL_SHARED_2_eight_deck_slots_per_game_system(self) -> None:
        for number in range(8):
            services.create_deck(self.alice, "mini", "pair", f"d{number}")
        with pytest.raises(DeckError, match="All your 8 Mini deck slots"):
            services.create_deck(self.alice, "mini", "pair", "ninth")
        # Levels in Mini bring no deck slot; MArcomage's every 6th level does (C-DECK-4).
        Score.objects.create(user=self.alice, game="mini", level=12)
        assert services.deck_slots(self.alice, "mini") == 8
        with pytest.raises(DeckError, match="All your 8 MArcomage deck slots"):
            services.create_deck(self.alice, "marcomage", None, "ninth")
        Score.objects.filter(user=self.alice, game="marcomage").update(level=6)
        assert services.create_deck(self.alice, "marcomage", None, "ninth").format == "standard"

    def test_C_DECK_3_names_are_unique_per_game_system(self) -> None:
        services.create_deck(self.alice, "mini", "pair", "deck 1")  # MArcomage has one
        with pytest.raises(DeckError, match="already have a deck"):
            services.create_deck(self.alice, "mini", "pair", "DECK 1 ")
        with pytest.raises(DeckError, match="no deck format 'huge'"):
            services.create_deck(self.alice, "mini", "huge", "x")
        with pytest.raises(DeckError, match="no game system 'chess'"):
            services.create_deck(self.alice, "chess", None, "x")
        assert Deck.objects.filter(owner=self.alice, game="mini").count() == 1

    def test_nobody_edits_anothers_deck_of_any_game(self) -> None:
        deck = services.create_deck(self.bob, "mini", "pair", "bobs")
        assert self.client.get(f"/decks/{deck.pk}/").status_code == 404
        assert self.post(f"/decks/{deck.pk}/entries/", {"entries": "ash 4"}).status_code == 404
        marcomage = Deck.objects.filter(owner=self.bob, game="marcomage").first()
        assert marcomage is not None
        assert self.client.get(f"/decks/{marcomage.pk}/").status_code == 404


class DeckDocumentTest(BaseTestCase):
    def test_PL_SHARED_2_a_ready_marcomage_deck_is_its_document(self) -> None:
        deck = Deck.objects.get(owner=self.alice, name="deck 1")
        doc = deck_document(deck)
        assert (doc["game"], doc["format"], doc["name"]) == ("marcomage", "standard", "deck 1")
        assert len(doc["entries"]) == 45 and doc["extra"] == {"tokens": ["none"] * 3}
        assert ready_decks(self.alice, "marcomage")[0] == deck

    def test_C_DECK_2_an_unready_deck_is_refused_with_its_validators_reason(self) -> None:
        deck = Deck.objects.get(owner=self.alice, name="deck 1")
        deck.entries = deck.entries[1:]
        deck.save()
        with pytest.raises(DeckNotReady, match="not ready: The Common section holds 14 cards"):
            deck_document(deck)
        assert deck not in ready_decks(self.alice, "marcomage")


class ToyDeckTest(BaseTestCase):
    def test_PL_SHARED_2_the_toy_gets_the_generic_editor_checked_by_its_ruleset(self) -> None:
        use_ruleset(self, TOY)
        self.log_in(self.alice)
        self.post("/decks/new/", {"game": "toy", "name": "Cards", "starter": "low"})
        deck = Deck.objects.get(owner=self.alice, game="toy")
        assert (deck.format, deck.ready, deck.card_count) == ("tiny", True, 6)
        self.post(f"/decks/{deck.pk}/entries/", {"entries": "1 3\n12\n"})
        deck.refresh_from_db()
        assert deck.entries == [{"card": 1, "count": 3}, {"card": 12, "count": 1}]
        page = self.client.get(f"/decks/{deck.pk}/").content.decode()
        assert "There is no card 12" in page and not deck.ready
        assert ready_decks(self.alice, "toy") == []

    def test_the_generic_editor_names_the_format_as_players_read_it(self) -> None:
        """The format's name ("Tiny"), not its id ("tiny"), next to the card count."""
        use_ruleset(self, TOY)
        self.log_in(self.alice)
        self.post("/decks/new/", {"game": "toy", "name": "Cards", "starter": "low"})
        deck = Deck.objects.get(owner=self.alice, game="toy")
        page = self.client.get(f"/decks/{deck.pk}/").content.decode()
        assert "6 cards · format Tiny · ready to play" in page
