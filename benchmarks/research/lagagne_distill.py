"""Fit ``normal``'s LaGagne weights to what rollouts say each move is worth (one step of policy
iteration, the learned-policy design of ``docs/bots.md``).

    python benchmarks/research/lagagne_distill.py label SEED FIRST COUNT PLAYERS OUT.jsonl [--dets 120]
        [--reach hard|game] [--spread S]
    python benchmarks/research/lagagne_distill.py fit DATA.jsonl [DATA.jsonl ...] [--holdout 0.3] [--out W.json]

``label`` plays deals ``FIRST`` to ``FIRST + COUNT - 1`` of ``SEED`` (as ``python -m game.arena``
draws them) with ``normal`` against each independent player of the pool, seats swapped, and at
every decision of ``normal``'s seat with a choice values every legal move by rollouts: ``--dets``
guessed deals from the seat's view, the same for every move, each played on with ``normal``'s
judgement for every seat as far as ``hard``'s rollouts reach and valued as ``hard`` values them
(the share of the win, or ``win_chance`` of the lead). ``--reach game`` plays every rollout to the
game's end; ``--spread S`` has the other seats play ``normal``'s judgement with every weight scaled
by a random log-normal factor of spread ``S``, a style drawn per seat and decision. It writes one
JSON line per decision: the seat's view, the legal moves, ``normal``'s choice, and the moves'
values with the standard errors of their differences from the first move.

``fit`` reads each decision's features from its view: the change of ``normal``'s ``move_value``
when each of the table's weights (``bots.weights``) grows by one point (the judgement is linear in
most of its weights, so weights ``W + d`` score a move about ``value + d . features``). It splits
the decisions into a fitting and a held-out part (by deal), then moves the weights to raise the
rollout value of the move ``normal`` would choose: it maximises the mean value of a soft choice (a
softmax of the scores at a temperature) with a penalty on relative change, by gradient steps. It
prints, on both parts, how much rollout value ``normal``'s choices gain per decision over today's
weights (paired, with a 95% interval) and writes the weights of the data's table size; when the
data mix sizes, ``--players`` names the table whose weights it writes (each decision still counts
from its own table's weights). Use tuning seeds only (9601 and up): the seeds of the tables in
``docs/bots.md`` are held out.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import game.yardsticks  # noqa: E402,F401  (installs the independent players)
from game.arena import play_deal  # noqa: E402
from game.core import Move, Rng  # noqa: E402
from game.lagagne import bots  # noqa: E402
from game.lagagne.state import LaGagneState  # noqa: E402

POOL = ("lagagne", "lagagne-cautious", "lagagne-aggressive")
KEYS = list(bots.W_TWO)


def features(st: LaGagneState, seat: int, legal: list[Move]) -> tuple[list[float], list[list[float]]]:
    """``normal``'s value of each move and its change per point of each weight."""
    scores = st.scores
    own = bots.weights(st.n)
    base = [bots.move_value(st, seat, m, scores, own) for m in legal]
    rows: list[list[float]] = [[] for _ in legal]
    for key in KEYS:
        grown = dict(own)
        grown[key] += 1.0
        for i, m in enumerate(legal):
            rows[i].append(round(bots.move_value(st, seat, m, scores, grown) - base[i], 6))
    return base, rows


GAME_REACH = 10_000
"""Turns enough for any rollout to play its game to the end (``--reach game``)."""


def styled(seat: int, spread: float, rng: random.Random) -> bots.Policy:
    """A rollout policy in which ``seat`` plays ``normal`` and every other seat ``normal``'s
    judgement with each weight scaled by its own random factor (log-normal, ``spread``), one
    style per seat: values learnt against players unlike ``normal`` as well as like it."""
    styles: dict[int, dict[str, float]] = {}

    def policy(st: LaGagneState, p: int, legal: list[Move]) -> Move:
        if p == seat:
            return bots.best_move(st, p, legal)
        if p not in styles:
            styles[p] = {k: v * math.exp(rng.gauss(0.0, spread)) for k, v in bots.weights(st.n).items()}
        return bots.best_move(st, p, legal, styles[p])

    return policy


def values(view: dict[str, Any], legal: list[Move], dets: int, rng: random.Random, reach: str = "hard",
           spread: float = 0.0) -> tuple[list[float], list[float]]:
    """Each move's mean rollout value and the standard error of its difference from move 0:
    rollouts as far as ``hard``'s reach (or to the game's end), every seat playing ``normal``
    (or, with a ``spread``, the other seats in styles drawn for this decision)."""
    _, depth = bots.rollout_reach(view)
    if reach == "game":
        depth = GAME_REACH
    policy = styled(view["seat"], spread, rng) if spread > 0 else bots.best_move
    outs = [list(o) for o in zip(*bots.rollout_outcomes(view, legal, dets, depth, rng, policy))]
    means = [statistics.fmean(o) for o in outs]
    ses = []
    for o in outs:
        d = [a - b for a, b in zip(o, outs[0])]
        ses.append(statistics.stdev(d) / math.sqrt(dets) if dets > 1 else 0.0)
    return means, ses


def label(seed: int, first: int, count: int, players: int, out: Path, dets: int, reach: str = "hard",
          spread: float = 0.0) -> None:
    """Play the deals and write one labelled line per decision of ``normal``'s seat."""
    choose = bots.NormalBot.choose
    rng = random.Random(seed * 7 + first)
    deal_no = [0]

    def watched(bot: bots.NormalBot, view: dict[str, Any], legal: list[Move]) -> Move:
        move = choose(bot, view, legal)
        if len(legal) > 1:
            means, ses = values(view, legal, dets, rng, reach, spread)
            fh.write(json.dumps({"deal": deal_no[0], "players": players, "chosen": legal.index(move),
                                 "q": means, "se": ses,
                                 "actions": [m.action for m in legal], "view": view}) + "\n")
            fh.flush()
        return move

    setattr(bots.NormalBot, "choose", watched)  # noqa: B010  (the class every deal builds)
    try:
        with out.open("w") as fh:
            for opponent in POOL:
                for i in range(first, first + count):
                    deal_no[0] = i
                    play_deal("lagagne", ("normal", opponent), players, seed * 100_003 + i, "game", {}, False)
    finally:
        setattr(bots.NormalBot, "choose", choose)  # noqa: B010


def _choice(row: dict[str, Any], d: list[float]) -> int:
    scores = [b + sum(x * y for x, y in zip(f, d)) for b, f in zip(row["base"], row["features"])]
    return max(range(len(scores)), key=lambda i: (scores[i], -i))


def gain(rows: list[dict[str, Any]], d: list[float]) -> tuple[float, float, int]:
    """Mean rollout value gained per decision by the weights ``W + d`` over today's, its standard
    error, and how many choices changed."""
    zero = [0.0] * len(d)
    diffs = []
    for r in rows:
        a, b = _choice(r, d), _choice(r, zero)
        diffs.append(r["q"][a] - r["q"][b])
    changed = sum(1 for x in diffs if x != 0)
    return statistics.fmean(diffs), statistics.stdev(diffs) / math.sqrt(len(diffs)), changed


def fit(rows: list[dict[str, Any]], names: list[str], temp: float, penalty: float, steps: int,
        rate: float, players: int = 2) -> list[float]:
    """Weight changes that raise the mean rollout value of a soft choice (Adam steps), each
    on the scale of its value among the weights of a table of ``players``."""
    start = bots.weights(players)
    scale = [max(1.0, abs(start[k])) for k in names]
    d = [0.0] * len(names)
    m1 = [0.0] * len(names)
    m2 = [0.0] * len(names)
    for t in range(1, steps + 1):
        grad = [0.0] * len(names)
        for r in rows:
            z = [(b + sum(x * y for x, y in zip(f, d))) / temp for b, f in zip(r["base"], r["features"])]
            top = max(z)
            p = [math.exp(v - top) for v in z]
            total = sum(p)
            p = [v / total for v in p]
            qbar = sum(pi * q for pi, q in zip(p, r["q"]))
            for pi, q, f in zip(p, r["q"], r["features"]):
                w = pi * (q - qbar) / temp
                if w:
                    for k, x in enumerate(f):
                        if x:
                            grad[k] += w * x
        for k in range(len(names)):
            g = grad[k] / len(rows) - penalty * 2 * d[k] / scale[k] ** 2
            m1[k] = 0.9 * m1[k] + 0.1 * g
            m2[k] = 0.999 * m2[k] + 0.001 * g * g
            step = rate * scale[k] * (m1[k] / (1 - 0.9 ** t)) / (math.sqrt(m2[k] / (1 - 0.999 ** t)) + 1e-9)
            d[k] += step
    return d


def main(argv: list[str]) -> int:
    """Label decisions, or fit weights to labelled decisions."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="cmd", required=True)
    lab = sub.add_parser("label")
    lab.add_argument("seed", type=int)
    lab.add_argument("first", type=int)
    lab.add_argument("count", type=int)
    lab.add_argument("players", type=int)
    lab.add_argument("out", type=Path)
    lab.add_argument("--dets", type=int, default=120)
    lab.add_argument("--reach", choices=("hard", "game"), default="hard")
    lab.add_argument("--spread", type=float, default=0.0)
    fitp = sub.add_parser("fit")
    fitp.add_argument("data", type=Path, nargs="+")
    fitp.add_argument("--holdout", type=float, default=0.3)
    fitp.add_argument("--temp", type=float, default=3.0)
    fitp.add_argument("--penalty", type=float, default=0.001)
    fitp.add_argument("--steps", type=int, default=150)
    fitp.add_argument("--rate", type=float, default=0.02)
    fitp.add_argument("--players", type=int)
    fitp.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    if args.cmd == "label":
        label(args.seed, args.first, args.count, args.players, args.out, args.dets, args.reach, args.spread)
        return 0
    rows = [json.loads(line) for path in args.data for line in path.read_text().splitlines() if line]
    sizes = {r["players"] for r in rows}
    players = args.players if args.players is not None else min(sizes, default=2)
    if args.players is None and len(sizes) > 1:
        parser.error(f"the data mix table sizes {sorted(sizes)}: say which table's weights to fit with --players")
    for r in rows:
        view = r["view"]
        legal = [Move(a, view["seat"]) for a in r["actions"]]
        r["base"], r["features"] = features(LaGagneState.determinise(view, Rng(0)), view["seat"], legal)
    deals = sorted({(r["players"], r["deal"]) for r in rows})
    random.Random(1).shuffle(deals)
    held = set(deals[: int(len(deals) * args.holdout)])
    train = [r for r in rows if (r["players"], r["deal"]) not in held]
    test = [r for r in rows if (r["players"], r["deal"]) in held]
    d = fit(train, KEYS, args.temp, args.penalty, args.steps, args.rate, players)
    for label_, part in (("fitting", train), ("held out", test)):
        if len(part) < 2:
            continue
        mean, se, changed = gain(part, d)
        ceiling = statistics.fmean(max(r["q"]) - r["q"][_choice(r, [0.0] * len(d))] for r in part)
        print(f"{label_}: {len(part)} decisions, {changed} choices changed, "
              f"gain per decision {mean:+.5f} ± {1.96 * se:.5f} (the best move by the rollouts: {ceiling:+.5f})")
    start = bots.weights(players)
    weights = {k: round(start[k] + x, 3) for k, x in zip(KEYS, d)}
    for k in KEYS:
        if abs(weights[k] - start[k]) > 1e-3:
            print(f"  {k}: {start[k]} -> {weights[k]}")
    if args.out is not None:
        args.out.write_text(json.dumps(weights, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
