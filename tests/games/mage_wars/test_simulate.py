"""`marcomage simulate --game mage_wars --seats N`: seeded games of 2 to 4 seats through the
protocol, reported with the mean final round; a seat count the game does not allow is
refused. And the balance the sample set is built for: random games mostly end in a win."""

from __future__ import annotations

import io
import sys

import pytest

from marcomage.cli import main
from marcomage.platform.rng import Rng

from .tables import RULES, game


def run(args: list[str], capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    status = main(args)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.mark.parametrize("seats", [3, 4])
def test_simulate_plays_seeded_multi_seat_games(seats: int, capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    args = ["simulate", "--game", "mage_wars", "--seats", str(seats), "--games", "3",
            "--jobs", "1", "--seed", "5", "--no-progress"]
    status, out, _ = run(args, capsys, monkeypatch)
    assert status == 0
    assert f"seat {seats - 1} random" in out and f"seat {seats} " not in out
    assert "mean final round:" in out
    digest = [line for line in out.splitlines() if line.startswith("results digest")]
    _, again, _ = run(args, capsys, monkeypatch)
    assert digest == [line for line in again.splitlines()
                      if line.startswith("results digest")]


def test_simulate_refuses_a_seat_count_the_game_does_not_allow(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    status, _, err = run(["simulate", "--game", "mage_wars", "--seats", "5", "--games", "1"],
                         capsys, monkeypatch)
    assert status == 2 and "2 to 4" in err
    status, _, err = run(["simulate", "--seats", "3", "--games", "1"], capsys, monkeypatch)
    assert status == 2 and "--seats" in err


def test_MW_TURN_8_random_two_seat_games_mostly_end_in_a_win_before_the_round_limit() -> None:
    """MAGEWARS.md, sample card set: "Seeded random-versus-random two-player games should
    mostly end with a win before ROUND_LIMIT" (a win condition met, or the last mage standing
    when the others fell for good, MW-DEATH-5). 40 fixed seeds on the sample pack (about 3 s;
    the audit saw 99 of 100 win), asserted with room: at least 90."""
    wins = 0
    for seed in range(40):
        state = game(2, seed)
        rng = Rng.from_seed(seed, stream=3)
        while RULES.outcome(state) is None:
            (seat,) = RULES.to_act(state)
            legal = RULES.legal_actions(state, seat)
            state, _ = RULES.apply(state, seat, legal[rng.below(len(legal))])
        outcome = RULES.outcome(state)
        assert outcome is not None
        wins += outcome.end_type in ("win_condition", "last_standing")
    assert wins >= 36
