"""Fit what a LaGagne position is worth: the weights of ``game.lagagne.leaf``.

    python benchmarks/research/lagagne_leaf.py label --players 2 --games 20000 --seed 7200 --out leaf2.jsonl
    python benchmarks/research/lagagne_leaf.py fit leaf2.jsonl

``label`` has ``normal`` play itself (``hard``'s rollouts play ``normal`` for every seat, so these
are the games a rollout's leaf stands for) and, before about three turns in ten (drawn from the
seed), records every seat's features (``leaf.features``) with the seat's share of the game's win.
``fit`` fits the logistic model by Newton's method (NumPy, a development requirement) on the games
of the first 80 % of the rows' games, and prints the log loss on the last 20 % beside that of the
even share and of a curve of the lead alone (the leaf ``hard`` used before), then the weights as the
line of ``leaf.WEIGHTS`` to paste.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game import GAMES  # noqa: E402
from game.lagagne import leaf  # noqa: E402
from game.lagagne.bots import best_move  # noqa: E402
from game.lagagne.state import LaGagneState  # noqa: E402

SHARE = 0.3
"""The share of turns before which the position is recorded: neighbouring turns say much the same."""


def label(players: int, games: int, seed: int) -> list[dict[str, object]]:
    """Rows of features and outcomes from ``games`` of ``normal``'s self-play at ``players``."""
    rng = random.Random(seed)
    rows: list[dict[str, object]] = []
    for g in range(games):
        st = GAMES["lagagne"].new_match(players, seed=seed * 100_003 + g)
        assert isinstance(st, LaGagneState)
        seen: list[tuple[int, list[float]]] = []
        while st.phase != "over":
            if st.phase == "play" and rng.random() < SHARE:
                seen += [(p, leaf.features(st, p)) for p in range(players)]
            p = st.current
            st._apply(best_move(st, p, st.legal_moves(p)))
        rows += [{"game": g, "players": players, "x": x, "y": 1.0 / len(st.won) if p in st.won else 0.0}
                 for p, x in seen]
    return rows


def fit(rows: list[dict[str, object]], l2: float = 1e-3, steps: int = 30) -> tuple[list[float], dict[str, float]]:
    """The weights (intercept first) fitted to the first 80 % of the games, and the held-out log
    losses of the even share, of the lead alone and of the model."""
    import numpy as np

    players = int(rows[0]["players"])  # type: ignore[call-overload]
    games = sorted({int(r["game"]) for r in rows})  # type: ignore[call-overload]
    cut = games[int(len(games) * 0.8)]
    x = np.array([r["x"] for r in rows], dtype=float)
    y = np.array([r["y"] for r in rows], dtype=float)
    train = np.array([int(r["game"]) < cut for r in rows])  # type: ignore[call-overload]

    def with_one(a: np.ndarray) -> np.ndarray:
        return np.hstack([np.ones((len(a), 1)), a])

    def newton(a: np.ndarray, b: np.ndarray) -> np.ndarray:
        a = with_one(a)
        w = np.zeros(a.shape[1])
        w[0] = math.log(1.0 / (players - 1))
        for _ in range(steps):
            p = 1.0 / (1.0 + np.exp(-a @ w))
            grad = a.T @ (p - b) + l2 * w
            hess = (a * (p * (1 - p))[:, None]).T @ a + l2 * np.eye(len(w))
            w -= np.linalg.solve(hess, grad)
        return w

    def loss(p: np.ndarray, b: np.ndarray) -> float:
        p = np.clip(p, 1e-9, 1 - 1e-9)
        return float(-np.mean(b * np.log(p) + (1 - b) * np.log(1 - p)))

    w = newton(x[train], y[train])
    lead_w = newton(x[train][:, :1], y[train])
    held_x, held_y = x[~train], y[~train]
    losses = {
        "even share": loss(np.full(len(held_y), 1.0 / players), held_y),
        "lead alone": loss(1.0 / (1.0 + np.exp(-with_one(held_x[:, :1]) @ lead_w)), held_y),
        "the model": loss(1.0 / (1.0 + np.exp(-with_one(held_x) @ w)), held_y),
    }
    return [float(v) for v in w], losses


def main(argv: list[str] | None = None) -> int:
    """``label`` self-play positions to a JSON-lines file, or ``fit`` the weights to such files."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    lab = sub.add_parser("label", help="record self-play positions and their outcomes")
    lab.add_argument("--players", type=int, default=2)
    lab.add_argument("--games", type=int, default=20_000)
    lab.add_argument("--seed", type=int, required=True)
    lab.add_argument("--out", required=True)
    fitting = sub.add_parser("fit", help="fit the leaf's weights to labelled positions")
    fitting.add_argument("files", nargs="+")
    args = parser.parse_args(argv)
    if args.command == "label":
        rows = label(args.players, args.games, args.seed)
        with open(args.out, "w", encoding="utf-8") as out:
            out.writelines(json.dumps(r) + "\n" for r in rows)
        print(f"{len(rows)} positions from {args.games} games at {args.players} players: {args.out}")
        return 0
    rows = [json.loads(line) for f in args.files for line in Path(f).read_text(encoding="utf-8").splitlines()]
    w, losses = fit(rows)
    print(f"{len(rows)} positions at {rows[0]['players']} players; held-out log loss: "
          + ", ".join(f"{k} {v:.4f}" for k, v in losses.items()))
    texts = [f"{round(v, 4) + 0.0:.4f}" for v in w]
    lines = [", ".join(texts[i:i + 12]) for i in range(0, len(texts), 12)]
    print(f"    {rows[0]['players']}: (\n        " + ",\n        ".join(lines) + ",\n    ),")
    return 0


if __name__ == "__main__":
    sys.exit(main())
