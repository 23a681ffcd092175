"""Engine speed through the public contract: random legal play-outs per second, for every game.

    python benchmarks/engine_speed.py [--seconds 3] [--game gin_rummy]

For each registered game (and table size), random legal moves are chosen from ``legal_moves`` and
played with ``apply`` until the first hand or round ends; nothing is bypassed. The figures are
hands (or rounds, or games) per second and moves per second, on one core. Games may add their own
figures (Gin Rummy: deadwood-solver calls per second on fresh random 10-card hands).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import GAMES  # noqa: E402

TABLES = {"gin_rummy": (2,), "gang_de_mouettes": (2, 4, 8), "lagagne": (2, 4, 6)}
UNIT_WORD = {"gin_rummy": "hands", "gang_de_mouettes": "rounds", "lagagne": "games"}


def random_playouts(game_id: str, players: int, seconds: float, seed: int = 1) -> tuple[int, int, float]:
    """Play random first hands until ``seconds`` pass; returns (hands, moves, elapsed)."""
    desc = GAMES[game_id]
    rnd = random.Random(seed)
    hands = moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = desc.new_match(players, seed=rnd.randrange(2**32))
        while not state.history and not state.is_over():
            seat = rnd.choice(state.to_move())
            state.apply(rnd.choice(state.legal_moves(seat)))
            moves += 1
        hands += 1
    return hands, moves, time.perf_counter() - start


def solver_speed(seconds: float, seed: int = 1) -> tuple[int, float]:
    """Gin Rummy deadwood solves on fresh random 10-card hands; returns (solves, elapsed)."""
    from game.gin_rummy.melds import best_melds, card_mask

    rnd = random.Random(seed)
    deck = [r + s for r in "A23456789TJQK" for s in "shdc"]
    hands = [card_mask(rnd.sample(deck, 10)) for _ in range(200_000)]
    solves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for mask in hands[solves:solves + 1000]:
            best_melds(mask)
        solves += 1000
        if solves >= len(hands):
            break
    return solves, time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--game", choices=sorted(GAMES), default=None)
    args = parser.parse_args()
    for game_id in sorted(GAMES):
        if args.game and game_id != args.game:
            continue
        for players in TABLES.get(game_id, (GAMES[game_id].min_players,)):
            hands, moves, elapsed = random_playouts(game_id, players, args.seconds)
            word = UNIT_WORD.get(game_id, "hands")
            print(f"{game_id:<17} {players} players: {hands / elapsed:10.1f} random {word}/s "
                  f"{moves / elapsed:12.0f} moves/s")
        if game_id == "gin_rummy":
            solves, elapsed = solver_speed(args.seconds)
            print(f"{'gin_rummy':<17} deadwood solver: {solves / elapsed:10.0f} solves/s (fresh random 10-card hands)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
