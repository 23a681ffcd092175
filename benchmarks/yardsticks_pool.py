"""Pool the chunks of one ``benchmarks/yardsticks.py`` run (``--first``/``--count`` over one seed).

    python benchmarks/yardsticks_pool.py /tmp/ho/L2-*.json
    python benchmarks/yardsticks_pool.py /tmp/ho/after-*.json --against /tmp/ho/before-*.json

Prints, per opponent, the level's diff and win share over all the chunks' deals with 95% intervals
(over deals, as in a single run), in Gang de mouettes its calls and the share that came out lowest
(Wilson interval), the *pool* row when the chunks played several opponents (each deal's results
averaged over the opponents, as ``yardsticks.py`` does), and the move CPU time p50/p95/max over all
their moves.

With ``--against``, the chunks of a second run on the same seed (the bot before a change, say) are
read too, and the difference of the two runs is printed over the deals both played, paired deal by
deal (a deal is known by its seed and index): the comparison that decides whether a change paid.
"""

from __future__ import annotations

import json
import math
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.measure import percentile  # noqa: E402
from game.arena import mean_ci, wilson  # noqa: E402


def by_deal(files: list[str]) -> dict[str, dict[tuple[int, int], tuple[float, float]]]:
    """Per opponent, each deal's (diff, win share), keyed by (seed, deal index)."""
    out: dict[str, dict[tuple[int, int], tuple[float, float]]] = {}
    for name in files:
        data = json.loads(Path(name).read_text())
        seed, first = data["args"]["seed"], data["args"]["first"]
        for opp, rows in data["per_deal"].items():
            deals = out.setdefault(opp, {})
            for i, (diff, win) in enumerate(zip(rows["diff"], rows["win"], strict=True)):
                deals[(seed, first + i)] = (diff, win)
    return out


def paired(after: list[str], before: list[str]) -> None:
    """Print the difference of two runs over the deals both played, paired deal by deal."""
    new, old = by_deal(after), by_deal(before)
    for opp in new:
        shared = sorted(set(new[opp]) & set(old.get(opp, {})))
        if not shared:
            print(f"vs {opp}: no deal played by both runs")
            continue
        d, dci = mean_ci([new[opp][k][0] - old[opp][k][0] for k in shared])
        w, wci = mean_ci([new[opp][k][1] - old[opp][k][1] for k in shared])
        w_old = sum(old[opp][k][1] for k in shared) / len(shared)
        w_new = sum(new[opp][k][1] for k in shared) / len(shared)
        print(f"vs {opp}, paired over {len(shared)} deals: win share {w_old:.3f} -> {w_new:.3f}, "
              f"{w:+.3f} [{w - wci:+.3f}, {w + wci:+.3f}]; diff {d:+.1f} [{d - dci:+.1f}, {d + dci:+.1f}]")


def print_row(opp: str, diffs: list[float], wins: list[float], units: int) -> None:
    """Print one opponent's (or the pool's) diff and win share over its deals, with 95% intervals."""
    d, dci = mean_ci(diffs)
    w, wci = mean_ci(wins)
    print(f"vs {opp}: {len(wins)} deals, {units} units; diff {d:+.1f} [{d - dci:+.1f}, {d + dci:+.1f}]; "
          f"win share {w:.3f} [{w - wci:.3f}, {w + wci:.3f}]")


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    files, before = args, []
    if "--against" in args:
        at = args.index("--against")
        files, before = args[:at], args[at + 1:]
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
        print_row(opp, diffs[opp], wins[opp], units[opp])
        made, lowest = calls[opp]
        if made:
            lo, hi = wilson(lowest, made)
            print(f"  calls: {made}, caller lowest {lowest / made:.3f} [{lo:.3f}, {hi:.3f}]")
    if len(diffs) > 1:
        deals = by_deal(files)
        shared = sorted(set.intersection(*(set(d) for d in deals.values())))
        print_row("pool", [statistics.fmean(deals[o][k][0] for o in deals) for k in shared],
            [statistics.fmean(deals[o][k][1] for o in deals) for k in shared], sum(units.values()))
    if times:
        print(f"move CPU time: {len(times)} moves, p50 {percentile(times, 0.5) * 1000:.1f} ms, "
              f"p95 {percentile(times, 0.95) * 1000:.1f} ms, max {max(times) * 1000:.1f} ms")
    else:
        print(f"move CPU time: no moves ({math.nan})")
    if before:
        paired(files, before)
    return 0


if __name__ == "__main__":
    sys.exit(main())
