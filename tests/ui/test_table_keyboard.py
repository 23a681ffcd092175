"""Keyboard-only play: Tab and arrows move the focus, Enter confirms."""

from __future__ import annotations

import pygame

from tests.ui.table_helpers import focus_on, key, run_until, stacked_session, start
from ui.session import SeatInfo
from ui.table.widgets import Button


def test_keyboard_only_moves(app) -> None:
    scene = start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))
    state = scene.state
    focus_on(app, scene, lambda item: isinstance(item, Button) and item.key == "pass")
    key(app, pygame.K_RETURN)
    assert state.log[0] == "0: pass"
    run_until(app, lambda: state.to_move() == [0] and state.view(0)["phase"] == "draw")

    focus_on(app, scene, lambda item: getattr(item, "zone", None) == "stock")
    key(app, pygame.K_RETURN)
    assert state.log[-1] == "0: draw"

    focus_on(app, scene, lambda item: getattr(item, "card", None) == "Kh")
    assert scene.input.focused().highlight == "focus"
    key(app, pygame.K_RETURN)
    assert state.log[-1] == "0: discard Kh"

    # Esc opens the pause menu over the table
    key(app, pygame.K_ESCAPE)
    assert type(app.top).__name__ == "PauseScene"


def test_shift_arrows_rearrange_the_hand(app) -> None:
    scene = start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))

    def hand() -> list[str]:
        return [s.card for s in sorted((s for s in scene.sprites if s.zone == "hand:0"), key=lambda s: s.target[0])]

    focus_on(app, scene, lambda item: getattr(item, "card", None) == "Kh")
    before = hand()
    key(app, pygame.K_LEFT, pygame.KMOD_SHIFT)
    after = hand()
    i = before.index("Kh")
    assert after.index("Kh") == i - 1 and sorted(after) == sorted(before)
    assert scene.input.focused().card == "Kh"
    assert scene.state.log == []                              # rearranging is not a move
