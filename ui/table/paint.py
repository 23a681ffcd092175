"""The table's drawing helpers that need no scene: the felt, merged redraw regions, how a resting
card looks to the resting layer, a name plate's fitting line, a button from an adapter's spec."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ui.table.gestures import ButtonSpec
from ui.table.layout import TableLayout
from ui.table.sprites import CardSprite
from ui.table.widgets import Button, TextCache


def area(rect: pygame.Rect) -> int:
    """A rectangle's area in pixels."""
    return rect.w * rect.h


def button_for(spec: ButtonSpec, tr: Callable[..., str]) -> Button:
    """The button an adapter asked for, its shortcut named after its label (``table.key_hint``: on a
    touch screen, no key is named)."""
    label = spec.label if spec.shortcut is None else tr(
        "table.key_hint", label=spec.label, shortcut=pygame.key.name(spec.shortcut).upper())
    return Button(spec.key, label, spec.action, primary=spec.primary, shortcut=spec.shortcut, apart=spec.apart)


def fitting_parts(text: TextCache, line: str, size: int, room: int) -> str:
    """``line``'s parts (``a · b · c``) that fit ``room`` pixels at the smallest text size, the last
    ones left out first: a small name plate shows "bot · normal" rather than run off its edge."""
    parts = line.split(" · ")
    shown = line
    while len(parts) > 1 and text.width(shown, text.fitting_size(shown, size, room)) > room:
        parts.pop()
        shown = " · ".join(parts)
    return shown


def merge_regions(rects: list[pygame.Rect], screen: pygame.Rect) -> list[pygame.Rect]:
    """``rects`` clipped to ``screen``, overlapping ones joined, so that no area is drawn twice.

    >>> merge_regions([pygame.Rect(0, 0, 10, 10), pygame.Rect(5, 5, 10, 10), pygame.Rect(50, 0, 5, 5)],
    ...               pygame.Rect(0, 0, 52, 100))
    [Rect(0, 0, 15, 15), Rect(50, 0, 2, 5)]
    """
    merged: list[pygame.Rect] = []
    for rect in rects:
        rect = rect.clip(screen)
        if not rect.w or not rect.h:
            continue
        hit = rect.collidelist(merged)
        while hit != -1:
            rect = rect.union(merged.pop(hit))
            hit = rect.collidelist(merged)
        merged.append(rect)
    return merged


def hidden_under(sprite: CardSprite, above: CardSprite) -> bool:
    """Whether ``sprite`` is entirely covered by the next card drawn (a card deep in a still pile)."""
    return (sprite.motion is None and above.motion is None and sprite.zone == above.zone
            and sprite.rect == above.rect and sprite.highlight is None)


def focus_group(item: CardSprite | Button) -> str:
    """The keyboard focus group of an item (Ctrl+arrows jump between groups)."""
    if isinstance(item, Button):
        return "button"
    return "hand" if item.zone.startswith("hand:") else "table"


def draw_felt(layout: TableLayout, surface: pygame.Surface | None = None) -> pygame.Surface:
    """The table: dark room, wooden rim, green felt with a fine grain and a soft light in the middle
    (drawn once per layout), on ``surface`` (of the window's size) or on a new surface."""
    w, h = layout.size
    if surface is None:
        surface = pygame.Surface((w, h))
    surface.fill((16, 22, 20))
    felt = layout.felt
    rim = felt.inflate(-2, -2)
    radius = round(min(felt.w, felt.h) * 0.22)
    pygame.draw.rect(surface, (60, 34, 18), rim, border_radius=radius)
    pygame.draw.rect(surface, (112, 68, 36), rim.inflate(-6, -6), border_radius=radius - 3)
    pygame.draw.rect(surface, (140, 88, 48), rim.inflate(-6, -6), 2, border_radius=radius - 3)
    inner = rim.inflate(-round(layout.unit * 0.32), -round(layout.unit * 0.32))
    pygame.draw.rect(surface, (18, 84, 52), inner, border_radius=radius - 8)
    # soft light: concentric rounded rectangles, lighter towards the middle
    steps = 14
    for i in range(1, steps + 1):
        t = i / steps
        rect = inner.inflate(-round(inner.w * 0.5 * t), -round(inner.h * 0.5 * t))
        colour = (round(18 + 14 * t), round(84 + 34 * t), round(52 + 18 * t))
        pygame.draw.rect(surface, colour, rect, border_radius=max(8, round((radius - 8) * (1 - t * 0.7))))
    _add_grain(surface, inner, radius - 8)
    pygame.draw.rect(surface, (214, 174, 84), inner, 2, border_radius=radius - 8)
    return surface


def _add_grain(surface: pygame.Surface, inner: pygame.Rect, corner: int) -> None:
    """Add the grain of the cloth to ``surface`` inside the rounded rectangle ``inner``: straight
    on where the rectangle is square, through a mask of the rounded rectangle only in its corners
    (the same pixels as a grain and a mask of the felt's size, without two surfaces of its size to
    make and blend: 50 ms less for a 4K table)."""
    tile = _grain_tile()
    size = tile.get_width()
    corner = max(0, min(corner, inner.w // 2, inner.h // 2))

    def tiles(target: pygame.Surface, area: pygame.Rect, origin: tuple[int, int], flags: int) -> None:
        """The tiles laid from ``origin`` (on ``target``'s coordinates) that fall in ``area``."""
        x0 = origin[0] + (area.x - origin[0]) // size * size
        y0 = origin[1] + (area.y - origin[1]) // size * size
        for x in range(x0, area.right, size):
            for y in range(y0, area.bottom, size):
                target.blit(tile, (x, y), special_flags=flags)

    for area in (pygame.Rect(inner.x, inner.y + corner, inner.w, inner.h - 2 * corner),
                 pygame.Rect(inner.x + corner, inner.y, inner.w - 2 * corner, corner),
                 pygame.Rect(inner.x + corner, inner.bottom - corner, inner.w - 2 * corner, corner)):
        if area.w > 0 and area.h > 0:
            surface.set_clip(area)
            tiles(surface, area, inner.topleft, pygame.BLEND_RGB_ADD)
    surface.set_clip(None)
    if not corner:
        return
    grain, mask = pygame.Surface((corner, corner)), pygame.Surface((corner, corner))
    for x in (0, inner.w - corner):
        for y in (0, inner.h - corner):
            grain.fill((0, 0, 0))
            tiles(grain, grain.get_rect(), (-x, -y), 0)
            mask.fill((0, 0, 0))
            pygame.draw.rect(mask, (255, 255, 255), pygame.Rect(-x, -y, inner.w, inner.h), border_radius=corner)
            grain.blit(mask, (0, 0), special_flags=pygame.BLEND_RGB_MIN)
            surface.blit(grain, (inner.x + x, inner.y + y), special_flags=pygame.BLEND_RGB_ADD)


_GRAIN: list[pygame.Surface] = []


def _grain_tile() -> pygame.Surface:
    """A small tile of faint random specks (seeded, so every table looks the same)."""
    if not _GRAIN:
        import random

        rng = random.Random(20261121)
        tile = pygame.Surface((128, 128))
        tile.fill((0, 0, 0))
        for _ in range(2600):
            v = rng.randrange(3, 9)
            tile.set_at((rng.randrange(128), rng.randrange(128)), (v, v + 2, v))
        _GRAIN.append(tile)
    return _GRAIN[0]
