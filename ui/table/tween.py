"""Eased motion for card sprites, and the animation speed setting.

A ``Motion`` moves a point from ``start`` to ``end`` after a ``delay``; ``speed_factor`` turns the
player's ``animation_speed`` setting into a duration multiplier (0 = instant).
"""

from __future__ import annotations

from dataclasses import dataclass

SPEED_FACTORS = {"instant": 0.0, "fast": 0.55, "normal": 1.0, "slow": 1.8}
BASE_DURATION = 0.32
"""Seconds a card takes to travel at the ``normal`` speed."""
STAGGER = 0.07
"""Seconds between the starts of successive cards of one move (a deal, a spread meld)."""


def speed_factor(setting: str) -> float:
    """Duration multiplier for an ``animation_speed`` setting (unknown values mean normal)."""
    return SPEED_FACTORS.get(setting, 1.0)


def ease_out_cubic(t: float) -> float:
    """Fast start, gentle landing: cards thrown onto the table."""
    t = min(max(t, 0.0), 1.0)
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    """Smooth start and end: cards sliding into place."""
    t = min(max(t, 0.0), 1.0)
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


@dataclass
class Motion:
    """One eased move of a point; ``advance`` returns the current position."""

    start: tuple[float, float]
    end: tuple[float, float]
    duration: float
    delay: float = 0.0
    elapsed: float = 0.0
    smooth: bool = False

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    @property
    def progress(self) -> float:
        """0 before the move starts, 1 when it has arrived (eased)."""
        if self.duration <= 0:
            return 1.0 if self.elapsed >= self.delay else 0.0
        t = (self.elapsed - self.delay) / self.duration
        return ease_in_out_cubic(t) if self.smooth else ease_out_cubic(t)

    @property
    def started(self) -> bool:
        return self.elapsed >= self.delay

    def advance(self, dt: float) -> tuple[float, float]:
        self.elapsed += dt
        p = self.progress
        return (self.start[0] + (self.end[0] - self.start[0]) * p, self.start[1] + (self.end[1] - self.start[1]) * p)
