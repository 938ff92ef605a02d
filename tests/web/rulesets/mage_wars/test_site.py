"""Mage Wars on the site: 3- and 4-seat games through the lobby, turn notifications for the
seat that must decide, the shared-table board with its prompts and legal actions in words,
surrender that leaves the game going (MW-WIN-4), the computer, replays, and no payload to a
seat holding what it may not see (PL-VIEW-1)."""

from __future__ import annotations

import html
import json
import re

from django.test import Client

from marcomage.games import find_ruleset
from marcomage.games.mage_wars.cards import CARDS
from marcomage.platform.rng import Rng
from marcomage.web.accounts.models import User
from marcomage.web.decks.services import give_starter_decks, ready_decks
from marcomage.web.games import computer, services
from marcomage.web.games.models import COMPUTER_SEAT, Game, Seat, Status
from marcomage.web.games.payload import render_board

from ...base import BaseTestCase
from ...games.helpers import deck_of, seeded, verified

MW = find_ruleset("mage_wars")
CSRF = re.compile(r'<input type="hidden" name="csrfmiddlewaretoken" value="[^"]*">')
BUTTON = re.compile(r'name="action" value="([^"]*)"')
DIV = re.compile(r"<(/?)div\b[^>]*>")


def board_part(payload: str) -> str:
    start = payload.index('<div id="game-board"')
    depth = 0
    for tag in DIV.finditer(payload, start):
        depth += -1 if tag.group(1) else 1
        if depth == 0:
            return CSRF.sub("", payload[start:tag.end()])
    raise AssertionError("the board is not closed")


class MageWarsSiteTests(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.carol = User.objects.create_user("carol", "pw")
        self.dave = User.objects.create_user("dave", "pw")
        self.players = [self.alice, self.bob, self.carol, self.dave]
        for user in self.players:
            give_starter_decks(user, "mage_wars")

    def hosted(self, seats: int, seed: int = 3, host: int = 0, **options: str) -> Game:
        """A game hosted by players[host] and joined by the next ones in turn."""
        order = self.players[host:] + self.players[:host]
        game = services.host(order[0], deck_of(order[0], "mage_wars"),
                             ruleset="mage_wars", options=options, seats=seats)
        for user in order[1:seats - 1]:
            services.join(user, game.pk, deck_of(user, "mage_wars"))
            self.assertEqual(Game.objects.get(pk=game.pk).status, Status.HOSTED)
        with seeded(seed):
            services.join(order[seats - 1], game.pk, deck_of(order[seats - 1], "mage_wars"))
        found = services.find_game(game.pk)
        assert found is not None
        return found

    def test_starter_pack_is_ready_for_every_player(self) -> None:
        self.assertEqual(len(ready_decks(self.bob, "mage_wars")), 1)

    def test_lobby_fills_3_and_4_seat_games_and_notifies_the_deciding_seat(self) -> None:
        for seats, host in ((3, 0), (4, 3)):
            game = self.hosted(seats, host=host)
            self.assertEqual(game.status, Status.RUNNING)
            state = services.game_state(game)
            self.assertEqual(len(state.players), seats)
            acting = set(Seat.objects.filter(game=game, to_act=True).values_list(
                "number", flat=True))
            self.assertEqual(acting, set(MW.to_act(state)))
            (deciding,) = acting
            seated = [s.user for s in game.seat_list()]
            user = seated[deciding]
            self.assertIn(game, list(services.your_turn(user)))
            for other in seated:
                if other != user:
                    self.assertNotIn(game, list(services.your_turn(other)))

    def test_board_shows_the_table_prompt_and_legal_actions_in_words(self) -> None:
        game = self.hosted(3, seed=4)
        state = services.game_state(game)
        (seat,) = MW.to_act(state)
        client = Client()
        client.force_login(self.players[seat])
        page = client.get(f"/games/{game.pk}/").content.decode()
        self.assertIn("mw-board", page)
        self.assertEqual(len(re.findall(r'class="mw-area[ "]', page)), 3)
        self.assertIn("Centre", page)
        self.assertIn("Round 1.", page)
        buttons = [json.loads(html.unescape(b)) for b in BUTTON.findall(page)]
        self.assertCountEqual(buttons, MW.legal_actions(state, seat))  # grouped by kind
        if any(b["type"] == "end_turn" for b in buttons):
            self.assertIn("End the turn", page)
        mine = state.players[seat]
        for iid in mine.hand:
            self.assertIn(f'data-card="{iid}"', page)

    def test_a_whole_3_seat_game_over_http_leaks_nothing_and_replays(self) -> None:
        game = self.hosted(3, seed=9)
        clients = []
        for user in self.players[:3]:
            client = Client()
            client.force_login(user)
            clients.append(client)
        rng = Rng.from_seed(4)
        resample = Rng.from_seed(5)
        moves = 0
        while True:
            fresh = Game.objects.get(pk=game.pk)
            if fresh.status != Status.RUNNING:
                break
            state = services.game_state(fresh)
            (seat,) = MW.to_act(state)
            if moves % 7 == 0:  # every seat's page holds its own view only
                for number in range(3):
                    real = board_part(render_board(fresh, self.players[number]))
                    other = MW.resample_hidden(state, number, resample)
                    fresh.state = MW.to_json(other)
                    self.assertEqual(board_part(render_board(fresh, self.players[number])),
                                     real, f"seat {number} sees a hidden card")
                    fresh.state = MW.to_json(state)
            legal = MW.legal_actions(state, seat)
            calm = [a for a in legal if a["type"] != "use_health"] or legal
            action = calm[rng.below(len(calm))]
            response = clients[seat].post(f"/games/{game.pk}/act/", {
                "version": fresh.version, "action": json.dumps(action)},
                HTTP_HX_REQUEST="true")
            self.assertEqual(response.status_code, 200)
            moves += 1
            self.assertLess(moves, 3000)
        finished = Game.objects.get(pk=game.pk)
        self.assertIsNotNone(finished.outcome)
        self.assertTrue(verified(finished).ok)
        replay = clients[1].get(f"/replays/{game.pk}/?step={moves // 2}")
        self.assertEqual(replay.status_code, 200)
        shown = replay.content.decode()
        self.assertIn("mw-board", shown)
        self.assertEqual(len(re.findall(r'class="mw-area[ "]', shown)), 3)

    def test_MW_WIN_4_a_surrender_leaves_the_game_going_for_the_others(self) -> None:
        game = self.hosted(3, seed=6)
        services.surrender(self.bob, game.pk)
        game = Game.objects.get(pk=game.pk)
        self.assertEqual(game.status, Status.RUNNING)
        state = services.game_state(game)
        self.assertTrue(state.players[1].left)
        self.assertFalse(Seat.objects.get(game=game, number=1).to_act)
        with self.assertRaises(services.GameError):
            services.surrender(self.bob, game.pk)
        services.surrender(self.alice, game.pk)
        game = Game.objects.get(pk=game.pk)
        self.assertEqual(game.status, Status.FINISHED)
        self.assertEqual(game.outcome["winners"], [2])
        self.assertTrue(verified(game).ok)

    def test_the_computer_plays_a_two_seat_game_to_the_end(self) -> None:
        self.assertTrue(computer.plays("mage_wars"))
        with seeded(2):
            game = computer.start(self.alice, deck_of(self.alice, "mage_wars"), "easy",
                                  ruleset="mage_wars")
        rng = Rng.from_seed(8)
        for _ in range(3000):
            game.refresh_from_db()
            if game.status == Status.FINISHED:
                break
            state = services.game_state(game)
            (seat,) = MW.to_act(state)
            if seat == COMPUTER_SEAT:
                self.assertGreaterEqual(computer.play_turns(game.pk), 1)
            else:
                legal = MW.legal_actions(state, seat)
                calm = [a for a in legal if a["type"] != "use_health"] or legal
                services.act(self.alice, game.pk, game.version, calm[rng.below(len(calm))])
        game = Game.objects.get(pk=game.pk)
        self.assertEqual(game.status, Status.FINISHED)
        self.assertIn(COMPUTER_SEAT, {s.seat for s in game.steps.all()})
        self.assertTrue(verified(game).ok)

    def test_help_page_explains_mage_wars(self) -> None:
        page = self.client.get("/help/").content.decode()
        self.assertIn("How to play Mage Wars", page)
        for mechanic in ("Falling for good", "Potions", "Meddling", "Structures that choose"):
            self.assertIn(mechanic, page)  # issue 33: each with a worked example
        for name in ("Ironbark Tonic", "Sly Fingers", "Tangleweed Snare", "Tidal Shrine",
                     "Ember Beacon", "Menagerie Gate", "Grey Arbiter", "Lumen Warden"):
            self.assertIn(html.escape(name), page)
            self.assertTrue(any(c.name == name for c in CARDS.values()), name)


class PackEditorTests(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        give_starter_decks(self.alice, "mage_wars")
        self.client.force_login(self.alice)
        self.deck = ready_decks(self.alice, "mage_wars")[0]

    def test_the_editor_lists_every_card_by_deck_and_filters(self) -> None:
        page = self.client.get(f"/decks/{self.deck.pk}/").content.decode()
        self.assertIn("ready to play", page)
        self.assertEqual(page.count("<tr data-card="), len(CARDS))
        page = self.client.get(f"/decks/{self.deck.pk}/?deck=fate&type=curse").content.decode()
        self.assertEqual(page.count("<tr data-card="), 2)
        self.assertIn("Hex of Sloth", page)

    def test_a_change_is_saved_and_violations_show_at_once(self) -> None:
        client = Client()
        client.force_login(self.alice)
        mages = [c.id for c in CARDS.values() if c.type == "mage"]
        total = self.deck.card_count
        for mage in mages:  # issue 33: a legal pack can leave out any one mage
            page = client.post(f"/decks/{self.deck.pk}/pack/", {"card": mage, "count": 0},
                               HTTP_HX_REQUEST="true").content.decode()
            self.assertIn("ready to play", page)
            client.post(f"/decks/{self.deck.pk}/pack/", {"card": mage, "count": 1})
        for mage in mages[:len(mages) - 3]:  # three mages left: too few, and it says why
            page = client.post(f"/decks/{self.deck.pk}/pack/", {"card": mage, "count": 0},
                               HTTP_HX_REQUEST="true").content.decode()
        self.assertIn('data-code="TOO_FEW_MAGES"', page)
        self.assertIn("holds 3 different mages; a pack needs at least 4", page)
        self.deck.refresh_from_db()
        self.assertFalse(self.deck.ready)
        for mage in mages:
            client.post(f"/decks/{self.deck.pk}/pack/", {"card": mage, "count": 1})
        client.post(f"/decks/{self.deck.pk}/pack/", {"card": "no_such", "count": 1})
        client.post(f"/decks/{self.deck.pk}/pack/", {"card": "spark", "count": 99})
        self.deck.refresh_from_db()
        self.assertTrue(self.deck.ready)
        self.assertEqual(self.deck.card_count, total)
        # DUPLICATE_MAGE: the editor offers a mage once and refuses a second copy
        page = client.get(f"/decks/{self.deck.pk}/").content.decode()
        row = page.split('<tr data-card="lumen_warden">')[1].split("</tr>")[0]
        self.assertIn('<option value="1"', row)
        self.assertNotIn('<option value="2"', row)
        client.post(f"/decks/{self.deck.pk}/pack/", {"card": "lumen_warden", "count": 2})
        self.deck.refresh_from_db()
        self.assertTrue(self.deck.ready)
        self.assertIn({"card": "lumen_warden", "count": 1}, self.deck.entries)
        other = User.objects.create_user("eve", "pw")
        intruder = Client()
        intruder.force_login(other)
        self.assertEqual(intruder.post(f"/decks/{self.deck.pk}/pack/",
                                       {"card": "spark", "count": 0}).status_code, 404)


def test_MW_DEATH_2_MW_CARD_4_the_board_offers_draw_dead_and_discard_item_in_words() -> None:
    """Every legal action has a button under a group: the dead turn's draws (MW-DEATH-2)
    and discarding an item (MW-CARD-4) are shown with their labels."""
    from marcomage.games.mage_wars import engine, health
    from marcomage.web.rulesets.mage_wars import board

    from ....games.mage_wars.tables import empty_hands, game, main_turn, put, set_mage

    state = empty_hands(main_turn(game(2, seed=21), 0))
    set_mage(state, 0, "lumen_warden")  # no mage that wins when the other dies
    set_mage(state, 1, "umbral_tyrant")
    staff = put(state, 0, "items", "oak_staff")[0]
    legal = MW.legal_actions(state, 0)
    labels = [row["label"] for group in board.context(MW.view(state, 0), 0, legal, [])[
        "action_groups"] for row in group["actions"]]
    assert {"type": "discard_item", "card": staff} in legal
    assert "Discard the item Oak Staff" in labels
    health.die(state, 1)
    engine.begin_turn(state, 1)
    engine.settle(state)
    legal = MW.legal_actions(state, 1)
    labels = [row["label"] for group in board.context(MW.view(state, 1), 1, legal, [])[
        "action_groups"] for row in group["actions"]]
    assert len(labels) == len(legal)
    for deck in ("Enchanted", "Mystic", "Arcane"):
        assert f"Draw 1 card from the {deck} deck" in labels


def test_MW_HEALTH_7_costly_actions_are_set_apart_and_the_last_health_card_warns() -> None:
    """Issue 33: using a health card, abandoning a craft and discarding a kept card sit in
    their own group, each with its cost in words and a box to tick before it is sent; the
    last health card warns that the mage dies."""
    from django.template.loader import render_to_string

    from marcomage.web.rulesets.mage_wars import board

    from ....games.mage_wars.tables import empty_hands, game, main_turn, put, set_mage

    state = empty_hands(main_turn(game(2, seed=21), 0))
    set_mage(state, 0, "lumen_warden")
    put(state, 0, "items", "oak_staff")
    state.players[0].health = state.players[0].health[:1]
    legal = MW.legal_actions(state, 0)
    groups = board.context(MW.view(state, 0), 0, legal, [])["action_groups"]
    costly = [g for g in groups if g["costly"]]
    assert len(costly) == 1
    kinds = {json.loads(row["json"])["type"] for row in costly[0]["actions"]}
    assert kinds == {"use_health", "discard_item"}
    use = next(r for r in costly[0]["actions"] if '"use_health"' in r["json"])
    assert "your mage dies" in use["warning"]
    assert all(not row["warning"] for g in groups if not g["costly"] for row in g["actions"])
    page = render_to_string("rulesets/mage_wars/_board.jinja",
                            {"action_groups": groups, "game": {"pk": 1}, "table": board.context(
                                MW.view(state, 0), 0, legal, [])["table"]})
    assert page.count('name="confirm" value="yes" required') == 2
