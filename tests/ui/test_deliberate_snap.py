"""A snap is deliberate (issue 35): a click on one's own card counts for a quick-discard window only
if that window was on screen when the mouse button went down. A press begun in one window and
released in the next (opened a moment before) is no snap and costs no penalty card."""

from __future__ import annotations

import pygame

from tests.ui.table_helpers import post, run_until
from tests.ui.test_table_gang import gang_table, phase, slot, to_bobs_first_window
from ui.session import SeatInfo
from ui.table.match import counts_for


def _seats() -> list[SeatInfo]:
    return [SeatInfo("Alice"), SeatInfo("Bob", "normal"), SeatInfo("Cara", "normal")]


def test_a_press_in_one_window_released_in_the_next_snaps_nothing(app) -> None:
    scene = gang_table(app, _seats())
    state = scene.state
    to_bobs_first_window(app, scene)  # Bob's 4 is on the discard, its window on screen
    target = slot(scene, 0, 0).rect.center  # Alice's 3
    post(pygame.MOUSEMOTION, pos=target, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=target, button=1)
    app.step(1 / 60)
    scene.driver.pass_window(0)  # the window closes without her; Cara throws and opens the next
    run_until(app, lambda: phase(scene) == "window" and state.view(None)["active"] == 2)
    post(pygame.MOUSEBUTTONUP, pos=target, button=1)
    app.step(1 / 60)
    assert not any(line.startswith("0: snap") for line in state.log), state.log
    assert len(state.view(0)["slots"][0]) == 4  # no penalty card


def test_a_press_and_release_in_the_window_on_screen_snaps(app) -> None:
    scene = gang_table(app, _seats())
    state = scene.state
    to_bobs_first_window(app, scene)
    target = slot(scene, 0, 0).rect.center
    post(pygame.MOUSEMOTION, pos=target, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=target, button=1)
    app.step(1 / 60)
    post(pygame.MOUSEBUTTONUP, pos=target, button=1)
    app.step(1 / 60)
    assert "0: snap 0.0" in state.log


def test_counts_for() -> None:
    window = (1, 4, False, "M4")
    assert counts_for(None, None) and counts_for(None, window)  # no window: an ordinary click
    assert counts_for(window, window)
    assert not counts_for(window, None)  # pressed before the window was shown
    assert not counts_for((1, 5, False, "M6"), window)  # pressed in the window before
    assert not counts_for((1, 4, False, "M7"), window)  # a card let through changed the target
