"""Issue 33: no mage wins merely because an opponent died while a resurrection is still
possible (MW-DEATH-4, MW-DEATH-5), and the use of a last health card is marked dangerous
in the view (MW-HEALTH-7)."""

from __future__ import annotations

from marcomage.games.mage_wars import engine, health
from marcomage.games.mage_wars.view import dangers

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
