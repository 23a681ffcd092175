"""About Tablée: the version, where the player's data lives, and every licence, scrollable.

The licence texts are long (the LGPL alone is 500 lines), so they are drawn as plain lines of text,
wrapped once per width and only the visible ones drawn; the wheel, the arrows, Page Up/Down,
Home and End scroll them.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import pygame

from ui.notices import NOTICES_FILE, third_party_notices
from ui.resources import root_path
from ui.scenes import art
from ui.scenes.base import MenuScene
from ui.text import wrap_text
from ui.version import tablee_version

if TYPE_CHECKING:
    from ui.app import App

SCROLL_KEYS = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -20, pygame.K_PAGEDOWN: 20}


def licence_text() -> str:
    """The project's licence followed by the third-party notices (the shipped file when packaged,
    else written from the installed packages)."""
    own = root_path("LICENSE")
    parts = [own.read_text(encoding="utf-8") if own.is_file() else "MIT License"]
    shipped = root_path(NOTICES_FILE)
    if shipped.is_file():
        parts.append(shipped.read_text(encoding="utf-8", errors="replace"))
    elif not getattr(sys, "frozen", False):
        parts.append(third_party_notices(root_path("packaging/licenses")))
    return "\n\n".join(parts)


class AboutScene(MenuScene):
    """The About page (see the module docstring)."""

    heading_key = "about.heading"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.text = licence_text()
        self.scroll = 0
        self._wrapped: tuple[int, list[str]] | None = None
        self.area = pygame.Rect(0, 0, 0, 0)

    def build(self) -> None:
        self.back_button_below()

    def initial_focus(self) -> int:
        return 0

    def spoken_page(self) -> str:
        """Where this Tablée keeps its files (the licence is read on screen, Up and Down scroll it)."""
        return self.folders()

    def lines(self, width: int) -> list[str]:
        """The licence text wrapped to ``width`` pixels (kept until the width changes)."""
        if self._wrapped is None or self._wrapped[0] != width:
            self._wrapped = (width, wrap_text(self.app.font(self.px(14)), self.text, width))
        return self._wrapped[1]

    def scroll_by(self, lines: int) -> None:
        visible = max(1, self.area.height // max(1, self.app.font(self.px(14)).get_linesize()))
        total = len(self._wrapped[1]) if self._wrapped else 0
        self.scroll = max(0, min(self.scroll + lines, max(0, total - visible)))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-3 * event.y)
            return True
        if event.type == pygame.KEYDOWN and event.key in SCROLL_KEYS:
            self.scroll_by(SCROLL_KEYS[event.key])
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_HOME, pygame.K_END):
            self.scroll = 0 if event.key == pygame.K_HOME else 10**9
            self.scroll_by(0)
            return True
        return super().handle_event(event)

    def folders(self) -> str:
        """Where this Tablée keeps its files: one folder, or the desktop's three (``disk.places``)."""
        places = self.app.places
        if places.config == places.data == places.state:
            return self.app.tr("about.data", folder=str(places.data))
        return self.app.tr("about.places", config=str(places.config), data=str(places.data), state=str(places.state))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        tr = self.app.tr
        w, h = surface.get_size()
        top = self.heading_bottom()
        width = min(self.px(960), w - 2 * self.px(40))
        x = (w - width) // 2
        info = [
            tr("about.version", version=tablee_version()),
            self.folders(),
            tr("about.licence"),
        ]
        font = self.app.font(self.px(17))
        y = top
        for line in info:
            for part in wrap_text(font, line, width):
                surface.blit(font.render(part, True, art.CREAM), (x, y))
                y += font.get_linesize()
        y += self.px(10)
        self.area = pygame.Rect(x, y, width, h - y - self.px(90))
        panel = self.area.inflate(self.px(24), self.px(16))
        layer = pygame.Surface(panel.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (6, 34, 20, 190), layer.get_rect(), border_radius=12)
        pygame.draw.rect(layer, (*art.GOLD, 160), layer.get_rect(), width=1, border_radius=12)
        surface.blit(layer, panel)
        small = self.app.font(self.px(14))
        step = small.get_linesize()
        lines = self.lines(self.area.width)
        self.scroll_by(0)
        old_clip = surface.get_clip()
        surface.set_clip(self.area)
        for n, line in enumerate(lines[self.scroll:self.scroll + self.area.height // step + 1]):
            if line:
                surface.blit(small.render(line, True, (214, 222, 206)), (self.area.x, self.area.y + n * step))
        surface.set_clip(old_clip)
        if len(lines) * step > self.area.height:
            hint = small.render(tr("about.scroll", line=self.scroll + 1, lines=len(lines)), True, art.GOLD_LIGHT)
            surface.blit(hint, hint.get_rect(topright=(panel.right, panel.bottom + self.px(4))))
        self.draw_focus(surface)
