"""A player's undo takes back their last decision, not a move the referee played for them when a
clock ran out. Before, a Gang de mouettes swap followed by the quick-discard window closing on time
('0: close', in the player's name) could never be taken back: Undo took back the close, the window
closed again at once, and the table said "Taken back: 1 move" with nothing changed."""

from __future__ import annotations

from game import GAMES
from game.core.referee import Referee


def test_undo_after_a_window_closed_on_time_takes_back_the_swap_before_it() -> None:
    desc = GAMES["gang_de_mouettes"]
    state = desc.new_match(2, desc.Options(match_end=100, snap_window_seconds=2.0, end_turn_grace_seconds=60.0),
                           seed=4)
    state.keep_undo()
    ref = Referee(state, {1: desc.make_bot("easy", 1)})
    for _ in range(200):  # up to seat 0's draw, the bot playing its turns
        if 0 in ref.unready():
            ref.ready(0)
        elif 0 in state.to_move() and any(m.name == "draw" for m in state.legal_moves(0)):
            break
        else:
            ref.advance(1.0)
    ref.submit(next(m for m in state.legal_moves(0) if m.name == "draw"))
    swap = next(m for m in state.legal_moves(0) if m.name == "swap")
    ref.submit(swap)
    before_swap = len(state.log) - 1
    while not state.log[-1].endswith(": close"):  # the bot lets the window go: the clock closes it
        ref.advance(0.5)
    assert state.log[-1] == "0: close"
    taken = ref.take_back([0])
    assert taken[0] == str(swap) and len(state.log) == before_swap
    assert any(m.name == "swap" for m in state.legal_moves(0)), "the drawn card is to be decided again"
