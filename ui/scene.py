"""Scenes: the screens of the app, kept on a stack (Game Programming Patterns' state stack).

Only the top scene receives input and updates; scenes below a ``transparent`` one are drawn first,
so a pause menu or a dialog shows the table behind it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from ui.app import App
    from ui.spoken import Heard


class Scene:
    """One screen. Subclasses override what they need; the defaults do nothing."""

    transparent: bool = False

    def __init__(self, app: App) -> None:
        self.app = app
        self.painted: list[pygame.Rect] | None = None
        """The areas of the screen the last ``draw`` changed, or None for the whole screen: a scene
        that knows sets it (see ``App.drawn_over``), and the window shows only those areas anew."""

    def enter(self) -> None:
        """Became the top scene (build widgets here)."""

    def leave(self) -> None:
        """Covered by another scene or popped (remove widgets here)."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to one input event; return True when it was consumed."""
        return False

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene onto ``surface``."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size."""

    def spoken_screen(self) -> Heard | None:
        """The screen as a player who listens hears it (``ui.scenes.base.Heard``), for the app to
        announce what changes; None: the scene speaks for itself (the table, the score sheet)."""
        return None

    def idle(self) -> bool:
        """Whether the scene shows nothing that moves until input arrives, so the app may wait for
        events instead of drawing frames (the default, False, keeps the steady frame rate)."""
        return False
