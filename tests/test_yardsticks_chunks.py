"""``benchmarks/yardsticks.py --first`` cuts one seed's run into chunks that pool back to the whole run."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tests.scripts import load_script


def load(name: str) -> ModuleType:
    return load_script(f"benchmarks/{name}.py")


def _whole_and_chunks(tmp_path: Path, common: list[str], count: int, cut: int) -> dict[str, Any]:
    """Play a seed's first ``count`` deals in one run (``whole.json``) and in two chunks cut at deal
    ``cut`` (``a.json``, ``b.json``); the whole run's figures."""
    import game.yardsticks  # noqa: F401  (the independent players)

    yardsticks = load("yardsticks")
    assert yardsticks.main([*common, "--count", str(count), "--out", str(tmp_path / "whole.json")]) == 0
    assert yardsticks.main([*common, "--first", "0", "--count", str(cut), "--out", str(tmp_path / "a.json")]) == 0
    assert yardsticks.main([*common, "--first", str(cut), "--count", str(count - cut),
                            "--out", str(tmp_path / "b.json")]) == 0
    figures: dict[str, Any] = json.loads((tmp_path / "whole.json").read_text())
    return figures


def test_chunks_of_a_seed_pool_to_the_whole_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pool = load("yardsticks_pool")
    common = ["lagagne", "easy", "lagagne", "--players", "2", "--unit", "game", "--seed", "9001"]
    whole = _whole_and_chunks(tmp_path, common, 3, 1)["per_deal"]["lagagne"]
    parts = [json.loads((tmp_path / f"{n}.json").read_text())["per_deal"]["lagagne"] for n in ("a", "b")]
    assert parts[0]["win"] + parts[1]["win"] == whole["win"]
    assert parts[0]["diff"] + parts[1]["diff"] == whole["diff"]
    capsys.readouterr()
    assert pool.main([str(tmp_path / "a.json"), str(tmp_path / "b.json")]) == 0
    printed = capsys.readouterr().out
    assert "vs lagagne: 3 deals, 6 units" in printed
    assert f"win share {sum(whole['win']) / 3:.3f}" in printed


def test_pooled_chunks_count_the_calls_of_the_whole_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pool = load("yardsticks_pool")
    common = ["gang_de_mouettes", "normal", "gang", "--players", "4", "--seed", "9002", "--fair-race"]
    whole = _whole_and_chunks(tmp_path, common, 4, 1)["rows"]["gang"]
    assert whole["calls"] > 0
    capsys.readouterr()
    assert pool.main([str(tmp_path / "a.json"), str(tmp_path / "b.json")]) == 0
    printed = capsys.readouterr().out
    assert f"calls: {whole['calls']}, caller lowest {whole['caller_lowest']:.3f}" in printed


def test_two_runs_are_compared_deal_by_deal_over_the_deals_both_played(tmp_path: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    import game.yardsticks  # noqa: F401  (the independent players)

    yardsticks, pool = load("yardsticks"), load("yardsticks_pool")
    common = ["lagagne", "--players", "2", "--unit", "game", "--seed", "9003"]
    assert yardsticks.main(["lagagne", "easy", "lagagne", *common[1:], "--count", "3", "--out", str(tmp_path / "old.json")]) == 0
    assert yardsticks.main(["lagagne", "normal", "lagagne", *common[1:], "--first", "1", "--count", "3",
                            "--out", str(tmp_path / "new.json")]) == 0
    old = json.loads((tmp_path / "old.json").read_text())["per_deal"]["lagagne"]
    new = json.loads((tmp_path / "new.json").read_text())["per_deal"]["lagagne"]
    gains = [new["win"][0] - old["win"][1], new["win"][1] - old["win"][2]]  # deals 1 and 2 only
    capsys.readouterr()
    assert pool.main([str(tmp_path / "new.json"), "--against", str(tmp_path / "old.json")]) == 0
    printed = capsys.readouterr().out
    assert "vs lagagne, paired over 2 deals" in printed
    assert f"{sum(gains) / 2:+.3f} [" in printed


def test_chunks_against_several_players_pool_to_the_whole_runs_pool_row(tmp_path: Path,
                                                                         capsys: pytest.CaptureFixture[str]) -> None:
    pool = load("yardsticks_pool")
    common = ["lagagne", "easy", "lagagne,lagagne-cautious", "--players", "2", "--unit", "game", "--seed", "9004"]
    whole = _whole_and_chunks(tmp_path, common, 3, 2)["rows"]["pool"]
    capsys.readouterr()
    assert pool.main([str(tmp_path / "a.json"), str(tmp_path / "b.json")]) == 0
    printed = capsys.readouterr().out
    assert f"vs pool: 3 deals, {whole['units']} units; diff {whole['diff']:+.1f}" in printed
    assert f"win share {whole['win']:.3f} [{whole['win'] - whole['win_ci']:.3f}" in printed
