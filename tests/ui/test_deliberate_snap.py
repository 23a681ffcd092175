"""A snap is deliberate (issue 35), the case of a press held across windows: begun in one
quick-discard window and released in the next (opened a moment before), it snaps nothing and costs
no penalty card; pressed and released in the window on screen, it still snaps."""

from __future__ import annotations

import pygame

from tests.ui.table_helpers import post, run_until
from tests.ui.test_table_gang import gang_table, phase, slot, to_bobs_first_window
from ui.session import SeatInfo


def _seats() -> list[SeatInfo]:
    return [SeatInfo("Alice"), SeatInfo("Bob", "normal"), SeatInfo("Cara", "normal")]


def test_a_press_in_one_window_released_in_the_next_costs_no_card(app) -> None:
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


def test_a_press_and_release_in_the_window_on_screen_still_snaps(app) -> None:
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
