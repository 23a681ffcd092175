"""Gin Rummy's engine against OpenSpiel's C++ one: random play-outs of first hands, alternately.

    python benchmarks/openspiel_gin.py --python /path/to/venv/bin/python [--rounds 7] [--hands 300]

OpenSpiel is not a dependency: ``--python`` names an interpreter that can ``import pyspiel``
(``pip install open_spiel`` into a venv of your own). Each round runs, each in a fresh process and
in an order that swaps from round to round:

- *Tablée*: ``engine_speed.py``'s play-out (random legal moves through ``legal_moves`` and
  ``apply`` until the first hand ends), ``--hands`` hands;
- *OpenSpiel, Python loop*: the same loop over ``pyspiel`` (``legal_actions``, ``apply_action``;
  chance nodes, the deal and the draws, sampled from ``chance_outcomes``);
- *OpenSpiel, C++ loop*: ``pyspiel.evaluate_bots`` with OpenSpiel's uniform random bots, so that
  a whole hand is played in C++ without a call back into Python.

It prints decisions (moves of a player; OpenSpiel's chance outcomes are not counted) and hands
per second of CPU, median and range over the rounds, and Tablée's ratio to each, round by round.
The unit that compares fairly is the hand: both engines play one first hand per play-out, though
OpenSpiel splits a knock into one decision per meld and lay-off where Tablée plays one move.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

OPENSPIEL = r"""
import json, random, sys, time
import pyspiel
game = pyspiel.load_game("gin_rummy")
hands, cpp = int(sys.argv[1]), sys.argv[2] == "cpp"
rnd = random.Random(1)
def python_loop(count):
    decisions = 0
    for _ in range(count):
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(rnd.choice(s.chance_outcomes())[0])
            else:
                s.apply_action(rnd.choice(s.legal_actions()))
                decisions += 1
    return decisions
def cpp_loop(count):
    bots = [pyspiel.make_uniform_random_bot(p, 1000 + p) for p in range(2)]
    for i in range(count):
        pyspiel.evaluate_bots(game.new_initial_state(), bots, 7 + i)
    return None
python_loop(2)
wall, cpu = time.perf_counter(), time.process_time()
decisions = (cpp_loop if cpp else python_loop)(hands)
cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
print(json.dumps({"hands": hands, "decisions": decisions, "cpu": cpu, "wall": wall}))
"""

TABLEE = r"""
import json, sys, time
sys.path.insert(0, sys.argv[2])
from benchmarks.engine_speed import random_playouts
hands = int(sys.argv[1])
random_playouts("gin_rummy", 2, 2)
wall, cpu = time.perf_counter(), time.process_time()
moves = random_playouts("gin_rummy", 2, hands)
cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
print(json.dumps({"hands": hands, "decisions": moves, "cpu": cpu, "wall": wall}))
"""


def run(python: str, code: str, *args: str) -> dict[str, float]:
    out = subprocess.run(["nice", python, "-c", code, *args], check=True, capture_output=True, text=True)
    result: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--python", required=True, help="an interpreter that can import pyspiel")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--hands", type=int, default=300)
    args = parser.parse_args(argv)
    arms = {
        "tablee": lambda: run(sys.executable, TABLEE, str(args.hands), str(ROOT)),
        "openspiel_python": lambda: run(args.python, OPENSPIEL, str(args.hands), "python"),
        "openspiel_cpp": lambda: run(args.python, OPENSPIEL, str(args.hands), "cpp"),
    }
    per_hand = run(args.python, OPENSPIEL, "200", "python")
    decisions_a_hand = per_hand["decisions"] / per_hand["hands"]
    runs: dict[str, list[dict[str, float]]] = {arm: [] for arm in arms}
    for r in range(args.rounds):
        for arm in (list(arms) if r % 2 == 0 else list(arms)[::-1]):
            runs[arm].append(arms[arm]())
        print(f"round {r + 1}/{args.rounds} done", file=sys.stderr, flush=True)
    for xs in runs["openspiel_cpp"]:  # counted in the Python loop: the C++ bots play alike (uniformly at random)
        xs["decisions"] = xs["hands"] * decisions_a_hand

    def rates(arm: str, unit: str) -> list[float]:
        return [x[unit] / x["cpu"] for x in runs[arm]]

    def show(values: list[float], digits: int = 0) -> str:
        return f"{statistics.median(values):.{digits}f} ({min(values):.{digits}f}–{max(values):.{digits}f})"

    print(f"Gin Rummy, random first hands, per second of CPU; median (range) over {args.rounds} rounds "
          f"of {args.hands} hands; OpenSpiel plays {decisions_a_hand:.1f} decisions a hand")
    for arm in arms:
        print(f"  {arm:<18} decisions {show(rates(arm, 'decisions')):>26}   hands {show(rates(arm, 'hands')):>20}")
    for other in ("openspiel_python", "openspiel_cpp"):
        by_hand = [t / o for t, o in zip(rates("tablee", "hands"), rates(other, "hands"))]
        by_move = [t / o for t, o in zip(rates("tablee", "decisions"), rates(other, "decisions"))]
        print(f"  Tablée / {other:<17} hands {show(by_hand, 2)}, decisions {show(by_move, 2)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
