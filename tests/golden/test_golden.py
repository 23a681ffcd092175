"""Golden playthroughs: replaying each checked-in match gives the same views and scores, and
every level of bot makes the same choices on its positions.

A failure means a rule, a view or an event changed what some seat sees. If the change is meant,
run ``python -m tests.golden.make NAME`` (``--what digests`` or ``--what choices`` to keep the
match) and review the diff of ``tests/golden/`` in the commit.
"""

from __future__ import annotations

import difflib

import pytest

from tests.golden.make import HERE, cases, choices, digests


@pytest.mark.parametrize(("game_id", "players"), cases(), ids=[f"{g}-{n}p" for g, n in cases()])
def test_replaying_a_golden_match_gives_the_same_views(game_id: str, players: int) -> None:
    text = (HERE / f"{game_id}-{players}p.match").read_text(encoding="utf-8")
    expected = (HERE / f"{game_id}-{players}p.digests").read_text(encoding="utf-8")
    got = digests(text)
    if got != expected:
        diff = "".join(list(difflib.unified_diff(expected.splitlines(True), got.splitlines(True),
                                                 "expected", "now", n=1))[:40])
        pytest.fail("the replay differs from the golden playthrough (first lines of the diff below). "
                    f"If the change is meant, run `python -m tests.golden.make {game_id}-{players}p --what digests` "
                    "and review the diff.\n" + diff)


@pytest.mark.parametrize(("game_id", "players"), cases(), ids=[f"{g}-{n}p" for g, n in cases()])
def test_every_bot_level_makes_the_golden_choices(game_id: str, players: int) -> None:
    text = (HERE / f"{game_id}-{players}p.match").read_text(encoding="utf-8")
    expected = (HERE / f"{game_id}-{players}p.choices").read_text(encoding="utf-8")
    got = choices(game_id, text)
    if got != expected:
        diff = "".join(list(difflib.unified_diff(expected.splitlines(True), got.splitlines(True),
                                                 "expected", "now", n=0))[:40])
        pytest.fail("a bot chooses differently on the golden positions (diff below). If the change "
                    f"of play is meant, run `python -m tests.golden.make {game_id}-{players}p --what choices` "
                    "and review the diff.\n" + diff)
