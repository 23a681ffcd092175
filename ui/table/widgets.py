"""Small drawn widgets of the table: text cache, buttons, the log panel, the pass-and-play curtain.

Everything is rendered once and kept until its text or size changes, so an idle table renders no
text at all.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from ui.app import wrap_text

FONT_COLOUR = (246, 238, 214)
GOLD = (222, 182, 88)
INK = (20, 26, 22)
PANEL = (12, 40, 26)


CACHED_TEXTS = 800
"""Rendered texts a table keeps; beyond, the least recently drawn is forgotten."""


class TextCache:
    """Rendered text surfaces keyed by (text, size, bold, colour)."""

    def __init__(self, font: Callable[[int, bool], pygame.font.Font]) -> None:
        self._font = font
        self._cache: dict[tuple[str, int, bool, tuple], pygame.Surface] = {}

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        return self._font(max(8, int(size)), bold)

    def render(self, text: str, size: int, colour: tuple = FONT_COLOUR, bold: bool = False) -> pygame.Surface:
        key = (text, int(size), bold, tuple(colour))
        img = self._cache.pop(key, None)
        if img is None:
            if len(self._cache) >= CACHED_TEXTS:  # forget the text least recently drawn
                del self._cache[next(iter(self._cache))]
            img = self.font(size, bold).render(text, True, colour)
        self._cache[key] = img  # now the most recently drawn
        return img

    def fit(self, text: str, size: int, width: int, colour: tuple = FONT_COLOUR, bold: bool = False) -> pygame.Surface:
        """``text`` rendered at ``size`` or smaller so that it fits ``width`` pixels (sizes are tried
        by measuring, and only the one that fits is rendered)."""
        size = int(size)
        measured = self.font(size, bold).size(text)[0]
        if measured > width and size > 9:  # text width is about proportional to its size: start there
            top, size = size, max(9, min(size - 1, size * width // measured))
            while size + 1 < top and self.font(size + 1, bold).size(text)[0] <= width:
                size += 1
            while size > 9 and self.font(size, bold).size(text)[0] > width:
                size -= 1
        return self.render(text, size, colour, bold)

    def wrap(self, text: str, size: int, width: int, bold: bool = False) -> list[str]:
        """``text`` split into lines that fit ``width`` pixels at this size."""
        return wrap_text(self.font(size, bold), text, width)


@dataclass(eq=False)
class Button:
    """A clickable, focusable button. ``action`` is a ``Move`` or a zero-argument callable."""

    key: str
    label: str
    action: Any
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    primary: bool = False
    hover: bool = False
    text_size: int = 0

    def draw(self, surface: pygame.Surface, text: TextCache, focused: bool) -> None:
        base = (196, 150, 52) if self.primary else (36, 74, 52)
        if self.hover or focused:
            base = tuple(min(255, c + 28) for c in base)
        shadow = self.rect.move(0, 3)
        pygame.draw.rect(surface, (0, 0, 0, 90) if surface.get_flags() & pygame.SRCALPHA else (8, 30, 18),
                         shadow, border_radius=self.rect.h // 3)
        pygame.draw.rect(surface, base, self.rect, border_radius=self.rect.h // 3)
        pygame.draw.rect(surface, GOLD if not focused else (255, 255, 255), self.rect, 2 if not focused else 3,
                         border_radius=self.rect.h // 3)
        colour = INK if self.primary else FONT_COLOUR
        img = text.fit(self.label, self.text_size or round(self.rect.h * 0.42), self.rect.w - 16, colour, bold=True)
        surface.blit(img, img.get_rect(center=self.rect.center))


def layout_buttons(buttons: list[Button], text: TextCache, bar: pygame.Rect) -> None:
    """Give each button a rectangle in ``bar``, centred, sized to its label."""
    if not buttons:
        return
    h = bar.h
    size = round(h * 0.42)
    gap = round(h * 0.3)
    while True:
        widths = [max(round(h * 2.2), text.render(b.label, size, bold=True).get_width() + round(h * 0.8))
                  for b in buttons]
        total = sum(widths) + gap * (len(buttons) - 1)
        if total <= bar.w or size <= 10:
            break
        size -= 1
    scale = min(1.0, bar.w / total) if total else 1.0
    x = bar.centerx - total * scale / 2
    for b, w in zip(buttons, widths):
        b.rect = pygame.Rect(round(x), bar.y, round(w * scale), h)
        b.text_size = size
        x += (w + gap) * scale


def layout_column(buttons: list[Button], text: TextCache, bottom_left: tuple[int, int], width: int,
                  height: int) -> None:
    """Stack ``buttons`` upwards from ``bottom_left``, each ``width`` × ``height``, one text size for all."""
    size = round(height * 0.44)
    while size > 9 and any(text.render(b.label, size, bold=True).get_width() > width - 14 for b in buttons):
        size -= 1
    gap = max(4, height // 5)
    x, y = bottom_left
    for b in reversed(buttons):
        b.rect = pygame.Rect(x, y - height, width, height)
        b.text_size = size
        y -= height + gap


class LogPanel:
    """What each player did, in words; the newest lines at the bottom of a translucent panel."""

    def __init__(self, text: TextCache, keep: int = 60, on_add: Callable[[str], None] | None = None) -> None:
        """``on_add`` hears every new line (the table reads them aloud when the player asks)."""
        self.text = text
        self.lines: list[str] = []
        self.keep = keep
        self.on_add = on_add
        self._surface: pygame.Surface | None = None
        self._key: tuple | None = None

    def add(self, line: str) -> None:
        self.lines.append(line)
        del self.lines[:-self.keep]
        self._surface = None
        if self.on_add is not None:
            self.on_add(line)

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        if not self.lines:
            return
        key = (rect.size, len(self.lines), self.lines[-1] if self.lines else "")
        if self._surface is None or key != self._key:
            self._surface = self._render(rect)
            self._key = key
        surface.blit(self._surface, rect)

    def _render(self, rect: pygame.Rect) -> pygame.Surface:
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (*PANEL, 170), layer.get_rect(), border_radius=10)
        size = max(12, round(rect.h / 11))
        line_h = self.text.font(size).get_linesize()
        pad = round(size * 0.6)
        fit = max(1, (rect.h - 2 * pad) // line_h)
        entries: list[list[str]] = []
        used = 0
        for line in reversed(self.lines):
            wrapped = self.text.wrap(line, size, rect.w - 2 * pad)
            if entries and used + len(wrapped) > fit:
                break
            entries.append(wrapped[-fit:])
            used += len(entries[-1])
        y = pad
        for age, wrapped in reversed(list(enumerate(entries))):
            colour = FONT_COLOUR if age == 0 else (200, 210, 196) if age < 3 else (150, 170, 150)
            for line in wrapped:
                layer.blit(self.text.render(line, size, colour), (pad, y))
                y += line_h
        return layer


class Curtain:
    """The full-screen "Pass to <name>" cover of pass-and-play; it hides every card."""

    def __init__(self, text: TextCache) -> None:
        self.text = text
        self.name: str | None = None
        self._surface: pygame.Surface | None = None
        self._key: tuple | None = None

    @property
    def shown(self) -> bool:
        return self.name is not None

    def show(self, name: str) -> None:
        self.name = name
        self._surface = None

    def hide(self) -> None:
        self.name = None

    def draw(self, surface: pygame.Surface, title: str, hint: str) -> None:
        key = (surface.get_size(), title, hint)
        if self._surface is None or key != self._key:
            self._surface = self._render(surface.get_size(), title, hint)
            self._key = key
        surface.blit(self._surface, (0, 0))

    def _render(self, size: tuple[int, int], title: str, hint: str) -> pygame.Surface:
        w, h = size
        layer = pygame.Surface(size)
        for y in range(0, h, 4):
            t = y / h
            pygame.draw.rect(layer, (round(14 + 10 * t), round(44 + 20 * t), round(30 + 12 * t)), (0, y, w, 4))
        box = pygame.Rect(0, 0, round(w * 0.56), round(h * 0.32))
        box.center = (w // 2, h // 2)
        pygame.draw.rect(layer, (8, 30, 18), box.move(0, 6), border_radius=18)
        pygame.draw.rect(layer, (24, 70, 46), box, border_radius=18)
        pygame.draw.rect(layer, GOLD, box, 3, border_radius=18)
        big = self.text.fit(title, round(h * 0.07), box.w - 40, GOLD, bold=True)
        layer.blit(big, big.get_rect(center=(box.centerx, box.y + box.h * 0.4)))
        small = self.text.fit(hint, round(h * 0.03), box.w - 40, FONT_COLOUR)
        layer.blit(small, small.get_rect(center=(box.centerx, box.y + box.h * 0.72)))
        return layer
