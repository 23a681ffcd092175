"""Golden playthroughs: replaying each checked-in match gives the same views and scores.

A failure means a rule, a view or an event changed what some seat sees. If the change is meant,
run ``python -m tests.golden.make`` and review the diff of ``tests/golden/`` in the commit.
"""

from __future__ import annotations

import difflib

import pytest

from tests.golden.make import HERE, cases, digests


@pytest.mark.parametrize(("game_id", "players"), cases(), ids=[f"{g}-{n}p" for g, n in cases()])
def test_replaying_a_golden_match_gives_the_same_views(game_id: str, players: int) -> None:
    text = (HERE / f"{game_id}-{players}p.match").read_text(encoding="utf-8")
    expected = (HERE / f"{game_id}-{players}p.digests").read_text(encoding="utf-8")
    got = digests(text)
    if got != expected:
        diff = "".join(list(difflib.unified_diff(expected.splitlines(True), got.splitlines(True),
                                                 "expected", "now", n=1))[:40])
        pytest.fail("the replay differs from the golden playthrough (first lines of the diff below). "
                    "If the change is meant, run `python -m tests.golden.make` and review the diff.\n" + diff)
