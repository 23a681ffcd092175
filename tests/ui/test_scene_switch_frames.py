"""A scene switch draws the whole window: no pixel of the screen before it may stay.

The table draws only what changed since its last frame, trusting the window to hold the rest.
After *Host again* the waiting room's "Opening the table…" stayed painted over the host's table:
the waiting room became the table in its own update, after the widgets' drawing list was made for
the frame, so its killed labels were drawn once more over the table's first frame, which the table
then kept. The first frame after any switch must trust nothing: the screen is filled with a
magenta sentinel just before the switch, one frame is run, and no magenta may be left, nor
anything a whole new frame would not draw.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pytest

from game import GAMES
from net.client import SeatClient
from net.protocol import PROTOCOL_VERSION, encode
from net.table import HostedTable, NetSeat
from tests.ui.conftest import center, click, press
from ui.scenes.network import LobbyScene
from ui.session import MatchSession, SeatInfo
from ui.table.scene import TableScene

MAGENTA = (255, 0, 255)
CODE = "QWE234"


def sentinel(app: Any) -> None:
    """Paint the screen magenta as if the window held something else, unknown to the scenes."""
    app.screen.fill(MAGENTA)


def magenta_left(app: Any) -> int:
    """How many pixels of the screen are the sentinel's magenta."""
    mask = pygame.mask.from_threshold(app.screen, MAGENTA, (1, 1, 1, 255))
    return mask.count()


def whole(app: Any) -> bytes:
    """The screen as a frame drawn from nothing would leave it (nothing trusted on the screen, the
    widgets caught up with what the scenes made and killed)."""
    app.ui.update(0.0)
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


class Link:
    """A seat's link to a host that answers ``batches`` of messages, one batch a frame."""

    seat = 0
    latency = None
    status = "connected"
    silent = False
    watch = False

    def __init__(self, batches: list[list[dict[str, Any]]]) -> None:
        self.batches = batches
        self.client = SeatClient("127.0.0.1:1", CODE)

    def take(self) -> list[dict[str, Any]]:
        return [self.client._completed(m) for m in self.batches.pop(0)] if self.batches else []

    def send(self, message: dict[str, Any]) -> None:
        return

    def close(self) -> None:
        self.status = "closed"


def waiting_room(app: Any) -> None:
    """A friend's waiting room whose host deals the match in the next frame's news."""
    table = HostedTable(GAMES["gin_rummy"].new_match(["Ann", "Bob"], seed=3),
                        [NetSeat("Ann", "remote"), NetSeat("Bob", "remote")], CODE, auto_start=True)
    ann = table.connect(0.0)
    first = table.handle(ann, encode({"type": "hello", "version": PROTOCOL_VERSION, "code": CODE, "name": "Ann"}), 0.0)
    bob = table.connect(0.0)
    dealt = table.handle(bob, encode({"type": "hello", "version": PROTOCOL_VERSION, "code": CODE, "name": "Bob"}), 0.0)
    link = Link([[m for c, m in first if c == ann and m], [m for c, m in dealt if c == ann and m]])
    app.push(LobbyScene(app, [link]))  # type: ignore[list-item]


def news_deals(app: Any) -> None:
    """Nothing: the host's next news (in the scene's update) opens the table."""


SWITCHES: dict[str, tuple[Callable[[Any], object], Callable[[Any], None]]] = {
    "title to setup": (lambda app: None, to_setup),
    "title to table": (lambda app: None, lambda app: local_table(app) and None),
    "table to pause": (local_table, to_pause),
    "pause to table": (lambda app: (local_table(app), to_pause(app), app.step(1 / 60)), back_to_table),
    "table to title": (local_table, to_title),
    "waiting room to table, by news": (waiting_room, news_deals),
}


@pytest.mark.parametrize("name", list(SWITCHES))
def test_the_first_frame_of_a_new_scene_covers_every_pixel(app: Any, name: str) -> None:
    before, switch = SWITCHES[name]
    before(app)
    for _ in range(1 if name.startswith("waiting room") else 3):  # the scene before is on the window
        app.step(1 / 60)
    top = app.top
    sentinel(app)
    switch(app)
    app.step(1 / 60, draw=False)  # as the loop steps when idle: the switch alone must draw the frame
    assert app.top is not top, "no switch happened"
    assert magenta_left(app) == 0, f"{name}: {magenta_left(app)} pixels of the screen before stayed"
    drawn = pygame.image.tobytes(app.screen, "RGB")
    assert drawn == whole(app), f"{name}: the first frame differs from one drawn from nothing"
