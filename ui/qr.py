"""QR codes drawn with pygame: the waiting room shows the table's web address as one, for phones.

``segno`` computes the symbol; this draws its module grid as rectangles, dark on light whatever the
theme (a phone's camera reads dark modules on a light ground), with the quiet zone the standard asks
for around it, each module a whole number of pixels so that no edge is blurred.
"""

from __future__ import annotations

from functools import lru_cache

import pygame
import segno

QUIET = 4
"""Modules of light margin around the symbol (the quiet zone the QR standard requires)."""
DARK = (0, 0, 0)
LIGHT = (255, 255, 255)


def qr_matrix(text: str) -> list[list[bool]]:
    """The symbol's modules for ``text`` (error correction M, the smallest version that holds it),
    quiet zone included: ``True`` is dark."""
    return [list(row) for row in _modules(text)]


@lru_cache(maxsize=8)
def _modules(text: str) -> tuple[tuple[bool, ...], ...]:
    """Computed once per text: the waiting room is built again at every seat's news."""
    symbol = segno.make(text, error="m", micro=False)
    return tuple(tuple(bool(module) for module in row) for row in symbol.matrix_iter(scale=1, border=QUIET))


def qr_surface(text: str, size: int) -> pygame.Surface:
    """``text`` as a QR code of at most ``size`` pixels a side (at least one pixel a module)."""
    matrix = qr_matrix(text)
    module = max(1, size // len(matrix))
    surface = pygame.Surface((module * len(matrix), module * len(matrix)))
    surface.fill(LIGHT)
    for y, row in enumerate(matrix):
        x = 0
        while x < len(row):  # one rectangle for each run of dark modules in the row
            if not row[x]:
                x += 1
                continue
            start = x
            while x < len(row) and row[x]:
                x += 1
            surface.fill(DARK, pygame.Rect(start * module, y * module, (x - start) * module, module))
    return surface


def read_modules(surface: pygame.Surface, modules: int) -> list[list[bool]]:
    """The module grid a camera would see on ``surface`` (``modules`` a side, quiet zone included),
    sampled at each module's centre: dark where the pixel is darker than mid-grey."""
    step = surface.get_width() / modules
    grid = []
    for y in range(modules):
        row = []
        for x in range(modules):
            colour = surface.get_at((int((x + 0.5) * step), int((y + 0.5) * step)))
            row.append(colour.r + colour.g + colour.b < 384)
        grid.append(row)
    return grid
