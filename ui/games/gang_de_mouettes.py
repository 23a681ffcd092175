"""Gang de mouettes at the table: every seat's cards as a square in front of it, the draw pile and
the discard in the middle, the drawn card shown to its drawer only, powers that ask for their
targets by clicks, quick-discard windows with a countdown ring, and the round's reveal and scores.

What the table adds around the engine (it never decides a rule; every move is a legal ``Move``):

- **Memorising.** The engine lets each seat know its first ``peek_slots`` cards at the deal. At the
  start of a round the table shows them face up to their human owner (one human at a time behind
  the curtain in pass-and-play) until the player clicks "I've memorised them"; the referee holds
  play until every human has (``referee.unready``/``ready``).
- **Quick-discard windows** are run by the referee (the engine's ``timer()``): the table draws its
  clock as a ring around the discard and turns a player's click into a snap or a pass.
- **Who snaps.** A click on a card snaps it for its owner when the owner is a human who may snap
  (rase-mottes); a click on anybody else's card is a piqué by the one human who may snap (in
  pass-and-play with several such humans, drag the card onto your own cards: the owner of the
  cards it is dropped on snaps it). Nothing about the window needs a private view, so the screen
  stays as it is while it is open and no card is revealed by a snap but the snapped one.
- **Closing a window.** The player who opened a window that only bots race may close it at once
  ("Close the window", N) rather than wait out its clock.
- **End of turn.** « Gang de mouettes ! » and "End turn"; a bar under "End turn" shows the
  referee's grace clock, after which the turn ends by itself.
- **What I know.** With the memory aid (``app.settings.memory_aid``, off by default: the
  designer's rule is to play from memory; a match played with it counts as assisted) every card whose
  value the viewer has seen carries a small mark with that value; a button turns it on and off.
- **Letting windows go.** With ``app.settings.let_go`` (off by default) a quick-discard window is
  let go for the viewer at once when they know no card that matches (``known_matches``), as N would:
  a full table runs on without them waiting out every window. It reads what the player has seen,
  as the memory aid does, so a match where it let a window go counts as assisted.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import Any, cast

import pygame

from game.core import Event, Move
from game.gang_de_mouettes.views import (
    DRAWN,
    END_TURN,
    GIVE,
    OVER,
    POWER_MOVES,
    ROUND_OVER,
    SCOUT,
    TURN,
    WINDOW,
    GangView,
    known_matches,
)
from ui.cards import card_height
from ui.games.base import SCORE_WIN, ArgumentPicker, TableAdapter, present
from ui.picture.build import rect_of, seat_of
from ui.picture.model import DEPTH_OVER, DEPTH_UNDER, MIDDLE, Countdown, Node, gap
from ui.table.gestures import NOTHING, Action, Attempt, ButtonSpec, CardGestures, Drop
from ui.table.ink import Ink
from ui.table.layout import SeatSpot, TableLayout
from ui.table.sprites import CardSprite
from ui.table.widgets import GOLD

REVEAL_SECONDS = 3.5
"""How long a card looked at with a power (or a missed quick discard) stays face up."""
INK = (40, 36, 30)
SCORE_WIDTH = 6.6
"""The width of a column of the round's score card, in its measure (name, how, points, total)."""


def slot_of(zone: str) -> tuple[int, int] | None:
    """``(seat, slot)`` of a zone ``slot:<seat>.<slot>``, else ``None``."""
    if not zone.startswith("slot:"):
        return None
    seat, _, slot = zone[5:].partition(".")
    return int(seat), int(slot)


Cells = tuple[list[list[int]], list[int]]
"""Per seat, the cell of its square holding each engine slot, and per seat the square's cell count."""
SMALLEST_SQUARE = 12
"""Pixels: the narrowest another seat's cards come out in the cell of a crowded upright table."""
MOVING = frozenset({"drop", "snap", "give", "penalty"})
"""The public round log's kinds that take a card from a seat or give one to it."""
MOST_CELLS = 64
"""More cards than a deck holds: a longer replay is a hostile view's (and falls back)."""


def _place(word: str) -> tuple[int, int]:
    """A move's ``seat.slot`` argument as numbers (the slot counted from 0)."""
    seat, _, slot = word.partition(".")
    return int(seat), int(slot)


def square_cells(round_log: list[dict[str, Any]], sizes: list[int]) -> Cells:
    """Replay a round's public log from the deal (four cards a seat, in cells 0–3) to find where
    each seat's cards lie: a card that leaves (a drop, a quick discard, a give) leaves its cell
    empty, and a card that comes (a give, a penalty) takes the first empty cell, else a new one.
    The engine renumbers a seat's slots when one goes; the table must not move the others: in a
    memory game a card stays where it was put. The cell count never shrinks within a round (a
    square that narrowed would slide its cards). A seat whose replay disagrees with ``sizes`` (its
    card count in the view) falls back to one cell per slot.

    >>> square_cells([{"kind": "snap", "seat": 0, "target": [0, 1], "success": True},
    ...               {"kind": "snap", "seat": 1, "target": [1, 2], "success": False},
    ...               {"kind": "penalty", "seat": 1}], [3, 5])
    ([[0, 2, 3], [0, 1, 2, 3, 4]], [4, 5])
    """
    cells = [[0, 1, 2, 3] for _ in sizes]
    counts = [4] * len(sizes)

    def number(value: Any) -> int:
        """An index from the log, or -1 for anything else (a hostile host's view changes nothing)."""
        return value if isinstance(value, int) and not isinstance(value, bool) else -1

    def take(seat: int, slot: int) -> None:
        if 0 <= seat < len(cells) and 0 <= slot < len(cells[seat]):
            cells[seat].pop(slot)

    def add(seat: int) -> None:
        if 0 <= seat < len(cells) and len(cells[seat]) < MOST_CELLS:
            cell = next(c for c in range(len(cells[seat]) + 1) if c not in cells[seat])
            cells[seat].append(cell)
            counts[seat] = max(counts[seat], cell + 1)

    for entry in round_log if isinstance(round_log, list) else []:
        if not isinstance(entry, dict):
            continue
        kind, seat = entry.get("kind"), number(entry.get("seat"))
        if kind == "drop":
            take(seat, number(entry.get("slot")))
        elif kind == "snap" and entry.get("success") is True:
            target = entry.get("target")
            if isinstance(target, list | tuple) and len(target) == 2:
                take(number(target[0]), number(target[1]))
        elif kind == "give":
            take(seat, number(entry.get("slot")))
            add(number(entry.get("to")))
        elif kind == "penalty":
            add(seat)
    for seat, size in enumerate(sizes):
        if len(cells[seat]) != size:
            cells[seat], counts[seat] = list(range(size)), max(4, size)
    return cells, counts



def ring_share(clock: tuple[float, float]) -> float:
    """The share of the quick-discard window's time left, as its countdown ring shows it."""
    left, length = clock
    return max(0.0, min(1.0, left / max(0.1, length)))

class Adapter(TableAdapter[GangView]):
    """The Gang de mouettes table adapter (see the module docstring)."""

    game_id = "gang_de_mouettes"
    hand_depth = 1.5
    """The viewer's square: two rows of cards of 0.72 of the layout's width (``card_width``) and a gap."""

    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        self.mode: str | None = None
        """What the next click on a card means: a power (look, spy, steal, scout, drop) or "take"."""
        self.picker: ArgumentPicker | None = None
        """The power move being built click by click (the 10's steal: own slot, then another's)."""
        self.reveals: dict[str, float] = {}
        """Zones shown face up for a moment (a power's look, a missed quick discard)."""
        self.show_marks = bool(getattr(self.app.settings, "memory_aid", False))
        self.let_go_used = False
        """The "let windows go" assist let a window go for the viewer in this match."""
        self._let_go_for: tuple[int, int] | None = None
        """The window the assist last let go (turn, discard size): once per window, not every frame
        (at a network table each time is a message to the host)."""
        self.show_card = True
        """Whether the round's score card covers the middle of the table (a button hides it)."""
        self._public: tuple[int, GangView] | None = None
        self._held_at: dict[tuple[Any, ...], tuple[float, float, int]] = {}
        """Where each seat's drawn card is held, by layout and counts (see ``held_place``)."""
        self._squares: dict[tuple[Any, ...], list[tuple[list[tuple[float, float, int]], pygame.Rect]]] = {}
        self._cells: tuple[tuple[Any, ...], Cells] | None = None
        self._cells_seen: tuple[Any, tuple[Any, ...]] | None = None
        """The view the cells were last read from (and its log's and rows' lengths)."""
        """The last ``cells`` answer and the public entries it was replayed from."""
        self._bubble_place: tuple[tuple[Any, ...], pygame.Rect] | None = None
        """Where the call's bubble went and what it was placed among (see ``call_bubble``)."""

    def forget(self) -> None:
        self._squares.clear()
        self._bubble_place = None
        self._public = None  # it names the seats: a default name follows the language

    # ================================================================== state helpers
    @property
    def state(self) -> Any:
        return self.table.session.state

    def public(self) -> GangView:
        """The spectator's view, cached until the next move."""
        key = len(self.state.log)
        if self._public is None or self._public[0] != key:
            self._public = (key, cast(GangView, self.state.view(None)))
        return self._public[1]

    def _human(self, seat: int) -> bool:
        return self.table.session.seats[seat].is_human

    def to_memorise(self) -> list[int]:
        """Human seats still to look at their first cards of this round (play waits for them)."""
        return self.table.driver.unready()

    def memorise(self, seat: int) -> None:
        """``seat`` has memorised its cards: hide them and let play (or the next human) go on."""
        self.table.driver.ready(seat)
        self.table.recheck_viewer()

    def _snappers(self, view: GangView) -> list[int]:
        """Humans who may still try a quick discard in the open window."""
        window = view.get("window")
        if not window:
            return []
        return [s for s in window["open_to"] if self._human(s)]

    # ================================================================== zones
    def zones(self, view: GangView) -> dict[str, list[str | None]]:
        zones: dict[str, list[str | None]] = {
            "stock": [None] * view["pile_size"],
            "discard": list(view["discard"]),
        }
        if view["holding"]:
            zones[f"hand:{view['active']}"] = [view["pending"] if view["pending"] else view["drawn"]]
        for s, row in enumerate(view["slots"]):
            for i, card in enumerate(row):
                zones[f"slot:{s}.{i}"] = [card]
        return zones

    def face_up(self, zone: str, view: GangView) -> bool:
        where = slot_of(zone)
        if where is None:
            return zone != "stock"
        if view["phase"] in (ROUND_OVER, OVER) or zone in self.reveals:
            return True
        seat, slot = where
        viewer = self.table.viewer
        if viewer is not None and seat == viewer and viewer in self.to_memorise():
            return slot < int(view["options"]["peek_slots"])
        return view["phase"] == SCOUT and view["scouted"] == [seat, slot] and viewer == view["active"]

    def zone_rank(self, zone: str) -> int:
        return {"stock": 0, "discard": 1, "slot": 3, "hand": 6}.get(zone.split(":")[0], 5)

    def deal_order(self, zones: dict[str, list[str | None]]) -> list[tuple[str, int]]:
        view = self.table.view
        n = view["players"]
        first = (view["dealer"] + 1) % n
        order = [(f"slot:{(first + k) % n}.{i}", 0) for i in range(4) for k in range(n)]
        return [z for z in order if z[0] in zones] + [("discard", i) for i in range(len(zones["discard"]))]

    # ================================================================== placement
    @staticmethod
    def _facing(spot: SeatSpot) -> str:
        a = spot.angle % 360
        return (
            "bottom" if 45 <= a < 135 else "left" if 135 <= a < 225 else "top" if 225 <= a < 315 else "right"
        )

    def card_width(self, layout: TableLayout, bottom: bool) -> int:
        """Card width of the viewer's square (``bottom``) or of the other seats' squares."""
        if bottom:
            return max(30, round(layout.card_w * 0.72))
        n = layout.players
        shrink = 1.1 if n <= 3 else 1.05 if n <= 5 else 0.86
        return max(22, round(layout.small_w * shrink))

    def square(
        self, seat: int, count: int, layout: TableLayout
    ) -> tuple[list[tuple[float, float, int]], pygame.Rect]:
        """Top-left and width of each of ``seat``'s ``count`` cards, and the square's bounds.

        Slots 0 and 1 are the row nearest to the player; 2 and 3 the row behind; further cards
        (penalties, gifts) add columns to the player's right. The square faces its player. On a phone
        on its side the viewer's square is unfolded into one row (its columns side by side, each
        nearest card first); in a crowded upright table's cell a square is as large as the cell holds.
        """
        counts = self._counts_for(layout)
        counts[seat] = count
        return self.arrangement(layout, tuple(counts))[seat]

    def _counts_for(self, layout: TableLayout) -> list[int]:
        view = self.table.view
        if view.get("slots") and len(view["slots"]) == layout.players:
            return list(self.cells(cast(GangView, view))[1])
        return [4] * layout.players

    def arrangement(
        self, layout: TableLayout, counts: tuple[int, ...]
    ) -> list[tuple[list[tuple[float, float, int]], pygame.Rect]]:
        """Every seat's square: the other seats' cards shrink together until no square covers
        a name plate, the piles, the buttons, the log or another square."""
        key = (id(layout), layout.size, layout.bottom_seat, layout.card_w, layout.small_w, layout.plate_em, counts)
        cached = self._squares.get(key)
        if cached is not None:
            return cached
        if len(self._squares) > 200:
            self._squares.clear()
        bottom = layout.bottom_seat
        out: list[tuple[list[tuple[float, float, int]], pygame.Rect]] = [
            ([], pygame.Rect(0, 0, 0, 0))
        ] * layout.players
        out[bottom] = self._build(layout, bottom, counts[bottom], self.card_width(layout, True), None)
        blocked = [self._middle(layout), layout.log_rect] + [spot.plate for spot in layout.seats]
        others = [(bottom + k) % layout.players for k in range(1, layout.players)]
        base = self.card_width(layout, False)
        placed = [out[bottom][1]]
        scales = (1.0, 0.92, 0.85, 0.78, 0.72, 0.66, 0.6, 0.55)
        for seat in others:
            room = layout.seats[seat].room
            if room is not None:  # a crowded upright table: the square as large as its cell leaves it
                out[seat] = self._build(layout, seat, counts[seat], self._fitting(room, counts[seat], base), [])
                placed.append(out[seat][1])
                continue
            tries = [(scale, slide) for slide in (False, True) for scale in scales]
            for scale, slide in tries:
                built = self._build(
                    layout, seat, counts[seat], max(18, round(base * scale)), blocked + placed, slide
                )
                if built[1].collidelist(blocked + placed) == -1 and self._nearest_own(built[1], seat, layout):
                    break
            out[seat] = built
            placed.append(built[1])
        self._squares[key] = out
        return out

    @staticmethod
    def _fitting(room: pygame.Rect, count: int, largest: int) -> int:
        """The width of the cards of a square of ``count`` cards that fits ``room`` (at most ``largest``)."""
        cols = 2 + (max(count, 4) - 3) // 2
        w = largest
        while w > SMALLEST_SQUARE:
            g = max(3, round(w * 0.08))
            if cols * w + (cols - 1) * g <= room.w and 2 * card_height(w) + g <= room.h:
                break
            w -= 1
        return w

    @staticmethod
    def _nearest_own(box: pygame.Rect, seat: int, layout: TableLayout) -> bool:
        """Whether a seat's square lies nearer its own name plate than any other's (else the cards
        look like a neighbour's)."""
        own = gap(rect_of(box), rect_of(layout.seats[seat].plate))
        return all(gap(rect_of(box), rect_of(spot.plate)) >= own for spot in layout.seats if spot.seat != seat)

    def _middle(self, layout: TableLayout) -> pygame.Rect:
        """The piles, the quick-discard ring around the discard and the button bar."""
        sx = layout.stock_pos[0]
        dx, dy = layout.discard_pos
        ring = round(layout.pile_h * 0.62)
        centre = (dx + layout.pile_w / 2, dy + layout.pile_h / 2)
        piles = pygame.Rect(round(sx), round(centre[1] - ring), round(centre[0] + ring - sx), ring * 2)
        piles.h += round(layout.unit * 0.3)
        return piles.union(self.button_bar(layout))

    def _build(
        self,
        layout: TableLayout,
        seat: int,
        count: int,
        w: int,
        blocked: list[pygame.Rect] | None,
        slide: bool = False,
    ) -> tuple[list[tuple[float, float, int]], pygame.Rect]:
        spot = layout.seats[seat]
        h = card_height(w)
        g = max(3, round(w * 0.08))
        cols = 2 + (max(count, 4) - 3) // 2
        cells = [(k % 2, k // 2) if k < 4 else (2 + (k - 4) // 2, (k - 4) % 2) for k in range(count)]
        facing = "bottom" if spot.bottom else self._facing(spot)
        if spot.bottom and layout.phone:  # a phone on its side: the square unfolded into one row, its
            cells = [(2 * col + row, 0) for col, row in cells]  # left column's two cards, then the right's
            cols *= 2
        along, across = (w, h) if facing in ("bottom", "top") else (h, w)
        width_along = cols * along + (cols - 1) * g
        depth = across if spot.bottom and layout.phone else 2 * across + g
        box = (
            pygame.Rect(0, 0, width_along, depth)
            if facing in ("bottom", "top")
            else pygame.Rect(0, 0, depth, width_along)
        )
        if spot.bottom or blocked is None:
            box.midbottom = (round(layout.size[0] / 2), round(layout.size[1] - layout.unit * 0.22))
        else:
            self._settle(box, spot, layout, blocked, g * 2, slide)
        places = []
        for col, row in cells:
            if facing == "bottom":
                x, y = box.x + col * (w + g), box.bottom - (row + 1) * h - row * g
            elif facing == "top":
                x, y = box.right - (col + 1) * w - col * g, box.y + row * (h + g)
            elif facing == "left":
                x, y = box.x + row * (w + g), box.y + col * (h + g)
            else:
                x, y = box.right - (row + 1) * w - row * g, box.bottom - (col + 1) * h - col * g
            places.append((float(x), float(y), w))
        return places, box

    def _settle(
        self,
        box: pygame.Rect,
        spot: SeatSpot,
        layout: TableLayout,
        blocked: list[pygame.Rect],
        gap: int,
        slide: bool,
    ) -> None:
        """Put ``box`` at the seat, clear of its name plate; with ``slide``, then clear of whatever
        else it covers by the shortest slide that frees it."""
        felt = layout.felt.inflate(-gap * 2, -gap * 2)
        box.center = (round(spot.cards[0]), round(spot.cards[1]))
        self._clear_of_plate(box, spot.plate, gap)
        box.clamp_ip(felt)
        hits = [r for r in blocked if r is not spot.plate and box.colliderect(r.inflate(gap, gap))]
        if not hits or not slide:
            return
        start = box.topleft
        best: tuple[int, tuple[int, int]] | None = None
        for r in hits:
            grown = r.inflate(gap * 2, gap * 2)
            for pos in (
                (grown.x - box.w, box.y),
                (grown.right, box.y),
                (box.x, grown.y - box.h),
                (box.x, grown.bottom),
            ):
                box.topleft = pos
                box.clamp_ip(felt)
                if box.collidelist([b.inflate(gap, gap) for b in blocked]) == -1:
                    cost = abs(box.x - start[0]) + abs(box.y - start[1])
                    if best is None or cost < best[0]:
                        best = (cost, box.topleft)
        box.topleft = best[1] if best is not None else start

    @staticmethod
    def _clear_of_plate(box: pygame.Rect, plate: pygame.Rect, gap: int) -> None:
        """Slide ``box`` away from the name plate along the axis where that is shortest."""
        if not box.colliderect(plate.inflate(gap, gap)):
            return
        dx = box.centerx - plate.centerx
        dy = box.centery - plate.centery
        if abs(dy) * plate.w >= abs(dx) * plate.h:
            box.y = plate.bottom + gap if dy >= 0 else plate.y - gap - box.h
        else:
            box.x = plate.right + gap if dx >= 0 else plate.x - gap - box.w

    def cells(self, view: GangView) -> Cells:
        """Where each seat's cards lie in its square: the cell of each engine slot, and how many
        cells the square has (see ``square_cells``). Replayed from the view's public round log, so
        it is the same after an undo, a resume or a network update."""
        log = view.get("round_log")
        log = log if isinstance(log, list) else []
        quick = (len(log), tuple(len(row) for row in view["slots"]))
        seen = self._cells_seen
        if self._cells is not None and seen is not None and seen[0] is view and seen[1] == quick:
            return self._cells[1]  # asked for each card placed: the round log is read once per view
        key = (tuple(len(row) for row in view["slots"]),
               tuple(repr([e.get(k) for k in ("kind", "seat", "target", "slot", "to", "success")])
                     for e in log if isinstance(e, dict) and e.get("kind") in MOVING))
        if self._cells is None or self._cells[0] != key:
            self._cells = (key, square_cells(log, [len(row) for row in view["slots"]]))
        self._cells_seen = (view, quick)
        return self._cells[1]

    def _count(self, view: GangView, seat: int) -> int:
        return self.cells(view)[1][seat]

    def held_place(self, seat: int, view: GangView, layout: TableLayout) -> tuple[float, float, int]:
        """Where a seat's drawn card is held: beside the viewer's square, or towards the middle; in
        either case clear of the piles, the buttons, the squares, the name plates and the log where
        there is room (else where it was wanted)."""
        counts = tuple(self._counts_for(layout))
        key = (id(layout), layout.size, layout.card_w, layout.small_w, layout.plate_em, counts, seat)
        cached = self._held_at.get(key)
        if cached is not None:
            return cached
        _, box = self.square(seat, self._count(view, seat), layout)
        spot = layout.seats[seat]
        if spot.bottom:
            w = self.card_width(layout, True)
            x, y = box.x - w - layout.unit * 0.5, float(box.y)
        else:
            w = self.card_width(layout, False)
            h = card_height(w)
            cx, cy = layout.centre
            dx, dy = cx - box.centerx, cy - box.centery
            d = math.hypot(dx, dy) or 1.0
            reach = (abs(dx) / d) * (box.w / 2 + w * 0.75) + (abs(dy) / d) * (box.h / 2 + h * 0.6)
            x, y = box.centerx + dx / d * reach - w / 2, box.centery + dy / d * reach - h / 2
        held = pygame.Rect(round(x), round(y), w, card_height(w))
        gap = max(3, round(w * 0.08))
        taken = [r.inflate(gap, gap) for r in [self._middle(layout), layout.log_rect]
                 + [b for _, b in self.arrangement(layout, counts)] + [s.plate for s in layout.seats]]
        if held.collidelist(taken) != -1:
            clear = layout.clear_spot(held.size, taken, held.center)
            if clear is not None and self._nearest_own(clear, seat, layout):
                x, y = float(clear.x), float(clear.y)
        if len(self._held_at) > 200:
            self._held_at.clear()
        self._held_at[key] = (x, y, w)
        return (x, y, w)

    def place(
        self, zone: str, count: int, view: GangView, layout: TableLayout
    ) -> list[tuple[float, float, int]]:
        where = slot_of(zone)
        if where is not None:
            seat, slot = where
            places, _ = self.square(seat, self._count(view, seat), layout)
            return [places[self.cells(view)[0][seat][slot]]]
        if zone.startswith("hand:"):
            x, y, w = self.held_place(int(zone[5:]), view, layout)
            return [(x + i * w * 0.25, y - i * w * 0.1, w) for i in range(count)]
        return super().place(zone, count, view, layout)

    def button_bar(self, layout: TableLayout) -> pygame.Rect:
        """Between the piles and the viewer's square (the square fills the usual bar); upright, the
        layout's own bar (above the viewer's plate, over the square)."""
        if layout.portrait:
            return layout.button_bar
        top = layout.centre[1] + layout.card_h / 2 + layout.unit * 0.18
        w = self.card_width(layout, True)
        rows = 1 if layout.phone else 2  # a phone on its side has the viewer's square in one row
        square_top = layout.size[1] - layout.unit * 0.22 - rows * (card_height(w) + max(3, round(w * 0.08)))
        h = min(self._bar_height(layout), square_top - top - layout.unit * 0.12)
        return pygame.Rect(
            round(layout.size[0] * 0.26), round(top), round(layout.size[0] * 0.48), round(max(h, 24))
        )

    def apart_place(self, layout: TableLayout) -> tuple[tuple[float, float], list[pygame.Rect]]:
        """The call's place: over the piles and the quick-discard ring around the discard."""
        middle = self._middle(layout)
        return (layout.centre[0], middle.top - layout.unit * 0.15), [middle]

    @staticmethod
    def _bar_height(layout: TableLayout) -> float:
        """The height of the bar between the piles and the viewer's square: at least a thumb's on a phone."""
        return max(layout.tap, layout.em * 0.62)

    def fits(self, layout: TableLayout) -> bool:
        """The bar between the piles and the viewer's square gets its full height."""
        return self.button_bar(layout).h >= round(self._bar_height(layout))

    def _pile_rect(self, layout: TableLayout, zone: str) -> pygame.Rect:
        x, y = layout.stock_pos if zone == "stock" else layout.discard_pos
        return pygame.Rect(round(x), round(y), layout.pile_w, layout.pile_h).inflate(
            layout.pile_w // 4, layout.pile_w // 4
        )

    def own_rect(self, seat: int, view: GangView, layout: TableLayout) -> pygame.Rect:
        _, box = self.square(seat, self._count(view, seat), layout)
        return box.inflate(layout.unit * 0.3, layout.unit * 0.3)

    # ================================================================== visual timers
    def assisted(self) -> bool:
        """The marks of what the player knows are a memory aid, and letting windows go for them reads
        the same memory: the match counts as assisted."""
        return self.show_marks or self.let_go_used

    def idle(self) -> bool:
        """A card shown for a moment is a timer: not idle while one is face up."""
        return not self.reveals

    def tick(self, dt: float) -> None:
        self._let_go_for_viewer()
        if self.reveals:
            for zone in list(self.reveals):
                self.reveals[zone] -= dt
                if self.reveals[zone] <= 0:
                    del self.reveals[zone]
                    self.table.recheck_viewer()

    def _let_go_for_viewer(self) -> None:
        """The "let windows go" assist: the viewer may race in the open window but knows no card that
        matches, so the window is let go for them, as N would."""
        view = cast(GangView, self.table.view)
        window = view.get("window")
        if not window or not self.app.settings.let_go or view["seat"] not in window["open_to"]:
            return
        opened = (view["turn"], len(view["discard"]))
        if opened != self._let_go_for and not known_matches(view):
            self.table.driver.pass_window(view["seat"])
            self._let_go_for = opened
            self.let_go_used = True

    def pass_snap(self) -> None:
        """The humans at the screen do not want to snap in this window (it may close sooner)."""
        for seat in self._snappers(self.public()):
            self.table.driver.pass_window(seat)

    # ================================================================== input
    def _acts(self, legal: list[Move]) -> dict[str, Move]:
        return {m.action: m for m in legal}

    def _is_top(self, sprite: CardSprite) -> bool:
        same = [s for s in self.table.sprites if s.zone == sprite.zone]
        return bool(same) and sprite is max(same, key=lambda s: s.order)

    def _power(self, view: GangView, legal: list[Move]) -> str | None:
        """The power of the viewer's drawn card when it may be used now: the legal move that uses one."""
        if view["phase"] != DRAWN:
            return None
        return next((m.name for m in legal if m.name in POWER_MOVES), None)

    def _memorising_viewer(self) -> bool:
        viewer = self.table.viewer
        return viewer is not None and viewer in self.to_memorise()

    def card(self, sprite: CardSprite, view: GangView, legal: list[Move]) -> CardGestures:
        """The piles, the viewer's drawn card and every seat's cards, each by the phase (nothing
        while the viewer memorises their cards)."""
        if self._memorising_viewer():
            return NOTHING
        acts = self._acts(legal)
        viewer = self.table.viewer
        if sprite.zone == "stock":
            return self._stock(sprite, view, acts)
        if sprite.zone == "discard":
            return self._discard(sprite, view, acts)
        if viewer is not None and sprite.zone == f"hand:{viewer}" and view["phase"] == DRAWN:
            return self._held(viewer, view, legal, acts)
        where = slot_of(sprite.zone)
        if where is None:
            return NOTHING
        if view["phase"] == WINDOW:
            return self._window_slot(*where, view)
        if view["phase"] == GIVE:
            return self._give_slot(*where, view)
        if view["phase"] in (ROUND_OVER, OVER):
            return NOTHING
        return self._turn_slot(*where, view, acts)

    def _stock(self, sprite: CardSprite, view: GangView, acts: dict[str, Move]) -> CardGestures:
        """Draw: a click on the pile, or the pile's top card dragged to the viewer's cards."""
        draw = acts.get("draw")
        viewer = self.table.viewer
        if draw is None or viewer is None or not self._is_top(sprite):
            return NOTHING
        layout = self.table.layout
        x, y, w = self.held_place(viewer, view, layout)
        drops = (Drop.onto("own", self.own_rect(viewer, view, layout), draw),
                 Drop.onto("held", pygame.Rect(round(x), round(y), w, card_height(w)), draw))
        return CardGestures(click=draw, drops=drops, focus=True)

    def _discard(self, sprite: CardSprite, view: GangView, acts: dict[str, Move]) -> CardGestures:
        """Throw the drawn card (a click on the pile), or take the top card: a click asks which of
        the viewer's cards it replaces, a drag puts it in place."""
        throw = acts.get("discard")
        if throw is not None:
            return CardGestures(click=throw, focus=self._is_top(sprite))
        viewer = self.table.viewer
        if viewer is None or not any(a.startswith("take ") for a in acts) or not self._is_top(sprite):
            return NOTHING
        return CardGestures(click=lambda: self.set_mode(None if self.mode == "take" else "take"),
                            drops=self._slot_drops(viewer, view, "take", acts),
                            attempts=self._slot_attempts(viewer, view, "take"), focus=True)

    def _held(self, viewer: int, view: GangView, legal: list[Move], acts: dict[str, Move]) -> CardGestures:
        """The viewer's drawn card: swap it with one of their cards, throw it, or use its power (a
        click, or a drop on the power's button)."""
        power = self._power(view, legal)
        drops = self._slot_drops(viewer, view, "swap", acts)
        throw = acts.get("discard")
        if throw is not None:
            drops += (Drop.onto("discard", self._pile_rect(self.table.layout, "discard"), throw),)
        if power is not None:
            drops += (Drop("power", (0, 0, 0, 0), partial(self.set_mode, power), button="power"),)
        click = (lambda p=power: self.set_mode(None if self.mode == p else p)) if power else None
        return CardGestures(click=click, drops=drops, attempts=self._slot_attempts(viewer, view, "swap"),
                            focus=power is not None)

    def _window_slot(self, seat: int, slot: int, view: GangView) -> CardGestures:
        """A quick-discard window: a click snaps the card (see ``_snap_click``); a drag onto the
        discard snaps one's own card, onto one's own cards another seat's (a piqué)."""
        snappers = self._snappers(view)
        if not snappers:
            return NOTHING
        snap = f"snap {seat}.{slot}"
        layout = self.table.layout
        drops = [Drop.onto("discard", self._pile_rect(layout, "discard"), Move(snap, seat))] if seat in snappers else []
        if view["pique"]:
            drops += [Drop.onto(f"own:{h}", self.own_rect(h, view, layout), Move(snap, h)) for h in snappers if h != seat]
        return CardGestures(click=self._snap_click(seat, slot, view), drops=tuple(drops),
                            attempts=self._snap_attempt(seat, slot), focus=True)

    def _give_slot(self, seat: int, slot: int, view: GangView) -> CardGestures:
        """After a piqué, the human who snapped gives one of their cards to the seat they took from."""
        give = present(view["give"], "give")
        if seat != give["snapper"] or not self._human(seat):
            return NOTHING
        move = Move(f"give {slot}", seat)
        victim = give["victim"]
        drop = Drop.onto(f"own:{victim}", self.own_rect(victim, view, self.table.layout), move)
        return CardGestures(click=move, drops=(drop,), attempts=self._snap_attempt(seat, slot), focus=True)

    def _turn_slot(self, seat: int, slot: int, view: GangView, acts: dict[str, Move]) -> CardGestures:
        """A turn: the viewer's own cards take the discard (in take mode), trade with the scouted
        card, or take the drawn card's place; a power picks its targets among every seat's cards.
        The viewer's own cards may always be picked up (a drop on the discard is explained)."""
        viewer = self.table.viewer
        mine = seat == viewer
        grip = CardGestures(attempts=self._snap_attempt(seat, slot)) if mine else NOTHING
        turn = viewer is not None and viewer in view["to_move"]
        phase = view["phase"]
        if phase == TURN and mine and self.mode == "take":
            return replace(grip, click=acts.get(f"take {slot}"), focus=turn)
        if phase == SCOUT and mine:
            return replace(grip, click=acts.get(f"trade {slot}"), drops=self._trade_drop(slot, view, acts), focus=turn)
        if phase == DRAWN:
            return replace(grip, click=self._drawn_click(seat, slot, acts), focus=turn and self._aimed(mine))
        return grip

    def _drawn_click(self, seat: int, slot: int, acts: dict[str, Move]) -> Action | None:
        """A click on a card once the viewer has drawn: a power's target, else (one's own card) the
        drawn card takes its place."""
        mine = seat == self.table.viewer
        if self.mode in POWER_MOVES and self.picker is not None:
            return self._pick(self.mode, self.picker, str(slot) if mine else f"{seat}.{slot}")
        return acts.get(f"swap {slot}") if mine else None

    def _aimed(self, mine: bool) -> bool:
        """Whether the focus rests on a card (the viewer's own: ``mine``) once the viewer has drawn:
        the spy and the scout look at the others' cards, the steal at everybody's, else one's own."""
        if self.mode in ("spy", "scout"):
            return not mine
        return self.mode == "steal" or mine

    def _trade_drop(self, slot: int, view: GangView, acts: dict[str, Move]) -> tuple[Drop, ...]:
        """The scout's trade: one's own card dropped on the scouted card."""
        move = acts.get(f"trade {slot}")
        if move is None or not view["scouted"]:
            return ()
        s, i = view["scouted"]
        x, y, w = self.square(s, self._count(view, s), self.table.layout)[0][self.cells(view)[0][s][i]]
        return (Drop.onto("scouted", pygame.Rect(round(x), round(y), w, card_height(w)), move),)

    def _slot_rects(self, seat: int, view: GangView) -> list[pygame.Rect]:
        places, _ = self.square(seat, self._count(view, seat), self.table.layout)
        return [pygame.Rect(round(x), round(y), w, card_height(w))
                for x, y, w in (places[cell] for cell in self.cells(view)[0][seat])]

    def _slot_drops(self, seat: int, view: GangView, verb: str, acts: dict[str, Move]) -> tuple[Drop, ...]:
        """``verb <slot>`` onto each of ``seat``'s cards where the engine allows it."""
        return tuple(Drop.onto(f"slot:{seat}.{i}", rect, acts[f"{verb} {i}"])
                     for i, rect in enumerate(self._slot_rects(seat, view)) if f"{verb} {i}" in acts)

    def _slot_attempts(self, seat: int, view: GangView, verb: str) -> tuple[Attempt, ...]:
        """``verb <slot>`` meant by a drop on each of ``seat``'s cards, allowed or not (explained)."""
        return tuple(Attempt.onto(f"slot:{seat}.{i}", rect, Move(f"{verb} {i}", seat))
                     for i, rect in enumerate(self._slot_rects(seat, view)))

    def _snap_attempt(self, seat: int, slot: int) -> tuple[Attempt, ...]:
        """A card dropped on the discard means a snap (by its owner when human, else by the viewer):
        outside a window the engine's refusal says why not."""
        viewer = self.table.viewer
        if viewer is None:
            return ()
        move = Move(f"snap {seat}.{slot}", seat if self._human(seat) else viewer)
        return (Attempt.onto("discard", self._pile_rect(self.table.layout, "discard"), move),)

    def set_mode(self, mode: str | None) -> None:
        """Ask for the targets of a power (or of taking the discard) by clicks."""
        self.mode = mode
        self.picker = ArgumentPicker(self.table.legal, {mode}) if mode in POWER_MOVES else None

    @property
    def chosen(self) -> int | None:
        """The own slot picked first for the 10's steal."""
        words = self.picker.words if self.picker is not None else []
        return int(words[0]) if words else None

    def _pick(self, mode: str, picker: ArgumentPicker, word: str) -> Action:
        """A click on a power's target: the move once it is complete, else the word is kept."""
        if not picker.accepts(word):
            fresh = ArgumentPicker(picker.moves, {mode})
            if not (picker.words and fresh.accepts(word)):
                return self._refuse(mode)
            picker = fresh  # another first card: start the move again
        move = picker.would_play(word)
        if move is not None:
            return move

        def keep() -> None:
            picker.pick(word)
            self.picker = picker

        return keep

    def _refuse(self, mode: str) -> Action:
        return lambda: self.table.say(self.tr(f"gang.hint.{mode}"))

    def race(self, view: GangView) -> object | None:
        """A quick-discard window, told apart as the engine tells it: its round and turn, and whether
        the thrown card was a 20's (the 20 itself opens a second window in the same turn)."""
        if view["phase"] != WINDOW:
            return None
        return (view["round"], view["turn"], view["pending"] is not None)

    def _snap_click(self, seat: int, slot: int, view: GangView) -> Action | None:
        humans = self._snappers(view)
        if not humans:
            return None
        if seat in humans:
            return Move(f"snap {seat}.{slot}", seat)
        if not view["pique"]:
            return lambda: self.table.say(self.tr("gang.hint.no_pique"))
        others = [h for h in humans if h != seat]
        if len(others) == 1:
            return Move(f"snap {seat}.{slot}", others[0])
        return lambda: self.table.say(self.tr("gang.hint.pique_drag"))

    # ================================================================== buttons
    def buttons(self, view: GangView, legal: list[Move]) -> list[ButtonSpec]:
        viewer = self.table.viewer
        out: list[ButtonSpec] = []
        if self._memorising_viewer():
            return [
                ButtonSpec("memorised", self.tr("gang.button.memorised"), partial(self.memorise, present(viewer, "viewer")), True)
            ]
        acts = self._acts(legal)
        phase = view["phase"]
        if phase == DRAWN:
            power = self._power(view, legal)
            if power is not None:
                if self.mode == power:
                    out.append(
                        ButtonSpec("cancel", self.tr("gang.button.cancel"), lambda: self.set_mode(None))
                    )
                else:
                    out.append(
                        ButtonSpec(
                            "power",
                            self.tr(f"gang.button.power.{power}"),
                            partial(self.set_mode, power),
                            True,
                        )
                    )
            throw = acts.get("discard")
            if throw is not None:
                out.append(ButtonSpec("throw", self.tr("gang.button.throw"), throw))
        elif phase == SCOUT and "keep" in acts:
            out.append(ButtonSpec("keep", self.tr("gang.button.keep"), acts["keep"], True))
        elif phase == END_TURN and "call" in acts:
            out.append(ButtonSpec("call", self.tr("gang.button.call"), acts["call"], True, apart=True))
            out.append(ButtonSpec("done", self.tr("gang.button.done"), acts["done"]))
        elif phase == WINDOW and self._snappers(view):
            out.append(ButtonSpec("pass_snap", self.tr("gang.button.pass_snap"), self.pass_snap, shortcut=pygame.K_n))
        elif phase == WINDOW and "close" in acts:  # only bots race: the one who opened it need not wait
            out.append(ButtonSpec("close", self.tr("gang.button.close"), acts["close"], True, shortcut=pygame.K_n))
        elif phase == TURN and self.mode == "take":
            out.append(ButtonSpec("cancel", self.tr("gang.button.cancel"), lambda: self.set_mode(None)))
        elif phase == TURN and "call" in acts:  # the call at the start of a turn (option call_timing)
            out.append(ButtonSpec("call", self.tr("gang.button.call"), acts["call"], apart=True))
        if "next" in acts:
            out.append(ButtonSpec("next", self.tr("gang.button.next"), acts["next"], True))
        if phase in (ROUND_OVER, OVER):
            out.append(
                ButtonSpec(
                    "sheet", self.tr("gang.button.score_sheet"), self.table.show_score_sheet, phase == OVER
                )
            )
            key = "gang.button.hide_card" if self.show_card else "gang.button.show_card"
            out.append(ButtonSpec("card", self.tr(key), self.toggle_card))
        elif self.table.viewer is not None:  # a table shown to everyone (or behind the curtain) knows nothing
            key = "gang.button.marks_off" if self.show_marks else "gang.button.marks_on"
            out.append(ButtonSpec("marks", self.tr(key), self.toggle_marks))
        return out

    def toggle_card(self) -> None:
        """Show or hide the round's score card (to look at the revealed cards)."""
        self.show_card = not self.show_card

    def toggle_marks(self) -> None:
        """Show or hide the marks of what the viewer knows."""
        self.show_marks = not self.show_marks

    # ================================================================== words
    def name(self, view: GangView, seat: int | None) -> str:
        return "?" if seat is None else view["names"][seat]

    def advice(self, move: Move, view: GangView) -> str | None:
        """Every move as advice; a card of a row is named by its place, counted from 1 as read."""
        name, args = move.name, move.args
        me = move.seat if move.seat is not None else view["seat"]

        def place(word: str) -> tuple[str, int]:
            seat, _, slot = word.rpartition(".")
            return self.name(view, int(seat) if seat else me), int(slot) + 1

        if name in ("take", "swap", "look", "trade", "drop", "give") and args:
            top = (view["top"] or "?")[1:]
            give: dict[str, Any] = dict(view.get("give") or {})
            target = self.name(view, give.get("victim")) if give else "?"
            return self.tr(f"gang.advice.{name}", n=place(args[0])[1], card=top, target=target)
        if name in ("spy", "scout") and args:
            target, n = place(args[0])
            return self.tr(f"gang.advice.{name}", target=target, n=n)
        if name == "steal" and len(args) == 2:
            target, m = place(args[1])
            return self.tr("gang.advice.steal", n=place(args[0])[1], target=target, m=m)
        if name == "snap" and args:
            target, n = place(args[0])
            own = int(args[0].split(".")[0]) == me
            return self.tr("gang.advice.snap_own" if own else "gang.advice.snap_pique", target=target, n=n)
        if name == "discard":
            return self.tr("gang.advice.discard", card=(view["drawn"] or "?")[1:])
        if name in ("draw", "keep", "close", "call", "done", "next"):
            return self.tr(f"gang.advice.{name}")
        return None

    def status(self, view: GangView, legal: list[Move]) -> str:
        line = self._status(view, legal)
        if view.get("caller") is not None and view["phase"] not in (ROUND_OVER, OVER):
            return self.tr("gang.last_round", name=view["names"][present(view["caller"], "caller")]) + " · " + line
        return line

    def _status(self, view: GangView, legal: list[Move]) -> str:
        phase = view["phase"]
        names = view["names"]
        viewer = self.table.viewer
        if phase == OVER:
            winners = self.state.winners()
            return self.tr("gang.status.over", name=" & ".join(names[w] for w in winners))
        if phase == ROUND_OVER:
            return self.tr("gang.status.round_over", round=view["round"])
        if self._memorising_viewer():
            return self.tr("gang.status.memorise", count=view["options"]["peek_slots"])
        if self.to_memorise():  # a table shown to everyone has no "other" players
            return self.tr("gang.status.others_memorise" if viewer is not None else "gang.status.players_memorise")
        active = view["active"]
        if phase == WINDOW:
            if self._snappers(view):
                return self.tr("gang.status.window", card=present(view["window"], "window")["card"][1:])
            return self.tr("gang.status.window_wait")
        if phase == GIVE:
            give = present(view["give"], "give")
            snapper, victim = give["snapper"], give["victim"]
            if self._human(snapper):
                return self.tr("gang.status.give", name=names[snapper], victim=names[victim])
            return self.tr("gang.status.waiting", name=names[snapper])
        if active is None:
            return ""
        if viewer is None or active != viewer:
            return self.tr("gang.status.waiting", name=names[active])
        if phase == TURN:
            if self.mode == "take":
                return self.tr("gang.status.take", card=present(view["top"], "top")[1:])
            return self.tr("gang.status.turn") if view["top"] else self.tr("gang.status.turn_draw")
        if phase == DRAWN:
            if self.mode == "steal" and self.chosen is not None:
                return self.tr("gang.status.steal_other")
            if self.mode in POWER_MOVES:
                return self.tr(f"gang.status.power.{self.mode}")
            card = (view["drawn"] or "M?")[1:]
            if self._power(view, legal):
                return self.tr("gang.status.drawn_power", card=card)
            return self.tr("gang.status.drawn", card=card)
        if phase == SCOUT:
            return self.tr("gang.status.scout")
        if phase == END_TURN:
            return self.tr("gang.status.end_turn")
        return ""

    def observe(self, move: Move, events: list[Event], view: GangView) -> None:
        """A move shown: the cards it revealed are shown a moment, modes and half-picked powers
        reset, and a human whose turn ended by itself (a snap closed the window, the grace ran out)
        is told so."""
        self._note_reveals(move, events)
        self.show_card = True
        self.mode = None
        self.picker = None
        for e in events:
            if (e.kind == "turn_end" and e.seat is not None and e.seat == self.table.viewer and self._human(e.seat)
                    and (move.seat != e.seat or move.name not in ("done", "call"))):
                self.table.say(self.tr("gang.log.turn_over", name=view["names"][e.seat]), kind="info")

    def describe(self, move: Move, events: list[Event], view: GangView) -> list[str]:
        names = view["names"]
        who = self.name(view, move.seat)
        a, args = move.name, move.args
        thrown = [e for e in events if e.kind == "discard"]

        def card_of(e: Event | None) -> str:
            return "?" if e is None or e.card is None else e.card[1:]

        lines: list[str] = []
        if any(e.kind == "reshuffle" for e in events):
            lines.append(self.tr("gang.log.reshuffle"))
        if a == "draw":
            lines.append(self.tr("gang.log.draw", name=who))
        elif a == "take":
            took = next((e for e in events if e.kind == "take"), None)
            lines.append(
                self.tr(
                    "gang.log.take",
                    name=who,
                    card=card_of(took),
                    thrown=card_of(thrown[0] if thrown else None),
                )
            )
        elif a == "swap":
            lines.append(self.tr("gang.log.swap", name=who, thrown=card_of(thrown[0] if thrown else None)))
        elif a == "discard":
            lines.append(self.tr("gang.log.discard", name=who, card=card_of(thrown[0] if thrown else None)))
        elif a in ("look", "drop"):
            key = "gang.log.look" if a == "look" else "gang.log.drop"
            lines.append(self.tr(key, name=who, card=card_of(thrown[0] if thrown else None)))
        elif a in ("spy", "scout"):
            target, slot = _place(args[0])
            lines.append(self.tr(f"gang.log.{a}", name=who, target=names[target], n=slot + 1))
        elif a == "steal":
            target, slot = _place(args[1])
            lines.append(self.tr("gang.log.steal", name=who, target=names[target], n=slot + 1))
        elif a in ("trade", "keep"):
            lines.append(self.tr(f"gang.log.{a}", name=who))
        elif a == "snap":
            lines.extend(self._describe_snap(move, events, view))
        elif a == "give":
            victim = next((e for e in events if e.kind == "give"), None)
            to = int(victim.dst.split(":")[1].split(".")[0]) if victim and victim.dst else None
            lines.append(self.tr("gang.log.give", name=who, target=self.name(view, to)))
        elif a == "call":
            lines.append(self.tr("gang.log.call", name=who))
        elif a == "next":
            lines.append(self.tr("gang.log.next", round=view["round"], name=names[view["dealer"]]))
        for e in events:
            ended = e.kind == "turn_end" and e.seat is not None and self._human(e.seat)
            if ended and e.seat is not None and (move.seat != e.seat or a not in ("done", "call")):
                # the turn ended by itself (a snap closed the window, the grace ran out): say so
                lines.append(self.tr("gang.log.turn_over", name=names[e.seat]))
            if e.kind == "round_end":
                lines.append(self._describe_round(e, view))
            elif e.kind == "match_end":
                lines.append(
                    self.tr("gang.log.match_won", name=" & ".join(names[w] for w in e.info["winners"]))
                )
        return lines

    def _describe_snap(self, move: Move, events: list[Event], view: GangView) -> list[str]:
        names = view["names"]
        who = self.name(view, move.seat)
        target, slot = _place(move.args[0])
        snap = next((e for e in events if e.kind == "snap"), None)
        card = "?" if snap is None or snap.card is None else snap.card[1:]
        if snap is not None and snap.info.get("success"):
            if target == move.seat:
                return [self.tr("gang.log.snap_own", name=who, card=card)]
            lines = [self.tr("gang.log.snap_pique", name=who, target=names[target], card=card, n=slot + 1)]
            if any(e.kind == "give" for e in events):  # the thief's last card went at once (option pique_gives)
                lines.append(self.tr("gang.log.give", name=who, target=names[target]))
            return lines
        own = target == move.seat
        key = "gang.log.miss_own" if own else "gang.log.miss_pique"
        if snap is None or snap.card is None or snap.known_to is not None:
            key += "_hidden"  # the log is public: a missed card not shown to all stays unnamed
        line = self.tr(key, name=who, target=names[target], card=card)
        if any(e.kind == "penalty" for e in events):
            line += " " + self.tr("gang.log.penalty", name=who)
        return [line]

    def _describe_round(self, event: Event, view: GangView) -> str:
        names = view["names"]
        last = view.get("last_round") or {}
        parts = [f"{names[s]} {p}" for s, p in enumerate(event.info["points"])]
        line = self.tr("gang.log.round_end", round=last.get("round", view["round"]), scores=", ".join(parts))
        caller = event.info.get("caller")
        if caller is not None:
            key = "gang.log.caller_lowest" if last.get("caller_lowest") else "gang.log.caller_penalty"
            line += " " + self.tr(key, name=names[caller], penalty=view["options"]["caller_penalty"])
        return line

    def _note_reveals(self, move: Move, events: list[Event]) -> None:
        """Cards looked at with a power (by the viewer) or missed quick discards stay face up a moment."""
        if move.name in ("drop", "give") or any(e.kind == "snap" and e.info.get("success") for e in events):
            self.reveals.clear()  # a card left its seat: the later cards of that seat moved up one place
        for e in events:
            looked = e.kind in ("look", "spy")
            missed = e.kind == "snap" and not e.info.get("success") and e.face_up
            if (looked or missed) and e.card is not None and e.src:
                self.reveals[e.src] = REVEAL_SECONDS

    @staticmethod
    def sheet_label(entry: dict[str, Any], names: list[str], tr: Callable[..., str]) -> str | None:
        label = tr("gang.sheet.round", n=entry.get("round", "?"))
        caller = entry.get("caller")
        if caller is not None:
            key = "gang.sheet.called_lowest" if entry.get("caller_lowest") else "gang.sheet.called_penalty"
            label += " · " + tr(key, name=names[caller])
        return label

    def turn_seats(self, view: GangView) -> list[int]:
        phase = view["phase"]
        if phase in (ROUND_OVER, OVER):
            return []
        if phase == GIVE and view["give"]:
            return [view["give"]["snapper"]]
        return [present(view["active"], "active seat")]

    # ------------------------------------------------------------------ spoken answers
    def spoken_card(self, card: str | None) -> str:
        return self.app.tr("speech.unknown_card") if card is None else self.app.tr("speech.gang.card", value=card[1:])

    def spoken_zone(self, zone: str, view: GangView) -> str:
        where = slot_of(zone)
        if where is None:
            return super().spoken_zone(zone, view)
        seat, slot = where
        return self._whose(seat, view, "speech.gang.slot", slot=slot + 1)

    def _slot_words(self, seat: int, view: GangView) -> list[str]:
        """Each card of ``seat``: its value where the viewer has seen it and the memory aid shows
        it (the designer's rule is to play from memory: without the aid, only that it was seen),
        and who else has looked at it."""
        me, names = view["seat"], view["names"]
        words = []
        for i, card in enumerate(view["slots"][seat]):
            knowers = view["knowers"][seat][i] if i < len(view["knowers"][seat]) else []
            if card is not None and (self.show_marks or self._shown(seat, i, view)):
                what = self.app.tr("speech.gang.slot_value", slot=i + 1, card=self.spoken_card(card))
            elif me is not None and me in knowers:
                what = self.app.tr("speech.gang.slot_seen", slot=i + 1)
            else:
                what = self.app.tr("speech.gang.slot_unseen", slot=i + 1)
            others = [names[k] for k in knowers if k != me]
            if others and len(knowers) < view["players"]:
                what = self.app.tr("speech.gang.known_to", what=what, names=", ".join(others))
            words.append(what)
        return words

    def _shown(self, seat: int, slot: int, view: GangView) -> bool:
        """Whether ``seat``'s card ``slot`` is face up for the viewer for a moment (not the round's end)."""
        return view["phase"] not in (ROUND_OVER, OVER) and self.face_up(f"slot:{seat}.{slot}", view)

    def spoken_shown(self, view: GangView) -> list[str]:
        return [self.app.tr("speech.gang.shown", where=self.spoken_zone(f"slot:{s}.{i}", view), card=self.spoken_card(card))
                for s, row in enumerate(view["slots"]) for i, card in enumerate(row)
                if card is not None and self._shown(s, i, view)]

    def spoken_hand(self, view: GangView) -> list[str]:
        me = view["seat"]
        if me is None:
            return [self.app.tr("speech.hand_empty")]
        cards = self.app.tr("speech.list_separator").join(self._slot_words(me, view))
        lines = [self.app.tr("speech.gang.hand", n=len(view["slots"][me]), cards=cards)]
        if view["holding"] and view["active"] == me and view["drawn"] is not None:
            lines.append(self.app.tr("speech.gang.holding", card=self.spoken_card(view["drawn"])))
        return lines

    def spoken_player(self, seat: int, view: GangView) -> str:
        return self.app.tr("speech.gang.player", name=view["names"][seat], n=len(view["slots"][seat]),
                           cards=self.app.tr("speech.list_separator").join(self._slot_words(seat, view)))

    def seat_note(self, seat: int, view: GangView) -> str:
        if view["phase"] in (ROUND_OVER, OVER) and view.get("last_round"):
            return self.tr("gang.cards_sum", points=present(view["last_round"], "last round")["sums"][seat])
        if view.get("caller") == seat:
            return self.tr("gang.called")
        return self.tr("gang.dealer") if view.get("dealer") == seat else ""

    # ================================================================== drawing
    def card_words(self, card: str) -> str:
        """A seagull card is named by its value, as the game's sentences name it."""
        return card[1:]

    def draw_under(self, surface: pygame.Surface, view: GangView, layout: TableLayout) -> None:
        for box in self.under_rects(view, layout):
            pygame.draw.rect(surface, (255, 214, 90), box.inflate(-4, -4), 3, border_radius=12)

    def under_rects(self, view: GangView, layout: TableLayout) -> list[pygame.Rect]:
        """The frame round the square of the player who must give a card (a piqué)."""
        if view["phase"] != GIVE or not view["give"]:
            return []
        victim = present(view["give"], "give")["victim"]
        _, box = self.square(victim, self._count(view, victim), layout)
        return [box.inflate(layout.unit * 0.2 + 4, layout.unit * 0.2 + 4)]

    def _shows_call(self, view: GangView) -> bool:
        return view.get("caller") is not None and view["phase"] not in (ROUND_OVER, OVER)

    def _shows_score(self, view: GangView) -> bool:
        return (view["phase"] in (ROUND_OVER, OVER) and bool(view.get("last_round")) and self.show_card
                and not self.table.animating)

    def _grace_bar(self) -> tuple[pygame.Rect, Countdown] | None:
        """The bar under Done that shrinks while the viewer's end-of-turn grace runs, and its clock."""
        grace = self.table.driver.grace_clock()
        if grace is None or grace[0] != self.table.viewer:
            return None
        button = next((b for b in self.table.buttons if b.key == "done"), None)
        if button is None:
            return None
        full = max(0, button.rect.w - 12)
        left = grace[1] / max(0.1, grace[2])
        clock = Countdown("bar", max(0.0, min(grace[1], grace[2])), max(0.0, grace[2]), full)
        return pygame.Rect(button.rect.x + 6, button.rect.bottom + 3, round(full * left), 4), clock

    def _ring_rect(self, layout: TableLayout) -> pygame.Rect:
        """The quick-discard window's countdown ring round the discard pile."""
        x, y = layout.discard_pos
        radius = round(layout.pile_h * 0.62)
        rect = pygame.Rect(0, 0, radius * 2, radius * 2)
        rect.center = (round(x + layout.pile_w / 2), round(y + layout.pile_h / 2))
        return rect

    def _targets(self, view: GangView) -> list[CardSprite]:
        """While a power (or a take, a trade, a give) waits for a card, the cards it may pick."""
        phase = view["phase"]
        asking = (
            (phase == DRAWN and self.mode is not None)
            or (phase == TURN and self.mode == "take")
            or phase == SCOUT
            or (phase == GIVE and view["give"] is not None and self.table.viewer == view["give"]["snapper"])
        )
        if not asking or self.table.viewer is None:
            return []
        table = self.table.gestures
        return [s for s in self.table.sprites
                if slot_of(s.zone) is not None and not s.moving and isinstance(table.of(s).click, Move)]

    def _chosen_sprite(self) -> CardSprite | None:
        if self.chosen is None:
            return None
        return next((s for s in self.table.sprites if s.zone == f"slot:{self.table.viewer}.{self.chosen}"), None)

    def draw_over(self, surface: Ink, view: GangView, layout: TableLayout) -> None:
        if self._shows_call(view):
            self._draw_call(surface, view, layout)
        if self.show_marks and view["phase"] not in (ROUND_OVER, OVER):
            self._draw_marks(surface, view, layout)
        clock = self.table.driver.window_clock()
        if clock is not None and view["phase"] == WINDOW:
            self._draw_ring(surface, layout, clock)
        bar = self._grace_bar()
        if bar is not None:
            surface.rect(GOLD, bar[0], border_radius=2)
        for sprite in self._targets(view):
            surface.rect((255, 214, 90), sprite.rect.inflate(6, 6), 3, border_radius=max(4, sprite.width // 8))
        chosen = self._chosen_sprite()
        if chosen is not None:
            surface.rect((90, 200, 255), chosen.rect.inflate(6, 6), 3, border_radius=8)
        if self._shows_score(view):
            self._score_card(surface, view, layout)

    def picture_nodes(self, view: GangView, layout: TableLayout) -> list[Node]:
        """The frame round a square that must give, the call's bubble, the memory marks, the window's
        ring, the grace bar, the targets, the chosen card and the round's score card."""
        nodes = [Node(f"give:{i}", "marker", rect_of(r), DEPTH_UNDER, hides=False)
                 for i, r in enumerate(self.under_rects(view, layout))]
        depth = DEPTH_OVER
        if self._shows_call(view):
            box, _, tip = self.call_bubble(view, layout)
            words = self.tr("gang.bubble")
            caller = present(view["caller"], "caller")
            nodes.append(Node("call", "bubble", rect_of(box), depth, words, role="note", label=words, owner=caller,
                              text_size=max(11, round(layout.em * 0.24)), bold=True,  # over the caller's own
                              covers=frozenset(f"slot:{caller}.{i}" for i in range(len(view["slots"][caller])))))
            xs, ys = [round(x) for x, _ in tip], [round(y) for _, y in tip]  # its tip, from the box to the plate
            nodes.append(Node("call:tip", "marker", (min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1),
                              depth, owner=caller, hides=False))
        if self.show_marks and view["phase"] not in (ROUND_OVER, OVER):
            for i, (kind, rect, card, words) in enumerate(self._mark_places(view)):
                nodes.append(Node(f"mark:{kind}:{i}", "badge", rect_of(rect), depth + 1, words,
                                  parent=f"card:{card.ident}", owner=seat_of(card.zone)))
        clock = self.table.driver.window_clock()
        if clock is not None and view["phase"] == WINDOW:  # its content: the share of the time left, as drawn
            nodes.append(Node("window_ring", "marker", rect_of(self._ring_rect(layout)), depth + 2,
                              repr(ring_share(clock)), hides=False,
                              countdown=Countdown("ring", max(0.0, min(clock)), max(0.0, clock[1]))))
        bar = self._grace_bar()
        if bar is not None:
            nodes.append(Node("grace", "marker", rect_of(bar[0]), depth + 2, hides=False, countdown=bar[1]))
        for sprite in self._targets(view):
            nodes.append(Node(f"target:{sprite.ident}", "marker", rect_of(sprite.rect.inflate(6, 6)), depth + 2,
                              state=frozenset({"lit"}), hides=False))
        chosen = self._chosen_sprite()
        if chosen is not None:
            nodes.append(Node("chosen", "marker", rect_of(chosen.rect.inflate(6, 6)), depth + 2,
                              state=frozenset({"selected"}), hides=False))
        if self._shows_score(view):
            box, u, columns = self.score_box(view, layout)
            title, lines, conclusion = self.score_lines(view)
            words = ". ".join([title, *(", ".join(line) for line in lines), conclusion])
            nodes.append(Node("score_card", "panel", rect_of(box), depth + 3, title, role="dialog", label=words,
                              covers=MIDDLE))
            nodes += [Node(f"score_card:{ident}", "text", rect_of(cell), depth + 4, text, parent="score_card", covers=MIDDLE,
                           text_size=size, bold=bold) for ident, cell, text, size, bold in self.score_cells(view, layout)]
            y = box.y + round(u * 0.85) + round(u * 0.34) * -(-len(lines) // columns)
            nodes += [self.score_words("score_card", box, title, round(u * 0.34), round(u * 0.1), depth + 4),
                      self.score_words("score_card", box, conclusion, round(u * 0.26), y + round(u * 0.1) - box.y,
                                       depth + 4, "end")]
        return nodes

    def _place_bubble(self, view: GangView, layout: TableLayout, box: pygame.Rect, plate: pygame.Rect,
                      taken: list[pygame.Rect], room: pygame.Rect) -> pygame.Rect:
        """Where the call's ``box`` goes (see ``call_bubble``): beside the caller's ``plate`` where a side
        is clear of ``taken``, else the clear place nearest to it, else over the caller's own square."""
        gap = round(layout.em * 0.14)
        spots = (
            ("midbottom", (plate.centerx, plate.y - gap)),
            ("midleft", (plate.right + gap, plate.centery)),
            ("midright", (plate.x - gap, plate.centery)),
            ("midtop", (plate.centerx, plate.bottom + gap)),
        )
        for anchor, pos in spots:
            setattr(box, anchor, pos)
            if room.contains(box) and box.collidelist(taken + [plate]) == -1:
                break
        else:  # no side of the plate is clear: the clear place nearest to it, else over it
            around = plate.inflate(box.w * 2, box.h * 5).clip(room)
            near = layout.clear_spot(box.size, taken + [plate.inflate(gap, gap)], plate.center, around)
            if near is not None:
                box = near
            else:  # over the caller's own square, never over another seat's cards nor a plate
                caller = present(view["caller"], "caller")
                square = self.arrangement(layout, tuple(self._counts_for(layout)))[caller][1]
                own = [r for r in taken if r != square] + [plate]
                box = layout.clear_spot(box.size, own, square.center, room) or box.clamp(room)
        return box

    def call_bubble(self, view: GangView, layout: TableLayout) -> tuple[pygame.Rect, pygame.Surface, list[tuple[int, int]]]:
        """The « Gang de mouettes ! » bubble at the caller's name plate: its box (clear of the squares,
        the other plates, the piles and the log where it can be), its words and its tip's corners."""
        text = self.table.text
        plate = layout.seats[present(view["caller"], "caller")].plate
        u = layout.em
        img = text.render(self.tr("gang.bubble"), max(11, round(u * 0.24)), (120, 28, 30), bold=True)
        box = img.get_rect().inflate(u * 0.36, u * 0.16)
        gap = round(u * 0.14)
        taken = [b for _, b in self.arrangement(layout, tuple(self._counts_for(layout)))]
        taken += [spot.plate for spot in layout.seats if spot.plate != plate] + [layout.log_rect]
        taken += [self._pile_rect(layout, "stock"), self._pile_rect(layout, "discard"), self._ring_rect(layout)]
        taken += [b.rect for b in self.table.buttons] + [self.button_bar(layout)]
        taken += [s.home_rect for s in self.table.sprites if s.zone.startswith("hand:")]  # a drawn card
        room = layout.felt.inflate(-gap, -gap)
        key = (tuple(plate), box.size, tuple(room), tuple(tuple(r) for r in taken), view["caller"])
        if self._bubble_place is not None and self._bubble_place[0] == key:  # asked every frame the call shows
            box = self._bubble_place[1].copy()
        else:
            box = self._place_bubble(view, layout, box, plate, taken, room)
            self._bubble_place = (key, box.copy())
        # the tip runs from the box's edge nearest the plate to the plate's edge nearest the box
        bx = max(box.x + 8, min(plate.centerx, box.right - 8))
        by = max(box.y + 8, min(plate.centery, box.bottom - 8))
        if box.bottom <= plate.y or box.y >= plate.bottom:
            edge = box.bottom - 1 if box.bottom <= plate.y else box.y + 1
            apex = (max(plate.x + 4, min(bx, plate.right - 4)), plate.y - 2 if box.bottom <= plate.y else plate.bottom + 2)
            tip = [(bx - 6, edge), (bx + 6, edge), apex]
        else:
            edge = box.x + 1 if box.x >= plate.right else box.right - 1
            apex = (plate.right + 2 if box.x >= plate.right else plate.x - 2, max(plate.y + 4, min(by, plate.bottom - 4)))
            tip = [(edge, by - 6), (edge, by + 6), apex]
        return box, img, tip

    def _draw_call(self, surface: Ink, view: GangView, layout: TableLayout) -> None:
        """A speech bubble « Gang de mouettes ! » at the caller's name plate: the last round is on."""
        box, img, tip = self.call_bubble(view, layout)
        surface.rect((0, 0, 0), box.move(0, 3), border_radius=box.h // 2)
        surface.polygon((255, 248, 228), tip)
        surface.rect((255, 248, 228), box, border_radius=box.h // 2)
        surface.rect((190, 40, 44), box, 2, border_radius=box.h // 2)
        surface.blit(img, img.get_rect(center=box.center))

    def _mark_places(self, view: GangView) -> list[tuple[str, pygame.Rect, CardSprite, str]]:
        """The memory marks: the value of every card the viewer has seen (a disc in its corner) and,
        on the viewer's own face-down cards, the initials of the others who know them (pills): each
        mark's kind (``knower`` or ``value``), rectangle, card and words."""
        text = self.table.text
        viewer = self.table.viewer
        out: list[tuple[str, pygame.Rect, CardSprite, str]] = []
        for sprite in self.table.sprites:
            where = slot_of(sprite.zone)
            if where is None or sprite.moving:
                continue
            if where[0] == viewer and not sprite.shows_face:
                seat, slot = where
                knowers = view["knowers"][seat][slot] if slot < len(view["knowers"][seat]) else []
                others = [k for k in knowers if k != seat]
                if others and len(knowers) != view["players"]:
                    size = max(9, round(sprite.width * 0.16))
                    x = sprite.rect.right - 3
                    for k in reversed(others):
                        letter = view["names"][k][:1].upper()
                        pill = pygame.Rect((0, 0), text.font(size, True).size(letter)).inflate(size * 0.6, size * 0.15)
                        pill.bottomright = (x, sprite.rect.bottom - 3)
                        out.append(("knower", pill, sprite, letter))
                        x = pill.x - 2
            if sprite.card is None or sprite.shows_face:
                continue
            rect = sprite.rect
            r = max(7, round(sprite.width * 0.2))
            out.append(("value", pygame.Rect(rect.x + 2, rect.y + 2, 2 * r, 2 * r), sprite, sprite.card[1:]))
        return out

    def _draw_marks(self, surface: Ink, view: GangView, layout: TableLayout) -> None:
        """What the viewer knows (see ``_mark_places``)."""
        text = self.table.text
        for kind, place, sprite, words in self._mark_places(view):
            if kind == "value":
                r = place.w // 2
                surface.circle((250, 244, 226), place.center, r)
                surface.circle((40, 70, 150), place.center, r, 2)
                img = text.render(words, max(9, round(r * 1.15)), (30, 40, 90), bold=True)
            else:
                size = max(9, round(sprite.width * 0.16))
                surface.rect((120, 28, 30), place, border_radius=place.h // 2)
                img = text.render(words, size, (250, 244, 226), bold=True)
            surface.blit(img, img.get_rect(center=place.center))

    def _draw_ring(self, surface: Ink, layout: TableLayout, clock: tuple[float, float]) -> None:
        frac = ring_share(clock)
        x, y = layout.discard_pos
        centre = (round(x + layout.pile_w / 2), round(y + layout.pile_h / 2))
        radius = round(layout.pile_h * 0.62)
        rect = pygame.Rect(0, 0, radius * 2, radius * 2)
        rect.center = centre
        surface.circle((20, 50, 34), centre, radius, max(3, round(layout.unit * 0.06)))
        colour = (120, 220, 140) if frac > 0.5 else (250, 200, 90) if frac > 0.25 else (240, 110, 90)
        if frac > 0:
            start = math.pi / 2
            surface.arc(
                colour, rect, start, start + 2 * math.pi * frac, max(4, round(layout.unit * 0.08))
            )

    def score_lines(self, view: GangView) -> tuple[str, list[tuple[str, str, str, str]], str]:
        """The round's score card: title, one (name, explanation, points, total) line per seat, conclusion."""
        last = present(view["last_round"], "last round")
        names = view["names"]
        caller = last["caller"]
        lines = []
        for s, name in enumerate(names):
            total = last["sums"][s]
            if s == caller and last["caller_lowest"]:
                how = self.tr("gang.card.caller_lowest", sum=total)
            elif s == caller:
                how = self.tr(
                    "gang.card.caller_penalty", sum=total, penalty=view["options"]["caller_penalty"]
                )
            else:
                how = self.tr("gang.card.cards", sum=total)
            lines.append((name, how, f"+{last['points'][s]}", str(last["totals"][s])))
        title = self.tr("gang.card.title", round=last["round"])
        if view["phase"] == OVER:
            winners = self.state.winners()
            conclusion = self.tr("gang.card.match_won", name=" & ".join(names[w] for w in winners))
        else:
            conclusion = self.tr("gang.card.match_to", end=view["options"]["match_end"])
        return title, lines, conclusion

    def score_box(self, view: GangView, layout: TableLayout) -> tuple[pygame.Rect, float, int]:
        """Where the round's score card goes, its measure and its columns of rows: over the middle,
        clear of every seat's square, the name plates, the buttons and the log, as large as that
        leaves room for; a crowded table's rows side by side in two columns where one column of
        them finds no room (the piles in the middle hold nothing to play once the round is over)."""
        lines = view["players"]
        squares = [b.inflate(4, 4) for _, b in self.arrangement(layout, tuple(self._counts_for(layout)))]
        taken = squares + layout.taken_by_table([b.rect for b in self.table.buttons])
        for columns in (1, 2) if lines > 4 else (1,):
            rows = -(-lines // columns)
            em = layout.box_em(SCORE_WIDTH * columns, 1.75 + 0.34 * rows)
            spot, u = layout.shrink_to_clear(f"gang.score.{columns}", self._score_shape(lines, columns), em, taken,
                                             layout.centre)
            if spot is not None:
                return spot, u, columns
        size = self._score_shape(lines, 1)(u)  # nowhere clear even small: over some cards (the Score card button hides it)
        spot = layout.clear_spot(size, taken[len(squares):], layout.centre, layout.box_room)
        return spot or layout.centred_box(size, layout.centre), u, 1

    @staticmethod
    def _score_shape(lines: int, columns: int) -> Callable[[float], tuple[int, int]]:
        """The size of the score card of ``lines`` rows in ``columns`` at a measure ``u``."""
        rows = -(-lines // columns)
        return lambda u: (round(u * SCORE_WIDTH * columns), round(u * 1.55) + round(u * 0.34) * rows)

    def score_cells(self, view: GangView, layout: TableLayout) -> list[tuple[str, pygame.Rect, str, int, bool]]:
        """The round's score card's words, each in its cell: (ident, cell, words, text size, bold): the
        column heads, then each seat's name, how its points came, points and total, a row each; the
        words as drawn (fitted to the cell, or ended with "…" where even small text is wider)."""
        _, lines, _ = self.score_lines(view)
        box, u, columns = self.score_box(view, layout)
        text = self.table.text
        row, size = round(u * 0.34), round(u * 0.23)
        top = box.y + round(u * 0.55)
        heads = (self.tr("gang.card.round_points"), self.tr("gang.card.total"))
        per = -(-len(lines) // columns)
        width = box.w // columns
        cells: list[tuple[str, pygame.Rect, str, int, bool]] = []
        for column in range(columns):
            part = pygame.Rect(box.x + column * width, box.y, width, box.h)
            right = (part.right - round(u * 1.5), part.right - round(u * 0.3))
            for name, label, x in zip(("points", "total"), heads, right):
                cells.append((f"head:{column}:{name}", pygame.Rect(x - round(u * 1.1), top, round(u * 1.1), round(u * 0.3)),
                              label, round(size * 0.85), False))
            y = top + round(u * 0.3)
            for seat, (name, how, points, total) in enumerate(lines[column * per:(column + 1) * per], column * per):
                cells.append((f"name:{seat}", pygame.Rect(part.x + round(u * 0.3), y, round(part.w * 0.24), row),
                              name, size, True))
                how_cell = pygame.Rect(part.x + round(part.w * 0.28), y, round(part.w * 0.42), row)
                cells.append((f"how:{seat}", how_cell, text.cut(how, size, how_cell.w), size, False))
                for name_, words, x in (("points", points, right[0]), ("total", total, right[1])):
                    cells.append((f"{name_}:{seat}", pygame.Rect(x - round(u * 1.1), y, round(u * 1.1), row), words,
                                  size, True))
                y += row
        return cells

    def _score_card(self, surface: Ink, view: GangView, layout: TableLayout) -> None:
        title, lines, conclusion = self.score_lines(view)
        text = self.table.text
        box, u, columns = self.score_box(view, layout)
        self.score_card(surface, box, title, round(u * 0.34), round(u * 0.1))
        for ident, cell, words, size, bold in self.score_cells(view, layout):
            colour = (110, 100, 80) if ident.startswith("head:") else SCORE_WIN if ident.startswith("total:") else INK
            img = text.fit(words, size, cell.w, colour, bold=bold)
            right = ident.startswith(("head:", "points:", "total:"))
            surface.blit(img, img.get_rect(topright=cell.topright) if right else cell.topleft)
        y = box.y + round(u * 0.85) + round(u * 0.34) * -(-len(lines) // columns)
        self.score_card_end(surface, box, y, 2, conclusion, round(u * 0.26), round(u * 0.1))
