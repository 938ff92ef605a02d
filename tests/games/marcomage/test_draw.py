"""Draw procedures (C-DRAW): odds 65/29/6, no-rare 65/94, different-card refills, list
draws and anti-flood (1/2**N, counting the other slots only).

Statistical tests run at fixed seeds with tolerances of five standard deviations or more,
so they are deterministic and still fail on a wrong procedure."""

from __future__ import annotations

from collections import Counter

from marcomage.games.marcomage import CARDS, Rng, push
from marcomage.games.marcomage.actions import Action
from marcomage.games.marcomage.cards import COMMON, RARE, UNCOMMON
from marcomage.games.marcomage.draw import from_deck, from_list
from marcomage.games.marcomage.state import HAND_SIZE

from .builders import DECK, duel, play

EMPTY_HAND = [0] * HAND_SIZE


class ScriptedRng(Rng):
    """An Rng whose `below(n)` answers come from a script of (n, value) pairs."""

    def __init__(self, script: list[tuple[int, int]]) -> None:
        super().__init__(0, 1)
        self.script = list(script)

    def below(self, n: int) -> int:
        assert self.script, f"unexpected draw below({n})"
        want, value = self.script.pop(0)
        assert n == want, f"expected below({want}), got below({n})"
        return value


def rarity_of(card: int) -> int:
    return CARDS[card].rarity


def test_C_DRAW_1_rarity_roll_boundaries() -> None:
    """r in 1..100: r <= 65 Common, r <= 94 Uncommon, else Rare (here r-1 in 0..99)."""
    for roll, rarity in ((0, COMMON), (64, COMMON), (65, UNCOMMON), (93, UNCOMMON),
                         (94, RARE), (99, RARE)):
        rng = ScriptedRng([(100, roll), (15, 4)])
        card = from_deck(rng, DECK, EMPTY_HAND[:], 0)
        assert card == DECK[rarity][4]
        assert not rng.script


def test_C_DRAW_1_normal_draw_odds_are_65_29_6() -> None:
    rng = Rng.from_seed(2010)
    n = 100_000
    counts = Counter(rarity_of(from_deck(rng, DECK, EMPTY_HAND[:], 0)) for _ in range(n))
    # sigma: 0.0015, 0.0014, 0.00075
    assert abs(counts[COMMON] / n - 0.65) < 0.008
    assert abs(counts[UNCOMMON] / n - 0.29) < 0.008
    assert abs(counts[RARE] / n - 0.06) < 0.004


def test_C_DRAW_1_each_card_of_the_rarity_is_equally_likely() -> None:
    rng = Rng.from_seed(77)
    counts = Counter(from_deck(rng, DECK, EMPTY_HAND[:], 0) for _ in range(60_000))
    commons = [counts[c] for c in DECK[COMMON]]
    expected = 60_000 * 0.65 / 15  # 2600, sigma ~ 50
    assert all(abs(c - expected) < 300 for c in commons)
    assert set(counts) <= set(DECK[0]) | set(DECK[1]) | set(DECK[2])


def test_C_DRAW_2_no_rare_draw_rolls_1_to_94() -> None:
    rng = ScriptedRng([(94, 93), (15, 0)])
    assert from_deck(rng, DECK, EMPTY_HAND[:], 0, no_rare=True) == DECK[UNCOMMON][0]
    rng = ScriptedRng([(94, 64), (15, 14)])
    assert from_deck(rng, DECK, EMPTY_HAND[:], 0, no_rare=True) == DECK[COMMON][14]


def test_C_DRAW_2_no_rare_odds_are_65_in_94() -> None:
    rng = Rng.from_seed(94)
    n = 100_000
    counts = Counter(
        rarity_of(from_deck(rng, DECK, EMPTY_HAND[:], 0, no_rare=True)) for _ in range(n))
    assert counts[RARE] == 0
    assert abs(counts[COMMON] / n - 65 / 94) < 0.008  # sigma 0.0015


def test_C_DRAW_3_different_draw_never_gives_the_discarded_card() -> None:
    rng = Rng.from_seed(5)
    old = DECK[COMMON][0]
    hand = [old] + [0] * 7
    drawn = Counter(from_deck(rng, DECK, hand, 0, differ_from=old) for _ in range(20_000))
    assert old not in drawn
    assert len(drawn) == 44  # every other card of the deck can come


def test_C_DRAW_3_a_rejected_same_card_redraws_from_the_rarity_roll() -> None:
    old = DECK[COMMON][3]
    rng = ScriptedRng([(100, 10), (15, 3), (100, 70), (15, 2)])
    assert from_deck(rng, DECK, [old] + [0] * 7, 0, differ_from=old) == DECK[UNCOMMON][2]
    assert not rng.script


def test_C_DRAW_3_and_C_DRAW_7_discard_refill_differs_from_the_discarded_card() -> None:
    """The discarded card is alone in the hand, so only C-DRAW-3 keeps it out."""
    for seed in range(600):
        old = DECK[COMMON][seed % 15]
        game = duel(seed=seed, me=dict(hand=[old] + [DECK[RARE][i] for i in range(7)]))
        push(game, Action.discard(1))
        assert game.players[0].hand[0] != old


def test_C_DRAW_6_anti_flood_rejects_and_restarts_from_scratch() -> None:
    """Candidate already in two other slots: accepted only if below(4) gives 0."""
    x = DECK[COMMON][0]
    hand = [0, x, x, 0, 0, 0, 0, 0]
    rng = ScriptedRng([
        (100, 0), (15, 0), (4, 1),  # x, rejected (N = 2)
        (100, 0), (15, 0), (4, 0),  # x again, accepted
    ])
    assert from_deck(rng, DECK, hand, 0) == x
    assert not rng.script
    rng = ScriptedRng([(100, 0), (15, 0), (4, 3), (100, 80), (15, 5)])
    assert from_deck(rng, DECK, hand, 0) == DECK[UNCOMMON][5]
    assert not rng.script


def test_C_DRAW_6_the_slot_being_filled_does_not_count() -> None:
    """Manual: "played position doesn't count": a card equal to the filled slot's own
    card, and present nowhere else, is accepted at once (N = 0, no roll)."""
    x = DECK[COMMON][0]
    rng = ScriptedRng([(100, 0), (15, 0)])
    assert from_deck(rng, DECK, [x, 0, 0, 0, 0, 0, 0, 0], 0) == x
    assert not rng.script
    rng = ScriptedRng([(100, 0), (15, 0), (2, 0)])  # N = 1: one roll below(2)
    assert from_deck(rng, DECK, [x, x, 0, 0, 0, 0, 0, 0], 0) == x
    assert not rng.script


def test_C_DRAW_6_acceptance_is_one_in_two_to_the_n() -> None:
    """With card x in N other slots, x comes with weight 1/2**N against the others."""
    x = DECK[COMMON][0]
    for n_copies in (1, 2, 3):
        hand = [0] + [x] * n_copies + [0] * (7 - n_copies)
        rng = Rng.from_seed(600 + n_copies)
        draws = 120_000
        got = sum(from_deck(rng, DECK, hand, 0, no_rare=True) == x for _ in range(draws))
        q = (65 / 94) / 15
        expected = draws * (q / 2**n_copies) / (1 - q + q / 2**n_copies)
        assert abs(got - expected) < 6 * expected**0.5, (n_copies, got, expected)


def test_C_DRAW_4_list_draw_is_uniform_and_empty_list_gives_no_card() -> None:
    rng = Rng.from_seed(4)
    assert from_list(rng, (), EMPTY_HAND[:], 0) == 0
    counts = Counter(from_list(rng, (13, 14, 15), EMPTY_HAND[:], 0) for _ in range(30_000))
    assert set(counts) == {13, 14, 15}
    assert all(abs(c - 10_000) < 500 for c in counts.values())


def test_C_DRAW_5_list_draw_uses_anti_flood() -> None:
    rng = Rng.from_seed(45)
    hand = [0, 13, 13, 13, 0, 0, 0, 0]
    counts = Counter(from_list(rng, (13, 14), hand, 0) for _ in range(40_000))
    # weights 1/8 : 1 -> P(13) = 1/9
    assert abs(counts[13] / 40_000 - 1 / 9) < 0.01


def _replacement_rarities(card: int, seeds: range, **me: object) -> Counter[int]:
    """Rarity of the card that refills slot 1 after playing `card` from it."""
    out: Counter[int] = Counter()
    for seed in seeds:
        game = duel(seed=seed, me=dict(hand=[13] * 8, **me))
        play(game, card)
        out[rarity_of(game.players[0].hand[0])] += 1
    return out


def test_C_DRAW_7_ordinary_play_refill_can_bring_a_rare() -> None:
    counts = _replacement_rarities(13, range(3000))  # Goblin
    assert 100 < counts[RARE] < 260  # expected 180


def test_C_DRAW_7_C_KW_20_no_rare_after_a_quick_card() -> None:
    """Manual: "Rares can't be drawn after Quick or Swift cards" (320 Last hope, Quick)."""
    counts = _replacement_rarities(320, range(3000))
    assert counts[RARE] == 0
    assert counts[UNCOMMON] > 700  # the no-rare draw still gives uncommons (~30.9%)


def test_C_DRAW_7_C_KW_21_no_rare_after_a_swift_card() -> None:
    counts = _replacement_rarities(216, range(3000))  # Salvation, Swift
    assert counts[RARE] == 0
    assert counts[UNCOMMON] > 700


def test_C_SLOT_1_refill_comes_from_the_own_deck() -> None:
    for seed in range(300):
        game = duel(seed=seed)
        game.players[1].deck = ((2,) * 15, (3,) * 15, (4,) * 15)  # never drawn by player 1
        play(game, 13)
        assert game.players[0].hand[0] in DECK[0] + DECK[1] + DECK[2]
