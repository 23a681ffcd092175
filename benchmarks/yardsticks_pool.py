"""Pool the chunks of one ``benchmarks/yardsticks.py`` run (``--first``/``--count`` over one seed).

    python benchmarks/yardsticks_pool.py /tmp/ho/L2-*.json

Prints, per opponent, the level's diff and win share over all the chunks' deals with 95% intervals
(over deals, as in a single run), in Gang de mouettes its calls and the share that came out lowest
(Wilson interval), and the move CPU time p50/p95/max over all their moves.
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.arena import mean_ci, wilson  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    files = sys.argv[1:] if argv is None else argv
    diffs: dict[str, list[float]] = {}
    wins: dict[str, list[float]] = {}
    units: dict[str, int] = {}
    calls: dict[str, tuple[int, int]] = {}
    times: list[float] = []
    for name in files:
        data = json.loads(Path(name).read_text())
        for opp, rows in data["per_deal"].items():
            diffs.setdefault(opp, []).extend(rows["diff"])
            wins.setdefault(opp, []).extend(rows["win"])
            units[opp] = units.get(opp, 0) + rows["units"]
            row = data["rows"][opp]
            made, lowest = calls.get(opp, (0, 0))
            calls[opp] = (made + row.get("calls", 0), lowest + round(row.get("caller_lowest", 0.0) * row.get("calls", 0)))
        times.extend(data["times"])
    for opp in diffs:
        d, dci = mean_ci(diffs[opp])
        w, wci = mean_ci(wins[opp])
        print(f"vs {opp}: {len(wins[opp])} deals, {units[opp]} units; diff {d:+.1f} [{d - dci:+.1f}, {d + dci:+.1f}]; "
              f"win share {w:.3f} [{w - wci:.3f}, {w + wci:.3f}]")
        made, lowest = calls[opp]
        if made:
            lo, hi = wilson(lowest, made)
            print(f"  calls: {made}, caller lowest {lowest / made:.3f} [{lo:.3f}, {hi:.3f}]")
    ts = sorted(times)
    if ts:
        def pct(q: float) -> float:
            return ts[min(len(ts) - 1, int(q * len(ts)))] * 1000
        print(f"move CPU time: {len(ts)} moves, p50 {pct(0.5):.1f} ms, p95 {pct(0.95):.1f} ms, max {ts[-1] * 1000:.1f} ms")
    else:
        print(f"move CPU time: no moves ({math.nan})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
