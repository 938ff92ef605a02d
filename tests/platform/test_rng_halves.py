"""The compiled engine's PCG32 step on 32-bit halves equals the wide step (PL-STATE-1):
the same numbers from every state, so a game draws the same cards under either engine."""

from __future__ import annotations

import random

from marcomage.platform.rng import Rng, step_halves, step_wide


def test_PL_STATE_1_the_step_on_halves_equals_the_wide_step() -> None:
    chooser = random.Random(25)
    states = [0, 1, (1 << 64) - 1, (1 << 63), (1 << 32) - 1, 1 << 32]
    states += [chooser.getrandbits(64) for _ in range(3000)]
    for state in states:
        inc = chooser.getrandbits(64) | 1
        hi, lo = state >> 32, state & 0xFFFFFFFF
        for _ in range(3):
            wide = step_wide(hi, lo, inc)
            assert step_halves(hi, lo, inc >> 32, inc & 0xFFFFFFFF) == wide
            hi, lo = wide[0], wide[1]


def test_PL_STATE_1_next_u32_follows_the_wide_step() -> None:
    rng = Rng.from_seed("halves")
    hi, lo = rng.state >> 32, rng.state & 0xFFFFFFFF
    for _ in range(500):
        hi, lo, out = step_wide(hi, lo, rng.inc)
        assert rng.next_u32() == out
        assert rng.state == (hi << 32) | lo
