"""An example MArcomage bot: plays whole games of any game system through the public API.

It needs the standard library and `websockets` (pip install websockets). Run it with a
personal API token (Settings → API tokens, scopes "read", "play" and "decks"):

    python examples/bot.py --url http://127.0.0.1:8000/ --token mcg_...            # serve
    python examples/bot.py --url ... --token ... --computer marcomage arcana --games 2

Without --computer it waits for challenges, accepts each with a ready deck of that game
(made from the game's first starter deck when it has none) and plays until it has finished
--games games (forever by default). With --computer it also starts one game against the
site's computer opponent for each game system named (`GAME` or `GAME:{"option": value}`).

The bot reads events from the WebSocket /api/v1/bot/ws: "challenge", "gameStart",
"yourTurn" (its view, legal actions and the game's version) and "gameEnd". It answers a
turn with {"type": "move", "game_id", "version", "action"}, chosen by the random policy or
a simple greedy one (prefer playing a card to anything else, and anything to passing or
discarding), and acknowledges each end by leaving the game.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import urllib.error
import urllib.request
from typing import Any

from websockets.sync.client import connect

PASSIVE = ("pass", "discard", "end", "skip", "surrender", "draw")


class Api:
    """The REST side: JSON in, JSON out, the token in every request."""

    def __init__(self, url: str, token: str) -> None:
        self.base = url.rstrip("/") + "/api/v1"
        self.token = token

    def call(self, method: str, path: str, body: Any = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            self.base + path, data=data, method=method,
            headers={"Authorization": f"Bearer {self.token}",
                     "Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return json.loads(response.read() or b"null")
        except urllib.error.HTTPError as error:
            detail = error.read().decode(errors="replace")
            raise RuntimeError(f"{method} {path}: {error.code} {detail}") from None


def ready_deck(api: Api, game: str) -> str:
    """The id of a ready deck of `game`, made from its first starter deck if need be."""
    for deck in api.call("GET", f"/decks?game={game}"):
        if deck["ready"]:
            return str(deck["id"])
    starters = api.call("GET", f"/systems/{game}/cards")["starter_decks"]
    if not starters:
        raise RuntimeError(f"{game} has no starter deck to copy.")
    made = api.call("POST", "/decks", {"game": game, "name": f"bot {game}"[:20],
                                        "starter": starters[0]["name"]})
    if not made["ready"]:
        raise RuntimeError(f"the starter deck of {game} is not ready: {made['violations']}")
    return str(made["id"])


def choose(legal: list[dict[str, Any]], policy: str, rng: random.Random) -> dict[str, Any]:
    """One legal action: at random, or greedily (play > other > passive, ties at random)."""
    if policy == "random":
        return rng.choice(legal)

    def rank(action: dict[str, Any]) -> int:
        kind = str(action.get("type", "")).lower()
        if kind.startswith("play") or kind in ("attack", "cast"):
            return 0
        return 2 if any(word in kind for word in PASSIVE) else 1

    best = min(rank(action) for action in legal)
    return rng.choice([action for action in legal if rank(action) == best])


def parse_computer(item: str) -> tuple[str, dict[str, Any]]:
    game, _, options = item.partition(":")
    return game, (json.loads(options) if options else {})


def play(url: str, token: str, policy: str, games: int | None, computer: list[str],
         level: str, seed: int | None, log: Any = sys.stdout) -> list[dict[str, Any]]:
    """Play until `games` games have ended (None: forever); the gameEnd events seen."""
    api = Api(url, token)
    rng = random.Random(seed)
    finished: list[dict[str, Any]] = []
    waiting: dict[int, list[dict[str, Any]]] = {}
    leaving: set[int] = set()   # games left but not yet answered: wait for them before stopping
    socket_url = url.replace("http://", "ws://").replace("https://", "wss://").rstrip("/")
    with connect(socket_url + "/api/v1/bot/ws",
                 additional_headers={"Authorization": f"Bearer {token}"},
                 open_timeout=30) as socket:
        for item in computer:
            game, options = parse_computer(item)
            started = api.call("POST", "/games/computer", {
                "deck": ready_deck(api, game), "game": game, "level": level,
                "options": options})
            print(f"started game {started['id']} of {game} against the computer", file=log)
        while games is None or len(finished) < games or leaving:
            event = json.loads(socket.recv(timeout=120))
            kind = event.get("type")
            if kind == "challenge":
                deck = ready_deck(api, event["game"])
                socket.send(json.dumps({"type": "accept", "game_id": event["game_id"],
                                        "deck": deck}))
                print(f"accepting the challenge {event['game_id']} of {event['from']}",
                      file=log)
            elif kind == "yourTurn":
                legal = list(event["legal_actions"])
                waiting[event["game_id"]] = legal
                action = choose(legal, policy, rng)
                legal.remove(action)
                socket.send(json.dumps({"type": "move", "game_id": event["game_id"],
                                        "version": event["version"], "action": action}))
            elif kind == "answer" and event.get("request") == "leave":
                leaving.discard(event.get("game_id"))
                if not event.get("ok"):
                    print(f"could not leave game {event.get('game_id')}: "
                          f"{event.get('detail')}", file=log)
            elif kind == "answer" and not event.get("ok") and event.get("request") == "move":
                legal = waiting.get(event.get("game_id"), [])
                if event.get("status") == 400 and legal:  # refused: try another action
                    game = api.call("GET", f"/games/{event['game_id']}")
                    action = choose(legal, policy, rng)
                    legal.remove(action)
                    socket.send(json.dumps({"type": "move", "game_id": event["game_id"],
                                            "version": game["version"], "action": action}))
            elif kind == "gameEnd":
                finished.append(event)
                verdict = "won" if event["won"] else "did not win"
                print(f"game {event['game_id']} of {event['game']} ended "
                      f"({event['outcome']['end_type']}): {verdict}", file=log, flush=True)
                socket.send(json.dumps({"type": "leave", "game_id": event["game_id"]}))
                leaving.add(event["game_id"])
    return finished


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default="http://127.0.0.1:8000/")
    parser.add_argument("--token", required=True)
    parser.add_argument("--policy", choices=("random", "greedy"), default="greedy")
    parser.add_argument("--games", type=int, default=None, help="stop after this many")
    parser.add_argument("--computer", nargs="*", default=[],
                        help='game systems to play against the computer: GAME or GAME:{json}')
    parser.add_argument("--level", default="easy", help="the computer's level")
    parser.add_argument("--seed", type=int, default=None)
    args = parser.parse_args(argv)
    games = args.games if args.games is not None else (len(args.computer) or None)
    finished = play(args.url, args.token, args.policy, games, args.computer, args.level,
                    args.seed)
    print(f"finished {len(finished)} games", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
