"""Seeded randomness whose whole state fits in a JSON snapshot.

Engines never touch the global ``random`` module: each match owns an ``Rng`` made from its seed,
and ``to_json``/``from_json`` carry its exact state so a resumed match shuffles identically.

>>> a = Rng(7); b = Rng.from_json(a.to_json())
>>> a.randrange(1000) == b.randrange(1000)
True
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

from game.core.errors import SaveError

T = TypeVar("T")


def fresh_seed() -> int:
    """A new seed from the operating system, for a match started without one.

    The seed is stored in the match, so even such a match can be replayed exactly.
    """
    return random.SystemRandom().randrange(2**63)


class Rng:
    """A ``random.Random`` that can be saved to and restored from JSON."""

    __slots__ = ("_r", "draws", "_snapshot")

    def __init__(self, seed: int | None = None) -> None:
        self._r = random.Random(fresh_seed() if seed is None else seed)
        self.draws = 0
        """How many times this generator was drawn from: an unchanged count is an unchanged state
        (an undo snapshot then shares the previous one's copy instead of copying 2.5 KB)."""
        self._snapshot: tuple[int, Any] | None = None
        """The draw count and internal state at the last ``clone``: a searching bot clones one
        guessed deal once per candidate move, and reading the state costs more than setting it."""

    def shuffle(self, items: MutableSequence[Any]) -> None:
        self.draws += 1
        self._r.shuffle(items)

    def randrange(self, stop: int) -> int:
        self.draws += 1
        return self._r.randrange(stop)

    def choice(self, items: Sequence[T]) -> T:
        self.draws += 1
        return self._r.choice(items)

    def random(self) -> float:
        self.draws += 1
        return self._r.random()

    def fork(self) -> Rng:
        """An independent generator seeded from this one (advances this one)."""
        self.draws += 1
        return Rng(self._r.getrandbits(63))

    def clone(self) -> Rng:
        """An independent generator in the same state (it draws what this one would draw next)."""
        snapshot = self._snapshot
        if snapshot is None or snapshot[0] != self.draws:
            snapshot = self._snapshot = (self.draws, self._r.getstate())
        other = Rng.__new__(Rng)
        other._r = random.Random.__new__(random.Random)
        other._r.setstate(snapshot[1])
        other.draws = self.draws
        other._snapshot = snapshot
        return other

    def kept_copy(self) -> Rng:
        """A ``clone`` to be kept rather than drawn from soon (an undo snapshot): it holds the
        generator's 2.5 KB state only, not the 25 KB of Python integers ``clone`` caches."""
        other = self.clone()
        other._snapshot = None
        return other

    def to_json(self) -> list[Any]:
        version, internal, gauss = self._r.getstate()
        return [version, list(internal), gauss]

    @classmethod
    def from_json(cls, data: Any) -> Rng:
        try:
            version, internal, gauss = data
            state = (int(version), tuple(int(x) for x in internal), gauss)
            rng = cls.__new__(cls)
            rng._r = random.Random()
            rng._r.setstate(state)
            rng.draws = 0
            rng._snapshot = None
        except (TypeError, ValueError) as exc:
            raise SaveError(f"the random-number state is damaged ({exc})") from None
        return rng
