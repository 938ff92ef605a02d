"""Issue 34's extensions of the effect vocabulary (our reading, documented in
docs/arcana.md): attack triggers and "this creature" (AR-EFFECT-3), HP changed by a card's
text (AR-EFFECT-4), negating the link below (AR-EFFECT-5), destroying a set rune
(AR-EFFECT-6), the creature just summoned (AR-EFFECT-7), and selected targets bounded by
toughness, face-down ones only where the card names them (AR-RUNE-7)."""

from __future__ import annotations

from marcomage.games.arcana import effects

from .build import Duel
from .test_battle import attack, battle


def test_AR_EFFECT_3_attack_trigger_becomes_a_link_and_boosts_the_attacker() -> None:
    """Pyre Dancer (2/1, "when this creature attacks: +2 power this turn") attacks Reef
    Warden (2/4, attack position): the trigger resolves before damage, so 4 power destroys
    the Warden and the Dancer falls by the tie rule."""
    d = battle()
    d.creature(0, "Pyre Dancer")
    d.creature(1, "Reef Warden")
    attack(d, 0, 0)
    assert "Pyre Dancer gives Pyre Dancer +2 power this turn: now 4/1." in d.g.log
    assert d.zones(1)[0] is None and d.zones(0)[0] is None
    assert d.hp() == [9, 9]


def test_AR_EFFECT_3_attack_trigger_waits_in_the_chain_for_an_answer() -> None:
    d = battle()
    d.creature(0, "Pyre Dancer")
    d.creature(1, "Reef Warden")
    d.rune(1, "Decay")
    attack(d, 0, 0)
    assert [link.kind for link in d.g.chain] == ["attack"] and d.g.priority == 1
    d.act(1, type="activate", rune=0, ts=0, tz=0)   # Decay the attacker in answer
    assert d.zones(0)[0] is None and d.zones(1)[0] == "Reef Warden" and d.hp() == [10, 10]


def test_AR_EFFECT_4_hp_by_card_text_is_logged_and_capped() -> None:
    d = Duel(turn=5)
    d.hand(0, "Cinder Rain", "Mend")
    d.act(0, type="activate", card=0)
    assert d.hp() == [10, 9]
    assert "Player 2 loses 1 HP (Cinder Rain): 9 left." in d.g.log
    d.g.players[0].hp = 9
    d.act(0, type="activate", card=0)   # Mend: +2, but never above 10
    assert d.hp()[0] == 10 and "Player 1 gains 1 HP (Mend): 10 left." in d.g.log


def test_AR_EFFECT_4_a_summon_trigger_can_end_the_duel() -> None:
    d = Duel(turn=5)
    d.g.players[1].hp = 1
    d.hand(0, "Fire Juggler")
    d.act(0, type="summon", card=0, position="attack")
    assert d.g.outcome is not None and d.g.outcome.winners == (0,)


def test_AR_EFFECT_5_unweave_negates_the_link_below_only_in_answer_to_the_opponent() -> None:
    d = Duel(turn=5)
    d.creature(0, "Thornling")
    d.rune(0, "Unweave")
    d.rune(1, "Unweave")
    d.hand(0, "Decay")
    # Unweave cannot start a chain, nor answer its own player's link.
    assert not any(a.get("rune") == 0 and a["type"] == "activate" for a in d.legal(0))
    d.act(0, type="activate", card=0, ts=0, tz=0)   # Player 1 Decays their own Thornling
    assert {"type": "activate", "rune": 0} in d.legal(1)
    d.act(1, type="activate", rune=0)
    assert not any(a["type"] == "activate" and a.get("rune") == 0 for a in d.legal(0)
                   if a.get("rune") == 1)
    d.act(0, type="pass")
    assert d.zones(0)[0] == "Thornling"
    assert any(line.startswith("Unweave negates Decay") for line in d.g.log)


def test_AR_EFFECT_6_shatter_destroys_a_set_rune_which_may_answer() -> None:
    d = Duel(turn=5)
    d.creature(0, "Thornling")
    d.rune(1, "Decay")
    d.hand(0, "Shatter")
    d.act(0, type="activate", card=0, ts=1, tr=0)
    d.act(1, type="pass")
    assert "Decay" in d.nether(1) or any("destroys a set rune: Decay" in x for x in d.g.log)
    assert d.g.players[1].runes[0] is None
    # AR-RUNE-5: the target may answer with itself; then Shatter finds no set rune.
    d = Duel(turn=5)
    d.creature(0, "Thornling")
    d.rune(1, "Decay")
    d.hand(0, "Shatter")
    d.act(0, type="activate", card=0, ts=1, tr=0)
    d.act(1, type="activate", rune=0, ts=0, tz=0)
    assert d.zones(0)[0] is None
    assert "Shatter resolves and finds no set rune." in d.g.log


def test_AR_EFFECT_7_trapdoor_snare_destroys_the_creature_just_summoned() -> None:
    d = Duel(turn=5)
    d.rune(1, "Trapdoor Snare")
    d.hand(0, "Ember Whelp")
    assert not any(a["type"] == "activate" for a in effects.set_rune_actions(d.g, 1))
    d.act(0, type="summon", card=0, position="attack")
    assert {"type": "activate", "rune": 0} in d.legal(1)
    d.act(1, type="activate", rune=0)
    assert d.zones(0)[0] is None and "Trapdoor Snare destroys Ember Whelp." in d.g.log


def test_AR_RUNE_7_ember_bolt_reaches_face_down_only_within_its_toughness_bound() -> None:
    """A face-down creature's toughness is hidden (PL-VIEW-1), so Ember Bolt (toughness 2 or
    less, face-down too) may be aimed at any face-down creature; the bound is checked when
    it resolves: the Whelp (toughness 1) is destroyed, the Warden (4) is not."""
    d = Duel(turn=5)
    d.defender(1, "Ember Whelp", face_up=False)   # printed toughness 1
    d.defender(1, "Reef Warden", face_up=False)   # printed toughness 4
    d.creature(1, "Cinder Scout")                 # 2/2 face up
    d.creature(1, "Tide Lurker")                  # 4/4 face up: visibly out of bound
    d.hand(0, "Ember Bolt", "Decay", "Ember Bolt")
    bolts = [a for a in d.legal() if a["type"] == "activate" and a["card"] == 0]
    assert [a["tz"] for a in bolts] == [0, 1, 2]
    decays = [a for a in d.legal() if a["type"] == "activate" and a["card"] == 1]
    assert [a["tz"] for a in decays] == [2, 3]   # Decay selects face-up only
    d.act(0, type="activate", card=0, ts=1, tz=0)
    assert d.zones(1)[0] is None and d.zones(1)[1] == "Reef Warden"
    d.act(0, type="activate", card=1, ts=1, tz=1)   # the second Bolt, now card 1
    assert d.zones(1)[1] == "Reef Warden"


def test_AR_EFFECT_3_ward_trigger_veil_negates_an_opponents_attack() -> None:
    d = battle()
    d.creature(0, "Bramble Boar")
    keeper = d.defender(1, "Reef Warden")
    d.ward(keeper, "Veil of the Night Queen", owner=1)
    attack(d, 0, 0)
    assert {"type": "ward_effect", "zone": 0, "ward": 0} in d.legal(1)
    d.act(1, type="ward_effect", zone=0, ward=0)
    assert d.legal(1) == [{"type": "pass"}]   # used this turn: only a pass is left
    d.act(1, type="pass")
    assert d.zones(1)[0] == "Reef Warden" and d.zones(0)[0] == "Bramble Boar"
    assert "Veil of the Night Queen resolves: the attack is negated." in d.g.log
