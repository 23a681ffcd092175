"""What the nodes of a panel over the table do when touched, for a renderer of pictures (a browser
seat, ``ui.web``): a panel that is a scene of its own on the desktop (Gin Rummy's knock panel, the
score sheet) gives its picture's nodes and, for each node a player may act on, a ``Touch``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ui.picture.model import Rect


@dataclass(frozen=True)
class Touch:
    """A tap on the node does ``tap``; letting it go on one of ``drops``' rectangles does that drop's
    action (each a local action of the panel, as its click or drop does on the desktop)."""

    tap: Callable[[], None] | None = None
    drops: tuple[tuple[Rect, Callable[[], None]], ...] = ()
