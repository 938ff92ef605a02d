"""The `marcomage` command line: serve, play, simulate, apply, conformance, replay and new.

    marcomage serve --host 127.0.0.1 --port 8000
    marcomage play --seed 7 --opponent mcts --think 1
    marcomage simulate --games 1000 --seed 1 --jobs 2
    marcomage simulate --p1 mcts --p2 greedy --games 400 --jobs 1 --think 1
    marcomage simulate --game marcomage --games 10 --replays out/   # through the protocol
    marcomage replay verify out/0.json                               # PL-STATE-3
    marcomage replay verify-all                      # every finished game of the site
    marcomage new --seed 7 > game.json
    marcomage eldertale price card.json   # Elder Tale design calculator (ET-DP, ET-COPO)
    marcomage apply requests.jsonl        # JSON lines, see docs/state-format.md
    marcomage conformance tests/data/golden.jsonl.gz   # see docs/conformance.md
"""

from __future__ import annotations

import argparse
import json
import math
import os
import secrets
import shutil
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, TextIO

from .games import RULESETS, UnknownRuleset, find_ruleset
from .games.marcomage import Action, IllegalAction, from_json, push, to_json
from .games.marcomage.bots import DEFAULT_ITERATIONS, SEARCH_BOTS
from .games.marcomage.golden import check, format_report, read_cases
from .games.marcomage.ruleset import RULESET as MARCOMAGE
from .games.marcomage.ruleset import Options, random_decks
from .platform.bots import bots_for
from .platform.decks import DeckDocError, parse_deck
from .platform.protocol import DeckDoc, Ruleset, State
from .platform.replay import Replay, ReplayError, verify
from .platform.rng import seed_to_int
from .simulate import ProgressBar, marcomage_bot, simulate, simulate_ruleset
from .terminal import TerminalGame

PROTOCOL_ERRORS = (KeyError, IndexError, TypeError, ValueError, AttributeError)
"""What loading a malformed state document can raise."""


def seed_arg(text: str) -> int | str:
    """A seed: a number 0..2**64-1 as such, anything else as text (hashed by the Rng)."""
    try:
        number = int(text)
    except ValueError:
        return text
    return number if 0 <= number < 1 << 64 else text


def compact(doc: Any) -> str:
    """Canonical JSON on one line: sorted keys, no spaces."""
    return json.dumps(doc, sort_keys=True, separators=(",", ":"))


# --- play ---------------------------------------------------------------------------


PLAY_THINK = 1.0
"""Seconds per move of the search bot in `play` when neither --think nor --iterations
is given."""


def random_game(seed: int | str, options: Options) -> State:
    """The MArcomage game of `play` and `new` seeded `seed`: two random decks (drawn from
    the seed) through the protocol."""
    return MARCOMAGE.new_game(options, random_decks(seed), seed_to_int(seed))


def cmd_play(args: argparse.Namespace) -> int:
    seed = args.seed if args.seed is not None else secrets.randbelow(1 << 32)
    state = random_game(seed, Options(hidden=args.hidden))
    think = args.think
    if args.opponent in SEARCH_BOTS and think is None and args.iterations is None:
        think = PLAY_THINK
    bot = marcomage_bot(args.opponent, seed_to_int(f"{seed}/bot"),
                        (think, args.iterations, False))
    budget = f" ({think:g} s per move)" if args.opponent in SEARCH_BOTS and think else ""
    print(f"MArcomage against the {args.opponent} bot{budget}, seed {seed}.")
    width = max(60, min(100, shutil.get_terminal_size((80, 24)).columns - 2))
    TerminalGame(state, bot, sys.stdin, sys.stdout, width=width).run()
    return 0


# --- simulate -----------------------------------------------------------------------


def fail(command: str, message: str) -> int:
    print(f"marcomage {command}: {message}", file=sys.stderr)
    return 2


def cmd_simulate(args: argparse.Namespace) -> int:
    if args.games < 1:
        return fail("simulate", "--games must be at least 1")
    if args.game is not None:
        return simulate_game(args)
    if args.decks or args.replays or args.seats is not None:
        return fail("simulate", "--decks, --replays and --seats go with --game")
    bots = bots_for(MARCOMAGE)
    for name in (args.bot, args.bot2):
        if name is not None and name not in bots:
            return fail("simulate", f"no bot {name!r}; choose from {', '.join(sorted(bots))}")
    bot2 = args.bot2 or args.bot
    progress = None if args.no_progress else ProgressBar(args.games, sys.stderr)
    summary = simulate(args.games, args.seed, args.jobs or os.cpu_count() or 1,
                       args.bot, bot2, progress, think=args.think, iterations=args.iterations,
                       cpu_clock=args.cpu_time)
    print(summary.report(describe(args.bot, args), describe(bot2, args)))
    return 0


def simulate_game(args: argparse.Namespace) -> int:
    """`simulate --game ID`: bots play any game system through the protocol; seat 0 is
    --p1's bot, every other seat --p2's (default: the same)."""
    try:
        ruleset = find_ruleset(args.game)
    except UnknownRuleset:
        return fail("simulate", f"no game {args.game!r}; choose from {', '.join(RULESETS)}")
    if args.think is not None or args.iterations is not None or args.cpu_time:
        return fail("simulate", "--think, --iterations and --cpu-time are for MArcomage "
                                "without --game")
    seats = args.seats if args.seats is not None else ruleset.seats.start
    if seats not in ruleset.seats:
        return fail("simulate", f"{ruleset.name} is played by {ruleset.seats.start} to "
                                f"{ruleset.seats.stop - 1}, not {seats}")
    names = [args.bot] + [args.bot2 or args.bot] * (seats - 1)
    available = bots_for(ruleset)
    for name in names:
        if name not in available:
            return fail("simulate", f"{ruleset.name} has no bot {name!r}; choose from "
                                    f"{', '.join(available)}")
    decks = None
    if args.decks:
        try:
            decks = read_decks(args.decks, ruleset, seats)
        except (OSError, ValueError) as err:
            return fail("simulate", f"cannot use the decks in {args.decks}: {err}")
    progress = None if args.no_progress else ProgressBar(args.games, sys.stderr)
    summary = simulate_ruleset(ruleset, args.games, args.seed, args.jobs or os.cpu_count() or 1,
                               names, progress, decks)
    if args.replays:
        folder = Path(args.replays)
        folder.mkdir(parents=True, exist_ok=True)
        for index, record in enumerate(summary.records):
            (folder / f"{index}.json").write_text(compact(record.replay) + "\n", "utf-8")
    print(summary.report())
    return 0


def read_decks(path: str, ruleset: Ruleset, seats: int) -> list[DeckDoc]:
    """A JSON list of deck documents, one per seat, each valid for `ruleset`."""
    doc = json.loads(Path(path).read_text("utf-8"))
    if not isinstance(doc, list) or len(doc) != seats:
        raise ValueError(f"give a JSON list of {seats} decks, one per seat")
    decks = []
    for seat, raw in enumerate(doc):
        try:
            deck = parse_deck(raw, RULESETS)
        except DeckDocError as err:
            raise ValueError(f"deck {seat}: {err}") from None
        problems = ruleset.validate_deck(deck, deck["format"])
        if problems:
            raise ValueError(f"deck {seat}: {problems[0].message}")
        decks.append(deck)
    return decks


def describe(bot: str, args: argparse.Namespace) -> str:
    """A bot's name with its search budget, e.g. 'mcts (0.1 s/move)'."""
    if bot not in SEARCH_BOTS:
        return bot
    clock = " CPU" if getattr(args, "cpu_time", False) else ""
    budget = [f"{args.think:g}{clock} s/move"] if args.think is not None else []
    if args.iterations is not None or not budget:
        budget.append(f"{args.iterations or DEFAULT_ITERATIONS} iterations/move")
    return f"{bot} ({', '.join(budget)})"


def positive_float(text: str) -> float:
    value = float(text)
    if not (value > 0 and math.isfinite(value)):
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds, not {text}")
    return value


def positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {text}")
    return value


def add_budget(p: argparse.ArgumentParser, think_default: str) -> None:
    p.add_argument("--think", type=positive_float, metavar="SECONDS",
                   help=f"the search bot's time per move ({think_default})")
    p.add_argument("--iterations", type=positive_int, metavar="K",
                   help="the search bot's iterations per move (deterministic); with "
                        "--think, whichever runs out first")


# --- apply --------------------------------------------------------------------------


def failure(code: str, message: str) -> dict[str, Any]:
    return {"ok": False, "error": message, "code": code}


def apply_request(line: str) -> dict[str, Any]:
    """The answer to one request line of the apply protocol (docs/state-format.md)."""
    try:
        request = json.loads(line)
    except json.JSONDecodeError as err:
        return failure("bad-json", f"The line is not JSON: {err}.")
    if not isinstance(request, dict) or not {"state", "action"} <= request.keys():
        return failure("bad-request", "A request is an object with 'state' and 'action', "
                                      "and optionally 'seat' (0 or 1) and 'seed'.")
    seat = request.get("seat")
    if seat is not None and (type(seat) is not int or seat not in (0, 1)):
        return failure("bad-request", f"'seat' must be 0 or 1, not {seat!r}.")
    if not isinstance(request["action"], dict):
        return failure("bad-request", "'action' must be an object such as "
                                      '{"type": "play", "pos": 3, "mode": 0}.')
    if not isinstance(request["state"], dict):
        return failure("bad-state", "'state' must be a game object (docs/state-format.md).")
    try:
        action = Action.from_json(request["action"])
    except IllegalAction as refusal:
        return failure(refusal.code, str(refusal))
    try:
        game = from_json(request["state"], seed=request.get("seed"))
    except PROTOCOL_ERRORS as err:
        detail = f"missing field {err}" if isinstance(err, KeyError) else str(err)
        return failure("bad-state", f"The state cannot be loaded: {detail.rstrip('.')}.")
    try:
        push(game, action, seat)
    except IllegalAction as refusal:
        return failure(refusal.code, str(refusal))
    return {"ok": True, "state": to_json(game)}


def apply_stream(lines: Iterable[str], out: TextIO) -> None:
    """Answer every non-blank request line with one line, flushed at once."""
    for line in lines:
        if line.strip():
            out.write(compact(apply_request(line)) + "\n")
            out.flush()


def cmd_apply(args: argparse.Namespace) -> int:
    if args.file is None or args.file == "-":
        apply_stream(sys.stdin, sys.stdout)
    else:
        with open(args.file, encoding="utf-8") as f:
            apply_stream(f, sys.stdout)
    return 0


# --- conformance --------------------------------------------------------------------


def cmd_conformance(args: argparse.Namespace) -> int:
    if not Path(args.file).is_file():
        print(f"marcomage conformance: no such file {args.file}", file=sys.stderr)
        return 2
    try:
        if args.answers:
            with open(args.answers, "w", encoding="utf-8") as answers:
                report = check(read_cases(args.file), answers)
        else:
            report = check(read_cases(args.file))
    except (json.JSONDecodeError, KeyError, OSError, EOFError) as err:
        print(f"marcomage conformance: cannot read the cases in {args.file}: {err!r}",
              file=sys.stderr)
        return 2
    print(format_report(report, show=args.show))
    return 0 if report.agreed == report.total else 1


# --- replay -------------------------------------------------------------------------


def cmd_replay_verify(args: argparse.Namespace) -> int:
    """Re-simulate a replay file and check every hash: 0 when all agree, 1 when the replay
    drifted or is stale, 2 when the file cannot be read."""
    try:
        replay = Replay.from_json(json.loads(Path(args.file).read_text("utf-8")))
    except OSError as err:
        return fail("replay verify", f"cannot read {args.file}: {err.strerror or err}")
    except (json.JSONDecodeError, UnicodeDecodeError) as err:
        return fail("replay verify", f"{args.file} is not JSON: {err}")
    except ReplayError as err:
        return fail("replay verify", f"{args.file} is not a replay: {err}")
    report = verify(replay, RULESETS)
    header = replay.header
    game = f"{header.ruleset} version {header.version}, {len(replay.steps)} steps"
    if report.ok:
        print(f"OK: {args.file} ({game}): {report.message}")
        return 0
    print(f"{report.status.upper()}: {args.file} ({game}): {report.message}")
    if report.step is not None:
        print(f"first drifted step: {report.step}")
        print(f"expected hash: {report.expected}")
        print(f"actual hash:   {report.actual or '(the step was refused)'}")
    return 1


def cmd_replay_verify_all(args: argparse.Namespace) -> int:
    """The site's `verify_replays` command (Django is loaded only for this one): 0 when every
    finished game reproduces its hashes, 1 otherwise."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "marcomage.web.settings")
    import django
    from django.core.management import call_command
    from django.core.management.base import CommandError

    django.setup()
    try:
        call_command("verify_replays", verbose_games=args.verbose_games)
    except CommandError as err:
        print(f"marcomage replay verify-all: {err}", file=sys.stderr)
        return int(err.returncode)
    return 0


# --- new ----------------------------------------------------------------------------


def cmd_eldertale_price(args: argparse.Namespace) -> int:
    """Print the Elder Tale design calculator's breakdowns and findings for a card file:
    0 when the card is legal, 1 when it has errors, 2 when it cannot be read."""
    from .games.elder_tale.cards import card_from_json
    from .games.elder_tale.design import report
    from .games.elder_tale.printout import printout

    try:
        with open(args.file, encoding="utf-8") as handle:
            card = card_from_json(json.load(handle), custom=True)
    except (OSError, ValueError) as err:
        return fail("eldertale price", f"cannot read {args.file}: {err}")
    doc = report(card, args.concepts.split(",") if args.concepts else None)
    print(json.dumps(doc, indent=2) if args.json else printout(doc), end="\n" if args.json else "")
    return 0 if doc["legal"] else 1


def cmd_new(args: argparse.Namespace) -> int:
    state = random_game(args.seed, Options(hidden=args.hidden, friendly=args.friendly))
    doc = MARCOMAGE.to_json(state)
    print(json.dumps(doc, sort_keys=True, indent=2) if args.pretty else compact(doc))
    return 0


def cmd_build_engine(args: argparse.Namespace) -> int:
    from .native_build import main as build

    return build([flag for flag, on in (("--force", args.force), ("--strict", args.strict),
                                        ("--verbose", args.verbose)) if on])


def cmd_balance(args: argparse.Namespace) -> int:
    from .lab.command import main as balance

    return balance(args)


# --- the parser ---------------------------------------------------------------------


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(
        prog="marcomage", description="MArcomage, the Arcomage card game for two players.")
    from . import ENGINE, __version__

    top.add_argument("--version", action="version",
                     version=f"marcomage {__version__}, {ENGINE.describe()}")
    sub = top.add_subparsers(dest="command", required=True, metavar="COMMAND")
    bots = sorted(bots_for(MARCOMAGE))

    p = sub.add_parser("build-engine", help="compile the MArcomage engine with mypyc (cached "
                       "by source hash; on failure the pure-Python engine stays in use)")
    p.add_argument("--force", action="store_true", help="compile even if a build is current")
    p.add_argument("--strict", action="store_true", help="exit 1 when compiling fails")
    p.add_argument("--verbose", action="store_true", help="show mypyc's and gcc's output")
    p.set_defaults(run=cmd_build_engine)

    from .lab.command import add_arguments as balance_arguments

    p = sub.add_parser("balance", help="bot tournaments over a game system's cards and decks, "
                       "with per-card win-rate differences and an HTML report")
    balance_arguments(p)
    p.set_defaults(run=cmd_balance)

    p = sub.add_parser("play", help="play a game against a bot in the terminal")
    p.add_argument("--seed", type=seed_arg, help="seed of the game (default: random)")
    p.add_argument("--opponent", "--bot", dest="opponent", choices=bots, default="greedy",
                   help="the bot you play against (default greedy)")
    add_budget(p, f"default {PLAY_THINK:g}")
    p.add_argument("--hidden", action="store_true", help="hide the opponent's cards")
    p.set_defaults(run=cmd_play)

    p = sub.add_parser("simulate", help="bot-versus-bot games on several processes")
    p.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    p.add_argument("--seed", type=seed_arg, default=0, help="seed of the run (default 0)")
    p.add_argument("--jobs", type=int, default=None,
                   help="worker processes (default: the number of CPUs)")
    p.add_argument("--game", metavar="ID", default=None,
                   help="play this game system through the platform protocol with its "
                        f"starter decks ({', '.join(RULESETS)}); without it, MArcomage "
                        "with random decks")
    p.add_argument("--p1", "--bot", dest="bot", default="random", metavar="BOT",
                   help=f"player 1's bot: {', '.join(bots)} (default random; with --game, "
                        "seat 0's, and every game has random)")
    p.add_argument("--p2", "--bot2", dest="bot2", default=None, metavar="BOT",
                   help="player 2's bot (default: the same as --p1; with --game, every "
                        "other seat's)")
    p.add_argument("--seats", type=int, default=None,
                   help="with --game: how many play (default: the fewest the game allows)")
    p.add_argument("--decks", metavar="FILE.json",
                   help="with --game: a JSON list of deck documents, one per seat, instead "
                        "of the starter decks")
    p.add_argument("--replays", metavar="DIR",
                   help="with --game: write each game's replay to DIR/<game>.json")
    add_budget(p, f"default: {DEFAULT_ITERATIONS} iterations instead")
    p.add_argument("--cpu-time", action="store_true",
                   help="count --think in each process's CPU time, not wall time (fair "
                        "when other work shares the machine)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    p.set_defaults(run=cmd_simulate)

    p = sub.add_parser("apply", help="apply actions to game states given as JSON lines")
    p.add_argument("file", nargs="?", help="requests file (default: standard input)")
    p.set_defaults(run=cmd_apply)

    p = sub.add_parser("conformance", help="compare the engine with golden cases")
    p.add_argument("file", help="cases in the golden schema (.jsonl or .jsonl.gz)")
    p.add_argument("--answers", metavar="OUT.jsonl", help="write our answers here")
    p.add_argument("--show", type=int, default=10, metavar="N",
                   help="mismatches to print (default 10)")
    p.set_defaults(run=cmd_conformance)

    p = sub.add_parser("replay", help="replays of games (PL-STATE-3)")
    replay_sub = p.add_subparsers(dest="replay_command", required=True, metavar="ACTION")
    p = replay_sub.add_parser("verify", help="re-simulate a replay JSON file and check every "
                                             "hash (exit 0 if all agree, 1 if not)")
    p.add_argument("file", help="the replay's JSON file")
    p.set_defaults(run=cmd_replay_verify)
    p = replay_sub.add_parser("verify-all", help="re-simulate every finished game in the "
                                                 "site's database and check every hash")
    p.add_argument("--verbose-games", action="store_true",
                   help="print a line for every game, not only the failing ones")
    p.set_defaults(run=cmd_replay_verify_all)

    p = sub.add_parser("eldertale", aliases=["elder_tale"],
                       help="Elder Tale's card design calculator")
    et_sub = p.add_subparsers(dest="eldertale_command", required=True, metavar="ACTION")
    p = et_sub.add_parser("price", help="print a custom card's DP and CoPo breakdowns and "
                                        "every error, warning and note (exit 1 if illegal)")
    p.add_argument("file", help="the card as JSON")
    p.add_argument("--concepts", metavar="A,B", help="the creator's concepts (for the "
                                                       "NONCOMBAT_NOT_OWNED note)")
    p.add_argument("--json", action="store_true", help="the report as JSON")
    p.set_defaults(run=cmd_eldertale_price)

    sub.add_parser("serve", help="run the web site (migrates the database first); "
                                 "see marcomage serve --help")

    p = sub.add_parser("new", help="print a new game's JSON")
    p.add_argument("--seed", type=seed_arg, default=0, help="seed of the game (default 0)")
    p.add_argument("--hidden", action="store_true", help="hidden-cards mode")
    p.add_argument("--friendly", action="store_true", help="friendly play")
    p.add_argument("--pretty", action="store_true", help="indented JSON")
    p.set_defaults(run=cmd_new)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; returns the exit status."""
    words = list(sys.argv[1:] if argv is None else argv)
    if words[:1] == ["serve"]:
        # The site's own parser owns serve's options; the engine commands never import Django.
        from .web.server import main as serve

        return serve(words[1:])
    args = parser().parse_args(words)
    status: int = args.run(args)
    return status


if __name__ == "__main__":
    sys.exit(main())
