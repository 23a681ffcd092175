"""``benchmarks/gang_search_parts.py``: Gang de mouettes ``hard`` searching only the phases named,
``normal`` deciding the rest, and the bot put back after."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from game.core import Move
from game.gang_de_mouettes import bots
from game.gang_de_mouettes.state import DRAWN, END_TURN, TURN
from tests.gang_de_mouettes.test_gang_rules import play, stacked
from tests.scripts import assert_arms_pair, load_script


def load() -> ModuleType:
    return load_script("benchmarks/gang_search_parts.py")


def _rollouts_at(phases: frozenset[str], monkeypatch: pytest.MonkeyPatch) -> tuple[Move, int, Move]:
    """A drawn 3 with two unseen cards, three players: ``hard``'s choice and how many rollouts it
    played while searching only ``phases``, and ``normal``'s choice."""
    state = stacked([["M9", "M1", "M0", "M2"], ["M10"] * 4, ["M8"] * 4], ["M3"], quick_discards=False)
    play(state, "0: draw")
    view, legal = state.view(0), state.legal_moves(0)
    played = []
    real = bots.rollout

    def counted(*args: Any) -> Any:
        played.append(1)
        return real(*args)

    monkeypatch.setattr(bots, "rollout", counted)
    with load().searching_only(phases):
        move = bots.HardBot(seed=3).choose(view, legal)
    return move, len(played), bots.NormalBot(seed=3).choose(view, legal)


def test_outside_the_phases_named_hard_plays_normal_choice_without_a_rollout(monkeypatch: pytest.MonkeyPatch) -> None:
    move, rollouts, normal = _rollouts_at(frozenset({TURN, END_TURN}), monkeypatch)
    assert rollouts == 0 and move == normal


def test_in_a_phase_named_hard_searches(monkeypatch: pytest.MonkeyPatch) -> None:
    _, rollouts, _ = _rollouts_at(frozenset({DRAWN}), monkeypatch)
    assert rollouts > 0


def test_the_bot_is_put_back_even_after_a_failed_run() -> None:
    script = load()
    original = bots.HardBot._candidates
    with pytest.raises(RuntimeError), script.searching_only(frozenset()):
        assert bots.HardBot._candidates is not original
        raise RuntimeError("a run that fails")
    assert bots.HardBot._candidates is original


@pytest.mark.parametrize("text", ["", "turn,", "Turn", "call", "turn,window", "none,turn"])
def test_a_phase_it_does_not_know_is_refused_by_name(text: str) -> None:
    with pytest.raises(ValueError, match="unknown phase"):
        load().phases_of(text)
    with pytest.raises(SystemExit, match="gang_search_parts: unknown phase"):
        load().main([text, "gang_de_mouettes", "hard", "gang", "--count", "1"])


def test_phases_are_read_by_name() -> None:
    script = load()
    assert script.phases_of("none") == frozenset()
    assert script.phases_of("turn,drawn") == frozenset({TURN, DRAWN})
    assert script.phases_of("end_turn") == frozenset({END_TURN})


def test_a_run_writes_what_yardsticks_pool_pairs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert_arms_pair(load().main, ["none", "turn,drawn"], tmp_path, capsys)
