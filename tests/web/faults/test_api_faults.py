"""The HTTP API under odd bodies and refusals (issue 37; issue 38's boolean versions;
issue 30's illegal-action code), on both databases (Makefile SERVICE_TESTS).

A refused request changes nothing (`PUT /me/bot`); a JSON body with NUL escapes (which
PostgreSQL cannot store), lone surrogates, `Infinity`, `1e400` or deep nesting is refused
400 with a reason, never a 500 with a traceback; `"version": true` is no version; an
illegal action's answer carries the ruleset's code."""

from __future__ import annotations

import json
from typing import Any

from django.test import Client

from marcomage.web.api.tokens import is_bot
from marcomage.web.decks.models import Deck
from marcomage.web.games.models import Game

from ..api.helpers import call, token_for
from ..base import BaseTransactionTestCase
from ..games.helpers import start
from ..security.server_log import server_errors


def raw(client: Client, token: str, method: str, path: str, body: str) -> tuple[int, Any]:
    """One API request with a body sent as given (not re-encoded)."""
    send = getattr(client, method.lower())
    response = send("/api/v1" + path, data=body, content_type="application/json",
                    HTTP_AUTHORIZATION=f"Bearer {token}")
    return response.status_code, json.loads(response.content or b"null")


class ApiFaults(BaseTransactionTestCase):
    def test_a_refused_bot_flag_changes_nothing(self) -> None:
        """Issue 37: a token without `play` is refused and the flag stays; a play-only token
        may set the flag (the answer needs no `read`)."""
        reader, player = token_for(self.alice, ("read",)), token_for(self.bob, ("play",))
        status, _ = call(self.client, reader, "PUT", "/me/bot", {"bot": True})
        self.assertEqual((status, is_bot(self.alice)), (403, False))
        status, answer = call(self.client, player, "PUT", "/me/bot", {"bot": True})
        self.assertEqual((status, answer["bot"], is_bot(self.bob)), (200, True, True))

    def test_nul_and_surrogates_in_json_are_refused_400(self) -> None:
        """Issue 37: NUL escapes in a deck's name, create, import and extra; lone surrogates.
        On PostgreSQL each was a 500 with a traceback."""
        token = token_for(self.alice)
        deck = Deck.objects.filter(owner=self.alice).order_by("pk").first()
        assert deck is not None
        path, name, extra = f"/decks/{deck.pk}", deck.name, deck.extra
        bodies = [
            ("POST", "/decks", '{"game": "marcomage", "name": "a\\u0000b"}'),
            ("PUT", path, '{"name": "x\\u0000"}'),
            ("PUT", path, '{"extra": {"k\\u0000": 1}}'),
            ("PUT", path, '{"extra": {"k": "v\\u0000"}}'),
            ("POST", "/decks/import",
             '{"document": {"game": "marcomage", "name": "n\\u0000", "entries": []}}'),
            ("PUT", path, '{"name": "\\udc00"}'),
            ("POST", "/decks", '{"game": "marcomage", "name": "\\ud83d"}'),
        ]
        with server_errors() as errors:
            answers = [raw(self.client, token, *body) for body in bodies]
        self.assertEqual([status for status, _ in answers], [400] * len(bodies), answers)
        self.assertTrue(all(answer["detail"] for _, answer in answers))
        self.assertEqual(errors.problems(), [])
        deck.refresh_from_db()
        self.assertEqual((deck.name, deck.extra), (name, extra))

    def test_odd_numbers_and_nesting_and_boolean_versions_are_refused(self) -> None:
        """Issue 37 (Infinity, 1e400, deep nesting), issue 38 (`"version": true`)."""
        game = start(self.alice, self.bob, seed=5)
        mover = next(s.user for s in game.seat_list() if s.to_act)
        token = token_for(mover)
        path = f"/games/{game.pk}/act"
        _status, legal = call(self.client, token, "GET", f"/games/{game.pk}/legal")
        action = json.dumps(legal["actions"][0])
        bodies = [
            '{"version": Infinity, "action": ' + action + "}",
            '{"version": 1e400, "action": ' + action + "}",
            '{"version": NaN, "action": ' + action + "}",
            '{"version": 1, "action": {"type": ' + "[" * 3000 + "]" * 3000 + "}}",
            '{"version": true, "action": ' + action + "}",
        ]
        with server_errors() as errors:
            answers = [raw(self.client, token, "POST", path, body) for body in bodies]
        # 400: not plain JSON; 422: plain JSON that does not match the document (a boolean
        # where the version's whole number belongs), as for any other wrong type.
        self.assertEqual([s for s, _ in answers], [400] * 4 + [422], answers)
        self.assertEqual(errors.problems(), [])
        self.assertEqual(Game.objects.get(pk=game.pk).version, 1)

    def test_an_illegal_action_answer_carries_the_rulesets_code(self) -> None:
        """Issue 30: `IllegalAction.code` reaches the API's answer (docs/api.md)."""
        game = start(self.alice, self.bob, seed=5)
        mover = next(s.user for s in game.seat_list() if s.to_act)
        token = token_for(mover)
        status, answer = call(self.client, token, "POST", f"/games/{game.pk}/act",
                              {"version": 1, "action": {"type": "no-such-action"}})
        self.assertEqual((status, answer["code"]), (400, "invalid-action"))
        status, answer = call(self.client, token, "POST", f"/games/{game.pk}/act",
                              {"version": 1})
        self.assertEqual(status, 422)  # the document's own check: no code of a ruleset
