"""Limits shared by every server process (issue 38, "Limits that count per process"): two
`marcomage serve` processes on one database take 20 chat lines a minute from a player
between them, not 20 each, whether they come by the chat form or the API."""

from __future__ import annotations

from pathlib import Path

import pytest

from marcomage.web.accounts.models import User
from marcomage.web.games.models import ChatMessage

from ..api.helpers import token_for
from ..base import PASSWORD
from ..games.helpers import start
from .server import Served
from .site import Player, together

pytestmark = pytest.mark.django_db(transaction=True)


def test_issue_38_the_chat_limit_holds_across_two_server_processes(tmp_path: Path) -> None:
    alice = User.objects.create_user("alice", PASSWORD)
    bob = User.objects.create_user("bob", PASSWORD)
    game = start(alice, bob)
    token = token_for(alice)
    first = Served(tmp_path / "one", env={"AI_AUTOPLAY": "0"})
    second = Served(tmp_path / "two", env={"AI_AUTOPLAY": "0"})
    try:
        urls = first.start(), second.start()
        players = [Player.logged_in(url, alice) for url in urls]
        jobs = [
            (lambda n=n: players[n % 2].post(f"/games/{game.pk}/chat/", {"text": f"f{n}"}))
            for n in range(24)]
        jobs += [
            (lambda n=n: players[n % 2].request(
                "POST", f"/api/v1/games/{game.pk}/chat",
                headers={"Authorization": f"Bearer {token}",
                         "Content-Type": "application/json"},
                body=b'{"text": "api"}'))
            for n in range(12)]
        answers = together(jobs)
        statuses = sorted(getattr(a, "status", repr(a)) for a in answers)
        accepted = [s for s in statuses if s in (201, 302)]
        assert len(accepted) == 20, statuses
        assert statuses.count(429) == 16, statuses
        assert ChatMessage.objects.filter(game=game).count() == 20
        for served in (first, second):
            assert "Traceback" not in served.log_path.read_text()
    finally:
        first.close()
        second.close()
