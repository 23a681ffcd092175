"""Small drawn widgets of the table: text cache, buttons, the log panel, the pass-and-play curtain.

Everything is rendered once and kept until its text or size changes, so an idle table renders no
text at all.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

import pygame

from ui.text import KEPT_WITH_PREVIOUS, wrap_text

if TYPE_CHECKING:
    from ui.table.layout import TableLayout

    ApartPlace = Callable[[TableLayout], tuple[tuple[float, float], list[pygame.Rect]]]
    """Where a button kept apart would best stand and what it must stay clear of (``TableAdapter.apart_place``)."""

FONT_COLOUR = (246, 238, 214)
GOLD = (222, 182, 88)
INK = (20, 26, 22)
PANEL = (12, 40, 26)
SEAT_COLOURS = [(178, 64, 52), (52, 98, 170), (60, 140, 84), (150, 88, 170), (196, 130, 40), (40, 140, 150),
                (170, 70, 120), (110, 110, 120)]
"""A seat's colour on its name plate and its line on the score chart."""


T = TypeVar("T")

CACHED_TEXTS = 800
"""Rendered texts a table keeps; beyond, the least recently drawn is forgotten."""
BLOCKS_KEPT = 200
"""Rendered blocks of wrapped text a table keeps before it starts again."""


class TextCache:
    """Rendered text surfaces keyed by (text, size, bold, colour)."""

    def __init__(self, font: Callable[[int, bool], pygame.font.Font]) -> None:
        self._font = font
        self._cache: dict[tuple[str, int, bool, tuple[Any, ...]], pygame.Surface] = {}
        self._fitted: dict[tuple[str, int, int, bool], int] = {}
        self._blocks: dict[tuple[Any, ...], pygame.Surface] = {}
        self._widths: dict[tuple[str, int, bool], int] = {}
        self._wrapped: dict[tuple[str, int, int, bool], tuple[str, ...]] = {}

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        return self._font(max(8, int(size)), bold)

    def width(self, text: str, size: int, bold: bool = False) -> int:
        """How many pixels ``text`` takes at ``size``, measured once (a table measures the same labels,
        log lines and names at the same sizes on every move)."""
        return _kept(self._widths, (text, int(size), bold), lambda: self.font(size, bold).size(text)[0])

    def render(self, text: str, size: int, colour: tuple[int, ...] = FONT_COLOUR, bold: bool = False) -> pygame.Surface:
        key = (text, int(size), bold, tuple(colour))
        img = self._cache.pop(key, None)
        if img is None:
            if len(self._cache) >= CACHED_TEXTS:  # forget the text least recently drawn
                del self._cache[next(iter(self._cache))]
            img = self.font(size, bold).render(text, True, colour)
        self._cache[key] = img  # now the most recently drawn
        return img

    def fit(self, text: str, size: int, width: int, colour: tuple[int, ...] = FONT_COLOUR, bold: bool = False) -> pygame.Surface:
        """``text`` rendered at ``size`` or smaller so that it fits ``width`` pixels (sizes are
        tried by measuring, and the size found is remembered)."""
        return self.render(text, self.fitting_size(text, size, width, bold), colour, bold)

    def ended(self, text: str, size: int, width: int, bold: bool = False) -> str:
        """``text`` ended with "…" within ``width`` pixels at ``size``: whole words while any fits."""
        words = text.split(" ")
        while words[0]:
            shown = " ".join(words) + " …"
            if self.width(shown, size, bold) <= width:
                return shown
            if len(words) > 1:
                words.pop()
            else:
                words[0] = words[0][:-1]
        return "…"

    def cut(self, text: str, size: int, width: int, bold: bool = False, smallest: int = 10) -> str:
        """``text`` as ``fit`` can show it in ``width`` pixels no smaller than ``smallest`` (or ``size``
        if less): whole where it fits so, else ended with "…" at that size."""
        low = min(size, smallest)
        return text if self.width(text, low, bold) <= width else self.ended(text, low, width, bold)

    def fitting_size(self, text: str, size: int, width: int, bold: bool = False) -> int:
        """The largest size up to ``size`` (and at least 9) at which ``text`` fits ``width`` pixels."""
        return _kept(self._fitted, (text, int(size), int(width), bold),
                     lambda: self._fitting(text, int(size), width, bold))

    def _fitting(self, text: str, size: int, width: int, bold: bool) -> int:
        """``fitting_size`` worked out: measured at the proportional size, then a size at a time."""
        measured = self.width(text, size, bold)
        if measured > width and size > 9:  # text width is about proportional to its size: start there
            top, size = size, max(9, min(size - 1, size * width // measured))
            while size + 1 < top and self.width(text, size + 1, bold) <= width:
                size += 1
            while size > 9 and self.width(text, size, bold) > width:
                size -= 1
        return size

    def block(self, text: str, size: int, width: int, height: int, colour: tuple[int, ...] = FONT_COLOUR, bold: bool = False,
              align: str = "center") -> pygame.Surface:
        """``text`` in ``width`` × ``height`` pixels at the largest size up to ``size`` that fits: on
        one line, or wrapped on as many as the height holds (big text goes on two lines in a bar
        rather than shrinking back to small); ``align`` is ``left``, ``center`` or ``right``."""
        key = (text, int(size), int(width), int(height), tuple(colour), bold, align)
        return _kept(self._blocks, key, lambda: self._block(text, int(size), width, height, colour, bold, align),
                     BLOCKS_KEPT)

    def block_lines(self, text: str, size: int, width: int, height: int, bold: bool = False) -> tuple[int, list[str]]:
        """The size and lines ``block`` writes ``text`` in: the largest size up to ``size`` whose
        wrapped lines fit ``width`` × ``height`` (found by halving the range of sizes: a smaller size
        never needs more room), else one line fitted."""
        def fits(at: int) -> bool:
            wrapped = self.wrap(text, at, width, bold)
            return len(wrapped) * self.font(at, bold).get_linesize() <= height and \
                all(self.width(x, at, bold) <= width for x in wrapped)

        low, high = 9, size  # the answer is in low..high; 9 when no size above it fits
        while low < high:
            middle = (low + high + 1) // 2
            if fits(middle):
                low = middle
            else:
                high = middle - 1
        size = low
        lines = self.wrap(text, size, width, bold)
        if len(lines) > 1 and len(lines) * self.font(size, bold).get_linesize() > height:
            lines = [text]
            size = self.fitting_size(text, size, width, bold)
        return size, lines

    def _block(self, text: str, size: int, width: int, height: int, colour: tuple[int, ...], bold: bool,
               align: str) -> pygame.Surface:
        """``block`` drawn, at the size and on the lines of ``block_lines``."""
        size, lines = self.block_lines(text, size, width, height, bold)
        images = [self.render(line, size, colour, bold) for line in lines]
        if len(images) == 1:
            return images[0]
        line_h = self.font(size, bold).get_linesize()
        img = pygame.Surface((max(i.get_width() for i in images), line_h * (len(images) - 1)
                              + images[-1].get_height()), pygame.SRCALPHA)
        img.fill((*colour[:3], 0))  # the edges of the letters blend into their own colour, not black
        for n, line in enumerate(images):
            x = {"left": 0, "right": img.get_width() - line.get_width()}.get(align,
                                                                             (img.get_width() - line.get_width()) // 2)
            img.blit(line, (x, n * line_h))
        return img

    def wrap(self, text: str, size: int, width: int, bold: bool = False) -> list[str]:
        """``text`` split into lines that fit ``width`` pixels at this size (split once, then kept)."""
        lines: tuple[str, ...] = _kept(self._wrapped, (text, int(size), int(width), bold),
                                       lambda: tuple(wrap_text(self.font(size, bold), text, width)))
        return list(lines)


def _kept(store: dict[Any, T], key: Any, make: Callable[[], T], limit: int = 4 * CACHED_TEXTS) -> T:
    """``store[key]``, made by ``make`` the first time; a store grown to ``limit`` entries starts
    again (measures and wrapped blocks are cheap to redo, unlike the single texts the cache keeps
    by recent use)."""
    found = store.get(key)
    if found is None:
        if len(store) >= limit:
            store.clear()
        found = store[key] = make()
    return found


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
    lines: tuple[str, ...] = ()
    """The label on two lines where the layout found it too long for one at its size (else empty)."""
    shortcut: int | None = None
    """A key that presses it (see ``ButtonSpec.shortcut``); the label names it."""
    apart: bool = False
    """Placed on its own, away from the bar (see ``ButtonSpec.apart``)."""

    def draw(self, surface: pygame.Surface, text: TextCache, focused: bool) -> pygame.Rect:
        """The button, its shadow and its label; the area drawn on."""
        base = (196, 150, 52) if self.primary else (36, 74, 52)
        if self.hover or focused:
            base = (min(255, base[0] + 28), min(255, base[1] + 28), min(255, base[2] + 28))
        shadow = self.rect.move(0, 3)
        drawn = pygame.draw.rect(surface, (0, 0, 0, 90) if surface.get_flags() & pygame.SRCALPHA else (8, 30, 18),
                                 shadow, border_radius=self.rect.h // 3)
        drawn.union_ip(pygame.draw.rect(surface, base, self.rect, border_radius=self.rect.h // 3))
        pygame.draw.rect(surface, GOLD if not focused else (255, 255, 255), self.rect, 2 if not focused else 3,
                         border_radius=self.rect.h // 3)
        colour = INK if self.primary else FONT_COLOUR
        size = self.text_size or round(self.rect.h * 0.42)
        images = [text.fit(line, size, self.rect.w - 16, colour, bold=True) for line in self.lines or (self.label,)]
        line_h = text.font(size, True).get_linesize()
        y = self.rect.centery - (line_h * (len(images) - 1) + images[-1].get_height()) // 2
        for img in images:
            drawn.union_ip(surface.blit(img, img.get_rect(midtop=(self.rect.centerx, y))))
            y += line_h
        return drawn


def _two_lines(label: str, text: TextCache, size: int) -> tuple[str, ...]:
    """``label`` split at the space that makes its longer line shortest (a single word stays whole;
    a French mark set after a space never begins the second line, nor « ends the first)."""
    words = label.split(" ")
    splits = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))
              if not words[i].startswith(KEPT_WITH_PREVIOUS) and not words[i - 1].endswith("«")]
    return min(splits, key=lambda pair: max(text.width(pair[0], size, True), text.width(pair[1], size, True)),
               default=(label,))


def layout_buttons(buttons: list[Button], text: TextCache, bar: pygame.Rect) -> None:
    """Give each button a rectangle in ``bar``, centred, sized to its label, one text size for all:
    the largest that fits, with long labels on two lines where that keeps the text larger (big
    text in a narrow bar)."""
    if not buttons:
        return
    h = bar.h
    gap = round(h * 0.3)

    def row(size: int, wrap: bool) -> tuple[list[int], list[tuple[str, ...]], int]:
        lines = [_two_lines(b.label, text, size) if wrap else () for b in buttons]
        needed = [max(text.width(x, size, True) for x in parts or (b.label,)) + round(h * 0.8)
                  for b, parts in zip(buttons, lines)]
        widths = [max(round(h * 2.2), w) for w in needed]  # short labels get a comfortable width, if there is room
        if sum(widths) + gap * (len(buttons) - 1) > bar.w:
            widths = needed
        return widths, lines, sum(widths) + gap * (len(buttons) - 1)

    size = round(h * 0.42)
    while True:
        widths, lines, total = row(size, False)
        if total <= bar.w or size <= 10:
            break
        size -= 1
    two = round(h * 0.42)  # two lines of text fill at most nine tenths of the button's height
    while two > size and 2 * text.font(two, True).get_linesize() > h * 0.9:
        two -= 1
    while two > size:
        wrapped = row(two, True)
        if wrapped[2] <= bar.w:
            size, (widths, lines, total) = two, wrapped
            break
        two -= 1
    if total > bar.w:  # too wide even so: the buttons give up their margins before their labels shrink
        widths, lines, total = _squeezed(buttons, text, size, bar, gap, widths, lines)
    scale = min(1.0, bar.w / total) if total else 1.0
    x = bar.centerx - total * scale / 2
    for b, w, parts in zip(buttons, widths, lines):
        b.rect = pygame.Rect(round(x), bar.y, round(w * scale), h)
        b.text_size = size
        b.lines = tuple(parts) if len(parts) > 1 else ()
        x += (w + gap) * scale


def _squeezed(buttons: list[Button], text: TextCache, size: int, bar: pygame.Rect, gap: int, widths: list[int],
              lines: list[tuple[str, ...]]) -> tuple[list[int], list[tuple[str, ...]], int]:
    """A row of buttons too wide for ``bar`` at their smallest text: each label on two lines where one
    line does not leave the row room (and two lines fit the bar's height), then every button's margin
    cut alike down to what its label needs; the widths, the lines and the row's width."""
    gaps = gap * (len(buttons) - 1)

    def least(parts: list[tuple[str, ...]]) -> list[int]:
        return [max(text.width(x, size, True) for x in p or (b.label,)) + 18 for b, p in zip(buttons, parts)]

    if sum(least(lines)) + gaps > bar.w and 2 * text.font(size, True).get_linesize() <= bar.h * 0.9:
        lines = [p or _two_lines(b.label, text, size) for b, p in zip(buttons, lines)]
        widths = [m + round(bar.h * 0.8) - 18 for m in least(lines)]
    need = least(lines)
    spare = sum(w - m for w, m in zip(widths, need))
    cut = min(1.0, (sum(widths) + gaps - bar.w) / spare) if spare > 0 else 1.0
    widths = [round(w - (w - m) * cut) for w, m in zip(widths, need)]
    return widths, [p if len(p) > 1 else () for p in lines], sum(widths) + gaps


def layout_column(buttons: list[Button], text: TextCache, bottom_left: tuple[int, int], width: int,
                  height: int, top: int = 0) -> None:
    """Stack ``buttons`` upwards from ``bottom_left``, each ``width`` × ``height`` (lower if the stack
    would rise above ``top``), one text size for all."""
    gap = max(4, height // 5)
    if buttons:
        height = max(16, min(height, (bottom_left[1] - top - gap * (len(buttons) - 1)) // len(buttons)))
    size = round(height * 0.44)
    while size > 9 and any(text.width(b.label, size, True) > width - 14 for b in buttons):
        size -= 1
    x, y = bottom_left
    for b in reversed(buttons):
        b.rect = pygame.Rect(x, y - height, width, height)
        b.text_size = size
        y -= height + gap


def place_buttons(main: list[Button], side: list[Button], text: TextCache, layout: TableLayout, bar: pygame.Rect,
                  cards: list[pygame.Rect], apart: ApartPlace | None = None) -> list[Button]:
    """Lay ``main`` out in the ``bar`` and stack ``side`` up from the log, in the room its column leaves
    between the name plates and the ``cards``' places; where there is no room there, the side buttons
    join the bar. An upright window has them in a row of their own over the bar. The main buttons
    kept apart go where ``apart`` finds room for them (``place_apart``). Every button, placed."""
    order = list(main)
    kept = [b for b in main if b.apart and apart is not None]
    main = [b for b in main if b not in kept]
    placed = _bar_and_column(main, side, text, layout, bar, cards)
    if apart is not None:
        place_apart(kept, placed, text, layout, bar, cards, apart)
    return [b for b in order if b in kept or b in placed] + [b for b in placed if b not in order]


def place_apart(kept: list[Button], placed: list[Button], text: TextCache, layout: TableLayout,
                bar: pygame.Rect, cards: list[pygame.Rect], apart: ApartPlace) -> None:
    """Give each of ``kept`` the height of the bar's buttons and a place of its own on the felt, clear of
    the whole bar (where any main button may come), the ``placed`` buttons, the cards, the name plates,
    the log and what ``apart`` names, as near as can be to where ``apart`` would have it (its bottom
    middle): on one line or on two (narrower, where the text stays about as large), whichever stands
    nearer (one line unless two stand more than a card's height nearer). One that finds no room at all
    joins the bar, as any button."""
    gap = round(layout.unit * 0.15)
    (x, bottom), also = apart(layout)
    taken = [bar.inflate(gap * 2, gap * 2), layout.log_rect.inflate(gap, gap), *cards, *also,
             *(b.rect.inflate(gap * 2, gap * 2) for b in placed), *(s.plate.inflate(gap, gap) for s in layout.seats)]
    for b in kept:
        found = []
        size = 0
        for room in (bar.w, round(text.width(b.label, round(bar.h * 0.42), True) * 0.75)):
            layout_buttons([b], text, pygame.Rect(0, 0, room, bar.h))
            if size and (len(b.lines) != 2 or b.text_size < size * 0.7):  # two lines, about as large as one
                break
            size = b.text_size
            w, h = b.rect.size
            spot = layout.clear_spot((w, h), taken, (x, bottom - h / 2), layout.box_room)
            if spot is not None:
                far = abs(spot.centerx - x) + abs(spot.bottom - bottom)
                found.append((far, room, spot))
        if not found:
            layout_buttons([*(p for p in placed if p.rect.colliderect(bar)), b], text, bar)
            continue
        # one line where it stands less than a card's height farther: a label as large as the bar's
        _, room, spot = min(found, key=lambda f: (f[0] - (layout.card_h if f[1] == bar.w else 0), -f[1]))
        layout_buttons([b], text, pygame.Rect(0, 0, room, bar.h))
        b.rect = spot
        taken.append(spot.inflate(gap * 2, gap * 2))


def _bar_and_column(main: list[Button], side: list[Button], text: TextCache, layout: TableLayout,
                    bar: pygame.Rect, cards: list[pygame.Rect]) -> list[Button]:
    """``place_buttons`` for the buttons of the bar and of the side column."""
    layout_buttons(main, text, bar)
    log = layout.log_rect
    gap = round(layout.unit * 0.15)
    height = max(layout.tap, round(layout.em * 0.5))
    floor = min([log.y, *(b.rect.top for b in main if b.rect.right > log.x and b.rect.x < log.right)]) - gap
    column = pygame.Rect(log.x, 0, log.w, floor)
    taken = sorted((r for r in [spot.plate for spot in layout.seats] + cards if r.colliderect(column)),
                   key=lambda r: -r.bottom)
    for rect in taken:
        if rect.bottom > floor:
            floor = min(floor, rect.top - gap)
    top = max([layout.top_bar + round(layout.unit * 0.3), *(r.bottom + gap for r in taken if r.bottom <= floor)])
    # on a phone a side button keeps a thumb's height (and the column's gaps), or joins the bar
    need = height + max(4, height // 5) if layout.tap else height * 0.8 + gap
    if side and not layout.portrait and floor - top < len(side) * need:
        main, side = main + side, []  # no room there: they join the bar
        layout_buttons(main, text, bar)
    if layout.portrait and layout.one_row:  # upright in a short window: every button in the one row
        main = side + main
        side = []
        layout_buttons(main, text, bar)
    elif layout.portrait:  # upright, two rows across the window: the side buttons over the main ones,
        while len(side) > len(main) + 1:  # the last of them coming down where the upper row is crowded
            main.insert(0, side.pop())
        layout_buttons(main, text, bar)
        layout_buttons(side, text, layout.side_bar)
    else:
        layout_column(side, text, (log.x, floor), log.w, height, top=top)
    return main + side


LOG_KEPT = 5000
"""Lines the log keeps: every line of a match (a long one has a few hundred), read back by scrolling."""


class LogPanel:
    """What each player did, in words; the newest lines at the bottom of a translucent panel. It is
    read back a line at a time (``scroll``); a new line shows the newest again."""

    def __init__(self, text: TextCache, keep: int = LOG_KEPT, on_add: Callable[[str], None] | None = None,
                 newer: Callable[[int], str] | None = None) -> None:
        """``on_add`` hears every new line (the table reads them aloud when the player asks);
        ``newer`` says how many newer lines are below while the log is read back."""
        self.text = text
        self.lines: list[str] = []
        self.keep = keep
        self.on_add = on_add
        self.newer = newer
        self.back = 0
        """Lines read back from the newest: the bottom line shown is ``lines[-1 - back]``."""
        self.older = False
        """Whether the last drawing left older lines above (they are reached by scrolling)."""
        self._surface: pygame.Surface | None = None
        self._key: tuple[Any, ...] | None = None

    def add(self, line: str) -> None:
        self.lines.append(line)
        del self.lines[:-self.keep]
        self.back = 0
        self._surface = None
        if self.on_add is not None:
            self.on_add(line)

    def recall(self, lines: list[str]) -> None:
        """Lines from before the table opened (a resumed match): shown, not announced again."""
        self.lines = (self.lines + lines)[-self.keep:]
        self._surface = None

    def scroll(self, step: int) -> str | None:
        """Read back ``step`` lines (negative: forward again), as far as the first or the newest
        line; the line now at the bottom of the panel, or None if the log did not move."""
        back = max(0, min(len(self.lines) - 1, self.back + step))
        if back == self.back or not self.lines:
            return None
        self.back = back
        self._surface = None
        return self.lines[-1 - back]

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, size: int, solid: bool = False) -> pygame.Rect | None:
        """The lines that fit ``rect`` up to the one read back to (the newest unless scrolled), in
        text of ``size`` (rendered again only when a line comes, the log scrolls or the rectangle or
        the size changes), on a ``solid`` panel (the enlarged log: nothing shows through to blur it);
        the area drawn on (None: no line yet)."""
        if not self.lines:
            return None
        key = (rect.size, size, len(self.lines), self.lines[-1] if self.lines else "", self.back, solid)
        if self._surface is None or key != self._key:
            self._surface = self._render(rect, max(12, size), 240 if solid else 170)
            self._key = key
        return surface.blit(self._surface, rect)

    def shown(self, width: int, height: int, size: int) -> tuple[list[tuple[str, int]], str | None]:
        """What a panel of ``width`` × ``height`` holds at text ``size``: its lines, each with the age
        of the entry it belongs to (0: the newest shown), oldest first, and the marker of newer lines
        below (None: none, or not read back). Sets ``older`` (lines left above)."""
        line_h = self.text.font(size).get_linesize()
        pad = round(size * 0.6)
        fit = max(1, (height - 2 * pad) // line_h)
        marker = self.newer(self.back) if self.back and self.newer is not None and fit > 1 else None
        if marker is not None:
            fit -= 1
        entries: list[list[str]] = []
        used = 0
        shown = self.lines[:len(self.lines) - self.back]
        for line in reversed(shown):
            wrapped = self.text.wrap(line, size, width - 2 * pad)
            if entries and used + len(wrapped) > fit:
                break
            if len(wrapped) > fit:  # read from its start, its cut marked (the enlarged log holds it whole)
                wrapped = [*wrapped[:fit - 1], self.text.ended(wrapped[fit - 1], size, width - 2 * pad)]
            entries.append(wrapped)
            used += len(entries[-1])
        self.older = len(entries) < len(shown)
        return [(line, age) for age, wrapped in reversed(list(enumerate(entries))) for line in wrapped], marker

    def _render(self, rect: pygame.Rect, size: int, alpha: int) -> pygame.Surface:
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (*PANEL, alpha), layer.get_rect(), border_radius=10)
        line_h = self.text.font(size).get_linesize()
        pad = round(size * 0.6)
        lines, marker = self.shown(rect.w, rect.h, size)
        y = pad
        for line, age in lines:
            colour = FONT_COLOUR if age == 0 else (200, 210, 196) if age < 3 else (150, 170, 150)
            layer.blit(self.text.fit(line, size, rect.w - 2 * pad, colour), (pad, y))  # a long number too
            y += line_h
        if marker is not None:
            layer.blit(self.text.fit(marker, size, rect.w - 2 * pad, GOLD), (pad, rect.h - pad - line_h))
        if self.older:  # a small arrow up in the corner: there is more to read above
            tip = round(size * 0.35)
            x, top = rect.w - pad, round(pad * 0.6)
            pygame.draw.polygon(layer, GOLD, [(x - tip, top + tip), (x + tip, top + tip), (x, top)])
        return layer


class CurtainArt:
    """The full-screen "Pass to <name>" cover of pass-and-play (``ui.table.match.Curtain`` says when);
    it hides every card."""

    def __init__(self, text: TextCache) -> None:
        self.text = text
        self._surface: pygame.Surface | None = None
        self._key: tuple[Any, ...] | None = None

    def draw(self, surface: pygame.Surface, title: str, hint: str, scale: float = 1.0) -> None:
        """The cover over all of ``surface``; ``scale`` is the table's text size (``TableLayout.text_scale``)."""
        key = (surface.get_size(), title, hint, scale)
        if self._surface is None or key != self._key:
            self._surface = self._render(surface.get_size(), title, hint, scale)
            self._key = key
        surface.blit(self._surface, (0, 0))

    def _render(self, size: tuple[int, int], title: str, hint: str, scale: float) -> pygame.Surface:
        w, h = size
        layer = pygame.Surface(size)
        for y in range(0, h, 4):
            t = y / h
            pygame.draw.rect(layer, (round(14 + 10 * t), round(44 + 20 * t), round(30 + 12 * t)), (0, y, w, 4))
        grow = 1 + 0.4 * (scale - 1)
        box = pygame.Rect(0, 0, round(w * min(0.9, 0.56 * grow)), round(h * min(0.8, 0.32 * grow)))
        box.center = (w // 2, h // 2)
        pygame.draw.rect(layer, (8, 30, 18), box.move(0, 6), border_radius=18)
        pygame.draw.rect(layer, (24, 70, 46), box, border_radius=18)
        pygame.draw.rect(layer, GOLD, box, 3, border_radius=18)
        big = self.text.fit(title, round(h * 0.07 * grow), box.w - 40, GOLD, bold=True)
        layer.blit(big, big.get_rect(center=(box.centerx, box.y + box.h * 0.36)))
        small = self.text.block(hint, round(h * 0.03 * scale), box.w - 40, round(box.h * 0.34), FONT_COLOUR)
        layer.blit(small, small.get_rect(center=(box.centerx, box.y + box.h * 0.72)))
        return layer
