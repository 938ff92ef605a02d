"""Prepare a database for the load benchmark: players, running MArcomage games between them
and an open session for each player, written as JSON for the scripted players (players.py).

    DATABASE_URL=... MARCOMAGE_DATA_DIR=... python benchmarks/load/prepare.py GAMES OUT.json [GAME]

GAME is the game system (MArcomage by default; any system two can play).

Each pair of players has two games (each challenges the other once, C-GAME-4). Sessions are
written straight to the session store: logging 1,000 players in through the form would time
the password hash, not the game.
"""

from __future__ import annotations

import json
import os
import secrets
import sys


def main() -> int:
    games, out = int(sys.argv[1]), sys.argv[2]
    ruleset = sys.argv[3] if len(sys.argv) > 3 else "marcomage"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "marcomage.web.settings")
    import django

    django.setup()
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore
    from django.core.management import call_command

    from marcomage.web.accounts.models import User
    from marcomage.web.decks.services import give_starter_decks, ready_decks
    from marcomage.web.games import services

    call_command("migrate", interactive=False, verbosity=0)
    pairs = (games + 1) // 2
    cookies: dict[int, dict[str, str]] = {}
    found: list[dict[str, object]] = []
    for pair in range(pairs):
        players = [User.objects.create_user(f"load{pair}x{side}", None) for side in (0, 1)]
        for player in players:
            give_starter_decks(player, ruleset)  # MArcomage's come with the account
        for player in players:
            session = SessionStore()
            session[SESSION_KEY] = str(player.pk)
            # The backend a log-in through the site records (settings.AUTHENTICATION_BACKENDS)
            session[BACKEND_SESSION_KEY] = "marcomage.web.accounts.backend.PlayerBackend"
            session[HASH_SESSION_KEY] = player.get_session_auth_hash()
            session.create()
            cookies[player.pk] = {"sessionid": str(session.session_key),
                                  "csrftoken": secrets.token_hex(16)}
        for first, second in (players, players[::-1]):
            game = services.challenge(first, second, ready_decks(first, ruleset)[0].pk,
                                      ruleset=ruleset)
            game = services.accept(second, game.pk, ready_decks(second, ruleset)[0].pk)
            found.append({"game": game.pk,
                          "cookies": [cookies[first.pk], cookies[second.pk]]})
    with open(out, "w") as handle:
        json.dump(found[:games], handle)
    return 0


if __name__ == "__main__":
    sys.exit(main())
