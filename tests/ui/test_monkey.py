"""The monkey test: 10,000 seeded random events per game through the app's event loop, on every
screen; no exception may escape, no crash report may be written, and every screen is reached (the
title, the setup, each table size, the pause menu, the rules, the settings, the statistics and a
score sheet). ``benchmarks/soak.py`` runs the same monkey for longer."""

from __future__ import annotations

import pytest

from game import GAMES
from tests.ui.monkey import Monkey, expected_scenes

EVENTS = 10_000
SEED = 16


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_monkey_breaks_nothing_and_sees_every_screen(game_id: str, data_dir) -> None:
    report = Monkey(game_id, SEED, data_dir, fail_fast=True).run(EVENTS)
    assert report.events >= EVENTS
    assert not report.failures
    assert not list((data_dir / "crashes").glob("*")), "a crash report was written"
    assert not report.missing(), report.summary()
    assert set(report.scenes) >= expected_scenes(game_id)
    assert report.moves > 0 and report.matches > 1


def test_the_monkey_is_deterministic(tmp_path) -> None:
    """The same seed gives the same run (so a failure it finds can be replayed)."""
    runs = []
    for name in ("a", "b"):
        folder = tmp_path / name
        folder.mkdir()
        report = Monkey("gin_rummy", 3, folder).run(600)
        runs.append((report.events, report.frames, report.moves, dict(report.scenes), dict(report.actions)))
    assert runs[0] == runs[1]
