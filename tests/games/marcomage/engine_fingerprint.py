"""What one engine answers on the checks both engines must agree on, as one JSON document:
run under MARCOMAGE_ENGINE=pure and =compiled by test_compiled_engine.py.

    MARCOMAGE_ENGINE=pure python -m tests.games.marcomage.engine_fingerprint [RANDOM_CASES]
"""

from __future__ import annotations

import hashlib
import io
import json
import sys
from pathlib import Path

import marcomage
from marcomage.games.marcomage import (
    Action,
    Game,
    Rng,
    legal_actions,
    push,
    random_playout,
    state_hash,
)
from marcomage.games.marcomage.bots.mcts import MctsBot
from marcomage.games.marcomage.golden import check, read_cases
from marcomage.games.marcomage.ruleset import RULESET, Options, random_decks
from marcomage.platform.rng import seed_to_int

from .test_golden_games import GAMES

GOLDEN = Path(__file__).resolve().parents[2] / "data" / "golden.jsonl.gz"


def new_match(seed: str) -> Game:
    """A game of two random decks dealt through the protocol."""
    return RULESET.new_game(Options(), random_decks(seed), seed_to_int(seed))


def answers_of(path: Path) -> dict[str, object]:
    """The golden check's agreement and a digest of every answer the engine gave."""
    out = io.StringIO()
    report = check(read_cases(path), out)
    return {"agreed": report.agreed, "total": report.total,
            "answers": hashlib.sha256(out.getvalue().encode()).hexdigest()}


def playouts(games: int) -> str:
    """A digest of the final state of `games` random playouts."""
    chooser = Rng.from_seed(99, stream=3)
    digest = hashlib.sha256()
    for i in range(games):
        game = new_match(f"fingerprint/{i}")
        while game.outcome is None:
            actions = legal_actions(game)
            push(game, actions[chooser.below(len(actions))])
        digest.update(state_hash(game).encode())
    return digest.hexdigest()


def random_playouts(games: int) -> str:
    """The same digest over the same games, each played by `random_playout` at once."""
    chooser = Rng.from_seed(99, stream=3)
    digest = hashlib.sha256()
    for i in range(games):
        game = new_match(f"fingerprint/{i}")
        random_playout(game, (chooser, chooser))
        digest.update(state_hash(game).encode())
    return digest.hexdigest()


def search_moves(games: int) -> list[str]:
    """The search bot's move (200 iterations, seeded) at the start of `games` games."""
    moves = []
    for i in range(games):
        game = new_match(f"fingerprint/search/{i}")
        seat = game.current
        choice = MctsBot(i, iterations=200).choose(RULESET.view(game, seat),
                                                   RULESET.legal_actions(game, seat))
        moves.append(str(Action.from_json(choice)))
    return moves


def fingerprint(random_cases: Path | None) -> dict[str, object]:
    return {
        "engine": marcomage.ENGINE.name,
        "golden": answers_of(GOLDEN),
        "random": answers_of(random_cases) if random_cases else None,
        "golden_games": {g.name: g.record() for g in GAMES},
        "playouts": playouts(300),
        "random_playout": random_playouts(300),
        "search": search_moves(8),
    }


if __name__ == "__main__":
    print(json.dumps(fingerprint(Path(sys.argv[1]) if len(sys.argv) > 1 else None)))
