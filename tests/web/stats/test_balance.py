"""The Balance page (issue 25): the latest `marcomage balance` run from the data directory,
with its strongest and weakest cards and outliers; a clear note when there is no run."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from django.test import override_settings

from marcomage.lab.analysis import summary
from marcomage.lab.games import Setup
from marcomage.lab.tournament import run

from ..base import BaseTestCase


class BalancePageTest(BaseTestCase):
    def test_without_a_run_the_page_says_how_to_make_one(self) -> None:
        with tempfile.TemporaryDirectory() as tmp, override_settings(DATA_DIR=Path(tmp)):
            page = self.client.get("/stats/balance/")
        assert page.status_code == 200
        assert "No balance run yet" in page.content.decode()

    def test_the_latest_run_shows_its_cards_outliers_and_first_player(self) -> None:
        results = run(Setup("marcomage", ("random", "random"), "page"), 30, jobs=1)
        from marcomage.lab.command import card_names

        doc = summary(results, card_names("marcomage"))
        doc["cards"][0]["name"] = "<Goblin & co>"  # names are escaped on the page
        with tempfile.TemporaryDirectory() as tmp, override_settings(DATA_DIR=Path(tmp)):
            (Path(tmp) / "balance").mkdir()
            (Path(tmp) / "balance" / "latest.json").write_text(json.dumps(doc))
            page = self.client.get("/stats/balance/").content.decode()
            index = self.client.get("/stats/").content.decode()
        assert "30 games of marcomage" in page and "decks holding it" in page
        assert "Seats that held it early" not in page
        assert "&lt;Goblin &amp; co&gt;" in page and "<Goblin" not in page
        assert doc["cards"][-1]["name"] in page  # the weakest card
        assert "<svg" in page and f"won {doc['first_player']['wins']} of" in page
        assert 'href="/stats/balance/"' in index

    def test_a_shared_pack_run_says_its_rows_are_seats_that_held_a_card_early(self) -> None:
        """Issue 33: Mage Wars' rows count the seats that held a card early, and the page says so
        (a deck run's page keeps saying decks, checked above by its wording)."""
        from marcomage.games import find_ruleset
        from marcomage.lab.command import card_names

        sides = tuple(find_ruleset("mage_wars").sides())
        results = run(Setup("mage_wars", ("random",) * 3, "page", None, sides), 4, jobs=1)
        doc = summary(results, card_names("mage_wars"))
        with tempfile.TemporaryDirectory() as tmp, override_settings(DATA_DIR=Path(tmp)):
            (Path(tmp) / "balance").mkdir()
            (Path(tmp) / "balance" / "latest.json").write_text(json.dumps(doc))
            page = self.client.get("/stats/balance/").content.decode()
        assert doc["cards"] and doc["cards"][0]["name"] in page
        assert "win rate of seats that held it early" in page
        assert "Seats that held it early" in page
        assert "decks holding it" not in page
