"""The receivers of the games section's events (core.events): a finished game's score, EXP,
level up, bonus deck, battle reports (C-EXP-13) and level-up messages (C-EXP-15); a
challenge's answer (C-EXP-14)."""

from __future__ import annotations

from django.db import transaction

from marcomage.games.marcomage import EndType
from marcomage.web.core.events import challenge_answered
from marcomage.web.decks.models import Deck
from marcomage.web.decks.services import deck_slots
from marcomage.web.messaging.models import Kind, Message
from marcomage.web.notifications.services import icons_for
from marcomage.web.preferences.models import Preferences
from marcomage.web.scores.models import Score
from marcomage.web.scores.services import score_of

from ..base import BaseTestCase
from ..finished_games import destruction, ended, finish


def counters(user: object) -> tuple[int, int, int, int, int]:
    score = score_of(user)
    return score.wins, score.losses, score.draws, score.level, score.exp


def reports_of(user: object) -> list[Message]:
    return list(Message.objects.filter(recipient=user, kind=Kind.REPORT))


class GameFinishedTest(BaseTestCase):
    def set_reports(self, user: object, on: bool) -> None:
        Preferences.objects.update_or_create(user=user, defaults={"battle_reports": on})

    def setUp(self) -> None:
        super().setUp()
        self.set_reports(self.alice, True)
        self.set_reports(self.bob, True)

    def test_C_EXP_11_and_C_EXP_3_the_winner_and_loser_get_score_and_exp(self) -> None:
        game, turn = destruction()
        finish(game, (self.alice, self.bob), turn)
        self.assertEqual(counters(self.alice), (1, 0, 0, 0, 157))
        self.assertEqual(counters(self.bob), (0, 1, 0, 0, 19))

    def test_the_seat_order_decides_who_won(self) -> None:
        game, turn = destruction()
        finish(game, (self.bob, self.alice), turn)
        self.assertEqual(counters(self.bob), (1, 0, 0, 0, 157))
        self.assertEqual(counters(self.alice), (0, 1, 0, 0, 19))

    def test_C_EXP_13_each_player_gets_a_battle_report_of_every_phase(self) -> None:
        game, turn = destruction(hidden=True)
        finish(game, (self.alice, self.bob), turn)
        [report] = reports_of(self.alice)
        self.assertIsNone(report.author)
        self.assertEqual(report.sender_name, "MArcomage")
        self.assertEqual(report.subject, "Battle report")
        for line in (
            "Opponent: bob",
            "Outcome: Tower destruction victory",
            "Winner: alice",
            "Hide opponent's cards: yes",
            "Phase 1, game rating (Victory - Tower destruction): 105% = 105 EXP",
            "Phase 2, opponent rating (your level 0, opponent's level 0): 100% = 105 EXP",
            "Phase 3, victory rating (Minor achievement): 125% = 131 EXP",
            "Phase 4, awards (Gentle touch): 120% = 157 EXP",
            "Total: you gained 157 EXP.",
        ):
            self.assertIn(line, report.text.splitlines())
        [loser] = reports_of(self.bob)
        self.assertIn("Opponent: alice", loser.text)
        self.assertIn("Phase 1, game rating (Loss - Tower destruction): 15% = 15 EXP", loser.text)
        self.assertIn("Phase 3, victory rating (Minor achievement): 125% = 19 EXP", loser.text)
        self.assertIn("Total: you gained 19 EXP.", loser.text)

    def test_C_EXP_13_no_battle_report_when_the_option_is_off(self) -> None:
        self.set_reports(self.bob, False)
        game, turn = destruction()
        finish(game, (self.alice, self.bob), turn)
        self.assertEqual(len(reports_of(self.alice)), 1)
        self.assertEqual(reports_of(self.bob), [])
        self.assertEqual(counters(self.bob), (0, 1, 0, 0, 19))  # the score still counts

    def test_the_envelope_lights_for_a_battle_report(self) -> None:
        game, turn = destruction()
        finish(game, (self.alice, self.bob), turn)
        self.assertIn("messages", [kind.key for kind in icons_for(self.alice)])

    def test_C_EXP_11_a_draw_gives_both_a_draw_and_exp(self) -> None:
        finish(ended(EndType.DRAW, None), (self.alice, self.bob))
        # Phase 1 50; stock 30 and towers 30 rate Minor for both: 63.
        self.assertEqual(counters(self.alice), (0, 0, 1, 0, 63))
        self.assertEqual(counters(self.bob), (0, 0, 1, 0, 63))
        self.assertIn("Winner: none (draw)", reports_of(self.alice)[0].text)

    def test_C_GAME_11_a_surrender_needs_no_final_turn(self) -> None:
        finish(ended(EndType.SURRENDER, 1), (self.alice, self.bob))
        # bob: 95, Minor (own tower 30) 119; alice loses by surrender: 0 EXP.
        self.assertEqual(counters(self.bob), (1, 0, 0, 0, 119))
        self.assertEqual(counters(self.alice), (0, 1, 0, 0, 0))
        self.assertIn("Phase 4, awards: only the victor collects awards",
                      reports_of(self.alice)[0].text)

    def test_C_GAME_10_a_friendly_game_changes_nothing_and_sends_nothing(self) -> None:
        game, turn = destruction(friendly=True)
        finish(game, (self.alice, self.bob), turn)
        self.assertEqual(counters(self.alice), (0, 0, 0, 0, 0))
        self.assertEqual(counters(self.bob), (0, 0, 0, 0, 0))
        self.assertFalse(Message.objects.exists())

    def test_C_GAME_12_an_aborted_game_changes_nothing_and_sends_nothing(self) -> None:
        finish(ended(EndType.ABORT, None), (self.alice, self.bob))
        self.assertEqual(counters(self.alice), (0, 0, 0, 0, 0))
        self.assertFalse(Message.objects.exists())

    def test_C_EXP_2_a_level_up_keeps_the_surplus(self) -> None:
        Score.objects.filter(user=self.alice).update(exp=450)
        game, turn = destruction()
        finish(game, (self.alice, self.bob), turn)
        self.assertEqual(counters(self.alice), (1, 0, 0, 1, 107))  # 450 + 157 - 500

    def test_C_EXP_15_the_level_up_message_is_sent_even_with_the_option_off(self) -> None:
        self.set_reports(self.alice, False)
        Score.objects.filter(user=self.alice).update(exp=450)
        game, turn = destruction()
        finish(game, (self.alice, self.bob), turn)
        [message] = Message.objects.filter(recipient=self.alice)
        self.assertEqual((message.subject, message.kind), ("Level up (1)", Kind.SYSTEM))
        self.assertIn("you have reached level 1", message.text)
        self.assertNotIn("bonus", message.text)

    def test_C_EXP_15_level_4_names_the_bonus_game_slot(self) -> None:
        Score.objects.filter(user=self.alice).update(level=3, exp=649)  # needs 650
        finish(ended(EndType.SURRENDER, 0), (self.alice, self.bob))
        self.assertEqual(score_of(self.alice).level, 4)
        self.assertEqual(score_of(self.alice).game_slots, 16)  # C-GAME-1, at once
        message = Message.objects.get(recipient=self.alice, subject="Level up (4)")
        self.assertIn("bonus game slot", message.text)
        self.assertNotIn("deck slot", message.text)

    def test_C_DECK_4_level_6_grants_a_bonus_deck_and_says_so(self) -> None:
        Score.objects.filter(user=self.alice).update(level=5, exp=949)  # needs 950
        decks = Deck.objects.filter(owner=self.alice).count()
        finish(ended(EndType.SURRENDER, 0), (self.alice, self.bob))
        self.assertEqual(score_of(self.alice).level, 6)
        self.assertEqual(deck_slots(self.alice, "marcomage"), 9)
        self.assertEqual(Deck.objects.filter(owner=self.alice).count(), decks + 1)
        self.assertEqual(Deck.objects.filter(owner=self.bob).count(), decks)
        message = Message.objects.get(recipient=self.alice, subject="Level up (6)")
        self.assertIn("bonus deck slot", message.text)

    def test_everything_is_undone_with_the_callers_transaction(self) -> None:
        game, turn = destruction()
        with self.assertRaises(RuntimeError), transaction.atomic():
            finish(game, (self.alice, self.bob), turn)
            raise RuntimeError("the games section failed after sending")
        self.assertEqual(counters(self.alice), (0, 0, 0, 0, 0))
        self.assertFalse(Message.objects.exists())


class ChallengeAnsweredTest(BaseTestCase):
    def answer(self, accepted: bool) -> None:
        with transaction.atomic():
            challenge_answered.send(sender=None, challenger=self.alice, challenged=self.bob,
                                    accepted=accepted, game_id=7 if accepted else None)

    def test_C_EXP_14_the_challenger_is_told_of_an_acceptance(self) -> None:
        Preferences.objects.update_or_create(user=self.alice, defaults={"battle_reports": True})
        self.answer(True)
        [notice] = Message.objects.all()
        self.assertEqual((notice.recipient, notice.author, notice.kind),
                         (self.alice, None, Kind.REPORT))
        self.assertEqual(notice.subject, "Challenge accepted")
        self.assertIn("bob has accepted your challenge", notice.text)

    def test_C_EXP_14_the_challenger_is_told_of_a_rejection(self) -> None:
        Preferences.objects.update_or_create(user=self.alice, defaults={"battle_reports": True})
        self.answer(False)
        [notice] = Message.objects.all()
        self.assertEqual(notice.subject, "Challenge rejected")
        self.assertIn("bob has rejected your challenge", notice.text)

    def test_C_EXP_14_nothing_when_the_challengers_option_is_off(self) -> None:
        Preferences.objects.update_or_create(user=self.alice, defaults={"battle_reports": False})
        Preferences.objects.update_or_create(user=self.bob, defaults={"battle_reports": True})
        self.answer(True)
        self.assertFalse(Message.objects.exists())
