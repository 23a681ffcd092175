"""``benchmarks/lagagne_variants.py``: a level, its opponents and ``normal``'s weights set from the command line."""

from __future__ import annotations

import json

import pytest

from game.lagagne import bots
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
