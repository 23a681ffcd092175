"""The rules of each game, in the chosen language, on a scrollable page.

The pages are Markdown files ``assets/rules/<lang>/<game_id>.md`` (English when a translation is
missing). ``markdown_blocks`` reads the subset they use — headings, paragraphs, bullet and numbered
lists, tables, bold, italics, code, links, and pictures of the table (``ui.table.rules_pictures``) — and
``RulesPage`` lays it out and draws only what is on screen, so that a page opens at once (pygame_gui's
text box built the whole page as one image, for most of a second). The pictures are drawn from the
frame after the page opened, one a frame, and kept.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

import pygame

from ui.announce import Priority
from ui.resources import resource_path
from ui.scenes.base import MenuScene
from ui.scenes.common import game_title, games
from ui.spoken import aloud, sentence
from ui.table.rules_pictures import ASPECT, PICTURES, picture_height
from ui.tutorial import has_tutorial, start_tutorial

if TYPE_CHECKING:
    from ui.app import App

from ui.scenes import art

HEADING_SIZES = {1: 30, 2: 24, 3: 20}
COLOURS = {"plain": art.CREAM, "bold": art.CREAM, "italic": (226, 226, 210), "code": art.GOLD_LIGHT,
           "soft": (201, 216, 196), "mark": art.GOLD_LIGHT, "heading1": art.GOLD_LIGHT,
           "heading2": art.GOLD_LIGHT, "heading3": art.GOLD_LIGHT}
FELT = (16, 72, 44)
"""The colour of a picture's place until the picture is drawn."""
SCROLL_STEP = 60
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


Run = tuple[str, str]
"""A piece of text and its style: ``plain``, ``bold``, ``italic``, ``code`` or ``heading<n>``."""


def _runs(text: str, base: str = "plain") -> list[Run]:
    """Markdown emphasis, code and links in one line of text, as styled runs."""
    text = re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", text)
    out: list[Run] = []
    pattern = re.compile(r"\*\*(.+?)\*\*|(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])|`([^`]+)`")
    pos = 0
    for m in pattern.finditer(text):
        if m.start() > pos:
            out.append((text[pos:m.start()], base))
        bold, italic, code = m.groups()
        out.append((bold, "bold") if bold is not None else (italic, "italic") if italic is not None else (code, "code"))
        pos = m.end()
    if pos < len(text):
        out.append((text[pos:], base))
    return out


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


@dataclass
class Block:
    """A paragraph of the page: its runs, its left indent in ems and its list mark (if any)."""

    runs: list[Run]
    indent: float = 0.0
    mark: str = ""
    space_after: float = 0.6
    """Blank space under the block, in lines."""
    picture: str = ""
    """A picture of the table (``![caption](table:<name>)``, see ``ui.table.rules_pictures``): ``runs``
    are then its caption."""


PICTURE = re.compile(r"!\[([^\]]*)\]\(table:([\w-]+)\)")


def markdown_blocks(text: str) -> list[Block]:
    """The Markdown subset of the rules pages — headings, paragraphs, bullet and numbered lists,
    tables (one line per row, each cell named by its column), bold, italics, code, and pictures of
    the table on a line of their own — as blocks."""
    out: list[Block] = []
    lines: list[str] = []
    item: tuple[str, int] | None = None
    table: list[list[str]] = []

    def flush() -> None:
        nonlocal item
        if lines:
            runs = _runs(" ".join(lines))
            if item is None:
                out.append(Block(runs))
            else:
                mark, indent = item
                out.append(Block(runs, indent=1.2 + indent / 2, mark=mark, space_after=0.2))
            lines.clear()
        item = None
        if table:
            header, *rows = table
            for row in rows:
                parts: list[Run] = []
                for index, (name, cell) in enumerate(zip(header, row, strict=False)):
                    if not cell or cell in ("—", "-"):
                        continue
                    if parts:
                        parts.append(("  ·  ", "plain"))
                    if len(name) <= SHORT_HEADER:
                        parts.append((f"{name}: ", "soft"))
                    parts += _runs(cell, "bold" if index == 0 else "plain")
                out.append(Block(parts, indent=1.2, mark="•", space_after=0.2))
            table.clear()
            out[-1].space_after = 0.6

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
                if out:
                    out[-1].space_after = max(out[-1].space_after, 0.6)
                continue
        picture = PICTURE.fullmatch(stripped)
        if picture:
            flush()
            out.append(Block(_runs(picture.group(1), "italic"), picture=picture.group(2), space_after=0.8))
            continue
        heading = re.match(r"(#{1,6})\s+(.*)", stripped)
        bullet = re.match(r"[-*+]\s+(.*)", stripped)
        numbered = re.match(r"(\d+)[.)]\s+(.*)", stripped)
        if heading:
            flush()
            out.append(Block(_runs(heading.group(2), f"heading{min(3, len(heading.group(1)))}"), space_after=0.4))
        elif bullet:
            flush()
            item = ("•", indent)
            lines.append(bullet.group(1))
        elif numbered:
            flush()
            item = (numbered.group(1) + ".", indent)
            lines.append(numbered.group(2))
        else:
            lines.append(stripped)
    flush()
    return out


@dataclass
class Placed:
    """A word on the page: its text, style and top-left (in page pixels)."""

    text: str
    style: str
    x: int
    y: int


@dataclass
class PlacedPicture:
    """A picture of the table on the page: its name and where it goes (in page pixels)."""

    name: str
    rect: pygame.Rect


PictureSource = Callable[[str, int], "pygame.Surface | None"]
"""Gives a picture of the page by name and width (None: not to be had)."""


class RulesPage:
    """The blocks of a page laid out in lines for one width, drawn a screenful at a time.

    Laying out only measures words (fast); drawing renders the words of the visible lines, so a
    long page opens at once and scrolls without building one tall image. A picture takes the
    page's width, or less where it would be taller than ``picture_height``, with its caption
    centred under it (on the page's width); it is asked of the ``PictureSource`` only once it is on screen.
    """

    def __init__(self, blocks: list[Block], width: int, font: Callable[[str], pygame.font.Font],
                 picture_height: int = 0) -> None:
        self.font = font
        self.words: list[Placed] = []
        self.pictures: list[PlacedPicture] = []
        self.height = 0
        self.picture_height = picture_height
        self._images: dict[tuple[str, str], pygame.Surface] = {}
        self.sections: list[tuple[int, str]] = []
        """Each section's top (page pixels) and its words, as a voice reads them: a heading and what
        follows it up to the next heading (the words before the first heading make one too)."""
        y = 0
        for block in blocks:
            said = " ".join(sentence(aloud(text)) for text in ["".join(text for text, _ in block.runs)] if text.strip())
            if not self.sections or (block.runs and block.runs[0][1].startswith("heading")):
                self.sections.append((y, said))
            elif said:
                self.sections[-1] = (self.sections[-1][0], f"{self.sections[-1][1]} {said}".strip())
            y = self._place_picture(block, width, y) if block.picture else self._place(block, width, y)
        self.height = y

    def _place_picture(self, block: Block, width: int, y: int) -> int:
        gap = round(self.font("plain").get_linesize() * 0.3)
        pic_w = max(1, min(width, round(max(1, self.picture_height) * ASPECT)))
        rect = pygame.Rect((width - pic_w) // 2, y + gap, pic_w, picture_height(pic_w))
        self.pictures.append(PlacedPicture(block.picture, rect))
        first = len(self.words)
        y = self._place(Block(block.runs, space_after=block.space_after), width, rect.bottom + gap)
        lines: dict[int, list[Placed]] = {}
        for word in self.words[first:]:
            lines.setdefault(word.y, []).append(word)
        for line in lines.values():  # each line of the caption centred under the picture
            right = max(w.x + self.font(w.style).size(w.text)[0] for w in line)
            shift = (width - right - line[0].x) // 2
            for word in line:
                word.x += max(0, shift)
        return y

    def _place(self, block: Block, width: int, y: int) -> int:
        plain = self.font("plain")
        em = plain.size("M")[0]
        left = round(block.indent * em)
        line_h = max(self.font(style).get_linesize() for _, style in block.runs) if block.runs else 0
        if block.mark:
            self.words.append(Placed(block.mark, "mark", left - round(1.0 * em), y))
        x = left
        for text, style in block.runs:
            font = self.font(style)
            space = font.size(" ")[0]
            for word in re.split(r"(?<= )", text):
                if not word:
                    continue
                w = font.size(word.rstrip(" "))[0]
                if x + w > width and x > left:
                    x, y = left, y + line_h
                    word = word.lstrip(" ")
                    w = font.size(word.rstrip(" "))[0]
                self.words.append(Placed(word.rstrip(" "), style, x, y))
                x += w + (space if word.endswith(" ") else 0)
        return y + line_h + round(block.space_after * plain.get_linesize())

    def draw(self, surface: pygame.Surface, area: pygame.Rect, top: int, colours: dict[str, tuple[int, int, int]],
             picture: PictureSource | None = None) -> None:
        """Draw the part of the page from ``top`` (page pixels) into ``area``; its pictures from
        ``picture`` (their places where it has none yet)."""
        old = surface.get_clip()
        surface.set_clip(area)
        bottom = top + area.height
        for word in self.words:
            if word.y + 60 < top or word.y > bottom or not word.text:
                continue
            key = (word.text, word.style)
            image = self._images.get(key)
            if image is None:
                image = self.font(word.style).render(word.text, True, colours.get(word.style, colours["plain"]))
                self._images[key] = image
            surface.blit(image, (area.x + word.x, area.y + word.y - top))
        for placed in self.visible_pictures(top, area.height):
            shown = placed.rect.move(area.x, area.y - top)
            image = picture(placed.name, placed.rect.w) if picture is not None else None
            if image is not None:
                part = shown.clip(area)  # only the part on screen: a picture scrolls under the box's edges
                surface.blit(image.subsurface(part.move(-shown.x, -shown.y)), part)
            else:  # its place, until it is drawn (a frame or two after the page opened)
                pygame.draw.rect(surface, FELT, shown, border_radius=3)
            pygame.draw.rect(surface, colours["mark"], shown.inflate(2, 2), width=1, border_radius=3)
        surface.set_clip(old)

    def visible_pictures(self, top: int, height: int) -> list[PlacedPicture]:
        """The pictures at least partly between ``top`` and ``top + height`` (page pixels)."""
        return [p for p in self.pictures if p.rect.bottom > top and p.rect.y < top + height]

    def text(self) -> str:
        """The page's words, in order (for tests and speech)."""
        return " ".join(w.text for w in self.words)


class RulesScene(MenuScene):
    """The rules page of one game, with a tab per registered game."""

    def __init__(self, app: App, game_id: str) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.tabs: dict[str, object] = {}
        self.box = pygame.Rect(0, 0, 0, 0)
        self.page: RulesPage | None = None
        self.scroll = 0
        """Page pixels scrolled past the top of the box."""
        self.section = -1
        """The section read aloud last (-1: none yet), see ``read_section``."""
        self.shown = False
        """Whether the page's opening frame has come: its pictures are drawn from the next frame on,
        so that the page opens as fast as it did without them."""

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
                partial(self.show, game_id),
                kind="tab_button",
                nav=False,
                object_id=f"#tab_{game_id}",
            )
            if game_id == self.game_id:
                tab.select()
            self.tabs[game_id] = tab
            x += tab_w + self.px(10)
        bh = self.px(48)
        width = min(w - 2 * margin, self.px(1100))
        self.box = pygame.Rect((w - width) // 2, top + tab_h + self.px(14), width, h - top - tab_h - bh - self.px(60))
        caption = self.style_font("italic").get_linesize() * 2 + self.px(24)
        self.shown = False
        self.page = RulesPage(markdown_blocks(_without_title(rules_text(self.game_id, self.app.language))),
                              self.box.width - self.px(48), self.style_font,
                              picture_height=max(self.px(60), self.box.height - self.px(32) - caption))
        self.scroll = 0
        self.section = -1
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

    def picture(self, name: str, width: int) -> pygame.Surface | None:
        """A picture of this page's table (drawn the first time it is asked for, then kept)."""
        return PICTURES.get(self.app, self.game_id, name, width)

    def drawn_picture(self, name: str, width: int) -> pygame.Surface | None:
        """A picture of this page's table if it is drawn already (the frame then shows its place)."""
        return PICTURES.drawn(self.app, self.game_id, name, width)

    def _waiting(self) -> list[PlacedPicture]:
        """The page's pictures not drawn yet, the nearest to what is on screen first."""
        if self.page is None:
            return []
        waiting = [p for p in self.page.pictures if not PICTURES.ready(self.app, self.game_id, p.name, p.rect.w)]
        return sorted(waiting, key=lambda p: abs(p.rect.y - self.scroll))

    def update(self, dt: float) -> None:
        """Draw one more of the page's pictures, the nearest first, one a frame after the page's
        opening frame (the page opens at once, its pictures come in the next frames)."""
        if not self.shown:
            self.shown = True  # this frame opens the page: its text alone
            return
        waiting = self._waiting()
        if waiting:
            self.picture(waiting[0].name, waiting[0].rect.w)

    def idle(self) -> bool:
        return super().idle() and not self._waiting()

    def show(self, game_id: str) -> None:
        """Switch to the rules of another game."""
        self.game_id = game_id
        self.rebuild()

    def spoken_title(self) -> str:
        return self.app.tr("rules.heading", game=game_title(self.app, self.game_id))

    def spoken_keys(self) -> str:
        """How many sections the page has and the keys that read them."""
        return self.app.tr("menu.rules_keys", n=len(self.page.sections) if self.page else 0)

    def read_section(self, step: int) -> None:
        """H (``step`` 1), Shift+H (-1), R (0): read the next, previous or same section aloud, at
        once, and scroll the page to it so that a helper sees what is read."""
        if self.page is None or not self.page.sections:
            return
        last = len(self.page.sections) - 1
        self.section = min(last, max(0, self.section + step)) if self.section >= 0 or step <= 0 else 0
        top, words = self.page.sections[self.section]
        self.scroll = min(self.max_scroll, top)
        where = self.app.tr("menu.rules_section", n=self.section + 1, count=last + 1)
        self.app.announce(f"{where} {words}", Priority.INTERRUPT, "rules")

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_h, pygame.K_r) \
                and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            self.read_section(0 if event.key == pygame.K_r else -1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            ids = list(games())
            if self.game_id in ids:
                step = 1 if event.key == pygame.K_RIGHT else -1
                self.show(ids[(ids.index(self.game_id) + step) % len(ids)])
            return True
        if event.type == pygame.KEYDOWN:
            page = int(self.box.height * 0.8)
            delta = {pygame.K_DOWN: SCROLL_STEP, pygame.K_UP: -SCROLL_STEP, pygame.K_PAGEDOWN: page,
                     pygame.K_PAGEUP: -page, pygame.K_HOME: -10**9, pygame.K_END: 10**9}.get(event.key)
            if delta is not None:
                self.scroll_by(delta)
                return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * SCROLL_STEP)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self._track().collidepoint(event.pos):
            self.scroll_to_fraction((event.pos[1] - self._track().y) / max(1, self._track().height))
            return True
        return super().handle_event(event)

    @property
    def max_scroll(self) -> int:
        return max(0, (self.page.height if self.page else 0) - (self.box.height - self.px(32)))

    def scroll_by(self, delta: int) -> None:
        self.scroll = min(self.max_scroll, max(0, self.scroll + delta))

    def scroll_to_fraction(self, fraction: float) -> None:
        self.scroll = round(min(1.0, max(0.0, fraction)) * self.max_scroll)

    def _track(self) -> pygame.Rect:
        return pygame.Rect(self.box.right - self.px(18), self.box.y + self.px(12), self.px(8), self.box.height - self.px(24))

    def style_font(self, style: str) -> pygame.font.Font:
        """The font of a style of the page."""
        base = 21 if self.large else 17
        if style.startswith("heading"):
            return self.app.font(int(HEADING_SIZES.get(int(style[-1]), 18) * self.k), bold=True)
        return self.app.font(base, bold=style in ("bold", "mark"))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.draw_heading(surface, self.app.tr("rules.heading", game=game_title(self.app, self.game_id)))
        layer = pygame.Surface(self.box.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (6, 34, 20, 190), layer.get_rect(), border_radius=14)
        pygame.draw.rect(layer, (*art.GOLD, 170), layer.get_rect(), width=1, border_radius=14)
        surface.blit(layer, self.box)
        if self.page is not None:
            inner = self.box.inflate(-self.px(48), -self.px(32))
            inner.x = self.box.x + self.px(24)
            self.page.draw(surface, inner, self.scroll, COLOURS, self.drawn_picture)
            if self.max_scroll:
                track = self._track()
                pygame.draw.rect(surface, (20, 60, 40), track, border_radius=4)
                visible = inner.height / max(1, self.page.height)
                thumb_h = max(self.px(24), round(track.height * visible))
                y = track.y + round((track.height - thumb_h) * self.scroll / self.max_scroll)
                pygame.draw.rect(surface, art.GOLD, (track.x, y, track.width, thumb_h), border_radius=4)
