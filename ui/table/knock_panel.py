"""The Gin Rummy knock panel: the knocker lays out their melds before knocking.

It opens over the table when the player knocks, showing the engine's automatic arrangement as meld
rows, a "new meld" row and a deadwood row, with the deadwood counted live against the knock limit.
Cards move between rows by a click on the card then on a row, by dragging, or from the keyboard
(arrows choose a card, Up/Down move it to the row above or below). A row that is not a meld is
marked with a cross and the words "Not a meld", not only by colour; so is deadwood over the limit.
**Knock** plays the arrangement (the plain ``knock X`` when it is the automatic one, else
``knock X`` with its melds), **Automatic** (A) puts the engine's arrangement back, Esc cancels
without any move. Whether a group is a meld and what the cards are worth are the engine's
(``game.gin_rummy.views``); whether the knock is legal is the engine's refusal.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game import Move
from game.gin_rummy.views import meld_kind, points
from ui.cards import card_height
from ui.picture.model import Node
from ui.scene import Scene
from ui.spoken import Heard, aloud, sentence
from ui.table.sprites import draw_highlight
from ui.table.touch import Touch
from ui.table.widgets import FONT_COLOUR, GOLD, Button, TextCache, layout_buttons

if TYPE_CHECKING:
    from ui.games.base import TableContext

RANKS = "A23456789TJQK"
SUITS = "shdc"
DRAG_THRESHOLD = 6
VALID = (110, 220, 140)
INVALID = (240, 110, 100)
ROW_FILL = (18, 58, 38)


def _rank_key(card: str) -> tuple[int, int]:
    return RANKS.index(card[0]), SUITS.index(card[1])


class KnockLayout:
    """The arrangement being laid out: meld groups and deadwood, edited card by card (no pygame).

    Rows are numbered: the melds ``0 .. n-1``, then the new-meld row ``n``, then deadwood ``n + 1``.

    >>> lay = KnockLayout("Kh", [["3c", "4c", "5c", "6c"]], ["As", "2d"], 10)
    >>> lay.move("3c", 2); lay.melds, lay.deadwood, lay.deadwood_points()
    ([['4c', '5c', '6c']], ['As', '2d', '3c'], 6)
    >>> lay.move("As", 1); lay.kinds()
    ['run', None]
    >>> lay.changed(), lay.reset(), lay.changed()
    (True, None, False)
    """

    def __init__(self, card: str, auto: list[list[str]], deadwood: list[str], limit: int) -> None:
        self.card = card
        self.limit = limit
        self._auto = ([sorted(m, key=_rank_key) for m in auto], sorted(deadwood, key=_rank_key))
        self.melds: list[list[str]] = []
        self.deadwood: list[str] = []
        self.reset()

    def reset(self) -> None:
        """Back to the engine's automatic arrangement."""
        self.melds = [list(m) for m in self._auto[0]]
        self.deadwood = list(self._auto[1])

    @property
    def new_row(self) -> int:
        return len(self.melds)

    @property
    def dead_row(self) -> int:
        return len(self.melds) + 1

    def rows(self) -> list[list[str]]:
        """Every row's cards: the melds, the (empty) new-meld row, the deadwood."""
        return [*self.melds, [], self.deadwood]

    def row_of(self, card: str) -> int:
        return next(i for i, row in enumerate(self.rows()) if card in row)

    def move(self, card: str, row: int) -> None:
        """Put ``card`` in ``row`` (the new-meld row starts a meld, unless the card is a meld of its
        own already); empty melds disappear."""
        source = self.row_of(card)
        if source == row or (row == self.new_row and self.rows()[source] == [card]):
            return
        target: list[str] | None = None
        if row < len(self.melds):
            target = self.melds[row]
        elif row == self.dead_row:
            target = self.deadwood
        (self.deadwood if source == self.dead_row else self.melds[source]).remove(card)
        if target is None:
            self.melds.append([card])
        else:
            target.append(card)
            target.sort(key=_rank_key)
        self.melds = [m for m in self.melds if m]

    def kinds(self) -> list[str | None]:
        """Each meld row's kind, ``"run"``, ``"set"`` or ``None`` (not a meld), as the engine says."""
        return [meld_kind(m) for m in self.melds]

    def deadwood_points(self) -> int:
        return points(self.deadwood)

    def changed(self) -> bool:
        """Whether the arrangement differs from the automatic one."""
        return sorted(map(sorted, self.melds)) != sorted(map(sorted, self._auto[0]))

    def action(self) -> str:
        """The move's text: ``knock X`` for the automatic arrangement, else with every meld listed."""
        if not self.changed():
            return f"knock {self.card}"
        return " ".join([f"knock {self.card}", *("".join(m) for m in self.melds)])

    def kept(self) -> KeptKnock:
        """The arrangement as it is now, to lay it out again later (``lay``)."""
        return KeptKnock(self.card, tuple(tuple(m) for m in self.melds), tuple(self.deadwood))

    def lay(self, kept: KeptKnock) -> bool:
        """Put the cards back where ``kept`` had them, if it holds this layout's cards (else nothing
        changes: the hand is not the one it was laid out from)."""
        cards = sorted(c for row in (*kept.melds, kept.deadwood) for c in row)
        if kept.card != self.card or cards != sorted(c for row in self.rows() for c in row):
            return False
        self.melds = [sorted(m, key=_rank_key) for m in kept.melds if m]
        self.deadwood = sorted(kept.deadwood, key=_rank_key)
        return True


@dataclass(frozen=True)
class KeptKnock:
    """A knock panel's arrangement, kept while its player's browser reconnects: the discard, the
    meld rows and the deadwood, as the player had laid them out."""

    card: str
    melds: tuple[tuple[str, ...], ...]
    deadwood: tuple[str, ...]


class KnockPanel(Scene):
    """The knock panel over ``table`` (see the module docstring)."""

    transparent = True

    def __init__(self, app: Any, table: TableContext, layout: KnockLayout, title: str) -> None:
        """``title`` names the discard in words ("Lay out your knock · discard the King of hearts")."""
        super().__init__(app)
        self.table = table
        self.layout = layout
        self.title = title
        self.text = TextCache(app.font)
        self.held: str | None = None
        """A card picked up by a click (or Enter), waiting for the row it goes to."""
        self.focus: int | None = None
        """Index into ``focus_items()`` of the keyboard focus (None until a key is pressed)."""
        self.buttons: list[Button] = []
        self.drag: dict[str, Any] | None = None
        self._press: dict[str, Any] | None = None
        self._geometry: dict[str, Any] | None = None
        self.touch = bool(getattr(app, "touch", False))
        """Shown on a touch screen (a browser seat): its help speaks of taps and drags, not keys."""
        self.status_lines = 3 if self.touch else 2
        """Lines the status under the rows may take (a phone held upright has room for a third)."""

    def enter(self) -> None:
        tr = self.app.tr
        self.buttons = [Button("confirm", tr("gin.panel.knock"), self.confirm, primary=True),
                        Button("auto", tr("gin.panel.auto"), self.automatic),
                        Button("cancel", tr("gin.panel.cancel"), self.cancel)]
        self._geometry = None

    def resize(self, size: tuple[int, int]) -> None:
        self._geometry = None

    def update(self, dt: float) -> None:
        """The match goes on beneath the panel: the table's timers, animations and, at a network
        table, the host's news. If knocking with this discard stops being a move (the host gave the
        seat of a player away too long to a bot), the panel closes."""
        self.table.update(dt)
        if self.stale() and self.app.top is self:
            self.app.pop()

    def kept(self) -> KeptKnock:
        """What opens this panel again as it is now (a browser seat that reloads gets it back)."""
        return self.layout.kept()

    def stale(self) -> bool:
        """Whether knocking with this discard is no longer a move of the player's."""
        return Move(f"knock {self.layout.card}", self.table.viewer) not in self.table.legal

    def idle(self) -> bool:
        """Nothing moves in the panel unless a card is being dragged, nor on the table beneath."""
        return self.drag is None and self.table.idle()

    # ------------------------------------------------------------------ what the buttons do
    def problem(self) -> str | None:
        """Why the arrangement cannot be knocked now, in the player's language, or ``None``."""
        for n, kind in enumerate(self.layout.kinds(), start=1):
            if kind is None:
                return self.app.tr("gin.panel.not_meld_row", n=n)
        move = self.move()
        if self.table.state.is_legal(move):
            return None
        if not self.table.driver.local:
            # a network table's host judges a laid-out knock when it is played: asking the state here
            # why it would refuse it sends it to the host, which plays it (the panel asks on every frame)
            over = self.layout.deadwood_points() > self.layout.limit
            return self.app.tr("gin.panel.over_limit", points=self.layout.deadwood_points(),
                               limit=self.layout.limit) if over else None
        return self.table.explain(self.table.state.refusal(move))

    def move(self) -> Move:
        viewer = self.table.viewer
        return self.table.state.parse_move(self.layout.action()).with_seat(viewer)

    def confirm(self) -> None:
        """Knock with this arrangement, or say why it cannot be played."""
        why = self.problem()
        if why is not None:
            self.app.sound.play("refuse")
            self.table.say(why)
            return
        move = self.move()
        self.app.pop()
        self.table.play(move)

    def automatic(self) -> None:
        self.layout.reset()
        self.held = None
        self._geometry = None

    def cancel(self) -> None:
        """Close the panel; no move is played."""
        self.app.pop()

    # ------------------------------------------------------------------ geometry
    def geometry(self) -> dict[str, Any]:
        """The panel's box, each row's rectangle, each card's rectangle and the card width."""
        if self._geometry is not None:
            return self._geometry
        table = self.table.layout
        w, h = table.size
        grow = 1 + 0.25 * (table.text_scale - 1)
        box = pygame.Rect(0, 0, round(min(w * 0.72 * grow, table.unit * 16 * grow, w * 0.94)),
                          round(h * min(0.94, 0.84 * grow)))
        box.center = (w // 2, round(table.top_bar + (h - table.top_bar) / 2))
        box.clamp_ip(table.screen)
        rows = self.layout.rows()
        pad = max(4, round(table.unit * 0.12))
        # the words take the interface's size, as far as the rows keep four fifths of their height at 100 %
        plain = min(card_height(table.card_w) + 2 * pad, (round(h * 0.84) - round(table.unit * 3.2)) // len(rows) - pad)
        u = max(table.unit, min(table.em, (box.h - len(rows) * (plain * 0.8 + pad)) / 3.2))
        head = round(u * (1.4 if self.touch else 1.2))  # a touch screen's help may take two lines
        foot = round(u * (2.4 if self.touch else 2.0))  # a finger needs taller buttons than a pointer
        # a window taller than wide (a phone held upright) has no room for the words beside the cards:
        # they go on a strip at the top of each row, the cards under them
        strip = round(u * 0.5) if w < h else 0
        row_h = min(round(card_height(table.card_w) + 2 * pad + strip), (box.h - head - foot) // len(rows) - pad)
        card_w = max(20, round((row_h - 2 * pad - strip) / card_height(100) * 100))
        label_w = pad * 2 if strip else round(box.w * 0.27)
        longest = max(len(row) for row in rows)
        step = round(min(card_w * 1.08, (box.w - pad * 8 - label_w - card_w) / max(1, longest - 1)))
        row_rects: list[pygame.Rect] = []
        cards: dict[str, pygame.Rect] = {}
        y = box.y + head
        for row in rows:
            rect = pygame.Rect(box.x + pad * 3, y, box.w - pad * 6, row_h)
            row_rects.append(rect)
            x = rect.x + label_w
            for card in row:
                cards[card] = pygame.Rect(x, rect.y + strip + pad, card_w, card_height(card_w))
                x += step
            y += row_h + pad
        tall = 0.8 if self.touch else 0.55
        bar = pygame.Rect(box.x + pad * 3, box.bottom - round(u * (tall + 0.2)), box.w - pad * 6, round(u * tall))
        layout_buttons(self.buttons, self.text, bar)
        self._geometry = {"box": box, "rows": row_rects, "cards": cards, "card_w": card_w, "label_w": label_w,
                          "status_y": bar.y - round(u * 0.55), "em": u, "strip": strip}
        return self._geometry

    def _changed(self) -> None:
        self._geometry = None

    def focus_items(self) -> list[str | Button]:
        """What Tab and the arrows move through: the cards row by row, then the buttons."""
        return [*(c for row in self.layout.rows() for c in row), *self.buttons]

    def focused(self) -> str | Button | None:
        items = self.focus_items()
        return None if self.focus is None else items[min(self.focus, len(items) - 1)]

    def _focus_on(self, item: str) -> None:
        self.focus = self.focus_items().index(item)

    # ------------------------------------------------------------------ moving cards
    def move_card(self, card: str, row: int) -> None:
        """Move ``card`` to ``row`` (keeping the keyboard focus on it)."""
        self.layout.move(card, row)
        self.held = None
        self._changed()
        if self.focus is not None:
            self._focus_on(card)

    def _step_row(self, card: str, step: int) -> None:
        """Move ``card`` one row up or down (a card alone in its meld skips the new-meld row)."""
        row = self.layout.row_of(card) + step
        if row == self.layout.new_row and self.layout.rows()[row - step] == [card]:
            row += step
        if 0 <= row <= self.layout.dead_row:
            self.move_card(card, row)

    def row_at(self, pos: tuple[int, int]) -> int | None:
        return next((i for i, r in enumerate(self.geometry()["rows"]) if r.collidepoint(pos)), None)

    def card_at(self, pos: tuple[int, int]) -> str | None:
        """The topmost card under ``pos`` (later cards of a row lie over earlier ones)."""
        hits = [c for c, r in self.geometry()["cards"].items() if r.collidepoint(pos)]
        return hits[-1] if hits else None

    def _click_card(self, card: str) -> None:
        if self.held is None or self.held == card:
            self.held = None if self.held == card else card
        else:
            self.move_card(self.held, self.layout.row_of(card))

    # ------------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._press = {"pos": event.pos, "card": self.card_at(event.pos)}
            return True
        if event.type == pygame.MOUSEMOTION:
            press = self._press
            if press and press["card"] and self.drag is None and (
                    abs(event.pos[0] - press["pos"][0]) + abs(event.pos[1] - press["pos"][1]) >= DRAG_THRESHOLD):
                self.drag = {"card": press["card"], "pos": event.pos}
            if self.drag is not None:
                self.drag["pos"] = event.pos
            for b in self.buttons:
                b.hover = b.rect.collidepoint(event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._release(event.pos)
            return True
        return False

    def _release(self, pos: tuple[int, int]) -> None:
        press, self._press = self._press, None
        drag, self.drag = self.drag, None
        if drag is not None:
            row = self.row_at(pos)
            if row is not None:
                self.move_card(drag["card"], row)
            return
        button = next((b for b in self.buttons if b.rect.collidepoint(pos)), None)
        if button is not None:
            button.action()
            return
        if press is None:
            return
        card = self.card_at(pos)
        if card is not None and card == press["card"]:
            self._click_card(card)
            return
        row = self.row_at(pos)
        if row is not None and self.held is not None:
            self.move_card(self.held, row)

    def _key(self, event: pygame.event.Event) -> None:
        key = event.key
        shortcuts: dict[int, Callable[[], None]] = {pygame.K_ESCAPE: self.cancel, pygame.K_a: self.automatic,
                                                    pygame.K_k: self.confirm}
        if key in shortcuts:
            shortcuts[key]()
            return
        items = self.focus_items()
        item = self.focused()
        if key in (pygame.K_UP, pygame.K_DOWN) and isinstance(item, str):
            self._step_row(item, -1 if key == pygame.K_UP else 1)
        elif key in (pygame.K_TAB, pygame.K_RIGHT, pygame.K_LEFT, pygame.K_UP, pygame.K_DOWN):
            back = key in (pygame.K_LEFT, pygame.K_UP) or (key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT)
            self.focus = 0 if self.focus is None else (self.focus + (-1 if back else 1)) % len(items)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if isinstance(item, Button):
                item.action()
            elif isinstance(item, str):
                self._click_card(item)
            else:
                self.confirm()

    # ------------------------------------------------------------------ as a picture
    def help(self) -> str:
        return self.app.tr("gin.panel.help")

    def picture_nodes(self, depth: int) -> list[Node]:
        """The panel as nodes of the table's picture (``ui.picture``) from ``depth`` up, from the
        geometry ``draw`` uses: the shade over the table, the box, its title and help, each row with
        its label and note (a row that is not a meld, or deadwood over the limit, is an alert), the
        cards where they lie (the one picked up raised and selected), the status and the buttons.
        A browser seat draws these (``ui.web.seat``); ``touches`` says what they do."""
        geo = self.geometry()
        box: pygame.Rect = geo["box"]
        u = geo["em"]
        w, h = self.table.layout.size
        nodes = [Node("knock:shade", "panel", (0, 0, w, h), depth, state=frozenset({"dimmed"}), group="overlay"),
                 Node("knock", "panel", _rect(box), depth + 1, role="dialog", label=self.title, group="overlay")]
        top = box.y + round(u * 0.18)
        nodes.append(self._text_node("knock:title", self.title, round(u * 0.4), True, box, top, depth + 2))
        size, lines = self._help_lines(round(u * 0.24), box.w - 40, geo["rows"][0].y - box.y - round(u * 0.7))
        step = self.text.font(size).get_linesize()
        for i, line in enumerate(lines):
            nodes.append(self._text_node(f"knock:help:{i}", line, size, False, box, box.y + round(u * 0.7) + i * step,
                                         depth + 2))
        kinds, points = self.layout.kinds(), self.layout.deadwood_points()
        for i, rect in enumerate(geo["rows"]):
            ident = self._row_ident(i)
            label, note, ok = self.row_words(i, kinds, points)
            state = {"lit"} if self.held is not None and i != self.layout.row_of(self.held) else set()
            if ok is None:
                state.add("dimmed")
            nodes.append(Node(ident, "panel", _rect(rect), depth + 3, state=frozenset(state),
                              role="alert" if ok is False else "", label=f"{label}, {note}", group="knock:rows"))
            mark, words = self.row_places(i, rect)
            if ok is not None:  # a tick or a cross, as drawn (its words say the same)
                nodes.append(Node(f"{ident}:mark", "marker", _rect(mark), depth + 4, "ok" if ok else "not",
                                  role="" if ok else "alert", parent=ident, hides=False))
            for part, said, fitted, bold, room in words:
                alert = part == "note" and ok is False
                nodes.append(Node(f"{ident}:{part}", "text", _rect(room), depth + 4, said, role="alert" if alert else "",
                                  label=said if alert else "", parent=ident, text_size=fitted, bold=bold))
        adapter = getattr(self.table, "adapter", None)
        name_of = adapter.card_words if adapter is not None else str
        for n, (card, rect) in enumerate(geo["cards"].items()):
            lifted = rect.move(0, -max(3, rect.h // 10)) if card == self.held else rect
            state = {"face_up", "selected"} if card == self.held else {"face_up"}
            nodes.append(Node(f"knock:{card}", "card", _rect(lifted), depth + 10 + n, card, frozenset(state), "button",
                              name_of(card), self.table.viewer, group=self._row_ident(self.layout.row_of(card))))
        problem = self.problem()
        self.buttons[0].primary = problem is None
        status = problem or self.app.tr("gin.panel.ready", points=points, limit=self.layout.limit)
        size, lines = self.status_words(status, round(u * 0.26), box.w - 40)
        step = self.text.font(size, True).get_linesize()
        y = geo["status_y"] - (len(lines) - 1) * step
        for i, line in enumerate(lines):
            nodes.append(self._text_node(f"knock:status:{i}", line, size, True, box, y + i * step, depth + 70,
                                         role="alert" if problem else "status"))
        for b in self.buttons:
            nodes.append(Node(f"knock:button:{b.key}", "button", _rect(b.rect), depth + 71, "\n".join(b.lines) or b.label,
                              frozenset({"primary"}) if b.primary else frozenset(), "button", b.label,
                              text_size=b.text_size or round(b.rect.h * 0.42), bold=True))
        return nodes

    def touches(self) -> dict[str, Touch]:
        """What a tap or a drop does on each of ``picture_nodes``: a card is picked up (or put in the
        row of the card tapped after it) and dropped on a row; a row takes the card picked up; the
        buttons do what theirs do."""
        rows = self.geometry()["rows"]
        out: dict[str, Touch] = {}
        for card in self.geometry()["cards"]:
            own = self.layout.row_of(card)
            drops = tuple((_rect(r), partial(self.move_card, card, i)) for i, r in enumerate(rows) if i != own)
            out[f"knock:{card}"] = Touch(partial(self._click_card, card), drops)
        if self.held is not None:
            for i in range(len(rows)):
                if i != self.layout.row_of(self.held):
                    out[self._row_ident(i)] = Touch(partial(self.move_card, self.held, i))
        for b in self.buttons:
            out[f"knock:button:{b.key}"] = Touch(b.action)
        return out

    def status_words(self, status: str, size: int, width: int) -> tuple[int, list[str]]:
        """The status under the rows on at most ``status_lines`` lines: at ``size``, else a little smaller
        (down to three quarters), else its last line ended with "…": a refusal is never cut off
        mid-sentence without a mark (the Knock button says it whole over the table)."""
        smallest = max(10, round(size * 0.75))
        lines = self.text.wrap(status, size, width, bold=True)
        while len(lines) > self.status_lines and size > smallest:
            size -= 1
            lines = self.text.wrap(status, size, width, bold=True)
        if len(lines) > self.status_lines:
            kept = lines[:self.status_lines]
            rest = " ".join(lines[self.status_lines - 1:])
            lines = [*kept[:-1], self.text.ended(rest, size, width, bold=True)]
        return size, lines

    def _row_ident(self, i: int) -> str:
        if i < self.layout.new_row:
            return f"knock:meld:{i}"
        return "knock:new" if i == self.layout.new_row else "knock:deadwood"

    def _help_lines(self, size: int, width: int, height: int) -> tuple[int, list[str]]:
        """The help's lines at the largest size up to ``size`` whose lines fit ``height`` (as ``block``)."""
        help_text = self.help()
        while size > 9:
            lines = self.text.wrap(help_text, size, width)
            if len(lines) * self.text.font(size).get_linesize() <= height:
                return size, lines
            size -= 1
        return 9, self.text.wrap(help_text, 9, width)

    def _text_node(self, ident: str, words: str, size: int, bold: bool, box: pygame.Rect, top: int, depth: int,
                   role: str = "") -> Node:
        """One line of words centred in ``box`` at ``top``, at the size ``draw`` fits it to."""
        fitted = self.text.fitting_size(words, size, box.w - 40, bold)
        width = min(box.w - 40, self.text.width(words, fitted, bold) + 2)
        rect = (box.centerx - width // 2, top, width, self.text.font(fitted, bold).get_linesize())
        return Node(ident, "text", rect, depth, words, role=role, label=words if role else "", parent="knock",
                    text_size=fitted, bold=bold)

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        geo = self.geometry()
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        box: pygame.Rect = geo["box"]
        u = geo["em"]
        pygame.draw.rect(surface, (0, 0, 0), box.move(0, 6), border_radius=16)
        pygame.draw.rect(surface, (12, 40, 26), box, border_radius=16)
        pygame.draw.rect(surface, GOLD, box, 3, border_radius=16)
        tr = self.app.tr
        title = self.text.fit(self.title, round(u * 0.4), box.w - 40, GOLD, bold=True)
        surface.blit(title, title.get_rect(midtop=(box.centerx, box.y + round(u * 0.18))))
        help_line = self.text.block(self.help(), round(u * 0.24), box.w - 40, round(u * 0.45),
                                    (200, 214, 196))
        surface.blit(help_line, help_line.get_rect(midtop=(box.centerx, box.y + round(u * 0.7))))
        kinds = self.layout.kinds()
        points = self.layout.deadwood_points()
        for i, rect in enumerate(geo["rows"]):
            self._draw_row(surface, i, rect, kinds, points)
        dragged = self.drag["card"] if self.drag else None
        focus = self.focused()
        for c, rect in geo["cards"].items():
            if c == dragged:
                continue
            lifted = rect.move(0, -max(3, rect.h // 10)) if c == self.held else rect
            surface.blit(self.table.art.face(c, geo["card_w"]), lifted)
            if c == self.held:
                draw_highlight(surface, lifted, "selected", geo["card_w"])
            if c == focus:
                draw_highlight(surface, lifted, "focus", geo["card_w"])
        problem = self.problem()
        self.buttons[0].primary = problem is None
        colour = FONT_COLOUR if problem is None else (255, 190, 170)
        status = problem or tr("gin.panel.ready", points=points, limit=self.layout.limit)
        size, lines = self.status_words(status, round(u * 0.26), box.w - 40)
        y = geo["status_y"] - (len(lines) - 1) * self.text.font(size, True).get_linesize()
        for line in lines:
            img = self.text.fit(line, size, box.w - 40, colour, bold=True)
            surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
            y += img.get_height()
        for b in self.buttons:
            b.draw(surface, self.text, b is focus)
        if self.drag is not None:
            rect = geo["cards"][self.drag["card"]].copy()
            rect.center = self.drag["pos"]
            surface.blit(self.table.art.face(self.drag["card"], geo["card_w"]), rect)

    def row_words(self, i: int, kinds: list[str | None], points: int) -> tuple[str, str, bool | None]:
        """Row ``i``'s label, its note and whether it is right (None: the new-meld row)."""
        tr = self.app.tr
        lay = self.layout
        if i < lay.new_row:
            kind = kinds[i]
            note = tr(f"gin.panel.{kind}") if kind else tr("gin.panel.not_meld")
            return tr("gin.panel.meld", n=i + 1), note, kind is not None
        if i == lay.new_row:
            return tr("gin.panel.new_meld"), tr("gin.panel.new_meld_hint"), None
        ok = points <= lay.limit
        return tr("gin.panel.deadwood", points=points, limit=lay.limit), tr(
            "gin.panel.within" if ok else "gin.panel.over"), ok

    def spoken_screen(self) -> Heard:
        """The panel for a player who listens: its title; each meld and the deadwood with their cards
        and what the panel says of them, and whether it can be knocked; its keys; the focused card
        (with its row) or button. What it cannot knock yet is said at once, as it is shown in red."""
        tr = self.app.tr
        adapter = getattr(self.table, "adapter", None)
        words = adapter.card_words if adapter is not None else str
        kinds, points = self.layout.kinds(), self.layout.deadwood_points()
        rows = []
        for i, cards in enumerate(self.layout.rows()):
            if i != self.layout.new_row:
                label, note, _ = self.row_words(i, kinds, points)
                rows += [label, ", ".join(words(c) for c in cards), note]
        problem = self.problem()
        if problem is None:
            rows.append(tr("gin.panel.ready", points=points, limit=self.layout.limit))
        item = self.focused()
        control, value = "", ""
        if isinstance(item, Button):
            control = f"{item.label}, {tr('menu.role.button')}"
        elif isinstance(item, str):
            label = self.row_words(self.layout.row_of(item), kinds, points)[0]
            control, value = f"{words(item)}, {label}", tr("menu.picked_up") if item == self.held else ""
        return Heard(aloud(self.title), control, value, page=" ".join(sentence(r) for r in rows if r),
                     alert=problem or "", keys=tr("gin.panel.help"))

    def row_places(self, i: int, rect: pygame.Rect) -> tuple[pygame.Rect, list[tuple[str, str, int, bool, pygame.Rect]]]:
        """Where row ``i``'s mark (a tick or a cross) and words go, the one geometry ``draw`` and
        ``picture_nodes`` share: the mark's rectangle, and for the label and the note their words,
        fitted size, boldness and room (left of the cards, one under the other; on a strip above the
        cards, side by side, in a window taller than wide)."""
        geo = self.geometry()
        label, note, ok = self.row_words(i, self.layout.kinds(), self.layout.deadwood_points())
        strip = geo["strip"]
        if strip:
            size = max(10, round(strip * 0.62))
            mark = pygame.Rect(rect.x + size // 2, rect.y + (strip - size) // 2 + 2, size, size)
            x = mark.right + size // 2
            if not self.layout.rows()[i]:  # no cards (the new meld): the note says what to do where they would lie
                room = rect.right - size // 2 - x
                first = self.text.fitting_size(label, size, room, True)
                height = self.text.font(size, True).get_linesize()
                y = rect.y + (strip - height) // 2 + 2
                body = rect.y + strip + 2
                second = max(9, round(size * 0.8))
                lines = self.text.wrap(note, second, room)
                step = self.text.font(second).get_linesize()
                while second > 9 and len(lines) * step > rect.bottom - body:
                    second -= 1
                    lines, step = self.text.wrap(note, second, room), self.text.font(second).get_linesize()
                top = body + max(0, (rect.bottom - body - len(lines) * step) // 2)
                return mark, [("label", label, first, True, pygame.Rect(x, y, room, height)),
                              *((f"note:{n}" if n else "note", line, self.text.fitting_size(line, second, room), False,
                                 pygame.Rect(x, top + n * step, room, step)) for n, line in enumerate(lines))]
            first = self.text.fitting_size(label, size, (rect.right - x) // 2, True)
            width = self.text.width(label, first, True)
            second = self.text.fitting_size(note, size, rect.right - size // 2 - x - width - size, ok is False)
            height = self.text.font(size, True).get_linesize()
            y = rect.y + (strip - height) // 2 + 2
            return mark, [("label", label, first, True, pygame.Rect(x, y, width + 2, height)),
                          ("note", note, second, ok is False, pygame.Rect(x + width + size, y,
                                                                        rect.right - size // 2 - x - width - size, height))]
        grow = geo["em"] / self.table.layout.unit
        size = max(12, round(min(rect.h * 0.2 * grow, rect.h * 0.36)))
        mark = pygame.Rect(rect.x + size // 2, rect.y + size // 2, size, size)
        x = mark.right + size // 2
        room = geo["label_w"] - (x - rect.x) - size // 2
        first = self.text.fitting_size(label, size, room, True)
        second = self.text.fitting_size(note, round(size * 0.9), room, ok is False)
        top = rect.y + size // 3
        height = self.text.font(first, True).size(label)[1]
        return mark, [("label", label, first, True, pygame.Rect(x, top, room, height)),
                      ("note", note, second, ok is False, pygame.Rect(x, top + height, room,
                                                                    self.text.font(second, ok is False).size(note)[1]))]

    def _draw_row(self, surface: pygame.Surface, i: int, rect: pygame.Rect, kinds: list[str | None], points: int) -> None:
        """A row's frame, its mark (a tick or a cross) and its label and note (``row_places``)."""
        ok = self.row_words(i, kinds, points)[2]
        pygame.draw.rect(surface, ROW_FILL, rect, border_radius=10)
        if ok is None:
            _dashed(surface, (150, 170, 150), rect)
        else:
            pygame.draw.rect(surface, VALID if ok else INVALID, rect, 2 if ok else 4, border_radius=10)
        mark, words = self.row_places(i, rect)
        size = mark.w
        if ok is True:
            pygame.draw.lines(surface, VALID, False, [(mark.x, mark.centery), (mark.x + size // 3, mark.bottom),
                                                      (mark.right, mark.y)], 3)
        elif ok is False:
            pygame.draw.line(surface, INVALID, mark.topleft, mark.bottomright, 4)
            pygame.draw.line(surface, INVALID, mark.topright, mark.bottomleft, 4)
        for part, said, fitted, bold, room in words:
            colour = FONT_COLOUR if part == "label" else (200, 214, 196) if ok is not False else (255, 190, 170)
            surface.blit(self.text.render(said, fitted, colour, bold=bold), room.topleft)


def _rect(rect: pygame.Rect) -> tuple[int, int, int, int]:
    return (int(rect.x), int(rect.y), int(rect.w), int(rect.h))


def _dashed(surface: pygame.Surface, colour: tuple[int, int, int], rect: pygame.Rect) -> None:
    """A dashed frame: the empty row a card may be dropped on to start a meld."""
    dash = 10
    for x in range(rect.left, rect.right, 2 * dash):
        pygame.draw.line(surface, colour, (x, rect.top), (min(x + dash, rect.right), rect.top), 2)
        pygame.draw.line(surface, colour, (x, rect.bottom - 1), (min(x + dash, rect.right), rect.bottom - 1), 2)
    for y in range(rect.top, rect.bottom, 2 * dash):
        pygame.draw.line(surface, colour, (rect.left, y), (rect.left, min(y + dash, rect.bottom)), 2)
        pygame.draw.line(surface, colour, (rect.right - 1, y), (rect.right - 1, min(y + dash, rect.bottom)), 2)

