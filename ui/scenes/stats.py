"""Statistics: matches played and won against bots of each level, per game, pass-and-play matches
and matches at network tables (what counts is explained in ``ui.storage``)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from ui.scenes import art
from ui.scenes.base import MenuScene
from ui.scenes.common import game_title, games
from ui.storage import LEVEL_ORDER
from ui.text import wrap_text

if TYPE_CHECKING:
    from ui.app import App


FIGURES: dict[str, list[tuple[str, Callable[[dict[str, int], dict[str, Any]], float | None]]]] = {
    "gin_rummy": [
        ("gins", lambda f, g: f.get("gins")),
        ("undercuts_made", lambda f, g: f.get("undercuts_made")),
        ("undercuts_suffered", lambda f, g: f.get("undercuts_suffered")),
        ("points_per_hand", lambda f, g: _ratio(f.get("points"), f.get("hands"))),
        ("best_game", lambda f, g: f.get("best_game")),
        ("best_streak", lambda f, g: g.get("best_streak")),
    ],
    "gang_de_mouettes": [
        ("rounds", lambda f, g: f.get("rounds")),
        ("calls", lambda f, g: f.get("calls")),
        ("calls_won", lambda f, g: f.get("calls_won")),
        ("round_score", lambda f, g: _ratio(f.get("round_points"), f.get("rounds"))),
        ("quick_discards_won", lambda f, g: f.get("quick_discards_won")),
        ("best_streak", lambda f, g: g.get("best_streak")),
    ],
    "lagagne": [
        ("game_length", lambda f, g: _ratio(f.get("rounds"), f.get("seats"))),
        ("best_column", lambda f, g: f.get("best_column")),
        ("steals", lambda f, g: f.get("steals")),
        ("best_streak", lambda f, g: g.get("best_streak")),
    ],
}
"""Each game's figures on its page: an i18n key (``stats.figure.<key>``) and how to compute it from
the summed ``figures`` and the game's record (None: nothing to show yet)."""


def _ratio(total: int | None, count: int | None) -> float | None:
    return None if not count else (total or 0) / count


class StatsScene(MenuScene):
    """A table of results, one block per game; a page per game with its figures and a chart."""

    heading_key = "stats.heading"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.data: dict[str, Any] = {}
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.page = ""
        """"" for the summary, else the game whose page is shown."""

    def show_page(self, game_id: str) -> None:
        """Switch between the summary ("") and a game's page."""
        self.page = game_id
        self.rebuild()

    def build(self) -> None:
        self.data = self.app.storage.stats()
        w, h = self.size
        tabs = ["", *games()]
        tw, th, tg = min(self.px(210), (w - self.px(80)) // len(tabs) - self.px(8)), self.px(38), self.px(8)
        x = (w - len(tabs) * (tw + tg) + tg) // 2
        for tab in tabs:
            text = self.app.tr("stats.summary") if not tab else game_title(self.app, tab)
            kind = "primary_button" if tab == self.page else "menu_button"
            button = self.button(pygame.Rect(x, self.heading_bottom() - self.px(12), tw, th), text,
                                 partial(self.show_page, tab), kind=kind)
            if tab == self.page:
                self.spoken_notes[button] = self.app.tr("menu.shown")
            x += tw + tg
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
        return len(games()) + 2

    def _won_cell(self, row: dict[str, Any], note: str = "") -> tuple[str, str]:
        """A "won / played" cell and its percentage (``note`` on a line below), "—" before any match."""
        played, won = int(row.get("played", 0)), int(row.get("won", 0))
        if not played:
            return "—", note
        percent = self.app.tr("stats.percent", percent=round(100 * won / played))
        return f"{won} / {played}", f"{percent}\n{note}" if note else percent

    def rows(self) -> list[tuple[str, list[tuple[str, str]]]]:
        """(game title, [(main, sub) per level…, pass-and-play, network]) for every registered or
        recorded game. A level's cell counts every match, the assisted ones too (kept apart in the
        file), and says below how many of them were assisted: results are never hidden for it."""
        ids = list(games()) + [g for g in self.data if g not in games()]
        out = []
        for game_id in ids:
            record = self.data.get(game_id, {})
            levels = record.get("levels", {})
            cells = []
            for level in LEVEL_ORDER:
                row = levels.get(level, {})
                helped = row.get("assisted") if isinstance(row.get("assisted"), dict) else {}
                extra = int(helped.get("played", 0))
                won = int(helped.get("won", 0))
                note = self.app.tr("stats.assisted", n=extra, won=self.app.tr("stats.assisted_won", n=won)) if extra else ""
                every = {"played": int(row.get("played", 0)) + extra, "won": int(row.get("won", 0)) + won}
                cells.append(self._won_cell(every, note))
            pnp = int(record.get("pass_and_play", 0))
            cells.append((str(pnp) if pnp else "—", ""))
            network = record.get("network")
            cells.append(self._won_cell(network if isinstance(network, dict) else {}))
            out.append((game_title(self.app, game_id), cells))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.page:
            self._draw_game(surface, self.page)
            return
        tr = self.app.tr
        w, h = surface.get_size()
        top = self.heading_bottom() + self.px(40)
        rows = self.rows()
        width = min(self.px(1000), w - 2 * self.px(40))
        name_font = self.app.font(self.px(20), bold=True)
        widest = max((name_font.size(title)[0] for title, _ in rows), default=0)
        first_col = min(int(width * 0.28), widest + self.px(24))
        col_w = (width - first_col - self.px(40)) // 5
        row_h = self.px(72) if any("\n" in sub for _, cells in rows for _, sub in cells) else self.px(58)
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
        art.panel(surface, panel)
        head_font = self.app.font(self.px(17), bold=True)
        cell_font = self.app.font(self.px(19), bold=True)
        sub_font = self.app.font(self.px(14))
        level_font = self.app.font(self.px(16))
        x0 = panel.left + self.px(24)
        y = panel.top + self.px(20)
        group = head_font.render(tr("stats.vs_bots"), True, art.GOLD_LIGHT)
        surface.blit(group, group.get_rect(midtop=(x0 + first_col + col_w * 3 // 2, y)))
        pnp = head_font.render(tr("stats.pass_and_play"), True, art.GOLD_LIGHT)
        surface.blit(pnp, pnp.get_rect(midtop=(x0 + first_col + col_w * 3 + col_w // 2, y)))
        net = head_font.render(tr("stats.network"), True, art.GOLD_LIGHT)
        surface.blit(net, net.get_rect(midtop=(x0 + first_col + col_w * 4 + col_w // 2, y)))
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
                    lines = []
                    for text in sub.split("\n"):
                        small = sub_font.render(text, True, (200, 216, 196))
                        if small.get_width() > col_w - self.px(6):
                            small = pygame.transform.smoothscale_by(small, (col_w - self.px(6)) / small.get_width())
                        lines.append(small)
                    top = y + (row_h - img.get_height() - sum(line.get_height() for line in lines)) // 2
                    surface.blit(img, img.get_rect(midtop=(cx, top)))
                    top += img.get_height()
                    for small in lines:
                        surface.blit(small, small.get_rect(midtop=(cx, top)))
                        top += small.get_height()
                else:
                    surface.blit(img, img.get_rect(center=(cx, y + row_h // 2)))
            y += row_h
        y += self.px(14)
        for line in notes:
            img = note_font.render(line, True, (200, 216, 196))
            surface.blit(img, (x0, y))
            y += note_font.get_linesize()

    # ------------------------------------------------------------------ a game's page
    def spoken_page(self) -> str:
        """The page shown, as its table reads: the summary's cells game by game (each level, pass
        and play, network), or a game's figures."""
        tr = self.app.tr
        if self.page:
            figures = "; ".join(f"{label}: {tr('menu.none') if value == '—' else value}"
                                for label, value in self.figures(self.page))
            return f"{game_title(self.app, self.page)}. {figures}."
        heads = [tr(f"stats.level.{level}") for level in LEVEL_ORDER] + [tr("stats.pass_and_play"), tr("stats.network")]
        games_said = []
        for title, cells in self.rows():
            said = "; ".join(f"{head}: {self._cell_aloud(main, sub)}" for head, (main, sub) in zip(heads, cells, strict=False))
            games_said.append(f"{title}. {tr('stats.vs_bots')}, {said}.")
        return " ".join(games_said)

    def _cell_aloud(self, main: str, sub: str) -> str:
        """A cell as a voice reads it: "2 won of 5, 40% won", "none yet" for a dash."""
        if main == "—":
            return self.app.tr("menu.none")
        won, _, played = main.partition(" / ")
        main = self.app.tr("menu.won_of", won=won, played=played) if played else main
        return ", ".join(" ".join(part.split()) for part in (main, *sub.split("\n")) if part.strip())

    def figures(self, game_id: str) -> list[tuple[str, str]]:
        """(label, value) of each of the game's figures, "—" where nothing was played yet."""
        record = self.data.get(game_id, {})
        totals = record.get("figures") if isinstance(record.get("figures"), dict) else {}
        out = []
        for key, compute in FIGURES.get(game_id, []):
            try:
                value = compute(totals, record)
            except (TypeError, ValueError):
                value = None
            text = "—" if value is None else self.app.number(value, 1 if isinstance(value, float) else 0)
            out.append((self.app.tr(f"stats.figure.{key}"), text))
        return out

    def results(self, game_id: str) -> list[bool]:
        """Whether each counted match of the game was won, oldest first (for the chart)."""
        record = self.data.get(game_id, {})
        results = record.get("results") if isinstance(record.get("results"), list) else []
        return [bool(r.get("won")) for r in results if isinstance(r, dict)]

    def _draw_game(self, surface: pygame.Surface, game_id: str) -> None:
        w, h = surface.get_size()
        top = self.heading_bottom() + self.px(44)
        width = min(self.px(1000), w - 2 * self.px(40))
        panel = pygame.Rect((w - width) // 2, top, width, h - top - self.px(96))
        self.panel = panel
        art.panel(surface, panel)
        label_font = self.app.font(self.px(17))
        value_font = self.app.font(self.px(22), bold=True)
        col_w = (panel.width - self.px(48)) // 3
        x0, y = panel.left + self.px(24), panel.top + self.px(18)
        figures = self.figures(game_id)
        for row in range(0, len(figures), 3):
            tallest = 0
            for i, (label, value) in enumerate(figures[row:row + 3]):
                cx = x0 + i * col_w
                surface.blit(value_font.render(value, True, art.GOLD_LIGHT), (cx, y))
                lines = wrap_text(label_font, label, col_w - self.px(12))
                for n, line in enumerate(lines):
                    surface.blit(label_font.render(line, True, art.CREAM),
                                 (cx, y + value_font.get_linesize() + n * label_font.get_linesize()))
                tallest = max(tallest, len(lines))
            y += value_font.get_linesize() + tallest * label_font.get_linesize() + self.px(14)
        y += self.px(4)
        head_font = self.app.font(self.px(16), bold=True)
        for line in wrap_text(head_font, self.app.tr("stats.chart"), panel.width - self.px(48)):
            surface.blit(head_font.render(line, True, art.GOLD_LIGHT), (x0, y))
            y += head_font.get_linesize()
        scale = self.app.font(self.px(13)).size("100%")[0] + self.px(6)  # the percentages left of the chart
        chart = pygame.Rect(x0 + scale, y + self.px(6), panel.width - self.px(48) - scale,
                            max(self.px(40), panel.bottom - y - self.px(26)))
        self._draw_chart(surface, chart, self.results(game_id))

    def _draw_chart(self, surface: pygame.Surface, area: pygame.Rect, won: list[bool]) -> None:
        """The win rate after each match (a line), and each match as a dot: filled when won."""
        small = self.app.font(self.px(13))
        pygame.draw.rect(surface, (255, 255, 255, 20), area, 1)
        for pct in (0, 50, 100):
            y = area.bottom - area.height * pct // 100
            pygame.draw.line(surface, (70, 110, 84), (area.left, y), (area.right, y))
            img = small.render(f"{pct}%", True, (200, 216, 196))
            surface.blit(img, img.get_rect(midright=(area.left - self.px(4), y)))
        if not won:
            img = small.render(self.app.tr("stats.chart_empty"), True, art.CREAM)
            surface.blit(img, img.get_rect(center=area.center))
            return
        step = area.width / max(1, len(won) - 1) if len(won) > 1 else 0
        points, wins = [], 0
        for i, result in enumerate(won):
            wins += result
            x = area.left + round(i * step) if len(won) > 1 else area.centerx
            points.append((x, area.bottom - round(area.height * wins / (i + 1))))
        if len(points) > 1:
            pygame.draw.lines(surface, art.GOLD_LIGHT, False, points, 2)
        r = max(2, min(self.px(5), int(step / 3) if step else self.px(5)))
        for (x, _), result in zip(points, won, strict=True):
            y = area.bottom - self.px(10) if not result else area.top + self.px(10)
            pygame.draw.circle(surface, art.CREAM, (x, y), r, 0 if result else 1)
