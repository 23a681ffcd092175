"""Statistics: matches played and won against bots of each level, per game, and pass-and-play
matches (what counts is explained in ``ui.storage``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ui.scenes import art
from ui.scenes.base import MenuScene
from ui.scenes.common import game_title, games
from ui.storage import LEVEL_ORDER

if TYPE_CHECKING:
    from ui.app import App


class StatsScene(MenuScene):
    """A table of results, one block per game."""

    heading_key = "stats.heading"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.data: dict[str, Any] = {}

    def build(self) -> None:
        self.data = self.app.storage.stats()
        w, h = self.size
        bw, bh = self.px(220), self.px(48)
        self.button(pygame.Rect((w - bw) // 2, h - bh - self.px(24), bw, bh), self.app.tr("common.back"), self.back,
                    kind="primary_button")

    def initial_focus(self) -> int:
        return 0

    def rows(self) -> list[tuple[str, list[str]]]:
        """(game title, [cells per level…, pass-and-play]) for every registered or recorded game."""
        ids = list(games()) + [g for g in self.data if g not in games()]
        out = []
        for game_id in ids:
            record = self.data.get(game_id, {})
            levels = record.get("levels", {})
            cells = []
            for level in LEVEL_ORDER:
                row = levels.get(level, {})
                played, won = int(row.get("played", 0)), int(row.get("won", 0))
                cells.append(self.app.tr("stats.cell", won=won, played=played,
                                         percent=round(100 * won / played) if played else 0)
                             if played else "—")
            pnp = int(record.get("pass_and_play", 0))
            cells.append(str(pnp) if pnp else "—")
            out.append((game_title(self.app, game_id), cells))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        tr = self.app.tr
        w, h = surface.get_size()
        top = self.heading_bottom()
        rows = self.rows()
        width = min(self.px(1000), w - 2 * self.px(40))
        first_col = int(width * 0.28)
        col_w = (width - first_col - self.px(40)) // 4
        row_h = self.px(54)
        panel = pygame.Rect((w - width) // 2, top, width, row_h * (len(rows) + 1) + self.px(110))
        layer = pygame.Surface(panel.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (6, 34, 20, 175), layer.get_rect(), border_radius=16)
        pygame.draw.rect(layer, (*art.GOLD, 200), layer.get_rect(), width=2, border_radius=16)
        surface.blit(layer, panel)
        head_font = self.app.font(self.px(17), bold=True)
        cell_font = self.app.font(self.px(19))
        name_font = self.app.font(self.px(20), bold=True)
        x0 = panel.left + self.px(24)
        y = panel.top + self.px(20)
        headers = [tr("stats.vs_easy"), tr("stats.vs_normal"), tr("stats.vs_hard"), tr("stats.pass_and_play")]
        for i, text in enumerate(headers):
            img = head_font.render(text, True, art.GOLD_LIGHT)
            surface.blit(img, img.get_rect(midtop=(x0 + first_col + col_w * i + col_w // 2, y)))
        y += self.px(34)
        pygame.draw.line(surface, art.GOLD, (x0, y), (panel.right - self.px(24), y), 1)
        for index, (title, cells) in enumerate(rows):
            if index % 2:
                band = pygame.Surface((panel.width - self.px(24), row_h), pygame.SRCALPHA)
                band.fill((255, 255, 255, 12))
                surface.blit(band, (panel.left + self.px(12), y))
            img = name_font.render(title, True, art.CREAM)
            surface.blit(img, img.get_rect(midleft=(x0, y + row_h // 2)))
            for i, text in enumerate(cells):
                img = cell_font.render(text, True, art.CREAM)
                surface.blit(img, img.get_rect(center=(x0 + first_col + col_w * i + col_w // 2, y + row_h // 2)))
            y += row_h
        note_font = self.app.font(self.px(15))
        y += self.px(14)
        for line in tr("stats.explain").split("\n"):
            img = note_font.render(line, True, (200, 216, 196))
            surface.blit(img, (x0, y))
            y += note_font.get_linesize()
