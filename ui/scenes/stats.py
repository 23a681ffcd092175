"""Statistics: matches played and won against bots of each level, per game, and pass-and-play
matches (what counts is explained in ``ui.storage``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ui.app import wrap_text
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
        self.panel = pygame.Rect(0, 0, 0, 0)

    def build(self) -> None:
        self.data = self.app.storage.stats()
        w, h = self.size
        bw, bh, gap = self.px(260), self.px(48), self.px(16)
        self.button(
            pygame.Rect(w // 2 - bw - gap // 2, h - bh - self.px(24), bw, bh),
            self.app.tr("stats.files"),
            self.open_files,
        )
        self.button(
            pygame.Rect(w // 2 + gap // 2, h - bh - self.px(24), bw, bh),
            self.app.tr("common.back"),
            self.back,
            kind="primary_button",
        )

    def open_files(self) -> None:
        """The kept match files, to replay one."""
        from ui.scenes.matchfiles import MatchFilesScene

        self.app.push(MatchFilesScene(self.app))

    def initial_focus(self) -> int:
        return 1

    def rows(self) -> list[tuple[str, list[tuple[str, str]]]]:
        """(game title, [(main, sub) per level…, pass-and-play]) for every registered or recorded game."""
        ids = list(games()) + [g for g in self.data if g not in games()]
        out = []
        for game_id in ids:
            record = self.data.get(game_id, {})
            levels = record.get("levels", {})
            cells = []
            for level in LEVEL_ORDER:
                row = levels.get(level, {})
                played, won = int(row.get("played", 0)), int(row.get("won", 0))
                helped = row.get("assisted") if isinstance(row.get("assisted"), dict) else {}
                extra = int(helped.get("played", 0))
                note = self.app.tr("stats.assisted", n=extra, won=int(helped.get("won", 0))) if extra else ""
                if played:
                    percent = self.app.tr("stats.percent", percent=round(100 * won / played))
                    cells.append((f"{won} / {played}", f"{percent} · {note}" if note else percent))
                else:
                    cells.append(("—", note))
            pnp = int(record.get("pass_and_play", 0))
            cells.append((str(pnp) if pnp else "—", ""))
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
        row_h = self.px(58)
        note_font = self.app.font(self.px(15))
        notes = [
            line
            for para in tr("stats.explain").split("\n")
            for line in wrap_text(note_font, para, width - self.px(48))
        ]
        panel = pygame.Rect(
            (w - width) // 2,
            top,
            width,
            row_h * len(rows) + self.px(110) + note_font.get_linesize() * len(notes),
        )
        self.panel = panel
        layer = pygame.Surface(panel.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (6, 34, 20, 175), layer.get_rect(), border_radius=16)
        pygame.draw.rect(layer, (*art.GOLD, 200), layer.get_rect(), width=2, border_radius=16)
        surface.blit(layer, panel)
        head_font = self.app.font(self.px(17), bold=True)
        cell_font = self.app.font(self.px(19), bold=True)
        sub_font = self.app.font(self.px(14))
        level_font = self.app.font(self.px(16))
        name_font = self.app.font(self.px(20), bold=True)
        x0 = panel.left + self.px(24)
        y = panel.top + self.px(20)
        group = head_font.render(tr("stats.vs_bots"), True, art.GOLD_LIGHT)
        surface.blit(group, group.get_rect(midtop=(x0 + first_col + col_w * 3 // 2, y)))
        pnp = head_font.render(tr("stats.pass_and_play"), True, art.GOLD_LIGHT)
        surface.blit(pnp, pnp.get_rect(midtop=(x0 + first_col + col_w * 3 + col_w // 2, y)))
        y += head_font.get_linesize()
        pygame.draw.line(
            surface,
            art.GOLD,
            (x0 + first_col + self.px(12), y),
            (x0 + first_col + 3 * col_w - self.px(12), y),
        )
        y += self.px(4)
        for i, level in enumerate(LEVEL_ORDER):
            img = level_font.render(tr(f"stats.level.{level}"), True, art.CREAM)
            surface.blit(img, img.get_rect(midtop=(x0 + first_col + col_w * i + col_w // 2, y)))
        y += level_font.get_linesize() + self.px(6)
        pygame.draw.line(surface, art.GOLD, (x0, y), (panel.right - self.px(24), y), 1)
        for index, (title, cells) in enumerate(rows):
            if index % 2:
                band = pygame.Surface((panel.width - self.px(24), row_h), pygame.SRCALPHA)
                band.fill((255, 255, 255, 12))
                surface.blit(band, (panel.left + self.px(12), y))
            img = name_font.render(title, True, art.CREAM)
            surface.blit(img, img.get_rect(midleft=(x0, y + row_h // 2)))
            for i, (main, sub) in enumerate(cells):
                cx = x0 + first_col + col_w * i + col_w // 2
                img = cell_font.render(main, True, art.CREAM)
                if sub:
                    small = sub_font.render(sub, True, (200, 216, 196))
                    top = y + (row_h - img.get_height() - small.get_height()) // 2
                    surface.blit(img, img.get_rect(midtop=(cx, top)))
                    surface.blit(small, small.get_rect(midtop=(cx, top + img.get_height())))
                else:
                    surface.blit(img, img.get_rect(center=(cx, y + row_h // 2)))
            y += row_h
        y += self.px(14)
        for line in notes:
            img = note_font.render(line, True, (200, 216, 196))
            surface.blit(img, (x0, y))
            y += note_font.get_linesize()
