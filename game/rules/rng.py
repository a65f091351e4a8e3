"""A small, portable, seedable random generator whose whole state is two integers (JSON friendly).

PCG32 (O'Neill, pcg-random.org, XSH RR variant): the same seed gives the same numbers on every platform and
in every process, independent of ``PYTHONHASHSEED``. Dice use rejection sampling, so every face is equally
likely ("honest dice").
"""

from __future__ import annotations

_MULT = 6364136223846793005
_MASK64 = (1 << 64) - 1


class Pcg32:
    __slots__ = ("state", "inc")

    def __init__(self, state: int, inc: int) -> None:
        self.state = state & _MASK64
        self.inc = inc & _MASK64 | 1

    @classmethod
    def seeded(cls, seed: int, stream: int = 54) -> Pcg32:
        rng = cls(0, (stream << 1) | 1)
        rng.next32()
        rng.state = (rng.state + (seed & _MASK64)) & _MASK64
        rng.next32()
        return rng

    def next32(self) -> int:
        old = self.state
        self.state = (old * _MULT + self.inc) & _MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        threshold = (1 << 32) % n
        while True:
            r = self.next32()
            if r >= threshold:
                return r % n

    def shuffle(self, items: list) -> None:  # type: ignore[type-arg]
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
