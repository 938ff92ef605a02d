"""Arcana states built by card name for rule tests: a duel at a chosen turn and phase, with
cards put straight into hands, zones and piles."""

from __future__ import annotations

from typing import Any

import pytest

from marcomage.games.arcana import engine, field
from marcomage.games.arcana.cards import CARDS, CardDef, card_from_doc
from marcomage.games.arcana.ruleset import RULESET
from marcomage.games.arcana.state import ATTACK, DEFENSE, MAIN1, Game, Options, Piece
from marcomage.platform.rng import Rng

BY_NAME = {c.name: c.id for c in CARDS.values()}


def define(monkeypatch: pytest.MonkeyPatch, card_id: int, name: str, kind: str,
           **doc: Any) -> CardDef:
    """A card made for one test (the sample set has none using that part of the effect
    vocabulary), read through the same checks as the set and known by name to `Duel` until
    the test ends."""
    card = card_from_doc({"id": card_id, "name": name, "kind": kind, "rarity": "common",
                          "text": name, **doc})
    monkeypatch.setitem(CARDS, card.id, card)
    monkeypatch.setitem(BY_NAME, card.name, card.id)
    return card


class Duel:
    """A game under construction and under test; `act` goes through the ruleset's apply."""

    def __init__(self, turn: int = 3, current: int = 0, phase: str = MAIN1,
                 options: Options | None = None, deck: int = 10) -> None:
        self.g = Game(options or Options(), Rng.from_seed(1))
        self.g.first = current if turn % 2 == 1 else 1 - current
        self.g.turn, self.g.phase = turn, phase
        for p in self.g.players:
            p.mulligan = "keep"
        self.uid = 100
        for seat in (0, 1):
            for _ in range(deck):
                self.g.players[seat].deck.append(self.piece("Thornling", seat))

    def piece(self, name: str, owner: int) -> Piece:
        self.uid += 1
        return Piece(self.uid, BY_NAME[name], owner)

    def hand(self, seat: int, *names: str) -> list[Piece]:
        cards = [self.piece(n, seat) for n in names]
        self.g.players[seat].hand.extend(cards)
        return cards

    def creature(self, seat: int, name: str, zone: int | None = None,
                 position: str = ATTACK, face_up: bool = True, arrived: int = 1,
                 owner: int | None = None, special: bool = False) -> Piece:
        c = self.piece(name, seat if owner is None else owner)
        c.face_up, c.position, c.arrived, c.special = face_up, position, arrived, special
        zones = self.g.players[seat].creatures
        zones[field.free_zone(zones) if zone is None else zone] = c
        return c

    def defender(self, seat: int, name: str, face_up: bool = True, **kw: Any) -> Piece:
        return self.creature(seat, name, position=DEFENSE, face_up=face_up, **kw)

    def rune(self, seat: int, name: str, set_turn: int = 1) -> Piece:
        c = self.piece(name, seat)
        c.set_turn = set_turn
        zones = self.g.players[seat].runes
        zones[field.free_zone(zones)] = c
        return c

    def ward(self, creature: Piece, name: str, owner: int = 0) -> Piece:
        w = self.piece(name, owner)
        w.face_up = True
        creature.wards.append(w)
        return w

    def at(self, seat: int, zone: int) -> Piece:
        """The creature in a zone now (apply copies the state, so pieces built earlier are
        the old state's)."""
        c = self.g.players[seat].creatures[zone]
        assert c is not None
        return c

    def legal(self, seat: int | None = None) -> list[dict[str, Any]]:
        return RULESET.legal_actions(self.g, engine.deciding(self.g) if seat is None else seat)

    def act(self, seat: int, **action: Any) -> Duel:
        self.g, _ = RULESET.apply(self.g, seat, action)
        return self

    def acts(self, *moves: tuple[int, dict[str, Any]]) -> Duel:
        for seat, action in moves:
            self.act(seat, **action)
        return self

    def zones(self, seat: int) -> list[str | None]:
        return [None if c is None else CARDS[c.card].name for c in self.g.players[seat].creatures]

    def nether(self, seat: int) -> list[str]:
        return [CARDS[c.card].name for c in self.g.players[seat].nether]

    def hand_names(self, seat: int) -> list[str]:
        return [CARDS[c.card].name for c in self.g.players[seat].hand]

    def hp(self) -> list[int]:
        return [p.hp for p in self.g.players]

    def to_battle(self) -> Duel:
        return self.act(self.g.current, type="next_phase")
