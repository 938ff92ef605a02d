"""The card database section: every card with the deck filters, a page per card with its
keywords' descriptions, and the keywords page."""

from __future__ import annotations

from marcomage.games.marcomage.cards import CARDS, KEYWORD_NAMES

from ..base import BaseTestCase


class CardDatabaseTest(BaseTestCase):
    def test_it_lists_every_card_a_page_at_a_time(self) -> None:
        page = self.client.get("/cards/").content.decode()
        assert f"({len(CARDS) - 1} cards)" in page
        assert page.count('class="pool-card"') == 60 and "Page 1 of 9" in page
        last = self.client.get("/cards/", {"page": 9}).content.decode()
        assert last.count('class="pool-card"') == len(CARDS) - 1 - 8 * 60

    def test_it_filters_like_the_deck_editor_and_answers_htmx_with_the_results(self) -> None:
        html = self.client.get("/cards/", {"cls": "rare", "keyword": "Dragon"},
                               HTTP_HX_REQUEST="true").content.decode()
        dragons = [c for c in CARDS if c.rarity == 2 and "Dragon" in c.keywords]
        assert html.startswith('<section id="pool"')
        assert html.count('class="pool-card"') == len(dragons)
        assert f'href="/cards/{dragons[0].id}/"' in html

    def test_a_card_page_explains_its_keywords(self) -> None:
        card = next(c for c in CARDS if "Holy" in c.keywords)
        page = self.client.get(f"/cards/{card.id}/").content.decode()
        assert card.name in page and 'id="holy"' in page
        assert "Token gain: 25 basic, 5 bonus" in page
        assert self.client.get("/cards/0/").status_code == 404
        assert self.client.get(f"/cards/{len(CARDS)}/").status_code == 404

    def test_the_keywords_page_describes_all_28_keywords(self) -> None:
        page = self.client.get("/cards/keywords/").content.decode()
        assert len(KEYWORD_NAMES) == 28
        for name in KEYWORD_NAMES:
            assert f'id="{name.lower().replace(" ", "-")}"' in page, name
