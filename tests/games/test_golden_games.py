"""Golden seeded games of the four newer rulesets (Arcana, Elder Tale, Mage Wars, The Far
Wilds), and two of MArcomage through its protocol adapter, played like MArcomage's own golden games
(tests/games/marcomage/test_golden_games.py): whole games from starter decks with a fixed
seed, options and action policy, whose final state hash, the hash of every state on the way,
the final views and the awards are recorded in tests/data/golden_games_rulesets.json. Any
change of behaviour (a rule, a shuffle, a draw, a view, the JSON layout) changes a record
and shows here (issue 30: the kit refactor must change nothing).

Regenerate them with one command from the repository root, then review and commit the data
file (and raise the ruleset's `version` when its behaviour changed on purpose):

    .venv/bin/python -m tests.games.test_golden_games --regen
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from marcomage.games import find_ruleset
from marcomage.platform.bots import make_bot
from marcomage.platform.protocol import Action, Ruleset, State
from marcomage.platform.replay import canonical_json, state_hash
from marcomage.platform.rng import Rng

DATA = Path(__file__).resolve().parents[1] / "data" / "golden_games_rulesets.json"

LEVELS = (3, 9, 0, 20)
"""The seats' levels the awards are computed for (PL-SHARED-4)."""


@dataclass(frozen=True)
class GoldenGame:
    """A game fixed by its ruleset, starter decks, options, seed and action policy.

    `policy`: "first" plays the first legal action, "random-N" a seeded uniform pick,
    "bot:NAME" the ruleset's bot NAME seeded with the game's seed. `resign_at`: after that
    many actions the seat to act resigns (play goes on where the ruleset lets it)."""

    name: str
    ruleset: str
    seed: int
    policy: str
    decks: tuple[int, ...] = (0, 1)
    options: dict[str, Any] = field(default_factory=dict)
    resign_at: int | None = None

    def _rules(self) -> Ruleset:
        return find_ruleset(self.ruleset)

    def play(self) -> tuple[State, list[tuple[int, Action | str]], list[str]]:
        """The final state, the moves (an action, or "resign") and every state's hash."""
        rules = self._rules()
        starters = rules.starter_decks()
        decks = [starters[i % len(starters)] for i in self.decks]
        state = rules.new_game(rules.options_from_json(self.options), decks, self.seed)
        rng = (Rng.from_seed(int(self.policy.removeprefix("random-")))
               if self.policy.startswith("random-") else None)
        bots = ([make_bot(rules, self.policy.removeprefix("bot:"), self.seed + s)
                 for s in range(len(decks))] if self.policy.startswith("bot:") else None)
        moves: list[tuple[int, Action | str]] = []
        hashes = [state_hash(rules, state)]
        while rules.outcome(state) is None:
            assert len(moves) < rules.max_steps
            seat = min(rules.to_act(state))
            if self.resign_at is not None and len(moves) == self.resign_at:
                state = rules.resign(state, seat)
                moves.append((seat, "resign"))
            else:
                legal = rules.legal_actions(state, seat)
                if bots is not None:
                    action = bots[seat].choose(rules.view(state, seat), legal)
                elif rng is not None:
                    action = legal[rng.below(len(legal))]
                else:
                    action = legal[0]
                state, _ = rules.apply(state, seat, action)
                moves.append((seat, action))
            hashes.append(state_hash(rules, state))
        return state, moves, hashes

    def record(self) -> dict[str, Any]:
        rules = self._rules()
        state, moves, hashes = self.play()
        outcome = rules.outcome(state)
        assert outcome is not None
        seats = len(self.decks)
        views = [rules.view(state, seat) for seat in (*range(seats), None)]
        last = next(((s, a) for s, a in reversed(moves) if not isinstance(a, str)), None)
        awards = rules.awards(state, LEVELS[:seats], False, last)
        return {
            "hash": hashes[-1],
            "trail": hashlib.sha256("".join(hashes).encode()).hexdigest(),
            "views": hashlib.sha256(canonical_json(views).encode()).hexdigest(),
            "moves": len(moves),
            "outcome": outcome.to_json(),
            "awards": [{"result": a.result, "exp": a.exp, "details": a.details}
                       for a in awards],
        }


GAMES = (
    GoldenGame("arcana-random-1", "arcana", 1, "random-1"),
    GoldenGame("arcana-first-2", "arcana", 2, "first", decks=(1, 0)),
    GoldenGame("arcana-options-3", "arcana", 3, "random-3", options={
        "summoned_can_attack": False, "deck_out_loses": True, "set_rune_delay": False}),
    GoldenGame("arcana-resign-4", "arcana", 4, "random-4", resign_at=40),
    GoldenGame("arcana-search-5", "arcana", 5, "bot:search", resign_at=24),
    GoldenGame("elder_tale-random-1", "elder_tale", 1, "random-1"),
    GoldenGame("elder_tale-first-2", "elder_tale", 2, "first", decks=(1, 0)),
    GoldenGame("elder_tale-greedy-3", "elder_tale", 3, "bot:greedy"),
    GoldenGame("elder_tale-resign-4", "elder_tale", 4, "random-4", resign_at=25),
    GoldenGame("elder_tale-search-5", "elder_tale", 5, "bot:search"),
    GoldenGame("mage_wars-random-1", "mage_wars", 1, "random-1"),
    GoldenGame("mage_wars-first-2", "mage_wars", 2, "first"),
    GoldenGame("mage_wars-three-3", "mage_wars", 3, "random-3", decks=(0, 0, 0), options={
        "mage_selection": "choose", "health_loss_choice": "random"}),
    GoldenGame("mage_wars-four-resign-4", "mage_wars", 4, "random-4", decks=(0, 0, 0, 0),
               resign_at=60),
    GoldenGame("mage_wars-resources-5", "mage_wars", 5, "random-5", options={
        "resource_mode": "all_icons"}),
    GoldenGame("mage_wars-search-6", "mage_wars", 6, "bot:search", resign_at=12),
    GoldenGame("far_wilds-random-1", "far_wilds", 1, "random-1"),
    GoldenGame("far_wilds-first-2", "far_wilds", 2, "first", decks=(1, 0)),
    GoldenGame("far_wilds-options-3", "far_wilds", 3, "random-3", options={
        "autodraw": False, "draw_in_round_1": True, "cycle_is_free": False,
        "spawn_needs_domain_base": True, "reveal_memory": True}),
    GoldenGame("far_wilds-resign-4", "far_wilds", 4, "random-4", resign_at=30),
    GoldenGame("marcomage-random-1", "marcomage", 1, "random-1", decks=(0, 2)),
    GoldenGame("marcomage-resign-2", "marcomage", 2, "bot:greedy", resign_at=20,
               options={"hidden": True}),
    GoldenGame("far_wilds-search-5", "far_wilds", 5, "bot:search", resign_at=8),
)


def load() -> dict[str, dict[str, Any]]:
    recorded: dict[str, dict[str, Any]] = json.loads(DATA.read_text("utf-8"))
    return recorded


@pytest.mark.parametrize("golden", GAMES, ids=[g.name for g in GAMES])
def test_golden_game_replays_to_its_recorded_hashes(golden: GoldenGame) -> None:
    """Issue 30: the same seed, decks, options and policy give the same game as recorded."""
    recorded = load()[golden.name]
    assert golden.record() == recorded, (
        "behaviour changed; if intended, raise the ruleset's version and regenerate: "
        ".venv/bin/python -m tests.games.test_golden_games --regen")


def test_golden_games_cover_the_four_newer_rulesets_and_the_file_lists_exactly_them() -> None:
    """MArcomage's engine has its own golden games; two more here go through its protocol
    adapter (resign, end and awards included)."""
    assert {g.ruleset for g in GAMES} == {
        "arcana", "elder_tale", "mage_wars", "far_wilds", "marcomage"}
    assert sorted(load()) == sorted(g.name for g in GAMES)


def regenerate() -> None:
    records = {g.name: g.record() for g in GAMES}
    DATA.write_text(json.dumps(records, indent=2, sort_keys=True) + "\n", "utf-8")
    for name, rec in records.items():
        out = rec["outcome"]
        print(f"{name}: {out['end_type']} in round {out['final_round']} "
              f"({rec['moves']} moves)")


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
