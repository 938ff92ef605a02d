"""The game's own random source: PCG32 (XSH-RR), written here so results never depend
on the Python version (PL-STATE-1). Its whole state is two integers stored in the game."""

from __future__ import annotations

import hashlib
from typing import Any, Final

try:  # mypy's helper (a dev dependency): the compiled engine's build needs it, the rules don't
    from mypy_extensions import mypyc_attr
except ImportError:  # pragma: no cover  (an install without the dev tools)
    def mypyc_attr(*_args: Any, **_kwargs: Any) -> Any:  # type: ignore[misc]
        return lambda cls: cls

_MASK64: Final = (1 << 64) - 1
_MULT: Final = 6364136223846793005


def seed_to_int(seed: int | str) -> int:
    """A 64-bit number from any seed; strings (e.g. golden case ids) are hashed."""
    if isinstance(seed, int) and 0 <= seed <= _MASK64:
        return seed
    digest = hashlib.sha256(str(seed).encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big")


_M32: Final = 0xFFFFFFFF
_M0: Final = _MULT & 0xFFFF
_M1: Final = (_MULT >> 16) & 0xFFFF
_M2: Final = (_MULT >> 32) & 0xFFFF
_M3: Final = (_MULT >> 48) & 0xFFFF

_COMPILED: Final = not __file__.endswith(".py")
"""Whether this module runs compiled by mypyc (native.py): then a step works on 32-bit
halves, in numbers that never leave the machine word; interpreted, one wide step is faster."""


def step_wide(hi: int, lo: int, inc: int) -> tuple[int, int, int]:
    """One PCG32 step on the whole 64-bit state: (new high half, new low half, output)."""
    old = (hi << 32) | lo
    state = (old * _MULT + inc) & _MASK64
    xorshifted = (((old >> 18) ^ old) >> 27) & _M32
    rot = old >> 59
    out = ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & _M32
    return state >> 32, state & _M32, out


def step_halves(hi: int, lo: int, inc_hi: int, inc_lo: int) -> tuple[int, int, int]:
    """The same step as `step_wide` on 32-bit halves, multiplying 16-bit quarters (schoolbook,
    by columns) so that no number reaches 2**62 and no factor 2**30: a compiled int's
    fast range, where mypyc never falls back to Python's long arithmetic."""
    a0, a1, a2, a3 = lo & 0xFFFF, lo >> 16, hi & 0xFFFF, hi >> 16
    c1 = a0 * _M1 + a1 * _M0
    low = a0 * _M0 + ((c1 & 0xFFFF) << 16) + inc_lo
    c3 = a0 * _M3 + a1 * _M2 + a2 * _M1 + a3 * _M0
    new_hi = ((c1 >> 16) + a0 * _M2 + a1 * _M1 + a2 * _M0 + ((c3 & 0xFFFF) << 16)
              + (low >> 32) + inc_hi) & _M32
    xorshifted = (((lo ^ ((lo >> 18) | ((hi << 14) & _M32))) >> 27)
                  | ((hi ^ (hi >> 18)) << 5)) & _M32
    rot = hi >> 27
    back = (-rot) & 31
    out = (xorshifted >> rot) | ((xorshifted & ((1 << (32 - back)) - 1)) << back)
    return new_hi, low & _M32, out


@mypyc_attr(allow_interpreted_subclasses=True)  # tests script draws with a subclass
class Rng:
    """A small seeded generator; `state` and `inc` are all there is to it (the state is
    kept as two 32-bit halves, see `step_halves`)."""

    __slots__ = ("_hi", "_inc_hi", "_inc_lo", "_lo", "inc")

    def __init__(self, state: int, inc: int) -> None:
        self.state = state
        self.inc = (inc | 1) & _MASK64
        self._inc_hi = self.inc >> 32
        self._inc_lo = self.inc & _M32

    @property
    def state(self) -> int:
        return (self._hi << 32) | self._lo

    @state.setter
    def state(self, value: int) -> None:
        value &= _MASK64
        self._hi = value >> 32
        self._lo = value & _M32

    @classmethod
    def from_seed(cls, seed: int | str, stream: int = 54) -> Rng:
        """Seed as the PCG reference does: two steps around adding the seed."""
        rng = cls(0, (stream << 1) | 1)
        rng.next_u32()
        rng.state = rng.state + seed_to_int(seed)
        rng.next_u32()
        return rng

    def clone(self) -> Rng:
        return Rng(self.state, self.inc)

    def __reduce__(self) -> tuple[type[Rng], tuple[int, int]]:
        """Pickle as the two numbers (the compiled class has no instance dict)."""
        return Rng, (self.state, self.inc)

    def next_u32(self) -> int:
        if _COMPILED:
            self._hi, self._lo, out = step_halves(self._hi, self._lo, self._inc_hi, self._inc_lo)
            return out
        # step_wide, inlined: interpreted, a call and its tuple cost as much as the step.
        old = (self._hi << 32) | self._lo
        state = (old * _MULT + self.inc) & _MASK64
        self._hi = state >> 32
        self._lo = state & _M32
        xorshifted = (((old >> 18) ^ old) >> 27) & _M32
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & _M32

    def below(self, n: int) -> int:
        """A uniform integer in 0..n-1, without modulo bias."""
        if n <= 1:
            return 0
        threshold = (0x100000000 - n) % n
        while True:
            r = self.next_u32()
            if r >= threshold:
                return r % n

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in low..high inclusive."""
        return low + self.below(high - low + 1)

    def choice(self, items: list[int] | tuple[int, ...]) -> int:
        return items[self.below(len(items))]

    def shuffle(self, items: list[Any]) -> None:
        """Shuffle `items` in place: Fisher-Yates from the last position down, each swap
        partner drawn with `below` (the one shuffle of every game system, PL-STATE-1)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def chance(self, n: int) -> bool:
        """True with probability 1/2**n (the anti-flood acceptance test)."""
        return n <= 0 or self.below(1 << n) == 0

    def to_json(self) -> list[str]:
        return [format(self.state, "x"), format(self.inc, "x")]

    @classmethod
    def from_json(cls, doc: list[str]) -> Rng:
        return cls(int(doc[0], 16), int(doc[1], 16))
