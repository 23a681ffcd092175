"""``benchmarks/lagagne_variants.py``: a level, its opponents and ``normal``'s weights set from the command line."""

from __future__ import annotations

import json

import pytest

from game import GAMES
from game.core import Rng
from game.lagagne import bots
from game.lagagne.state import LaGagneState
from tests.scripts import load_script


def test_a_weight_level_and_opponents_are_read_and_every_deal_is_reported(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(bots, "W_TWO", dict(bots.W_TWO))
    many = dict(bots.W_MANY)
    script = load_script("benchmarks/lagagne_variants.py")
    args = ["t", "9905", "0", "2", "2", "level=normal", "against=lagagne,lagagne-cautious", "steal_cost=12"]
    assert script.main(args) == 0
    out = json.loads(capsys.readouterr().out)
    assert bots.weights(2)["steal_cost"] == 12.0
    assert bots.W_MANY == many, "only the weights of the table size played are set"
    assert len(out["per_deal"]) == 4 and all(0.0 <= w <= 1.0 for w in out["per_deal"])
    assert out["win"] == pytest.approx(sum(out["per_deal"]) / 4)


def worlds(count: int) -> list[tuple[LaGagneState, int, list]]:
    """Guessed two-player deals a few turns into ``normal`` games, with the seat to move and its
    legal moves."""
    found = []
    for seed in range(count):
        st = GAMES["lagagne"].new_match(2, seed=seed)
        for _ in range(6 + seed % 5):
            p = st.current
            st._apply(bots.best_move(st, p, st.legal_moves(p)))
        seat = st.current
        view = st.view(seat)
        found.append((LaGagneState.determinise(view, Rng(seed)), seat, st.legal_moves(seat)))
    return found


def test_an_opponent_that_answers_leaves_each_move_worth_no_more_and_one_answer_is_the_plain_rollout() -> None:
    answers = load_script("benchmarks/lagagne_answers.py")
    for world, seat, moves in worlds(12):
        plain = bots.rollout_values(world, seat, moves, bots.DEPTH_HEADS_UP)
        worst = answers.answered_values(3)(world, seat, moves, bots.DEPTH_HEADS_UP)
        mean = answers.answered_values(3, "mean")(world, seat, moves, bots.DEPTH_HEADS_UP)
        assert answers.answered_values(1)(world, seat, moves, bots.DEPTH_HEADS_UP) == plain
        assert answers.own_turn_values(1)(world, seat, moves, bots.DEPTH_HEADS_UP) == plain
        best = answers.own_turn_values(3)(world, seat, moves, bots.DEPTH_HEADS_UP)
        for p, w, m, b in zip(plain, worst, mean, best, strict=True):
            assert w <= p + 1e-12 and w <= m + 1e-12   # normal's own reply is among those tried
            assert b >= p - 1e-12                       # and so is the bot's own next choice
    with pytest.raises(ValueError, match="worst"):
        answers.answered_values(3, "best")


def test_the_answers_setting_replaces_hards_rollouts_for_the_run(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(bots, "rollout_values", bots.rollout_values)
    plain = bots.rollout_values
    script = load_script("benchmarks/lagagne_variants.py")
    assert script.main(["t", "9905", "0", "1", "2", "answers=2"]) == 0
    assert bots.rollout_values is not plain
    out = json.loads(capsys.readouterr().out)
    assert len(out["per_deal"]) == 1
