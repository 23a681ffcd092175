"""LaGagne at the table: each seat's four columns (symbol on top, points stacked below with the
column's running total, a ×2 badge, a closed column greyed with the points it keeps), the player's
five cards, the draw pile and the discard in the middle, the target and the last-round state.

Input (every move is one of the engine's legal moves; nothing here decides a rule):

- drag a symbol card onto your board to open (or reopen) its column, a point card onto its
  column (a joker or a ×2 onto any column that takes it), any card onto the discard;
- **Voler**: drop it onto an opponent's tabled card (the stolen card flies to your column; when it
  could go in several of your columns, buttons ask which one);
- **Récupérer**: drop it onto the discard pile (to throw it away unused, choose "Discard" on it);
- **Échanger**: drop it onto an opponent's hand, then click (or drag onto their hand) the card you
  give back;
- a click on a card of your hand selects it and shows a button for every move it can make (the
  keyboard path: Tab/arrows to the card, Enter, then the button); **Mulligan** when available.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from functools import partial
from typing import Any, NamedTuple

import pygame

from game.core import Event, Move
from game.lagagne.views import GIVE, OVER, POINTS, SUITS, Column, LaGagneView, steal_source, steal_target
from ui.cards import card_height
from ui.games.base import SCORE_WIN, ArgumentPicker, TableAdapter, present
from ui.picture.build import rect_of
from ui.picture.model import DEPTH_OVER, DEPTH_UNDER, MIDDLE, Node
from ui.table.gestures import NOTHING, Action, Attempt, ButtonSpec, CardGestures, Drop
from ui.table.ink import Ink
from ui.table.layout import TableLayout
from ui.table.sprites import CardSprite
from ui.table.widgets import FONT_COLOUR, GOLD

INK = (40, 36, 30)
BESIDE = ("below", "inward", "inward_mid", "above")
"""Where another seat's board may go by its name plate, in order of preference (see ``_board_beside``)."""
BESIDE_SIDE = ("below", "below_out", "inward", "inward_mid", "above")
"""The same for a plate on a side of the table, whose board may also start from the felt's edge."""
CELL_BACKS = 14
"""Pixels: the height of another seat's hand's backs under its plate in a crowded upright table's cell."""
SMALLEST_BOARD = 12
"""Pixels: the narrowest another seat's column cards come out in the cell of a crowded upright table."""
BOARD_SCALES = (1.0, 0.9, 0.8, 0.72, 0.64, 0.56)
"""The sizes another seat's board tries, largest first, until it lies clear of everything else."""


def _apart(a: pygame.Rect, b: pygame.Rect) -> float:
    """The distance between two rectangles (0 when they touch or overlap)."""
    return math.hypot(max(b.left - a.right, a.left - b.right, 0), max(b.top - a.bottom, a.top - b.bottom, 0))


def column_of(zone: str) -> tuple[int, str] | None:
    """``(seat, suit)`` of a zone ``column:<seat>:<suit>``, else ``None``."""
    if not zone.startswith("column:"):
        return None
    _, seat, suit = zone.split(":")
    return int(seat), suit


class Badge(NamedTuple):
    """A column that shows its total (``Adapter._badges``): whose, which suit, the column, its cards,
    the area of its cards, the pill, its words and their size."""

    seat: int
    suit: str
    col: Column
    cards: list[CardSprite]
    area: pygame.Rect
    pill: pygame.Rect
    label: str
    size: int


class Adapter(TableAdapter[LaGagneView]):
    """The LaGagne table adapter (see the module docstring)."""

    game_id = "lagagne"
    hand_depth = 2.2
    """Upright, the viewer's board of columns stands over the hand (``own_board``)."""

    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        self.choices: list[Move] = []
        """Moves waiting for the player to choose between them (a steal into one of several columns)."""
        self._boards: dict[tuple[Any, ...], dict[int, tuple[pygame.Rect, int]]] = {}
        self._boards_last: tuple[Any, TableLayout, dict[int, tuple[pygame.Rect, int]]] | None = None
        """The boards of the last view and layout asked (asked for each card placed and drawn)."""
        self._panel_last: tuple[Any, TableLayout, Any, pygame.Rect, pygame.Surface] | None = None
        """The target panel drawn for the last view, layout and lines, and where it goes."""
        self._slots: dict[tuple[str, tuple[int, int]], pygame.Surface] = {}
        """Empty column places drawn, by suit name and size."""
        self._badges_last: tuple[Any, TableLayout, Any, list[Badge]] | None = None
        """The columns' badges for the last view, layout and sprites' and buttons' places (asked by the
        picture and by each region the renderer draws again)."""

    def forget(self) -> None:
        self._boards.clear()
        self._boards_last = self._panel_last = self._badges_last = None
        self._slots.clear()

    # ================================================================== words for cards
    def card_name(self, card: str | None) -> str:
        """A card in words in the player's language ("the 20 of hearts", "the joker 50")."""
        if not card:
            return "?"
        if card.startswith("S") and len(card) == 2:
            return self.tr("lagagne.name.symbol", suit=self.tr(f"lagagne.suit.{card[1]}"))
        if card.startswith("P"):
            return self.tr("lagagne.name.points", points=card[1:-1], suit=self.tr(f"lagagne.suit.{card[-1]}"))
        if card.startswith("J"):
            return self.tr("lagagne.name.joker", points=card[1:])
        return self.tr(f"lagagne.name.{card}")

    def suit_name(self, suit: str) -> str:
        return self.tr(f"lagagne.suit.{suit}")

    # ================================================================== zones
    def zones(self, view: LaGagneView) -> dict[str, list[str | None]]:
        zones: dict[str, list[str | None]] = {
            "stock": [None] * view["pile_size"],
            "discard": list(view["discard"]),
        }
        me = view["seat"]
        for s in range(view["players"]):
            if s == me and view["hand"] is not None:
                zones[f"hand:{s}"] = list(view["hand"])
            else:
                known: list[str | None] = list(view["known_cards"][s])
                zones[f"hand:{s}"] = known + [None] * (view["hand_sizes"][s] - len(known))
            for suit in SUITS:
                col = view["columns"][s][suit]
                cards: list[str | None] = [
                    *([f"S{suit}"] if col["open"] else []), *col["points"], *(["X2"] if col["x2"] else [])
                ]
                if cards:
                    zones[f"column:{s}:{suit}"] = cards
        return zones

    def face_up(self, zone: str, view: LaGagneView) -> bool:
        if zone == "stock":
            return False
        if zone.startswith("hand:"):
            return int(zone[5:]) == view["seat"]
        return True

    def zone_rank(self, zone: str) -> int:
        return {"stock": 0, "discard": 1, "column": 3, "hand": 6}.get(zone.split(":")[0], 5)

    # ================================================================== geometry
    def board_card_width(self, layout: TableLayout) -> int:
        """The width of the viewer's column cards (on a phone, as wide as a thumb: the columns are targets)."""
        return max(26, round(layout.card_w * (0.64 if layout.portrait else 0.75 if layout.phone else 0.62)))

    def own_board(self, layout: TableLayout) -> tuple[pygame.Rect, int]:
        """The viewer's board (four columns) and its card width: left of the hand, under the piles
        (upright: between the name plate and the hand)."""
        w = self.board_card_width(layout)
        gap = max(4, round(w * 0.1))
        plate = layout.seats[layout.bottom_seat].plate
        if layout.portrait:  # upright: under the name plate, over the hand, room for the totals below
            upper = plate.bottom + round(layout.unit * 0.15)
            lower = layout.hand_y - round(layout.unit * 0.1 + w * 0.45)
            return pygame.Rect(round(layout.size[0] * 0.03), upper, 4 * w + 3 * gap, lower - upper), w
        # below the piles, and low enough that a column's first card ends level with the name plate
        top = max(layout.centre[1] + layout.card_h / 2 + layout.unit * 0.3, plate.y - card_height(w))
        rect = pygame.Rect(
            round(plate.right + layout.unit * 0.3),
            round(top),
            4 * w + 3 * gap,
            round(layout.felt.bottom - layout.unit * 0.1 - top - w * 0.45),  # room for the totals below
        )
        return rect, w

    def hand_rect(self, layout: TableLayout) -> pygame.Rect:
        """Where the viewer's hand fans out: between the board and the log (upright: across the window)."""
        if layout.portrait:
            return pygame.Rect(round(layout.size[0] * 0.03), layout.hand_y, round(layout.size[0] * 0.94), layout.card_h)
        board, _ = self.own_board(layout)
        left = board.right + round(layout.unit * 0.35)
        right = layout.log_rect.x - round(layout.unit * 0.3)
        return pygame.Rect(left, layout.hand_y, right - left, layout.card_h)

    def button_bar(self, layout: TableLayout) -> pygame.Rect:
        """Above the hand, reaching over the log to the right edge of the felt (or to a name plate);
        upright, the layout's (over the name plate and the board)."""
        if layout.portrait:
            return layout.button_bar
        hand = self.hand_rect(layout)
        h = max(layout.tap, round(layout.em * 0.6))
        bottom = min(hand.y - layout.unit * 0.2, layout.log_rect.y - layout.unit * 0.15)
        right = layout.felt.right - round(layout.unit * 0.4)
        if layout.phone:  # a phone's side of the table is the other seats' (their boards come down to the log)
            right = min(right, layout.log_rect.x - round(layout.unit * 0.15))
        bar = pygame.Rect(hand.x, round(bottom - h), right - hand.x, h)
        for spot in layout.seats:
            if spot.plate.colliderect(bar) and spot.plate.x > hand.x:
                bar.w = min(bar.w, spot.plate.x - round(layout.unit * 0.15) - bar.x)
        return bar

    def fits(self, layout: TableLayout) -> bool:
        """The piles clear of the buttons and plates (as any game's), and on a crowded upright table
        room in each seat's cell for its hand's backs under its plate (else the table takes smaller
        cards, and the seats over the top get what they give)."""
        rooms = [(spot.room, spot.plate) for spot in layout.seats if spot.room is not None]
        return super().fits(layout) and all(room.bottom - plate.bottom - 3 >= CELL_BACKS for room, plate in rooms)

    def _middle(self, layout: TableLayout) -> pygame.Rect:
        sx, sy = layout.stock_pos
        dx, _ = layout.discard_pos
        return pygame.Rect(round(sx), round(sy), round(dx + layout.pile_w - sx), layout.pile_h).inflate(
            round(layout.unit * 0.3), round(layout.unit * 0.3)
        )

    def boards(self, layout: TableLayout) -> dict[int, tuple[pygame.Rect, int]]:
        """Every seat's board rectangle and card width. The others' boards go next to their name
        plates (below first, then towards the middle, then above), shrinking until nothing overlaps."""
        last = self._boards_last
        if last is not None and last[0] is self.table.view and last[1] is layout:
            return last[2]
        out = self._find_boards(layout)
        self._boards_last = (self.table.view, layout, out)
        return out

    def _find_boards(self, layout: TableLayout) -> dict[int, tuple[pygame.Rect, int]]:
        shown = {seat: len(self._present(seat)) for seat in range(layout.players)}
        key = (id(layout), layout.size, layout.bottom_seat, layout.card_w, layout.small_w, layout.em, tuple(shown.values()))
        cached = self._boards.get(key)
        if cached is not None:
            return cached
        self._boards.clear()
        out = {layout.bottom_seat: self.own_board(layout)}
        blocked = [
            self._middle(layout),
            layout.log_rect,
            out[layout.bottom_seat][0],
            self.hand_rect(layout),
            self.button_bar(layout),
        ] + [spot.plate for spot in layout.seats]
        n = layout.players
        others = [(layout.bottom_seat + k) % n for k in range(1, n)]
        # greedy, seat after seat; when a seat finds no clear place, other orders may leave it one
        orders = [others, others[::-1], [others[i // 2] if i % 2 == 0 else others[-1 - i // 2]
                                         for i in range(len(others))]]
        best: tuple[int, dict[int, tuple[pygame.Rect, int]]] | None = None
        for order in orders:
            misses, placed = self._place_boards(layout, order, shown, blocked)
            if best is None or misses < best[0]:
                best = (misses, placed)
            if misses == 0:
                break
        assert best is not None
        out.update(best[1])
        self._boards[key] = out
        return out

    def _place_boards(self, layout: TableLayout, order: list[int], shown: dict[int, int],
                      blocked: list[pygame.Rect]) -> tuple[int, dict[int, tuple[pygame.Rect, int]]]:
        """The other seats' boards placed in ``order``, each at the first place by its plate (and the
        largest size there) that lies on the felt, clear of ``blocked`` and of the boards placed
        before it, its first row near the plate (but above it, where the columns grow towards the
        plate); and how many seats found no such place."""
        n = layout.players
        base = max(20, round(layout.small_w * (0.95 if n <= 4 else 0.8 if n <= 5 else 0.72)))
        felt = layout.felt.inflate(-round(layout.unit * 0.25), -round(layout.unit * 0.25))
        cx = layout.centre[0]
        near = layout.card_h * 0.2
        taken = list(blocked)
        out: dict[int, tuple[pygame.Rect, int]] = {}
        misses = 0
        for seat in order:
            plate = layout.seats[seat].plate
            room = layout.seats[seat].room
            if room is not None:  # a crowded upright table: the board in its cell, beside the plate
                rect, w = self._board_in(room, plate, base, max(1, shown[seat]))
                out[seat] = (rect, w)
                taken.append(self._reach(rect, w))
                continue
            wheres = BESIDE_SIDE if abs(plate.centerx - cx) > layout.size[0] * 0.25 else BESIDE
            found = None
            for where, scale in itertools.product(wheres, BOARD_SCALES):
                w = max(18, round(base * scale))
                rect = self._board_beside(plate, where, w, max(1, shown[seat]), felt, cx)
                reach = self._reach(rect, w)
                first_row = pygame.Rect(rect.x, rect.y, rect.w, card_height(w))
                if (felt.contains(reach) and reach.collidelist(taken) == -1
                        and (where == "above" or _apart(first_row, plate) <= near)):
                    found = (rect, w, reach)
                    break
            if found is None:  # nowhere clear: the smallest board below its plate, kept on the felt
                misses += 1
                w = max(18, round(base * BOARD_SCALES[-1]))
                rect = self._board_beside(plate, "below", w, max(1, shown[seat]), felt, cx)
                rect.clamp_ip(felt)
                found = (rect, w, self._reach(rect, w))
            out[seat] = found[:2]
            taken.append(found[2])
        return misses, out

    @staticmethod
    def _board_in(room: pygame.Rect, plate: pygame.Rect, largest: int, cols: int) -> tuple[pygame.Rect, int]:
        """A board of ``cols`` columns in the ``room`` of a crowded upright table's cell, against its
        plate, with cards as wide as four columns leave (so that a column opened later changes no
        width), at most ``largest``; and that width."""
        def parts(w: int) -> tuple[int, int, int, int]:
            """The room a ×2 badge takes over a column and at its right, the gap between columns and the
            height of the totals' pills under them (``_badge_place``) at cards ``w`` wide."""
            bw = max(14, round(w * 0.52))
            return (math.ceil(card_height(bw) * 0.18), math.ceil(bw * 0.38), max(4, round(w * 0.14)),
                    round(max(10, round(w * 0.26)) * 1.7) + 2)

        w = largest
        while w > SMALLEST_BOARD:
            up, right, gap, pill = parts(w)
            if 4 * w + 3 * gap + right <= room.w and card_height(w) * 1.42 + up + pill <= room.h:
                break
            w -= 1
        up, right, gap, pill = parts(w)
        rect = pygame.Rect(0, room.y + up, cols * w + (cols - 1) * gap, room.h - up - pill)
        if plate.centerx < room.centerx:
            rect.x = room.x
        else:
            rect.right = room.right - right
        return rect, w

    @staticmethod
    def _board_beside(plate: pygame.Rect, where: str, w: int, cols: int, felt: pygame.Rect,
                      cx: float) -> pygame.Rect:
        """A board of ``cols`` columns of cards ``w`` wide at ``where`` by its seat's ``plate``: below it
        (centred, or from the felt's edge for a plate on a side), towards the middle (level with the
        plate's top or middle), or above it."""
        gap = max(4, round(w * 0.14))
        badge = max(14, round(w * 0.52))  # a ×2 badge pokes out over a column's top right corner
        up, right = math.ceil(card_height(badge) * 0.18), math.ceil(badge * 0.38)
        rect = pygame.Rect(0, 0, cols * w + (cols - 1) * gap, round(card_height(w) * 2.45))
        inner = plate.centerx < cx
        if where == "below":
            rect.midtop = (plate.centerx, plate.bottom + gap + up)
        elif where == "below_out":
            rect.top = plate.bottom + gap + up
            if inner:
                rect.x = felt.x
            else:
                rect.right = felt.right - right
        elif where == "above":
            rect.midbottom = (plate.centerx, plate.y - gap)
        else:
            rect.y = plate.y if where == "inward" else plate.centery - rect.h // 2
            if inner:
                rect.x = plate.right + gap
            else:
                rect.right = plate.x - gap - right
        return rect

    @staticmethod
    def _reach(board: pygame.Rect, w: int) -> pygame.Rect:
        """What a board of cards ``w`` wide may cover: itself and the ×2 badges that poke out over its
        columns' top right corners (see ``_column_places``)."""
        bw = max(14, round(w * 0.52))
        up, right = math.ceil(card_height(bw) * 0.18), math.ceil(bw * 0.38)
        return pygame.Rect(board.x, board.y - up, board.w + right, board.h + up)

    def _present(self, seat: int) -> list[str]:
        """The suits of ``seat``'s columns on the table (open, or holding points or a ×2)."""
        cols = self.table.view.get("columns")
        if not cols or seat >= len(cols):
            return []
        return [x for x in SUITS if cols[seat][x]["open"] or cols[seat][x]["points"] or cols[seat][x]["x2"]]

    def column_rect(self, seat: int, suit: str, layout: TableLayout) -> pygame.Rect:
        """A column's place: the viewer's four columns stand in a row from its name plate, those on
        the table first (in suit order), then the empty places; another seat's columns are packed
        side by side in suit order on its board."""
        board, w = self.boards(layout)[seat]
        if layout.seats[seat].bottom:
            gap = max(3, round(w * 0.1))
            present = self._present(seat)
            i = (present + [x for x in SUITS if x not in present]).index(suit)
        else:
            gap = max(4, round(w * 0.14))
            present = self._present(seat)
            i = present.index(suit) if suit in present else 0
        return pygame.Rect(board.x + i * (w + gap), board.y, w, board.h)

    def place(
        self, zone: str, count: int, view: LaGagneView, layout: TableLayout
    ) -> list[tuple[float, float, int]]:
        col = column_of(zone)
        if col is not None:
            return self._column_places(col[0], col[1], count, view, layout)
        if zone.startswith("hand:"):
            seat = int(zone[5:])
            if layout.seats[seat].bottom:
                rect = self.hand_rect(layout)
                # the cards shrink a little rather than hide each other's values
                w = min(layout.card_w, max(30, round(rect.w / (1 + 0.72 * max(4, count - 1)))))
                centre = (rect.centerx, rect.bottom - card_height(w) / 2)
                return [(x, y, w) for x, y in layout.fan(centre, count, w, rect.w, 0.72)]
            return self._other_hand(seat, count, layout)
        return super().place(zone, count, view, layout)

    def _column_places(
        self, seat: int, suit: str, count: int, view: LaGagneView, layout: TableLayout
    ) -> list[tuple[float, float, int]]:
        rect = self.column_rect(seat, suit, layout)
        col = view["columns"][seat][suit]
        points = len(col["points"])
        # the column's cards stay on its board: they narrow when the board is short for them
        fits = rect.h / (card_height(100) / 100 * (1 + 0.34 + 0.08 * max(0, points - 1)))
        w = max(12, min(rect.w, int(fits)))
        h = card_height(w)
        first = h * 0.34
        step = h * 0.27
        room = rect.h - h - first
        if points > 1 and (points - 1) * step > room:
            step = max(h * 0.08, room / (points - 1))
        out: list[tuple[float, float, int]] = []
        if col["open"]:
            out.append((rect.x, rect.y, w))
        for k in range(points):
            out.append((rect.x, rect.y + first + k * step, w))
        if col["x2"]:
            bw = max(14, round(w * 0.52))
            out.append((rect.right - bw, rect.y - card_height(bw) * 0.18, bw))  # within its own column
        return out[:count]

    def _other_hand(self, seat: int, count: int, layout: TableLayout) -> list[tuple[float, float, int]]:
        """The backs of another seat's hand, small, beside its name plate."""
        plate = layout.seats[seat].plate
        bw = self.boards(layout)[seat][1]
        w = max(14, round(bw * 0.55))
        h = card_height(w)
        step = w * 0.4
        span = step * max(0, count - 1) + w
        taken = (
            [b for b, _ in self.boards(layout).values()] + [s.plate for s in layout.seats] + [layout.log_rect]
        )
        if layout.portrait:  # upright, the seats sit close: clear of the hands placed before this one too
            sizes = self.table.view.get("hand_sizes") or []
            for other in range(seat):
                if other != layout.bottom_seat and other < len(sizes):
                    backs = self._other_hand(other, max(1, sizes[other]), layout)
                    x0, y0, w0 = backs[0]
                    taken.append(pygame.Rect(round(x0), round(y0), round(backs[-1][0] - x0 + w0), card_height(w0)))
        room = layout.seats[seat].room
        if room is not None:  # a crowded upright table: under the plate, in its cell
            h = max(8, min(h, room.bottom - plate.bottom - 3))
            w = max(6, round(h / card_height(100) * 100))
            step = min(w * 0.4, (plate.w - w) / max(1, count - 1))
            x = plate.x if plate.centerx < room.centerx else plate.right - (step * max(0, count - 1) + w)
            return [(x + i * step, plate.bottom + 3, w) for i in range(count)]
        felt = layout.felt
        spots = [
            (plate.right + 6, plate.centery - h / 2),
            (plate.x - 6 - span, plate.centery - h / 2),
            (plate.centerx - span / 2, plate.y - h - 4),
            (plate.centerx - span / 2, plate.bottom + 4),
        ]
        if layout.portrait:  # upright, the row above a plate is another seat's: below comes first
            spots[2], spots[3] = spots[3], spots[2]
        x, y = spots[0]
        for sx, sy in spots:
            area = pygame.Rect(round(sx), round(sy), round(span), h)
            if felt.contains(area) and area.collidelist(taken) == -1:
                x, y = sx, sy
                break
        else:  # nowhere clear: the clear place nearest the plate (upright), else beside it on the felt
            near = layout.clear_spot((round(span), h), taken, plate.center) if layout.portrait else None
            x, y = (near.x, near.y) if near is not None else (min(max(x, felt.x), felt.right - span), y)
        return [(x + i * step, y, w) for i in range(count)]

    def _opponent_hand_rect(self, seat: int, view: LaGagneView, layout: TableLayout) -> pygame.Rect:
        places = self._other_hand(seat, max(1, view["hand_sizes"][seat]), layout)
        rects = [pygame.Rect(round(x), round(y), w, card_height(w)) for x, y, w in places]
        return rects[0].unionall(rects[1:]).union(layout.seats[seat].plate).inflate(8, 8)

    def _pile_rect(self, layout: TableLayout) -> pygame.Rect:
        x, y = layout.discard_pos
        return pygame.Rect(round(x), round(y), layout.pile_w, layout.pile_h).inflate(
            layout.pile_w // 4, layout.pile_w // 4
        )

    # ================================================================== moves of a card
    def _moves_of(self, card: str, legal: list[Move]) -> list[Move]:
        """The legal moves that play ``card`` from the hand."""
        actions = {"Voler": "steal", "Recup": "recup", "Echange": "exchange"}
        return [
            m
            for m in legal
            if (m.name in ("play", "discard", "give") and m.args[0] == card) or actions.get(card) == m.name
        ]

    @staticmethod
    def table_text(sprite: CardSprite) -> str | None:
        """How a steal names a tabled card (the engine's notation, from the game's views module)."""
        col = column_of(sprite.zone)
        if col is None or sprite.card is None:
            return None
        return steal_target(col[0], col[1], sprite.card)

    def visible_rect(self, sprite: CardSprite) -> pygame.Rect:
        """The part of a tabled card not covered by the next card of its column (what a drop can hit)."""
        rect = sprite.home_rect
        above = [
            s.home_rect
            for s in self.table.sprites
            if s.zone == sprite.zone
            and s.order > sprite.order
            and s.width == sprite.width
            and s.home_rect.y > rect.y
        ]
        if above:
            rect = pygame.Rect(rect.x, rect.y, rect.w, max(6, min(r.y for r in above) - rect.y))
        return rect

    def _steals_of(self, sprite: CardSprite, legal: list[Move]) -> list[Move]:
        """The legal steals that take this tabled card (the thief's column still to choose)."""
        col = column_of(sprite.zone)
        if col is None or sprite.card is None:
            return []
        picker = ArgumentPicker(legal, {"steal"})
        columns = self.table.view["columns"]
        words = [w for w in picker.options() if steal_source(w, columns) == (col[0], col[1], sprite.card)]
        return [m for m in picker.candidates() if m.args[0] in words]

    def _choose(self, moves: list[Move]) -> Action | None:
        if not moves:
            return None
        if len(moves) == 1:
            return moves[0]
        return lambda: self.set_choices(moves)

    def set_choices(self, moves: list[Move]) -> None:
        self.choices = list(moves)

    # ================================================================== input
    def _mine(self, sprite: CardSprite) -> bool:
        viewer = self.table.viewer
        return viewer is not None and sprite.zone == f"hand:{viewer}" and sprite.card is not None

    def card(self, sprite: CardSprite, view: LaGagneView, legal: list[Move]) -> CardGestures:
        """The viewer's cards; with a Voler chosen, the tabled cards it may steal; with an Échanger
        chosen, the hands it may take from."""
        if self._mine(sprite):
            return self._hand_card(present(sprite.card, "card"), view, legal)
        selected = self.table.selected
        if selected == "Voler" and column_of(sprite.zone):
            return self._steal_target(sprite, legal)
        if selected == "Echange" and sprite.zone.startswith("hand:"):
            return self._exchange_target(sprite, legal)
        return NOTHING

    def _hand_card(self, card: str, view: LaGagneView, legal: list[Move]) -> CardGestures:
        """A card of the viewer's hand: a click chooses it (its moves become buttons) or gives it
        back after an Échanger; a double click plays its only move; a drag plays it where it lands."""
        give = next((m for m in legal if m.name == "give" and m.args[0] == card), None)
        plays = [m for m in self._moves_of(card, legal) if m.name in ("play", "give")]
        choose = partial(self._select, card)
        click = give or choose
        double = give or (plays[0] if len(plays) == 1 else choose)
        if view["phase"] == OVER:
            return CardGestures(click=click, double=double)
        return CardGestures(click=click, double=double, drops=self._hand_drops(card, view, legal),
                            attempts=self._hand_attempts(card), focus=True)

    def _hand_drops(self, card: str, view: LaGagneView, legal: list[Move]) -> tuple[Drop, ...]:
        """Where the viewer's ``card`` may be dropped: the discard (throw it, or Récupérer), its
        column (or the column it names), an opponent's hand (Échanger, then the card given back),
        a tabled card it may steal (Voler)."""
        if not legal:
            return ()
        moves = self._moves_of(card, legal)
        acts = {m.action: m for m in moves}
        thrown = acts.get("recup") or acts.get(f"discard {card}")
        out = [Drop.onto("discard", self._pile_rect(self.table.layout), thrown)] if thrown is not None else []
        out += [drop for m in moves if (drop := self._placed_drop(card, m, view)) is not None]
        if card == "Voler":
            out += self._steal_drops(legal)
        return tuple(out)

    def _placed_drop(self, card: str, move: Move, view: LaGagneView) -> Drop | None:
        """The drop that plays ``move`` of ``card``: onto the viewer's column it goes to, or onto the
        hand of the opponent it exchanges with (or gives back to)."""
        layout = self.table.layout
        viewer = present(self.table.viewer, "viewer")
        if move.name == "play":
            suit = move.args[1] if len(move.args) > 1 else (card[-1] if card[0] in "SP" else None)
            if suit is None:
                return None
            return Drop.onto(f"column:{viewer}:{suit}", self.column_rect(viewer, suit, layout), move)
        if move.name == "exchange":
            target = int(move.args[0])
        elif move.name == "give" and view.get("exchange"):
            target = present(view["exchange"], "exchange")["target"]
        else:
            return None
        return Drop.onto(f"hand:{target}", self._opponent_hand_rect(target, view, layout), move)

    def _steal_drops(self, legal: list[Move]) -> list[Drop]:
        """A Voler dropped on a tabled card it may steal (buttons ask into which column if several)."""
        out = []
        for other in self.table.sprites:
            chosen = self._choose(self._steals_of(other, legal)) if column_of(other.zone) else None
            if chosen is not None:
                out.append(Drop.onto(other.zone, self.visible_rect(other), chosen))
        return out

    def _hand_attempts(self, card: str) -> tuple[Attempt, ...]:
        """What dropping the viewer's ``card`` means even when it is not allowed now (explained): on
        the discard, throwing it; on one of the viewer's columns, playing it there; a Voler on another
        seat's tabled card, stealing that card."""
        viewer = present(self.table.viewer, "viewer")
        layout = self.table.layout
        out = [Attempt.onto("discard", self._pile_rect(layout), Move(f"discard {card}", viewer))]
        for suit in SUITS:
            named = card[0] not in "SP" and card not in ("Z", "Voler", "Recup", "Echange")
            play = Move(f"play {card} {suit}" if named else f"play {card}", viewer)
            out.append(Attempt.onto(f"column:{viewer}:{suit}", self.column_rect(viewer, suit, layout), play))
        if card == "Voler":
            seen: set[str] = set()
            for sprite in sorted(self.table.sprites, key=lambda sp: -sp.order):
                text = self.table_text(sprite)
                if text is not None and not text.startswith(f"{viewer}:") and text not in seen:
                    seen.add(text)
                    out.append(Attempt.onto(f"table:{text}", self.visible_rect(sprite), Move(f"steal {text}", viewer)))
        return tuple(out)

    def _steal_target(self, sprite: CardSprite, legal: list[Move]) -> CardGestures:
        """A tabled card while Voler is chosen: a click steals it (or asks into which column)."""
        chosen = self._choose(self._steals_of(sprite, legal))
        if chosen is not None:
            return CardGestures(click=chosen, focus=True)
        return CardGestures(click=lambda: self.table.say(
            self.tr("lagagne.hint.cannot_steal", card=self.card_name(sprite.card))))

    def _exchange_target(self, sprite: CardSprite, legal: list[Move]) -> CardGestures:
        """An opponent's hand while Échanger is chosen: a click takes from it (the focus rests on
        its first card)."""
        move = next((m for m in legal if m.action == f"exchange {sprite.zone[5:]}"), None)
        first = next(s for s in self.table.sprites if s.zone == sprite.zone)
        return CardGestures(click=move, focus=move is not None and sprite is first)

    def _select(self, card: str) -> None:
        self.choices = []
        self.table.select(card)

    # ================================================================== buttons
    def _label(self, move: Move, view: LaGagneView) -> str:
        name = move.name
        names = view["names"]
        if name == "play":
            card = move.args[0]
            if card[0] == "S":
                key = (
                    "lagagne.button.reopen"
                    if view["columns"][present(move.seat, "seat")][card[1]]["points"]
                    else "lagagne.button.open"
                )
                return self.tr(key, suit=self.suit_name(card[1]))
            suit = move.args[1] if len(move.args) > 1 else card[-1]
            if card == "X2":
                return self.tr("lagagne.button.double", suit=self.suit_name(suit))
            return self.tr("lagagne.button.lay", suit=self.suit_name(suit))
        if name == "discard":
            return self.tr("lagagne.button.discard")
        if name == "recup":
            top = view["discard"][-1] if view["discard"] else None
            return self.tr("lagagne.button.recup", card=self.card_name(top))
        if name == "exchange":
            return self.tr("lagagne.button.exchange", name=names[int(move.args[0])])
        if name == "give":
            return self.tr("lagagne.button.give", name=names[present(view["exchange"], "exchange")["target"]])
        if name == "steal":
            dest = move.args[1] if len(move.args) > 1 else None
            if dest is not None:
                return self.tr("lagagne.button.steal_into", suit=self.suit_name(dest))
            return self.tr("lagagne.button.steal")
        return move.action

    def buttons(self, view: LaGagneView, legal: list[Move]) -> list[ButtonSpec]:
        out: list[ButtonSpec] = []
        acts = {m.action: m for m in legal}
        if self.choices and all(m in legal for m in self.choices):
            for i, m in enumerate(self.choices):
                out.append(ButtonSpec(f"choice_{i}", self._label(m, view), m, i == 0))
            out.append(ButtonSpec("cancel", self.tr("lagagne.button.cancel"), lambda: self.set_choices([])))
            return out
        selected = self.table.selected
        if selected is not None and legal:
            moves = [m for m in self._moves_of(selected, legal) if m.name != "steal"]
            for i, m in enumerate(moves[:5]):
                out.append(ButtonSpec(f"move_{i}", self._label(m, view), m, i == 0))
        if "mulligan" in acts:
            out.append(ButtonSpec("mulligan", self.tr("lagagne.button.mulligan"), acts["mulligan"]))
        if view["phase"] == OVER:
            out.append(
                ButtonSpec("sheet", self.tr("lagagne.button.score_sheet"), self.table.show_score_sheet, True)
            )
        return out

    # ================================================================== words
    def status(self, view: LaGagneView, legal: list[Move]) -> str:
        names = view["names"]
        if view["phase"] == OVER:
            return self.tr("lagagne.status.over", name=" & ".join(names[w] for w in view["winners"]))
        current = view["active"]
        viewer = self.table.viewer
        if current is None:
            return ""
        if viewer is None or current != viewer:
            return self.tr("lagagne.status.waiting", name=names[current])
        if view["phase"] == GIVE:
            exchange = present(view["exchange"], "exchange")
            return self.tr(
                "lagagne.status.give",
                name=names[exchange["target"]],
                card=self.card_name(exchange["taken"]),
            )
        if self.choices:
            return self.tr("lagagne.status.choose_column")
        selected = self.table.selected
        if selected == "Voler":
            return self.tr("lagagne.status.voler")
        if selected == "Echange":
            return self.tr("lagagne.status.echange")
        if selected == "Recup":
            return self.tr("lagagne.status.recup")
        if not any(m.name != "discard" for m in legal):
            return self.tr("lagagne.status.only_discard")
        return self.tr("lagagne.status.play")

    def observe(self, move: Move, events: list[Event], view: LaGagneView) -> None:
        """A move shown: half-made choices reset, and the one human at the table is told which card
        an Échanger took from them or gave them."""
        self.choices = []
        who = "?" if move.seat is None else view["names"][move.seat]
        if move.name == "exchange":
            self._tell_target(int(move.args[0]), "lagagne.told.taken", who,
                              next((e for e in events if e.kind == "take"), None))
        elif move.name == "give":
            event = next((e for e in events if e.kind == "give"), None)
            if event is not None:
                self._tell_target(event.info["to"], "lagagne.told.given", who, event)

    def advice(self, move: Move, view: LaGagneView) -> str | None:
        """Every move as advice ("Lay the 50 of clubs in the clubs column")."""
        names = view["names"]
        name, args = move.name, move.args
        if name == "play":
            card = args[0]
            if card[0] == "S":
                return self.tr("lagagne.advice.open", suit=self.suit_name(card[1]))
            suit = args[1] if len(args) > 1 else card[-1]
            key = "lagagne.advice.double" if card == "X2" else "lagagne.advice.lay"
            return self.tr(key, card=self.card_name(card), suit=self.suit_name(suit))
        if name in ("discard", "give"):
            exchange = view.get("exchange") or {}
            target = names[exchange["target"]] if "target" in exchange else "?"
            return self.tr(f"lagagne.advice.{name}", card=self.card_name(args[0]), target=target)
        if name == "steal":
            source = steal_source(args[0], view["columns"])
            if source is None:
                return None
            victim, _, card = source
            return self.tr("lagagne.advice.steal", card=self.card_name(card), victim=names[victim])
        if name == "recup":
            top = view["discard"][-1] if view["discard"] else None
            return self.tr("lagagne.advice.recup", card=self.card_name(top))
        if name == "exchange":
            return self.tr("lagagne.advice.exchange", target=names[int(args[0])])
        return self.tr("lagagne.advice.mulligan") if name == "mulligan" else None

    def describe(self, move: Move, events: list[Event], view: LaGagneView) -> list[str]:
        names = view["names"]
        who = "?" if move.seat is None else names[move.seat]
        name, args = move.name, move.args
        lines: list[str] = []
        if name == "play":
            card = args[0]
            if card[0] == "S":
                lines.append(self.tr("lagagne.log.open", name=who, suit=self.suit_name(card[1])))
            else:
                suit = args[1] if len(args) > 1 else card[-1]
                total = view["columns"][present(move.seat, "seat")][suit]["total"]
                key = "lagagne.log.double" if card == "X2" else "lagagne.log.lay"
                lines.append(
                    self.tr(key, name=who, card=self.card_name(card), suit=self.suit_name(suit), total=total)
                )
        elif name == "discard":
            lines.append(self.tr("lagagne.log.discard", name=who, card=self.card_name(args[0])))
        elif name == "steal":
            event = next((e for e in events if e.kind == "steal"), None)
            victim = names[event.info["victim"]] if event else "?"
            lines.append(
                self.tr(
                    "lagagne.log.steal",
                    name=who,
                    victim=victim,
                    card=self.card_name(event.card if event else None),
                )
            )
        elif name == "recup":
            taken = next((e.card for e in events if e.kind == "take"), None)
            lines.append(self.tr("lagagne.log.recup", name=who, card=self.card_name(taken)))
        elif name == "exchange":
            lines.append(self.tr("lagagne.log.exchange", name=who, target=names[int(args[0])]))
        elif name == "give":
            event = next((e for e in events if e.kind == "give"), None)
            target = names[event.info["to"]] if event else "?"
            lines.append(self.tr("lagagne.log.give", name=who, target=target))
        elif name == "mulligan":
            lines.append(self.tr("lagagne.log.mulligan", name=who))
        for e in events:
            if e.kind == "reshuffle":
                lines.append(self.tr("lagagne.log.reshuffle"))
            elif e.kind == "last_round":
                lines.append(
                    self.tr(
                        "lagagne.log.last_round",
                        name=names[e.info["reached_by"]],
                        target=view["target"],
                        last=names[e.info["ends_with"]],
                    )
                )
            elif e.kind == "last_round_cancelled":
                lines.append(self.tr("lagagne.log.last_round_cancelled", target=view["target"]))
            elif e.kind == "pass" and e.seat is not None:
                lines.append(self.tr("lagagne.log.pass", name=names[e.seat]))
            elif e.kind == "match_end":
                winners = " & ".join(names[w] for w in e.info["winners"])
                best = max(e.info["scores"])
                lines.append(self.tr("lagagne.log.game_over", name=winners, points=best))
        return lines

    def _tell_target(self, target: int, key: str, who: str, event: Event | None) -> None:
        """Tell the player at the screen which card an Échanger took from them or gave them: only
        when that player is the one human at the table (the message is not kept in the public log)."""
        humans = self.table.session.humans
        if event is None or event.card is None or humans != [target] or self.table.viewer != target:
            return
        self.table.say(self.tr(key, name=who, card=self.card_name(event.card)), kind="info")

    @staticmethod
    def sheet_label(entry: dict[str, Any], names: list[str], tr: Callable[..., str]) -> str | None:
        key = "lagagne.sheet.round_limit" if entry.get("end") == "round_limit" else "lagagne.sheet.game"
        return tr(key, rounds=entry.get("rounds", "?"))

    def turn_seats(self, view: LaGagneView) -> list[int]:
        active = view.get("active")
        return [] if active is None else [active]

    def card_words(self, card: str) -> str:
        return self.card_name(card)

    def word_params(self, params: dict[str, Any]) -> dict[str, Any]:
        out = dict(params)
        if isinstance(out.get("card"), str):
            out["card"] = self.card_name(out["card"])
        if isinstance(out.get("suit"), str) and out["suit"] in SUITS:
            out["suit"] = self.suit_name(out["suit"])
        return out

    # ------------------------------------------------------------------ spoken answers
    def spoken_card(self, card: str | None) -> str:
        return self.app.tr("speech.unknown_card") if card is None else self.card_name(card)

    def _columns(self, seat: int, view: LaGagneView) -> str:
        """A seat's columns in words: each begun one, open or not, its points, doubled or not, its total."""
        parts = []
        for suit in SUITS:
            col = view["columns"][seat][suit]
            if not col["open"] and not col["points"] and not col["x2"]:
                continue
            key = "speech.lagagne.column_open" if col["open"] else "speech.lagagne.column_closed"
            points = " + ".join(str(POINTS.get(p, 0)) for p in col["points"]) or "0"
            text = self.app.tr(key, suit=self.suit_name(suit), points=points, total=col["total"])
            parts.append(self.app.tr("speech.lagagne.doubled", column=text) if col["x2"] else text)
        return self.app.tr("speech.list_separator").join(parts) if parts else self.app.tr("speech.lagagne.no_columns")

    def spoken_player(self, seat: int, view: LaGagneView) -> str:
        return self.app.tr("speech.lagagne.player", cards=super().spoken_player(seat, view),
                           columns=self._columns(seat, view))

    def spoken_players(self, view: LaGagneView) -> list[str]:
        """The target, the viewer's own columns, then every other player's cards and columns."""
        lines = [self.app.tr("speech.lagagne.target", target=view["target"])]
        me = view["seat"]
        if me is not None:
            lines.append(self.app.tr("speech.lagagne.your_columns", columns=self._columns(me, view)))
        return lines + super().spoken_players(view)

    def seat_note(self, seat: int, view: LaGagneView) -> str:
        parts = []
        if view.get("dealer") == seat:
            parts.append(self.tr("lagagne.dealer"))
        if view["mulligans_left"][seat] and view["options"]["mulligans_per_game"]:
            parts.append(self.tr("lagagne.mulligan_left"))
        return " · ".join(parts)

    # ================================================================== drawing
    def draw_under(self, surface: pygame.Surface, view: LaGagneView, layout: TableLayout) -> None:
        slots = self.under_rects(view, layout)
        if not slots:
            return
        for suit, slot in zip(SUITS, slots, strict=True):
            surface.blit(self._slot_image(self.suit_name(suit), slot.size), slot)

    def _slot_image(self, name: str, size: tuple[int, int]) -> pygame.Surface:
        """An empty column's place, named, ``size`` pixels (drawn once per name and size; the places
        of another size are dropped, so that resizing the window does not pile them up)."""
        key = (name, size)
        img = self._slots.get(key)
        if img is None:
            if any(other != size for _, other in self._slots):
                self._slots = {k: v for k, v in self._slots.items() if k[1] == size}
            img = self._slots[key] = pygame.Surface(size, pygame.SRCALPHA)
            slot = img.get_rect()
            pygame.draw.rect(img, (22, 78, 50), slot, border_radius=max(3, slot.w // 10))
            pygame.draw.rect(img, (70, 130, 92), slot, 2, border_radius=max(3, slot.w // 10))
            label = self.table.text.fit(name, max(10, round(slot.w * 0.2)), slot.w - 4, (120, 170, 130), bold=True)
            img.blit(label, label.get_rect(center=slot.center))
        return img

    def under_rects(self, view: LaGagneView, layout: TableLayout) -> list[pygame.Rect]:
        """The places of the viewer's four columns, one per suit."""
        viewer = self.table.viewer
        if viewer is None:
            return []
        rects = [self.column_rect(viewer, suit, layout) for suit in SUITS]
        return [pygame.Rect(rect.x, rect.y, rect.w, card_height(rect.w)) for rect in rects]

    def _badged_columns(self, view: LaGagneView, layout: TableLayout) -> list[tuple[int, str, Column, list[CardSprite]]]:
        """The columns that show a total (open, or with points or a ×2): seat, suit, column, cards."""
        columns: dict[str, list[CardSprite]] = {}
        for sprite in self.table.sprites:
            if sprite.zone.startswith("column:"):
                columns.setdefault(sprite.zone, []).append(sprite)
        out = []
        for seat in range(view["players"]):
            for suit in SUITS:
                col = view["columns"][seat][suit]
                cards = columns.get(f"column:{seat}:{suit}")
                if cards and (col["open"] or col["points"] or col["x2"]):
                    out.append((seat, suit, col, cards))
        return out

    def _badges(self, view: LaGagneView, layout: TableLayout) -> list[Badge]:
        """Every column that shows a total, with its place (``_badge_place``): found again only when
        the view, the layout, a card's place or a button changes. Each region drawn again asks for
        them, and placing them all is quadratic in the cards (4 ms a region at 6 seats)."""
        key = (tuple((s.zone, s.target, s.target_width, s.width) for s in self.table.sprites),
               tuple(tuple(b.rect) for b in self.table.buttons))
        last = self._badges_last
        if last is None or last[0] is not view or last[1] is not layout or last[2] != key:
            fixed = [spot.plate for spot in layout.seats] + [b.rect for b in self.table.buttons]
            homes = [(sp.zone, sp.home_rect) for sp in self.table.sprites]
            badges = [Badge(seat, suit, col, cards, *self._badge_place(
                          col, cards, self.column_rect(seat, suit, layout), layout,
                          fixed + [rect for zone, rect in homes if zone != cards[0].zone]))
                      for seat, suit, col, cards in self._badged_columns(view, layout)]
            last = self._badges_last = (view, layout, key, badges)
        return last[3]

    def draw_over(self, surface: Ink, view: LaGagneView, layout: TableLayout) -> None:
        moving = self.table.animating
        for badge in self._badges(view, layout):
            self._column_badge(surface, badge, moving)
        if view["phase"] == OVER:
            if not moving:
                self._final_card(surface, view, layout)
        else:
            self._target_panel(surface, view, layout)

    def picture_nodes(self, view: LaGagneView, layout: TableLayout) -> list[Node]:
        """Under the cards: the viewer's empty column places. Over them: each column's total (and the
        veil and tag of a closed one), the target panel in play, the final score card at the end."""
        viewer = self.table.viewer
        nodes = [Node(f"place:{suit}", "pile", rect_of(rect), DEPTH_UNDER, self.suit_name(suit), role="img",
                      label=self.suit_name(suit), owner=viewer, group=f"column:{viewer}:{suit}")
                 for suit, rect in zip(SUITS, self.under_rects(view, layout))]
        moving = self.table.animating
        for seat, suit, col, _, area, pill, label, size in self._badges(view, layout):
            zone = f"column:{seat}:{suit}"
            if not col["open"] and not moving:
                nodes.append(Node(f"veil:{zone}", "marker", rect_of(area), DEPTH_OVER, state=frozenset({"dimmed"}),
                                  owner=seat, hides=False))
            nodes.append(Node(f"total:{zone}", "badge", rect_of(pill), DEPTH_OVER + 1, label,
                              frozenset() if col["open"] else frozenset({"dimmed"}), role="status",
                              label=label, owner=seat, group=zone, text_size=size, bold=True))
            tag = None if col["open"] else self._closed_tag(area, size)
            if tag is not None:  # its tag, drawn while the cards fly too
                nodes.append(Node(f"closed:{zone}", "text", rect_of(tag[0]), DEPTH_OVER + 1, self.tr("lagagne.closed"),
                                  owner=seat, group=zone, parent="" if moving else f"veil:{zone}",
                                  text_size=tag[1], bold=True))
        if view["phase"] == OVER:
            if not moving:
                box, _ = self._final_box(view, layout)
                winners = " & ".join(view["names"][w] for w in view["winners"])
                words = ". ".join([self.tr("lagagne.final.title"),
                                   *(f"{name} {score}" for name, score in zip(view["names"], view["scores"])),
                                   self.tr("lagagne.final.winner", name=winners)])
                nodes.append(Node("final_card", "panel", rect_of(box), DEPTH_OVER + 2, self.tr("lagagne.final.title"),
                                  role="dialog", label=words, covers=MIDDLE))
                nodes += self._final_words(view, layout)
        else:
            box, lines = self._target_box(view, layout)
            words = " ".join(t for t, _ in lines)
            nodes.append(Node("target", "panel", rect_of(box), DEPTH_OVER + 2, words, role="status", label=words))
        return nodes

    def _final_words(self, view: LaGagneView, layout: TableLayout) -> list[Node]:
        """The final card's words as ``_final_card`` writes them, as nodes over the card (a winner's
        row is named ``win``)."""
        names = view["names"]
        box, u = self._final_box(view, layout)
        depth = DEPTH_OVER + 3
        nodes = [self.score_words("final_card", box, self.tr("lagagne.final.title"), round(u * 0.34), round(u * 0.12),
                                  depth)]
        y = box.y + round(u * 0.62)
        for seat in sorted(range(view["players"]), key=lambda s: -view["scores"][s]):
            kind = "win" if seat in view["winners"] else "row"
            nodes += self.score_row(f"final_card:{kind}:{seat}", box, y, round(u * 0.35),
                                    (names[seat], str(view["scores"][seat])), round(u * 0.25),
                                    (round(box.w * 0.6), box.w), depth, (True, True))
            y += round(u * 0.34)
        winners = " & ".join(names[w] for w in view["winners"])
        nodes.append(self.score_words("final_card", box, self.tr("lagagne.final.winner", name=winners), round(u * 0.27),
                                      y + round(u * 0.1) - box.y, depth, "end"))
        return nodes

    def _final_box(self, view: LaGagneView, layout: TableLayout) -> tuple[pygame.Rect, float]:
        """Where the final score card goes and its measure: in the middle, clear of every card but
        the piles', the columns' totals, the name plates, the buttons and the log where a card of
        readable size finds room (the piles hold nothing to play once the game is over)."""
        players = view["players"]
        taken = ([sp.home_rect.inflate(4, 4) for sp in self.table.sprites if sp.zone not in ("stock", "discard")]
                 + [badge.pill for badge in self._badges(view, layout)]
                 + self.under_rects(view, layout) + layout.taken_by_table([b.rect for b in self.table.buttons]))

        def shape(u: float) -> tuple[int, int]:
            return round(u * 5.2), round(u * 1.45) + round(u * 0.34) * players

        em = layout.box_em(5.2, 1.65 + 0.34 * players)
        spot, u = layout.shrink_to_clear("lagagne.final", shape, em, taken, layout.centre)
        return spot or layout.centred_box(shape(u), layout.centre), u  # nowhere clear: in the middle

    def _final_card(self, surface: Ink, view: LaGagneView, layout: TableLayout) -> None:
        """The end of the game: every seat's score, highest first, and the winner."""
        text = self.table.text
        names = view["names"]
        order = sorted(range(view["players"]), key=lambda s: -view["scores"][s])
        box, u = self._final_box(view, layout)
        row = round(u * 0.34)
        self.score_card(surface, box, self.tr("lagagne.final.title"), round(u * 0.34), round(u * 0.12))
        y = box.y + round(u * 0.62)
        size = round(u * 0.25)
        for seat in order:
            colour = SCORE_WIN if seat in view["winners"] else INK
            surface.blit(
                text.fit(names[seat], size, round(box.w * 0.6), colour, bold=True),
                (box.x + round(u * 0.35), y),
            )
            img = text.render(str(view["scores"][seat]), size, colour, bold=True)
            surface.blit(img, img.get_rect(topright=(box.right - round(u * 0.35), y)))
            y += row
        winners = " & ".join(names[w] for w in view["winners"])
        self.score_card_end(surface, box, y, 2, self.tr("lagagne.final.winner", name=winners), round(u * 0.27),
                            round(u * 0.1))

    def _badge_place(self, col: Column, cards: list[CardSprite], rect: pygame.Rect, layout: TableLayout,
                     taken: list[pygame.Rect]) -> tuple[pygame.Rect, pygame.Rect, str, int]:
        """A column's badge: the area of its cards, the pill, its words and text size. The pill hangs
        under the cards, else (in the way, ``taken``: a name plate, a button, a pile or another seat's
        cards) above them, else over the foot of its own column, where nothing else lies."""
        area = cards[0].home_rect.unionall([c.home_rect for c in cards[1:]])
        size = max(10, round(rect.w * 0.26))
        label = str(col["total"]) if not col["x2"] else f"×2 = {col['total']}"
        pill = pygame.Rect((0, 0), self.table.text.font(size, True).size(label)).inflate(size * 0.7, size * 0.25)
        places = (("midtop", (area.centerx, area.bottom + 2)), ("midbottom", (area.centerx, area.top - 2)),
                  ("midbottom", (area.centerx, area.bottom - 2)))
        for anchor, at in places:
            setattr(pill, anchor, at)
            if layout.screen.contains(pill) and pill.collidelist(taken) == -1:
                return area, pill, label, size
        pill.midtop = (area.centerx, area.bottom + 2)
        return area, pill, label, size

    def _closed_tag(self, area: pygame.Rect, size: int) -> tuple[pygame.Rect, int] | None:
        """Where the word "closed" goes over a closed column's cards ``area`` and its size: a little
        smaller than the total's ``size``, as large as the column's width holds; None where even the
        smallest text is wider than the column (its veil and grey total say it)."""
        words = self.tr("lagagne.closed")
        fitted = self.table.text.fitting_size(words, max(9, round(size * 0.8)), area.w - 2, bold=True)
        room = pygame.Rect((0, 0), self.table.text.font(fitted, True).size(words))
        room.midtop = (area.centerx, area.y + 3)
        return (room, fitted) if room.w <= area.w else None

    def _column_badge(self, surface: Ink, badge: Badge, moving: bool) -> None:
        """A column's total by its cards, greyed with a tag when closed."""
        col, area, pill, label, size = badge.col, badge.area, badge.pill, badge.label, badge.size
        if not col["open"] and not moving:
            veil = pygame.Surface(area.size, pygame.SRCALPHA)
            veil.fill((30, 30, 30, 120))
            surface.blit(veil, area)
        text = self.table.text
        colour = (255, 236, 160) if col["open"] else (190, 190, 190)
        img = text.render(label, size, INK if col["open"] else (60, 60, 60), bold=True)
        surface.rect(colour, pill, border_radius=pill.h // 2)
        surface.rect(
            GOLD if col["open"] else (120, 120, 120), pill, 1, border_radius=pill.h // 2
        )
        surface.blit(img, img.get_rect(center=pill.center))
        if not col["open"]:
            tag = self._closed_tag(area, size)
            if tag is not None:
                surface.blit(text.render(self.tr("lagagne.closed"), tag[1], (235, 235, 235), bold=True), tag[0])

    def _target_lines(self, view: LaGagneView) -> list[tuple[str, tuple[int, ...]]]:
        """The target panel's lines and their colours."""
        lines: list[tuple[str, tuple[int, ...]]] = [(self.tr("lagagne.target", target=view["target"]), FONT_COLOUR)]
        last = view.get("last_round")
        if last:
            lines.append(
                (self.tr("lagagne.last_round", name=view["names"][last["reached_by"]]), (255, 214, 120))
            )
            lines.append(
                (self.tr("lagagne.ends_with", name=view["names"][last["ends_with"]]), (255, 214, 120))
            )
        return lines

    def _target_panel(self, surface: Ink, view: LaGagneView, layout: TableLayout) -> None:
        """The target and, in the last round, who reached it and who ends the round: in the first
        clear place by the piles, drawn once per view and layout."""
        lines = self._target_lines(view)
        drawn = self._panel_last
        buttons = [tuple(b.rect) for b in self.table.buttons]
        if drawn is None or drawn[0] is not view or drawn[1] is not layout or drawn[2] != (lines, buttons):
            drawn = self._panel_last = (view, layout, (lines, buttons),
                                        *self._render_target_panel(view, layout, lines, bool(view.get("last_round"))))
        surface.blit(drawn[4], drawn[3])

    def _target_box(self, view: LaGagneView,
                    layout: TableLayout) -> tuple[pygame.Rect, list[tuple[str, tuple[int, ...]]]]:
        """Where the target panel goes (see ``_place_target``) and its lines."""
        lines = self._target_lines(view)
        font = self.table.text.font(self._target_size(view, layout, lines), True)
        widths = [font.size(t) for t, _ in lines]
        box = self._place_target(view, layout, max(w for w, _ in widths), sum(h for _, h in widths))
        assert box is not None  # with its fallback, a place is always given
        return box, lines

    def _target_size(self, view: LaGagneView, layout: TableLayout, lines: list[tuple[str, tuple[int, ...]]]) -> int:
        """The target panel's text size: the table's, or upright (a phone, little room by the piles) the
        largest down to 12 px whose panel finds a clear place."""
        size = max(11, round(layout.em * 0.24))
        for smaller in range(size, 11, -1) if layout.portrait else ():
            font = self.table.text.font(smaller, True)
            widths = [font.size(t) for t, _ in lines]
            if self._place_target(view, layout, max(w for w, _ in widths), sum(h for _, h in widths),
                                  fallback=False) is not None:
                return smaller
        return size

    def _place_target(self, view: LaGagneView, layout: TableLayout, text_w: int, text_h: int,
                      fallback: bool = True) -> pygame.Rect | None:
        """The target panel's box for text of ``text_w`` × ``text_h``: beside the piles, else the first
        clear place by them or in a corner of the felt (else by the stock, or None without ``fallback``)."""
        u = layout.em
        sx, sy = layout.stock_pos
        box = pygame.Rect(0, 0, text_w + round(u * 0.4), text_h + round(u * 0.25))
        dx, _ = layout.discard_pos
        cy = round(layout.centre[1])
        taken = (
            [b for b, _ in self.boards(layout).values()]
            + [s.plate for s in layout.seats] + [s.room for s in layout.seats if s.room is not None]  # totals too
            + [self._middle(layout), self.hand_rect(layout), self.button_bar(layout), layout.log_rect]
            + [b.rect.inflate(6, 6) for b in self.table.buttons]
            + [
                self._opponent_hand_rect(seat, view, layout)
                for seat in range(view["players"])
                if seat != layout.bottom_seat
            ]
        )
        upright = [("midbottom", (round(layout.centre[0]), self._middle(layout).top - round(u * 0.1))),
                   ("midleft", (layout.felt.x + round(u * 0.3), layout.side_bar.centery)),
                   ("midright", (layout.felt.right - round(u * 0.3), layout.side_bar.centery))] if layout.portrait else []
        for anchor, pos in (
            ("midright", (round(sx - u * 0.35), cy)),
            ("midleft", (round(dx + layout.pile_w + u * 0.35), cy)),
            ("midbottom", (round(layout.centre[0]), round(sy - u * 0.15))),
            ("topright", (round(sx - u * 0.35), round(sy + layout.pile_h + u * 0.1))),
            ("bottomleft", (layout.felt.x + round(u * 0.3), self._middle(layout).top - round(u * 0.1))),  # narrow
            ("bottomright", (layout.felt.right - round(u * 0.3), self._middle(layout).top - round(u * 0.1))),
            ("topleft", (layout.felt.x + round(u * 0.6), layout.felt.y + round(u * 0.45))),
            ("topright", (layout.felt.right - round(u * 0.6), layout.felt.y + round(u * 0.45))),
            *upright,  # a narrow window: at an end of the side buttons' row
        ):
            setattr(box, anchor, pos)
            if layout.felt.contains(box) and box.collidelist(taken) == -1:
                return box
        if layout.portrait:  # a narrow window: the clear place nearest the middle, over the piles
            spot = layout.clear_spot(box.size, taken, (layout.centre[0], self._middle(layout).top - box.h / 2))
            if spot is not None:
                return spot
        if not fallback:
            return None
        box.midright = (round(sx - u * 0.35), cy)
        return box.clamp(layout.felt)

    def _render_target_panel(self, view: LaGagneView, layout: TableLayout, lines: list[tuple[str, tuple[int, ...]]],
                             last_round: bool) -> tuple[pygame.Rect, pygame.Surface]:
        text = self.table.text
        u = layout.em
        size = self._target_size(view, layout, lines)
        imgs = [text.render(t, size, c, bold=True) for t, c in lines]
        box = self._place_target(view, layout, max(i.get_width() for i in imgs), sum(i.get_height() for i in imgs))
        assert box is not None
        body = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(
            body, (120, 28, 30, 230) if last_round else (8, 30, 18, 210), body.get_rect(), border_radius=10
        )
        pygame.draw.rect(body, GOLD, body.get_rect(), 2, border_radius=10)
        y = round(u * 0.12)
        for img in imgs:
            body.blit(img, img.get_rect(midtop=(box.w // 2, y)))
            y += img.get_height()
        return box, body
