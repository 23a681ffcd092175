"""``benchmarks/research/lagagne_distill.py``: decisions labelled by rollouts, and weights fitted to them."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from game.core import Move, Rng
from game.lagagne import bots
from game.lagagne.state import LaGagneState
from tests.scripts import load_script


def test_every_decision_of_normal_is_labelled_with_a_value_for_each_move(tmp_path: Path) -> None:
    script = load_script("benchmarks/research/lagagne_distill.py")
    out = tmp_path / "decisions.jsonl"
    choose = bots.NormalBot.choose
    script.label(9970, 0, 1, 2, out, 3)
    assert bots.NormalBot.choose is choose, "the class is given its own choose back"
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert len({r["deal"] for r in rows}) == 1 and len(rows) > 20
    for r in rows:
        view = r["view"]
        legal = [Move(a, view["seat"]) for a in r["actions"]]
        st = LaGagneState.determinise(view, Rng(7))
        assert bots.best_move(st, view["seat"], legal) == legal[r["chosen"]]
        assert len(r["q"]) == len(r["se"]) == len(legal) > 1
        assert all(0.0 <= q <= 1.0 for q in r["q"]) and r["se"][0] == 0.0
    weights = tmp_path / "weights.json"
    assert script.main(["fit", str(out), "--steps", "3", "--out", str(weights)]) == 0
    assert set(json.loads(weights.read_text())) == set(bots.W_TWO)


def test_a_fit_to_decisions_of_several_table_sizes_must_name_whose_weights_it_writes(
        tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    script = load_script("benchmarks/research/lagagne_distill.py")
    view = LaGagneState.new(2, seed=3).view(0)
    rows = [{"players": n, "deal": 0, "view": view, "actions": ["discard Z"], "q": [0.5]} for n in (2, 4)]
    data = tmp_path / "mixed.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in rows))
    with pytest.raises(SystemExit):
        script.main(["fit", str(data)])
    assert "--players" in capsys.readouterr().err


def test_features_are_the_change_of_normals_value_per_point_of_each_weight() -> None:
    script = load_script("benchmarks/research/lagagne_distill.py")
    st = LaGagneState.new(2, seed=11)
    seat = st.current
    legal = st.legal_moves(seat)
    weights = dict(bots.W_TWO)
    base, rows = script.features(st, seat, legal)
    assert bots.W_TWO == weights, "no weight is changed"
    k = script.KEYS.index("discard_cost")
    for m, value, f in zip(legal, base, rows):
        assert value == bots.move_value(st, seat, m, st.scores)
        assert len(f) == len(script.KEYS)
        assert f[k] == (-1.0 if m.action.startswith("discard") else 0.0)


def test_the_fit_moves_a_weight_towards_the_moves_the_rollouts_prefer() -> None:
    script = load_script("benchmarks/research/lagagne_distill.py")
    names = list(script.KEYS)
    k = names.index("steal_cost")
    steal = [0.0] * len(names)
    steal[k] = -1.0
    # ``normal`` prefers the steal by 2 points, but the rollouts say it loses a tenth of a game
    rows = [{"base": [2.0, 0.0], "features": [steal, [0.0] * len(names)], "q": [0.4, 0.5]}] * 20
    d = script.fit(rows, names, 1.0, 0.0, 200, 0.05)
    assert d[k] > 2.0, "a steal must cost more than the 2 points it led by"
    assert all(x == 0.0 for i, x in enumerate(d) if i != k), "weights no move reads are left alone"
    mean, se, changed = script.gain(rows, d)
    assert (round(mean, 6), se, changed) == (0.1, 0.0, 20)


def _midgame(seed: int, turns: int) -> LaGagneState:
    """A two-player game after ``turns`` moves of ``normal`` for both seats."""
    st = LaGagneState.new(2, seed=seed)
    for _ in range(turns):
        nxt = st.clone()
        nxt._apply(bots.best_move(st, st.current, st.legal_moves(st.current)))
        if nxt.phase == "over":
            break
        st = nxt
    return st


def test_played_to_the_end_every_rollout_ends_in_a_share_of_the_win(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    script = load_script("benchmarks/research/lagagne_distill.py")
    st = _midgame(5, 6)
    seat = st.current
    legal = st.legal_moves(seat)
    seen: list[float] = []
    rollout = bots._rollout

    def watched(sim: LaGagneState, s: int, depth: int, policy: bots.Policy) -> float:
        value = rollout(sim, s, depth, policy)
        assert sim.phase == "over", "the game is played to its end"
        seen.append(value)
        return value

    monkeypatch.setattr(bots, "_rollout", watched)
    means, _ = script.values(st.view(seat), legal, 2, random.Random(3), reach="game")
    assert len(seen) == 2 * len(legal) and set(seen) <= {0.0, 0.5, 1.0}
    assert means == [sum(seen[i::len(legal)]) / 2 for i in range(len(legal))]


def test_in_styled_rollouts_only_the_other_seats_change_their_judgement() -> None:
    script = load_script("benchmarks/research/lagagne_distill.py")
    weights = dict(bots.W_TWO)
    own = differ = 0
    for seed in range(30):
        st = _midgame(seed, 2 * seed % 25)
        p = st.current
        legal = st.legal_moves(p)
        normal = bots.best_move(st, p, legal)
        own += script.styled(p, 0.8, random.Random(seed))(st, p, legal) != normal
        differ += script.styled(1 - p, 0.8, random.Random(seed))(st, p, legal) != normal
        assert bots.W_TWO == weights, "normal's own weights are never changed by a style"
    assert own == 0, "the seat being valued plays normal"
    assert differ > 0, "another seat's style changes some of its choices"
