"""``benchmarks/bots.py``: the figures printed beside their floors, and the exit status following them."""

from __future__ import annotations

import dataclasses
import importlib
from types import ModuleType

import pytest


@pytest.fixture
def bots(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """The script with one small table; floors and limits set by each test are put back after it."""
    script = importlib.import_module("benchmarks.bots")
    monkeypatch.setattr(script, "TABLES", (script.Table("gang_de_mouettes", 2, "hand", deals=2, quick=1),))
    monkeypatch.setattr(script, "FLOORS", script.FLOORS)
    monkeypatch.setattr(script, "MOVE_MS", script.MOVE_MS)
    return script


def _floor(bots: ModuleType, bound: float) -> object:
    """``hard``'s points a round against ``gang`` at two players, at most ``bound``."""
    return bots.Floor("gang_de_mouettes", 2, "hand", "hard", "gang", "diff", bound, below=True)


def test_every_floor_names_a_figure_the_script_measures() -> None:
    script = importlib.import_module("benchmarks.bots")
    tables = {(t.game, t.players, t.unit): t for t in script.TABLES}
    for floor in script.FLOORS:
        table = tables[(floor.game, floor.players, floor.unit)]
        assert floor.level in script.LEVELS
        assert floor.opponent == (table.opponents or script.OPPONENTS[floor.game])[0], floor
        assert floor.measure in ("diff", "win", "lowest", "over_normal")


def test_a_run_whose_figures_hold_their_floors_exits_0(bots: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    bots.FLOORS = (_floor(bots, 1000.0),)
    assert bots.main(["--deals", "2"]) == 0
    out = capsys.readouterr().out
    assert "| Gang de mouettes, 2 players, rounds | 2 | `hard` | `gang` | points a round − its |" in out
    assert "≤ +1000.0 | held |" in out
    assert "Gang de mouettes, 2 players, `hard`: p95" in out
    assert out.rstrip().endswith("Every floor held.")


def test_an_interval_wholly_past_its_floor_exits_1_and_names_it(bots: ModuleType,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    bots.FLOORS = (_floor(bots, -1000.0), dataclasses.replace(_floor(bots, 1000.0), level="normal"))
    assert bots.main(["--deals", "2"]) == 1
    out = capsys.readouterr().out
    assert "≤ −1000.0 | **BROKEN** |" in out
    assert "- Gang de mouettes, 2 players, rounds: hard against gang, diff" in out
    assert "normal against gang" not in out.split("Floors broken")[1]


def test_a_higher_is_better_floor_breaks_only_when_the_whole_interval_is_below(bots: ModuleType) -> None:
    floor = bots.Floor("lagagne", 2, "game", "hard", "lagagne", "win", 0.59)
    assert bots.Figure(0.55, 0.50, 0.60, floor).broken is False
    assert bots.Figure(0.55, 0.50, 0.58, floor).broken is True
    assert bots.Figure(0.70, 0.60, 0.80, floor).broken is False
    below = bots.Floor("gang_de_mouettes", 2, "hand", "hard", "gang", "diff", -3.0, below=True)
    assert bots.Figure(-2.0, -4.0, -0.5, below).broken is False
    assert bots.Figure(-2.0, -2.9, -1.0, below).broken is True


def test_a_move_slower_than_the_floor_exits_1(bots: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    bots.FLOORS = ()
    bots.MOVE_MS = -1.0
    assert bots.main(["--deals", "1"]) == 1
    assert "Gang de mouettes, 2 players: hard's moves p95" in capsys.readouterr().out


@pytest.mark.parametrize("argv", [["--deals", "0"], ["--only", "chess"], ["--deals", "many"]])
def test_bad_arguments_are_refused_with_a_message(bots: ModuleType, argv: list[str],
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as refused:
        bots.main(argv)
    assert refused.value.code == 2
    assert "error" in capsys.readouterr().err


def test_pool_plays_every_independent_player_and_their_pool(bots: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    bots.FLOORS = ()
    assert bots.main(["--deals", "1", "--pool"]) == 0
    out = capsys.readouterr().out
    for against in ("`gang`", "`gang-cautious`", "`gang-aggressive`", "**pool**"):
        assert f"| `hard` | {against} | points a round − its |" in out
    assert out.count("`hard` − `normal` (points), paired") == 3
