"""The table's floating panels: the tutorial coach's words (and the ring around what it points at) and the
short messages (a hint, a refusal), each placed clear of the cards and the buttons it must not hide.

It reads the table only through ``PanelsTable`` (what a box must stay clear of, the message and the
cards it is about) and the coach through ``CoachLines``; it is given, for one look, the rendered
texts and the game's marks (``TableAdapter.picture_nodes``, which a box avoids too)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game import Move
from ui.picture.model import DEPTH_OVER, Node
from ui.table.ink import Ink
from ui.table.layout import TableLayout
from ui.table.paint import (
    area,
)
from ui.table.sprites import CardSprite
from ui.table.widgets import (
    FONT_COLOUR,
    GOLD,
    INK,
    Button,
    LogPanel,
    TextCache,
)

if TYPE_CHECKING:
    from ui.tutorial import Coach

MESSAGE_SCALES = (1.0, 0.8, 0.66)
"""The sizes of a message's words, the largest first: a smaller bubble is tried only where no shape of
a larger one finds a place clear of the cards (a hint at 200 % text over a crowded table)."""
MESSAGE_COLOURS = {"refusal": (120, 28, 30), "hint": (26, 66, 104), "info": (24, 78, 50)}
"""The bubble of a message over the table: red says no; a hint (blue) and news (green) do not."""


class PanelsTable(Protocol):
    """What the panels read of the table: the cards and buttons a box stays clear of, the log (its
    place, once it has lines), the viewer (whose slots a step names), the message and the cards it
    is ``message_about``, and ``version``, which changes with every change of the table.
    ``TableScene`` is one."""

    sprites: list[CardSprite]
    buttons: list[Button]
    log: LogPanel
    message: str | None
    message_kind: str
    message_about: set[int]
    version: int

    @property
    def viewer(self) -> int | None: ...
    @property
    def view(self) -> dict[str, Any]: ...


class CoachLines(Protocol):
    """What the panels read of a tutorial's coach (``ui.table.match.TableMatch`` is one)."""

    @property
    def coach(self) -> Coach | None: ...
    def coach_due(self) -> bool: ...
    def coach_lines(self) -> list[str]: ...


class TablePanels:
    """Renders and places the coach's box and the message box of one table (cached per change)."""

    def __init__(self, text: TextCache, table: PanelsTable, coach: CoachLines,
                 marks: Callable[[Any, TableLayout], Sequence[Node]]) -> None:
        """``marks``: the game's marks in a view, at a layout (``TableAdapter.picture_nodes``)."""
        self.text = text
        self.table = table
        self.coach = coach
        self.marks = marks
        self._coach_panel: tuple[tuple[Any, ...], pygame.Rect, pygame.Surface] | None = None
        self._message_box: tuple[tuple[Any, ...], pygame.Rect, pygame.Surface] | None = None
        self.message_lines: list[str] = []
        self.message_size = 0
        """The message's lines and text size as its bubble shows them (a browser writes them so)."""
        self.message_whole = True
        """Whether the message's bubble holds its whole text (else its last line ends with "…" and
        the log holds the rest): a long hint at a small window must not stop mid-sentence unsaid."""

    def coach_lines(self) -> list[str]:
        return self.coach.coach_lines()

    def coach_target(self) -> pygame.Rect | None:
        """Where the coach points: the place (or the button) the step names, else the button that
        plays the step, else the card or slot its move names."""
        coach = self.coach.coach
        step = coach.step if coach is not None else None
        if coach is None or step is None or not self.coach.coach_due():
            return None
        named = next((b.rect for b in self.table.buttons if b.key == step.point), None)
        if named is not None or step.move is None:
            return named
        buttons = [b.rect for b in self.table.buttons if isinstance(b.action, Move) and coach.matches(b.action, step.move)]
        names = list(step.move.args) if not buttons else []
        for name in ([step.point] if step.point else []) + names:
            found = self.sprites_named(name)
            if found:
                return max(found, key=lambda sp: sp.order).rect
        return buttons[0] if buttons else None

    def sprites_named(self, name: str) -> list[CardSprite]:
        """The cards a move's argument names: a card, a zone, or one of the viewer's (or a seat's) slots."""
        return [sp for sp in self.table.sprites if sp.card == name or sp.zone == name
                or sp.zone == f"slot:{self.table.viewer}.{name}" or sp.zone == f"slot:{name}"]

    def draw_coach(self, frame: Ink, layout: TableLayout) -> None:
        """The coach's box and the ring around what it points at, if a tutorial step is shown."""
        lines = self.coach_lines()
        if not lines:
            return
        target = self.coach_target()
        if target is not None:
            frame.rect((255, 255, 255), target.inflate(14, 14), 4, border_radius=14)
            frame.rect(GOLD, target.inflate(22, 22), 2, border_radius=16)
        placed = self.coach_box(layout)
        if placed is not None:
            frame.blit(placed[1], placed[0])

    def coach_box(self, layout: TableLayout) -> tuple[pygame.Rect, pygame.Surface] | None:
        """The coach's words and where they go (None: no coach): at the top right of the felt if that
        is clear, else the clearest place on the felt, away from what the coach points at; rendered
        and placed once per change of the words or of the table."""
        lines = self.coach_lines()
        if not lines:
            return None
        key = (tuple(lines), self.table.version, layout.size, layout.em, tuple(b.rect.topleft for b in self.table.buttons))
        if self._coach_panel is None or self._coach_panel[0] != key:
            target = self.coach_target()
            margin = round(layout.unit * 0.2)
            width = layout.size[0] * 0.26 * (1 + 0.3 * (layout.text_scale - 1))
            panels = (self._render_coach(lines, layout, round(width * share), scale)  # smaller where it must be
                      for share, scale in ((1.0, 1.0), (1.4, 1.0), (1.4, 0.85), (1.8, 0.85), (1.8, 0.72), (2.4, 0.72),
                                           (2.4, 0.6), (1.0, 0.85), (1.0, 0.72), (1.0, 0.6), (1.0, 0.5)))  # narrow: by a plate
            box, panel, _ = self._place(panels, layout, ("topright", (layout.felt.right - margin, layout.top_bar + margin)),
                                        [target] if target is not None else [], [])
            self._coach_panel = (key, box, panel)
        return self._coach_panel[1], self._coach_panel[2]

    def _render_coach(self, lines: list[str], layout: TableLayout, width: int,
                      scale: float = 1.0) -> tuple[pygame.Surface, int, bool]:
        """The coach's box, its text size and that it holds the whole text (always): its words at
        ``scale`` of the interface's size, smaller only if it would fill more than half the felt's
        height."""
        size = max(12, round(layout.em * 0.3 * scale))
        while True:
            wrapped = [part for line in lines for part in self.text.wrap(line, size, width)]
            line_h = self.text.font(size).get_linesize()
            height = len(wrapped) * line_h + size
            if height <= layout.felt.h * 0.5 or size <= 11:
                break
            size -= 1
        panel = pygame.Surface((width + size * 2, height), pygame.SRCALPHA)
        pygame.draw.rect(panel, (250, 244, 222, 240), panel.get_rect(), border_radius=14)
        pygame.draw.rect(panel, GOLD, panel.get_rect(), 3, border_radius=14)
        y = size // 2
        for line in wrapped:
            panel.blit(self.text.render(line, size, INK), (size, y))
            y += line_h
        return panel, size, True

    def draw_message(self, frame: Ink, layout: TableLayout) -> None:
        """The current message (a hint, a refusal) in its box, if there is one."""
        placed = self.message_box(layout)
        if placed is not None:
            frame.blit(placed[1], placed[0])

    def message_box(self, layout: TableLayout) -> tuple[pygame.Rect, pygame.Surface] | None:
        """The message over the table and where it goes (None: no message): just below the piles if
        that is clear, else the clearest place on the felt, away from the cards it is about and the
        coach; rendered and placed once per message and table change, not every frame."""
        if not self.table.message:
            return None
        key = (self.table.message, self.table.message_kind, self.table.version, layout.size, layout.em,
               tuple(b.rect.topleft for b in self.table.buttons))
        if self._message_box is None or self._message_box[0] != key:
            widest = min(layout.size[0] * 0.7, layout.log_rect.x - layout.felt.x - layout.unit * 0.6)
            shapes = ((1.0, 3), (0.75, 3), (0.55, 4), (0.4, 6),  # narrower where a wide one finds no room
                      (0.4, 8), (0.55, 6), (0.75, 5), (1.0, 5))  # taller: a long text whole
            lines: dict[int, tuple[pygame.Surface, list[str], int]] = {}

            def panels() -> Iterator[tuple[pygame.Surface, int, bool]]:
                for scale in MESSAGE_SCALES:
                    for share, most in shapes:
                        panel, size, whole, wrapped = self._render_message(message, layout, round(widest * share),
                                                                           most, scale)
                        lines[id(panel)] = (panel, wrapped, size)
                        yield panel, size, whole

            message = self.table.message
            coach = self.coach_box(layout)
            below = ("center", (round(layout.centre[0]), round(layout.centre[1] + layout.pile_h * 0.9)))
            about = [s.home_rect for s in self.table.sprites if s.ident in self.table.message_about]
            box, panel, self.message_whole = self._place(panels(), layout, below, about,
                                                         [coach[0]] if coach is not None else [])
            _, self.message_lines, self.message_size = lines[id(panel)]
            self._message_box = (key, box, panel)
        return self._message_box[1], self._message_box[2]

    def _place(self, panels: Iterable[tuple[pygame.Surface, int, bool]], layout: TableLayout,
               wanted: tuple[str, tuple[int, int]], about: list[pygame.Rect],
               clear: list[pygame.Rect]) -> tuple[pygame.Rect, pygame.Surface, bool]:
        """Of ``panels`` (renders of one box, their text sizes and whether they hold the whole text,
        the preferred first), the first that holds its whole text and finds a place clear of everything
        (see ``_clear_spot``), else the one whose place costs least: the buttons, then what it is
        ``about``, then a text cut short, then the name plates and the cards, then the largest text;
        and that place, and whether it holds its whole text. A player reads the sentence whole rather
        than a box clear of a name plate."""
        best: tuple[tuple[Any, ...], pygame.Rect, pygame.Surface, bool] | None = None
        for panel, size, whole in panels:
            cost, spot = self._clear_spot(panel.get_size(), layout, wanted, about, clear)
            rank = (cost[0], cost[1], not whole, cost[2], cost[3], -size)
            if best is None or rank < best[0]:
                best = (rank, spot, panel, whole)
            if whole and cost[:4] == (0, 0, 0, 0):
                break
        assert best is not None
        return best[1], best[2], best[3]

    def _render_message(self, message: str, layout: TableLayout, width: int, most: int,
                        scale: float = 1.0) -> tuple[pygame.Surface, int, bool, list[str]]:
        """The message's bubble, its text size, whether it holds the whole text and its lines: one line
        when it fits ``width``, else up to ``most`` wrapped lines, its words at ``scale`` of their size; a
        text longer than that ends its last line with "…" (the log beside the table holds it whole)."""
        size = max(16, round(layout.em * 0.36 * scale))
        lines = self.text.wrap(message, size, width, bold=True)
        while len(lines) > most and size > 12:
            size -= 1
            lines = self.text.wrap(message, size, width, bold=True)
        whole = len(lines) <= most
        if not whole:
            lines = [*lines[:most - 1], f"{lines[most - 1]} …"]
        images = [self.text.fit(line, size, width, FONT_COLOUR, bold=True) for line in lines]
        height = sum(img.get_height() for img in images)
        box = pygame.Rect(0, 0, max(img.get_width() for img in images), height).inflate(size * 1.6, size * 0.9)
        panel = pygame.Surface(box.size, pygame.SRCALPHA)
        box.topleft = (0, 0)
        radius = box.h // 2 if len(images) == 1 else size
        pygame.draw.rect(panel, MESSAGE_COLOURS[self.table.message_kind], box, border_radius=radius)
        pygame.draw.rect(panel, GOLD, box, 2, border_radius=radius)
        y = box.centery - height // 2
        for img in images:
            panel.blit(img, img.get_rect(midtop=(box.centerx, y)))
            y += img.get_height()
        return panel, size, whole, lines

    def _clear_spot(self, size: tuple[int, int], layout: TableLayout, wanted: tuple[str, tuple[int, int]],
                    about: list[pygame.Rect], clear: list[pygame.Rect]) -> tuple[tuple[Any, ...], pygame.Rect]:
        """Where a box of ``size`` goes on the felt, and at what cost: clear of the buttons, the log and
        ``clear``, then of the things it is ``about`` (a hint's card), then of the name plates and the
        game's panels, badges and empty places (Gin Rummy's deadwood counter, LaGagne's columns),
        where it can be; of those places, the one that covers the least of the cards, then the nearest to where it is
        ``wanted`` (an anchor of the box and its position)."""
        box = pygame.Rect((0, 0), size)
        felt = layout.box_room
        setattr(box, wanted[0], wanted[1])
        if box.w >= felt.w or box.h >= felt.h:
            return (1, 0, 0, 0, 0), box.clamp(felt)
        wanted_at = box.center
        walls = ([b.rect.inflate(6, 6) for b in self.table.buttons] + ([layout.log_rect] if self.table.log.lines else [])
                 + clear)
        game = self.marks(self.table.view, layout)
        plates = [spot.plate for spot in layout.seats] + [  # and what the game shows beside the cards
            pygame.Rect(n.rect) for n in game if n.kind in ("panel", "badge", "pile")]
        pointed = [r.inflate(8, 8) for r in about]
        aimed = {tuple(r) for r in about}
        piles = {(round(x), round(y), layout.pile_w, layout.pile_h) for x, y in (layout.stock_pos, layout.discard_pos)}
        cards = [pygame.Rect(r) for r in {tuple(s.home_rect) for s in self.table.sprites} - aimed  # a pile counts once
                 | {n.rect for n in game if n.depth >= DEPTH_OVER} | (piles - aimed)]  # game marks, empty piles
        step = max(4, round(layout.unit * 0.25))
        best: tuple[tuple[Any, ...], pygame.Rect] | None = None
        xs = {*range(felt.left + box.w // 2, felt.right - box.w // 2 + 1, max(step, (felt.w - box.w) // 8)),
              max(felt.left + box.w // 2, min(wanted_at[0], felt.right - box.w // 2))}
        ys = {*range(felt.top + box.h // 2, felt.bottom - box.h // 2 + 1, step),
              max(felt.top + box.h // 2, min(wanted_at[1], felt.bottom - box.h // 2))}
        for r in walls + plates:  # flush against a button or a plate: a gap narrower than a step still holds it
            xs |= {x for x in (r.left - 1 - (box.w + 1) // 2, r.right + 1 + box.w // 2)
                   if felt.left + box.w // 2 <= x <= felt.right - box.w // 2}
            ys |= {y for y in (r.top - 1 - (box.h + 1) // 2, r.bottom + 1 + box.h // 2)
                   if felt.top + box.h // 2 <= y <= felt.bottom - box.h // 2}
        for cx in sorted(xs):
            for cy in sorted(ys):
                box.center = (cx, cy)
                cost = (len(box.collidelistall(walls)),
                        sum(area(box.clip(pointed[i])) for i in box.collidelistall(pointed)),
                        len(box.collidelistall(plates)),
                        sum(area(box.clip(cards[i])) for i in box.collidelistall(cards)),
                        abs(cx - wanted_at[0]) + abs(cy - wanted_at[1]))
                if best is None or cost < best[0]:
                    best = (cost, box.copy())
        assert best is not None
        return best
