"""Drawing over the table's resting cards, remembering where.

The table keeps what lies under its overlays (the felt and the resting cards) as a layer and redraws
on the screen only the areas that changed. Whatever is drawn over that layer (flying cards, buttons,
the log, a game's badges and score cards) goes through an ``Ink``, which notes the area of each
stroke, so that the next frame knows where to put the layer back before drawing the overlays again.
A stroke drawn on the bare surface instead would leave a trail; an ``Ink`` is not a surface, so
``pygame.draw`` refuses it at once rather than drawing unnoted.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

Colour = Any
Point = Any


class Ink:
    """``surface`` drawn on through ``pygame.draw``'s strokes and ``blit``, each stroke's area noted in
    ``areas``."""

    def __init__(self, surface: pygame.Surface) -> None:
        self.surface = surface
        self.areas: list[pygame.Rect] = []

    def note(self, area: pygame.Rect) -> pygame.Rect:
        """Note an area drawn on some other way (a card sprite draws itself and says where)."""
        self.areas.append(area)
        return area

    def blit(self, source: pygame.Surface, dest: Any, area: Any = None) -> pygame.Rect:
        return self.note(self.surface.blit(source, dest, area))

    def rect(self, colour: Colour, rect: Any, width: int = 0, border_radius: int = 0) -> pygame.Rect:
        return self.note(pygame.draw.rect(self.surface, colour, rect, width, border_radius=border_radius))

    def circle(self, colour: Colour, center: Point, radius: float, width: int = 0) -> pygame.Rect:
        return self.note(pygame.draw.circle(self.surface, colour, center, radius, width))

    def polygon(self, colour: Colour, points: Sequence[Point], width: int = 0) -> pygame.Rect:
        return self.note(pygame.draw.polygon(self.surface, colour, points, width))

    def line(self, colour: Colour, start: Point, end: Point, width: int = 1) -> pygame.Rect:
        return self.note(pygame.draw.line(self.surface, colour, start, end, width))

    def arc(self, colour: Colour, rect: Any, start: float, stop: float, width: int = 1) -> pygame.Rect:
        return self.note(pygame.draw.arc(self.surface, colour, rect, start, stop, width))
