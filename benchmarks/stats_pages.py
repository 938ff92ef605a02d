"""Statistics pages on a database of 10,000 finished games (issue 22: under 200 ms each).

Seeds a fresh SQLite database: 40 players and 10,000 finished MArcomage games between them,
each really played by two random bots from random decks and counted into the statistics by
the site's own counting (stats.counting.add_facts, as a finishing game is), spread over a
year. Then it fetches every statistics page through Django's test client and prints the
median and 95th percentile time per page, and the mean cost of counting one game.

    python benchmarks/stats_pages.py [--games 10000] [--fetches 20] [--write BENCHMARKS.md]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from machine import footer
from report import put_section

PLAYERS = 40
TARGET_MS = 200.0
SECTION = "## Statistics pages"


def seed_database(games: int) -> tuple[list[str], float]:
    """Players, games and their statistics; returns the player names and the mean seconds
    add_facts took per game."""
    from django.contrib.auth import get_user_model
    from django.db import transaction

    from marcomage.games import find_ruleset
    from marcomage.games.marcomage.deck import random_deck
    from marcomage.platform.protocol import DeckDoc
    from marcomage.platform.rng import Rng
    from marcomage.web.games.models import Game, Seat, Status
    from marcomage.web.stats.counting import add_facts
    from marcomage.web.stats.facts import GameFacts, SeatFacts, seat_result
    from marcomage.web.stats.models import Counted, ExpPoint

    ruleset = find_ruleset("marcomage")
    options = ruleset.options_from_json({})
    User = get_user_model()
    # No password: no hashing, which would take longer than the games.
    users = [User.objects.create_user(f"player{n:02d}") for n in range(PLAYERS)]
    rng, picks = Rng.from_seed(2026), random.Random(2026)
    start = date(2025, 11, 25)
    counting = 0.0
    exp: Counter[int] = Counter()
    def one_game(n: int) -> float:
        """Play game n, store it and count it; returns the seconds counting took."""
        decks: list[DeckDoc] = []
        for _ in range(2):
            sections = random_deck(rng)
            decks.append({"game": "marcomage", "format": "standard", "name": "random",
                          "entries": [{"card": c, "count": 1} for s in sections for c in s],
                          "extra": {"tokens": ["none", "none", "none"]}})
        state = ruleset.new_game(options, decks, n + 1)
        uses: Counter[tuple[str, str]] = Counter()
        while (outcome := ruleset.outcome(state)) is None:
            seat = min(ruleset.to_act(state))
            state, events = ruleset.apply(state, seat, picks.choice(
                ruleset.legal_actions(state, seat)))
            for event in events:
                uses[str(event["card"]), event["type"]] += 1
        players = picks.sample(users, 2)
        day = start + timedelta(days=n * 365 // games)
        when = datetime(day.year, day.month, day.day, 12, tzinfo=UTC)
        game = Game.objects.create(
            ruleset="marcomage", ruleset_version=ruleset.version, status=Status.FINISHED,
            seats_count=2, seed=n + 1, state=None, outcome=outcome.to_json(),
            end_type=outcome.end_type, finished_at=when, created=when, last_move=when,
            round=outcome.final_round)
        seated = list(enumerate(zip(players, decks, strict=True)))
        Seat.objects.bulk_create([Seat(game=game, number=i, user=u, deck_doc=d)
                                  for i, (u, d) in seated])
        facts = GameFacts("marcomage", day, outcome.end_type, outcome.final_round,
                          tuple(SeatFacts(u.pk, seat_result(outcome, i),
                                          frozenset(str(e["card"]) for e in d["entries"]))
                                for i, (u, d) in seated), uses, True)
        began = time.perf_counter()
        Counted.objects.create(game=game)
        add_facts(facts)
        took = time.perf_counter() - began
        for i, (user, _) in seated:
            exp[user.pk] += 100 if i in outcome.winners else 15
            ExpPoint.objects.create(ruleset="marcomage", player=user, at=when, level=0,
                                    exp=exp[user.pk])
        return took

    for first in range(0, games, 500):  # commit in batches: an fsync per game would dominate
        with transaction.atomic():
            counting += sum(one_game(n) for n in range(first, min(first + 500, games)))
    return [u.username for u in users], counting / max(games, 1)


def fetch_times(paths: list[str], fetches: int) -> dict[str, list[float]]:
    """Milliseconds per fetch of each page (after one warm-up fetch), logged in."""
    from django.contrib.auth import get_user_model
    from django.test import Client

    client = Client(HTTP_HOST="localhost")
    client.force_login(get_user_model().objects.get(username="player00"))
    times: dict[str, list[float]] = {}
    for path in paths:
        assert client.get(path).status_code == 200, path
        runs = []
        for _ in range(fetches):
            began = time.perf_counter()
            response = client.get(path)
            runs.append((time.perf_counter() - began) * 1000)
            assert response.status_code == 200
        times[path] = runs
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--fetches", type=int, default=20)
    parser.add_argument("--write", metavar="FILE", help="put the figures into this Markdown file")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data:
        os.environ["MARCOMAGE_DATA_DIR"] = data
        os.environ["DATABASE_URL"] = f"sqlite:///{data}/bench.sqlite3"
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "marcomage.web.settings")
        import django
        from django.core.management import call_command

        django.setup()
        call_command("migrate", verbosity=0)
        began = time.perf_counter()
        names, counting = seed_database(args.games)
        seeding = time.perf_counter() - began
        paths = ["/stats/", "/stats/marcomage/cards/", "/stats/marcomage/cards/?order=win",
                 "/stats/marcomage/cards/?order=played&page=5", "/stats/marcomage/games/",
                 f"/stats/marcomage/players/{names[0]}/"]
        times = fetch_times(paths, args.fetches)
    rows = [(path, statistics.median(t), sorted(t)[int(0.95 * (len(t) - 1))])
            for path, t in times.items()]
    worst = max(p95 for _, _, p95 in rows)
    lines = [
        SECTION, "",
        f"{args.games:,} finished games (random bots, random decks) between {PLAYERS} players "
        f"on SQLite; {args.fetches} fetches per page through Django's test client, logged in.",
        "", "| page | median, ms | p95, ms |", "|---|---|---|",
        *[f"| `{path}` | {median:.1f} | {p95:.1f} |" for path, median, p95 in rows], "",
        f"Counting one finished game into the statistics (add_facts): {1000 * counting:.2f} ms "
        f"mean. Seeding took {seeding:.0f} s. "
        + (f"Every page is under the target of {TARGET_MS:.0f} ms" if worst < TARGET_MS
           else f"NOT every page is under the target of {TARGET_MS:.0f} ms")
        + f" (worst p95 {worst:.1f} ms).", "",
        *footer(f"python benchmarks/stats_pages.py --games {args.games}"),
    ]
    report = "\n".join(lines) + "\n"
    print(report)
    if args.write:
        put_section(args.write, "stats_pages", report)


if __name__ == "__main__":
    main()
