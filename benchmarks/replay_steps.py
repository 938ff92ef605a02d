"""Time to redraw one replay step (issue 31: a Far Wilds step took 0.45-1.6 s): the htmx
request a replay's step buttons send, through Django's whole stack, on a finished game.

A fresh SQLite database; two players play a whole game of `--game` (the first legal action
each move, through the games services); then the replay is opened at step 1 (which
re-simulates the game once) and `--steps` later steps are fetched in order, each timed from
the request to the answer's last byte. Prints one JSON row: the first step and the median,
p95 and worst of the later steps, in milliseconds.

    python benchmarks/replay_steps.py [--game far_wilds] [--steps 40]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time

from move_cost import setup  # the same fresh SQLite site, run from benchmarks/


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="far_wilds")
    parser.add_argument("--steps", type=int, default=40)
    args = parser.parse_args(argv)
    setup(tempfile.mkdtemp(prefix="marcomage-replay-"))

    from django.test import Client

    from marcomage.games import find_ruleset
    from marcomage.web.accounts.models import User
    from marcomage.web.decks.services import give_starter_decks, ready_decks
    from marcomage.web.games import services
    from marcomage.web.games.models import Game, Status

    players = [User.objects.create_user(f"replayer{n}", "pw") for n in range(2)]
    for player in players:
        give_starter_decks(player, args.game)
    first, second = players
    game = services.challenge(first, second, ready_decks(first, args.game)[0].pk,
                              ruleset=args.game)
    game = services.accept(second, game.pk, ready_decks(second, args.game)[0].pk)
    ruleset = find_ruleset(args.game)
    by_seat = {s.number: s.user for s in game.seats.select_related("user")}
    while True:
        game = Game.objects.get(pk=game.pk)
        if game.status == Status.FINISHED:
            break
        state = ruleset.from_json(game.state)
        seat = min(ruleset.to_act(state))
        services.act(by_seat[seat], game.pk, game.version, ruleset.legal_actions(state, seat)[0])

    client = Client(HTTP_HOST="127.0.0.1")
    client.force_login(first)

    def fetch(step: int) -> tuple[float, str]:
        start = time.perf_counter()
        page = client.get(f"/replays/{game.pk}/?step={step}", HTTP_HX_REQUEST="true")
        body = page.content.decode()
        return (time.perf_counter() - start) * 1000, body

    first_ms, body = fetch(1)
    total = int(body.split('data-total="')[1].split('"')[0])
    steps = list(range(2, total + 1))[: args.steps]
    later = [fetch(step)[0] for step in steps]
    later.sort()
    row = {"game": args.game, "total_steps": total, "first_step_ms": round(first_ms, 1),
           "steps_timed": len(later), "median_ms": round(statistics.median(later), 1),
           "p95_ms": round(later[int(0.95 * (len(later) - 1))], 1),
           "worst_ms": round(later[-1], 1)}
    json.dump(row, sys.stdout)
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
