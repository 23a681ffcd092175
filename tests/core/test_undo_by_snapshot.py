"""Undo by snapshot gives exactly the match that replaying it from its seed gives, for every game
(the tests-only Huit included): at many points of random matches, across hand and round
boundaries, after quick-discard windows that bots raced in, and when a player takes back a move
and the bots' replies to it at a table run by the referee.

Every state here keeps its snapshots (``keep_undo``, as the table's does); a state that does not
undoes by replaying. "Exactly" is checked by everything a caller can observe: the snapshot (RNG included), every seat's
view, the legal moves, the timer and the readiness, and the same moves played on afterwards.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import GAMES, IllegalMove
from game.core import GameState
from game.core.referee import Referee
from tests.conformance.test_contract import PLAY_CASES, PLAY_IDS, pick, quick_match

pytestmark = pytest.mark.usefixtures("huit_registered")

LONGER = {"gang_de_mouettes": {"match_end": 100}, "huit": {"target": 100}}
"""Options of matches long enough for several hands or rounds."""
AFTER = 12
"""Moves played on after an undo, on the undone match and on the replayed one alike."""


def observed(state: GameState) -> dict[str, Any]:
    """Everything a caller can learn of ``state``."""
    seats: list[int | None] = [None, *range(state.players)]
    return {
        "json": state.to_json(),
        "views": [state.view(seat) for seat in seats],
        "legal": {seat: state.legal_moves(seat) for seat in state.to_move()},
        "timer": state.timer(),
        "readiness": state.readiness(),
        "over": state.is_over(),
    }


def undoable(state: GameState) -> GameState:
    """``state``, keeping an undo snapshot with every move from now on (the table's state)."""
    state.keep_undo()
    return state


def assert_same_match(undone: GameState, seed: int) -> None:
    """``undone`` is the match that replaying its log from the seed gives, now and after ``AFTER``
    more moves chosen the same way on both."""
    replayed = undone.replay(len(undone.log))
    assert observed(undone) == observed(replayed)
    rnd_a, rnd_b = random.Random(seed), random.Random(seed)
    for _ in range(AFTER):
        if undone.is_over():
            break
        seat = rnd_a.choice(undone.to_move())
        move = rnd_a.choice(undone.legal_moves(seat))
        assert rnd_b.choice(replayed.to_move()) == seat and rnd_b.choice(replayed.legal_moves(seat)) == move
        assert undone.apply(move) == replayed.apply(move)
    assert observed(undone) == observed(replayed)


@pytest.mark.parametrize(("game_id", "players", "variant"), PLAY_CASES, ids=PLAY_IDS)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), plan=st.lists(st.tuples(st.integers(1, 120), st.integers(1, 40)),
                                                min_size=1, max_size=4))
def test_undo_by_snapshot_is_the_replayed_match(game_id: str, players: int, variant: str | None, seed: int,
                                                plan: list[tuple[int, int]]) -> None:
    """Play some moves, take some back (one ``undo`` at a time or one ``rewind``), again and again."""
    desc = GAMES[game_id]
    state = undoable(quick_match(game_id, players, seed, variant))
    rnd = random.Random(seed)
    bots = {s: desc.make_bot("easy", seed + s) for s in range(players)}
    for step, (forward, back) in enumerate(plan):
        for _ in range(forward):
            if state.is_over():
                break
            state.apply(pick(state, rnd, bots))
        back = min(back, len(state.log))
        if step % 2:
            state.rewind(len(state.log) - back)
        else:
            for _ in range(back):
                state.undo()
        assert_same_match(state, seed + step)


def boundaries(state: GameState) -> list[int]:
    """The moves that ended a hand, a round or a game (``history`` grew), dealt a new one or
    shuffled (a LaGagne discard pile turned over): their move numbers."""
    probe = state.replay(0)
    found = []
    for n, text in enumerate(state.log):
        before = (len(probe.history), len(probe.hand_seeds), probe.rng.draws, id(probe.rng))
        probe.apply(text)
        if (len(probe.history), len(probe.hand_seeds), probe.rng.draws, id(probe.rng)) != before:
            found.append(n)
    return found


@pytest.mark.parametrize(("game_id", "players", "variant"), PLAY_CASES, ids=PLAY_IDS)
def test_undo_across_hand_and_round_boundaries(game_id: str, players: int, variant: str | None) -> None:
    """Back to just before, at and just after every hand's end, deal and shuffle, from the end of a
    whole match."""
    desc = GAMES[game_id]
    state = undoable(quick_match(game_id, players, 11, variant))
    if game_id in LONGER:  # a quick match of these may be a single round
        state = undoable(desc.new_match(players, dataclasses.replace(state.options, **LONGER[game_id]), seed=11))
    rnd = random.Random(11)
    bots = {s: desc.make_bot("easy", 11 + s) for s in range(players)}
    while not state.is_over() and len(state.log) < 3000:
        state.apply(pick(state, rnd, bots))
    ends = boundaries(state)
    assert len(ends) >= 2, "the match should cross hand boundaries"
    points = sorted({p for n in ends for p in (n, n + 1, n + 2) if p <= len(state.log)}, reverse=True)
    final = state.to_json()
    for n in points:
        state.rewind(n)
        assert_same_match(state, n)
        state.rewind(n)  # the moves played on by the check are taken back too
    assert state.undo_depth() == points[-1]
    assert final["log"][: points[-1]] == state.log


def test_a_saved_match_undoes_behind_its_save_by_replaying_once() -> None:
    """A match loaded from its snapshot has no snapshots of the moves before it: the first undo
    behind them replays the match from its seed, which rebuilds them all."""
    desc = GAMES["gin_rummy"]
    state = undoable(quick_match("gin_rummy", 2, 3))
    rnd = random.Random(3)
    bots = {s: desc.make_bot("easy", s) for s in range(2)}
    for _ in range(60):
        state.apply(pick(state, rnd, bots))
    loaded = undoable(desc.load(state.to_json()))
    assert loaded.undo_depth() == 0
    for _ in range(3):
        loaded.apply(pick(loaded, rnd, bots))
    assert loaded.undo_depth() == 3
    for _ in range(3):
        loaded.undo()
    assert loaded.undo_depth() == 0 and loaded.to_json() == state.to_json()
    loaded.undo()
    assert loaded.undo_depth() == 59
    assert_same_match(loaded, 3)


def test_search_copies_keep_no_snapshots_and_still_undo() -> None:
    """A bot's copy for search keeps no undo stack (it would only cost time); its undo replays."""
    state = undoable(quick_match("gin_rummy", 2, 4))
    for _ in range(5):
        state.apply(state.legal_moves(state.to_move()[0])[0])
    copy = state.clone()
    copy.apply(copy.legal_moves(copy.to_move()[0])[0])
    assert copy.undo_depth() == 0 and state.undo_depth() == 5
    copy.undo()
    assert copy.to_json() == state.to_json()


def test_nothing_to_undo_and_bad_rewinds_change_nothing() -> None:
    state = undoable(quick_match("lagagne", 3, 8))
    before = state.to_json()
    with pytest.raises(IllegalMove) as refused:
        state.undo()
    assert refused.value.key == "nothing_to_undo"
    state.apply(state.legal_moves(state.to_move()[0])[0])
    after = state.to_json()
    for upto in (-1, 2, 10**9):
        with pytest.raises(ValueError):
            state.rewind(upto)
        assert state.to_json() == after
    assert state.rewind(1) == [] and state.to_json() == after
    state.undo()
    assert state.to_json() == before


# ---------------------------------------------------------------------- at a table run by the referee
class Racer:
    """A bot that quick-discards whatever it may (as fast as it likes) and otherwise plays like an
    easy bot: windows are raced in, so that undo is checked after them."""

    def __init__(self, seat: int, delay: float) -> None:
        self.easy = GAMES["gang_de_mouettes"].make_bot("easy", seat)
        self.delay = delay

    def choose(self, view: dict[str, Any], legal: list[Any]) -> Any:
        return self.easy.choose(view, legal)

    def react(self, view: dict[str, Any], legal: list[Any]) -> tuple[Any, float] | None:
        snaps = [m for m in legal if m.name == "snap"]
        return (snaps[0], self.delay) if snaps else self.easy.react(view, legal)


@pytest.mark.parametrize("players", [3, 5])
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32), rounds=st.integers(2, 6))
def test_taking_back_after_quick_discard_windows_and_bot_replies(players: int, seed: int, rounds: int) -> None:
    """A human (seat 0) plays against racing bots, with time passing for the windows; each take-back
    of seat 0's last decision (and of every bot reply and window after it) is the replayed match."""
    desc = GAMES["gang_de_mouettes"]
    options = desc.Options(match_end=60, snap_window_seconds=1.0)
    state = undoable(desc.new_match(players, options, seed=seed))
    rnd = random.Random(seed)
    ref = Referee(state, {s: Racer(s, 0.2 * s) for s in range(1, players)}, think_delay=0.3)
    windows = 0
    for round_ in range(rounds):
        for step in range(500):
            if state.is_over() or (step >= rnd.randint(3, 25) and (windows or round_)):
                break  # the first take-back comes after some window closed
            if 0 in ref.unready():
                ref.ready(0)
            elif 0 in state.to_move() and state.legal_moves(0):
                legal = state.legal_moves(0)
                quiet = [m for m in legal if m.name not in ("snap",)] or legal
                ref.submit(rnd.choice(quiet))
            played = ref.advance(rnd.choice([0.1, 0.5, 1.5]))
            windows += sum(p.move.name in ("snap", "close") for p in played)  # raced, or closed in time
        if state.is_over() or not any(m.startswith("0: ") for m in state.log):
            continue
        ref.take_back([0], {s: Racer(s, 0.2 * s) for s in range(1, players)})
        assert observed(state) == observed(state.replay(len(state.log)))
    assert windows > 0, "some quick-discard window should have been raced or closed"
