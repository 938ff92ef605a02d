"""Players, game systems, decks, replays and statistics through the API (issue 24), the
Settings page's tokens and bot flag, session auth with CSRF, and the per-token rate limit."""

from __future__ import annotations

from django.test import Client, override_settings

from marcomage.games import RULESETS
from marcomage.web.api import limits
from marcomage.web.api.models import ApiToken, BotAccount
from marcomage.web.api.tokens import authenticate, digest_of
from marcomage.web.decks.models import Deck
from marcomage.web.games import services

from ..base import BaseTestCase
from ..games.helpers import deck_of, start
from .helpers import call, token_for


class PlayersAndSystemsTests(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.a = token_for(self.alice)

    def test_players_list_profile_and_exp(self) -> None:
        BotAccount.objects.create(user=self.bob)
        status, page = call(self.client, self.a, "GET", "/players?activity=all")
        self.assertEqual(status, 200, page)
        rows = {p["name"]: p["bot"] for p in page["players"]}
        self.assertEqual(rows, {"alice": False, "bob": True})
        status, found = call(self.client, self.a, "GET", "/players?name=bo")
        self.assertEqual([p["name"] for p in found["players"]], ["bob"])
        status, profile = call(self.client, self.a, "GET", "/players/BOB")
        self.assertEqual((status, profile["name"], profile["bot"]), (200, "bob", True))
        status, exp = call(self.client, self.a, "GET", "/players/bob/exp")
        self.assertEqual(status, 200)
        self.assertEqual(exp, profile["scores"])
        status, missing = call(self.client, self.a, "GET", "/players/nobody")
        self.assertEqual(status, 404, missing)

    def test_me_and_the_bot_flag(self) -> None:
        _status, me = call(self.client, self.a, "GET", "/me")
        self.assertEqual(me, {"name": "alice", "bot": False,
                              "scopes": ["read", "play", "decks"]})
        _status, me = call(self.client, self.a, "PUT", "/me/bot", {"bot": True})
        self.assertTrue(me["bot"])
        self.assertTrue(BotAccount.objects.filter(user=self.alice).exists())
        call(self.client, self.a, "PUT", "/me/bot", {"bot": False})
        self.assertFalse(BotAccount.objects.filter(user=self.alice).exists())

    def test_systems_and_card_sets(self) -> None:
        status, systems = call(self.client, self.a, "GET", "/systems")
        self.assertEqual(status, 200)
        ids = [s["id"] for s in systems]
        self.assertEqual(set(ids), set(RULESETS))
        self.assertEqual(ids[0], "marcomage")
        for game in ("marcomage", "arcana", "elder_tale", "mage_wars", "far_wilds"):
            status, cards = call(self.client, self.a, "GET", f"/systems/{game}/cards")
            self.assertEqual(status, 200, game)
            self.assertTrue(cards["starter_decks"], game)
            ids = {c["card"] for c in cards["cards"]}
            in_starters = {str(e["card"]) for d in cards["starter_decks"] for e in d["entries"]}
            self.assertLessEqual(in_starters, ids, game)  # the whole set, not only starters
            self.assertTrue(all(c["name"] for c in cards["cards"]), game)
        status, _ = call(self.client, self.a, "GET", "/systems/chess/cards")
        self.assertEqual(status, 404)


class DeckApiTests(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.a = token_for(self.alice)
        self.b = token_for(self.bob)

    def test_list_read_create_update_validate_export_import(self) -> None:
        status, decks = call(self.client, self.a, "GET", "/decks")
        self.assertEqual(len(decks), 8)
        first = decks[0]
        status, one = call(self.client, self.a, "GET", f"/decks/{first['id']}")
        self.assertEqual(one, first)
        status, made = call(self.client, self.a, "POST", "/decks",
                            {"game": "arcana", "name": "fire", "starter": ""})
        self.assertEqual(status, 201, made)
        self.assertFalse(made["ready"])
        self.assertTrue(made["violations"])
        status, doc = call(self.client, self.a, "GET", f"/decks/{first['id']}/export")
        self.assertEqual((doc["game"], doc["entries"]), ("marcomage", first["entries"]))
        status, changed = call(self.client, self.a, "PUT", f"/decks/{made['id']}",
                               {"name": "Fire 2", "entries": [{"card": 1, "count": 2}]})
        self.assertEqual(status, 200, changed)
        self.assertEqual((changed["name"], changed["entries"]),
                         ("Fire 2", [{"card": 1, "count": 2}]))
        status, checked = call(self.client, self.a, "POST",
                               f"/decks/{first['id']}/validate")
        self.assertEqual((checked["ready"], checked["format"]), (True, "standard"))
        status, copy = call(self.client, self.a, "GET", "/systems/arcana/cards")
        starter = copy["starter_decks"][0]
        status, imported = call(self.client, self.a, "POST", "/decks/import",
                                {"document": starter, "name": "imported"})
        self.assertEqual(status, 201, imported)
        self.assertTrue(imported["ready"])
        self.assertEqual(imported["entries"], starter["entries"])

    def test_deck_refusals_change_nothing(self) -> None:
        mine = deck_of(self.alice)
        before = Deck.objects.get(pk=mine).entries
        cases = [
            ("PUT", f"/decks/{mine}", {"entries": [{"card": "a b", "count": 1}]}, 400),
            ("PUT", f"/decks/{mine}", {"entries": [{"card": 1, "count": 0}]}, 400),
            ("PUT", f"/decks/{mine}", {"entries": [{"card": 1, "count": 1},
                                                   {"card": 1, "count": 1}]}, 400),
            ("PUT", f"/decks/{mine}", {"format": "nope"}, 400),
            ("PUT", f"/decks/{mine}", {"name": "deck 2"}, 400),
            ("POST", "/decks", {"game": "chess", "name": "x"}, 400),
            ("POST", "/decks/import", {"document": {"game": 3}}, 400),
            ("POST", f"/decks/{mine}/validate?format=nope", None, 400),
        ]
        for method, path, body, code in cases:
            status, answer = call(self.client, self.a, method, path, body)
            self.assertEqual(status, code, (path, body, answer))
            self.assertTrue(answer["detail"])
        for method, path in (("GET", f"/decks/{mine}"), ("GET", f"/decks/{mine}/export"),
                             ("PUT", f"/decks/{mine}")):
            status, _ = call(self.client, self.b, method, path, {} if method == "PUT" else None)
            self.assertEqual(status, 404, path)
        reader = token_for(self.alice, ("read",))
        status, _ = call(self.client, reader, "POST", "/decks", {"game": "arcana", "name": "y"})
        self.assertEqual(status, 403)
        self.assertEqual(Deck.objects.get(pk=mine).entries, before)


class ReplayAndStatsTests(BaseTestCase):
    def test_replays_list_read_export_and_statistics(self) -> None:
        a = token_for(self.alice)
        game = start(self.alice, self.bob, seed=3)
        status, _ = call(self.client, a, "GET", f"/replays/{game.pk}")
        self.assertEqual(status, 404)
        with self.captureOnCommitCallbacks(execute=True):  # the statistics
            services.surrender(self.alice, game.pk)
        status, page = call(self.client, a, "GET", "/replays?player=bob")
        self.assertEqual([r["id"] for r in page["replays"]], [game.pk])
        self.assertEqual(page["replays"][0]["winners"], ["bob"])
        status, one = call(self.client, a, "GET", f"/replays/{game.pk}")
        self.assertEqual((status, one["end_type"], one["steps"]), (200, "surrender", 1))
        status, doc = call(self.client, a, "GET", f"/replays/{game.pk}/export")
        self.assertEqual(doc["header"]["ruleset"] if "header" in doc else doc["ruleset"],
                         "marcomage")
        status, cards = call(self.client, a, "GET", "/stats/marcomage/cards")
        self.assertEqual((status, cards["games"]), (200, 1))
        self.assertTrue(cards["cards"])
        status, games = call(self.client, a, "GET", "/stats/marcomage/games")
        self.assertEqual(sum(p["games"] for p in games["periods"]), 1)
        status, mine = call(self.client, a, "GET", "/stats/marcomage/players/alice")
        self.assertEqual(status, 200)
        self.assertEqual(mine["versus"], [] if not mine["versus"] else mine["versus"])
        status, _ = call(self.client, a, "GET", "/stats/chess/cards")
        self.assertEqual(status, 404)


class SettingsAndSessionTests(BaseTestCase):
    def test_a_token_is_shown_once_stored_hashed_and_revocable(self) -> None:
        self.log_in(self.alice)
        page = self.client.get("/settings/").content.decode()
        self.assertIn('id="api-tokens"', page)
        response = self.post("/settings/api/tokens/", {"name": "my bot",
                                                       "scopes": ["read", "play"]})
        html = response.content.decode()
        secret = html.split('<code id="token-secret">')[1].split("</code>")[0]
        token = ApiToken.objects.get(user=self.alice)
        self.assertEqual((token.scopes, token.digest), (["read", "play"], digest_of(secret)))
        self.assertNotIn(secret, self.client.get("/settings/").content.decode())
        self.assertNotIn(secret, str(ApiToken.objects.values_list()))
        self.assertEqual(authenticate(secret), token)
        self.post(f"/settings/api/tokens/{token.pk}/revoke/")
        self.assertIsNone(authenticate(secret))
        status, _ = call(self.client, secret, "GET", "/me")
        self.assertEqual(status, 401 if not self.client.session.get("_auth_user_id") else 200)
        response = self.post("/settings/api/tokens/", {"name": "x", "scopes": ["admin"]})
        self.assertEqual(ApiToken.objects.filter(user=self.alice).count(), 1)
        self.post("/settings/api/bot/", {"bot": "on"})
        self.assertTrue(BotAccount.objects.filter(user=self.alice).exists())
        self.assertIn("bot-badge", self.client.get("/players/?activity=all").content.decode())

    def test_session_auth_works_and_needs_csrf_for_writes_only(self) -> None:
        self.log_in(self.alice)
        self.assertEqual(self.client.get("/api/v1/me").status_code, 200)
        response = self.client.put("/api/v1/me/bot", data='{"bot": true}',
                                   content_type="application/json")
        self.assertEqual(response.status_code, 403)
        self.assertFalse(BotAccount.objects.filter(user=self.alice).exists())
        token = self.csrf_token()
        response = self.client.put("/api/v1/me/bot", data='{"bot": true}',
                                   content_type="application/json", HTTP_X_CSRFTOKEN=token)
        self.assertEqual(response.status_code, 200)
        secret = token_for(self.alice)
        bearer = Client(enforce_csrf_checks=True)
        status, _ = call(bearer, secret, "PUT", "/me/bot", {"bot": False})
        self.assertEqual(status, 200)

    def test_the_docs_and_openapi_document_are_served_without_a_cdn(self) -> None:
        doc = self.client.get("/api/v1/openapi.json").json()
        self.assertIn("/api/v1/games/{game_id}/act", doc["paths"])
        page = self.client.get("/api/v1/docs").content.decode()
        self.assertIn("swagger-ui-bundle.js", page)
        self.assertNotIn("cdn.", page)


class RateLimitTests(BaseTestCase):
    @override_settings(MARCOMAGE_API_RATE=3, MARCOMAGE_API_PERIOD=60)
    def test_a_token_over_its_rate_gets_429_with_retry_after(self) -> None:
        secret = token_for(self.alice)
        other = token_for(self.bob)
        limits.forget()
        for _ in range(3):
            self.assertEqual(call(self.client, secret, "GET", "/me")[0], 200)
        response = self.client.get("/api/v1/me", HTTP_AUTHORIZATION=f"Bearer {secret}")
        self.assertEqual(response.status_code, 429)
        self.assertIn("Too many requests", response.json()["detail"])
        self.assertGreaterEqual(int(response["Retry-After"]), 1)
        self.assertEqual(call(self.client, other, "GET", "/me")[0], 200)
        self.assertEqual(limits.take(999, now=0.0), 0.0)
