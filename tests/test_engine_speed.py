"""``benchmarks/engine_speed.py --against REV``: a revision and the working tree played alternately,
each in its own process on its own engine, with one row of rates and ratios per table."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.scripts import ROOT, load_script


def test_against_a_revision_plays_both_trees_in_turn_and_prints_a_ratio_per_table(
        capsys: pytest.CaptureFixture[str]) -> None:
    script = load_script("benchmarks/engine_speed.py")
    assert script.main(["--against", "HEAD", "--rounds", "2", "--hands", "2", "--game", "gin_rummy"]) == 0
    out = capsys.readouterr()
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True,
                            check=True).stdout.strip()
    assert f"{commit} against the working tree, 2 rounds alternating" in out.out
    row = next(line for line in out.out.splitlines() if line.startswith("gin_rummy, 2 players"))
    ratios = re.findall(r"(\d+\.\d\d) \((\d+\.\d\d)–(\d+\.\d\d)\)", row)
    assert len(ratios) == 2  # by CPU time and by wall time, each a median and its range
    for median, low, high in ratios:
        assert float(low) <= float(median) <= float(high) and float(low) > 0
    assert "rules changed" not in out.out  # the same play-outs: the same moves in both trees
    assert out.err.count("done") == 2


def test_each_run_uses_the_engine_of_its_own_tree(tmp_path: Path) -> None:
    """A child asked for a tree that holds no engine refuses rather than time the working tree's."""
    script = ROOT / "benchmarks" / "engine_speed.py"
    done = subprocess.run([sys.executable, str(script), "--child", str(tmp_path), "--game", "gin_rummy", "--players", "2",
                           "--hands", "1"], cwd=tmp_path, capture_output=True, text=True)
    assert done.returncode != 0 and "not from" in done.stderr


@pytest.mark.parametrize("rev", ["no-such-revision", "--output=/tmp/x", "HEAD:README.md", ""])
def test_a_revision_that_is_not_one_is_refused_by_name(rev: str) -> None:
    script = load_script("benchmarks/engine_speed.py")
    with pytest.raises(SystemExit) as refused:
        script.main([f"--against={rev}", "--rounds", "1", "--hands", "1", "--game", "gin_rummy"])
    assert "is not a revision" in str(refused.value.code)
