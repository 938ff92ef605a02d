"""games 0003-0005: the two-player MArcomage games become games of the "marcomage" ruleset
with seats, and nothing is lost (issue 15), on a database made at the old schema: a running
game, a finished one, a challenge and a hosted game, with notes, decks and chat."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import TransactionTestCase
from django.utils import timezone

from marcomage.games.marcomage import to_json
from marcomage.games.marcomage.ruleset import RULESET
from marcomage.web.accounts.models import User
from marcomage.web.games import services
from marcomage.web.games.models import ChatMessage, Game, Seat, Status
from tests.web.finished_games import destruction

from .schema import migrate, migrate_to_latest, old_user


def at_old_games() -> list[tuple[str, str | None]]:
    """games back at 0002 (today's two-player schema), every other app at its latest, except
    apps whose schema needs a later games migration (statistics): those are unapplied."""
    graph = MigrationExecutor(connection).loader.graph
    old = ("games", "0002_game_ai_level")
    kept = set(graph.forwards_plan(old))
    targets: list[tuple[str, str | None]] = [old]
    for app, name in graph.leaf_nodes():
        if app == "games":
            continue
        needs_newer = any(node[0] == "games" and node not in kept
                          for node in graph.forwards_plan((app, name)))
        targets.append((app, None) if needs_newer else (app, name))
    return targets


def running_state() -> dict[str, Any]:
    """A fresh MArcomage game's stored state (player 2 is to move after one turn)."""
    decks = RULESET.starter_decks()
    state = RULESET.new_game(RULESET.options_from_json({"hidden": True}), decks[:2], 5)
    state, _ = RULESET.apply(state, state.current, {"type": "discard", "pos": 1})
    return to_json(state)


class GamesMigrationTest(TransactionTestCase):
    """Marked transactional: the schema goes back and forth outside any test transaction."""

    def setUp(self) -> None:
        apps = migrate(at_old_games())
        Game0, Chat0 = apps.get_model("games", "Game"), apps.get_model("games", "ChatMessage")
        Deck0 = apps.get_model("decks", "Deck")
        ann, ben, cid = old_user(apps, "ann"), old_user(apps, "ben"), old_user(apps, "cid")
        deck_a = Deck0.objects.create(owner=ann, name="Ann's", name_key="ann's")
        deck_b = Deck0.objects.create(owner=ben, name="Ben's", name_key="ben's")
        self.deck_ids = (deck_a.pk, deck_b.pk)
        self.users = (ann.pk, ben.pk, cid.pk)
        state = running_state()
        self.running_state = state
        moved = timezone.now() - timedelta(days=2)
        running = Game0.objects.create(
            player1=ann, player2=ben, status="running", hidden=True, deck1=deck_a,
            deck2=deck_b, deck1_name="Ann's", deck2_name="Ben's", state=state, version=2,
            note1="ann's plan", note2="ben's plan", current=state["current"], round=1,
            last_move=moved, last_turn={"player": 0, "kind": "discard", "pos": 1, "mode": 0})
        finished_state, _turn = destruction(friendly=True)
        finished = Game0.objects.create(
            player1=ben, player2=ann, status="finished", friendly=True, deck1_name="Old",
            deck2_name="Older", state=to_json(finished_state), version=9, left2=True,
            note1="won it", last_move=moved)
        challenge = Game0.objects.create(
            player1=cid, player2=ann, status="challenge", deck1=None, deck1_name="Cid's",
            message="Fancy a game?")
        hosted = Game0.objects.create(player1=cid, status="hosted", friendly=True,
                                      deck1_name="Cid's")
        Chat0.objects.create(game=running, author=ann, text="hello ben")
        Chat0.objects.create(game=finished, author=ann, text="has left the game")
        self.ids = (running.pk, finished.pk, challenge.pk, hosted.pk)

    def tearDown(self) -> None:
        migrate_to_latest()

    def seats(self, game_id: int) -> list[tuple[int, int | None, str, str, bool, bool]]:
        return [(s.number, s.user_id, s.deck_name, s.note, s.left, s.to_act)
                for s in Seat.objects.filter(game_id=game_id).order_by("number")]

    def test_every_game_arrives_with_its_seats_state_outcome_and_chat(self) -> None:
        migrate_to_latest()
        ann, ben, cid = self.users
        running_id, finished_id, challenge_id, hosted_id = self.ids
        running = Game.objects.get(pk=running_id)
        self.assertEqual((running.ruleset, running.format, running.status, running.version),
                         ("marcomage", "standard", Status.RUNNING, 2))
        self.assertEqual(running.options, {"hidden": True, "friendly": False})
        self.assertEqual(running.state, self.running_state)
        self.assertIsNone(running.seed)  # recorded before replays existed: no seed, no steps
        self.assertFalse(running.recorded)
        self.assertFalse(running.steps.exists())
        self.assertEqual((running.outcome, running.end_type), (None, ""))
        mover = self.running_state["current"] - 1
        self.assertEqual(self.seats(running_id), [
            (0, ann, "Ann's", "ann's plan", False, mover == 0),
            (1, ben, "Ben's", "ben's plan", False, mover == 1)])
        self.assertEqual([s.deck_id for s in running.seats.order_by("number")],
                         list(self.deck_ids))
        self.assertEqual(RULESET.to_act(RULESET.from_json(running.state)), {mover})
        self.assertEqual(list(ChatMessage.objects.filter(game=running)
                              .values_list("text", flat=True)), ["hello ben"])

        finished = Game.objects.get(pk=finished_id)
        self.assertEqual(finished.status, Status.FINISHED)
        self.assertEqual(finished.outcome, {"result": "win", "winners": [0],
                                            "end_type": "destruction", "final_round": 20})
        self.assertEqual(finished.end_type, "destruction")
        self.assertTrue(finished.friendly)
        self.assertIsNotNone(finished.finished_at)
        self.assertEqual(self.seats(finished_id), [(0, ben, "Old", "won it", False, False),
                                                   (1, ann, "Older", "", True, False)])
        self.assertEqual(ChatMessage.objects.filter(game=finished).count(), 1)

        challenge = Game.objects.get(pk=challenge_id)
        self.assertEqual((challenge.status, challenge.message, challenge.state),
                         (Status.CHALLENGE, "Fancy a game?", None))
        self.assertEqual(self.seats(challenge_id), [(0, cid, "Cid's", "", False, False),
                                                    (1, ann, "", "", False, False)])
        hosted = Game.objects.get(pk=hosted_id)
        self.assertEqual((hosted.status, hosted.friendly, hosted.seats_count),
                         (Status.HOSTED, True, 2))
        self.assertEqual(self.seats(hosted_id), [(0, cid, "Cid's", "", False, False),
                                                 (1, None, "", "", False, False)])

    def test_a_carried_over_game_plays_on_through_the_platform(self) -> None:
        """The first move after the migration is the game's first recorded step."""
        migrate_to_latest()
        running = Game.objects.get(pk=self.ids[0])
        mover = Seat.objects.get(game=running, to_act=True)
        services.act(User.objects.get(pk=mover.user_id), running.pk, 2,
                     {"type": "discard", "pos": 2})
        running.refresh_from_db()
        self.assertEqual(running.version, 3)
        step = running.steps.get()
        self.assertEqual((step.index, step.seat), (1, mover.number))
        self.assertFalse(Seat.objects.get(pk=mover.pk).to_act)
