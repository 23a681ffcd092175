"""``python -m tests.golden.make``: it rewrites only the golden files it is asked to, and refuses a
name it does not know without writing anything."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.golden import make


@pytest.fixture
def golden(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the checked-in golden files, which ``make`` writes into instead."""
    for path in make.HERE.iterdir():
        if path.suffix in (".match", ".digests", ".choices"):
            shutil.copy(path, tmp_path / path.name)
    monkeypatch.setattr(make, "HERE", tmp_path)
    return tmp_path


def _contents(folder: Path) -> dict[str, str]:
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(folder.iterdir())}


def test_only_the_named_case_and_file_are_written(golden: Path) -> None:
    before = _contents(golden)
    for name in before:
        if name != "gin_rummy-2p.match":
            (golden / name).write_text("stale\n", encoding="utf-8")
    assert make.main(["gin_rummy-2p", "--what", "digests"]) == 0
    after = _contents(golden)
    assert after["gin_rummy-2p.digests"] == before["gin_rummy-2p.digests"]
    assert {n for n, text in after.items() if text != "stale\n"} == {"gin_rummy-2p.digests", "gin_rummy-2p.match"}


def test_a_game_names_each_of_its_table_sizes(golden: Path) -> None:
    before = _contents(golden)
    for name in before:
        if name.endswith(".choices"):
            (golden / name).write_text("stale\n", encoding="utf-8")
    assert make.main(["--what", "choices", "gin_rummy"]) == 0
    after = _contents(golden)
    assert after["gin_rummy-2p.choices"] == before["gin_rummy-2p.choices"]
    assert after["lagagne-2p.choices"] == "stale\n" and after["gang_de_mouettes-2p.choices"] == "stale\n"
    assert {n for n in after if after[n] != before[n]} == {n for n in after if n.endswith(".choices")} - {
        "gin_rummy-2p.choices"}


def test_rewriting_a_match_plays_it_again_the_same_and_rewrites_its_three_files(golden: Path) -> None:
    before = _contents(golden)
    for suffix in ("match", "digests", "choices"):
        (golden / f"gin_rummy-2p.{suffix}").write_text("stale\n", encoding="utf-8")
    assert make.main(["gin_rummy-2p"]) == 0
    assert _contents(golden) == before


@pytest.mark.parametrize("argv", [[], ["chess"], ["gin_rummy-3p"], ["--all", "lagagne"], ["lagagne", "--what", "all"]])
def test_nothing_is_written_without_a_known_name(golden: Path, argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    before = _contents(golden)
    with pytest.raises(SystemExit) as refused:
        make.main(argv)
    assert refused.value.code == 2
    assert _contents(golden) == before
    err = capsys.readouterr().err
    assert "name the games" in err or "no golden match is named" in err or "invalid choice" in err
