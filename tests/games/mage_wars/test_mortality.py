"""Issue 33: no mage wins merely because an opponent died while a resurrection is still
possible (MW-DEATH-4, MW-DEATH-5), and the use of a last health card is marked dangerous
in the view (MW-HEALTH-7)."""

from __future__ import annotations

from marcomage.games.mage_wars import engine, health
from marcomage.games.mage_wars.ruleset import RULESET
from marcomage.games.mage_wars.victory import Mage, Table, WinConditionError, check_condition, met
from marcomage.games.mage_wars.view import dangers

from ..stale_replays import assert_an_older_replay_is_stale
from .tables import empty_hands, game, main_turn, set_mage


def duel():  # type: ignore[no-untyped-def]
    state = empty_hands(main_turn(game(2, seed=21), 0))
    set_mage(state, 0, "lumen_warden")
    set_mage(state, 1, "grey_arbiter")
    return state


def test_MW_DEATH_4_a_death_that_can_still_be_undone_wins_nobody_anything() -> None:
    """Issue 33: Grey Arbiter won 199 of 201 random games by the other mage's first death;
    a dead mage who may still rise is not destroyed."""
    state = duel()
    health.die(state, 0)
    assert not engine.check_wins(state) and state.outcome is None
    assert not state.players[0].fallen and not state.players[0].left


def test_MW_DEATH_5_a_mage_with_no_resurrection_left_falls_for_good() -> None:
    """Each mage may rise `resurrections` times; the death after that is final, and then
    the other mage's destroy condition is met."""
    state = duel()
    allowed = engine.mage(state, 0).resurrections
    for _ in range(allowed):
        health.die(state, 0)
        state.players[0].alive = True  # risen (the payment is MW-DEATH-3's test)
        engine.deal_health(state, 0)
        assert state.players[0].alive
    health.die(state, 0)
    assert state.players[0].fallen and state.players[0].left
    assert engine.check_wins(state)
    assert state.outcome is not None and state.outcome.winners == (1,)


def test_MW_HEALTH_7_using_the_last_health_card_is_marked_dangerous() -> None:
    state = duel()
    player = state.players[0]
    player.health = player.health[:2]
    view = engine_view(state, 0)
    assert dangers(view, 0, {"type": "use_health", "card": player.health[0]}) == ""
    player.health = player.health[:1]
    view = engine_view(state, 0)
    warning = dangers(view, 0, {"type": "use_health", "card": player.health[0]})
    assert "dies" in warning


def engine_view(state, seat):  # type: ignore[no-untyped-def]
    from marcomage.games.mage_wars.view import view
    return view(state, seat)


def test_MW_WIN_6_one_rival_fallen_for_good_wins_a_kill_mage_a_death_or_surrender_not() -> None:
    """Ruleset 6 (issue 33): at three seats Grey Arbiter (`rivals_fallen: 1`) wins when any
    one rival has fallen for good, not when that rival merely died with a resurrection left,
    nor when a rival surrendered (a surrender hands nobody a kill)."""
    state = empty_hands(main_turn(game(3, seed=21), 0))
    for seat, name in enumerate(("lumen_warden", "umbral_tyrant", "grey_arbiter")):
        set_mage(state, seat, name)
    health.die(state, 1)  # the Tyrant dies once: it may still rise
    assert not engine.check_wins(state) and state.outcome is None
    left = RULESET.resign(state, 1)  # a surrender is no fall
    assert left.outcome is None
    for _ in range(engine.mage(state, 1).resurrections):
        state.players[1].alive = True
        health.die(state, 1)
    assert state.players[1].fallen and state.players[0].alive  # the Warden plays on
    assert engine.check_wins(state)
    assert state.outcome is not None and state.outcome.winners == (2,)


def test_MW_WIN_6_rivals_fallen_is_a_well_formed_predicate() -> None:
    check_condition({"rivals_fallen": 1, "alignment": "good"})
    for bad in ({"rivals_fallen": 0}, {"rivals_fallen": 1, "element": "fire"},
                {"rivals_fallen": 1, "alignment": "grey"}):
        try:
            check_condition(bad)
        except WinConditionError:
            continue
        raise AssertionError(f"{bad} was accepted")
    table = Table([Mage("evil", 1, True), Mage("good", 1, False, fallen=True),
                   Mage("evil", 1, False, fallen=True)], [])
    assert met({"rivals_fallen": 2}, 0, table)
    assert met({"rivals_fallen": 1, "alignment": "good"}, 0, table)
    assert not met({"rivals_fallen": 2, "alignment": "good"}, 0, table)
    assert not met({"rivals_fallen": 1}, 1, Table([Mage("evil", 1, True),
                                                    Mage("good", 1, True)], []))


def test_PL_STATE_3_a_version_6_game_reports_its_version_after_the_issue_33_retune() -> None:
    """Ruleset 7 changed the mages' win conditions and numbers (issue 33): a game recorded
    under version 6 is reported stale, not re-simulated under the new mages."""
    assert_an_older_replay_is_stale(RULESET, 6)


def test_PL_STATE_3_a_version_9_game_reports_its_version_after_ruleset_10() -> None:
    """Ruleset 10 (issue 33) gave Umbral Tyrant health 7, Grey Arbiter a third way to win,
    Storm Hawk damage 2 and Curse of Ruin one discard: a version 9 game is reported stale."""
    assert_an_older_replay_is_stale(RULESET, 9)


def test_PL_STATE_3_a_version_10_game_reports_its_version_after_ruleset_11() -> None:
    """Ruleset 11 (issue 33) made Storm Hawk need two air cards and took Trial of Tides'
    extra fate card: a version 10 game is reported stale."""
    assert_an_older_replay_is_stale(RULESET, 10)


def test_PL_STATE_3_a_version_11_game_reports_its_version_after_ruleset_12() -> None:
    """Ruleset 12 (issue 33) gave Storm Hawk health 2 (it had 3, so that only Dragon Whelp
    among the pets could hurt it), Mistral Oracle health 7 and a hand of 7, and Cinder Regent
    a health-card discount of 1: a version 11 game is reported stale."""
    assert_an_older_replay_is_stale(RULESET, 11)
