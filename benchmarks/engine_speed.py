"""Engine speed through the public contract: random legal play-outs per second, for every game.

    python benchmarks/engine_speed.py [--hands 300] [--repeats 5] [--game gin_rummy]
    python benchmarks/engine_speed.py --against REV [--rounds 7] [--hands 100] [--game gin_rummy]

For each registered game (and table size), random legal moves are chosen from ``legal_moves`` and
played with ``apply`` until the first hand or round ends; nothing is bypassed. The work is fixed
(``--hands`` first hands from fixed seeds) and timed ``--repeats`` times; the figures are moves and
hands (or rounds, or games) per second on one core, the median over the repeats by CPU time with
their range, and by wall time. Games may add their own figures (Gin Rummy: deadwood-solver calls
per second on fresh random 10-card hands).

With ``--against REV`` the same play-outs run on the revision ``REV`` (its tree taken out of git
with ``git archive`` into a temporary directory) and on the working tree, alternately, in one
sitting: every round plays each table once in each tree, in a fresh process, the order of the two
trees swapped from one round to the next, so that a busy machine slows both alike. It prints, per
table, each tree's moves per second of CPU (median and range over the rounds) and the ratio of the
working tree to ``REV`` by CPU time and by wall time, round by round (median and range): a ratio
below 1 is a regression, whoever caused it.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.measure import Repeats, repeat  # noqa: E402

TABLES = {"gin_rummy": (2,), "gang_de_mouettes": (2, 4, 8), "lagagne": (2, 4, 6)}
UNIT_WORD = {"gin_rummy": "hands", "gang_de_mouettes": "rounds", "lagagne": "games"}


def random_playouts(game_id: str, players: int, hands: int, seed: int = 1) -> int:
    """Play the first hand of ``hands`` matches from fixed seeds with random legal moves; returns
    the moves played (the same every time)."""
    from game import GAMES

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


def child(tree: str, game_id: str, players: int, hands: int) -> int:
    """One timed run of one table on the engine of ``tree``: prints its moves, CPU and wall seconds
    as one line of JSON (the play-out loop is this file's, whichever tree the engine comes from)."""
    sys.path.insert(0, tree)
    import game

    if Path(game.__file__).resolve().parent.parent != Path(tree).resolve():
        raise SystemExit(f"the engine came from {game.__file__}, not from {tree}")
    random_playouts(game_id, players, 2)  # imports and first-call caches, untimed
    wall, cpu = time.perf_counter(), time.process_time()
    moves = random_playouts(game_id, players, hands)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    print(json.dumps({"moves": moves, "cpu": cpu, "wall": wall}))
    return 0


def run_child(tree: Path, game_id: str, players: int, hands: int) -> dict[str, float]:
    """``child`` in a fresh process (``nice``d: the machine is shared)."""
    out = subprocess.run(
        ["nice", sys.executable, str(Path(__file__).resolve()), "--child", str(tree),
         "--game", game_id, "--players", str(players), "--hands", str(hands)],
        check=True, capture_output=True, text=True, cwd=tree)
    result: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def against(rev: str, game_ids: list[str], rounds: int, hands: int) -> int:
    """The working tree against revision ``rev``, alternately in one sitting (module docstring)."""
    with tempfile.TemporaryDirectory(prefix="engine-speed-") as tmp:
        old = Path(tmp) / "rev"
        old.mkdir()
        found = subprocess.run(["git", "rev-parse", "--verify", "--quiet", "--short", f"{rev}^{{commit}}"],
                               cwd=ROOT, capture_output=True, text=True)
        if found.returncode != 0 or rev.startswith("-"):
            raise SystemExit(f"--against: {rev!r} is not a revision of this repository")
        commit = found.stdout.strip()
        archive = subprocess.run(["git", "archive", "--format=tar", commit], cwd=ROOT, check=True,
                                 capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(old)], input=archive, check=True)
        tables = [(g, p) for g in game_ids for p in TABLES[g]]
        runs: dict[tuple[str, int], dict[str, list[dict[str, float]]]] = {t: {"rev": [], "now": []} for t in tables}
        for r in range(rounds):
            for table in tables:
                for arm in (("rev", "now") if r % 2 == 0 else ("now", "rev")):
                    runs[table][arm].append(run_child(old if arm == "rev" else ROOT, *table, hands))
            print(f"round {r + 1}/{rounds} done", file=sys.stderr, flush=True)
    print(f"Random play-outs, moves per second of CPU: {commit} against the working tree, {rounds} rounds "
          f"alternating, {hands} first hands a run; median (range); ratio = working tree / {commit}, round by round")
    print(f"{'table':<28} {commit:>26} {'working tree':>26}   {'ratio CPU':>20}   {'ratio wall':>20}")
    for (game_id, players), arms in runs.items():
        rates = {arm: [x["moves"] / x["cpu"] for x in xs] for arm, xs in arms.items()}
        walls = {arm: [x["moves"] / x["wall"] for x in xs] for arm, xs in arms.items()}
        cpu_ratio = [n / o for n, o in zip(rates["now"], rates["rev"])]
        wall_ratio = [n / o for n, o in zip(walls["now"], walls["rev"])]

        def rate(values: list[float]) -> str:
            return f"{statistics.median(values):8.0f} ({min(values):.0f}–{max(values):.0f})"

        def ratio(values: list[float]) -> str:
            return f"{statistics.median(values):5.2f} ({min(values):.2f}–{max(values):.2f})"

        moves = {arm: int(xs[0]["moves"]) for arm, xs in arms.items()}
        print(f"{game_id + ', ' + str(players) + ' players':<28} {rate(rates['rev']):>26} {rate(rates['now']):>26}"
              f"   {ratio(cpu_ratio):>20}   {ratio(wall_ratio):>20}")
        if moves["rev"] != moves["now"]:
            print(f"{'':<28} (the rules changed: {moves['rev']} moves a run in {commit}, {moves['now']} now)")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=None,
                        help="first hands played per table and repeat (300; 100 with --against)")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--game", choices=sorted(TABLES), default=None)
    parser.add_argument("--against", metavar="REV", help="compare with this git revision, alternately")
    parser.add_argument("--rounds", type=int, default=7, help="rounds of --against (each tree once a round)")
    parser.add_argument("--child", metavar="TREE", help=argparse.SUPPRESS)
    parser.add_argument("--players", type=int, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        return child(args.child, args.game, args.players, args.hands)
    game_ids = [args.game] if args.game else sorted(TABLES)
    if args.against is not None:
        return against(args.against, game_ids, args.rounds, args.hands or 100)
    from game import GAMES

    args.hands = args.hands or 300
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
