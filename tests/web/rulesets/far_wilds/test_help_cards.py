"""Issue 32, help: The Far Wilds help page teaches the four card kinds, the keywords and the
premade armies with a worked example each, in the names, numbers and texts of the card
file."""

from __future__ import annotations

import html

from marcomage.games.far_wilds.cards import CARDS
from marcomage.games.far_wilds.ruleset import RULESET

from ...base import BaseTestCase


class FarWildsHelpCardsTest(BaseTestCase):
    def page(self) -> str:
        response = self.client.get("/help/far_wilds/")
        assert response.status_code == 200
        return html.unescape(response.content.decode().split('id="fw-help-cards"')[1])

    def test_each_card_kind_has_a_worked_example_from_the_card_file(self) -> None:
        page = self.page()
        for kind in ("Buildings", "Creatures", "Spells", "Enchantments", "Keywords"):
            self.assertIn(f"<h4>{kind}</h4>", page)
        self.assertEqual(page.count('class="fw-example"'), 5)
        for card_id in ("mossroot_lodge", "old_oak_watch", "briar_whelp", "glade_archer",
                        "firebolt", "rockslide", "barkskin", "ley_anchor", "green_season"):
            found = CARDS[card_id]
            self.assertIn(found.name, page)
            self.assertIn(found.text, page)
        whelp = CARDS["briar_whelp"]
        self.assertIn(f"Attack {whelp.attack} · HP {whelp.health} · Speed {whelp.speed}", page)
        self.assertIn(str(sum(c.deckable for c in CARDS.values())) + " cards", page)

    def test_every_keyword_of_the_set_is_explained(self) -> None:
        page = self.page().split('class="fw-keywords"')[1].split("</dl>")[0]
        words = {w.rstrip("0123456789 ") for c in CARDS.values() for w in c.keywords}
        for word in words:
            self.assertIn(f"<dt>{word}</dt>", page)
        self.assertNotIn("<dd> (e.g.", page)  # no keyword without its explanation

    def test_the_premade_armies_are_named_with_their_plan_and_an_opening(self) -> None:
        page = self.page()
        for army in RULESET.starter_decks():
            self.assertIn(f"<strong>{army['name']}</strong>", page)
        self.assertIn("Worked example: the first rounds of the Ashstone Warband", page)
        self.assertIn("Highlander, 40 cards", page)

    def test_the_game_page_help_leaves_the_card_section_to_the_help_page(self) -> None:
        from django.template.loader import render_to_string

        board_help = render_to_string("rulesets/far_wilds/_help.html",
                                      {"fw_rules": RULESET.options_from_json({})})
        self.assertNotIn("fw-help-cards", board_help)
