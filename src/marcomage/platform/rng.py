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


@mypyc_attr(allow_interpreted_subclasses=True)  # tests script draws with a subclass
class Rng:
    """A small seeded generator; `state` and `inc` are all there is to it."""

    __slots__ = ("inc", "state")

    def __init__(self, state: int, inc: int) -> None:
        self.state = state & _MASK64
        self.inc = (inc | 1) & _MASK64

    @classmethod
    def from_seed(cls, seed: int | str, stream: int = 54) -> Rng:
        """Seed as the PCG reference does: two steps around adding the seed."""
        rng = cls(0, (stream << 1) | 1)
        rng.next_u32()
        rng.state = (rng.state + seed_to_int(seed)) & _MASK64
        rng.next_u32()
        return rng

    def clone(self) -> Rng:
        return Rng(self.state, self.inc)

    def __reduce__(self) -> tuple[type[Rng], tuple[int, int]]:
        """Pickle as the two numbers (the compiled class has no instance dict)."""
        return Rng, (self.state, self.inc)

    def next_u32(self) -> int:
        old = self.state
        self.state = (old * _MULT + self.inc) & _MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF

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

    def chance(self, n: int) -> bool:
        """True with probability 1/2**n (the anti-flood acceptance test)."""
        return n <= 0 or self.below(1 << n) == 0

    def to_json(self) -> list[str]:
        return [format(self.state, "x"), format(self.inc, "x")]

    @classmethod
    def from_json(cls, doc: list[str]) -> Rng:
        return cls(int(doc[0], 16), int(doc[1], 16))
