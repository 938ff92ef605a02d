"""Requests per second the public API sustains for "read my view" and "act" (issue 24).

Starts a real server (`marcomage serve`, uvicorn, a fresh SQLite database) and two players
who challenge each other through the API, then over loopback with persistent connections:
"read my view" is GET /api/v1/games/{id} by the player to act (view + legal actions);
"act" is POST /api/v1/games/{id}/act with the first legal action and the version (each act
is preceded by an untimed read of the mover's view; a finished game is replaced by a new
one). Prints the figures; --write puts them into BENCHMARKS.md.

    python benchmarks/api.py [--reads 1000] [--acts 500] [--write BENCHMARKS.md]
"""

from __future__ import annotations

import argparse
import http.client
import json
import socket
import sys
import tempfile
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from machine import footer  # noqa: E402
from report import put_section  # noqa: E402
from tests.web.api.live import Browser, served  # noqa: E402

SECTION = "## Public API: requests per second"


class Client:
    """One persistent HTTP connection with a bearer token."""

    def __init__(self, base: str, token: str, fresh: bool = False) -> None:
        self.fresh = fresh
        url = urlparse(base)
        self.connection = http.client.HTTPConnection(url.hostname or "", url.port)
        self.connection.connect()  # no Nagle delay between a request's header and body
        self.connection.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.headers = {"Authorization": f"Bearer {token}",
                        "Content-Type": "application/json"}

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        if self.fresh:
            self.reconnect()
        try:
            return self.send(method, path, body)
        except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError):
            self.reconnect()  # the server closed an idle kept-alive connection (5 s)
            return self.send(method, path, body)

    def reconnect(self) -> None:
        self.connection.close()
        self.connection.connect()
        self.connection.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def send(self, method: str, path: str, body: Any) -> tuple[int, Any]:
        self.connection.request(method, "/api/v1" + path,
                                None if body is None else json.dumps(body), self.headers)
        response = self.connection.getresponse()
        return response.status, json.loads(response.read() or b"null")


def new_game(a: Client, b: Client) -> int:
    _s, decks_a = a.call("GET", "/decks")
    _s, decks_b = b.call("GET", "/decks")
    status, game = a.call("POST", "/games/challenges",
                          {"opponent": "benchb", "deck": str(decks_a[0]["id"])})
    assert status == 201, game
    status, started = b.call("POST", f"/games/{game['id']}/accept",
                             {"deck": str(decks_b[0]["id"])})
    assert status == 200, started
    return int(game["id"])


def mover(clients: dict[str, Client], game_id: int) -> tuple[Client, dict[str, Any]] | None:
    for client in clients.values():
        _s, view = client.call("GET", f"/games/{game_id}")
        if view["status"] != "running":
            return None
        if view["my_turn"]:
            return client, view
    return None


def measure(base: str, tokens: dict[str, str], reads: int, acts: int, fresh: bool
            ) -> dict[str, float]:
    clients = {name: Client(base, token, fresh) for name, token in tokens.items()}
    a, b = clients["bencha"], clients["benchb"]
    game_id = new_game(a, b)
    found = mover(clients, game_id)
    assert found is not None
    reader = found[0]
    began = time.perf_counter()
    for _ in range(reads):
        status, _view = reader.call("GET", f"/games/{game_id}")
        assert status == 200
    read_rps = reads / (time.perf_counter() - began)
    spent, done, games = 0.0, 0, 1
    while done < acts:
        found = mover(clients, game_id)
        if found is None:
            a.call("POST", f"/games/{game_id}/leave")
            b.call("POST", f"/games/{game_id}/leave")
            game_id, games = new_game(a, b), games + 1
            continue
        client, view = found
        t = time.perf_counter()
        status, after = client.call("POST", f"/games/{game_id}/act",
                                    {"version": view["version"],
                                     "action": view["legal_actions"][0]})
        spent += time.perf_counter() - t
        assert status == 200, after
        done += 1
    a.call("POST", f"/games/{game_id}/surrender")  # free the pair for the next measure
    a.call("POST", f"/games/{game_id}/leave")
    b.call("POST", f"/games/{game_id}/leave")
    return {"read": read_rps, "act": acts / spent, "games": float(games)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reads", type=int, default=1000)
    parser.add_argument("--acts", type=int, default=500)
    parser.add_argument("--write", metavar="FILE")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data, served(
            Path(data), {"MARCOMAGE_API_RATE": "1000000", "AI_AUTOPLAY": "0",
                         "PYTHONPATH": str(ROOT / "src")}) as base:
        tokens = {}
        for name in ("bencha", "benchb"):
            person = Browser(base)
            person.register(name)
            tokens[name] = person.token("bench")
        fresh = measure(base, tokens, args.reads, args.acts, fresh=True)
        kept = measure(base, tokens, args.reads, args.acts, fresh=False)
    lines = [
        SECTION, "",
        "A real server (`marcomage serve`: uvicorn, one process, SQLite) on loopback; one "
        "client with a bearer token, requests one after another, either a new TCP connection "
        "per request or one kept-alive connection.",
        "", "| request | new connection, requests/s | kept alive, requests/s |",
        "|---|---|---|",
        f"| read my view: `GET /api/v1/games/{{id}}` (MArcomage) | {fresh['read']:,.0f} | "
        f"{kept['read']:,.0f} |",
        f"| act: `POST /api/v1/games/{{id}}/act` (MArcomage) | {fresh['act']:,.0f} | "
        f"{kept['act']:,.0f} |", "",
        f"{args.reads} reads and {args.acts} acts each way (acts over "
        f"{int(fresh['games'] + kept['games'])} games in all; each act writes the state, a "
        "step and the seats in one transaction, and the last one of a game its results).", "",
        *footer(f"python benchmarks/api.py --reads {args.reads} --acts {args.acts}"),
    ]
    report = "\n".join(lines) + "\n"
    print(report)
    if args.write:
        put_section(args.write, "api", report)


if __name__ == "__main__":
    main()
