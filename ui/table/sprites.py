"""Card sprites: one per card on the table, moved by eased motions and drawn from cached art."""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import count

import pygame

from ui.cards import CardArt, card_height, shadow_spread
from ui.table.tween import Motion

_ids = count(1)


@dataclass(eq=False)
class CardSprite:
    """A card on the table: which card (``None`` while unknown), where it is and where it goes.

    ``zone`` is the engine's zone name (``hand:0``, ``stock``, ``meld:1:0``…); ``face_up`` is
    whether it is shown face up (only possible when ``card`` is known to the viewer).
    """

    card: str | None
    zone: str
    x: float
    y: float
    width: int
    face_up: bool = False
    target: tuple[float, float] = (0.0, 0.0)
    target_width: int = 0
    motion: Motion | None = None
    lift: float = 0.0
    lift_goal: float = 0.0
    flip_from_back: bool = False
    highlight: str | None = None
    order: int = 0
    ident: int = field(default_factory=lambda: next(_ids))

    @property
    def height(self) -> int:
        return card_height(self.width)

    @property
    def rect(self) -> pygame.Rect:
        """Where the card is drawn now (hover lift included)."""
        height = card_height(self.width)
        y = self.y - self.lift * height * 0.14 if self.lift else self.y
        return pygame.Rect(round(self.x), round(y), self.width, height)

    @property
    def home_rect(self) -> pygame.Rect:
        return pygame.Rect(round(self.target[0]), round(self.target[1]), self.target_width or self.width,
                           card_height(self.target_width or self.width))

    @property
    def shows_face(self) -> bool:
        return self.face_up and self.card is not None

    @property
    def moving(self) -> bool:
        return self.motion is not None

    def send(self, target: tuple[float, float], width: int, duration: float, delay: float = 0.0,
             smooth: bool = False) -> None:
        """Move to ``target`` (top-left) at ``width``; instantly when ``duration`` is 0 and no delay.

        ``smooth`` eases in and out (a card sliding along its hand); otherwise the card is thrown
        and lands softly.
        """
        self.target_width = width
        if target == self.target and self.motion is None and width == self.width and (self.x, self.y) == target:
            return
        self.target = target
        if duration <= 0 and delay <= 0:
            self.x, self.y = target
            self.width = width
            self.motion = None
            self.flip_from_back = False
            return
        if (self.x, self.y) == target and width == self.width and not self.flip_from_back:
            self.motion = None
            return
        self.motion = Motion((self.x, self.y), target, max(duration, 0.0), delay, smooth=smooth)

    def finish(self) -> None:
        """Jump to the end of the current motion (input fast-forwards animations)."""
        self.x, self.y = self.target
        self.width = self.target_width or self.width
        self.motion = None
        self.flip_from_back = False

    def update(self, dt: float) -> bool:
        """Advance motion and hover lift; True when something visible changed."""
        changed = False
        if self.motion is not None:
            self.x, self.y = self.motion.advance(dt)
            if self.motion.started and self.width != self.target_width and self.motion.progress >= 0.5:
                self.width = self.target_width
            if self.motion.done:
                self.finish()
            changed = True
        if self.lift != self.lift_goal:
            step = dt * 8
            self.lift = min(self.lift_goal, self.lift + step) if self.lift < self.lift_goal \
                else max(self.lift_goal, self.lift - step)
            changed = True
        return changed

    def look(self) -> tuple[pygame.Rect, bool, bool]:
        """How the card is drawn now: its rectangle (squeezed round its centre mid-flip), whether its
        face shows (a card flipping shows its back for the first half) and whether it is raised (under
        the pointer or in flight: a longer shadow)."""
        rect = self.rect
        show_face = self.shows_face
        if self.motion is not None and self.flip_from_back:
            p = self.motion.progress if self.motion.started else 0.0
            show_face = show_face and p >= 0.5
            squeezed = pygame.Rect(0, 0, max(1, round(rect.w * max(0.08, abs(1 - 2 * p)))), rect.h)
            squeezed.center = rect.center
            rect = squeezed
        return rect, show_face, self.lift > 0.05 or self.moving

    def draw(self, surface: pygame.Surface, art: CardArt) -> pygame.Rect:
        """Blit shadow and card (mid-flip cards are squeezed horizontally around their centre, without
        a shadow); the area drawn on."""
        rect, show_face, lifted = self.look()
        img = art.face(self.card, self.width) if show_face and self.card else art.back(self.width)
        if rect.w != self.width:
            return surface.blit(pygame.transform.scale(img, rect.size), rect)
        shadow = art.shadow(self.width, lifted)
        off = shadow_offset(self.width, lifted)
        srect = shadow.get_rect(center=(rect.centerx + off, rect.centery + off * 2))
        drawn = surface.blit(shadow, srect).union(surface.blit(img, rect))
        if self.highlight:
            drawn.union_ip(draw_highlight(surface, rect, self.highlight, self.width))
        return drawn


def shadow_offset(width: int, lifted: bool) -> int:
    """How far right a card's shadow falls (and twice that down): further when the card is raised."""
    return max(1, width // (14 if lifted else 30))


def card_reach(width: int, lifted: bool) -> tuple[int, int, int, int]:
    """How far a card ``width`` wide, drawn unsqueezed, may draw past its left, top, right and bottom
    edges: its shadow (spread round it, fallen right and down) and its highlight's outline (6
    pixels round it at most), each a pixel more for the shadow's rounded centre."""
    spread, off = shadow_spread(width, lifted), shadow_offset(width, lifted)
    outline = 8
    return (max(outline, spread - off + 1), max(outline, spread - 2 * off + 1), max(outline, spread + off + 1),
            max(outline, spread + 2 * off + 1))


HIGHLIGHT_COLOURS = {"target": (255, 220, 90), "selected": (90, 200, 255), "focus": (255, 255, 255),
                     "meld": (120, 230, 140), "deadwood": (240, 120, 110)}


def draw_highlight(surface: pygame.Surface, rect: pygame.Rect, kind: str, width: int) -> pygame.Rect:
    """An outline in the highlight's colour plus a mark of its own shape, so that the kinds differ
    without colour too (colour-blind players): a target has a double outline, the selected card a
    dot in its corner, the keyboard focus a dashed outline, a meld a bar at its foot, deadwood a
    corner notch. The area drawn on."""
    colour = HIGHLIGHT_COLOURS.get(kind, (255, 255, 255))
    radius = max(3, width // 10)
    outline = rect.inflate(4, 4)
    mark = max(4, width // 7)
    if kind == "focus":
        _dashed_rect(surface, colour, outline, max(4, width // 8))
        return outline.inflate(4, 4)  # the dashes are 3 pixels wide, centred on the outline
    drawn = pygame.draw.rect(surface, colour, outline, 3, border_radius=radius)
    if kind == "target":
        drawn.union_ip(pygame.draw.rect(surface, colour, rect.inflate(12, 12), 2, border_radius=radius + 4))
    elif kind == "selected":
        centre = (rect.right - mark, rect.top + mark)
        pygame.draw.circle(surface, colour, centre, mark * 0.8)
        pygame.draw.circle(surface, (20, 26, 22), centre, mark * 0.8, 2)
    elif kind == "meld":
        pygame.draw.rect(surface, colour, pygame.Rect(rect.left + 3, rect.bottom - mark // 2 - 3, rect.width - 6,
                                                      max(3, mark // 2)))
    elif kind == "deadwood":
        pygame.draw.polygon(surface, colour, [(rect.right - 2 * mark, rect.top + 1), (rect.right - 1, rect.top + 1),
                                              (rect.right - 1, rect.top + 2 * mark)])
    return drawn  # the dot, the bar and the notch lie inside the outline


def _dashed_rect(surface: pygame.Surface, colour: tuple[int, int, int], rect: pygame.Rect, dash: int) -> None:
    corners = [rect.topleft, rect.topright, rect.bottomright, rect.bottomleft, rect.topleft]
    for (x0, y0), (x1, y1) in zip(corners, corners[1:], strict=False):
        length = max(abs(x1 - x0), abs(y1 - y0))
        for start in range(0, length, 2 * dash):
            end = min(length, start + dash)
            a = (x0 + (x1 - x0) * start // length, y0 + (y1 - y0) * start // length)
            b = (x0 + (x1 - x0) * end // length, y0 + (y1 - y0) * end // length)
            pygame.draw.line(surface, colour, a, b, 3)
