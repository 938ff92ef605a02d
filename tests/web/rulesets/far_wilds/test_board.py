"""The Far Wilds on the site: a battle between alice and bob through the services, its game
page drawn by the Far Wilds board (SVG map, statuses, the hand with reasons and targets, the
mulligan prompt, the log), payloads that hide the opponent's hand and sealed choice
(PL-VIEW-1), the computer opponent and the replay."""

from __future__ import annotations

import json
import re
from typing import Any

from marcomage.games import find_ruleset
from marcomage.games.far_wilds.sight import sees
from marcomage.games.far_wilds.state import SITE_KIND, Figure
from marcomage.platform.rng import Rng
from marcomage.web.decks.services import give_starter_decks
from marcomage.web.games import computer, services
from marcomage.web.games.models import Game, Status
from marcomage.web.games.payload import render_board
from marcomage.web.replays import services as replays

from ...base import BaseTestCase
from ...games.helpers import deck_of, seeded

FW = find_ruleset("far_wilds")
CSRF = re.compile(r'<input type="hidden" name="csrfmiddlewaretoken" value="[^"]*">')


def battle(p1: Any, p2: Any, seed: int = 2, options: dict[str, Any] | None = None) -> Game:
    for user in (p1, p2):
        give_starter_decks(user, "far_wilds")
    with seeded(seed):
        game = services.challenge(p1, p2, deck_of(p1, "far_wilds"), ruleset="far_wilds",
                                  format="limited", options=options or {})
        return services.accept(p2, game.pk, deck_of(p2, "far_wilds"))


def act(user: Any, game: Game, action: dict[str, Any]) -> None:
    game.refresh_from_db()
    services.act(user, game.pk, game.version, action)


def actions(page: str) -> list[dict[str, Any]]:
    import html
    return [json.loads(html.unescape(v)) for v in
            re.findall(r'name="action" value="([^"]+)"', page)]


class FarWildsBoardTests(BaseTestCase):
    def test_the_mulligan_prompt_offers_keep_and_mulligan_and_seals_the_choice(self) -> None:
        game = battle(self.alice, self.bob)
        page = render_board(game, self.alice)
        self.assertIn('class="fw-map"', page)
        self.assertEqual(page.count('<polygon class="hex"'), 37)
        self.assertEqual(actions(page), [{"type": "keep"}, {"type": "mulligan"}])
        act(self.bob, game, {"type": "mulligan"})
        seen_by_alice = render_board(Game.objects.get(pk=game.pk), self.alice)
        self.assertNotIn("chose to", seen_by_alice)
        self.assertIn("You chose to mulligan", render_board(Game.objects.get(pk=game.pk),
                                                            self.bob))

    def test_the_battle_page_shows_status_reasons_targets_and_the_log(self) -> None:
        game = battle(self.alice, self.bob)
        act(self.alice, game, {"type": "keep"})
        act(self.bob, game, {"type": "keep"})
        game.refresh_from_db()
        state = services.game_state(game)
        mover = [self.alice, self.bob][state.turn]
        page = render_board(game, mover)
        self.assertIn('class="fw-flux">2<', page)
        self.assertIn("Round 1 of 100", page)
        self.assertIn("It is your turn", page)
        self.assertIn('class="fw-pass"', page)
        self.assertRegex(page, r'class="fw-card (castable|not-castable)"')
        view = FW.view(state, state.turn)
        reasons = [s for s in view["hand_status"] if not s["castable"]]
        for status in reasons:
            self.assertIn(status["text"], page)
        castable = [s["card"] for s in view["hand_status"] if s["castable"]]
        self.assertTrue(castable)
        self.assertIn('data-targets="[{', page)
        waiting = render_board(game, [self.alice, self.bob][1 - state.turn])
        self.assertIn("It is not your turn.", waiting)
        act(mover, game, {"type": "pass"})
        game.refresh_from_db()
        self.assertIn(f"{mover.username} passes.", render_board(game, self.alice))

    def test_PL_VIEW_1_payloads_do_not_change_when_the_hidden_cards_are_redrawn(self) -> None:
        game = battle(self.alice, self.bob)
        act(self.alice, game, {"type": "keep"})
        game.refresh_from_db()
        rng = Rng.from_seed(11)
        for user, seat in ((self.alice, 0), (self.bob, 1)):
            before = CSRF.sub("", render_board(game, user))
            state = services.game_state(game)
            for _ in range(3):
                other = FW.resample_hidden(state, seat, rng)  # type: ignore[attr-defined]
                Game.objects.filter(pk=game.pk).update(state=FW.to_json(other))
                again = Game.objects.get(pk=game.pk)
                self.assertEqual(CSRF.sub("", render_board(again, user)), before)
            Game.objects.filter(pk=game.pk).update(state=FW.to_json(state))

    def test_PL_VIEW_1_every_payload_of_a_whole_battle_hides_the_other_hand(self) -> None:
        """A whole short battle of random moves: at every step, each player's board is the
        same bytes when everything hidden from that player is drawn anew."""
        game = battle(self.alice, self.bob, seed=7, options={"round_limit": 4})
        users = [self.alice, self.bob]
        rng = Rng.from_seed(8)
        steps = 0
        while True:
            game.refresh_from_db()
            state = services.game_state(game)
            for seat, user in enumerate(users):
                before = CSRF.sub("", render_board(game, user))
                other = FW.resample_hidden(state, seat, rng)  # type: ignore[attr-defined]
                Game.objects.filter(pk=game.pk).update(state=FW.to_json(other))
                again = CSRF.sub("", render_board(Game.objects.get(pk=game.pk), user))
                Game.objects.filter(pk=game.pk).update(state=FW.to_json(state))
                self.assertEqual(again, before, f"step {steps}, seat {seat}")
            if game.status != Status.RUNNING:
                break
            seat = min(FW.to_act(state))
            legal = FW.legal_actions(state, seat)
            act(users[seat], game, legal[rng.below(len(legal))])
            steps += 1
        self.assertGreater(steps, 10)

    def test_a_whole_battle_ends_and_its_replay_is_drawn_on_the_map(self) -> None:
        game = battle(self.alice, self.bob, seed=5)
        users = [self.alice, self.bob]
        rng = Rng.from_seed(3)
        for _ in range(3000):
            game.refresh_from_db()
            if game.status != Status.RUNNING:
                break
            state = services.game_state(game)
            seat = min(FW.to_act(state))
            legal = FW.legal_actions(state, seat)
            passes = [a for a in legal if a["type"] in ("pass", "keep")]
            choice = passes[0] if rng.below(3) == 0 and passes else legal[rng.below(len(legal))]
            act(users[seat], game, choice)
        game.refresh_from_db()
        self.assertEqual(game.status, Status.FINISHED)
        page = render_board(game, self.alice)
        self.assertRegex(page, r"You (won|lost)|Draw")
        shown = replays.position(game.pk, 10)
        self.assertEqual(shown.board_template, "rulesets/far_wilds/_replay_board.html")
        self.assertEqual(len(shown.board["map"]["cells"]), 37)
        self.assertFalse(any(c["fog"] for c in shown.board["map"]["cells"]))
        page = self.log_in(self.bob).get(f"/replays/{game.pk}/?step=10")
        self.assertEqual(page.status_code, 200)
        self.assertIn('class="fw-map"', page.content.decode())
        self.assertTrue(any(m.text.startswith(("casts", "passes", "keeps", "mulligans"))
                            for m in shown.moves))

    def test_the_computer_plays_the_far_wilds(self) -> None:
        give_starter_decks(self.alice, "far_wilds")
        with self.settings(AI_AUTOPLAY=False, AI_ITERATIONS={"normal": 4, "hard": 4}):
            game = computer.start(self.alice, deck_of(self.alice, "far_wilds"), "normal",
                                  ruleset="far_wilds", format="limited")
            self.assertEqual(game.ruleset, "far_wilds")
            bot = computer.bot_for(game)
            self.assertEqual(bot.name, "search")
            action = computer.choose(game)
            self.assertIn(action, FW.legal_actions(services.game_state(game), 1))


def cycle_forms(page: str) -> list[dict[str, Any]]:
    """The actions of the hand's Cycle buttons on a board page."""
    return [a for a in actions(page) if a["type"] == "cycle"]


class FarWildsBoardOptionsTests(BaseTestCase):
    def _to_round_1(self, options: dict[str, Any], host: int = 0) -> tuple[Game, Any, int]:
        """A battle with `options` hosted by alice (0) or bob (1), both hands kept; the game,
        the player to act and that player's seat."""
        game = battle(*[(self.alice, self.bob), (self.bob, self.alice)][host], options=options)
        act(self.alice, game, {"type": "keep"})
        act(self.bob, game, {"type": "keep"})
        game.refresh_from_db()
        seat = services.game_state(game).turn
        return game, game.players()[seat], seat

    def test_FW_CYCLE_1_and_2_the_cycle_button_posts_a_cycle_through_the_board(self) -> None:
        """The hand's Cycle button posts the cycle action to the site: the card goes to the
        bottom of the deck, once a round (FW-CYCLE-1). Free by default, the mover keeps the
        turn; with `cycle_is_free` off the turn passes (FW-CYCLE-2)."""
        for host, free in enumerate((True, False)):
            with self.subTest(cycle_is_free=free):
                game, mover, seat = self._to_round_1({"cycle_is_free": free}, host)
                page = render_board(game, mover)
                self.assertIn('class="fw-cycle"', page)
                action = cycle_forms(page)[0]
                self.log_in(mover)
                response = self.post(f"/games/{game.pk}/act/",
                                     {"version": game.version, "action": json.dumps(action)},
                                     HTTP_HX_REQUEST="true")
                self.assertEqual(response.status_code, 200)
                self.assertNotIn("game-notice", response.content.decode())
                game.refresh_from_db()
                state = services.game_state(game)
                me = state.players[seat]
                self.assertTrue(me.cycled)
                self.assertEqual(me.deck[-1], action["card"])
                self.assertEqual(state.turn, seat if free else 1 - seat)
                self.assertEqual(cycle_forms(render_board(game, mover)), [])
                self.assertIn(f"{mover.username} cycles a card.",
                              render_board(game, game.players()[1 - seat]))

    def test_FW_END_1_and_FW_RESULT_5_the_board_prints_the_battles_own_targets(self) -> None:
        """Glory is shown against the battle's `glory_to_win` and a construction site's count
        against its `construction_rounds`, not the defaults 20 and 3; the help on the board
        tells them too."""
        game, mover, seat = self._to_round_1({"glory_to_win": 6, "construction_rounds": 2})
        state = services.game_state(game)
        space = next(s for s in sorted(sees(state, seat)) if state.figures[s] is None)
        state.figures[space] = Figure(seat, "old_oak_watch", SITE_KIND, progress=1)
        Game.objects.filter(pk=game.pk).update(state=FW.to_json(state))
        game.refresh_from_db()
        page = render_board(game, mover)
        self.assertIn('class="fw-glory">0 / 6<', page)
        self.assertNotIn("/ 20", page)
        self.assertIn("construction site of Old Oak Watch (1 of 2 rounds)", page)
        self.assertNotIn("of 3 rounds", page)
        self.assertIn("end a round with 6 glory (this battle's target)", page)
        self.assertIn("finished after 2 round ends", page)

    def test_issue_32_a_figure_carries_its_orders_and_the_log_tells_the_fight(self) -> None:
        """Issue 32 board: a figure of the player to act carries its moves and attacks on the
        map (tap it, then a highlighted space), with Attack/HP under it; the list of orders
        posts the same actions; an attack and the death it causes are in the log with the
        card names."""
        game, mover, seat = self._to_round_1({})
        state = services.game_state(game)
        hexes = FW.view(state, seat)["map"]["spaces"]
        coords = [(q, r) for q, r, _ in hexes]
        mine, theirs = coords.index((0, 0)), coords.index((0, -1))
        state.figures[mine] = Figure(seat, "ashen_titan", "creature", dimmed=False)
        state.figures[theirs] = Figure(1 - seat, "briar_whelp", "creature", dimmed=False)
        Game.objects.filter(pk=game.pk).update(state=FW.to_json(state))
        game.refresh_from_db()
        page = render_board(game, mover)
        self.assertIn('class="figure figure-creature side-mine can-act"', page)
        self.assertIn(">4/6<", page)  # Ashen Titan: Attack 4, HP 6
        attack = {"type": "attack", "from": mine, "to": theirs}
        self.assertIn(attack, actions(page))
        orders = re.search(r'data-orders="([^"]+)"', page)
        assert orders is not None
        import html
        warning = ("Attack Briar Whelp at (0,-1) with Ashen Titan? An attack cannot be taken "
                   "back: Ashen Titan is dimmed until the next round, and a meleed figure "
                   "with Attack may strike back.")
        self.assertIn({"t": theirs, "kind": "attack", "a": json.dumps(
            attack, separators=(",", ":"), sort_keys=True), "c": warning},
            json.loads(html.unescape(orders.group(1))))
        self.assertIn("Ashen Titan at (0,0): attack (0,-1) (Briar Whelp)", page)
        # issue 32: an attack asks first, on the map (the panel) and in the list (a checkbox)
        self.assertIn('class="fw-confirm" role="alertdialog"', page)
        self.assertIn('<input type="checkbox" name="confirm" value="yes" required> '
                      f'<span class="fw-warning">{html.escape(warning)}</span>', page)
        act(mover, game, attack)
        game.refresh_from_db()
        page = render_board(game, mover)
        self.assertIn(f"{mover.username} attacks Briar Whelp at (0,-1) with Ashen Titan from "
                      "(0,0): 4 damage; Briar Whelp battles back: 1 damage to Ashen Titan.",
                      page)
        self.assertIn("loses Briar Whelp at (0,-1): killed by Ashen Titan, leaving a corpse.",
                      page)
