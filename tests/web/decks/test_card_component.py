"""The card component: one template and tag for every section, honouring the player's card
settings (show card text, images, keywords; old card appearance)."""

from __future__ import annotations

from pathlib import Path

from django.contrib.auth.models import AnonymousUser
from django.template import Context, Template
from django.test import RequestFactory

from marcomage import web
from marcomage.games.marcomage.cards import CARDS
from marcomage.web.preferences.models import preferences_of

from ..base import BaseTestCase

TEMPLATE = Template("{% load cards %}{% card card_id %}|{{ card_id|card_name }}")


def charge_card() -> int:
    return next(c.id for c in CARDS if c.charge and len(c.keywords) >= 2)


class CardComponentTest(BaseTestCase):
    def render(self, card_id: int, user: object = None) -> str:
        request = RequestFactory().get("/")
        request.user = user if user is not None else self.alice
        return TEMPLATE.render(Context({"request": request, "card_id": card_id}))

    def test_it_shows_name_cost_rarity_art_keywords_and_text(self) -> None:
        card = CARDS[charge_card()]
        html = self.render(card.id)
        assert f'data-card="{card.id}"' in html and f"card-{card.rarity_name.lower()}" in html
        assert f'<span class="card-name">{card.name}</span>' in html
        for resource, amount in (("bricks", card.bricks), ("gems", card.gems),
                                 ("recruits", card.recruits)):
            assert (f'class="cost cost-{resource}"' in html) == bool(amount)
        assert '<svg class="card-art' in html
        assert f"Charge ({card.charge})</a>" in html
        assert 'href="/cards/keywords/#charge"' in html  # each keyword links to its description
        assert 'class="card-text"' in html
        assert html.endswith("|" + card.name)

    def test_rarity_classes_give_the_manuals_border_colours(self) -> None:
        for card_id, rarity in ((1, "common"), (5, "uncommon"), (32, "rare")):
            assert f"card card-{rarity}" in self.render(card_id)
        css = (Path(web.__file__).parent / "static/marcomage/cards.css").read_text()
        tokens = (Path(web.__file__).parent / "static/marcomage/site.css").read_text()
        for rarity, colour in (("common", "#2f8f3a"), ("uncommon", "#8b5a2b"),  # green, brown
                               ("rare", "#e0b81f")):  # yellow: the design system's frames
            assert f".card-{rarity} {{ --rarity: var(--frame-{rarity}); }}" in css
            assert f"--frame-{rarity}: {colour};" in tokens

    def test_the_players_settings_hide_text_images_and_keywords(self) -> None:
        preferences = preferences_of(self.alice)
        preferences.show_card_text = False
        preferences.show_card_images = False
        preferences.show_card_keywords = False
        preferences.save()
        html = self.render(charge_card())
        assert 'class="card-text"' not in html and "<svg" not in html
        assert 'class="card-keywords"' not in html
        assert "card-old" not in html and 'class="card-name"' in html

    def test_old_card_appearance_adds_its_class(self) -> None:
        preferences = preferences_of(self.bob)
        preferences.old_card_appearance = True
        preferences.save()
        assert "card-old" in self.render(1, self.bob)
        assert "card-old" not in self.render(1, self.alice)

    def test_visitors_get_the_default_card(self) -> None:
        html = self.render(1, AnonymousUser())
        assert 'class="card-text"' in html and "<svg" in html

    def test_the_text_is_escaped(self) -> None:
        # Card texts hold literal "<" and ">" as comparison signs.
        card = next(c for c in CARDS if "<" in c.text)
        html = self.render(card.id)
        assert "&lt;" in html
