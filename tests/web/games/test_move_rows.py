"""Issue 36: the move path's hand-written SQL (games/move_rows.py) and its one-SELECT reads
(core/joined.py) store and read exactly what the ORM did, on SQLite and on PostgreSQL (this
folder runs on both), and refuse what the ORM path refused."""

from __future__ import annotations

from django.db import connection
from django.template import engines
from django.test.utils import CaptureQueriesContext

from marcomage.web.accounts.backend import PlayerBackend
from marcomage.web.games import move_rows, queries
from marcomage.web.games.models import Game, Seat, Status, Step
from marcomage.web.preferences.models import Preferences, Profile

from ..base import BaseTestCase
from .helpers import start


class MoveRowsTests(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.game = start(self.alice, self.bob, seed=3)

    def test_a_games_seats_come_as_select_related_gives_them_issue_36(self) -> None:
        Profile.objects.update_or_create(user=self.alice, defaults={"avatar": "a.png"})
        Preferences.objects.filter(user=self.bob).delete()  # a player without settings
        game = queries.find_game(self.game.pk)
        assert game is not None
        expected = list(Seat.objects.filter(game=self.game).order_by("number")
                        .select_related("user", "user__profile", "user__preferences"))
        with CaptureQueriesContext(connection) as captured:
            seats = game.seat_list()
            rows = [(s.pk, s.number, s.user_id, s.deck_doc, s.to_act, s.left, s.user.username,
                     s.user.last_activity, s.user.is_active) for s in seats]
            alice = seats[0].user
            self.assertEqual(alice._state.fields_cache["profile"].avatar, "a.png")
            self.assertIsNone(seats[1].user._state.fields_cache.get("preferences"))
            self.assertIs(seats[0].game, game)
        self.assertEqual(captured.captured_queries, [])  # all read with the game
        self.assertEqual(rows, [(s.pk, s.number, s.user_id, s.deck_doc, s.to_act, s.left,
                                 s.user.username, s.user.last_activity, s.user.is_active)
                                for s in expected])
        self.assertEqual(game.created, Game.objects.get(pk=self.game.pk).created)

    def test_seats_kept_as_rows_serve_the_related_queryset_too_issue_36(self) -> None:
        """The seats read with a game are kept as rows (queries.SeatRows): `seat_list` and
        `game.seats.all()` give the same objects without a query; a filter queries anew,
        and once Django drops the kept seats (refresh_from_db) they are read again. The kept
        rows are in the seats' order even where the database returns them otherwise
        (PostgreSQL may return an updated row last: a CI run got seat 1 before seat 0)."""
        Seat.objects.filter(game=self.game, number=0).update(note="")
        game = queries.find_game(self.game.pk)
        assert game is not None
        with CaptureQueriesContext(connection) as captured:
            rows = game.seat_list()
            self.assertEqual(list(game.seats.all()), rows)
            self.assertIs(game.seats.all()[1], rows[1])
        self.assertEqual(captured.captured_queries, [])
        self.assertEqual(list(game.seats.filter(number=1)), [rows[1]])
        Seat.objects.filter(game=self.game, number=1).update(note="changed")
        self.assertEqual(game.seat_list()[1].note, "")  # the rows as read
        game.refresh_from_db()
        self.assertEqual(game.seat_list()[1].note, "changed")
        again = queries.find_game(self.game.pk)
        assert again is not None
        Seat.objects.filter(game=self.game, number=1).update(note="twice")
        del again._prefetched_objects_cache["seats"]  # as refresh_from_db(fields=["seats"])
        self.assertEqual(again.seat_list()[1].note, "twice")

    def test_a_kept_game_replaced_is_freed_without_the_cyclic_collector_issue_36(self) -> None:
        """A game read with its seats, once the process keeps a newer one of it, is freed by
        reference counting alone (queries.untie): no ring of references is left for the
        cyclic collector, whose passes stopped the served process (eleventh pass)."""
        import gc
        import weakref

        Profile.objects.update_or_create(user=self.alice, defaults={"avatar": "a.png"})
        stored = queries.StoredGames()
        first, second = queries.find_game(self.game.pk), queries.find_game(self.game.pk)
        assert first is not None and second is not None
        seat = first.seat_list()[0]
        objects = (first, seat, seat.user, seat.user.profile, seat.user.preferences)
        refs = [weakref.ref(one) for one in objects]
        held = first.seat_list()[1]  # a reader still holding a seat of the old game
        enabled = gc.isenabled()
        gc.disable()
        try:
            stored._put(first)
            stored._put(second)  # the newer one: the older is untied
            del first, seat, objects
            self.assertEqual([ref() is None for ref in refs], [True] * 5)
        finally:
            if enabled:
                gc.enable()
        self.assertEqual(held.game.pk, self.game.pk)  # its link read again, as Django reads it
        self.assertIs(stored.get(self.game.pk, second.version, second.created, second.status),
                      second)

    def test_a_stale_version_writes_nothing_issue_36(self) -> None:
        before = Game.objects.get(pk=self.game.pk)
        changed = move_rows.update_game(self.game.pk, before.version - 1,
                                        {"state": {"x": 1}, "round": 9})
        self.assertEqual(changed, 0)
        after = Game.objects.get(pk=self.game.pk)
        self.assertEqual((after.version, after.state, after.round),
                         (before.version, before.state, before.round))

    def test_the_writes_store_what_the_orm_reads_back_issue_36(self) -> None:
        before = Game.objects.get(pk=self.game.pk)
        changed = move_rows.update_game(self.game.pk, before.version, {
            "state": {"k": [1, None, "é"]}, "round": 7, "status": str(Status.FINISHED),
            "outcome": {"winners": [0]}, "finished_at": before.created})
        self.assertEqual(changed, 1)
        move_rows.insert_step(self.game.pk, {"seat": 1, "kind": "action", "action": None,
                                             "winners": [], "hash_after": "h",
                                             "created": before.created})
        move_rows.insert_step(self.game.pk, {"seat": 0, "kind": "action",
                                             "action": {"type": "discard", "pos": 2},
                                             "winners": [0], "hash_after": "i",
                                             "created": before.created})
        move_rows.set_turns(self.game.pk, {1})
        after = Game.objects.get(pk=self.game.pk)
        self.assertEqual((after.version, after.state, after.round, after.status,
                          after.outcome, after.finished_at),
                         (before.version + 1, {"k": [1, None, "é"]}, 7, Status.FINISHED,
                          {"winners": [0]}, before.created))
        steps = list(Step.objects.filter(game=self.game).order_by("index"))
        self.assertEqual([s.index for s in steps], list(range(1, len(steps) + 1)))
        self.assertIsNone(steps[-2].action)  # SQL NULL, as the ORM stores None
        self.assertEqual((steps[-1].action, steps[-1].winners, steps[-1].seat),
                         ({"type": "discard", "pos": 2}, [0], 0))
        self.assertEqual(dict(Seat.objects.filter(game=self.game)
                              .values_list("number", "to_act")), {0: False, 1: True})
        move_rows.set_turns(self.game.pk, ())
        self.assertFalse(Seat.objects.filter(game=self.game, to_act=True).exists())

    def test_marks_only_for_the_players_own_seat_issue_36(self) -> None:
        marks = move_rows.seat_marks(self.game.pk, self.bob.pk)
        game = Game.objects.get(pk=self.game.pk)
        self.assertEqual(marks, (game.version, str(game.status), 0, game.created, 1))
        outsider = type(self.alice).objects.create_user("carol", "a-long-enough-password")
        self.assertIsNone(move_rows.seat_marks(self.game.pk, outsider.pk))
        Seat.objects.filter(game=self.game, user=self.bob).update(left=True)
        self.assertIsNone(move_rows.seat_marks(self.game.pk, self.bob.pk))

    def test_the_sessions_player_comes_with_his_settings_or_not_at_all_issue_36(self) -> None:
        backend = PlayerBackend()
        found = backend.get_user(self.alice.pk)
        self.assertEqual((found.pk, found.username), (self.alice.pk, "alice"))
        self.assertIsNotNone(found._state.fields_cache.get("preferences"))
        self.assertIsNone(backend.get_user(10**30))
        self.assertIsNone(backend.get_user("x"))
        type(self.alice).objects.filter(pk=self.bob.pk).update(is_active=False)
        self.assertIsNone(backend.get_user(self.bob.pk))


class RenderTemplateTests(BaseTestCase):
    def test_a_django_template_includes_a_jinja2_one_and_a_django_one_issue_36(self) -> None:
        page = engines["django"].from_string(
            '{% load marcomage %}{% render_template "games/_end_actions.jinja" %}|'
            '{% render_template "games/_chat_log.html" oob=True %}')
        html = page.render({"game": self.game_row(), "ends": {"surrender": True},
                            "finished": False, "chat": [], "viewer": self.alice})
        self.assertIn('id="surrender-button"', html)
        self.assertIn(f'/games/{self.game_row().pk}/surrender/', html)
        self.assertIn('id="chat-log"', html.split("|")[1])
        self.assertIn('hx-swap-oob="true"', html.split("|")[1])

    def game_row(self) -> Game:
        if not hasattr(self, "_game"):
            self._game = start(self.alice, self.bob, seed=4)
        return self._game


class GameIdTests(BaseTestCase):
    def test_an_id_no_game_can_have_finds_none_and_changes_nothing_issue_36(self) -> None:
        for bad in (10**30, -1, 0, "x", 2**63):
            self.assertIsNone(queries.find_game(bad))
            with self.assertRaises(queries.NotFound):
                queries.lock_game(bad)
        game = start(self.alice, self.bob, seed=6)
        found = queries.find_game(str(game.pk))
        assert found is not None
        self.assertEqual((found.pk, found.version, found.state, found.created),
                         (game.pk, game.version, game.state,
                          Game.objects.get(pk=game.pk).created))


class SessionTests(BaseTestCase):
    def test_a_session_is_read_until_it_expires_or_goes_issue_36(self) -> None:
        from datetime import timedelta

        from django.contrib.sessions.models import Session
        from django.utils import timezone

        from marcomage.web.accounts.sessions import SessionStore

        self.log_in(self.alice)
        key = self.client.cookies["sessionid"].value
        self.assertEqual(self.client.get("/games/").status_code, 200)
        self.assertEqual(SessionStore(key).load()["_auth_user_id"], str(self.alice.pk))
        Session.objects.filter(pk=key).update(expire_date=timezone.now() - timedelta(1))
        self.assertEqual(SessionStore(key).load(), {})
        self.assertEqual(self.client.get("/games/").status_code, 302)  # to the log-in page
        self.assertEqual(SessionStore("no-such-key-" + "x" * 20).load(), {})
