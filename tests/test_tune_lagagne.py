"""``benchmarks/tune_lagagne.py``: a weight search at one table size leaves the other's weights alone."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.lagagne import bots
from tests.scripts import load_script


def test_a_search_at_four_players_tunes_only_the_weights_of_bigger_tables(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(bots, "W_TWO", dict(bots.W_TWO))
    monkeypatch.setattr(bots, "W_MANY", dict(bots.W_MANY))
    two, many = dict(bots.W_TWO), dict(bots.W_MANY)
    script = load_script("benchmarks/tune_lagagne.py")
    out = tmp_path / "w.json"
    args = ["--seed", "9905", "--deals", "1", "--players", "4", "--only", "steal_cost", "--margin", "-1",
            "--out", str(out)]
    assert script.main(args) == 0
    written = json.loads(out.read_text())
    assert written["steal_cost"] == many["steal_cost"] * 0.5, "a negative margin keeps the first trial"
    assert bots.W_MANY == written and bots.W_TWO == two
