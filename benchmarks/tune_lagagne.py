"""Tune the weights of LaGagne's ``normal`` judgement at one table size (``game.lagagne.bots.weights``)
by arena search.

    python benchmarks/tune_lagagne.py --seed 9001 --deals 200 --rounds 2 --players 4 --out /tmp/tune/w.json

``normal`` plays the independent players (``game.yardsticks``: the pool of three) at ``--players``
(2, the default, tunes the two-player weights; any other size tunes the weights of every table of
three or more), seats swapped on the same deals; the objective is its mean win share. Each
weight in turn is tried at half and at one and a half times its value on the same deals (common
random numbers) and kept when it raises the objective by more than ``--margin``. ``hard`` plays the
same judgement inside its rollouts, so it gains from it too. Use tuning seeds only (9001 and up):
the seeds of the tables in ``docs/bots.md`` are held out.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import game.yardsticks  # noqa: E402,F401  (installs the independent players)
from benchmarks.tuning import Score, coordinate_search  # noqa: E402
from game.arena import play_deal  # noqa: E402
from game.lagagne import bots  # noqa: E402

OPPONENTS = ("lagagne", "lagagne-cautious", "lagagne-aggressive")


def win_share(level: str, players: int, seed: int, deals: int) -> float:
    """``level``'s mean share of the wins against the pool, over ``deals`` deals per opponent."""
    shares = []
    for opp in OPPONENTS:
        for i in range(deals):
            deal = play_deal("lagagne", (level, opp), players, seed * 100_003 + i, "game", {}, False)
            for seating, unit in zip(deal.seatings, deal.units):
                shares.append(sum(1 for w in unit.winners if seating[w] == 0) / max(1, len(unit.winners)))
    return statistics.fmean(shares)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=9001)
    parser.add_argument("--deals", type=int, default=200, help="deals per opponent")
    parser.add_argument("--players", type=int, default=2, choices=range(2, 7))
    parser.add_argument("--rounds", type=int, default=1, help="passes over the weights")
    parser.add_argument("--margin", type=float, default=0.004)
    parser.add_argument("--only", default="", help="comma-separated weights to try (default: all)")
    parser.add_argument("--out", default=None, help="write the weights found as JSON here")
    args = parser.parse_args(argv)
    weights = bots.weights(args.players)
    names = args.only.split(",") if args.only else list(weights)

    def score(seed: int) -> Score:
        share = win_share("normal", args.players, seed, args.deals)
        return share, f"{share:.4f}"

    coordinate_search(weights, names, lambda name, old: (old * 0.5, old * 1.5) if old else (-2.0, 2.0), score,
                      args.seed, args.rounds, args.margin, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
