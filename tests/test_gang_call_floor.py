"""``benchmarks/gang_call_floor.py``: the two-player ``hard`` call at the end of a turn held to a floor
on ``normal``'s chance of ending lowest, and the bot put back after."""

from __future__ import annotations

import statistics
from pathlib import Path
from types import ModuleType

import pytest

from game.core import Move
from game.gang_de_mouettes import bots
from tests.gang_de_mouettes.test_gang_knowledge_and_bots import _end_of_turn_views
from tests.scripts import assert_arms_pair, load_script


def load() -> ModuleType:
    return load_script("benchmarks/gang_call_floor.py")


def _choices(floor: float | None) -> list[tuple[str, float]]:
    """``hard``'s action and its ``lowest_chance`` at every end-of-turn position of a two-player match
    where its check of ``call_odds`` lets a call through; with ``floor`` None, the bot as it is."""
    out = []
    for view in _end_of_turn_views(seed=5, count=60):
        legal = [Move("call", view["seat"]), Move("done", view["seat"])]
        bot = bots.HardBot(seed=1)
        p = bot.perspective(view)
        if not bot._may_call(p):
            continue
        if floor is None:
            move = bot.choose(view, legal)
        else:
            with load().calling_at_least(floor):
                move = bot.choose(view, legal)
        out.append((move.action, bots.lowest_chance(p)))
    return out


def test_a_call_below_the_floor_is_replaced_by_playing_on_and_every_other_choice_kept() -> None:
    as_is = _choices(None)
    called = [chance for action, chance in as_is if action == "call"]
    floor = statistics.median(called)
    floored = _choices(floor)
    assert [c for _, c in floored] == [c for _, c in as_is]
    expected = ["call" if a == "call" and c >= floor else "done" for a, c in as_is]
    assert [a for a, _ in floored] == expected
    assert "call" in expected and expected.count("call") < len(called)  # both sides of the floor met


def test_a_floor_of_zero_is_the_bot_as_it_is() -> None:
    assert _choices(0.0) == _choices(None)


def test_the_bot_is_put_back_even_after_a_failed_run() -> None:
    original = bots.HardBot._call_by_odds
    with pytest.raises(RuntimeError), load().calling_at_least(0.5):
        assert bots.HardBot._call_by_odds is not original
        raise RuntimeError("a run that fails")
    assert bots.HardBot._call_by_odds is original


@pytest.mark.parametrize("text", ["", "x", "nan", "inf", "-inf", "-0.1", "1.01", "1e400", "0,5"])
def test_a_floor_that_is_not_a_share_is_refused_by_name(text: str) -> None:
    with pytest.raises(ValueError, match="the floor"):
        load().floor_of(text)
    with pytest.raises(SystemExit, match="gang_call_floor: the floor"):
        load().main([text, "gang_de_mouettes", "hard", "gang", "--count", "1"])


def test_floors_are_read_as_shares() -> None:
    assert [load().floor_of(t) for t in ("0", "0.65", "1", "1e-1")] == [0.0, 0.65, 1.0, 0.1]


def test_a_run_writes_what_yardsticks_pool_pairs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert_arms_pair(load().main, ["0", "0.8"], tmp_path, capsys)
