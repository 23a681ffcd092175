"""A scene switch draws the whole window: no pixel of the screen before it may stay.

The table draws only what changed since its last frame, trusting the window to hold the rest.
After *Host again* the waiting room's "Opening the table…" stayed painted over the host's table
in a real window. Whatever put old pixels there, the first frame after any switch must not
trust them: the screen is filled with a magenta sentinel just before the switch, one frame is
run, and no magenta may be left, nor anything a whole new frame would not draw.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pytest

from tests.ui.conftest import center, click, press
from ui.session import MatchSession, SeatInfo
from ui.table.scene import TableScene

MAGENTA = (255, 0, 255)


def sentinel(app: Any) -> None:
    """Paint the screen magenta as if the window held something else, unknown to the scenes."""
    app.screen.fill(MAGENTA)


def magenta_left(app: Any) -> int:
    """How many pixels of the screen are the sentinel's magenta."""
    mask = pygame.mask.from_threshold(app.screen, MAGENTA, (1, 1, 1, 255))
    return mask.count()


def whole(app: Any) -> bytes:
    """The screen as a frame drawn from nothing would leave it (nothing trusted on the screen)."""
    app._shown = None
    app.draw()
    return pygame.image.tobytes(app.screen, "RGB")


def local_table(app: Any, game: str = "gin_rummy") -> TableScene:
    app.start_match(MatchSession.new(game, [SeatInfo("Ann"), SeatInfo("Bot", "easy")], seed=3))
    scene = app.top
    assert isinstance(scene, TableScene)
    for _ in range(3):
        scene.finish_animations()
        app.step(1 / 60)
    return scene


def to_pause(app: Any) -> None:
    press(app, pygame.K_ESCAPE, steps=0)


def back_to_table(app: Any) -> None:
    press(app, pygame.K_ESCAPE, steps=0)


def to_setup(app: Any) -> None:
    click(app, center(app.top.game_buttons["gin_rummy"]), steps=0)


def to_title(app: Any) -> None:
    app.pop_to_title()


SWITCHES: dict[str, tuple[Callable[[Any], object], Callable[[Any], None]]] = {
    "title to setup": (lambda app: None, to_setup),
    "title to table": (lambda app: None, lambda app: local_table(app) and None),
    "table to pause": (local_table, to_pause),
    "pause to table": (lambda app: (local_table(app), to_pause(app), app.step(1 / 60)), back_to_table),
    "table to title": (local_table, to_title),
}


@pytest.mark.parametrize("name", list(SWITCHES))
def test_the_first_frame_of_a_new_scene_covers_every_pixel(app: Any, name: str) -> None:
    before, switch = SWITCHES[name]
    before(app)
    for _ in range(3):  # the scene before is on the window, still: the next frames draw only changes
        app.step(1 / 60)
    top = app.top
    sentinel(app)
    switch(app)
    app.step(1 / 60, draw=False)  # as the loop steps when idle: the switch alone must draw the frame
    assert app.top is not top, "no switch happened"
    assert magenta_left(app) == 0, f"{name}: {magenta_left(app)} pixels of the screen before stayed"
    drawn = pygame.image.tobytes(app.screen, "RGB")
    assert drawn == whole(app), f"{name}: the first frame differs from one drawn from nothing"
