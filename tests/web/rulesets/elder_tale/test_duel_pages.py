"""An Elder Tale duel on the site: challenge and accept with the prebuilt characters (one
holding a custom card), the board of each seat (HP and maximum HP, EN, the hand by deck with
its buttons, the opponent's pending attack with Facedown cards as their deck only, the
effects in force and the exchange log hit by hit), a whole duel to its end with every
payload scanned for the other side's hidden cards (PL-VIEW-1), its replay, and a duel
against the computer."""

from __future__ import annotations

import html
import json
import re
from typing import Any

from django.test import override_settings

from marcomage.games import find_ruleset
from marcomage.games.elder_tale.bots import GreedyBot
from marcomage.web.decks.models import Deck
from marcomage.web.games import computer, services
from marcomage.web.games.models import COMPUTER_SEAT, Game, Status
from marcomage.web.games.payload import render_board
from marcomage.web.rulesets.elder_tale import collection

from ...base import BaseTestCase
from ...games.helpers import seat, seeded, to_act, verified
from .test_designer import CARD

RULESET = find_ruleset("elder_tale")
DATA_CARD = re.compile(r'data-card="([^"]+)"')


def character(user: Any, number: int) -> Deck:
    collection.welcome(user)
    return Deck.objects.get(owner=user, game="elder_tale", name=f"deck {number}")


class DuelPagesTest(BaseTestCase):
    def start(self, seed: int = 3) -> Game:
        mine = character(self.alice, 1)
        theirs = character(self.bob, 2)
        with seeded(seed):
            game = services.challenge(self.alice, self.bob, mine.pk, ruleset="elder_tale")
            return services.accept(self.bob, game.pk, theirs.pk)

    def test_the_board_shows_each_side_what_it_may_see(self) -> None:
        game = self.start()
        mover = to_act(game)
        assert mover is not None
        users = {0: self.alice, 1: self.bob}
        state = services.game_state(game)
        board = render_board(game, users[mover])
        other = render_board(game, users[1 - mover])
        for text in (board, other):
            assert 'HP <strong class="et-hp-value">39</strong> / ' in text
            assert '<span class="et-max-hp">39</span>' in text
            assert "Effects in force:" in text and "Round 1 of 30" in text
        assert "EN left: <strong>2</strong>" in board and "play Attack and Utility" in board
        hand = {state.instances[i] for i in state.fighters[mover].hand}
        assert hand <= set(DATA_CARD.findall(board))
        assert not (hand - public(state, 1 - mover)) & set(DATA_CARD.findall(other))
        assert "btn-action" in board and "btn-action" not in other.split("et-hand")[1]

    def test_PL_VIEW_1_a_whole_duel_to_its_end_never_shows_the_other_hand(self) -> None:
        game = self.start(18)  # a short duel (6 rounds) with a face-down attack pending
        users = {0: self.alice, 1: self.bob}
        bots = {0: GreedyBot(1), 1: GreedyBot(2)}
        seen_facedown = False
        for _ in range(RULESET.max_steps):
            game = Game.objects.get(pk=game.pk)
            if game.status == Status.FINISHED:
                break
            state = services.game_state(game)
            for number in (0, 1):
                text = render_board(game, users[number])
                opponent_hand = {state.instances[i] for i in state.fighters[1 - number].hand}
                leaked = (opponent_hand - public(state, number)) & set(DATA_CARD.findall(text))
                assert not leaked, f"seat {number} sees {leaked}"
                pending_hidden = [state.instances[p.iid] for a in state.attacks
                                  for p in a.cards if p.facedown and a.by != number]
                if pending_hidden:
                    seen_facedown = True
                    assert "A face-down Attack card" in text
            mover = to_act(game)
            assert mover is not None
            view = RULESET.view(state, mover)
            action = bots[mover].choose(view, RULESET.legal_actions(state, mover))
            services.act(users[mover], game.pk, game.version, action)
        game = Game.objects.get(pk=game.pk)
        assert game.status == Status.FINISHED and verified(game).ok
        assert seen_facedown
        final = render_board(game, self.alice)
        assert "Exchange:" in final and "Hit 1 (" in final and "against guard" in final
        replay = self.client
        self.log_in(self.alice, replay)
        page = replay.get(f"/replays/{game.pk}/").content.decode()
        assert "elder-tale-board" in page and "Pending attack" in page

    def test_a_deck_with_a_custom_card_plays(self) -> None:
        self.log_in(self.alice)
        self.post("/elder-tale/designer/save/", CARD)
        deck = character(self.alice, 1)
        lines = "".join(f"{e['card']} {e['count']}\n" for e in deck.entries)
        card_id = self.alice.elder_tale_cards.get().card_id
        self.post(f"/elder-tale/decks/{deck.pk}/entries/", {"entries": lines + f"{card_id} 2\n"})
        game = self.start(9)
        state = services.game_state(game)
        assert state.instances.count(card_id) == 2 and state.cards[card_id].name == "Cinder Edge"
        assert state.fighters[0].max_hp == 39 + 4

    def test_ET_DUEL_13_purging_clutter_from_the_board(self) -> None:
        """Play goes on until the player to move holds a clutter card (Aren's Ashen Curse
        adds Burning); the board shows its "Purge (1 EN)" button, and posting that form
        removes it from the game for 1 EN, with the purge in the log."""
        game = self.start(3)
        users = {0: self.alice, 1: self.bob}
        bots = {0: GreedyBot(1), 1: GreedyBot(2)}
        for _ in range(RULESET.max_steps):
            game = Game.objects.get(pk=game.pk)
            mover = to_act(game)
            assert mover is not None and game.status != Status.FINISHED
            state = services.game_state(game)
            legal = RULESET.legal_actions(state, mover)
            if any(a["type"] == "purge" for a in legal):
                break
            action = bots[mover].choose(RULESET.view(state, mover), legal)
            services.act(users[mover], game.pk, game.version, action)
        else:
            raise AssertionError("no clutter to purge came up")
        board = render_board(game, users[mover])
        button = re.search(r'name="action" value="([^"]+)"><button type="submit" '
                           r'class="btn-action" data-card="(\w+)">Purge \(1 EN\) (\w+)', board)
        assert button is not None, "no Purge button on the board"
        posted = html.unescape(button.group(1))  # as the browser sends the field
        action = json.loads(posted)
        assert action["type"] == "purge" and button.group(2) in ("burning", "cursed",
                                                                   "drowning", "bleeding")
        en = state.en
        self.log_in(users[mover])
        page = self.post(f"/games/{game.pk}/act/", {"version": game.version,
                                                     "action": posted},
                         HTTP_HX_REQUEST="true").content.decode()
        after = services.game_state(Game.objects.get(pk=game.pk))
        assert action["card"] in after.fighters[mover].removed
        assert action["card"] not in after.fighters[mover].hand and after.en == en - 1
        assert after.log[-1] == {"type": "purge", "seat": mover, "card": button.group(3)}
        assert f"purges {button.group(3)} (1 EN)" in page

    @override_settings(AI_ITERATIONS={"normal": 2, "hard": 2})
    def test_a_duel_against_the_computer(self) -> None:
        deck = character(self.alice, 1)
        with seeded(4):
            game = computer.start(self.alice, deck.pk, "normal", ruleset="elder_tale")
        mine = GreedyBot(3)
        for _ in range(RULESET.max_steps):
            game = Game.objects.get(pk=game.pk)
            if game.status == Status.FINISHED:
                break
            if to_act(game) == COMPUTER_SEAT:
                assert computer.play_turns(game.pk) >= 1
                continue
            state = services.game_state(game)
            action = mine.choose(RULESET.view(state, 0), RULESET.legal_actions(state, 0))
            services.act(self.alice, game.pk, game.version, action)
        game = Game.objects.get(pk=game.pk)
        assert game.status == Status.FINISHED and verified(game).ok
        assert COMPUTER_SEAT in {s.seat for s in game.steps.all()}
        assert seat(game, COMPUTER_SEAT).deck_doc["name"] in {
            d["name"] for d in RULESET.starter_decks()}


def public(state: Any, viewer: int) -> set[str]:
    """Card ids the viewer's own view names (its hand, the table, discards, the log)."""
    return set(RULESET.view(state, viewer)["cards"])


class RefusalsTest(BaseTestCase):
    start = DuelPagesTest.start

    def test_PL_PROTO_5_forged_out_of_turn_and_wrong_window_moves_are_refused_on_the_page(
            self) -> None:
        game = self.start(3)
        mover = to_act(game)
        users = {0: self.alice, 1: self.bob}
        before = (game.version, services.game_state(game).to_json())
        self.log_in(users[mover])
        url = f"/games/{game.pk}/act/"
        for action, words in (('{"type": "play", "card": 9999}', "not in your hand"),
                              ('{"type": "confirm"}', "no attack to defend"),
                              ('{"type": "end_turn", "x": 1}', "not an Elder Tale move")):
            page = self.post(url, {"version": game.version, "action": action},
                             HTTP_HX_REQUEST="true").content.decode()
            assert words in page, words
        other = self.client.__class__(enforce_csrf_checks=True)
        self.log_in(users[1 - mover], other)
        page = self.post(url, {"version": game.version, "action": '{"type": "end_turn"}'},
                         client=other, HTTP_HX_REQUEST="true").content.decode()
        assert "game-notice" in page
        game = Game.objects.get(pk=game.pk)
        assert (game.version, services.game_state(game).to_json()) == before
