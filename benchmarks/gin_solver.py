"""Gin Rummy speed figures: the deadwood solver, random hands through the contract, bot move times.

    python benchmarks/gin_solver.py [--repeats 5] [--bot-hands 100]

Prints solves per second on fresh random 10-card hands (``best_melds``) and on 11-card hands
(``deadwood_after_discards``: every discard at once), random hands per second played through the
public contract (``legal_moves`` + ``apply``, nothing bypassed), each a fixed piece of work timed
``--repeats`` times (the median by CPU time with its range, and by wall time); and each bot level's
move time (median, 95th percentile and max, by CPU time of the thread that chose) in bot-versus-bot
hands.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.measure import Repeats, repeat  # noqa: E402
from game import GAMES  # noqa: E402
from game.gin_rummy import melds  # noqa: E402

DECK = [r + s for r in "A23456789TJQK" for s in "shdc"]


def solver_work(size: int, count: int, seed: int) -> Callable[[], int]:
    """Solves of ``count`` fresh random hands of ``size`` cards (memo cleared each time)."""
    rnd = random.Random(seed)
    hands = [melds.card_mask(rnd.sample(DECK, size)) for _ in range(count)]
    solve = melds.best_melds if size == 10 else melds.deadwood_after_discards

    def work() -> int:
        melds.clear_memo()
        for mask in hands:
            solve(mask)
        return count
    return work


def random_hands(hands: int, seed: int) -> int:
    """Random first hands of ``hands`` matches through the contract; returns the moves played."""
    desc = GAMES["gin_rummy"]
    rnd = random.Random(seed)
    moves = 0
    for _ in range(hands):
        state = desc.new_match(2, seed=rnd.randrange(2**32))
        while not state.history:
            seat = rnd.choice(state.to_move())
            state.apply(rnd.choice(state.legal_moves(seat)))
            moves += 1
    return moves


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
            t0 = time.thread_time()
            move = bots[seat].choose(view, legal)
            if seat == 0:
                times.append((time.thread_time() - t0) * 1000)
            state.apply(move)
    times.sort()
    return times[len(times) // 2], times[int(len(times) * 0.95)], times[-1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--bot-hands", type=int, default=100)
    args = parser.parse_args()
    print(f"solver, fresh random 10-card hands:  solves {repeat(solver_work(10, 50_000, 1), args.repeats).rate()}")
    print(f"solver, 11-card hands, all discards: solves {repeat(solver_work(11, 20_000, 2), args.repeats).rate()}")
    hands = 300
    moves = repeat(lambda: random_hands(hands, 3), args.repeats)
    print(f"random hands through the contract:   moves  {moves.rate()}")
    print(f"{'':<37}hands  {Repeats(hands, moves.wall, moves.cpu).rate()}")
    for level in ("easy", "normal", "hard"):
        p50, p95, worst = bot_times(level, args.bot_hands, 4)
        print(f"bot {level:<6} move time (CPU): p50 {p50:7.2f} ms  p95 {p95:7.2f} ms  max {worst:7.2f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
