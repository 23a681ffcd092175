"""What every benchmark here measures the same way: a fixed piece of work timed several times, by
wall clock and by CPU time, reported as the median with the spread of the repeats.

A figure from one timed window varies with whatever else the machine does; the median of a few
repeats of the same work, and the CPU time beside the wall time, say how much of it is noise.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values`` by nearest rank; ``nan`` for none."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


@dataclass
class Repeats:
    """The wall and CPU seconds of each repeat of one piece of work, and the count it did."""

    count: int = 0
    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)

    def rate(self) -> str:
        """``count`` per second: the median over the repeats by CPU time, its spread, and by wall."""
        by_cpu = [self.count / c for c in self.cpu if c > 0]
        by_wall = [self.count / w for w in self.wall if w > 0]
        return (f"{statistics.median(by_cpu):12.1f}/s CPU ({min(by_cpu):.1f}–{max(by_cpu):.1f}), "
                f"{statistics.median(by_wall):12.1f}/s wall, {len(self.cpu)} repeats")


def repeat(work: Callable[[], int], repeats: int) -> Repeats:
    """Run ``work`` (which returns how many units it did, the same each time) ``repeats`` times."""
    result = Repeats()
    for _ in range(repeats):
        wall, cpu = time.perf_counter(), time.process_time()
        result.count = work()
        result.cpu.append(time.process_time() - cpu)
        result.wall.append(time.perf_counter() - wall)
    return result


def spread(values: Sequence[float], unit: str = "ms", digits: int = 2) -> str:
    """The median of ``values`` and their range, e.g. ``3.10 ms (2.95–3.40)``."""
    return (f"{statistics.median(values):.{digits}f} {unit} "
            f"({min(values):.{digits}f}–{max(values):.{digits}f})")
