"""Golden seeded games: whole games between fixed decks with a fixed action policy,
whose final state hash is recorded in tests/data/golden_games.json. Any change of
behaviour (a card effect, a draw, the JSON layout) changes a hash and shows here.

The hashes legitimately change while card effects are being added. Regenerate them with
one command from the repository root, then review and commit the data file:

    .venv/bin/python -m tests.games.marcomage.test_golden_games --regen
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from marcomage.games.marcomage import (
    Action,
    Game,
    Rng,
    auto_tokens,
    legal_actions,
    new_game,
    push,
    random_deck,
    state_hash,
)
from marcomage.games.marcomage.actions import DISCARD, PLAY
from marcomage.games.marcomage.state import Deck

DATA = Path(__file__).resolve().parents[2] / "data" / "golden_games.json"

STARTER = {  # C-DECK-11
    1: ((54, 240, 71, 256, 250, 259, 261, 113, 247, 79, 57, 140, 7, 236, 257),
        (28, 189, 83, 10, 204, 211, 230, 36, 150, 201, 53, 96, 180, 164, 208),
        (32, 197, 75, 74, 151, 61, 69, 66, 232, 229, 291, 21, 126, 182, 181)),
    2: ((1, 289, 23, 149, 359, 18, 260, 119, 26, 275, 271, 176, 60, 122, 272),
        (146, 163, 162, 164, 175, 266, 5, 154, 49, 136, 195, 35, 174, 270, 89),
        (235, 295, 178, 379, 161, 192, 4, 167, 233, 156, 67, 339, 169, 141, 148)),
    3: ((356, 45, 1, 260, 79, 238, 140, 368, 274, 269, 160, 362, 26, 300, 91),
        (29, 267, 84, 19, 47, 191, 320, 123, 98, 3, 8, 58, 109, 96, 52),
        (115, 108, 127, 86, 110, 138, 181, 242, 222, 249, 4, 277, 293, 199, 128)),
}


def _deck(name: str) -> Deck:
    if name.startswith("starter-"):
        return STARTER[int(name.removeprefix("starter-"))]
    return random_deck(Rng.from_seed(int(name.removeprefix("random-"))))


@dataclass(frozen=True)
class GoldenGame:
    """A game fixed by its decks, token choice, seed and action policy."""

    name: str
    deck1: str
    deck2: str
    seed: int | str
    policy: str  # "first-play": first legal play, else first discard; "random-N": seeded
    tokens: bool = True

    def play(self) -> tuple[Game, list[Action]]:
        d1, d2 = _deck(self.deck1), _deck(self.deck2)
        game = new_game(d1, d2, seed=self.seed,
                        tokens1=auto_tokens(d1) if self.tokens else (),
                        tokens2=auto_tokens(d2) if self.tokens else ())
        rng = (Rng.from_seed(int(self.policy.removeprefix("random-")))
               if self.policy.startswith("random-") else None)
        actions: list[Action] = []
        while not game.finished:
            legal = legal_actions(game)
            if rng is None:
                plays = [a for a in legal if a.kind == PLAY]
                action = plays[0] if plays else next(a for a in legal if a.kind == DISCARD)
            else:
                action = legal[rng.below(len(legal))]
            actions.append(action)
            push(game, action, game.current)
        return game, actions

    def record(self) -> dict[str, Any]:
        game, actions = self.play()
        assert game.outcome is not None
        return {
            "hash": state_hash(game),
            "turns": len(actions),
            "round": game.round,
            "winner": None if game.outcome.winner is None else game.outcome.winner + 1,
            "end_type": str(game.outcome.end_type),
        }


GAMES = (
    GoldenGame("starter-1-vs-starter-2", "starter-1", "starter-2", seed=1, policy="first-play"),
    GoldenGame("starter-3-vs-starter-1", "starter-3", "starter-1", seed="golden-2",
               policy="random-2"),
    GoldenGame("starter-2-vs-starter-3", "starter-2", "starter-3", seed=3, policy="random-3",
               tokens=False),
    GoldenGame("random-4-vs-random-5", "random-4", "random-5", seed=4, policy="random-4"),
    GoldenGame("random-6-vs-starter-1", "random-6", "starter-1", seed=2**63 + 5,
               policy="first-play"),
)


def load() -> dict[str, dict[str, Any]]:
    recorded: dict[str, dict[str, Any]] = json.loads(DATA.read_text("utf-8"))
    return recorded


@pytest.mark.parametrize("golden", GAMES, ids=[g.name for g in GAMES])
def test_golden_game_replays_to_its_recorded_hash(golden: GoldenGame) -> None:
    recorded = load()[golden.name]
    assert golden.record() == recorded, (
        "behaviour changed; if intended, regenerate: "
        ".venv/bin/python -m tests.games.marcomage.test_golden_games --regen")


@pytest.mark.parametrize("golden", GAMES[:2], ids=[g.name for g in GAMES[:2]])
def test_golden_game_is_deterministic(golden: GoldenGame) -> None:
    (a, actions_a), (b, actions_b) = golden.play(), golden.play()
    assert actions_a == actions_b
    assert state_hash(a) == state_hash(b)


def test_golden_games_file_lists_exactly_these_games() -> None:
    assert sorted(load()) == sorted(g.name for g in GAMES)


def regenerate() -> None:
    records = {g.name: g.record() for g in GAMES}
    DATA.write_text(json.dumps(records, indent=2, sort_keys=True) + "\n", "utf-8")
    for name, rec in records.items():
        print(f"{name}: {rec['end_type']} in round {rec['round']} ({rec['turns']} turns)")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--regen", action="store_true", help=f"rewrite {DATA.name}")
    args = parser.parse_args(argv)
    if args.regen:
        regenerate()
        return 0
    recorded = load()
    bad = [g.name for g in GAMES if g.record() != recorded.get(g.name)]
    print("golden games differ: " + ", ".join(bad) if bad else "golden games agree")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
