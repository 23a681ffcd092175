"""Undo takes a move back exactly, and only the states that may be taken back pay for it.

A property over every game (and Huit, the tests-only game): random legal moves played and taken
back in any order on a state that keeps undo snapshots (``keep_undo``, the table's) give back, move
for move, the very snapshot (``to_json``: fields, log, history, hand seeds and the random
generator's state) the match had before that move; playing the same move again gives the same
state as the first time. A clone, a replay and a new match keep no snapshots and take none.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import GAMES, IllegalMove, Move
from game.core import GameState, Rng
from game.core import state as state_module
from tests.conformance.test_contract import PLAY_CASES, PLAY_IDS, pick, quick_match

pytestmark = pytest.mark.usefixtures("huit_registered")


@pytest.mark.parametrize(("game_id", "players", "variant"), PLAY_CASES, ids=PLAY_IDS)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32),
       steps=st.lists(st.tuples(st.integers(0, 60), st.integers(0, 30)), min_size=1, max_size=6))
def test_undo_gives_back_each_snapshot_exactly(game_id: str, players: int, variant: str | None, seed: int,
                                               steps: list[tuple[int, int]]) -> None:
    """Play ``forward`` moves, take ``back`` back, again and again: after every undo the match's
    ``to_json`` is the one it had before that move, and the move played again gives the state it
    gave the first time."""
    desc = GAMES[game_id]
    state = quick_match(game_id, players, seed, variant)
    state.keep_undo()
    rnd = random.Random(seed)
    bots = {s: desc.make_bot("easy", seed + s) for s in range(players)}
    played: list[tuple[dict[str, Any], str, dict[str, Any]]] = []  # (before, move, after) per move of the log
    for forward, back in steps:
        for _ in range(forward):
            if state.is_over():
                break
            before = state.to_json()
            move = pick(state, rnd, bots)
            state.apply(move)
            played.append((before, str(move), state.to_json()))
        for _ in range(min(back, len(played))):
            before, move, after = played.pop()
            assert state.undo() == move
            assert state.to_json() == before
        if played and rnd.random() < 0.5:  # the last move taken back, played again, gives the same state
            before, move, after = played[-1]
            state.undo()
            state.apply(move)
            assert state.to_json() == after
        assert state.undo_depth() == len(state.log) == len(played)


def count_snapshots(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts every undo snapshot taken from now on (``counted[0]``)."""
    counted = [0]
    real = state_module.Snapshot

    def counting(*args: Any) -> Any:
        counted[0] += 1
        return real(*args)

    monkeypatch.setattr(state_module, "Snapshot", counting)
    return counted


def play_some(state: GameState, moves: int, seed: int) -> None:
    rnd = random.Random(seed)
    for _ in range(moves):
        if state.is_over():
            break
        seat = rnd.choice(state.to_move())
        state.apply(rnd.choice(state.legal_moves(seat)))


@pytest.mark.parametrize("game_id", ["gin_rummy", "gang_de_mouettes", "lagagne", "huit"])
def test_clones_replays_and_new_matches_carry_no_history(game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Only ``keep_undo`` takes snapshots: a new match, a loaded one, a replay, a determinised one and a
    clone of a state that keeps them take none (bots and the arena play those out), and a clone does
    not copy its original's snapshots; yet each (but the determinised one, whose seed is a guess)
    still takes a move back, by replaying."""
    desc = GAMES[game_id]
    counted = count_snapshots(monkeypatch)
    table = desc.new_match(desc.min_players, seed=21)
    play_some(table, 30, 21)
    assert counted[0] == 0 and table.undo_depth() == 0
    table.keep_undo()
    play_some(table, 10, 22)
    kept = table.undo_depth()
    assert counted[0] == kept == 10
    others = {
        "clone": table.clone(),
        "replay": table.replay(len(table.log)),
        "loaded": desc.load(table.to_json()),
        "determinised": desc.State.determinise(table.view(table.to_move()[0]), Rng(5)),
    }
    for name, other in others.items():
        assert other.undo_depth() == 0, name
        assert "_undo" not in other.__dict__, name  # nothing copied, nothing to copy on its next clone
        if other.is_over():
            continue
        before = other.to_json()
        play_some(other, 5, 23)
        assert counted[0] == kept, f"the {name} took snapshots"
        if name == "determinised":
            continue  # its moves cannot be replayed: its seed is a guess, not the match's
        for _ in range(len(other.log) - len(before["log"])):
            other.undo()
        assert other.to_json() == before, name
    assert table.undo_depth() == kept


def test_a_refused_move_takes_no_snapshot(monkeypatch: pytest.MonkeyPatch) -> None:
    """An illegal move leaves an undoable state exactly as it was, its stack included."""
    desc = GAMES["gin_rummy"]
    state = desc.new_match(2, seed=4)
    state.keep_undo()
    play_some(state, 3, 4)
    counted = count_snapshots(monkeypatch)
    before = state.to_json()
    idle = 1 - state.to_move()[0]
    with pytest.raises(IllegalMove):
        state.apply(Move("draw", idle))
    assert counted[0] == 0 and state.undo_depth() == 3 and state.to_json() == before
