"""Fit how a lead turns into wins at LaGagne: the slope behind ``game.lagagne.bots.win_chance``.

    python benchmarks/lagagne_lead.py --players 2 --games 1500 --seed 5000

``normal`` plays itself for ``--games`` games. Before each of its turns every seat records its lead
over the best opponent, and after the game whether it won (its share of a shared win). The slope
of ``win_chance``'s curve, ``1 / (1 + (players - 1) * exp(-slope * lead))`` (even shares at a lead
of nothing), is fitted by maximum likelihood, and the observed win rate is printed beside the
fitted one for leads in steps of 25 points, so the curve's fit can be read at a glance.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game import GAMES  # noqa: E402
from game.lagagne.bots import best_move, lead_over_best, win_chance  # noqa: E402
from game.lagagne.state import LaGagneState  # noqa: E402


def positions(players: int, games: int, seed: int) -> list[tuple[int, float]]:
    """``(lead, share of the win)`` before every turn of ``normal``'s self-play games."""
    rows: list[tuple[int, float]] = []
    for g in range(games):
        st = GAMES["lagagne"].new_match(players, seed=seed + g)
        assert isinstance(st, LaGagneState)
        leads: list[tuple[int, int]] = []
        while st.phase != "over":
            p = st.current
            if st.phase != "give":
                leads.append((p, lead_over_best(st.scores, p)))
            st._apply(best_move(st, p, st.legal_moves(p)))
        rows += [(lead, 1.0 / len(st.won) if p in st.won else 0.0) for p, lead in leads]
    return rows


def log_loss(rows: list[tuple[int, float]], players: int, slope: float) -> float:
    """Mean negative log-likelihood of the outcomes under the curve with ``slope``."""
    total = 0.0
    for lead, won in rows:
        p = min(1 - 1e-9, max(1e-9, win_chance(players, lead, slope)))
        total -= won * math.log(p) + (1 - won) * math.log(1 - p)
    return total / len(rows)


def fit(rows: list[tuple[int, float]], players: int) -> float:
    """The slope of least log loss, by golden-section search over 0 to 0.1 (the loss is convex)."""
    lo, hi = 0.0, 0.1
    ratio = (5 ** 0.5 - 1) / 2
    for _ in range(40):
        a, b = hi - ratio * (hi - lo), lo + ratio * (hi - lo)
        if log_loss(rows, players, a) < log_loss(rows, players, b):
            hi = b
        else:
            lo = a
    return (lo + hi) / 2


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=5000)
    args = parser.parse_args(argv)
    rows = positions(args.players, args.games, args.seed)
    slope = fit(rows, args.players)
    print(f"{len(rows)} positions from {args.games} games at {args.players} players: slope {slope:.4f}")
    print("lead      positions  observed  fitted")
    for low in range(-150, 150, 25):
        bucket = [(lead, won) for lead, won in rows if low <= lead < low + 25]
        if bucket:
            seen = sum(won for _, won in bucket) / len(bucket)
            fitted = sum(win_chance(args.players, lead, slope) for lead, _ in bucket) / len(bucket)
            print(f"{low:+4d}..{low + 24:+4d} {len(bucket):10d}  {seen:8.3f}  {fitted:6.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
