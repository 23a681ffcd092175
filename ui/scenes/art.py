"""Drawn art of the shell: the felt backdrop, the fanned-cards logo and the app icon.

Everything is drawn with pygame primitives (no image files to license) and cached per size.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache

import pygame

FELT = (22, 96, 60)
FELT_EDGE = (6, 40, 24)
CREAM = (246, 236, 208)
CREAM_DARK = (226, 212, 176)
GOLD = (214, 174, 84)
GOLD_LIGHT = (240, 206, 120)
RED = (176, 34, 44)
INK = (24, 30, 26)


def panel(surface: pygame.Surface, rect: pygame.Rect, alpha: int = 175) -> None:
    """Draw the shell's framed panel (dark translucent green, a thin gold edge) over ``rect``."""
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (6, 34, 20, alpha), layer.get_rect(), border_radius=16)
    pygame.draw.rect(layer, (*GOLD, 200), layer.get_rect(), width=2, border_radius=16)
    surface.blit(layer, rect)


@lru_cache(maxsize=1)
def felt(size: tuple[int, int]) -> pygame.Surface:
    """A green felt backdrop with a soft vignette and a fine weave, for ``size``. Only the window's
    size is kept: a full-screen backdrop weighs 8 MB, and older sizes are not shown again until the
    window is resized back, when drawing one again costs a few milliseconds."""
    small_w, small_h = 48, 30
    small = pygame.Surface((small_w, small_h))
    for y in range(small_h):
        for x in range(small_w):
            dx = (x + 0.5) / small_w - 0.5
            dy = (y + 0.5) / small_h - 0.45
            t = min(1.0, math.hypot(dx * 1.1, dy * 1.3) * 1.55) ** 1.6
            small.set_at((x, y), tuple(int(a + (b - a) * t) for a, b in zip(FELT, FELT_EDGE, strict=True)))
    surface = (
        pygame.transform.smoothscale(small, size).convert()
        if pygame.display.get_surface()
        else (pygame.transform.smoothscale(small, size))
    )
    weave = _weave()
    for y in range(0, size[1], weave.get_height()):
        for x in range(0, size[0], weave.get_width()):
            surface.blit(weave, (x, y))
    return surface


@lru_cache(maxsize=1)
def _weave() -> pygame.Surface:
    """A tile of faint specks that gives the felt its texture (fixed seed: same every run)."""
    rng = random.Random(7)
    tile = pygame.Surface((96, 96), pygame.SRCALPHA)
    for _ in range(700):
        x, y = rng.randrange(96), rng.randrange(96)
        shade = rng.choice(((255, 255, 255, 9), (0, 0, 0, 16)))
        tile.set_at((x, y), shade)
    return tile


def _suit(surface: pygame.Surface, suit: str, center: tuple[float, float], size: float) -> None:
    """Draw a suit symbol (s, h, d, c) of height ``size`` centred on ``center``."""
    cx, cy = center
    r = size * 0.27
    colour = RED if suit in "hd" else INK
    if suit == "d":
        pygame.draw.polygon(
            surface,
            colour,
            [(cx, cy - size / 2), (cx + size * 0.36, cy), (cx, cy + size / 2), (cx - size * 0.36, cy)],
        )
    elif suit == "h":
        pygame.draw.circle(surface, colour, (cx - r * 0.95, cy - r * 0.55), r)
        pygame.draw.circle(surface, colour, (cx + r * 0.95, cy - r * 0.55), r)
        pygame.draw.polygon(
            surface, colour, [(cx - r * 1.9, cy - r * 0.3), (cx + r * 1.9, cy - r * 0.3), (cx, cy + size / 2)]
        )
    elif suit == "s":
        pygame.draw.circle(surface, colour, (cx - r * 0.95, cy + r * 0.35), r)
        pygame.draw.circle(surface, colour, (cx + r * 0.95, cy + r * 0.35), r)
        pygame.draw.polygon(
            surface, colour, [(cx - r * 1.9, cy + r * 0.1), (cx + r * 1.9, cy + r * 0.1), (cx, cy - size / 2)]
        )
        pygame.draw.polygon(
            surface,
            colour,
            [(cx, cy + r * 0.2), (cx - r * 0.9, cy + size / 2), (cx + r * 0.9, cy + size / 2)],
        )
    else:
        pygame.draw.circle(surface, colour, (cx, cy - r * 0.95), r)
        pygame.draw.circle(surface, colour, (cx - r * 1.05, cy + r * 0.35), r)
        pygame.draw.circle(surface, colour, (cx + r * 1.05, cy + r * 0.35), r)
        pygame.draw.polygon(
            surface, colour, [(cx, cy), (cx - r * 0.9, cy + size / 2), (cx + r * 0.9, cy + size / 2)]
        )


def card(width: int, rank: str, suit: str, font: pygame.font.Font | None) -> pygame.Surface:
    """A small face-up playing card with a corner index and a central pip.

    Shapes are drawn at three times the size and scaled down, which smooths their edges.
    """
    ss = 3
    height = int(width * 1.4)
    big = pygame.Surface((width * ss, height * ss), pygame.SRCALPHA)
    radius = max(3, width // 12) * ss
    pygame.draw.rect(big, (0, 0, 0, 70), big.get_rect(), border_radius=radius)
    body = big.get_rect().inflate(-2 * ss, -2 * ss)
    pygame.draw.rect(big, CREAM, body, border_radius=radius)
    inner = body.inflate(-width * ss // 8, -width * ss // 8)
    pygame.draw.rect(big, GOLD, inner, width=max(1, width // 50) * ss, border_radius=radius // 2)
    _suit(big, suit, (width * ss / 2, height * ss / 2 + width * ss * 0.04), width * ss * 0.42)
    text = font.render(rank, True, RED if suit in "hd" else INK) if font is not None else None
    if text is not None:
        pip_x = inner.left / ss + width * 0.05 + text.get_width() / 2
        pip_y = inner.top / ss + text.get_height() + width * 0.06
        _suit(big, suit, (pip_x * ss, pip_y * ss), width * ss * 0.11)
    surface = pygame.transform.smoothscale(big, (width, height))
    if text is not None:
        left, top = inner.left / ss, inner.top / ss
        right, bottom = inner.right / ss, inner.bottom / ss
        surface.blit(text, (left + width * 0.05, top + width * 0.01))
        flipped = pygame.transform.rotate(text, 180)
        surface.blit(
            flipped,
            (right - width * 0.05 - flipped.get_width(), bottom - width * 0.01 - flipped.get_height()),
        )
    return surface


FAN = (("A", "s"), ("K", "h"), ("Q", "c"), ("J", "d"), ("10", "h"))


def card_fan(card_width: int, font: pygame.font.Font | None) -> pygame.Surface:
    """Five cards fanned around a pivot below them, like a hand held at the table."""
    cards = [card(card_width, rank, suit, font) for rank, suit in FAN]
    height = cards[0].get_height()
    radius = height * 1.25
    spread = 12.0
    angles = [spread * (i - (len(cards) - 1) / 2) for i in range(len(cards))]
    reach = radius * math.sin(math.radians(abs(angles[0])))
    extent = int(reach * 2 + card_width * 1.6)
    drop = radius * (1 - math.cos(math.radians(abs(angles[0]))))
    out = pygame.Surface((extent, int(height * 1.25 + drop)), pygame.SRCALPHA)
    pivot = (extent / 2, height * 0.6 + radius)
    for angle, face in zip(angles, cards, strict=True):
        rotated = pygame.transform.rotozoom(face, -angle, 1.0)
        rad = math.radians(angle)
        cx = pivot[0] + math.sin(rad) * radius
        cy = pivot[1] - math.cos(rad) * radius
        out.blit(rotated, rotated.get_rect(center=(cx, cy)))
    return out


def logo(width: int, word_font: pygame.font.Font, index_font: pygame.font.Font | None) -> pygame.Surface:
    """The title logo: a fan of cards above the word "Tablée" in gold with a soft shadow."""
    fan = card_fan(max(40, width // 6), index_font)
    word = word_font.render("Tablée", True, GOLD_LIGHT)
    shadow = word_font.render("Tablée", True, (0, 0, 0))
    shadow.set_alpha(110)
    gap = word.get_height() // 10
    out = pygame.Surface(
        (max(width, word.get_width() + 8), fan.get_height() + word.get_height() + gap), pygame.SRCALPHA
    )
    out.blit(fan, fan.get_rect(midtop=(out.get_width() / 2, 0)))
    x = (out.get_width() - word.get_width()) / 2
    y = fan.get_height() + gap - word.get_height() // 8
    out.blit(shadow, (x + 3, y + 4))
    out.blit(word, (x, y))
    rule_y = y + word.get_height() - word.get_height() // 12
    pygame.draw.line(
        out, GOLD, (x + word.get_width() * 0.08, rule_y), (x + word.get_width() * 0.92, rule_y), 2
    )
    return out


def icon(size: int = 256) -> pygame.Surface:
    """The app icon: three fanned cards on a round felt badge."""
    out = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.circle(out, FELT_EDGE, (size / 2, size / 2), size / 2)
    pygame.draw.circle(out, FELT, (size / 2, size / 2), size / 2 - size / 24)
    pygame.draw.circle(out, GOLD, (size / 2, size / 2), size / 2 - size / 24, max(2, size // 40))
    width = int(size * 0.3)
    for angle, (rank, suit) in zip((-24, 0, 24), (("A", "s"), ("K", "h"), ("Q", "d")), strict=True):
        face = card(width, rank, suit, None)
        rotated = pygame.transform.rotozoom(face, -angle, 1.0)
        rad = math.radians(angle)
        cx = size / 2 + math.sin(rad) * size * 0.62
        cy = size * 1.12 - math.cos(rad) * size * 0.62
        out.blit(rotated, rotated.get_rect(center=(cx, cy)))
    return out
