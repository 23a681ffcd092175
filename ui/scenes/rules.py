"""The rules of each game, in the chosen language, in a scrollable text box.

The pages are Markdown files ``assets/rules/<lang>/<game_id>.md`` (English when a translation is
missing). ``markdown_to_html`` turns the subset they use — headings, paragraphs, bullet and
numbered lists, tables, bold, italics, code, links — into the HTML subset pygame_gui's ``UITextBox``
draws.
"""

from __future__ import annotations

import html
import re
import warnings
from typing import TYPE_CHECKING

import pygame
from pygame_gui.elements import UITextBox

from ui.resources import resource_path
from ui.scenes.base import MenuScene
from ui.scenes.common import game_title, games
from ui.tutorial import has_tutorial, start_tutorial

if TYPE_CHECKING:
    from ui.app import App

GOLD = "#F0CE78"
SOFT = "#C9D8C4"
HEADING_SIZES = {1: 30, 2: 24, 3: 20}
SHORT_HEADER = 16  # longer table headers are left out of each row (the cell speaks for itself)


def rules_text(game_id: str, language: str) -> str:
    """The Markdown rules of ``game_id`` in ``language`` (falling back to English)."""
    for lang in (language, "en"):
        path = resource_path(f"rules/{lang}/{game_id}.md")
        if path.is_file():
            return path.read_text(encoding="utf-8")
    return ""


def _without_title(text: str) -> str:
    """The page without its first-level title (the scene's heading already names the game)."""
    lines = text.split("\n")
    if lines and lines[0].startswith("# "):
        lines = lines[1:]
    return "\n".join(lines).lstrip("\n")


def _inline(text: str) -> str:
    """Escape ``text`` and turn Markdown emphasis, code and links into HTML tags."""
    out = html.escape(text, quote=False)
    out = re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", out)
    out = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", out)
    out = re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", r"<i>\1</i>", out)
    out = re.sub(r"`([^`]+)`", rf"<font color='{GOLD}'>\1</font>", out)
    return out


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def markdown_to_html(text: str, scale: float = 1.0) -> str:
    """Render the Markdown subset of the rules pages as UITextBox HTML."""
    out: list[str] = []
    block: list[str] = []  # the lines of the paragraph or list item being read
    item: tuple[str, int] | None = None  # (mark, indent) when ``block`` is a list item
    table: list[list[str]] = []

    def flush() -> None:
        nonlocal item
        if block:
            body = _inline(" ".join(block))
            if item is None:
                out.append(body + "<br><br>")
            else:
                mark, indent = item
                out.append("\u00a0" * (2 + indent) + f"<font color='{GOLD}'>{mark}</font> {body}<br>")
            block.clear()
        item = None
        if table:
            header, *rows = table
            for row in rows:
                parts = [
                    (f"<font color='{SOFT}'>{_inline(name)}:</font> " if len(name) <= SHORT_HEADER else "")
                    + (f"<b>{_inline(cell)}</b>" if index == 0 else _inline(cell))
                    for index, (name, cell) in enumerate(zip(header, row, strict=False))
                    if cell and cell not in ("—", "-")
                ]
                out.append(f"<font color='{GOLD}'>•</font> " + "  ·  ".join(parts) + "<br>")
            table.clear()
            out.append("<br>")

    for raw in text.splitlines():
        stripped = raw.strip()
        indent = len(raw) - len(raw.lstrip())
        if stripped.startswith("|"):
            if not table:
                flush()
            if not re.fullmatch(r"\|?[\s:|-]+\|?", stripped):
                table.append(_cells(stripped))
            continue
        if table or not stripped:
            flush()
            if not stripped:
                if out and out[-1].endswith("<br>") and not out[-1].endswith("<br><br>"):
                    out.append("<br>")
                continue
        heading = re.match(r"(#{1,6})\s+(.*)", stripped)
        bullet = re.match(r"[-*+]\s+(.*)", stripped)
        numbered = re.match(r"(\d+)[.)]\s+(.*)", stripped)
        if heading:
            flush()
            size = int(HEADING_SIZES.get(len(heading.group(1)), 18) * scale)
            out.append(
                f"<font color='{GOLD}' pixel_size={size}><b>{_inline(heading.group(2))}</b></font><br>"
            )
        elif bullet:
            flush()
            item = ("•", indent)
            block.append(bullet.group(1))
        elif numbered:
            flush()
            item = (numbered.group(1) + ".", indent)
            block.append(numbered.group(2))
        else:
            block.append(stripped)
    flush()
    return "".join(out)


class RulesScene(MenuScene):
    """The rules page of one game, with a tab per registered game."""

    def __init__(self, app: App, game_id: str) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.text_box: UITextBox | None = None
        self.tabs: dict[str, object] = {}

    def build(self) -> None:
        w, h = self.size
        margin = max(self.px(40), int(w * 0.06))
        top = self.heading_bottom()
        tab_h = self.px(40)
        ids = list(games())
        tab_w = min(self.px(240), (w - 2 * margin - self.px(10) * (len(ids) - 1)) // max(1, len(ids)))
        x = (w - (tab_w * len(ids) + self.px(10) * (len(ids) - 1))) // 2
        self.tabs = {}
        for game_id in ids:
            tab = self.button(
                pygame.Rect(x, top, tab_w, tab_h),
                game_title(self.app, game_id),
                lambda g=game_id: self.show(g),
                kind="tab_button",
                nav=False,
                object_id=f"#tab_{game_id}",
            )
            if game_id == self.game_id:
                tab.select()
            self.tabs[game_id] = tab
            x += tab_w + self.px(10)
        bh = self.px(48)
        base = 21 if self.large else 17
        with warnings.catch_warnings():  # pygame_gui warns when a font was already loaded: harmless
            warnings.simplefilter("ignore", UserWarning)
            self.app.ui.preload_fonts(
                [
                    {"name": "noto_sans", "point_size": int(size * self.k), "style": "bold"}
                    for size in HEADING_SIZES.values()
                ]
                + [{"name": "noto_sans", "point_size": base, "style": style} for style in ("bold", "italic")]
            )
        width = min(w - 2 * margin, self.px(1100))
        box = pygame.Rect(
            (w - width) // 2, top + tab_h + self.px(14), width, h - top - tab_h - bh - self.px(60)
        )
        self.text_box = UITextBox(
            markdown_to_html(_without_title(rules_text(self.game_id, self.app.language)), self.k),
            box,
            manager=self.app.ui,
            container=self.root,
            object_id=self.oid("rules", "#rules_text"),
        )
        bw, gap = self.px(220), self.px(16)
        tutorial = has_tutorial(self.game_id)
        left = (w - bw * (2 if tutorial else 1) - (gap if tutorial else 0)) // 2
        self.button(
            pygame.Rect(left, h - bh - self.px(20), bw, bh),
            self.app.tr("common.back"),
            self.back,
            kind="primary_button",
        )
        if tutorial:
            self.button(pygame.Rect(left + bw + gap, h - bh - self.px(20), bw, bh),
                        self.app.tr("tutorial.rules_button"), lambda: start_tutorial(self.app, self.game_id))

    def initial_focus(self) -> int:
        return 0

    def show(self, game_id: str) -> None:
        """Switch to the rules of another game."""
        self.game_id = game_id
        self.rebuild()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            ids = list(games())
            if self.game_id in ids:
                step = 1 if event.key == pygame.K_RIGHT else -1
                self.show(ids[(ids.index(self.game_id) + step) % len(ids)])
            return True
        if (
            event.type == pygame.KEYDOWN
            and self.text_box is not None
            and self.text_box.scroll_bar is not None
        ):
            bar = self.text_box.scroll_bar
            page = self.text_box.rect.height * 0.8
            delta = {
                pygame.K_DOWN: 60,
                pygame.K_UP: -60,
                pygame.K_PAGEDOWN: page,
                pygame.K_PAGEUP: -page,
            }.get(event.key)
            if delta is not None:
                bar.set_scroll_from_start_percentage(
                    min(
                        1.0,
                        max(
                            0.0,
                            bar.start_percentage
                            + delta / max(1, self.text_box.text_box_layout.layout_rect.height),
                        ),
                    )
                )
                return True
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.draw_heading(surface, self.app.tr("rules.heading", game=game_title(self.app, self.game_id)))
