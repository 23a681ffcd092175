"""Tune the weights of Gang de mouettes' ``normal`` policy (``game.gang_de_mouettes.bots.W``) by arena search.

    python benchmarks/research/tune_gang.py --seed 9601 --deals 200 --rounds 2 --out /tmp/tune/gang.json

``normal`` plays the independent players (``game.yardsticks``: the pool of three) at 2 players
(``--deals`` deals per opponent) and 4 players (half as many), seats swapped on the same deals; the
objective is its points per round less the opponents', averaged over the pool and both table sizes
(lower is better); ``--players 4`` tunes for the four-player table alone, and ``--fair-race`` draws
the quick-discard race fairly (``game.arena.FairRaceBot``), as the issue's measurements do. Each
weight in turn is moved down and up by its step on the same deals (common random numbers) and kept
when it lowers the objective by more than ``--margin``. ``hard`` plays the same policy for every
seat inside its rollouts, so it gains from it too. Use tuning seeds only
(9001 and up): the seeds of the tables in ``docs/bots.md`` are held out.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import game.yardsticks  # noqa: E402,F401  (installs the independent players)
from benchmarks.research.tuning import Score, coordinate_search  # noqa: E402
from game.arena import play_deal  # noqa: E402
from game.gang_de_mouettes import bots  # noqa: E402

OPPONENTS = ("gang", "gang-cautious", "gang-aggressive")
STEPS = {"kept": 0.25, "take": 0.5, "take_low": 0.5, "swap_unknown": 0.4, "swap": 0.4, "look": 0.75,
         "spy": 0.5, "steal": 0.75, "scout": 0.75, "trade": 0.5, "call_low": 1.0, "call_p": 0.1,
         "call_p_many": 0.1, "call_ceiling": 5.0, "call_gain": 0.75, "unseen_first": 1.0, "unseen_first_many": 1.0}
"""How far each weight is moved in one trial."""


def points_diff(level: str, players: int, seed: int, deals: int, fair_race: bool = False) -> float:
    """``level``'s points per round less its opponents', averaged over the pool and ``deals`` deals."""
    diffs = []
    for opp in OPPONENTS:
        for i in range(deals):
            deal = play_deal("gang_de_mouettes", (level, opp), players, seed * 100_003 + i, "hand", {}, False,
                              fair_race)
            mine = theirs = 0.0
            n_mine = n_theirs = 0
            for seating, unit in zip(deal.seatings, deal.units):
                for seat, b in enumerate(seating):
                    if b == 0:
                        mine, n_mine = mine + unit.points[seat], n_mine + 1
                    else:
                        theirs, n_theirs = theirs + unit.points[seat], n_theirs + 1
            diffs.append(mine / n_mine - theirs / n_theirs)
    return statistics.fmean(diffs)


def objective(seed: int, deals: int, players: str = "2,4", fair_race: bool = False) -> tuple[float, float, float]:
    """The mean of ``normal``'s points difference at the table sizes asked (``players``: "2", "4"
    or "2,4"), and each of the two (NaN for a size not played)."""
    two = points_diff("normal", 2, seed, deals, fair_race) if "2" in players else math.nan
    four = points_diff("normal", 4, seed + 1, max(1, deals // 2), fair_race) if "4" in players else math.nan
    return statistics.fmean(d for d in (two, four) if not math.isnan(d)), two, four


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=9601)
    parser.add_argument("--deals", type=int, default=200, help="deals per opponent at 2 players")
    parser.add_argument("--rounds", type=int, default=1, help="passes over the weights")
    parser.add_argument("--margin", type=float, default=0.08)
    parser.add_argument("--players", choices=("2", "4", "2,4"), default="2,4", metavar="2|4|2,4",
                        help="table sizes tuned for")
    parser.add_argument("--fair-race", action="store_true", help="draw the quick-discard race fairly")
    parser.add_argument("--start", default="{}", help="JSON weights to start from (default: the module's)")
    parser.add_argument("--only", default="", help="comma-separated weights to try (default: all)")
    parser.add_argument("--out", default=None, help="write the weights found as JSON here")
    args = parser.parse_args(argv)
    bots.W.update(json.loads(args.start))
    names = args.only.split(",") if args.only else list(STEPS)

    def score(seed: int) -> Score:
        mean, two, four = objective(seed, args.deals, args.players, args.fair_race)
        sizes = ", ".join(f"{n} players {d:+.2f}" for n, d in ((2, two), (4, four)) if not math.isnan(d))
        return -mean, f"{mean:+.3f} ({sizes})"

    coordinate_search(bots.W, names, lambda name, old: (old - STEPS[name], old + STEPS[name]), score,
                      args.seed, args.rounds, args.margin, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
