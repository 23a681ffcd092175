"""Gin Rummy speed figures: the deadwood solver, random hands through the contract, bot move times.

    python benchmarks/gin_solver.py [--seconds 3]

Prints solves per second on fresh random 10-card hands (``best_melds``) and on 11-card hands
(``deadwood_after_discards``: every discard at once), random hands per second played through the
public contract (``legal_moves`` + ``apply``, nothing bypassed), and each bot level's move time
(median and 95th percentile) in bot-versus-bot hands.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import GAMES
from game.gin_rummy import melds

DECK = [r + s for r in "A23456789TJQK" for s in "shdc"]


def solver_rate(size: int, count: int, seed: int) -> float:
    """Solves per second on ``count`` fresh random hands of ``size`` cards (memo cleared first)."""
    rnd = random.Random(seed)
    hands = [melds.card_mask(rnd.sample(DECK, size)) for _ in range(count)]
    melds.clear_memo()
    solve = melds.best_melds if size == 10 else melds.deadwood_after_discards
    start = time.perf_counter()
    for mask in hands:
        solve(mask)
    return count / (time.perf_counter() - start)


def random_hands(seconds: float, seed: int) -> tuple[float, float]:
    """Random first hands through the contract: (hands/s, moves/s)."""
    desc = GAMES["gin_rummy"]
    rnd = random.Random(seed)
    hands = moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = desc.new_match(2, seed=rnd.randrange(2**32))
        while not state.history:
            seat = rnd.choice(state.to_move())
            state.apply(rnd.choice(state.legal_moves(seat)))
            moves += 1
        hands += 1
    elapsed = time.perf_counter() - start
    return hands / elapsed, moves / elapsed


def bot_times(level: str, hands: int, seed: int) -> tuple[float, float, float]:
    """Move times in ms of ``level`` playing against normal: (p50, p95, max)."""
    desc = GAMES["gin_rummy"]
    times: list[float] = []
    for h in range(hands):
        state = desc.new_match(2, seed=seed + h)
        bots = {0: desc.make_bot(level, h), 1: desc.make_bot("normal", h)}
        while not state.history:
            seat = state.to_move()[0]
            view, legal = state.view(seat), state.legal_moves(seat)
            t0 = time.perf_counter()
            move = bots[seat].choose(view, legal)
            if seat == 0:
                times.append((time.perf_counter() - t0) * 1000)
            state.apply(move)
    times.sort()
    return times[len(times) // 2], times[int(len(times) * 0.95)], times[-1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--bot-hands", type=int, default=100)
    args = parser.parse_args()
    print(f"solver, fresh random 10-card hands: {solver_rate(10, 100_000, 1):10.0f} solves/s")
    print(f"solver, 11-card hands, all discards: {solver_rate(11, 50_000, 2):10.0f} solves/s")
    hands, moves = random_hands(args.seconds, 3)
    print(f"random hands through the contract:  {hands:10.1f} hands/s {moves:10.0f} moves/s")
    for level in ("easy", "normal", "hard"):
        p50, p95, worst = bot_times(level, args.bot_hands, 4)
        print(f"bot {level:<6} move time: p50 {p50:7.2f} ms  p95 {p95:7.2f} ms  max {worst:7.2f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
