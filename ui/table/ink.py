"""What a game draws over the table's cards goes through an ``Ink``.

The table's renderer draws again only where its picture changed, so whatever a game draws over the
cards (badges, a bubble, a clock, a score card) must be one of its picture's nodes
(``TableAdapter.picture_nodes``): the renderer draws the game's marks clipped to the regions that
changed. An ``Ink`` offers the strokes a game needs and is not a surface, so that a game's drawing
cannot keep a surface of the table's to draw on later, behind the renderer's back.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

Colour = Any
Point = Any


class Ink:
    """``surface`` drawn on through ``pygame.draw``'s strokes and ``blit``; each stroke returns the
    area it drew on."""

    def __init__(self, surface: pygame.Surface) -> None:
        self.surface = surface

    def blit(self, source: pygame.Surface, dest: Any, area: Any = None) -> pygame.Rect:
        return self.surface.blit(source, dest, area)

    def rect(self, colour: Colour, rect: Any, width: int = 0, border_radius: int = 0) -> pygame.Rect:
        return pygame.draw.rect(self.surface, colour, rect, width, border_radius=border_radius)

    def circle(self, colour: Colour, center: Point, radius: float, width: int = 0) -> pygame.Rect:
        return pygame.draw.circle(self.surface, colour, center, radius, width)

    def polygon(self, colour: Colour, points: Sequence[Point], width: int = 0) -> pygame.Rect:
        return pygame.draw.polygon(self.surface, colour, points, width)

    def line(self, colour: Colour, start: Point, end: Point, width: int = 1) -> pygame.Rect:
        return pygame.draw.line(self.surface, colour, start, end, width)

    def arc(self, colour: Colour, rect: Any, start: float, stop: float, width: int = 1) -> pygame.Rect:
        """An arc, drawn on a layer of its own then blitted: pygame draws a thick arc's edge pixels
        differently when the surface is clipped, and the renderer draws clipped to what changed."""
        bounds = pygame.Rect(rect)
        layer = pygame.Surface(bounds.size, pygame.SRCALPHA)
        pygame.draw.arc(layer, colour, layer.get_rect(), start, stop, width)
        return self.surface.blit(layer, bounds)
