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

        board_help = render_to_string("rulesets/far_wilds/_help.jinja",
                                      {"fw_rules": RULESET.options_from_json({})})
        self.assertNotIn("fw-help-cards", board_help)


class FarWildsHelpOrdersTest(BaseTestCase):
    """Issue 32, help: a worked example of the board's confirmations (an attack asks in a
    panel under the map; in the order list attacks and costly special actions need "I am
    sure"), quoting the texts the board itself shows."""

    def test_the_help_page_walks_through_confirming_an_attack(self) -> None:
        from marcomage.web.rulesets.far_wilds.board import attack_warning
        from marcomage.web.rulesets.far_wilds.templatetags.far_wilds_help import (
            fw_attack_example,
        )
        response = self.client.get("/help/far_wilds/")
        assert response.status_code == 200
        page = html.unescape(response.content.decode().split('id="fw-help-orders"')[1]
                             .split("</section>")[0])
        self.assertIn("Worked example: confirming an attack", page)
        example = fw_attack_example()
        warning = example["attack"]["confirm"]
        # the panel's text is the board's own warning for this attack
        self.assertEqual(warning, attack_warning(
            {"figures": [{"space": 0, "card": "briar_whelp"}, {"space": 1, "card": "ashen_titan"}]},
            {"from": 1, "to": 0}, lambda s: example["whelp_at"]))
        self.assertIn(warning, page)
        self.assertIn("Attack Briar Whelp at (0,-1) with Ashen Titan?", page)
        self.assertIn("Ashen Titan at (0,0): attack (0,-1) (Briar Whelp)", page)
        self.assertIn("<strong>Attack</strong>", page)
        self.assertIn("<strong>Cancel</strong>", page)
        self.assertIn("I am sure.", page)
        # both kinds of costly special action, each with what it costs
        self.assertIn("Cannot be taken back: it costs 1 flux.", page)
        self.assertIn("Cannot be taken back: it dims the figure until the next round.", page)
        self.assertIn("Ember Obelisk at (-1,1): Flare on (0,-1) (1 flux)", page)

    def test_the_game_page_help_leaves_the_worked_example_to_the_help_page(self) -> None:
        from django.template.loader import render_to_string

        board_help = render_to_string("rulesets/far_wilds/_help.jinja",
                                      {"fw_rules": RULESET.options_from_json({})})
        self.assertNotIn("fw-help-orders", board_help)
