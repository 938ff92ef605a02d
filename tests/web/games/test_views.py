"""The Games pages over HTTP: lists, challenge form, game screen, htmx fragments, CSRF,
404 for outsiders, and user text always escaped (C-SITE-2, C-SITE-3, C-SITE-4)."""

from __future__ import annotations

from django.test import Client

from marcomage.games.marcomage import to_json
from marcomage.web.accounts.models import User
from marcomage.web.games import services
from marcomage.web.games.models import ChatMessage, Game, Status
from marcomage.web.preferences.models import Preferences

from ..base import BaseTestCase
from .helpers import deck_of, start, to_act, to_move

EVIL = '<script>alert("x")</script>'


class LobbyViewTests(BaseTestCase):
    def test_games_list_needs_login_and_shows_the_host_form(self) -> None:
        self.assertEqual(self.client.get("/games/").status_code, 302)
        self.log_in(self.alice)
        page = self.client.get("/games/").content.decode()
        self.assertIn('id="host-form"', page)
        self.assertIn("Game slots: 0 of 15", page)

    def test_challenge_form_sends_a_challenge_and_escapes_its_text(self) -> None:
        self.log_in(self.alice)
        self.assertEqual(self.client.get("/games/challenge/bob/").status_code, 200)
        response = self.post("/games/challenge/bob/",
                             {"deck": deck_of(self.alice), "message": EVIL, "hidden": "1"})
        self.assertEqual(response.status_code, 302)
        game = Game.objects.get()
        self.assertTrue(game.options["hidden"])
        bob = Client(enforce_csrf_checks=True)
        self.log_in(self.bob, bob)
        page = bob.get("/games/").content.decode()
        self.assertIn("&lt;script&gt;", page)
        self.assertNotIn(EVIL, page)

    def test_a_refused_challenge_says_why(self) -> None:
        self.log_in(self.alice)
        response = self.post("/games/challenge/alice/", {"deck": deck_of(self.alice)})
        self.assertEqual(response.status_code, 400)
        self.assertIn("You cannot challenge yourself", response.content.decode())
        self.assertEqual(self.client.get("/games/challenge/nobody/").status_code, 404)

    def test_forms_need_csrf(self) -> None:
        self.log_in(self.alice)
        response = self.client.post("/games/host/", {"deck": deck_of(self.alice)})
        self.assertEqual(response.status_code, 403)
        self.assertFalse(Game.objects.exists())

    def test_accept_view_starts_and_redirects_to_the_game(self) -> None:
        game = services.challenge(self.alice, self.bob, deck_of(self.alice))
        self.log_in(self.bob)
        response = self.post(f"/games/{game.pk}/accept/", {"deck": deck_of(self.bob)})
        self.assertEqual(response["Location"], f"/games/{game.pk}/")
        game.refresh_from_db()
        self.assertEqual(game.status, Status.RUNNING)

    def test_host_and_join_views(self) -> None:
        self.log_in(self.alice)
        self.post("/games/host/", {"deck": deck_of(self.alice), "friendly": "on"})
        hosted = Game.objects.get()
        self.assertTrue(hosted.friendly)
        bob = Client(enforce_csrf_checks=True)
        self.log_in(self.bob, bob)
        self.assertIn(f'data-game="{hosted.pk}"', bob.get("/games/").content.decode())
        self.assertEqual(bob.get("/games/?friendly=without").content.decode()
                         .count(f'class="hosted free" data-game="{hosted.pk}"'), 0)
        response = self.post(f"/games/{hosted.pk}/join/", {"deck": deck_of(self.bob)},
                             client=bob)
        self.assertEqual(response["Location"], f"/games/{hosted.pk}/")

    def test_challenge_buttons_on_the_players_pages(self) -> None:
        self.log_in(self.alice)
        self.assertIn('href="/games/challenge/bob/"',
                      self.client.get("/players/bob/").content.decode())
        self.assertNotIn('href="/games/challenge/alice/"',
                         self.client.get("/players/alice/").content.decode())
        self.assertIn('href="/games/challenge/bob/"', self.client.get("/players/").content.decode())


class GameViewTests(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.game = start(self.alice, self.bob, seed=5)

    def test_the_game_screen_for_each_player_and_404_for_others(self) -> None:
        self.log_in(self.alice)
        page = self.client.get(f"/games/{self.game.pk}/").content.decode()
        self.assertIn('id="game-board"', page)
        self.assertIn('data-version="1"', page)
        self.assertIn(f'ws-connect="/ws/games/{self.game.pk}/"', page)
        self.assertIn("Round 1", page)
        carol = User.objects.create_user("carol", "pw")
        other = Client()
        other.force_login(carol)
        self.assertEqual(other.get(f"/games/{self.game.pk}/").status_code, 404)
        self.assertEqual(other.get(f"/games/{self.game.pk}/board/").status_code, 404)
        self.log_in(carol, self.client)
        response = self.post(f"/games/{self.game.pk}/act/",
                             {"version": 1, "kind": "discard", "pos": 1})
        self.assertEqual(response.status_code, 404)

    def test_towers_and_walls_are_drawn_to_scale(self) -> None:
        """Tower out of 100 and wall out of 150 (C-LIM), for both players."""
        state = services.game_state(self.game)
        state.players[0].tower, state.players[0].wall = 50, 75
        state.players[1].tower, state.players[1].wall = 100, 150
        Game.objects.filter(pk=self.game.pk).update(state=to_json(state))
        self.log_in(self.alice)
        page = self.client.get(f"/games/{self.game.pk}/").content.decode()
        # One unit is one unit of height in the SVG, so the two are to scale with each other.
        self.assertIn('<rect class="tower" x="15" y="120" width="34" height="50">', page)
        self.assertIn('<rect class="wall" x="70" y="95" width="24" height="75">', page)
        self.assertIn('<rect class="tower" x="71" y="70" width="34" height="100">', page)
        self.assertIn('<rect class="wall" x="26" y="20" width="24" height="150">', page)
        self.assertIn('aria-label="Tower 50 of 100, wall 75 of 150"', page)

    def test_play_over_htmx_answers_with_the_new_board(self) -> None:
        mover, _ = to_move(self.game)
        action = services.ruleset_of(self.game).legal_actions(
            services.game_state(self.game), to_act(self.game))[0]
        self.log_in(mover)
        response = self.post(f"/games/{self.game.pk}/act/",
                             {"version": 1, "kind": action["type"], "pos": action["pos"],
                              "mode": action.get("mode", 0)}, HTTP_HX_REQUEST="true")
        html = response.content.decode()
        self.assertTrue(html.startswith('<div id="game-board"'))
        self.assertIn('data-version="2"', html)

    def test_a_stale_play_is_refused_and_the_answer_resyncs(self) -> None:
        mover, _ = to_move(self.game)
        self.log_in(mover)
        self.post(f"/games/{self.game.pk}/act/", {"version": 1, "kind": "discard", "pos": 1},
                  HTTP_HX_REQUEST="true")
        again = self.post(f"/games/{self.game.pk}/act/",
                          {"version": 1, "kind": "discard", "pos": 1},
                          HTTP_HX_REQUEST="true").content.decode()
        self.assertIn("game-notice", again)
        self.assertIn('data-version="2"', again)
        self.game.refresh_from_db()
        self.assertEqual(self.game.version, 2)

    def test_plain_form_play_redirects_with_the_reason(self) -> None:
        _, waiter = to_move(self.game)
        self.log_in(waiter)
        response = self.post(f"/games/{self.game.pk}/act/",
                             {"version": 1, "kind": "discard", "pos": 1}, follow=True)
        self.assertIn("It is not your turn.", response.content.decode())

    def test_c_site_3_chat_is_escaped_timed_in_the_readers_zone_newest_first(self) -> None:
        self.log_in(self.alice)
        self.post(f"/games/{self.game.pk}/chat/", {"text": "first"}, HTTP_HX_REQUEST="true")
        html = self.post(f"/games/{self.game.pk}/chat/", {"text": EVIL},
                         HTTP_HX_REQUEST="true").content.decode()
        self.assertNotIn(EVIL, html)
        self.assertLess(html.index("&lt;script&gt;"), html.index("first"))
        Preferences.objects.filter(user=self.bob).update(timezone="Asia/Tokyo",
                                                        reverse_chat=True)
        bob = Client()
        bob.force_login(self.bob)
        page = bob.get(f"/games/{self.game.pk}/").content.decode()
        self.assertLess(page.index(">first<"), page.index("&lt;script&gt;"))  # C-SITE-4
        line = ChatMessage.objects.filter(text="first").get()
        from zoneinfo import ZoneInfo
        tokyo = line.created.astimezone(ZoneInfo("Asia/Tokyo")).strftime("%Y-%m-%d %H:%M:%S")
        self.assertIn(tokyo, page)

    def test_refused_chat_says_why(self) -> None:
        self.log_in(self.alice)
        response = self.post(f"/games/{self.game.pk}/chat/", {"text": "x" * 301},
                             HTTP_HX_REQUEST="true")
        self.assertEqual(response["X-Chat-Error"], "1")
        self.assertIn("at most 300", response.content.decode())
        self.assertFalse(ChatMessage.objects.exists())

    def test_note_is_private_and_escaped(self) -> None:
        self.log_in(self.alice)
        response = self.post(f"/games/{self.game.pk}/note/", {"text": EVIL},
                             HTTP_HX_REQUEST="true")
        self.assertEqual(response.content.decode(), "Saved.")
        page = self.client.get(f"/games/{self.game.pk}/").content.decode()
        self.assertIn("&lt;script&gt;alert", page)
        bob = Client()
        bob.force_login(self.bob)
        self.assertNotIn("script&gt;alert", bob.get(f"/games/{self.game.pk}/").content.decode())

    def test_surrender_then_leave_over_htmx(self) -> None:
        self.log_in(self.alice)
        html = self.post(f"/games/{self.game.pk}/surrender/",
                         HTTP_HX_REQUEST="true").content.decode()
        self.assertIn("You surrendered", html)
        self.assertIn('id="leave-button"', html)
        response = self.post(f"/games/{self.game.pk}/leave/", HTTP_HX_REQUEST="true")
        self.assertEqual(response["HX-Redirect"], "/games/")
        self.assertEqual(self.client.get(f"/games/{self.game.pk}/").status_code, 404)
        bob = Client()
        bob.force_login(self.bob)
        page = bob.get(f"/games/{self.game.pk}/").content.decode()
        self.assertIn("alice surrendered: you win", page)
        self.assertIn("has left the game", page)

    def test_next_game_and_games_list_show_whose_turn(self) -> None:
        mover, waiter = to_move(self.game)
        client = Client()
        client.force_login(mover)
        self.assertEqual(client.get("/games/next/")["Location"], f"/games/{self.game.pk}/")
        self.assertIn("Your turn", client.get("/games/").content.decode())
        client.force_login(waiter)
        self.assertEqual(client.get("/games/next/")["Location"], "/games/")


class EndButtonTests(BaseTestCase):
    def test_c_game_15_abort_replaces_surrender_when_the_opponent_is_dead(self) -> None:
        from datetime import timedelta

        from django.utils import timezone

        game = start(self.alice, self.bob, seed=8)
        self.log_in(self.alice)
        page = self.client.get(f"/games/{game.pk}/").content.decode()
        self.assertIn('id="surrender-button"', page)
        self.assertNotIn('id="abort-button"', page)
        User.objects.filter(pk=self.bob.pk).update(
            last_activity=timezone.now() - timedelta(days=22))
        page = self.client.get(f"/games/{game.pk}/").content.decode()
        self.assertIn('id="abort-button"', page)
        self.assertNotIn('id="surrender-button"', page)
        html = self.post(f"/games/{game.pk}/abort/", HTTP_HX_REQUEST="true").content.decode()
        self.assertIn("The game was aborted: no result", html)

    def test_the_crossed_swords_light_for_the_player_to_move(self) -> None:
        from marcomage.web.notifications.services import icons_for

        game = start(self.alice, self.bob, seed=8)
        mover, waiter = to_move(game)
        self.assertIn("games", [kind.key for kind in icons_for(mover)])
        self.assertNotIn("games", [kind.key for kind in icons_for(waiter)])


class OneSnapshotTests(BaseTestCase):
    """The board and the API's row say whose turn it is from the state in the game row, the
    one snapshot the view and the legal actions come from. The seat rows are read by a second
    query, which may see a later move (a board said "your turn" for a state where the
    computer was to act, and offered nothing legal)."""

    def test_a_board_follows_the_state_when_the_seat_rows_read_later_disagree(self) -> None:
        from marcomage.web.api.gameviews import game_row
        from marcomage.web.games.payload import board_context

        game = start(self.alice, self.bob)
        mover, waiter = to_move(game)
        # the seat rows as a later snapshot could show them: the other player to act
        game.seats.update(to_act=False)
        game.seats.filter(user=waiter).update(to_act=True)
        found = services.find_game(game.pk)
        assert found is not None
        mine, theirs = board_context(found, mover), board_context(found, waiter)
        self.assertTrue(mine["your_turn"])
        self.assertFalse(theirs["your_turn"])
        self.assertEqual(mine["waiting_for"], [mover.username])
        self.assertEqual(game_row(found, mover)["my_turn"], True)
        self.assertEqual(game_row(found, waiter)["my_turn"], False)
        page = self.log_in(waiter).get(f"/games/{game.pk}/board/").content.decode()
        self.assertNotIn("your-turn", page.split(">")[0])
