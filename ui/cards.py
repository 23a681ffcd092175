"""Card faces and backs for all three games, drawn by the project with ``pygame.draw`` and fonts.

Nothing here is third-party art and nothing is ever scaled: a card is drawn directly at the pixel
size asked for, so it is crisp at any size, and each (card, width) is drawn once and cached.
Suit symbols are polygons and circles (fonts often lack ♠♥♦♣).

Card texts:
- Gin Rummy: rank ``A 2-9 T J Q K`` + suit ``s h d c`` (``As``, ``Td``).
- Gang de mouettes: ``M0``..``M10``, ``M15``, ``M20`` (a seagull, its value and its power).
- LaGagne: symbols ``Sh Ss Sc Sd``; points ``P5h``..``P50d``; jokers ``J5``..``J50``; zero ``Z``;
  actions ``Voler``, ``Recup``, ``Echange``, ``X2``.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable

import pygame
import pygame.gfxdraw

from game.gang_de_mouettes.views import card_power

ASPECT = 1.4
"""Card height over width (a poker card is 63 × 88 mm)."""

RED = (196, 28, 44)
BLACK = (28, 28, 36)
PAPER = (252, 250, 244)
EDGE = (150, 146, 138)
MIN_TEXT_SIZE = 7
"""The smallest type a card's words are set in; narrower still, a word is squeezed (``CardArt._text``)."""
GOLD = (214, 170, 60)
SUIT_COLOURS = {"h": RED, "d": RED, "s": BLACK, "c": BLACK}
FOUR_COLOURS = {"h": RED, "d": (26, 82, 196), "s": BLACK, "c": (22, 128, 58)}
"""The four-colour deck (an option for Gin Rummy): spades black, hearts red, diamonds blue, clubs
green, so that no two suits share a colour."""
LAGAGNE_SUIT_COLOURS = {"h": (208, 36, 52), "d": (232, 120, 20), "s": (30, 36, 60), "c": (30, 130, 70)}
RANK_TEXT = {"T": "10"}
COURT_ROBES = {"s": (40, 60, 130), "c": (30, 110, 70), "h": (190, 30, 45), "d": (200, 80, 30)}

_STANDARD = re.compile(r"^([A2-9TJQK])([shdc])$")
_SEAGULL = re.compile(r"^M(\d+)$")
_SYMBOL = re.compile(r"^S([hscd])$")
_POINTS = re.compile(r"^P(5|10|20|50)([hscd])$")
_JOKER = re.compile(r"^J(5|10|20|50)$")
LAGAGNE_ACTIONS = {"Voler": "voler", "Recup": "recup", "Echange": "echange", "X2": "x2"}

# Pip positions of the standard faces: (column, row) with column -1/0/1 and row 0 (top) .. 1 (bottom).
_PIPS: dict[str, list[tuple[int, float]]] = {
    "2": [(0, 0), (0, 1)],
    "3": [(0, 0), (0, 0.5), (0, 1)],
    "4": [(-1, 0), (1, 0), (-1, 1), (1, 1)],
    "5": [(-1, 0), (1, 0), (0, 0.5), (-1, 1), (1, 1)],
    "6": [(-1, 0), (1, 0), (-1, 0.5), (1, 0.5), (-1, 1), (1, 1)],
    "7": [(-1, 0), (1, 0), (0, 0.25), (-1, 0.5), (1, 0.5), (-1, 1), (1, 1)],
    "8": [(-1, 0), (1, 0), (0, 0.25), (-1, 0.5), (1, 0.5), (0, 0.75), (-1, 1), (1, 1)],
    "9": [(-1, 0), (1, 0), (-1, 1 / 3), (1, 1 / 3), (0, 0.5), (-1, 2 / 3), (1, 2 / 3), (-1, 1), (1, 1)],
    "T": [(-1, 0), (1, 0), (0, 1 / 6), (-1, 1 / 3), (1, 1 / 3), (-1, 2 / 3), (1, 2 / 3), (0, 5 / 6),
          (-1, 1), (1, 1)],
}


def card_height(width: int) -> int:
    """The height in pixels of a card ``width`` pixels wide."""
    return round(width * ASPECT)


# --------------------------------------------------------------------------- shapes
def _fill_polygon(surface: pygame.Surface, points: list[tuple[float, float]], colour: tuple) -> None:
    pts = [(round(x), round(y)) for x, y in points]
    pygame.gfxdraw.filled_polygon(surface, pts, colour)
    pygame.gfxdraw.aapolygon(surface, pts, colour)


def _fill_circle(surface: pygame.Surface, centre: tuple[float, float], radius: float, colour: tuple) -> None:
    x, y, r = round(centre[0]), round(centre[1]), max(1, round(radius))
    pygame.gfxdraw.filled_circle(surface, x, y, r, colour)
    pygame.gfxdraw.aacircle(surface, x, y, r, colour)


def _heart_points(cx: float, cy: float, size: float, flip: bool = False) -> list[tuple[float, float]]:
    """The classic heart curve fitted in a ``size`` box centred on (cx, cy)."""
    raw = []
    for i in range(48):
        t = 2 * math.pi * i / 48
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        raw.append((x, y))
    top = min(p[1] for p in raw)
    bottom = max(p[1] for p in raw)
    scale = size / (bottom - top)
    mid = (top + bottom) / 2
    sign = -1 if flip else 1
    return [(cx + x * scale, cy + sign * (y - mid) * scale) for x, y in raw]


def draw_suit(surface: pygame.Surface, suit: str, centre: tuple[float, float], size: float,
              colour: tuple | None = None) -> None:
    """Draw the suit symbol ``s h d c`` of height ``size`` centred on ``centre``."""
    colour = colour or SUIT_COLOURS[suit]
    cx, cy = centre
    h = size
    if suit == "d":
        w = h * 0.72
        _fill_polygon(surface, [(cx, cy - h / 2), (cx + w / 2, cy), (cx, cy + h / 2), (cx - w / 2, cy)], colour)
    elif suit == "h":
        _fill_polygon(surface, _heart_points(cx, cy, h * 0.92), colour)
    elif suit == "s":
        _fill_polygon(surface, _heart_points(cx, cy - h * 0.1, h * 0.78, flip=True), colour)
        _stem(surface, cx, cy + h * 0.12, cy + h / 2, h, colour)
    else:
        r = h * 0.235
        _fill_circle(surface, (cx, cy - h / 2 + r), r, colour)
        _fill_circle(surface, (cx - r * 1.12, cy + h * 0.06), r, colour)
        _fill_circle(surface, (cx + r * 1.12, cy + h * 0.06), r, colour)
        _fill_polygon(surface, [(cx - r * 0.4, cy - r * 0.3), (cx + r * 0.4, cy - r * 0.3),
                                (cx + r * 0.4, cy + r * 0.3), (cx - r * 0.4, cy + r * 0.3)], colour)
        _stem(surface, cx, cy, cy + h / 2, h, colour)


def _stem(surface: pygame.Surface, cx: float, top: float, bottom: float, h: float, colour: tuple) -> None:
    _fill_polygon(surface, [(cx - h * 0.05, top), (cx + h * 0.05, top), (cx + h * 0.2, bottom),
                            (cx - h * 0.2, bottom)], colour)


def _rounded_card(width: int, height: int, fill: tuple, border: tuple = EDGE) -> pygame.Surface:
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    radius = max(2, width // 12)
    pygame.draw.rect(surface, border, surface.get_rect(), border_radius=radius)
    pygame.draw.rect(surface, fill, surface.get_rect().inflate(-2, -2), border_radius=max(1, radius - 1))
    return surface


def _clip_to_card(surface: pygame.Surface, width: int, height: int) -> None:
    """Make the corners outside the card's rounded rectangle transparent again."""
    mask = pygame.Surface((width, height), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=max(2, width // 12))
    surface.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)


def shadow_spread(width: int, lifted: bool = False) -> int:
    """How far a card's shadow (``CardArt.shadow``) spreads past each side of the card."""
    return max(2, width // (10 if lifted else 18))


# --------------------------------------------------------------------------- the renderer
class CardArt:
    """Draws and caches card faces, backs and shadows.

    ``font`` gives a font of a pixel size (the app's ``app.font``); ``tr`` translates the words
    printed on cards (seagull powers, LaGagne actions). Call ``clear`` after a language change.
    """

    def __init__(self, font: Callable[[int, bool], pygame.font.Font] | None = None,
                 tr: Callable[[str], str] | None = None) -> None:
        self._font_source = font
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._tr = tr or (lambda key: key.rsplit(".", 1)[-1].upper())
        self._cache: dict[tuple[str, int], pygame.Surface] = {}
        self.four_colour = False
        """Draw standard cards in four colours (``FOUR_COLOURS``); call ``clear`` after changing it."""

    def clear(self) -> None:
        """Forget every drawn card and the fonts they were drawn with (after a language change, or
        a new card size: the sizes of the next drawings differ, and an unused font holds its glyphs)."""
        self._cache.clear()
        self._fonts.clear()

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        size = max(6, int(size))
        key = (size, bold)
        if key not in self._fonts:
            if self._font_source is not None:
                self._fonts[key] = self._font_source(size, bold)
            else:
                font = pygame.font.Font(None, size)
                font.set_bold(bold)
                self._fonts[key] = font
        return self._fonts[key]

    def face(self, card: str, width: int) -> pygame.Surface:
        """The face of ``card`` drawn ``width`` pixels wide (cached)."""
        key = (card, int(width))
        surface = self._cache.get(key)
        if surface is None:
            surface = self._draw_face(card, int(width), card_height(int(width)))
            self._cache[key] = surface
        return surface

    def back(self, width: int) -> pygame.Surface:
        """The common card back ``width`` pixels wide (cached)."""
        key = ("#back", int(width))
        if key not in self._cache:
            self._cache[key] = self._draw_back(int(width), card_height(int(width)))
        return self._cache[key]

    def shadow(self, width: int, lifted: bool = False) -> pygame.Surface:
        """A soft shadow to blit under a card (a little larger when the card is lifted)."""
        key = ("#shadow+" if lifted else "#shadow", int(width))
        if key not in self._cache:
            w, h = int(width), card_height(int(width))
            spread = shadow_spread(w, lifted)
            surface = pygame.Surface((w + 2 * spread, h + 2 * spread), pygame.SRCALPHA)
            steps = spread
            for i in range(steps):
                alpha = int((60 if lifted else 70) * (i + 1) / steps / steps * 2)
                rect = surface.get_rect().inflate(-2 * i, -2 * i)
                pygame.draw.rect(surface, (0, 0, 0, min(255, alpha)), rect, border_radius=max(2, w // 10 + spread - i))
            self._cache[key] = surface
        return self._cache[key]

    # ------------------------------------------------------------------ dispatch
    def _draw_face(self, card: str, w: int, h: int) -> pygame.Surface:
        m = _STANDARD.match(card)
        if m:
            return self._standard(m.group(1), m.group(2), w, h)
        m = _SEAGULL.match(card)
        if m:
            return self._seagull(int(m.group(1)), w, h)
        m = _SYMBOL.match(card)
        if m:
            return self._lagagne_symbol(m.group(1), w, h)
        m = _POINTS.match(card)
        if m:
            return self._lagagne_points(int(m.group(1)), m.group(2), w, h)
        m = _JOKER.match(card)
        if m:
            return self._lagagne_points(int(m.group(1)), None, w, h)
        if card == "Z":
            return self._lagagne_zero(w, h)
        if card in LAGAGNE_ACTIONS:
            return self._lagagne_action(card, w, h)
        raise ValueError(f"unknown card {card!r}")

    def _text(self, surface: pygame.Surface, text: str, size: float, colour: tuple, centre: tuple[float, float],
              bold: bool = True, max_width: float | None = None) -> pygame.Rect:
        font = self.font(round(size), bold)
        img = font.render(text, True, colour)
        if max_width is not None and img.get_width() > max_width:
            if size > MIN_TEXT_SIZE:
                fitted = max(MIN_TEXT_SIZE, size * max_width / img.get_width())
                return self._text(surface, text, fitted, colour, centre, bold, max_width)
            # at the smallest type a long word ("ESPIONNER" on a small card) is narrowed, never cut
            img = pygame.transform.smoothscale(img, (max(1, math.floor(max_width)), img.get_height()))
        rect = img.get_rect(center=(round(centre[0]), round(centre[1])))
        surface.blit(img, rect)
        return rect

    # ------------------------------------------------------------------ standard French-suited faces
    def _standard(self, rank: str, suit: str, w: int, h: int) -> pygame.Surface:
        surface = _rounded_card(w, h, PAPER)
        colour = (FOUR_COLOURS if self.four_colour else SUIT_COLOURS)[suit]
        label = RANK_TEXT.get(rank, rank)
        compact = w < 56
        # corner index (top-left; the bottom-right one is the same turned by 180°)
        corner_w, corner_h = max(8, round(w * (0.3 if compact else 0.2))), max(12, round(h * (0.34 if compact else 0.27)))
        corner = pygame.Surface((corner_w, corner_h), pygame.SRCALPHA)
        rank_size = corner_h * 0.58
        rect = self._text(corner, label, rank_size, colour, (corner_w / 2, rank_size * 0.46 + 1),
                          max_width=corner_w)
        suit_size = min(corner_h * 0.36, corner_w * 0.8)
        draw_suit(corner, suit, (corner_w / 2, min(rect.bottom + suit_size * 0.55, corner_h - suit_size / 2 - 1)),
                  suit_size, colour)
        inset = max(2, round(w * 0.035))
        surface.blit(corner, (inset, inset))
        if compact:
            draw_suit(surface, suit, (w * 0.6, h * 0.62), w * 0.55, colour)
            return surface
        surface.blit(pygame.transform.rotate(corner, 180), (w - inset - corner_w, h - inset - corner_h))
        if rank == "A":
            draw_suit(surface, suit, (w / 2, h / 2), w * 0.46, colour)
        elif rank in _PIPS:
            self._pips(surface, rank, suit, w, h, colour)
        else:
            self._court(surface, rank, suit, w, h, colour)
        return surface

    def _pips(self, surface: pygame.Surface, rank: str, suit: str, w: int, h: int, colour: tuple) -> None:
        size = w * 0.18
        pip = pygame.Surface((math.ceil(size * 1.1) + 2, math.ceil(size * 1.1) + 2), pygame.SRCALPHA)
        draw_suit(pip, suit, (pip.get_width() / 2, pip.get_height() / 2), size, colour)
        flipped = pygame.transform.rotate(pip, 180)
        left, right = w * 0.33, w * 0.67
        top, bottom = h * 0.2, h * 0.8
        for col, row in _PIPS[rank]:
            x = (left, w / 2, right)[col + 1]
            y = top + (bottom - top) * row
            img = flipped if row > 0.5 else pip
            surface.blit(img, img.get_rect(center=(round(x), round(y))))

    def _court(self, surface: pygame.Surface, rank: str, suit: str, w: int, h: int, colour: tuple) -> None:
        """A double-headed court figure: robe in a suit colour, head, crown/tiara/cap, a sword, flower or staff."""
        frame = pygame.Rect(round(w * 0.19), round(h * 0.13), round(w * 0.62), round(h * 0.74))
        pygame.draw.rect(surface, (250, 238, 204), frame)
        half = pygame.Surface((frame.w, frame.h // 2), pygame.SRCALPHA)
        fw, fh = half.get_size()
        for x in range(-fh, fw, max(4, fw // 9)):
            pygame.draw.line(half, (240, 224, 184), (x, fh), (x + fh, 0))
        robe = COURT_ROBES[suit]
        trim, skin, ink = GOLD, (246, 210, 172), (60, 40, 30)
        hair = (120, 70, 30) if rank != "K" else (170, 170, 176)
        head_c = (fw * 0.47, fh * 0.4)
        head_r = fw * 0.14
        # item held at the side (drawn first: the robe covers its lower part)
        ix = fw * 0.8
        if rank == "K":
            pygame.draw.line(half, (200, 204, 214), (ix, fh * 0.1), (ix, fh * 0.9), max(2, fw // 30))
            pygame.draw.line(half, trim, (ix - fw * 0.07, fh * 0.62), (ix + fw * 0.07, fh * 0.62), max(2, fw // 30))
        elif rank == "Q":
            pygame.draw.line(half, (60, 130, 60), (ix, fh * 0.3), (ix, fh * 0.9), max(1, fw // 40))
            for k in range(5):
                angle = k * 2 * math.pi / 5
                _fill_circle(half, (ix + math.cos(angle) * fw * 0.035, fh * 0.26 + math.sin(angle) * fw * 0.035),
                             fw * 0.03, robe)
            _fill_circle(half, (ix, fh * 0.26), fw * 0.025, trim)
        else:
            pygame.draw.line(half, (120, 80, 40), (ix, fh * 0.05), (ix, fh * 0.95), max(2, fw // 34))
            _fill_polygon(half, [(ix, fh * 0.02), (ix + fw * 0.05, fh * 0.14), (ix, fh * 0.2),
                                 (ix - fw * 0.05, fh * 0.14)], (200, 204, 214))
        if rank == "Q":
            _fill_polygon(half, [(head_c[0] - head_r * 1.25, head_c[1] - head_r * 0.3),
                                 (head_c[0] + head_r * 1.25, head_c[1] - head_r * 0.3),
                                 (head_c[0] + head_r * 1.5, fh * 0.78), (head_c[0] - head_r * 1.5, fh * 0.78)], hair)
        # robe: rounded shoulders, a gold band down the middle and a white collar
        _fill_polygon(half, [(fw * 0.06, fh), (fw * 0.1, fh * 0.76), (fw * 0.24, fh * 0.62), (fw * 0.7, fh * 0.62),
                             (fw * 0.84, fh * 0.76), (fw * 0.88, fh)], robe)
        _fill_polygon(half, [(fw * 0.41, fh * 0.64), (fw * 0.53, fh * 0.64), (fw * 0.53, fh), (fw * 0.41, fh)], trim)
        for k in range(3):
            _fill_circle(half, (fw * 0.47, fh * (0.74 + 0.1 * k)), max(1, fw * 0.018), robe)
        collar = pygame.Rect(0, 0, round(head_r * 2.6), round(fh * 0.12))
        collar.center = (round(head_c[0]), round(fh * 0.63))
        pygame.draw.ellipse(half, (252, 252, 248), collar)
        pygame.draw.ellipse(half, (190, 180, 160), collar, 1)
        # head and face
        _fill_circle(half, head_c, head_r, skin)
        for side in (-1, 1):
            _fill_circle(half, (head_c[0] + side * head_r * 0.38, head_c[1] - head_r * 0.05), max(1, head_r * 0.11), ink)
        pygame.draw.arc(half, (180, 60, 60), (head_c[0] - head_r * 0.35, head_c[1] + head_r * 0.05, head_r * 0.7,
                                              head_r * 0.5), math.pi * 1.15, math.pi * 1.85, max(1, fw // 70))
        top = head_c[1] - head_r
        if rank == "K":
            _fill_polygon(half, [(head_c[0] - head_r * 0.9, head_c[1] + head_r * 0.35),
                                 (head_c[0] + head_r * 0.9, head_c[1] + head_r * 0.35),
                                 (head_c[0], head_c[1] + head_r * 1.55)], hair)
            cw = head_r * 1.1
            pts = [(head_c[0] - cw, top + head_r * 0.25), (head_c[0] - cw, top - head_r * 0.75),
                   (head_c[0] - cw * 0.5, top - head_r * 0.25), (head_c[0], top - head_r * 0.95),
                   (head_c[0] + cw * 0.5, top - head_r * 0.25), (head_c[0] + cw, top - head_r * 0.75),
                   (head_c[0] + cw, top + head_r * 0.25)]
            _fill_polygon(half, pts, trim)
            for dx in (-cw, 0, cw):
                _fill_circle(half, (head_c[0] + dx, top - head_r * (0.95 if dx == 0 else 0.75)), max(1, head_r * 0.13),
                             RED if suit in "sc" else (40, 60, 130))
        elif rank == "Q":
            pts = [(head_c[0] - head_r * 0.85, top + head_r * 0.2), (head_c[0] - head_r * 0.45, top - head_r * 0.45),
                   (head_c[0], top - head_r * 0.15), (head_c[0] + head_r * 0.45, top - head_r * 0.45),
                   (head_c[0] + head_r * 0.85, top + head_r * 0.2)]
            _fill_polygon(half, pts, trim)
            _fill_circle(half, (head_c[0], top - head_r * 0.05), max(1, head_r * 0.15), RED if suit in "sc" else (40, 60, 130))
        else:
            _fill_polygon(half, [(head_c[0] - head_r * 1.15, top + head_r * 0.45), (head_c[0] - head_r * 0.8, top - head_r * 0.35),
                                 (head_c[0] + head_r * 0.9, top - head_r * 0.45), (head_c[0] + head_r * 1.2, top + head_r * 0.45)],
                          robe)
            pygame.draw.line(half, trim, (head_c[0] - head_r * 1.1, top + head_r * 0.4),
                             (head_c[0] + head_r * 1.15, top + head_r * 0.4), max(1, fw // 50))
            _fill_polygon(half, [(head_c[0] + head_r * 0.5, top - head_r * 0.3), (head_c[0] + head_r * 1.6, top - head_r * 1.2),
                                 (head_c[0] + head_r * 0.9, top - head_r * 0.2)], (250, 250, 245))
        draw_suit(half, suit, (fw * 0.16, fh * 0.18), fw * 0.14, colour)
        surface.blit(half, frame.topleft)
        surface.blit(pygame.transform.rotate(half, 180), (frame.x, frame.y + frame.h - fh))
        pygame.draw.line(surface, (200, 180, 140), (frame.x + 2, frame.centery), (frame.right - 3, frame.centery))
        pygame.draw.rect(surface, colour, frame, max(1, w // 60))

    # ------------------------------------------------------------------ the back
    def _draw_back(self, w: int, h: int) -> pygame.Surface:
        surface = _rounded_card(w, h, (250, 248, 240))
        inner = surface.get_rect().inflate(-max(4, w // 9), -max(4, w // 9))
        base, line = (32, 70, 140), (70, 110, 185)
        pygame.draw.rect(surface, base, inner, border_radius=max(1, w // 20))
        step = max(5, w // 8)
        pattern = pygame.Surface(inner.size, pygame.SRCALPHA)
        for x in range(-inner.h, inner.w + inner.h, step):
            pygame.draw.aaline(pattern, line, (x, 0), (x + inner.h, inner.h))
            pygame.draw.aaline(pattern, line, (x, inner.h), (x + inner.h, 0))
        surface.blit(pattern, inner.topleft)
        pygame.draw.rect(surface, GOLD, inner, max(1, w // 50), border_radius=max(1, w // 20))
        # central medallion with a monogram
        r = w * 0.22
        _fill_circle(surface, inner.center, r + max(1, w // 50), GOLD)
        _fill_circle(surface, inner.center, r, base)
        if w >= 30:
            self._text(surface, "T", r * 1.4, GOLD, inner.center)
        _clip_to_card(surface, w, h)
        return surface

    # ------------------------------------------------------------------ Gang de mouettes
    def _seagull(self, value: int, w: int, h: int) -> pygame.Surface:
        surface = _rounded_card(w, h, (220, 238, 250))
        sky_top, sky_bottom = (150, 200, 240), (226, 242, 252)
        horizon = round(h * 0.72)
        for y in range(horizon):
            t = y / max(1, horizon)
            pygame.draw.line(surface, [round(a + (b - a) * t) for a, b in zip(sky_top, sky_bottom)], (0, y), (w, y))
        pygame.draw.rect(surface, (40, 110, 170), (0, horizon, w, h - horizon))
        for i in range(3):
            wave = horizon + (i + 1) * (h - horizon) / 4
            for x0 in range(-w // 8 + (i % 2) * w // 10, w, max(6, w // 5)):
                pygame.draw.arc(surface, (150, 200, 235), (x0, wave - h * 0.02, w / 6, h * 0.04), 0, math.pi,
                                max(1, w // 90))
        colour = (30, 120, 60) if value == 0 else (40, 70, 150) if value < 5 else (210, 110, 20) if value < 8 \
            else (190, 30, 40)
        big = h * 0.19
        self._text(surface, str(value), big, (255, 255, 255), (w * 0.5 + max(1, w // 60), h * 0.15 + max(1, w // 60)))
        self._text(surface, str(value), big, colour, (w * 0.5, h * 0.15))
        for corner in ((w * 0.13, h * 0.08), (w * 0.87, h * 0.08)):
            self._text(surface, str(value), h * 0.09, colour, corner, max_width=w * 0.2)
        self._gull(surface, w * 0.5, h * 0.5, w * 0.9)
        power = card_power(f"M{value}")
        if power:
            band = pygame.Rect(round(w * 0.1), round(h * 0.79), round(w * 0.8), round(h * 0.13))
            pygame.draw.rect(surface, (255, 250, 235), band, border_radius=max(2, w // 20))
            pygame.draw.rect(surface, colour, band, max(1, w // 60), border_radius=max(2, w // 20))
            self._text(surface, self._tr(f"card.power.{power}"), band.h * 0.62, colour, band.center,
                       max_width=band.w * 0.9)
        _clip_to_card(surface, w, h)
        pygame.draw.rect(surface, EDGE, surface.get_rect(), 1, border_radius=max(2, w // 12))
        return surface

    @staticmethod
    def _gull(surface: pygame.Surface, cx: float, cy: float, span: float) -> None:
        """A seagull in flight: two broad bent wings with black tips, a white body and head, a yellow beak."""
        s = span / 2
        grey, edge, dark, white = (158, 168, 182), (110, 118, 132), (36, 36, 44), (252, 252, 252)
        for side in (-1, 1):
            wing = [(cx + side * s * 0.1, cy - s * 0.02), (cx + side * s * 0.42, cy - s * 0.4),
                    (cx + side * s * 0.62, cy - s * 0.36), (cx + side * s * 1.0, cy - s * 0.2),
                    (cx + side * s * 0.6, cy - s * 0.14), (cx + side * s * 0.42, cy - s * 0.12),
                    (cx + side * s * 0.2, cy + s * 0.14)]
            _fill_polygon(surface, wing, grey)
            pygame.draw.aalines(surface, edge, True, [(round(x), round(y)) for x, y in wing])
            tip = [(cx + side * s * 1.0, cy - s * 0.2), (cx + side * s * 0.76, cy - s * 0.32),
                   (cx + side * s * 0.7, cy - s * 0.18)]
            _fill_polygon(surface, tip, dark)
        body = pygame.Rect(0, 0, round(s * 0.5), round(s * 0.26))
        body.center = (round(cx - s * 0.02), round(cy + s * 0.06))
        pygame.draw.ellipse(surface, white, body)
        pygame.draw.ellipse(surface, (180, 186, 198), body, 1)
        _fill_polygon(surface, [(cx - s * 0.24, cy + s * 0.04), (cx - s * 0.42, cy - s * 0.02),
                                (cx - s * 0.4, cy + s * 0.14)], white)
        head = (cx + s * 0.26, cy - s * 0.02)
        _fill_circle(surface, head, s * 0.12, white)
        _fill_polygon(surface, [(head[0] + s * 0.09, head[1] - s * 0.01), (head[0] + s * 0.28, head[1] + s * 0.04),
                                (head[0] + s * 0.09, head[1] + s * 0.06)], (244, 184, 30))
        _fill_circle(surface, (head[0] + s * 0.04, head[1] - s * 0.03), max(1, s * 0.025), dark)

    # ------------------------------------------------------------------ LaGagne
    def _lagagne_frame(self, w: int, h: int, colour: tuple) -> pygame.Surface:
        surface = _rounded_card(w, h, (253, 248, 236))
        inner = surface.get_rect().inflate(-max(4, w // 10), -max(4, w // 10))
        pygame.draw.rect(surface, colour, inner, max(2, w // 28), border_radius=max(2, w // 16))
        return surface

    def _lagagne_symbol(self, suit: str, w: int, h: int) -> pygame.Surface:
        colour = LAGAGNE_SUIT_COLOURS[suit]
        surface = self._lagagne_frame(w, h, colour)
        draw_suit(surface, suit, (w / 2, h / 2), w * 0.55, colour)
        for x, y in ((w * 0.2, h * 0.13), (w * 0.8, h * 0.87)):
            draw_suit(surface, suit, (x, y), w * 0.14, colour)
        return surface

    def _lagagne_points(self, points: int, suit: str | None, w: int, h: int) -> pygame.Surface:
        band_colour = {5: (70, 150, 90), 10: (50, 110, 190), 20: (140, 70, 170), 50: (200, 150, 30)}[points]
        surface = self._lagagne_frame(w, h, band_colour)
        band = pygame.Rect(round(w * 0.12), round(h * 0.34), round(w * 0.76), round(h * 0.3))
        pygame.draw.rect(surface, band_colour, band, border_radius=max(2, w // 14))
        self._text(surface, str(points), band.h * 0.8, (255, 255, 255), band.center, max_width=band.w * 0.9)
        if suit is not None:
            colour = LAGAGNE_SUIT_COLOURS[suit]
            draw_suit(surface, suit, (w / 2, h * 0.2), w * 0.24, colour)
            draw_suit(surface, suit, (w / 2, h * 0.8), w * 0.24, colour)
        else:
            for i, s in enumerate("hscd"):
                x = w * (0.3 if i % 2 == 0 else 0.7)
                y = h * (0.2 if i < 2 else 0.8)
                draw_suit(surface, s, (x, y), w * 0.17, LAGAGNE_SUIT_COLOURS[s])
        return surface

    def _lagagne_zero(self, w: int, h: int) -> pygame.Surface:
        grey = (120, 120, 128)
        surface = self._lagagne_frame(w, h, grey)
        self._text(surface, "0", h * 0.42, grey, (w / 2, h / 2))
        return surface

    def _lagagne_action(self, card: str, w: int, h: int) -> pygame.Surface:
        purple, white = (110, 50, 150), (255, 255, 255)
        surface = self._lagagne_frame(w, h, purple)
        cx, cy = w / 2, h * 0.42
        s = w * 0.3
        if card == "X2":
            self._text(surface, "×2", h * 0.3, purple, (cx, cy))
        elif card == "Voler":
            # a hand-like hook pulling a card away
            pygame.draw.rect(surface, (230, 220, 245), (cx - s * 0.9, cy - s * 0.6, s * 0.9, s * 1.2), border_radius=3)
            pygame.draw.rect(surface, purple, (cx - s * 0.9, cy - s * 0.6, s * 0.9, s * 1.2), 2, border_radius=3)
            _fill_polygon(surface, [(cx - s * 0.2, cy - s * 0.18), (cx + s * 0.55, cy - s * 0.18),
                                    (cx + s * 0.55, cy - s * 0.45), (cx + s, cy), (cx + s * 0.55, cy + s * 0.45),
                                    (cx + s * 0.55, cy + s * 0.18), (cx - s * 0.2, cy + s * 0.18)], purple)
        elif card == "Recup":
            pygame.draw.arc(surface, purple, (cx - s, cy - s, 2 * s, 2 * s), 0.4, 5.6, max(2, w // 18))
            _fill_polygon(surface, [(cx + s * 0.75, cy - s * 0.75), (cx + s * 1.15, cy - s * 0.2),
                                    (cx + s * 0.5, cy - s * 0.25)], purple)
        else:
            for direction, y in ((1, cy - s * 0.35), (-1, cy + s * 0.35)):
                tail, head = cx - direction * s, cx + direction * s
                pygame.draw.line(surface, purple, (tail, y), (head - direction * s * 0.3, y), max(2, w // 18))
                _fill_polygon(surface, [(head, y), (head - direction * s * 0.4, y - s * 0.25),
                                        (head - direction * s * 0.4, y + s * 0.25)], purple)
        band = pygame.Rect(round(w * 0.1), round(h * 0.7), round(w * 0.8), round(h * 0.15))
        pygame.draw.rect(surface, purple, band, border_radius=max(2, w // 20))
        self._text(surface, self._tr(f"card.lagagne.{LAGAGNE_ACTIONS[card]}"), band.h * 0.6, white, band.center,
                   max_width=band.w * 0.9)
        return surface
