"""Where things go on the table, for 2–8 seats at any window size and interface size.

The viewer's seat sits at the bottom; the other seats are spread clockwise on an arc over the
top of an elliptical felt. Everything is computed from the window size, so the table scales.
A window taller than wide (a phone held upright) is laid out in rows instead (``portrait``): the
viewer's cards across the whole width along the bottom, their name plate and the log in a row above
them, the buttons above those (one row at a table of four seats or more), the piles in the middle and
the other seats on an arc over the top, or from four other seats in two columns, each in a cell with
its plate on the outer side and its cards beside it; the unit is then keyed on the width, so that the
viewer's cards are large enough for a thumb, and the top bar gives the status lines of its own.
Cards are measured in ``unit``; text and the widgets that hold it (the top bar, buttons, name
plates, the log) in ``em``, the unit at the interface size (``text_scale``), so that a player who
chose bigger text gets it on the table too, drawn at its size; the cards then give up some room.
Game adapters place their zones with the helpers here (``fan``, ``row``, ``pile_offset``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from ui.cards import card_height

REFERENCE_UNIT = 64.0
"""The unit of the smallest window (1024×640)."""
TEXT_GROWTH = 0.5
"""The share of the interface size's growth that the table's text takes in the smallest window."""
PORTRAIT_UNITS = (8.0, 16.0)
"""How many units wide and high a portrait window is (a landscape one is 16 × 10): at 390×844 CSS
pixels (a phone) the viewer's cards come out about 60 px wide at the largest card size."""
PORTRAIT_TEXT = 0.82
"""The share of the unit the text takes in a portrait window (its unit is larger for the cards' sake):
at 390 px wide and 200 % text the smallest words on the viewer's plate are 12 px high."""


def text_scale(size: tuple[int, int], percent: int) -> float:
    """How much larger than at 100 % the table's text and widgets are at the interface size ``percent``.

    The table must keep room for its cards, and its text already grows with the window (it is
    measured in the unit), so the interface size adds half of what it asks in the smallest window
    (1.5 at 200 % in 1024×640), and less in a larger window whose text is large already (1.30 at
    200 % in 1920×1080).

    >>> text_scale((1024, 640), 200), text_scale((1024, 640), 150), text_scale((1024, 640), 100)
    (1.5, 1.25, 1.0)
    >>> round(text_scale((1920, 1080), 200), 2), round(text_scale((1920, 1080), 150), 2)
    (1.3, 1.15)
    """
    unit = min(size[0] / 16, size[1] / 10)
    return 1.0 + TEXT_GROWTH * max(0.0, percent / 100 - 1.0) * min(1.0, REFERENCE_UNIT / unit)


TAP = 44
"""The lowest a row of buttons is in a portrait window (pixels: CSS pixels on a phone, a finger's target)."""
TAP_LANDSCAPE = 40
"""The lowest a button is on a phone on its side (its 360–430 px of height are shared by the viewer's
cards, the piles and the other seats; Android's 48 dp and Apple's 44 pt are targets with their
margins, and a button here keeps a gap of a few pixels around it)."""
PHONE_ROW = 6
"""From how many other seats a phone on its side seats them side by side along the top (each plate
over its cards) instead of on an arc, which a window that low makes too flat for them."""
PHONE_HEIGHT = 500
"""CSS pixels: a landscape window lower than this is a phone on its side (phones are 320–430 high on
their side; the desktop's smallest window is 640 high and a small tablet on its side 600 or more)."""
STATUS_SMALLEST = 12
"""Pixels: the smallest status text of an upright top bar (read at arm's length on a phone)."""
STATUS_LINES = 3
"""Lines an upright top bar keeps for the status: the longest prompts (German, LaGagne's) at 12 px on a 360 px phone."""
LINE = 1.42
"""A line's height in text sizes (the app's font, Noto Sans, with a little air)."""
SHORT_UPRIGHT = 2.0
"""An upright window less than this many times as high as wide is short (360×640, 16:9): a table of
four seats or more there has smaller piles (``SHORT_PILES``). A phone of 19.5:9 (390×844) has room
for the piles at their size."""
SHORT_PILES = 0.72
"""The piles' share of the cards' width on a phone on its side, and upright in a short window at a
table of four seats or more."""
CROWDED_UPRIGHT = 4
"""From how many other seats a portrait table seats them in two columns over the top, each plate on
the outer side with its cards beside it, instead of on an arc."""


def is_portrait(size: tuple[int, int]) -> bool:
    """Whether a window of ``size`` is laid out upright (taller than wide: a phone held upright)."""
    return size[1] > size[0]


def is_phone_landscape(size: tuple[int, int]) -> bool:
    """Whether a window of ``size`` is a phone held on its side: wider than high and lower than
    ``PHONE_HEIGHT``. Its cards and buttons are sized for a thumb, as upright; the desktop's
    smallest window (1024×640) and a tablet on its side (1024×768) keep the desktop's table."""
    return size[0] > size[1] and size[1] < PHONE_HEIGHT


def max_card_scale(size: tuple[int, int], players: int) -> float:
    """The largest card scale a table can take without its zones running into each other: a
    two-seat table takes extra-large cards at any size; a crowded one only in a large window. On a
    phone (upright or on its side) the other seats' cards are kept small apart from the viewer's,
    which may take any card size but at a crowded table (six seats or more) the largest: their seats
    need the room."""
    if is_portrait(size) or is_phone_landscape(size):
        return 1.4 if players <= 5 else 1.25
    room = min(1.0, max(0.0, (min(size[0] / 1.6, size[1]) - 640) / (1080 - 640)))
    if players <= 2:
        return 1.4
    if players <= 4:
        return 1.2 + 0.2 * room
    return 1.0 + 0.2 * room


@dataclass(frozen=True)
class SeatSpot:
    """One seat on screen: its name plate, where its cards go and which way it faces."""

    seat: int
    plate: pygame.Rect
    cards: tuple[float, float]
    """Centre of the seat's cards (a hand, slots or columns)."""
    angle: float
    """Degrees, screen coordinates (90 = bottom of the screen)."""
    bottom: bool
    room: pygame.Rect | None = None
    """Where the seat's cards must stay, on a crowded upright table (``grid``): its cell less its
    plate; None where the game places them by the plate as it likes."""


class TableLayout:
    """Geometry of a table of ``players`` seats seen from ``bottom_seat`` in a window of ``size``."""

    def __init__(self, size: tuple[int, int], players: int, bottom_seat: int = 0, card_scale: float = 1.0,
                 text_scale: float = 1.0, card_room: float = 1.0, hand_depth: float = 1.0) -> None:
        """``card_scale`` enlarges the cards (the card-size setting), ``text_scale`` the text and its
        widgets (the interface size, see ``text_scale``); the felt keeps them all. ``card_room`` (at
        most 1) shrinks the cards where a game's zones would otherwise run into its buttons.
        ``hand_depth``: how many card heights the viewer's cards take along the bottom of a portrait
        window (a game with a square or a board there takes more than one row)."""
        self.size = size
        self.players = players
        self.bottom_seat = bottom_seat
        self.card_scale = card_scale
        self.text_scale = text_scale
        self.card_room = card_room
        self.hand_depth = hand_depth
        w, h = size
        self.screen = pygame.Rect(0, 0, w, h)
        self.portrait = is_portrait(size)
        """Laid out upright in rows (see the module docstring)."""
        self.phone = is_phone_landscape(size)
        """A phone on its side: the desktop's table, with the viewer's cards and the buttons sized for
        a thumb (``tap``) and the piles smaller."""
        self.tap = TAP if self.portrait else TAP_LANDSCAPE if self.phone else 0
        """The lowest a button may be (pixels): a finger's target on a phone, upright or on its side."""
        unit = min(w / PORTRAIT_UNITS[0], h / PORTRAIT_UNITS[1]) if self.portrait else min(w / 16, h / 10)
        self.unit = unit
        """The measure of the cards and the spaces between them."""
        self.em = unit * text_scale * (PORTRAIT_TEXT if self.portrait else 1.0)
        """The measure of text and of what holds it: the top bar, buttons, name plates, the log, boxes."""
        room = card_room / (1 + 0.25 * (text_scale - 1))  # bigger text takes room from the cards
        self.card_w = max(34, round(unit * 1.45 * min(card_scale, max_card_scale(size, players)) * room))
        """Width of the cards in the middle and in the bottom seat's hand."""
        crowd = 1.0 if players <= 3 else 0.82 if players <= 5 else 0.68
        if self.portrait:  # the other seats share the top of a narrow window: their cards stay small
            crowd *= 0.75 if players <= 2 else 0.62
        elif self.phone:  # and a low one's: the viewer's cards take the height
            crowd *= 0.8 if players <= 2 else 0.7
        self.small_w = max(26, round(self.card_w * 0.72 * crowd))
        """Width of the other seats' cards."""
        self.card_h = card_height(self.card_w)
        self.pile_w, self.pile_h = self.card_w, self.card_h
        """The size of the cards on the stock and the discard pile: the cards' (``SHORT_PILES`` of them
        on a phone on its side, and upright in a short window at a table of four seats or more: the
        other seats need the room)."""
        if self.phone:
            self.pile_w = max(34, round(self.card_w * SHORT_PILES))
            self.pile_h = card_height(self.pile_w)
        self.status_size = max(STATUS_SMALLEST, round(self.em * 0.215)) if self.portrait else 0
        """Upright, the text size of what happens now in the top bar (its own lines under the title)."""
        self.menu_room = max(TAP + 12, round(self.em * 1.1)) if self.portrait else 0
        """Upright, the room kept at the right of the top bar for a browser's menu button (a phone has no Esc)."""
        self.top_bar = (round(self.status_size * LINE * (1 + STATUS_LINES)) + 8 if self.portrait
                        else round(self.em * 0.62))
        """Height of the bar along the top (game status, menu): upright, the title's line and
        ``STATUS_LINES`` lines of the status under it."""
        self.felt = pygame.Rect(round(w * 0.02), self.top_bar + round(h * 0.01), round(w * 0.96),
                                h - self.top_bar - round(h * 0.03))
        self.plate_em = self.em
        """The measure of the name plates: ``em``, or less where the plates of a crowded table would
        otherwise run into each other (never less than ``unit``)."""
        self._boxes: dict[tuple[object, ...], tuple[pygame.Rect | None, float]] = {}
        self.one_row = False
        self.grid = False
        if self.portrait:
            self._rows()
        else:
            self.centre = (w / 2, self.top_bar + (h - self.top_bar) * 0.44)
            self.hand_y = h - self.card_h - round(unit * 0.45)
            """Top of the bottom seat's hand."""
            log_w = round(w * 0.185 * (1 + 0.6 * (text_scale - 1)))  # wider for bigger text; as high (fewer lines)
            log_h = round(unit * (2.2 if self.phone else 2.7))  # a phone's log is lower (a tap enlarges it)
            self.log_rect = pygame.Rect(round(w * 0.985) - log_w, h - log_h - round(unit * 0.2), log_w, log_h)
            self.seats = self._spots()
            plate = self.seats[bottom_seat].plate
            left = max(round(w * 0.2), plate.right)
            right = min(round(w * 0.8), self.log_rect.x)
            self.button_bar = pygame.Rect(left, self.hand_y - round(unit * 0.2 + self.em * 0.75), right - left,
                                          round(self.em * 0.75))
            """Where the main buttons go: above the hand, between the viewer's name plate and the log
            (upright: across the window, above the plate and the log)."""
            self.side_bar = self.button_bar
            """Upright, the row of the side buttons; a landscape table stacks them over the log instead."""
            self.hand_span = min(w * 0.57, 2 * (min(w / 2 - plate.right, self.log_rect.x - w / 2) - unit * 0.15))
            """Widest the bottom seat's hand may fan (it stays clear of the name plate and the log)."""

    def _rows(self) -> None:
        """A portrait window's rows, from the bottom up (see the module docstring): the viewer's cards
        (``hand_depth`` card heights) across the width, their name plate and the log beside it, the
        main buttons and the side buttons across the width, each row at least ``TAP`` high, the piles;
        the other seats on an arc (or in a grid) over what is left above."""
        w, h = self.size
        unit = self.unit
        gap = round(unit * 0.15)
        self.hand_y = h - self.card_h - round(unit * 0.2)
        foot = h - round(unit * 0.2) - round(self.card_h * self.hand_depth)
        plate = pygame.Rect(0, 0, min(round(self.em * 2.9), round(w * 0.46)), round(self.em * 0.78))
        plate.bottomleft = (round(w * 0.03), foot - gap)
        self._own_plate = plate
        self.log_rect = pygame.Rect(plate.right + gap, plate.y, round(w * 0.97) - plate.right - gap, plate.h)
        bar_h = max(TAP, round(self.em * 0.75))
        self.button_bar = pygame.Rect(round(w * 0.03), plate.y - gap - bar_h, round(w * 0.94), bar_h)
        self.one_row = self.players > 3
        """Upright at a table of four seats or more: every button in one row, the room of the second
        left to the other seats over the top."""
        self.side_bar = self.button_bar if self.one_row else self.button_bar.move(0, -bar_h - gap)
        """Upright, the row of the side buttons (sorting, undo, hint): over the main buttons (the
        same row at a table of four seats or more, ``one_row``)."""
        if self.one_row and h < SHORT_UPRIGHT * w:
            self.pile_w = max(34, round(self.card_w * SHORT_PILES))
            self.pile_h = card_height(self.pile_w)
        self.centre = (w / 2, self.side_bar.top - unit * 0.3 - self.pile_h * 0.62)
        self.arc_bottom = self.centre[1] - self.pile_h * 0.62 - gap
        """How low the other seats' cards may reach: above the piles."""
        self.hand_span = w * 0.94
        self.grid = self.players - 1 >= CROWDED_UPRIGHT
        """The other seats in two columns over the top (each plate on the outer side, its cards in
        the rest of its cell, ``SeatSpot.room``) rather than on an arc: from ``CROWDED_UPRIGHT``."""
        self.seats = self._spots()

    def relative(self, seat: int) -> int:
        """0 for the bottom seat, then 1, 2… clockwise."""
        return (seat - self.bottom_seat) % self.players

    def _spots(self) -> list[SeatSpot]:
        """Every seat's spot, with plates as large as ``em`` where they fit on screen apart."""
        while True:
            spots = [self._seat_spot(s) for s in range(self.players)]
            plates = [spot.plate for spot in spots]
            apart = all(a.collidelist(plates[i + 1:]) == -1 for i, a in enumerate(plates))
            if (apart and all(self.screen.contains(p) for p in plates)) or self.plate_em <= self.unit:
                return spots
            self.plate_em = max(self.unit, self.plate_em * 0.94)

    def _seat_spot(self, seat: int) -> SeatSpot:
        w, h = self.size
        rel = self.relative(seat)
        crowd = 1.0 if self.players <= 4 else 0.82 if self.players <= 6 else 0.7
        em = self.plate_em
        plate_w, plate_h = round(em * 2.9 * crowd), round(em * 0.78 * max(crowd, 0.85))
        plate = pygame.Rect(0, 0, plate_w, plate_h)
        if self.portrait:
            return self._upright_spot(seat, rel, plate)
        if rel == 0:
            plate.size = (round(em * 2.9), round(em * 0.78))
            plate.bottomleft = (round(w * 0.015), h - round(self.unit * 0.2))
            return SeatSpot(seat, plate, (w / 2, self.hand_y + self.card_h / 2), 90.0, True)
        others = self.players - 1
        small_h = card_height(self.small_w)
        cx, cy = self.centre
        if self.phone and others >= PHONE_ROW:
            return self._top_row_spot(seat, rel, plate)
        if others == 1:
            angle = 270.0
            cards = (cx, self.top_bar + self.unit * 0.6 + small_h / 2)
            plate.midright = (round(cards[0] - self.unit * 4.2), round(cards[1]))
            plate.x = max(plate.x, self.felt.x + round(self.unit * 0.3))
        else:
            angle = 160 + 220 * (rel - 1) / (others - 1)
            rad = math.radians(angle)
            rx, ry = w * 0.39, (h - self.top_bar) * 0.37
            cards = (cx + rx * math.cos(rad), cy + ry * math.sin(rad))
            top_limit = self.top_bar + self.unit * 0.25 + small_h / 2
            cards = (cards[0], max(cards[1], top_limit + plate_h + self.unit * 0.1))
            plate.midbottom = (round(cards[0]), round(cards[1] - small_h / 2 - self.unit * 0.08))
            if self.phone and abs(math.cos(rad)) < 0.2:  # a low window: the top seat's cards beside its
                plate.midtop = (round(cards[0] - self.small_w * 1.3), self.top_bar + round(self.unit * 0.15))
                cards = (plate.right + self.small_w * 1.4, plate.top + small_h)  # plate, clear of the piles
            elif self.players > 5 and 200 < angle < 340:
                # crowded top arc: the plate goes beside the cards, on the outer side
                side = -1 if math.cos(rad) < 0 else 1
                cards = (cards[0], cards[1] - plate_h / 2)
                if abs(math.cos(rad)) < 0.2:
                    plate.midtop = (round(cards[0]), round(cards[1] + small_h / 2 + self.unit * 0.08))
                elif side < 0:
                    plate.midright = (round(cards[0] - self.small_w * 1.25), round(cards[1]))
                else:
                    plate.midleft = (round(cards[0] + self.small_w * 1.25), round(cards[1]))
                if not self.screen.contains(plate):
                    plate.midtop = (round(cards[0]), round(cards[1] + small_h / 2 + self.unit * 0.08))
        plate.clamp_ip(self.screen)
        return SeatSpot(seat, plate, cards, angle, False)

    def _top_row_spot(self, seat: int, rel: int, plate: pygame.Rect) -> SeatSpot:
        """A seat's spot on a phone on its side at a crowded table: the other seats side by side along
        the top, clockwise from the left, each plate over the room of its cards (``SeatSpot.room``),
        which reaches down to the piles' quick-discard ring."""
        others = self.players - 1
        gap = round(self.unit * 0.1)
        cell_w = self.felt.w / others
        x = self.felt.x + (rel - 1) * cell_w
        plate.w = min(plate.w, round(cell_w) - 2 * gap)
        plate.midtop = (round(x + cell_w / 2), self.top_bar + round(self.unit * 0.15))
        bottom = round(self.centre[1] - self.pile_h * 0.62 - gap)
        room = pygame.Rect(round(x + gap), plate.bottom + gap, round(cell_w) - 2 * gap, bottom - plate.bottom - gap)
        return SeatSpot(seat, plate, room.center, 270.0, False, room)

    def _upright_spot(self, seat: int, rel: int, plate: pygame.Rect) -> SeatSpot:
        """A seat's spot in a portrait window: the viewer's in its row; one other seat at the top, its
        plate over its cards; up to three on a half ellipse from the left edge over the top to the right
        edge, each plate over its cards; more in the cells of two columns (``grid``)."""
        w, _ = self.size
        if rel == 0:
            return SeatSpot(seat, self._own_plate.copy(), (w / 2, self.hand_y + self.card_h / 2), 90.0, True)
        gap = round(self.unit * 0.12)
        small_h = card_height(self.small_w)
        top = self.top_bar + round(self.unit * 0.15)
        others = self.players - 1
        plate.w = min(plate.w, round(w * 0.38))  # room beside it for what the seat holds
        if others == 1:
            angle = 270.0
            plate.midtop = (round(w / 2), top)
            cards = (w / 2, plate.bottom + gap + small_h / 2)
        elif self.grid:
            row, col, rows, cols = self._cell(rel - 1, others)
            top = self.felt.y + round(self.unit * 0.3)  # within the felt's rim: a board's badges poke up
            cell_w, cell_h = w * 0.96 / cols, (self.arc_bottom - top) / rows
            x, y = w * 0.02 + col * cell_w, top + row * cell_h
            plate.w = min(plate.w, round(cell_w * 0.56))
            if col == 0:  # the plate on the outer side, the cards beside it towards the middle
                plate.topleft = (round(x + gap), round(y + gap))
                room = pygame.Rect(plate.right + gap, round(y + gap), round(x + cell_w) - plate.right - 2 * gap,
                                   round(cell_h) - 2 * gap)
            else:
                plate.topright = (round(x + cell_w - gap), round(y + gap))
                room = pygame.Rect(round(x + gap), round(y + gap), plate.x - round(x) - 2 * gap, round(cell_h) - 2 * gap)
            plate.clamp_ip(self.screen)
            return SeatSpot(seat, plate, (room.centerx, room.centery), 270.0, False, room)
        else:
            angle = 180 + 180 * (rel - 1) / (others - 1)
            rad = math.radians(angle)
            rx = w / 2 - self.unit * 0.2 - max(self.small_w * 1.1, plate.w / 2)
            low = self.arc_bottom - small_h
            high = top + plate.h + gap + small_h / 2
            ry = max(0.0, low - high)
            cards = (w / 2 + rx * math.cos(rad), max(high, low + ry * math.sin(rad)))
            plate.midbottom = (round(cards[0]), round(cards[1] - small_h / 2 - gap))
        plate.clamp_ip(self.screen)
        return SeatSpot(seat, plate, cards, angle, False)

    @staticmethod
    def _cell(index: int, others: int) -> tuple[int, int, int, int]:
        """Where the ``index``-th other seat of a crowded portrait table sits in a grid of two columns
        over the top: its row and column, and the grid's rows and columns. Clockwise as around a table:
        up the left column, then down the right one."""
        rows = -(-others // 2)
        cells = [(r, 0) for r in range(rows - 1, -1, -1)] + [(r, 1) for r in range(rows)]
        row, col = cells[index]
        return row, col, rows, 2

    def box_em(self, width: float, height: float, room: tuple[float, float] | None = None) -> float:
        """The measure for a box of ``width`` × ``height`` ems (a score card): ``em``, or less so that it
        fits ``room`` (width, height; nine tenths of the felt by default), but never less than ``unit``."""
        room_w, room_h = room or (self.felt.w * 0.9, self.felt.h * 0.9)
        return max(self.unit, min(self.em, room_w / width, room_h / height))

    def log_box(self, large: bool, avoid: Sequence[pygame.Rect] = ()) -> pygame.Rect:
        """Where the log is drawn: its corner, or when ``large`` the right of the table from the top
        bar down to the buttons above the bottom seat's hand (never over the player's cards), clear
        of ``avoid`` (the buttons stacked over the log's corner): above them, or beside them when
        they stand so high that too little would be left above."""
        if not large:
            return self.log_rect
        w, _ = self.size
        gap = round(self.unit * 0.15)
        top = self.top_bar + round(self.unit * 0.3)
        width = round(w * 0.43 * (1 + 0.3 * (self.text_scale - 1)))
        box = pygame.Rect(round(w * 0.985) - width, top, width, self.button_bar.top - gap - top)
        inside = [r for r in avoid if r.colliderect(box)]
        if inside:
            above = min(r.top for r in inside) - gap - top
            if above >= box.height * 0.6:
                box.height = above
            else:
                right = min(r.left for r in inside) - gap
                box.x = max(round(w * 0.015), right - width)
                box.width = right - box.x
        box.height = max(self.log_rect.h, box.height)
        return box

    def log_text(self, large: bool) -> int:
        """The log's text size: the table's own, in its corner and enlarged alike (enlarged, more
        lines show; the text size setting makes them all larger)."""
        return round(self.em * 0.245)

    def clear_spot(self, size: tuple[int, int], taken: list[pygame.Rect], wanted: tuple[float, float],
                   room: pygame.Rect | None = None) -> pygame.Rect | None:
        """Where a box of ``size`` lies in ``room`` (the felt by default) clear of everything ``taken``,
        as near ``wanted`` (its centre) as can be; None where no place is clear. The one search the
        boxes a game puts over the table (a score card, a speech bubble) share."""
        area = room or self.felt
        w, h = size
        if w > area.w or h > area.h:
            return None
        step = max(4, round(self.unit * 0.2))
        xs = {*range(area.x, area.right - w + 1, step), area.right - w,
              max(area.x, min(round(wanted[0] - w / 2), area.right - w))}
        ys = {*range(area.y, area.bottom - h + 1, step), area.bottom - h,
              max(area.y, min(round(wanted[1] - h / 2), area.bottom - h))}
        best: tuple[float, pygame.Rect] | None = None
        box = pygame.Rect(0, 0, w, h)
        for x in xs:
            for y in ys:
                box.topleft = (x, y)
                far = abs(box.centerx - wanted[0]) + abs(box.centery - wanted[1])
                if (best is None or far < best[0]) and box.collidelist(taken) == -1:
                    best = (far, box.copy())
        return best[1] if best is not None else None

    @property
    def box_room(self) -> pygame.Rect:
        """Where the boxes over the table (score cards, bubbles) may lie: the felt less a small margin."""
        margin = round(self.unit * 0.2)
        return self.felt.inflate(-margin, -margin)

    def taken_by_table(self, buttons: Sequence[pygame.Rect]) -> list[pygame.Rect]:
        """What no box over the table may cover, whatever the game: the name plates, the ``buttons``
        (with the room their rims glow into) and the log in its corner."""
        return ([spot.plate.inflate(4, 4) for spot in self.seats] + [b.inflate(6, 6) for b in buttons]
                + [self.log_rect])

    def shrink_to_clear(self, name: str, shape: Callable[[float], tuple[int, int]], em: float,
                        taken: Sequence[pygame.Rect], wanted: tuple[float, float],
                        smallest: float = 0.7) -> tuple[pygame.Rect | None, float]:
        """Where a box that ``shape`` measures at the measure ``u`` (a score card of rows) lies in
        ``box_room`` clear of ``taken``, nearest ``wanted``, as large as that leaves room for: ``u``
        from ``em`` down by 6 % a step until a place is clear or ``u`` reaches ``smallest`` unit;
        the place (None where nothing is clear even then) and its ``u``. Kept per ``name`` and
        ``taken`` (the layout is made anew on any change of size or settings). The one search the
        score cards of every game share."""
        key = (name, em, wanted, tuple(tuple(r) for r in taken))
        if key not in self._boxes:
            if len(self._boxes) > 64:  # a long match at one size: old rounds' places are not asked again
                self._boxes.clear()
            u = em
            while True:
                spot = self.clear_spot(shape(u), list(taken), wanted, self.box_room)
                if spot is not None or u <= self.unit * smallest:
                    break
                u *= 0.94
            self._boxes[key] = (spot, u)
        return self._boxes[key]

    def centred_box(self, size: tuple[int, int], wanted: tuple[float, float]) -> pygame.Rect:
        """A box of ``size`` centred on ``wanted``, moved inside ``box_room`` (where nothing is clear)."""
        box = pygame.Rect((0, 0), size)
        box.center = (round(wanted[0]), round(wanted[1]))
        return box.clamp(self.box_room)

    # ----------------------------------------------------------------- helpers for adapters
    @property
    def stock_pos(self) -> tuple[float, float]:
        """Top-left of the draw pile."""
        cx, cy = self.centre
        return (cx - self.pile_w * 1.2, cy - self.pile_h / 2)

    @property
    def discard_pos(self) -> tuple[float, float]:
        cx, cy = self.centre
        return (cx + self.pile_w * 0.2, cy - self.pile_h / 2)

    @staticmethod
    def pile_offset(index: int, width: int) -> tuple[float, float]:
        """A small up-left drift every few cards so a pile looks thick."""
        step = max(1, width // 60)
        layer = index // 4
        return (-layer * step * 0.5, -layer * step * 0.5)

    @staticmethod
    def fan(centre: tuple[float, float], count: int, width: int, max_span: float,
            overlap: float = 0.42) -> list[tuple[float, float]]:
        """Top-lefts of ``count`` cards overlapping side by side, centred on ``centre``."""
        if count == 0:
            return []
        h = card_height(width)
        step = width * overlap
        if count > 1 and step * (count - 1) + width > max_span:
            step = max(4.0, (max_span - width) / (count - 1))
        span = step * (count - 1) + width
        left = centre[0] - span / 2
        return [(left + i * step, centre[1] - h / 2) for i in range(count)]
