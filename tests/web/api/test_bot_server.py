"""The bot event stream and the example bot through a real server (issue 24): the example
bot (examples/bot.py, a subprocess) plays a whole game of each of the five game systems
against the site's computer opponent; the stream's events survive a reconnection; the
NDJSON twin streams the same events; a socket without a token is refused."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from websockets.exceptions import InvalidStatus, WebSocketException
from websockets.sync.client import connect

from .live import Browser, call, served

ROOT = Path(__file__).resolve().parents[3]
SYSTEMS = ["marcomage", "arcana", "elder_tale", "mage_wars",
           'far_wilds:{"glory_to_win": 5, "round_limit": 30}']


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with served(tmp_path_factory.mktemp("api-live")) as base:
        yield base


def socket_url(base: str) -> str:
    return base.replace("http://", "ws://") + "api/v1/bot/ws"


def test_the_example_bot_finishes_a_game_of_every_system_against_the_computer(
        site: str) -> None:
    person = Browser(site)
    person.register("robo")
    token = person.token("example bot")
    status, _ = call(site, token, "PUT", "/me/bot", {"bot": True})
    assert status == 200
    run = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "bot.py"), "--url", site, "--token", token,
         "--seed", "3", "--policy", "greedy", "--computer", *SYSTEMS],
        capture_output=True, text=True, timeout=240)
    assert run.returncode == 0, run.stderr[-3000:]
    assert "finished 5 games" in run.stdout
    status, games = call(site, token, "GET", "/games")
    assert (status, games) == (200, [])  # every ended game was acknowledged (left)
    status, replays = call(site, token, "GET", "/replays?player=robo")
    assert sorted(r["game"] for r in replays["replays"]) == sorted(
        ["marcomage", "arcana", "elder_tale", "mage_wars", "far_wilds"])
    assert all(r["end_type"] for r in replays["replays"])


def test_events_survive_a_reconnection_and_the_ndjson_stream_has_them_too(site: str) -> None:
    host, guest = Browser(site), Browser(site)
    host.register("hosty")
    guest.register("botty")
    h, g = host.token("h"), guest.token("g")
    status, decks = call(site, h, "GET", "/decks")
    status, sent = call(site, h, "POST", "/games/challenges",
                        {"opponent": "botty", "deck": str(decks[0]["id"])})
    assert status == 201, sent
    headers = {"Authorization": f"Bearer {g}"}
    for _ in range(2):  # the challenge is there again after reconnecting
        with connect(socket_url(site), additional_headers=headers) as socket:
            event = json.loads(socket.recv(timeout=10))
            assert (event["type"], event["game_id"], event["from"]) == (
                "challenge", sent["id"], "hosty")
    request = urllib.request.Request(site + "api/v1/bot/stream?seconds=1", headers=headers)
    with urllib.request.urlopen(request, timeout=10) as response:
        assert response.headers["Content-Type"] == "application/x-ndjson"
        lines = [json.loads(line) for line in response.read().decode().splitlines() if line]
    assert [e["id"] for e in lines] == [f"challenge:{sent['id']}"]
    status, gdecks = call(site, g, "GET", "/decks")
    with connect(socket_url(site), additional_headers=headers) as socket:
        json.loads(socket.recv(timeout=10))
        socket.send(json.dumps({"type": "accept", "game_id": sent["id"],
                                "deck": str(gdecks[0]["id"])}))
        seen = [json.loads(socket.recv(timeout=10)) for _ in range(2)]
        assert seen[0] == {"type": "answer", "request": "accept", "game_id": sent["id"],
                           "ok": True, "status": 200, "detail": "Done."}
        assert seen[1]["type"] == "gameStart"
        status, game = call(site, g, "GET", f"/games/{sent['id']}")
        if not game["my_turn"]:  # the host moves; the bot hears about its turn
            status, hview = call(site, h, "GET", f"/games/{sent['id']}")
            call(site, h, "POST", f"/games/{sent['id']}/act",
                 {"version": hview["version"], "action": hview["legal_actions"][0]})
        turn = json.loads(socket.recv(timeout=10))
        assert turn["type"] == "yourTurn" and turn["legal_actions"], turn
        socket.send(json.dumps({"type": "move", "game_id": sent["id"],
                                "version": turn["version"] - 1,
                                "action": turn["legal_actions"][0]}))
        stale = json.loads(socket.recv(timeout=10))
        assert (stale["ok"], stale["status"], stale["version"]) == (False, 409, turn["version"])


def test_a_socket_without_a_valid_token_is_refused(site: str) -> None:
    for headers in ({}, {"Authorization": "Bearer mcg_nothing"}):
        with pytest.raises((InvalidStatus, WebSocketException)), connect(
                socket_url(site), additional_headers=headers) as socket:
            socket.recv(timeout=5)


def test_the_browsable_docs_load_their_scripts_from_the_site_itself(site: str) -> None:
    with urllib.request.urlopen(site + "api/v1/docs") as response:
        page = response.read().decode()
    scripts = re.findall(r'src="([^"]+\.js(?:\?v=[0-9a-f]+)?)"', page)
    assert scripts and all(src.startswith("/static/") for src in scripts), scripts
    for src in scripts:
        with urllib.request.urlopen(site.rstrip("/") + src) as response:
            assert response.status == 200 and len(response.read()) > 100
