"""What a move costs in memory stays bounded, whatever the length of the match (a counting test,
never a timed one).

For every game, a long match is played with random legal moves; over 100 moves from move 10 and 100
moves from move 2,000 we count what the moves keep:

- a state that keeps no undo snapshots (every state but the table's) keeps only its log line and
  the odd history entry: under 1 KiB a move, as early as late (a snapshot of any game is more);
- a state that keeps them (``keep_undo``) copies into each snapshot at most a few times the cards
  of the game, counted item by item (every list it did not share with the snapshot below), and
  keeps at most 8 KiB a move, late as early: nothing in a snapshot grows with the match.

The bytes are those ``tracemalloc`` sees still allocated after the moves (and a garbage collection).
"""

from __future__ import annotations

import gc
import random
import tracemalloc
from typing import Any

import pytest

from game import GAMES
from game.core import GameState
from game.core.undo import Snapshot

pytestmark = pytest.mark.usefixtures("huit_registered")

LONG = {
    "gin_rummy": ({"match_target": 9999, "game_target": 9999}, 2),
    "gang_de_mouettes": ({"match_end": 9999}, 8),
    "lagagne": ({"target": 9999, "max_rounds": 9999}, 4),
    "huit": ({"target": 999}, 4),
}
"""Options under which random play lasts well beyond 2,100 moves, and the table size."""
WINDOW = 100
PLAIN_BYTES = 1024
KEPT_BYTES = 8 * 1024


def copied_items(snapshot: Snapshot, below: Snapshot | None) -> int:
    """How many items ``snapshot`` copied: the length of every list (and row of a list of rows) it
    did not share with ``below``."""
    count = 0
    for i, value in enumerate(snapshot.fields):
        kept = below.fields[i] if below is not None else None
        if type(value) is not list or value is kept:
            continue
        count += len(value)
        if value and type(value[0]) is list:
            old = kept if type(kept) is list else []
            count += sum(len(row) for j, row in enumerate(value) if j >= len(old) or old[j] is not row)
    return count


def window(state: GameState, rnd: random.Random) -> tuple[float, int]:
    """Bytes kept a move over the next ``WINDOW`` moves, and the most items one of their snapshots copied."""
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for _ in range(WINDOW):
            seat = rnd.choice(state.to_move())
            state.apply(rnd.choice(state.legal_moves(seat)))
        gc.collect()
        kept = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    stack: Any = state._undo or []
    items = [copied_items(stack[i], stack[i - 1] if i else None) for i in range(len(stack) - WINDOW, len(stack))
             if i >= 0 and len(stack) >= WINDOW]
    return kept / WINDOW, max(items, default=0)


def warm_up(game_id: str) -> None:
    """Play another match of the game first, so that what the engine builds once and shares between
    all its matches (Gang's event and word tables) is not counted as kept by the measured moves: the
    test counted it when it ran first in its process, and passed only after other tests had built it."""
    desc = GAMES[game_id]
    options, players = LONG[game_id]
    state = desc.new_match(players, desc.Options(**options), seed=11)
    rnd = random.Random(11)
    while len(state.log) < 20 * WINDOW and not state.is_over():
        state.apply(rnd.choice(state.legal_moves(rnd.choice(state.to_move()))))


def early_and_late(game_id: str, undoable: bool) -> list[tuple[float, int]]:
    warm_up(game_id)
    desc = GAMES[game_id]
    options, players = LONG[game_id]
    state = desc.new_match(players, desc.Options(**options), seed=3)
    if undoable:
        state.keep_undo()
    rnd = random.Random(3)
    out = []
    for start in (10, 2000):
        while len(state.log) < start:
            assert not state.is_over()
            seat = rnd.choice(state.to_move())
            state.apply(rnd.choice(state.legal_moves(seat)))
        out.append(window(state, rnd))
    return out


@pytest.mark.parametrize("game_id", sorted(LONG))
def test_a_move_keeps_no_snapshot_unless_asked(game_id: str) -> None:
    for kept, _ in early_and_late(game_id, undoable=False):
        assert kept < PLAIN_BYTES, f"{kept:.0f} bytes kept a move"


@pytest.mark.parametrize("game_id", sorted(LONG))
def test_a_snapshot_copies_a_bounded_amount_at_any_length(game_id: str) -> None:
    desc = GAMES[game_id]
    cards = len(desc.State.full_deck(desc.Options()))
    (early, early_items), (late, late_items) = early_and_late(game_id, undoable=True)
    assert 0 < early_items <= 3 * cards and 0 < late_items <= 3 * cards
    assert early < KEPT_BYTES and late < KEPT_BYTES, f"{early:.0f} then {late:.0f} bytes kept a move"
