"""Fixtures that build Mage Wars states by name: a dealt game, then cards moved by card id
into the zones a test needs (the state stays a valid game: every instance in one place)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from marcomage.games.mage_wars import engine, tabletop
from marcomage.games.mage_wars.cards import CARDS, DECKS
from marcomage.games.mage_wars.deck import sample_pack
from marcomage.games.mage_wars.ruleset import RULESET
from marcomage.games.mage_wars.state import GameState, Manifest

RULES = RULESET


def game(seats: int = 2, seed: int = 1, **options: str) -> GameState:
    """A dealt game on the sample pack."""
    return RULES.new_game(RULES.options_from_json(options), [sample_pack()] * seats, seed)


def zones(state: GameState) -> list[list[int]]:
    """Every list that holds card instances (decisions' cards aside)."""
    out = [*state.decks.values(), *state.discards.values(), state.built, state.challenges]
    for p in state.players:
        out += [p.levels, p.health, p.hand, p.pets, p.items, p.armor, p.permanents,
                p.blessings, *p.charges.values(), p.shelf, list(p.draughts)]
    return out


def locate(state: GameState, iid: int) -> list[int] | None:
    for zone in zones(state):
        if iid in zone:
            return zone
    return None


def instance(state: GameState, card_id: str) -> int:
    """The instance of a card (the sample pack holds each card once)."""
    return state.cards.index(card_id)


def take(state: GameState, card_id: str) -> int:
    """Lift a card out of wherever it is (a zone, a manifestation, the mage seats)."""
    iid = instance(state, card_id)
    zone = locate(state, iid)
    if zone is not None:
        zone.remove(iid)
        return iid
    for p in state.players:
        if p.mage == iid:
            raise AssertionError(f"{card_id} is a mage in play; use set_mage")
    raise AssertionError(f"{card_id} is not in a plain zone")


def put(state: GameState, seat: int, zone: str, *card_ids: str) -> list[int]:
    """Move cards into a zone of `seat` ("hand", "health", "pets", ...)."""
    out = []
    for card_id in card_ids:
        iid = take(state, card_id)
        getattr(state.players[seat], zone).append(iid)
        out.append(iid)
    return out


def to_deck_top(state: GameState, *card_ids: str) -> None:
    """Put cards on top of their origin decks, the last named drawn first."""
    for card_id in card_ids:
        iid = take(state, card_id)
        state.decks[CARDS[card_id].deck].append(iid)


def set_mage(state: GameState, seat: int, mage_id: str) -> None:
    """Give `seat` this mage (swapping with whoever holds it or the Mage deck)."""
    iid = instance(state, mage_id)
    mine = state.players[seat].mage
    for other in state.players:
        if other.mage == iid:
            other.mage = mine
            state.players[seat].mage = iid
            return
    zone = locate(state, iid)
    assert zone is not None
    zone[zone.index(iid)] = mine
    state.players[seat].mage = iid


def main_turn(state: GameState, seat: int) -> GameState:
    """`seat` to play its main phase now, nothing pending."""
    state.active = seat
    state.stage = "main"
    for decision in state.decisions:  # a pending curse or crafted card goes to its pile
        if decision["kind"] != "select" and "card" in decision:
            tabletop.discard(state, decision["card"])
    state.decisions = []
    state.pending_effects = []  # and the draws a pending curse held back
    state.fate_left = 0
    state.flags = []
    return state


def empty_hands(state: GameState) -> GameState:
    for p in state.players:
        for iid in p.hand:
            state.discards[state.homes[state.cards[iid]]].append(iid)
        p.hand.clear()
    return state


def act(state: GameState, seat: int, /, **action: Any) -> GameState:
    after, _ = RULES.apply(state, seat, action)
    return after


def manifest_of(state: GameState, seat: int, card_id: str) -> Manifest:
    iid = instance(state, card_id)
    for m in (*state.players[seat].manifests, *state.structures):
        if m.card == iid:
            return m
    raise AssertionError(f"{card_id} is not a manifestation")


def count_cards(state: GameState) -> int:
    """Instances in zones, manifestations, decisions, mages and the resurrection payment."""
    total = sum(len(z) for z in zones(state))
    for p in state.players:
        total += p.mage >= 0 and not p.left and p.mage not in state.discards["mage"]
        for m in p.manifests:
            total += 1 + len(m.contributed())
    for m in state.structures:
        total += 1 + len(m.contributed())
    total += sum(1 for d in state.decisions if "card" in d and d["kind"] != "select")
    if state.resurrection is not None:
        total += len(state.resurrection.contributed())
    return total


__all__ = ["DECKS", "engine"]


def waive_all(monkeypatch: pytest.MonkeyPatch, mage_id: str = "sage_of_rising") -> None:
    """Give `mage_id` the health-card discount "all" for one test: no mage of the card file
    waives all since ruleset 6, but the rule (MW-HEALTH-4) and the card format keep it."""
    monkeypatch.setitem(CARDS, mage_id, replace(CARDS[mage_id], health_card_discount="all"))
