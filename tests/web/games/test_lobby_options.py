"""PL-PROTO-7 from the lobby: a game's options are the ruleset's `Options` fields, checked by
the ruleset; an unknown option, a value of the wrong type, a format the system does not have,
a deck of another game system or of another player, a seat count it is not played by: each
refused with its reason, and no game is made."""

from __future__ import annotations

import re
from typing import Any

from marcomage.web.accounts.models import User
from marcomage.web.decks.services import give_starter_decks
from marcomage.web.games import services
from marcomage.web.games.models import Game
from marcomage.web.games.services import GameError

from ..base import BaseTestCase
from .helpers import deck_of
from .test_toy import toy_decks


class LobbyOptionTests(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.carol = User.objects.create_user("carol", "pw")
        self.log_in(self.alice)
        self.toy_deck = toy_decks(self.alice)

    def refused(self, url: str, data: dict[str, Any], reason: str) -> None:
        response = self.post(url, data, follow=True)
        self.assertContains(response, reason, status_code=response.status_code)
        self.assertLess(response.status_code, 500)
        self.assertFalse(Game.objects.exists(), data)

    def test_pl_proto_7_hosting_refuses_what_the_system_does_not_have(self) -> None:
        host = {"game": "toy", "format": "tiny", "deck": self.toy_deck}
        self.refused("/games/host/", {**host, "tricks": "9"}, "from 1 to 6")
        self.refused("/games/host/", {**host, "tricks": "2.5"}, "whole number")
        self.refused("/games/host/", {**host, "tricks": "9" * 30}, "from 1 to 6")
        self.refused("/games/host/", {**host, "format": "standard"},
                     "has no deck format &#x27;standard&#x27;")
        self.refused("/games/host/", {**host, "seats": "4"}, "played by 3 to 3")
        self.refused("/games/host/", {**host, "seats": "three"}, "must be a number")
        self.refused("/games/host/", {**host, "deck": deck_of(self.alice)},
                     "is not a deck of this game")
        self.refused("/games/host/", {**host, "deck": toy_decks(self.bob)},
                     "Choose one of your decks.")
        self.refused("/games/host/", {"game": "marcomage", "deck": self.toy_deck},
                     "is not a deck of this game")
        self.refused("/games/computer/", {**host, "level": "easy"},
                     "The computer does not play this game.")
        self.assertEqual(self.post("/games/host/", {**host, "game": "chess"}).status_code, 404)
        self.assertEqual(self.post("/games/host/", {**host, "tricks": "2"}).status_code, 302)
        self.assertEqual(Game.objects.get().options, {"tricks": 2})

    def test_pl_proto_7_a_challenge_refuses_a_deck_or_format_of_another_system(self) -> None:
        url = "/games/challenge/bob/"
        marcomage = {"game": "marcomage", "deck": deck_of(self.alice)}
        for data, reason in (({**marcomage, "deck": self.toy_deck}, "is not a deck of this game"),
                             ({**marcomage, "format": "tiny"}, "has no deck format"),
                             ({"game": "toy", "deck": self.toy_deck}, "not played by two")):
            response = self.post(url, data)
            self.assertEqual(response.status_code, 400, data)
            self.assertContains(response, reason, status_code=400)
        self.assertFalse(Game.objects.exists())

    def test_pl_proto_7_the_services_refuse_unknown_options_and_wrong_types(self) -> None:
        toy = {"ruleset": "toy"}
        for options, reason in (({"tricks": 2, "colour": "red"}, "only option"),
                                ({"tricks": "2"}, "whole number"),
                                ({"tricks": True}, "whole number"),
                                ({"tricks": None}, "whole number"),
                                ({"hidden": True}, "only option"),
                                ([("tricks", 2, 3)], "not valid")):
            with self.assertRaisesRegex(GameError, reason):
                services.host(self.alice, self.toy_deck, options=options, **toy)  # type: ignore
        marcomage = deck_of(self.alice)
        for options, reason in (({"hidden": "yes"}, "true or false"),
                                ({"hidden": 1}, "true or false"),
                                ({"hidden": True, "tricks": 2}, "no option 'tricks'")):
            with self.assertRaisesRegex(GameError, reason):
                services.challenge(self.alice, self.carol, marcomage, options=options)
        self.assertFalse(Game.objects.exists())


class OptionInputTests(BaseTestCase):
    """PL-PROTO-7 "shown in the lobby": an option with a fixed set of values is a list of
    them, a number shows its limits, and the value chosen there is the game's option."""

    def setUp(self) -> None:
        super().setUp()
        self.log_in(self.alice)

    def test_mage_wars_options_are_lists_of_their_values(self) -> None:
        page = self.client.get("/games/?game=mage_wars").content.decode()
        select = re.search(r'<select name="resource_mode">(.*?)</select>', page, re.S)
        assert select is not None, "resource_mode is not a list"
        self.assertEqual(re.findall(r'<option value="([^"]+)"', select.group(1)),
                         ["one_per_card", "all_icons"])
        self.assertIn('<option value="one_per_card" selected>One per card</option>',
                      select.group(1))
        self.assertIn('<select name="mage_selection">', page)
        self.assertIn('<select name="health_loss_choice">', page)
        self.assertNotIn('type="text" name="resource_mode"', page)

    def test_far_wilds_numbers_show_their_bounds_and_the_map_is_a_list(self) -> None:
        page = self.client.get("/games/?game=far_wilds").content.decode()
        self.assertIn('name="round_limit" value="100" min="1" max="100" required', page)
        self.assertIn('name="construction_rounds" value="3" min="1" max="10" required', page)
        self.assertRegex(page, r'<select name="map"><option value="default" selected>')
        # FW-MOVE, FW-FIGHT (issue 32): creatures move and fight by default; the option
        # stays so that the first version's placement game can still be chosen
        self.assertIn('<input type="checkbox" name="creature_movement" value="1" checked> '
                      'Creatures move and fight', page)

    def test_the_value_chosen_in_the_list_is_the_games_option(self) -> None:
        give_starter_decks(self.alice, "mage_wars")
        host = {"game": "mage_wars", "deck": deck_of(self.alice, "mage_wars"), "seats": "3",
                "resource_mode": "all_icons", "mage_selection": "choose",
                "health_loss_choice": "random"}
        self.assertEqual(self.post("/games/host/", host).status_code, 302)
        self.assertEqual(Game.objects.get().options, {
            "resource_mode": "all_icons", "mage_selection": "choose",
            "health_loss_choice": "random"})
        response = self.post("/games/host/", {**host, "resource_mode": "every_icon"},
                             follow=True)
        self.assertContains(response, "&#x27;resource_mode&#x27; is one of one_per_card, "
                                      "all_icons", status_code=response.status_code)
        self.assertEqual(Game.objects.count(), 1)
