"""The concept effect language: parsing with a message per problem, words, running on a
board, and never raising out of a turn."""

from __future__ import annotations

from unittest import TestCase

from hypothesis import given, settings
from hypothesis import strategies as st

from marcomage.games.marcomage import concept_language as language
from marcomage.games.marcomage.concept_language import (
    EffectError,
    describe,
    parse,
    problems_of,
    run,
)


class Board:
    """A plain board for the tests."""

    def __init__(self) -> None:
        self.values = {(side, name): 10 for side in ("me", "enemy")
                       for name in language.ATTRIBUTES}
        self.values[("enemy", "wall")] = 4
        self.round = 3
        self.card_new = True
        self.card_cost = (5, 0, 0)
        self.attacks: list[int] = []
        self.factors: dict[str, int] = {}
        self.hand = {("me", "Beast"): 2, ("enemy", "Beast"): 1}

    def get(self, side: str, attribute: str) -> int:
        return self.values[(side, attribute)]

    def set(self, side: str, attribute: str, value: int) -> None:
        self.values[(side, attribute)] = value

    def changes(self, side: str, attribute: str) -> int:
        return -3 if attribute == "wall" else 0

    def discarded(self, side: str) -> int:
        return 1

    def tokens(self, side: str) -> int:
        return 40

    def hand_count(self, side: str, keyword: str) -> int:
        return self.hand.get((side, keyword), 0)

    def attack(self, damage: int) -> None:
        self.attacks.append(damage)

    def production(self, resource: str, factor: int) -> None:
        self.factors[resource] = factor


class LanguageTestCase(TestCase):
    def test_attribute_changes_and_groups(self) -> None:
        board = Board()
        self.assertTrue(run(parse("me.tower += 5\nenemy.gems -= 3; me.bricks = 1\n"
                                  "enemy.facilities += 1\nme.stock -= 2"), board))
        self.assertEqual(board.values[("me", "tower")], 15)
        self.assertEqual(board.values[("enemy", "gems")], 7)
        self.assertEqual(board.values[("me", "bricks")], -1)  # 1, then stock -2
        self.assertEqual([board.values[("enemy", f)] for f in ("quarry", "magic", "dungeons")],
                         [11, 11, 11])

    def test_attack_production_and_reads(self) -> None:
        board = Board()
        run(parse("attack 2 * all.hand.Beast + card.bricks / 2\nproduction all x2\n"
                  "me.wall += me.changes.wall + me.discarded + me.tokens / 10 + card.new"),
            board)
        self.assertEqual(board.attacks, [6 + 3])  # 5 / 2 rounds half up to 3
        self.assertEqual(board.factors, {"bricks": 2, "gems": 2, "recruits": 2})
        self.assertEqual(board.values[("me", "wall")], 10 - 3 + 1 + 4 + 1)

    def test_conditions_else_and_logic(self) -> None:
        board = Board()
        run(parse("if me.wall > enemy.wall and not round < 3: enemy.tower -= 5 else: attack 1\n"
                  "if round == 1 or me.hand.Dragon > 0: me.tower = 0 else: me.tower += 1"), board)
        self.assertEqual(board.values[("enemy", "tower")], 5)
        self.assertEqual(board.values[("me", "tower")], 11)
        self.assertEqual(board.attacks, [])

    def test_min_max_negative_and_division_rounding(self) -> None:
        board = Board()
        run(parse("me.tower = min(3, max(-2, 7 / 2))\nme.wall = -7 / 2\nme.gems = 5 / 0"), board)
        self.assertEqual(board.values[("me", "tower")], 3)
        self.assertEqual(board.values[("me", "wall")], -4)
        self.assertEqual(board.values[("me", "gems")], 0)

    def test_a_message_per_problem(self) -> None:
        problems = problems_of(
            "round += 1\nfoo\nenemy.tower ++ 2\nnext turn attack 5\nproduction gems x9\n"
            "attack 99999\nme.hand.Foo += 1\nattack me.hand.Nothing")
        self.assertEqual(len(problems), 8)
        self.assertTrue(problems[0].startswith("Line 1: “round” can be read"))
        self.assertIn("Continuous effects", problems[3])
        self.assertIn("x0 to x4", problems[4])
        self.assertIn("no keyword", problems[7])

    def test_empty_too_long_and_too_many(self) -> None:
        self.assertEqual(problems_of(""), ["The effect is empty."])
        self.assertEqual(problems_of("attack 1\n" * 21), ["At most 20 statements."])
        self.assertEqual(problems_of("attack 100", max_length=9),
                         ["The effect code has at most 9 characters."])

    def test_words(self) -> None:
        self.assertEqual(describe(parse("me.tower += 5\nattack 3\nproduction gems x2\n"
                                        "if enemy.wall == 0: enemy.tower -= 2")),
                         ["Your tower +5.", "Attack for 3 (wall first, then tower).",
                          "Gems production ×2 this turn.",
                          "If the enemy's wall equals 0: the enemy's tower −2."])

    def test_a_failing_board_never_raises_out_of_run(self) -> None:
        class Broken(Board):
            def attack(self, damage: int) -> None:
                raise RuntimeError("boom")

        board = Broken()
        self.assertFalse(run(parse("me.tower += 1\nattack 2\nme.tower += 1"), board))
        self.assertEqual(board.values[("me", "tower")], 11)

    def test_parse_errors_are_effect_errors(self) -> None:
        with self.assertRaises(EffectError) as raised:
            parse("attack (1")
        self.assertEqual(raised.exception.problems, ["Line 1: The statement ends too early."])

    @settings(max_examples=200, deadline=None)
    @given(st.text(alphabet="me.tower+=-*/()<>:;01 9attackifelsenmyround\n", max_size=60))
    def test_arbitrary_text_is_refused_or_runs(self, code: str) -> None:
        problems = problems_of(code)
        if not problems:
            self.assertTrue(run(parse(code), Board()))
