"""Where things go on the table, for 2–8 seats at any window size.

The viewer's seat sits at the bottom; the other seats are spread clockwise on an arc over the
top of an elliptical felt. Everything is computed from the window size, so the table scales.
Game adapters place their zones with the helpers here (``fan``, ``row``, ``pile_offset``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from ui.cards import card_height


def max_card_scale(size: tuple[int, int], players: int) -> float:
    """The largest card scale a table can take without its zones running into each other: a
    two-seat table takes extra-large cards at any size; a crowded one only in a large window."""
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


class TableLayout:
    """Geometry of a table of ``players`` seats seen from ``bottom_seat`` in a window of ``size``."""

    def __init__(self, size: tuple[int, int], players: int, bottom_seat: int = 0, card_scale: float = 1.0) -> None:
        """``card_scale`` enlarges the cards (the card-size setting); the felt keeps them all."""
        self.size = size
        self.players = players
        self.bottom_seat = bottom_seat
        self.card_scale = card_scale
        w, h = size
        self.screen = pygame.Rect(0, 0, w, h)
        unit = min(w / 16, h / 10)
        self.unit = unit
        self.card_w = max(34, round(unit * 1.45 * min(card_scale, max_card_scale(size, players))))
        """Width of the cards in the middle and in the bottom seat's hand."""
        crowd = 1.0 if players <= 3 else 0.82 if players <= 5 else 0.68
        self.small_w = max(26, round(self.card_w * 0.72 * crowd))
        """Width of the other seats' cards."""
        self.card_h = card_height(self.card_w)
        self.top_bar = round(unit * 0.62)
        """Height of the bar along the top (game status, menu)."""
        self.felt = pygame.Rect(round(w * 0.02), self.top_bar + round(h * 0.01), round(w * 0.96),
                                h - self.top_bar - round(h * 0.03))
        self.centre = (w / 2, self.top_bar + (h - self.top_bar) * 0.44)
        self.hand_y = h - self.card_h - round(unit * 0.45)
        """Top of the bottom seat's hand."""
        self.button_bar = pygame.Rect(round(w * 0.2), self.hand_y - round(unit * 0.95), round(w * 0.6),
                                      round(unit * 0.75))
        log_h = round(unit * 2.7)
        self.log_rect = pygame.Rect(round(w * 0.80), h - log_h - round(unit * 0.2), round(w * 0.185), log_h)
        self.hand_span = w * 0.57
        """Widest the bottom seat's hand may fan (it stays clear of the name plate and the log)."""
        self.seats = [self._seat_spot(s) for s in range(players)]

    def relative(self, seat: int) -> int:
        """0 for the bottom seat, then 1, 2… clockwise."""
        return (seat - self.bottom_seat) % self.players

    def _seat_spot(self, seat: int) -> SeatSpot:
        w, h = self.size
        rel = self.relative(seat)
        crowd = 1.0 if self.players <= 4 else 0.82 if self.players <= 6 else 0.7
        plate_w, plate_h = round(self.unit * 2.9 * crowd), round(self.unit * 0.78 * max(crowd, 0.85))
        plate = pygame.Rect(0, 0, plate_w, plate_h)
        if rel == 0:
            plate.size = (round(self.unit * 2.9), round(self.unit * 0.78))
            plate.bottomleft = (round(w * 0.015), h - round(self.unit * 0.2))
            return SeatSpot(seat, plate, (w / 2, self.hand_y + self.card_h / 2), 90.0, True)
        others = self.players - 1
        small_h = card_height(self.small_w)
        cx, cy = self.centre
        if others == 1:
            angle = 270.0
            cards = (cx, self.top_bar + self.unit * 0.6 + small_h / 2)
            plate.midright = (round(cards[0] - self.unit * 4.2), round(cards[1]))
        else:
            angle = 160 + 220 * (rel - 1) / (others - 1)
            rad = math.radians(angle)
            rx, ry = w * 0.39, (h - self.top_bar) * 0.37
            cards = (cx + rx * math.cos(rad), cy + ry * math.sin(rad))
            top_limit = self.top_bar + self.unit * 0.25 + small_h / 2
            cards = (cards[0], max(cards[1], top_limit + plate_h + self.unit * 0.1))
            plate.midbottom = (round(cards[0]), round(cards[1] - small_h / 2 - self.unit * 0.08))
            if self.players > 5 and 200 < angle < 340:
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

    # ----------------------------------------------------------------- helpers for adapters
    @property
    def stock_pos(self) -> tuple[float, float]:
        """Top-left of the draw pile."""
        cx, cy = self.centre
        return (cx - self.card_w * 1.2, cy - self.card_h / 2)

    @property
    def discard_pos(self) -> tuple[float, float]:
        cx, cy = self.centre
        return (cx + self.card_w * 0.2, cy - self.card_h / 2)

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
