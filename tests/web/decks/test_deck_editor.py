"""The deck editor's pages and actions: thin views over the rules, htmx fragments for quick
changes, a clear message for every refusal, and nobody else's decks."""

from __future__ import annotations

import re

from django.core.files.uploadedfile import SimpleUploadedFile

from marcomage.games.marcomage.cards import CARDS, COMMON, RARE, UNCOMMON, card_ids
from marcomage.web.decks.models import Deck
from marcomage.web.rulesets.marcomage.deck_editor import POOL_PAGE_SIZE
from marcomage.web.rulesets.marcomage.editing import average_cost
from marcomage.web.rulesets.marcomage.slots import slots

from ..base import BaseTestCase

COMMONS, UNCOMMONS, RARES = card_ids(COMMON), card_ids(UNCOMMON), card_ids(RARE)
HTMX = {"HTTP_HX_REQUEST": "true"}


class EditorTest(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.log_in(self.alice)
        self.deck = Deck.objects.get(owner=self.alice, name="deck 4")
        self.url = f"/decks/{self.deck.pk}/"

    def saved(self) -> Deck:
        return Deck.objects.get(pk=self.deck.pk)

    def messages_of(self, response: object) -> list[str]:
        return [str(m) for m in response.wsgi_request._messages]  # type: ignore[attr-defined]

    def test_the_editor_shows_pool_deck_filters_and_actions(self) -> None:
        page = self.client.get(self.url).content.decode()
        for part in ('id="pool"', 'id="deck"', 'name="cls"', 'name="keyword"', 'name="cost"',
                     'name="advanced"', 'name="support"', 'id="id_card_name"', "Rename deck",
                     "Reset", "Randomize", "Finish", "Export", "Import", "Auto",
                     "Average cost per turn", "0/45 cards"):
            assert part in page, part
        # The pool starts on Common cards, and the class filter says so.
        assert f"Card pool <span class=\"count\">({len(COMMONS)} cards)" in page
        assert page.count('class="pool-card') == POOL_PAGE_SIZE
        assert '<option value="common" selected>' in page

    def test_the_pool_comes_in_pages_so_no_editor_page_is_heavy(self) -> None:
        """Issue 22: the whole pool at once made a 770 KB page; pages of 48 cards keep every
        page of the editor small, and every card is on exactly one page."""
        seen: list[str] = []
        pages = -(-len(CARDS[1:]) // POOL_PAGE_SIZE)
        for number in range(1, pages + 1):
            response = self.client.get(self.url, {"cls": "", "page": number})
            html = response.content.decode()
            assert len(response.content) < 250_000, (number, len(response.content))
            seen += re.findall(r'id="pool-card-(\d+)"', html)
            if number < pages:
                assert 'rel="next"' in html and "part=pool" in html
        assert sorted(map(int, seen)) == sorted(card.id for card in CARDS[1:])
        last = self.client.get(self.url, {"cls": "", "page": 999}).content.decode()
        assert f"Page {pages} of {pages}" in last, "a page past the end shows the last"

    def test_only_the_owner_sees_or_changes_a_deck(self) -> None:
        bobs = Deck.objects.get(owner=self.bob, name="deck 4")
        assert self.client.get(f"/decks/{bobs.pk}/").status_code == 404
        assert self.post(f"/decks/{bobs.pk}/take/", {"card": COMMONS[0]}).status_code == 404
        assert self.client.get(f"/decks/{bobs.pk}/export/").status_code == 404
        assert self.post(f"/decks/{bobs.pk}/reset/", {"confirm": "yes"}).status_code == 404
        assert Deck.objects.get(pk=bobs.pk).card_count == 0

    def test_forms_need_the_csrf_token(self) -> None:
        response = self.client.post(f"{self.url}take/", {"card": COMMONS[0]})
        assert response.status_code == 403 and self.saved().card_count == 0

    def test_htmx_filtering_returns_only_the_pool(self) -> None:
        response = self.client.get(self.url, {"part": "pool", "cls": "rare", "keyword": "Holy"},
                                   **HTMX)
        html = response.content.decode()
        assert html.startswith('<section id="pool"') and "<html" not in html
        holy_rares = [c for c in RARES if "Holy" in CARDS[c].keywords]
        assert html.count('class="pool-card') == len(holy_rares)

    def test_c_deck_1_take_by_htmx_answers_with_the_deck_and_the_pool_card(self) -> None:
        response = self.post(f"{self.url}take/", {"card": COMMONS[0], "filters": "cls=common"},
                             **HTMX)
        html = response.content.decode()
        assert response.status_code == 200 and html.startswith('<section id="deck"')
        assert "Took " in html and "1/45 cards" in html
        assert f'id="pool-card-{COMMONS[0]}" hx-swap-oob="true"' in html
        assert "In deck" in html
        assert slots(self.saved()).common[0] == COMMONS[0]

    def test_c_deck_1_a_refused_take_says_why_and_changes_nothing(self) -> None:
        self.post(f"{self.url}take/", {"card": COMMONS[0]}, **HTMX)
        response = self.post(f"{self.url}take/", {"card": COMMONS[0]}, **HTMX)
        html = response.content.decode()
        assert 'role="alert"' in html and "already in the deck" in html
        assert "hx-swap-oob" not in html
        assert self.saved().card_count == 1
        response = self.post(f"{self.url}take/", {"card": "nonsense"})
        assert response.status_code == 302
        assert any("no card" in m for m in self.messages_of(response))

    def test_c_deck_1_take_and_return_without_javascript_redirect_keeping_filters(self) -> None:
        response = self.post(f"{self.url}take/", {"card": RARES[0],
                                                  "filters": "cls=rare&cost=bogus&name=x"})
        assert response.status_code == 302
        assert response["Location"] == f"{self.url}?cls=rare&name=x"  # cleaned
        response = self.post(f"{self.url}return/", {"card": RARES[0]})
        assert response.status_code == 302 and self.saved().card_count == 0
        assert any("Returned" in m for m in self.messages_of(response))

    def test_c_deck_3_rename_and_its_refusal(self) -> None:
        response = self.post(f"{self.url}rename/", {"name": "Tower rush"})
        assert response.status_code == 302 and self.saved().name == "Tower rush"
        response = self.post(f"{self.url}rename/", {"name": "Deck 1"})
        assert self.saved().name == "Tower rush"
        assert any("already have a deck" in m for m in self.messages_of(response))

    def test_c_deck_5_reset_asks_first(self) -> None:
        deck = Deck.objects.get(owner=self.alice, name="deck 1")
        page = self.client.get(f"/decks/{deck.pk}/reset/").content.decode()
        assert "Empty all 45 slots" in page and 'name="confirm" value="yes"' in page
        assert Deck.objects.get(pk=deck.pk).ready  # asking changes nothing
        self.post(f"/decks/{deck.pk}/reset/", {})
        assert Deck.objects.get(pk=deck.pk).ready  # not confirmed
        self.post(f"/decks/{deck.pk}/reset/", {"confirm": "yes"})
        assert Deck.objects.get(pk=deck.pk).card_count == 0

    def test_c_deck_6_randomize_asks_first(self) -> None:
        assert "Replace every card" in self.client.get(f"{self.url}randomize/").content.decode()
        assert self.saved().card_count == 0
        self.post(f"{self.url}randomize/", {"confirm": "yes"})
        assert self.saved().ready

    def test_c_deck_7_finish_completes_the_deck(self) -> None:
        self.post(f"{self.url}take/", {"card": UNCOMMONS[4]})
        response = self.post(f"{self.url}finish/", {})
        assert self.saved().ready and slots(self.saved()).uncommon[0] == UNCOMMONS[4]
        assert any("44 random cards" in m for m in self.messages_of(response))

    def test_c_deck_9_and_10_token_forms(self) -> None:
        html = self.post(f"{self.url}tokens/", {"token1": "none", "token2": "Mage",
                                                "token3": "Mage"}, **HTMX).content.decode()
        assert slots(self.saved()).tokens == ["Mage", "none", "none"]
        assert '<option value="Mage" selected>' in html
        html = self.post(f"{self.url}tokens/", {"token1": "Dragon"}, **HTMX).content.decode()
        assert "not a token keyword" in html
        assert slots(self.saved()).tokens == ["Mage", "none", "none"]
        deck = Deck.objects.get(owner=self.alice, name="deck 1")
        html = self.post(f"/decks/{deck.pk}/auto/", {}, **HTMX).content.decode()
        tokens = slots(Deck.objects.get(pk=deck.pk)).tokens
        assert tokens[0] != "none" and "Token counters: " + tokens[0] in html

    def test_c_deck_8_the_average_cost_is_shown(self) -> None:
        deck = Deck.objects.get(owner=self.alice, name="deck 1")
        page = self.client.get(f"/decks/{deck.pk}/").content.decode()
        average = average_cost(deck)
        assert f'title="Bricks">{average.bricks}</span>' in page
        assert f'title="Recruits">{average.recruits}</span>' in page

    def test_c_deck_12_export_downloads_the_deck_file(self) -> None:
        deck = Deck.objects.get(owner=self.alice, name="deck 1")
        response = self.client.get(f"/decks/{deck.pk}/export/")
        assert response["Content-Disposition"] == 'attachment; filename="deck_1.csv"'
        assert response["Content-Type"].startswith("text/csv")
        assert response.content.decode().startswith("deck 1\n54,240,71,")

    def test_c_deck_13_import_replaces_the_deck_or_refuses_with_a_reason(self) -> None:
        source = Deck.objects.get(owner=self.alice, name="deck 3")
        text = self.client.get(f"/decks/{source.pk}/export/").content.decode()
        upload = SimpleUploadedFile("deck_3.csv", text.replace("deck 3", "third").encode())
        response = self.post(f"{self.url}import/", {"deck_file": upload})
        assert response.status_code == 302
        assert self.saved().name == "third"
        assert slots(self.saved()).sections == slots(source).sections
        bad = SimpleUploadedFile("bad.csv", text.encode())  # "deck 3" is taken
        response = self.post(f"{self.url}import/", {"deck_file": bad})
        assert any("Import refused" in m and "already have a deck" in m
                   for m in self.messages_of(response))
        assert self.saved().name == "third"
        response = self.post(f"{self.url}import/", {})
        assert any("Choose a deck file" in m for m in self.messages_of(response))
