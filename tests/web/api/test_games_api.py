"""Games through the API (issue 24): challenges, hosting, the computer, the seat's view and
legal actions, acting against the expected version, chat, surrender and leave, and every
refusal: other players' games, the wrong seat, a stale or missing version, a wrong scope."""

from __future__ import annotations

import json
import random

from django.test import override_settings

from marcomage.games import RULESETS, find_ruleset
from marcomage.platform.rng import Rng
from marcomage.web.api.events import situation
from marcomage.web.decks.services import create_deck
from marcomage.web.games import computer, services
from marcomage.web.games.models import Game, Status, Step

from ..base import BaseTestCase
from ..games.helpers import deck_of, seeded, start
from .helpers import call, token_for


def current(game: Game) -> Game:
    found = services.find_game(game.pk)
    assert found is not None
    return found


class GameApiTests(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.a = token_for(self.alice)
        self.b = token_for(self.bob)

    def test_a_challenge_sent_accepted_played_and_surrendered_through_the_api(self) -> None:
        status, sent = call(self.client, self.a, "POST", "/games/challenges", {
            "opponent": "bob", "deck": str(deck_of(self.alice)), "message": "hi"})
        self.assertEqual(status, 201, sent)
        self.assertEqual((sent["status"], sent["my_seat"], sent["message"]),
                         ("challenge", 0, "hi"))
        status, listed = call(self.client, self.b, "GET", "/games")
        self.assertEqual([g["id"] for g in listed], [sent["id"]])
        with seeded(5):
            status, game = call(self.client, self.b, "POST", f"/games/{sent['id']}/accept",
                                {"deck": str(deck_of(self.bob))})
        self.assertEqual(status, 200, game)
        self.assertEqual(game["status"], "running")
        mover = self.a if game["seats"][0]["to_act"] else self.b
        status, view = call(self.client, mover, "GET", f"/games/{sent['id']}")
        self.assertTrue(view["my_turn"])
        self.assertTrue(view["legal_actions"])
        self.assertIsInstance(view["view"], dict)
        self.assertTrue(view["view"])
        status, legal = call(self.client, mover, "GET", f"/games/{sent['id']}/legal")
        self.assertEqual((legal["version"], legal["actions"]),
                         (view["version"], view["legal_actions"]))
        status, after = call(self.client, mover, "POST", f"/games/{sent['id']}/act",
                             {"version": view["version"], "action": view["legal_actions"][0]})
        self.assertEqual(status, 200, after)
        self.assertEqual(after["version"], view["version"] + 1)
        self.assertEqual(Step.objects.filter(game_id=sent["id"]).count(), 1)
        status, line = call(self.client, self.a, "POST", f"/games/{sent['id']}/chat",
                            {"text": "good luck"})
        self.assertEqual((status, line["text"]), (201, "good luck"))
        status, chat = call(self.client, self.b, "GET", f"/games/{sent['id']}/chat")
        self.assertEqual([c["text"] for c in chat], ["good luck"])
        status, over = call(self.client, self.a, "POST", f"/games/{sent['id']}/surrender")
        self.assertEqual((status, over["status"]), (200, "finished"))
        self.assertEqual(over["outcome"]["end_type"], "surrender")
        status, left = call(self.client, self.a, "POST", f"/games/{sent['id']}/leave")
        self.assertEqual(status, 200, left)
        status, listed = call(self.client, self.a, "GET", "/games")
        self.assertEqual(listed, [])

    def test_reject_and_withdraw_a_challenge(self) -> None:
        for answer, token in (("reject", self.b), ("withdraw", self.a)):
            status, sent = call(self.client, self.a, "POST", "/games/challenges", {
                "opponent": "bob", "deck": str(deck_of(self.alice))})
            status, done = call(self.client, token, "POST", f"/games/{sent['id']}/{answer}")
            self.assertEqual(status, 200, done)
            self.assertFalse(Game.objects.filter(pk=sent["id"]).exists())

    def test_host_join_and_unhost(self) -> None:
        status, hosted = call(self.client, self.a, "POST", "/games/hosted",
                              {"deck": str(deck_of(self.alice))})
        self.assertEqual((status, hosted["status"]), (201, "hosted"), hosted)
        status, listed = call(self.client, self.b, "GET", "/games/open")
        self.assertEqual([g["id"] for g in listed], [hosted["id"]])
        status, joined = call(self.client, self.b, "POST", f"/games/{hosted['id']}/join",
                              {"deck": str(deck_of(self.bob))})
        self.assertEqual((status, joined["status"]), (200, "running"), joined)
        status, again = call(self.client, self.a, "POST", "/games/hosted",
                             {"deck": str(deck_of(self.alice))})
        status, gone = call(self.client, self.a, "POST", f"/games/{again['id']}/unhost")
        self.assertEqual(status, 200, gone)
        self.assertFalse(Game.objects.filter(pk=again["id"]).exists())

    @override_settings(AI_AUTOPLAY=False)
    def test_a_game_against_the_computer(self) -> None:
        status, game = call(self.client, self.a, "POST", "/games/computer", {
            "deck": str(deck_of(self.alice)), "level": "easy"})
        self.assertEqual(status, 201, game)
        self.assertEqual((game["computer"], game["status"]), ("easy", "running"))
        self.assertIsNotNone(game["view"])

    def test_refusals_change_nothing(self) -> None:
        game = start(self.alice, self.bob, seed=5)
        game = current(game)
        mover = next(s for s in game.seat_list() if s.to_act)
        waiter = next(s for s in game.seat_list() if not s.to_act)
        tokens = {self.alice.pk: self.a, self.bob.pk: self.b}
        move, wait = tokens[mover.user_id], tokens[waiter.user_id]
        _status, view = call(self.client, move, "GET", f"/games/{game.pk}")
        action = view["legal_actions"][0]
        path = f"/games/{game.pk}/act"
        cases = [
            (wait, {"version": game.version, "action": action}, 400, "not your turn"),
            (move, {"version": game.version - 1, "action": action}, 409, "changed"),
            (move, {"action": action}, 400, "version"),
            (move, {"version": game.version, "action": {"type": "fly"}}, 400, ""),
            (move, {"version": game.version, "action": {"no": "type"}}, 400, "type"),
        ]
        for token, body, code, words in cases:
            status, answer = call(self.client, token, "POST", path, body)
            self.assertEqual(status, code, (body, answer))
            self.assertIn(words, answer["detail"].lower())
        _status, stale = call(self.client, move, "POST", path,
                              {"version": 0, "action": action})
        self.assertEqual(stale["version"], game.version)
        carol = type(self.alice).objects.create_user("carol", "pw")
        c = token_for(carol)
        for method, where in (("GET", ""), ("GET", "/legal"), ("GET", "/chat"),
                              ("POST", "/surrender"), ("POST", "/leave")):
            status, answer = call(self.client, c, method, f"/games/{game.pk}{where}")
            self.assertEqual(status, 404, (where, answer))
        status, _ = call(self.client, c, "POST", path, {"version": game.version,
                                                         "action": action})
        self.assertEqual(status, 404)
        status, _ = call(self.client, c, "POST", f"/games/{game.pk}/chat", {"text": "x"})
        self.assertEqual(status, 404)
        status, _ = call(self.client, self.a, "GET", "/games/999999")
        self.assertEqual(status, 404)
        self.assertEqual(current(game).version, game.version)
        self.assertFalse(Step.objects.filter(game=game).exists())

    def test_wrong_scope_revoked_token_and_no_token(self) -> None:
        game = start(self.alice, self.bob, seed=5)
        reader = token_for(self.alice, ("read",))
        status, answer = call(self.client, reader, "POST", f"/games/{game.pk}/surrender")
        self.assertEqual(status, 403)
        self.assertIn("'play' scope", answer["detail"])
        status, _ = call(self.client, reader, "GET", f"/games/{game.pk}")
        self.assertEqual(status, 200)
        player = token_for(self.alice, ("play",))
        status, _ = call(self.client, player, "GET", f"/games/{game.pk}")
        self.assertEqual(status, 403)
        from marcomage.web.api.models import ApiToken
        from marcomage.web.api.tokens import revoke
        revoke(self.alice, ApiToken.objects.get(user=self.alice, scopes=["read"]).pk)
        status, _ = call(self.client, reader, "GET", f"/games/{game.pk}")
        self.assertEqual(status, 401)
        status, _ = call(self.client, None, "GET", "/games")
        self.assertEqual(status, 401)
        status, _ = call(self.client, "mcg_not-a-token", "GET", "/games")
        self.assertEqual(status, 401)
        self.assertEqual(current(game).status, Status.RUNNING)

    def test_a_bot_can_be_challenged_like_a_person(self) -> None:
        status, me = call(self.client, self.b, "PUT", "/me/bot", {"bot": True})
        self.assertEqual((status, me["bot"]), (200, True))
        status, sent = call(self.client, self.a, "POST", "/games/challenges", {
            "opponent": "bob", "deck": str(deck_of(self.alice))})
        self.assertEqual(status, 201, sent)
        self.assertEqual([s["bot"] for s in sent["seats"]], [False, True])


class HiddenCardsTests(BaseTestCase):
    """PL-VIEW: what the API answers a seat (its view, its legal actions, its bot stream
    events) does not depend on what that seat may not see:
    resampling the hidden part of the state (the ruleset's resample_hidden) leaves every
    answer the same, in every game system that has hidden information."""

    @override_settings(AI_AUTOPLAY=False)
    def test_pl_view_api_answers_do_not_depend_on_hidden_cards(self) -> None:
        token = token_for(self.alice)
        rng = random.Random(7)
        checked = 0
        systems = set()
        self.resampled: set[str] = set()
        for ruleset_id, ruleset in RULESETS.items():
            if not hasattr(ruleset, "resample_hidden") or 2 not in ruleset.seats:
                continue
            if ruleset_id == "toy":
                continue
            if ruleset_id == "marcomage":
                deck_id = deck_of(self.alice)
            else:
                starter = ruleset.starter_decks()[0]
                deck_id = create_deck(self.alice, ruleset_id, None, f"d {ruleset_id}"[:20],
                                      starter=str(starter.get("name", ""))).pk
            options = {"hidden": True} if ruleset_id == "marcomage" else {}
            with seeded(11):
                game = computer.start(self.alice, deck_id, "easy", ruleset=ruleset_id,
                                      options=options)
            for _ in range(4):
                game = current(game)
                if game.status != Status.RUNNING:
                    break
                answers = self.answers(game, token, ruleset_id, rng)
                self.assertEqual(len(answers), 1, ruleset_id)
                checked += 1
                systems.add(ruleset_id)
                mover = next((s for s in game.seat_list() if s.to_act), None)
                if mover is None:
                    break
                state = services.game_state(game)
                legal = find_ruleset(ruleset_id).legal_actions(state, mover.number)
                with self.captureOnCommitCallbacks(execute=False):
                    services.apply_action(game, mover.number, rng.choice(legal))
        self.assertGreaterEqual(checked, 8)
        self.assertEqual(systems, {"marcomage", "arcana", "elder_tale", "far_wilds",
                                   "mage_wars"})
        self.assertEqual(self.resampled, systems)

    def answers(self, game: Game, token: str, ruleset_id: str, rng: random.Random
                ) -> set[str]:
        ruleset = find_ruleset(ruleset_id)
        state = services.game_state(game)
        found: set[str] = set()
        for number in range(3):
            if number:
                resampled = ruleset.resample_hidden(state, 0, Rng.from_seed(rng.randrange(99)))
                if ruleset.to_json(resampled) != ruleset.to_json(state):
                    self.resampled.add(ruleset_id)  # the hidden part really changed
                Game.objects.filter(pk=game.pk).update(state=ruleset.to_json(resampled))
            _s, read = call(self.client, token, "GET", f"/games/{game.pk}")
            _s, legal = call(self.client, token, "GET", f"/games/{game.pk}/legal")
            events = situation(self.alice)
            found.add(json.dumps([read, legal, events], sort_keys=True))
        Game.objects.filter(pk=game.pk).update(state=ruleset.to_json(state))
        return found


