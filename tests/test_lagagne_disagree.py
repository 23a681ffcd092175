"""``benchmarks/lagagne_disagree.py``: every searched decision recorded with ``normal``'s choice, and searched again."""

from __future__ import annotations

import pytest

from game.core import Move, Rng
from game.lagagne import bots
from game.lagagne.state import LaGagneState
from tests.scripts import load_script


def test_every_searched_decision_is_recorded_with_normals_choice_and_searched_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bots.HardBot.__init__, "__defaults__", (None, 120, 6))
    choose = bots.HardBot.choose
    script = load_script("benchmarks/lagagne_disagree.py")
    records = script.record_decisions(9932, 0, 1, 2)
    assert bots.HardBot.choose is choose, "the class is given its own choose back"
    assert records
    for r in records:
        legal = [Move(a, r["view"]["seat"]) for a in r["legal"]]
        st = LaGagneState.determinise(r["view"], Rng(5))
        assert bots.best_move(st, r["view"]["seat"], legal).action == r["normal"]
        assert r["hard"] in r["legal"] and r["players"] == 2
        assert r["lead"] == bots.lead_over_best(r["view"]["scores"], r["view"]["seat"])
    left = sum(r["normal"] != r["hard"] for r in records)
    table = script.report(records)
    assert table.startswith(f"{len(records)} searched decisions, {left} left normal's choice")
    again = script.search_again(records, 2, 120, 2)
    kept_row = next(line for line in again.splitlines() if line.startswith("| kept normal's choice"))
    assert f"| {min(2, len(records) - left)} × 2 |" in kept_row
    shares = [int(cell.strip().rstrip("%")) for cell in kept_row.strip("|").split("|")[2:]]
    assert len(shares) == 3 and 99 <= sum(shares) <= 101, "every search is counted once"
