"""AR-START and AR-TURN: setup, mulligan, draws and the phase machine."""

from __future__ import annotations

from marcomage.games.arcana import engine, field
from marcomage.games.arcana.ruleset import RULESET
from marcomage.games.arcana.state import BATTLE, MAIN1, MAIN2, MULLIGAN, Options

from .build import Duel


def new(seed: int = 5) -> object:
    return RULESET.new_game(Options(), RULESET.starter_decks()[:2], seed)


def test_AR_START_1_five_cards_each_and_AR_HP_1_ten_hp() -> None:
    g = RULESET.new_game(Options(), RULESET.starter_decks()[:2], 5)
    assert [len(p.hand) for p in g.players] == [5, 5]
    assert [len(p.deck) for p in g.players] == [25, 25]
    assert [p.hp for p in g.players] == [10, 10]


def test_AR_START_2_highest_d20_goes_first_ties_reroll() -> None:
    for seed in range(40):
        g = RULESET.new_game(Options(), RULESET.starter_decks()[:2], seed)
        r0, r1 = g.players[0].roll, g.players[1].roll
        assert len(r0) == len(r1) and all(1 <= r <= 20 for r in r0 + r1)
        assert all(a == b for a, b in zip(r0[:-1], r1[:-1], strict=True))   # ties re-rolled
        assert r0[-1] != r1[-1]
        assert g.first == (0 if r0[-1] > r1[-1] else 1)
    assert any(len(RULESET.new_game(Options(), RULESET.starter_decks()[:2], s).players[0].roll) > 1
               for s in range(200))


def test_AR_START_3_first_player_then_second_keep_or_redraw_once() -> None:
    g = RULESET.new_game(Options(), RULESET.starter_decks()[:2], 5)
    assert g.phase == MULLIGAN and RULESET.to_act(g) == {g.first}
    before = [c.uid for c in g.players[g.first].hand]
    g, _ = RULESET.apply(g, g.first, {"type": "redraw"})
    assert len(g.players[g.first].hand) == 5 and len(g.players[g.first].deck) == 25
    assert [c.uid for c in g.players[g.first].hand] != before
    assert RULESET.to_act(g) == {1 - g.first}
    g, _ = RULESET.apply(g, 1 - g.first, {"type": "keep"})
    assert g.phase == MAIN1 and g.turn == 1
    assert {"type": "redraw"} not in RULESET.legal_actions(g, g.current)


def test_AR_START_4_first_player_does_not_draw_on_turn_one_then_one_a_turn() -> None:
    g = RULESET.new_game(Options(), RULESET.starter_decks()[:2], 5)
    g, _ = RULESET.apply(g, g.first, {"type": "keep"})
    g, _ = RULESET.apply(g, 1 - g.first, {"type": "keep"})
    assert len(g.players[g.first].hand) == 5
    g, _ = RULESET.apply(g, g.first, {"type": "next_phase"})
    g, _ = RULESET.apply(g, g.first, {"type": "end_turn"})
    assert g.turn == 2 and len(g.players[1 - g.first].hand) == 6


def test_AR_START_5_empty_deck_skips_the_draw_or_loses_with_the_option() -> None:
    d = Duel(turn=3, current=0, phase=MAIN2, deck=0, options=Options(empty_deck_hp=0))
    d.act(0, type="end_turn")
    assert d.g.turn == 4 and d.g.outcome is None and d.hand_names(1) == []
    assert [p.hp for p in d.g.players] == [10, 10]
    d = Duel(turn=3, current=0, phase=MAIN2, deck=0, options=Options(deck_out_loses=True))
    d.act(0, type="end_turn")
    assert d.g.outcome is not None and d.g.outcome.winners == (0,)
    assert d.g.outcome.end_type == "deck_out"


def test_AR_START_5_an_empty_deck_costs_hp_at_the_draw_since_version_4() -> None:
    """Our reading since ruleset 4: a Draw phase with an empty deck costs `empty_deck_hp` HP
    (1 by default), logged with its cause, so a board neither player can change any more
    still ends by HP (such duels reached TURN_LIMIT, about 1.7% under the search bot)."""
    d = Duel(turn=3, current=0, phase=MAIN2, deck=0)
    d.g.players[0].deck.append(d.piece("Thornling", 0))
    d.act(0, type="end_turn")
    assert d.g.turn == 4 and d.g.outcome is None and d.hand_names(1) == []
    assert [p.hp for p in d.g.players] == [10, 9]
    assert "Player 2 loses 1 HP (an empty deck at the draw): 9 left." in d.g.log
    d.g.phase = MAIN2
    d.act(1, type="end_turn")   # player 1 still had a card: drawn, no HP lost
    assert [p.hp for p in d.g.players] == [10, 9] and d.hand_names(0) == ["Thornling"]
    d = Duel(turn=3, current=0, phase=MAIN2, deck=0, options=Options(empty_deck_hp=2))
    d.g.players[1].hp = 2
    d.act(0, type="end_turn")
    assert d.g.outcome is not None and d.g.outcome.winners == (0,)
    assert d.g.outcome.end_type == "hp" and d.g.players[1].hp == 0


def test_AR_START_6_match_turn_one_has_no_battle_phase() -> None:
    d = Duel(turn=1, current=0)
    d.creature(0, "Ember Whelp")
    d.act(0, type="next_phase")
    assert d.g.phase == MAIN2
    d = Duel(turn=2, current=1)
    d.creature(1, "Ember Whelp")
    d.act(1, type="next_phase")
    assert d.g.phase == BATTLE and {"type": "attack_direct"} in d.legal()


def test_AR_START_7_creatures_may_attack_the_turn_they_arrive_unless_the_option() -> None:
    d = Duel(turn=4, current=0)
    d.hand(0, "Ember Whelp")
    d.act(0, type="summon", card=0, position="attack").to_battle()
    assert {"type": "attack_direct"} in d.legal()
    d = Duel(turn=4, current=0, options=Options(summoned_can_attack=False))
    d.hand(0, "Ember Whelp")
    d.act(0, type="summon", card=0, position="attack").to_battle()
    assert {"type": "attack_direct"} not in d.legal()


def test_AR_TURN_1_phases_in_order() -> None:
    d = Duel(turn=3, current=0)
    assert d.g.phase == MAIN1 and {"type": "end_turn"} not in d.legal()
    d.act(0, type="next_phase")
    assert d.g.phase == BATTLE
    d.act(0, type="next_phase")
    assert d.g.phase == MAIN2 and {"type": "end_turn"} in d.legal()
    d.act(0, type="end_turn")
    assert (d.g.turn, d.g.current, d.g.phase) == (4, 1, MAIN1)


def test_AR_TURN_2_main_phase_actions() -> None:
    d = Duel(turn=3, current=0)
    d.creature(0, "Cinder Scout")
    d.defender(0, "Thornling", face_up=False)
    d.hand(0, "Ember Whelp", "Decay", "Iron Band")
    kinds = {a["type"] for a in d.legal()}
    assert kinds == {"summon", "flip", "position", "set", "activate", "equip", "next_phase"}


def test_AR_TURN_3_battle_phase_attacks_and_chains_but_no_summons() -> None:
    d = Duel(turn=3, current=0, phase=BATTLE)
    d.creature(0, "Cinder Scout")
    d.creature(1, "Thornling")
    d.hand(0, "Ember Whelp", "Decay")
    kinds = {a["type"] for a in d.legal()}
    assert kinds == {"attack", "activate", "next_phase"}


def test_AR_TURN_4_end_phase_expires_this_turn_and_sends_runes_away() -> None:
    d = Duel(turn=3, current=0)
    d.creature(1, "Reef Warden")
    d.hand(0, "Wither")
    d.act(0, type="activate", card=0, ts=1, tz=0)
    assert field.toughness(d.at(1, 0)) == 2
    d.acts((0, {"type": "next_phase"}), (0, {"type": "next_phase"}), (0, {"type": "end_turn"}))
    assert field.toughness(d.at(1, 0)) == 4
    assert d.nether(0) == ["Wither"] and d.g.players[0].runes == [None] * 5
    assert engine.HAND_LIMIT is None


def test_AR_TURN_5_turn_limit_is_a_draw() -> None:
    d = Duel(turn=engine.TURN_LIMIT, current=0, phase=MAIN2)
    d.act(0, type="end_turn")
    out = RULESET.outcome(d.g)
    assert out is not None and out.result == "draw" and out.end_type == "turn_limit"
    assert RULESET.to_act(d.g) == frozenset()
