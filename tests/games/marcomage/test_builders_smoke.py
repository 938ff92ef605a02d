"""The manual's attack example through the whole turn pipeline (C-DMG-1)."""

from .builders import duel, play


def test_manual_attack_example_wall_then_tower() -> None:
    """Manual, "Game attributes": attack 25 on wall 10 and tower 20 leaves wall 0, tower 5."""
    g = duel(opp=dict(wall=10, tower=20))
    from marcomage.games.marcomage.context import Turn

    t = Turn(g, 0, 0)
    t.attack(25)
    assert (g.players[1].wall, g.players[1].tower) == (0, 5)
    g2 = play(duel(opp=dict(wall=2, tower=20)), 13)  # Goblin: Attack: 3
    assert (g2.players[1].wall, g2.players[1].tower) == (0, 19)
