"""The Help section (issue 22, item 3): the site's topics, MArcomage's rules with EXP figures read
from the rating code, and a page of rules for every game system."""

from __future__ import annotations

from marcomage.games import registered

from .base import BaseTestCase


class HelpTest(BaseTestCase):
    def page(self, url: str = "/help/") -> str:
        response = self.client.get(url)
        assert response.status_code == 200, url
        return response.content.decode()

    def test_help_covers_every_topic_of_the_manual(self) -> None:
        page = self.page()
        for anchor in ("help-start", "help-players", "help-messages", "help-forum", "help-settings",
                       "help-colours", "help-shortcuts", "mc-goal", "mc-resources", "mc-turn",
                       "mc-decks", "mc-keywords", "mc-modes", "mc-exp"):
            assert f'id="{anchor}"' in page, anchor
            assert page.count(f'id="{anchor}"') == 1, f"{anchor} twice"
        assert 'href="/cards/keywords/"' in page, "the keyword pages are linked"

    def test_the_title_is_short(self) -> None:
        """The page title is "Help", not the whole help text."""
        title = self.page().split("<title>")[1].split("</title>")[0]
        assert title == "Help · MArcomage"

    def test_exp_tables_are_the_manuals_figures(self) -> None:
        """Manual, "Experience": phase 1 modifiers, phase 3 ratings and phase 4 awards."""
        page = self.page()
        exp = page.split('id="mc-exp"')[1].split("</section>")[0]
        for row in ("<td>Victory: Resource accumulation</td><td>115%</td>",
                    "<td>Victory: Tower destruction</td><td>105%</td>",
                    "<td>Draw</td><td>50%</td>",
                    "<td>Loss: Surrender</td><td>0%</td>",
                    "<td>Major achievement</td><td>+75%</td>",
                    "<td>Tactical achievement</td><td>+0%</td>",
                    "<td>Gentle touch</td><td>+20%</td>",
                    "<td>Survivor</td><td>+90%</td>"):
            assert row in exp, row
        assert exp.count("<td>Victory: ") == 6 and exp.count("<td>Loss: ") == 6

    def test_every_game_system_has_its_own_rules_page(self) -> None:
        systems = [(rid, name) for rid, name in registered() if rid != "toy"]
        assert {rid for rid, _ in systems} == {
            "marcomage", "arcana", "elder_tale", "mage_wars", "far_wilds"}
        contents = self.page().split('aria-label="Help contents"')[1].split("</nav>")[0]
        for ruleset_id, name in systems:
            assert f'href="/help/{ruleset_id}/"' in contents
            own = self.page(f"/help/{ruleset_id}/")
            assert f'id="help-{ruleset_id}"' in own and "How to play" in own
            assert own.split("<title>")[1].startswith(f"How to play {name}")
        assert self.client.get("/help/chess/").status_code == 404

    def test_the_game_screen_links_its_rules(self) -> None:
        from .games.helpers import start

        game = start(self.alice, self.bob)
        page = self.log_in(self.alice).get(f"/games/{game.pk}/").content.decode()
        assert 'href="/help/marcomage/"' in page
