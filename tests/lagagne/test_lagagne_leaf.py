"""The LaGagne leaf: what a position reached by ``hard``'s rollouts is worth to a seat."""

from __future__ import annotations

import json
import math
from pathlib import Path

from game import GAMES
from game.lagagne import leaf
from game.lagagne.bots import best_move
from game.lagagne.state import LaGagneState
from tests.scripts import load_script


def _self_play(players: int, seed: int, every: int = 5) -> list[tuple[LaGagneState, int, float]]:
    """Positions of one game of ``normal`` against itself (every ``every``-th turn, each seat), with
    each seat's share of the win."""
    st = GAMES["lagagne"].new_match(players, seed=seed)
    assert isinstance(st, LaGagneState)
    seen: list[tuple[LaGagneState, int]] = []
    while st.phase != "over":
        if st.phase == "play" and st.turns % every == 0:
            seen += [(st.clone(), p) for p in range(players)]
        p = st.current
        st._apply(best_move(st, p, st.legal_moves(p)))
    return [(pos, p, 1.0 / len(st.won) if p in st.won else 0.0) for pos, p in seen]


def test_every_table_size_has_weights_for_every_feature_and_finite_features() -> None:
    for players in range(2, 7):
        assert len(leaf.WEIGHTS[players]) == len(leaf.FEATURES) + 1
        for st, seat, _ in _self_play(players, 40 + players):
            f = leaf.features(st, seat)
            assert len(f) == len(leaf.FEATURES) and all(math.isfinite(x) for x in f)
            assert 0.0 < leaf.win_chance(st, seat) < 1.0


def test_the_chance_rises_with_the_seats_points_and_falls_with_the_best_opponents() -> None:
    """Twenty more points in a column of the seat raise its chance; twenty more for the opponent
    lower it, whatever else the position holds."""
    checked = 0
    for st, seat, _ in _self_play(2, 7, every=3):
        for who, sign in ((seat, 1), (1 - seat, -1)):
            open_columns = [i for i in range(4) if st.sym[who][i]]
            if not open_columns:
                continue
            richer = st.clone()
            richer.pts[who][open_columns[0]] = [*richer.pts[who][open_columns[0]], "J20"]
            richer._sc = None
            assert sign * (leaf.win_chance(richer, seat) - leaf.win_chance(st, seat)) > 0
            checked += 1
    assert checked > 20


def test_the_weights_tell_who_wins_on_games_they_were_not_fitted_to() -> None:
    """On fresh self-play games the leaf's log loss is far below the even share's: it reads the
    table, not only the lead (at four players the lead alone told little more than the even share)."""
    for players, margin in ((2, 0.08), (4, 0.03)):
        rows = [r for g in range(40) for r in _self_play(players, 90_000 + g)]
        even = 1.0 / players
        model = even_loss = 0.0
        for st, seat, won in rows:
            p = leaf.win_chance(st, seat)
            model -= won * math.log(p) + (1 - won) * math.log(1 - p)
            even_loss -= won * math.log(even) + (1 - won) * math.log(1 - even)
        assert model / len(rows) < even_loss / len(rows) - margin


def test_the_fitting_tool_labels_self_play_and_fits_weights_for_every_feature(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    script = load_script("benchmarks/research/lagagne_leaf.py")
    out = tmp_path / "leaf.jsonl"
    assert script.main(["label", "--players", "2", "--games", "60", "--seed", "91", "--out", str(out)]) == 0
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert {r["players"] for r in rows} == {2} and len({r["game"] for r in rows}) == 60
    assert all(len(r["x"]) == len(leaf.FEATURES) and r["y"] in (0.0, 0.5, 1.0) for r in rows)
    weights, losses = script.fit(rows)
    assert len(weights) == len(leaf.FEATURES) + 1
    assert losses["the model"] < losses["even share"]
    capsys.readouterr()
    assert script.main(["fit", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "held-out log loss" in printed and printed.count(",") > len(leaf.FEATURES)
