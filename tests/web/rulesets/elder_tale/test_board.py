"""Issue 35, the Elder Tale board as a new player read it: the EN of a turn is one budget
shared by the defense and the attack (ET-DUEL-5), with what each card costs and a question
before a defense that leaves nothing to attack with; "Effects in force" shows the one effect
of a kind that counts (ET-DP-9), HP never below 0 ("knocked out" in words), and nobody is
"to play" after the end."""

from __future__ import annotations

from typing import Any

from django.template import engines

from marcomage.games import find_ruleset
from marcomage.games.elder_tale.engine import FIRST_PLAY_EN, TURN_EN
from marcomage.games.elder_tale.state import Active, Duel
from marcomage.web.rulesets.elder_tale import board
from marcomage.web.rulesets.elder_tale.cardtext import effects_in_force, hp_text

RULESET = find_ruleset("elder_tale")


def duel(seed: int = 3) -> Duel:
    decks = RULESET.starter_decks()[:2]
    state = RULESET.new_game(RULESET.options_from_json({}), decks, seed)
    assert isinstance(state, Duel)
    return state


def context(state: Duel, seat: int) -> dict[str, Any]:
    return board.context(RULESET.view(state, seat), seat,
                         RULESET.legal_actions(state, seat), [None, None])


def side_html(side: dict[str, Any]) -> str:
    """One combatant as the board draws it (the Jinja2 macro `side`, issue 36)."""
    parts = engines["jinja2"].env.get_template("rulesets/elder_tale/_parts.jinja")
    return str(parts.module.side(side))


def test_ET_DP_9_effects_in_force_show_the_highest_of_a_kind_once_issue_35() -> None:
    """Four Attack Up 1 from War Cry and one Attack Up 2: one line, the 2, with four that
    do not count; two Gain Defense both count (each is a guard hit, ET-XCH-2)."""
    effects = [Active("attack_up", 1, 1, 1, source="War Cry").to_json() for _ in range(4)]
    effects.insert(2, Active("attack_up", 2, 1, 1, source="Battle Hymn").to_json())
    effects += [Active("gain_defense", 2, source="Bulwark").to_json()] * 2
    for e in effects:
        e["hits_left"], e["rounds_left"] = e["hits"], e["rounds"]
    shown = effects_in_force(effects)
    assert [s["others"] for s in shown] == [4, 0, 0]
    assert shown[0]["text"].startswith("Attack Up 2") and "Battle Hymn" in shown[0]["text"]
    assert all(s["text"].startswith("Gain Defense 2") for s in shown[1:])


def test_the_board_lists_war_cry_once_with_the_others_said_not_to_count_issue_35() -> None:
    state = duel()
    seat = state.active
    state.fighters[seat].effects = [Active("attack_up", 1, 1, 1, source="War Cry")
                                    for _ in range(4)]
    page = side_html(context(state, seat)["me"])
    assert page.count("Attack Up 1") == 1 and "War Cry" in page
    assert "3 weaker or equal of the same kind, which do not count" in page


def test_hp_is_never_negative_and_a_knock_out_is_said_in_words_issue_35() -> None:
    assert hp_text(-2, 36) == {"hp": 0, "max_hp": 36, "down": True,
                               "words": "knocked out, 2 points past 0"}
    assert hp_text(5, 36)["words"] == "" and hp_text(0, 36)["words"] == "knocked out"
    state = duel()
    loser = 1 - state.active
    state.fighters[loser].hp = -2
    side = context(state, loser)["me"]
    page = side_html(side)
    assert side["hp"] == 0 and "-2" not in page and "Knocked out, 2 points past 0" in page


def test_nobody_is_to_play_after_the_end_issue_35() -> None:
    state = duel()
    seat = state.active
    assert "(to play)" in side_html(context(state, seat)["me"])
    ended = RULESET.resign(state, seat)
    for s in (0, 1):
        ctx = context(ended, s)
        assert "(to play)" not in side_html(ctx["me"]) + side_html(ctx["them"])


def test_ET_DUEL_5_the_en_is_one_budget_for_defense_and_attack_issue_35() -> None:
    """The first turn has 2 EN; a defending player reads that defense and attack share the
    turn's 3 EN, each card's cost, and is asked before confirming a defense that leaves 0."""
    state = duel()
    seat = state.active
    first = context(state, seat)
    assert first["budget"]["total"] == FIRST_PLAY_EN and first["budget"]["left"] == 2
    assert "EN left for your attack" in first["budget"]["hint"]
    # Play on until a defend step.
    for _ in range(200):
        seat = min(RULESET.to_act(state))
        if state.step == "defend":
            break
        legal = RULESET.legal_actions(state, seat)
        state, _ = RULESET.apply(state, seat, legal[0])
    assert state.step == "defend"
    ctx = context(state, seat)
    assert ctx["budget"]["total"] == TURN_EN
    assert "share the 3 EN of this turn" in ctx["budget"]["hint"]
    costs = [c["cost"] for g in ctx["hand"] for c in g["cards"] if c["action"]]
    assert costs and all(c in ("(1 EN)", "(2 EN)", "") for c in costs)
    state.en = 0
    ctx = context(state, seat)
    confirm = next(a for a in ctx["finish"] if "Confirm" in a["label"])
    assert "no EN left for your attack" in confirm["ask"]
    assert "nothing would be left to attack with" in ctx["budget"]["hint"]
