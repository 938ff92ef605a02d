"""PL-STATE-3: every finished game re-simulates from its seed and reproduces every stored
hash. Games of every kind are played through the real services (to the end of the rules,
hidden cards, surrender, abort, abandon, against the computer), then `verify_all_finished`
re-simulates every finished game in the database; the operators' `verify_replays` command
and `marcomage replay verify-all` report the same, and a drifted game is caught."""

from __future__ import annotations

import io
from datetime import timedelta

from django.core.management import call_command
from django.core.management.base import CommandError
from django.utils import timezone

from marcomage.cli import main
from marcomage.games import find_ruleset
from marcomage.web.accounts.models import User
from marcomage.web.games import computer
from marcomage.web.games import services as games
from marcomage.web.games.models import COMPUTER_SEAT, Game, Status, Step
from marcomage.web.replays.services import verify_all_finished
from tests.web.base import PASSWORD, BaseTestCase
from tests.web.games.helpers import deck_of, discard, seat, seeded, start, to_move

from .games import finished_game, leave_all, play

LONG_AGO = timedelta(days=21, seconds=1)


def against_the_computer(user: User, seed: int) -> Game:
    """A whole easy game against the computer: the person plays the first legal action,
    the computer answers through its own write path."""
    with seeded(seed):
        game = computer.start(user, deck_of(user), "easy")
    ruleset = find_ruleset(game.ruleset)
    for _ in range(1000):
        computer.play_turns(game.pk)
        game.refresh_from_db()
        if game.status == Status.FINISHED:
            return game
        state = ruleset.from_json(game.state)
        games.act(user, game.pk, game.version, ruleset.legal_actions(state, 0)[0])
    raise AssertionError("the game against the computer does not end")


class VerifyAllTest(BaseTestCase):
    finished: list[int]
    claimer: str

    @classmethod
    def setUpTestData(cls) -> None:
        super().setUpTestData()
        carol = User.objects.create_user("carol", PASSWORD)
        dave = User.objects.create_user("dave", PASSWORD)
        done = [finished_game(cls.alice, cls.bob, seed=1),
                finished_game(carol, cls.alice, seed=2, hidden=True)]

        surrendered = play(start(cls.bob, carol, seed=3), 6)
        games.surrender(carol, surrendered.pk)

        aborted = play(start(dave, cls.bob, seed=4), 3)
        User.objects.filter(pk=cls.bob.pk).update(last_activity=timezone.now() - LONG_AGO)
        games.abort(dave, aborted.pk)
        User.objects.filter(pk=cls.bob.pk).update(last_activity=timezone.now())

        abandoned = play(start(carol, dave, seed=5), 5)
        _mover, waiter = to_move(abandoned)
        Game.objects.filter(pk=abandoned.pk).update(last_move=timezone.now() - LONG_AGO)
        games.finish(waiter, abandoned.pk)
        cls.claimer = waiter.username

        done += [surrendered, aborted, abandoned, against_the_computer(dave, seed=2)]
        for game in done[2:5]:
            leave_all(game)
        running = start(cls.alice, dave, seed=6)  # not finished: never re-simulated
        discard(to_move(running)[0], running)
        cls.finished = [game.pk for game in done]

    def test_pl_state_3_every_finished_game_reproduces_every_hash(self) -> None:
        ends = [Game.objects.get(pk=pk).end_type for pk in self.finished]
        self.assertEqual(ends[2:5], ["surrender", "abort", "abandon"])
        for end in ends[:2] + ends[5:]:  # the rules ended these, not a player
            self.assertNotIn(end, ("surrender", "abort", "abandon"))
        self.assertEqual(Game.objects.get(pk=self.finished[-1]).ai_level, "easy")
        self.assertEqual(set(Game.objects.filter(status=Status.FINISHED).values_list(
            "pk", flat=True)), set(self.finished))

        checks = list(verify_all_finished())
        self.assertEqual([c.game_id for c in checks], sorted(self.finished))
        for check in checks:
            self.assertTrue(check.ok, (check.game_id, check.report.message))
            steps = Step.objects.filter(game_id=check.game_id).count()
            self.assertEqual(check.report.checked, steps)
        self.assertGreater(sum(c.report.checked for c in checks), 100)

    def test_an_altered_hash_or_action_is_reported_as_drift_of_that_game_only(self) -> None:
        first, second = self.finished[0], self.finished[1]
        step = Step.objects.get(game_id=first, index=3)
        step.hash_after = "f" * 64
        step.save()
        other = Step.objects.filter(game_id=second, kind="action").order_by("index")[4]
        other.action = {"type": "discard", "pos": 9}
        other.save()
        checks = {c.game_id: c.report for c in verify_all_finished()}
        self.assertEqual((checks[first].status, checks[first].step), ("drifted", 2))
        self.assertEqual(checks[first].expected, "f" * 64)
        self.assertEqual((checks[second].status, checks[second].step),
                         ("drifted", other.index - 1))
        self.assertIsNone(checks[second].actual)  # the ruleset refused the action
        self.assertEqual([pk for pk, r in checks.items() if not r.ok], [first, second])

    def test_the_operators_command_and_the_cli_report_ok_then_drift(self) -> None:
        out = io.StringIO()
        call_command("verify_replays", stdout=out)
        self.assertEqual(out.getvalue().strip(),
                         f"{len(self.finished)} finished games checked: "
                         f"{len(self.finished)} ok.")
        self.assertEqual(main(["replay", "verify-all"]), 0)

        Step.objects.filter(game_id=self.finished[2], index=1).update(hash_after="0" * 64)
        out = io.StringIO()
        with self.assertRaises(CommandError) as failed:
            call_command("verify_replays", stdout=out)
        self.assertEqual(failed.exception.returncode, 1)
        self.assertIn(f"DRIFTED: game {self.finished[2]}: Step 0 (action)", out.getvalue())
        self.assertIn(f"1 drifted, {len(self.finished) - 1} ok.", out.getvalue())
        self.assertEqual(main(["replay", "verify-all"]), 1)

    def test_the_move_list_names_who_surrendered_aborted_or_finished_the_game(self) -> None:
        for pk, who, text in ((self.finished[2], "carol", "surrenders"),
                              (self.finished[3], "dave", "aborts the game: nobody wins"),
                              (self.finished[4], self.claimer,
                               "finishes the game: the other side stopped moving")):
            html = self.client.get(f"/replays/{pk}/").content.decode()
            self.assertIn(f'<span class="who">{who}</span> {text}</a>', html)

    def test_the_computer_moved_in_its_game_and_its_replay_shows_its_moves(self) -> None:
        game = Game.objects.get(pk=self.finished[-1])
        self.assertTrue(Step.objects.filter(game=game, seat=COMPUTER_SEAT).exists())
        response = self.client.get(f"/replays/{game.pk}/?step=1000")
        self.assertContains(response, f"<strong>{seat(game, 1).user.username}</strong>")
