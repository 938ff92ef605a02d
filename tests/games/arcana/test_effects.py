"""AR-EFFECT-2: the parts of the effect vocabulary the sample set does not use (special
summon from hand, return a creature to hand, the triggers "when a creature is summoned" and
"when a creature attacks"), with cards made for the test, and the check that refuses a card
naming an unknown condition when the set is read."""

from __future__ import annotations

import pytest

from marcomage.games.arcana import chain, effects
from marcomage.games.arcana.cards import card_from_doc
from marcomage.games.arcana.ruleset import RULESET
from marcomage.games.arcana.state import DEFENSE

from .build import BY_NAME, Duel, define
from .test_battle import battle


def herald(monkeypatch: pytest.MonkeyPatch) -> None:
    define(monkeypatch, 901, "Grove Herald", "creature", stars=1, type="Grove", power=1,
           toughness=1, effect={"timing": "activated", "op": "special_summon",
                                "select": "hand", "stars": 1, "type": "Grove",
                                "position": "attack"})


def test_AR_EFFECT_2_special_summon_from_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    """One choice per card name that fits (copies are alike); the chain link names the card
    (the choice reveals it, never its instance); on resolution it arrives face up in the
    named position as a special summon, which leaves the normal summon unused
    (AR-SUMMON-5)."""
    herald(monkeypatch)
    d = Duel(turn=5)
    d.creature(0, "Grove Herald")
    d.hand(0, "Thornling", "Ember Whelp", "Thornling", "Bramble Boar")
    d.rune(1, "Wither")   # so the window waits for seat 1
    assert [a for a in d.legal() if a["type"] == "effect"] == [
        {"type": "effect", "zone": 0, "th": 0}, {"type": "effect", "zone": 0, "th": 3}]
    d.act(0, type="effect", zone=0, th=3)
    link = RULESET.view(d.g, 1)["chain"][0]
    assert link["target"] == BY_NAME["Bramble Boar"]
    assert link["target"] not in {c.uid for c in d.g.players[0].hand}
    d.act(1, type="pass")
    assert d.zones(0)[:2] == ["Grove Herald", "Bramble Boar"]
    boar = d.at(0, 1)
    assert boar.face_up and boar.position == "attack" and boar.special
    assert d.hand_names(0) == ["Thornling", "Ember Whelp", "Thornling"]
    assert d.g.priority == 1   # the summon's own window (AR-CHAIN-3)
    d.act(1, type="pass")
    assert {"type": "summon", "card": 1, "position": "attack"} in d.legal(0)
    # AR-SUMMON-8: with a full side there is nothing to choose.
    d = Duel(turn=5)
    d.creature(0, "Grove Herald")
    for _ in range(4):
        d.creature(0, "Ember Whelp")
    d.hand(0, "Thornling")
    assert not any(a["type"] == "effect" for a in d.legal())


def test_AR_EFFECT_2_return_a_creature_to_its_owners_hand(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A selected face-up creature goes back to its owner's hand (not its controller's),
    reset, and its wards to their owners' netherworlds. An "all" return reaches face-down
    creatures too, and the log does not name them."""
    define(monkeypatch, 902, "Recall", "rune", condition="any",
           effect={"op": "return", "select": "target", "side": "any", "face_up": True})
    define(monkeypatch, 903, "Ebb Tide", "rune", condition="any",
           effect={"op": "return", "select": "all", "side": "opponent"})
    d = Duel(turn=5)
    taken = d.creature(1, "Thornling", owner=0)     # seat 1 controls seat 0's card
    taken.mods.append((1, 1, 9))
    d.ward(taken, "Iron Band", owner=1)
    d.defender(1, "Reef Warden", face_up=False)
    d.hand(0, "Recall")
    assert [a for a in d.legal() if a["type"] == "activate"] == [
        {"type": "activate", "card": 0, "ts": 1, "tz": 0}]   # not the face-down one
    d.act(0, type="activate", card=0, ts=1, tz=0)
    assert d.zones(1)[0] is None and d.hand_names(0) == ["Thornling"]
    back = d.g.players[0].hand[0]
    assert back.mods == [] and not back.face_up and back.wards == []
    assert d.nether(1) == ["Iron Band"] and d.hand_names(1) == []
    d = Duel(turn=5)
    d.creature(1, "Thornling")
    d.defender(1, "Reef Warden", face_up=False)
    d.hand(0, "Ebb Tide")
    d.act(0, type="activate", card=0)
    assert d.zones(1) == [None] * 5
    assert sorted(d.hand_names(1)) == ["Reef Warden", "Thornling"]
    assert not any("Reef Warden" in line for line in d.g.log)
    assert "Ebb Tide returns a face-down creature to its owner's hand." in d.g.log


def test_AR_EFFECT_2_a_rune_that_waits_for_a_summon(monkeypatch: pytest.MonkeyPatch) -> None:
    """AR-RUNE-4 "if it states that you must use it when a creature ... is summoned, you
    cannot activate it until then": a set Snare answers only in the window after a face-up
    summon (normal, flip summon or special), not after a face-down set, and not later."""
    define(monkeypatch, 904, "Snare", "rune", condition="summoned",
           effect={"op": "destroy", "select": "target", "side": "any", "face_up": True})
    d = Duel(turn=5, current=0)
    d.creature(0, "Thornling")
    d.rune(1, "Snare")
    d.hand(0, "Ember Whelp", "Wither")
    d.act(0, type="activate", card=1, ts=0, tz=0)   # a window, but no summon
    assert d.g.priority == 1 and d.legal(1) == [{"type": "pass"}]
    d.act(1, type="pass")
    d.act(0, type="summon", card=0, position="attack")
    assert {"type": "activate", "rune": 0, "ts": 0, "tz": 1} in d.legal(1)
    d.act(1, type="activate", rune=0, ts=0, tz=1)
    assert d.zones(0)[1] is None and d.nether(0) == ["Ember Whelp"]
    # a face-down set is no summon the rune can see
    d = Duel(turn=5, current=0)
    d.creature(0, "Thornling")
    d.rune(1, "Snare")
    d.hand(0, "Ember Whelp")
    d.act(0, type="summon", card=0, position=DEFENSE)
    assert d.legal(1) == [{"type": "pass"}]
    d.act(1, type="pass")
    assert d.g.arrival == 0
    # a flip summon and a special summon are summons
    d = Duel(turn=5, current=0)
    d.defender(0, "Thornling", face_up=False, arrived=3)
    d.rune(1, "Snare")
    d.act(0, type="flip", zone=0)
    assert {"type": "activate", "rune": 0, "ts": 0, "tz": 0} in d.legal(1)
    d = Duel(turn=5, current=0)
    d.creature(0, "Seedcaller")
    d.g.players[0].nether.append(d.piece("Thornling", 0))
    d.rune(1, "Snare")
    d.act(0, type="effect", zone=0, tn=0)
    assert not any(a["type"] == "activate" for a in d.legal(1))   # not summoned yet
    d.act(1, type="pass")
    assert d.zones(0)[1] == "Thornling" and d.g.priority == 1
    assert {"type": "activate", "rune": 0, "ts": 0, "tz": 1} in d.legal(1)


def test_AR_EFFECT_2_a_triggered_creature_effect_when_a_creature_is_summoned(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A face-up creature with a triggered effect is a public chain-link effect: its
    controller is offered the window (AR-CHAIN-4) and may use it, once a turn, while its
    condition holds, on either turn; never outside that window."""
    define(monkeypatch, 905, "Watchful Owl", "creature", stars=1, type="Grove", power=1,
           toughness=2, condition="summoned",
           effect={"timing": "triggered", "op": "draw", "select": "none", "count": 1})
    d = Duel(turn=6, current=1)
    d.creature(1, "Watchful Owl", arrived=3)
    assert not any(a["type"] == "effect" for a in d.legal(1))   # own Main phase, no summon
    d = Duel(turn=5, current=0)
    d.creature(1, "Watchful Owl", arrived=3)
    assert chain.qualifies(d.g, 1)
    d.hand(0, "Ember Whelp", "Cinder Scout")
    d.act(0, type="summon", card=0, position="attack")
    assert d.legal(1) == [{"type": "pass"}, {"type": "effect", "zone": 0}]
    d.act(1, type="effect", zone=0)
    d.act(1, type="pass")   # seat 0 passed for itself; the Owl is public, so 1 is asked
    assert len(d.g.players[1].hand) == 1 and d.g.priority == -1
    d.g.players[0].normal_done = False
    d.act(0, type="summon", card=0, position="attack")
    assert d.legal(1) == [{"type": "pass"}]   # once a turn


def test_AR_EFFECT_2_a_rune_that_waits_for_an_attack_by_anyone(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """"When a creature attacks": in an attack's window the attacker may use it too, where
    Mirror Veil ("an opponent's creature attacks") is not offered to the attacker."""
    define(monkeypatch, 906, "War Drums", "rune", condition="attacks",
           effect={"op": "modify", "select": "target", "side": "any", "face_up": True,
                   "power": 2, "toughness": 0, "turns": 1})
    d = battle()
    d.creature(0, "Cinder Scout")
    d.creature(1, "Thornling")
    d.rune(0, "War Drums")
    d.rune(0, "Mirror Veil")
    assert not any(a["type"] == "activate" for a in d.legal(0))   # no attack yet
    d.act(0, type="attack", zone=0).act(0, type="add", zone=0).act(0, type="confirm")
    assert d.g.priority == 0   # seat 1 holds nothing to answer with and passed
    assert [a for a in d.legal(0) if a["type"] == "activate"] == [
        {"type": "activate", "rune": 0, "ts": 0, "tz": 0},
        {"type": "activate", "rune": 0, "ts": 1, "tz": 0}]
    d.act(0, type="activate", rune=0, ts=0, tz=0)   # Scout 4 against Thornling 3
    d.act(0, type="pass")   # still holding Mirror Veil, seat 0 is asked again
    assert d.zones(1)[0] is None and d.zones(0)[0] == "Cinder Scout"


def test_AR_EFFECT_2_an_unknown_condition_is_refused_when_the_card_is_read() -> None:
    """A condition (or op, selector, timing) outside the vocabulary is an error when the
    set is read, not a rune usable at any time."""
    base = {"id": 999, "name": "Odd", "kind": "rune", "rarity": "common", "text": "?",
            "effect": {"op": "draw", "select": "none", "count": 1}}
    assert card_from_doc({**base, "condition": "summoned"}).condition == "summoned"
    with pytest.raises(ValueError, match="unknown condition 'full_moon'"):
        card_from_doc({**base, "condition": "full_moon"})
    with pytest.raises(ValueError, match="unknown op 'burn'"):
        card_from_doc({**base, "effect": {"op": "burn"}})
    with pytest.raises(ValueError, match="unknown timing 'sometimes'"):
        card_from_doc({**base, "kind": "creature",
                       "effect": {"timing": "sometimes", "op": "draw"}})
    with pytest.raises(ValueError, match="names no condition"):
        card_from_doc({**base, "kind": "creature",
                       "effect": {"timing": "triggered", "op": "draw"}})
    with pytest.raises(ValueError, match="Unknown Arcana condition"):
        effects.condition_holds(Duel().g, 0, "full_moon")
