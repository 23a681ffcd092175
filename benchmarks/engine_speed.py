"""Engine speed through the public contract: random legal play-outs per second, for every game.

    python benchmarks/engine_speed.py [--hands 300] [--repeats 5] [--game gin_rummy]

For each registered game (and table size), random legal moves are chosen from ``legal_moves`` and
played with ``apply`` until the first hand or round ends; nothing is bypassed. The work is fixed
(``--hands`` first hands from fixed seeds) and timed ``--repeats`` times; the figures are moves and
hands (or rounds, or games) per second on one core, the median over the repeats by CPU time with
their range, and by wall time. Games may add their own figures (Gin Rummy: deadwood-solver calls
per second on fresh random 10-card hands).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.measure import Repeats, repeat  # noqa: E402
from game import GAMES  # noqa: E402

TABLES = {"gin_rummy": (2,), "gang_de_mouettes": (2, 4, 8), "lagagne": (2, 4, 6)}
UNIT_WORD = {"gin_rummy": "hands", "gang_de_mouettes": "rounds", "lagagne": "games"}


def random_playouts(game_id: str, players: int, hands: int, seed: int = 1) -> int:
    """Play the first hand of ``hands`` matches from fixed seeds with random legal moves; returns
    the moves played (the same every time)."""
    desc = GAMES[game_id]
    rnd = random.Random(seed)
    moves = 0
    for _ in range(hands):
        state = desc.new_match(players, seed=rnd.randrange(2**32))
        while not state.history and not state.is_over():
            seat = rnd.choice(state.to_move())
            state.apply(rnd.choice(state.legal_moves(seat)))
            moves += 1
    return moves


def solver_work(count: int, seed: int = 1) -> Callable[[], int]:
    """Gin Rummy deadwood solves on ``count`` fresh random 10-card hands (memo cleared each time)."""
    from game.gin_rummy.melds import best_melds, card_mask, clear_memo

    rnd = random.Random(seed)
    deck = [r + s for r in "A23456789TJQK" for s in "shdc"]
    hands = [card_mask(rnd.sample(deck, 10)) for _ in range(count)]

    def work() -> int:
        clear_memo()
        for mask in hands:
            best_melds(mask)
        return count
    return work


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=300, help="first hands played per table and repeat")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--game", choices=sorted(GAMES), default=None)
    args = parser.parse_args()
    for game_id in sorted(GAMES):
        if args.game and game_id != args.game:
            continue
        for players in TABLES.get(game_id, (GAMES[game_id].min_players,)):
            timing = repeat(lambda: random_playouts(game_id, players, args.hands), args.repeats)  # noqa: B023
            word = UNIT_WORD.get(game_id, "hands")
            hands = Repeats(args.hands, timing.wall, timing.cpu)
            print(f"{game_id:<17} {players} players: moves {timing.rate()}")
            print(f"{'':<17}            {word:<5} {hands.rate()}")
        if game_id == "gin_rummy":
            print(f"{'gin_rummy':<17} deadwood solver, fresh random 10-card hands: solves "
                  f"{repeat(solver_work(50_000), args.repeats).rate()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
