"""One level of the bots against the independent players (``game.yardsticks``), seats swapped.

    python benchmarks/yardsticks.py gang_de_mouettes hard gang,gang-cautious,gang-aggressive \
        --players 2 --count 200 --seed 3701 --out /tmp/ys/gang2-hard.json

For each opponent the same deals (seeds ``seed * 100_003 + i``, as ``python -m game.arena`` draws
them) are played with the level in every seat (``game.arena.play_deal``): at 2 players the level
against that opponent, at 4 the level in two seats against two of that opponent. The *pool* row
averages, deal by deal, the level's result against each opponent, so its interval is over deals.
Every figure is the level's: points per unit (lower is better in Gang de mouettes) minus the
opponent's, and its share of the wins, with 95% intervals; its move CPU time p50/p95/max; in
Gang de mouettes its calls and how often the caller came out lowest; in Gin Rummy points per hand
and games to 100 won are separate runs (``--unit hand`` or ``--unit game``).
Held-out seeds (3701–3799 in issue 37's rounds, 3801 in ``bots.py``) were written down before any
run and never tune anything; tune on seeds 9000 and up.
``--first`` plays a seed's deals in chunks (deals ``first`` to ``first + count - 1``), so a long run
can be cut into bounded pieces whose per-deal results (``--out``) are pooled afterwards.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.measure import percentile  # noqa: E402
from game.arena import DealResult, mean_ci, play_deal, wilson  # noqa: E402


def per_deal(level_first: list[DealResult]) -> tuple[list[float], list[float], list[float], tuple[int, int]]:
    """Per deal: the level's points minus the opponent's (per unit), its win share; move times; calls."""
    diffs, wins, times = [], [], []
    made = won = 0
    for deal in level_first:
        mine = theirs = 0.0
        n_mine = n_theirs = 0
        share = 0.0
        for seating, unit in zip(deal.seatings, deal.units):
            for seat, b in enumerate(seating):
                if b == 0:
                    mine += unit.points[seat]
                    n_mine += 1
                else:
                    theirs += unit.points[seat]
                    n_theirs += 1
            share += sum(1 for w in unit.winners if seating[w] == 0) / max(1, len(unit.winners))
            if unit.caller is not None and seating[unit.caller] == 0:
                made += 1
                won += unit.caller_lowest
        diffs.append(mine / n_mine - theirs / n_theirs)
        wins.append(share / len(deal.units))
        times.extend(deal.move_times.get(0, []))
    return diffs, wins, times, (made, won)


def summary(diffs: list[float], wins: list[float], units: int) -> dict[str, Any]:
    d, dci = mean_ci(diffs)
    w, wci = mean_ci(wins)
    return {"units": units, "deals": len(diffs), "diff": d, "diff_ci": dci, "win": w, "win_ci": wci}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("level")
    parser.add_argument("opponents", help="comma-separated independent players")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--count", type=int, default=100, help="deals per opponent")
    parser.add_argument("--unit", default="hand", choices=("hand", "game", "match"))
    parser.add_argument("--seed", type=int, default=3701)
    parser.add_argument("--first", type=int, default=0,
                        help="first deal index, to play one seed's deals in bounded chunks (--first 50 --count 50)")
    parser.add_argument("--fair-race", action="store_true",
                        help="every quick-discard reaction takes a delay drawn alike for every seat "
                             "(game.arena.FairRaceBot): the race is drawn fairly among the seats that want it")
    parser.add_argument("--out", default=None, help="write the figures as JSON here too")
    args = parser.parse_args(argv)
    rows: dict[str, Any] = {}
    pool_diffs: list[list[float]] = []
    pool_wins: list[list[float]] = []
    all_times: list[float] = []
    deal_rows: dict[str, Any] = {}
    for opp in args.opponents.split(","):
        deals = [play_deal(args.game, (args.level, opp), args.players, args.seed * 100_003 + i, args.unit, {}, True,
                           args.fair_race)
                 for i in range(args.first, args.first + args.count)]
        diffs, wins, times, (made, won) = per_deal(deals)
        all_times.extend(times)
        row = summary(diffs, wins, sum(len(d.units) for d in deals))
        if made:
            row["calls"], row["caller_lowest"] = made, won / made
            row["caller_lowest_ci"] = wilson(won, made)
        rows[opp] = row
        deal_rows[opp] = {"diff": diffs, "win": wins, "units": row["units"]}
        pool_diffs.append(diffs)
        pool_wins.append(wins)
        print(f"{args.level} vs {opp}: {json.dumps(row)}", flush=True)
    if len(pool_diffs) > 1:
        rows["pool"] = summary([statistics.fmean(ds) for ds in zip(*pool_diffs)],
                               [statistics.fmean(ws) for ws in zip(*pool_wins)],
                               sum(r["units"] for r in rows.values()))
        print(f"{args.level} vs pool: {json.dumps(rows['pool'])}")
    timing = {"moves": len(all_times), "p50_ms": percentile(all_times, 0.5) * 1000,
              "p95_ms": percentile(all_times, 0.95) * 1000, "max_ms": max(all_times, default=math.nan) * 1000}
    print(f"{args.level} move CPU time: {json.dumps(timing)}")
    if args.out:
        Path(args.out).write_text(json.dumps({"args": vars(args), "rows": rows, "timing": timing,
                                             "per_deal": deal_rows, "times": all_times}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
