"""Undo cost against match length: a move taken back by snapshot (now) and by replay (before).

    python benchmarks/undo.py [--lengths 10,100,800,2000] [--undos 30] [--repeats 5] [--game gin_rummy]

For each game and table, a match is played with random legal moves (fixed seeds, long targets so
that it lasts) to each length. Then ``--undos`` moves are taken back one by one, timed one at a
time, by wall clock and CPU time:

- *snapshot*: ``GameState.undo()`` as it is now (``game.core.undo``);
- *replay*: what ``undo`` did before: a new match from the seed and every move but the last
  played again (the match rebuilt without undo snapshots, as the old code did).

Each figure is the median of all the timed undos over ``--repeats`` repeats with the 2.5–97.5 %
range of those undos (a 95 % interval of one undo's cost on this machine, noise included).

It also prints what keeping snapshots costs: the time to play the match's moves with and without
them, and the memory of the undo stack of the longest match (traced by ``tracemalloc``: the bytes
freed when the stack is dropped).
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.measure import percentile  # noqa: E402
from game import GAMES  # noqa: E402
from game.core.state import GameState  # noqa: E402

TABLES = {"gin_rummy": (2,), "gang_de_mouettes": (4, 8), "lagagne": (4,)}
LONG = {"gin_rummy": {"match_target": 9999, "game_target": 9999},
        "gang_de_mouettes": {"match_end": 9999}, "lagagne": {"target": 9999, "max_rounds": 9999}}
"""Options under which random play lasts well beyond 2,000 moves."""


def play(game_id: str, players: int, moves: int, seed: int, undoable: bool = True) -> GameState:
    """A match of ``moves`` random legal moves from ``seed`` (with or without undo snapshots)."""
    desc = GAMES[game_id]
    state = desc.new_match(players, desc.Options(**LONG[game_id]), seed=seed)
    if undoable:
        state.keep_undo()  # as the table's state does
    rnd = random.Random(seed)
    while len(state.log) < moves:
        if state.is_over():
            raise SystemExit(f"{game_id}: the match of seed {seed} ended after {len(state.log)} moves")
        seat = rnd.choice(state.to_move())
        state.apply(rnd.choice(state.legal_moves(seat)))
    return state


def undo_by_replay(state: GameState) -> None:
    """The undo of before this change: the match replayed from its seed without its last move."""
    other = type(state).new(state.players, state.names, state.options, state.seed, state.deck)
    for text in state.log[:-1]:
        other.apply(text)
    state.__dict__.clear()
    state.__dict__.update(other.__dict__)


def time_undos(state: GameState, undos: int, by_replay: bool) -> tuple[list[float], list[float]]:
    """Wall and CPU milliseconds of each of ``undos`` undos in a row."""
    wall, cpu = [], []
    for _ in range(undos):
        w, c = time.perf_counter(), time.process_time()
        if by_replay:
            undo_by_replay(state)
        else:
            state.undo()
        cpu.append((time.process_time() - c) * 1000)
        wall.append((time.perf_counter() - w) * 1000)
    return wall, cpu


def interval(values: list[float]) -> str:
    return (f"{statistics.median(values):7.3f} ms "
            f"[{percentile(values, 0.025):.3f}–{percentile(values, 0.975):.3f}]")


def stack_bytes(state: GameState) -> int:
    """Bytes held by the undo stack of ``state`` (traced allocations freed when it is dropped)."""
    gc.collect()
    before = tracemalloc.get_traced_memory()[0]
    stack: Any = state._undo
    state._undo = []
    del stack
    gc.collect()
    return before - tracemalloc.get_traced_memory()[0]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lengths", default="10,100,800,2000")
    parser.add_argument("--undos", type=int, default=30)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--game", choices=sorted(TABLES), default=None)
    args = parser.parse_args(argv)
    lengths = [int(n) for n in args.lengths.split(",")]
    for game_id in [args.game] if args.game else sorted(TABLES):
        for players in TABLES[game_id]:
            print(f"{game_id}, {players} players: one undo, median [95 % of undos], wall | CPU")
            for length in lengths:
                undos = min(args.undos, length)
                rows: dict[str, tuple[list[float], list[float]]] = {"snapshot": ([], []), "replay": ([], [])}
                for repeat in range(args.repeats):
                    for kind in rows:
                        state = play(game_id, players, length, seed=repeat + 1)
                        wall, cpu = time_undos(state, undos, kind == "replay")
                        rows[kind][0].extend(wall)
                        rows[kind][1].extend(cpu)
                for kind, (wall, cpu) in rows.items():
                    print(f"  {length:5d} moves  {kind:8s} {interval(wall)} | {interval(cpu)}")
            longest = max(lengths)
            costs = {}
            for undoable in (False, True):
                cpu = []
                for repeat in range(args.repeats):
                    c = time.process_time()
                    play(game_id, players, longest, seed=repeat + 1, undoable=undoable)
                    cpu.append(time.process_time() - c)
                costs[undoable] = statistics.median(cpu) / longest * 1e6
            tracemalloc.start()
            state = play(game_id, players, longest, seed=1)
            held = stack_bytes(state)
            tracemalloc.stop()
            print(f"  playing a move: {costs[False]:.1f} µs CPU without snapshots, {costs[True]:.1f} µs with; "
                  f"undo stack of {longest} moves: {held / 1024:.0f} KiB ({held / longest:.0f} bytes a move)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
