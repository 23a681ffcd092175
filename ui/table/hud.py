"""The table's static layer: the felt, the top bar (game, hint, status), the empty piles and each seat's
name plate, drawn part by part and only when what a part shows changes.

It reads nothing of the scene: it is given, for one look (a language, a text size), the rendered
texts, the player's language and the game, and how to ask what a seat's plate shows (``Plate``);
each update is given the layout and the status line."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

import pygame

from game.core.registry import GameDescriptor
from ui.session import MatchSession
from ui.spoken import Words
from ui.table.layout import LINE, TableLayout
from ui.table.paint import (
    draw_felt,
    fitting_parts,
)
from ui.table.widgets import (
    FONT_COLOUR,
    GOLD,
    SEAT_COLOURS,
    TextCache,
)

if TYPE_CHECKING:
    from ui.games.base import TableAdapter


class Plate(NamedTuple):
    """What a seat's name plate shows (its own part of the static layer, drawn again when this changes)."""

    seat: int
    name: str
    human: bool
    turn: bool
    score: str
    line2: str


class Numbers(Protocol):
    """The player's language, for a name plate's words and numbers (the app is one)."""

    def tr(self, key: str, **params: Any) -> str: ...
    def number(self, value: float, decimals: int | None = None) -> str: ...


def plate_of(seat: int, session: MatchSession, adapter: TableAdapter[Any], view: Any, over: bool,
             badge: Callable[[int, str], str], words: Numbers) -> Plate:
    """What ``seat``'s name plate shows in ``view``: the name, whether a person plays it, whether it is
    to play (never once the match is ``over``), the score, and the level (with a network seat's
    ``badge``) beside the game's note."""
    info = session.seats[seat]
    turn = seat in adapter.turn_seats(view) and not over
    level = badge(seat, words.tr("table.human") if info.is_human else words.tr(f"table.level.{info.level}"))
    line2 = " · ".join(x for x in (level, adapter.seat_note(seat, view)) if x)
    return Plate(seat, info.name, info.is_human, turn, words.number(adapter.plate_score(seat, view)), line2)


class Part(NamedTuple):
    """A text of the top bar or of a name plate: its name, its words, where it is written (the room
    it was given, which holds it), its size and weight, and its image."""

    name: str
    words: str
    rect: pygame.Rect
    room: pygame.Rect
    size: int
    bold: bool
    image: pygame.Surface


def bar_parts(text: TextCache, layout: TableLayout, name: str, hint_text: str, status: str) -> list[Part]:
    """The top bar's texts (the game's title, the menu key, what happens now) and where they go: the
    one geometry the bar's drawing and the table's picture share."""
    if layout.portrait:
        return _upright_bar_parts(text, layout, name, status)
    w, _ = layout.size
    bar = pygame.Rect(0, 0, w, layout.top_bar)
    margin = round(layout.unit * 0.3)
    line = min(bar.h, round(layout.em * 0.62))
    size, title_w = round(line * 0.5), round(w * 0.22)
    title = text.block(name, size, title_w, bar.h - 4, GOLD, bold=True, align="left")
    title_rect = title.get_rect(midleft=(margin, bar.centery))
    room = pygame.Rect(margin, 2, title_w, bar.h - 4)
    parts = [Part("title", name, title_rect, room, size, True, title)]
    hint_size = round(line * 0.36)
    hint = text.block(hint_text, hint_size, round(w * 0.26), bar.h - 4, (190, 200, 180), align="right")
    hint_rect = hint.get_rect(midright=(w - margin, bar.centery))
    parts.append(Part("menu", hint_text, hint_rect, pygame.Rect(w - margin - round(w * 0.26), 2, round(w * 0.26),
                                                                 bar.h - 4), hint_size, False, hint))
    if status:
        room_w = hint_rect.left - title_rect.right - 2 * margin
        status_size = round(line * 0.44)
        img = text.block(status, status_size, room_w, bar.h - 4, FONT_COLOUR)
        centre = max(title_rect.right + margin + img.get_width() // 2,
                     min(w // 2, hint_rect.left - margin - img.get_width() // 2))
        parts.append(Part("status", status, img.get_rect(center=(centre, bar.centery)),
                          pygame.Rect(title_rect.right + margin, 2, max(0, room_w), bar.h - 4), status_size, False, img))
    return parts


def _upright_bar_parts(text: TextCache, layout: TableLayout, name: str, status: str) -> list[Part]:
    """An upright (phone's) top bar: the title on a line of its own, what happens now on the lines
    under it across the bar, at a size read at arm's length; the right end kept for a browser's menu
    button (``layout.menu_room``), the keys a phone has not left out."""
    w, _ = layout.size
    margin = round(layout.unit * 0.3)
    size = layout.status_size
    room_w = w - 2 * margin - layout.menu_room
    title_h = round(size * LINE)
    title = text.fit(name, size, room_w, GOLD, bold=True)
    room = pygame.Rect(margin, 3, room_w, title_h)
    parts = [Part("title", name, title.get_rect(topleft=room.topleft), room, size, True, title)]
    if status:
        room = pygame.Rect(margin, room.bottom, room_w, layout.top_bar - room.bottom - 4)
        img = text.block(status, size, room.w, room.h, FONT_COLOUR, align="left")
        parts.append(Part("status", status, img.get_rect(topleft=room.topleft), room, size, False, img))
    return parts


def plate_parts(text: TextCache, plate: pygame.Rect, shown: Plate) -> list[Part]:
    """A name plate's texts (the avatar's initial, the score, the name, the level and notes) and
    where they go: the one geometry the plate's drawing and the table's picture share."""
    pad = max(3, plate.h // 8)
    d = plate.h - 2 * pad
    avatar = pygame.Rect(plate.x + pad, plate.y + pad, d, d)
    letter = (shown.name[:1] or "?").upper()
    initial = text.render(letter, round(d * 0.62), (250, 246, 232), bold=True)
    parts = [Part("initial", letter, initial.get_rect(center=avatar.center), avatar, round(d * 0.62), True, initial)]
    indent = avatar.right - plate.x + pad
    score_size = round(plate.h * 0.42)
    score = text.render(shown.score, score_size, GOLD, bold=True)
    score_rect = score.get_rect(midright=(plate.right - pad * 2, plate.centery))
    parts.append(Part("score", shown.score, score_rect, score_rect, score_size, True, score))
    room = score_rect.left - plate.x - indent - pad
    size = round(plate.h * 0.36)
    name = text.fit(shown.name, size, room, FONT_COLOUR, bold=True)
    at = (plate.x + indent, plate.y + pad - 1)
    parts.append(Part("name", shown.name, name.get_rect(topleft=at), pygame.Rect(at, (max(0, room), name.get_height())),
                      text.fitting_size(shown.name, size, room, True), True, name))
    small_size = round(plate.h * 0.26)
    line2 = fitting_parts(text, shown.line2, small_size, room)
    small = text.fit(line2, small_size, room, (190, 206, 186))
    at = (plate.x + indent, plate.bottom - pad - small.get_height() + 1)
    parts.append(Part("line2", line2, small.get_rect(topleft=at), pygame.Rect(at, (max(0, room), small.get_height())),
                      text.fitting_size(line2, small_size, room), False, small))
    return parts


class TableHud:
    """Keeps one table's static layer (see the module docstring)."""

    def __init__(self, text: TextCache, words: Words, game: GameDescriptor, plates: Callable[[int], Plate],
                 watching: bool = False) -> None:
        """``plates``: what a seat's name plate shows now (``TableScene.plate``); ``watching``: nobody
        plays at this screen (the table shown to everyone), so its keys' hint names no move."""
        self.text = text
        self.words = words
        self.plate = plates
        title = f"game.{game.id}.title"
        self.title = words.tr(title) if self.has(title) else game.title
        """The game's name in the player's language (its own name where the language has none)."""
        self.hint = words.tr("table.watch_hint" if watching else "table.menu_hint")
        """The top bar's keys, in the player's language."""
        self.layer: pygame.Surface | None = None
        self._felt_under: dict[str, pygame.Surface] = {}
        """The felt under each part of the static layer (see ``update``)."""
        self._static_layout: TableLayout | None = None
        self._static_keys: dict[str, tuple[Any, ...]] = {}
        """What each part of the static layer shows now (see ``_static_parts``)."""
        self.stale = True

    def update(self, layout: TableLayout, status: str) -> list[pygame.Rect]:
        """Bring the static layer (felt, top bar, pile places, name plates) up to date, redrawing only
        the parts whose content changed, each on the felt again; the rectangles redrawn (all of the layer
        when the felt was drawn again for a new layout: the old layout's rim and plates are gone).

        The felt is drawn on the layer itself, once per layout, and only the felt under each part is
        kept (a copy of the window's size weighed 8 MB at 1920×1080; these, about 1 MB)."""
        parts = self._static_parts(layout, status)
        felted = False
        if self.layer is None or self._static_layout is not layout:
            felted = True
            same = self.layer is not None and self.layer.get_size() == layout.size
            self.layer = draw_felt(layout, self.layer if same else None)
            self._felt_under = {name: self.layer.subsurface(rect.clip(self.layer.get_rect())).copy()
                                for name, (rect, _, _) in parts.items()}
            self._static_layout = layout
            self._static_keys = {}
        redraw = {name for name, (_, key, _) in parts.items() if self._static_keys.get(name) != key}
        grown = True
        while grown:  # a part overlapping one drawn again loses its pixels to the felt: draw it again too
            grown = False
            for name, (rect, _, _) in parts.items():
                if name not in redraw and any(rect.colliderect(parts[n][0]) for n in redraw):
                    redraw.add(name)
                    grown = True
        for name in redraw:
            self.layer.blit(self._felt_under[name], parts[name][0].clip(self.layer.get_rect()))
        for name, (_, key, draw) in parts.items():  # in their order: the bar, the piles, the plates
            if name in redraw:
                draw(self.layer)
                self._static_keys[name] = key
        if felted:  # a new felt (its rim) and the plates of the old layout gone: every pixel may differ
            return [self.layer.get_rect()]
        return [parts[name][0] for name in redraw]

    def _static_parts(self, layout: TableLayout, status: str) -> dict[str, tuple[pygame.Rect, tuple[Any, ...], Any]]:
        """Each part of the static layer: the area it may draw in, what it shows, and how to draw it."""
        w, _ = layout.size
        name = self.title
        hint = self.hint
        bar = pygame.Rect(0, 0, w, layout.top_bar + layout.top_bar // 2)  # the bar and the rail below it
        parts: dict[str, tuple[pygame.Rect, tuple[Any, ...], Any]] = {
            "bar": (bar, (name, hint, status), lambda surface: self._draw_bar(surface, layout, name, hint, status))}
        piles = [pygame.Rect(round(pos[0]), round(pos[1]), layout.pile_w, layout.pile_h)
                 for pos in (layout.stock_pos, layout.discard_pos)]
        parts["piles"] = (piles[0].unionall(piles[1:]).inflate(4, 4), (), lambda surface: self._draw_piles(
            surface, layout, piles))
        for spot in layout.seats:
            plate = self.plate(spot.seat)
            parts[f"plate:{spot.seat}"] = (spot.plate.inflate(8, 8), plate, lambda surface, rect=spot.plate,
                                           plate=plate: self._draw_plate(surface, rect, plate))
        return parts

    def _draw_bar(self, surface: pygame.Surface, layout: TableLayout, name: str, hint_text: str, status: str) -> None:
        """The top bar: the game's title, what happens now, and the menu key (the deal's fingerprint
        is in the Fair deal panel, from the pause menu)."""
        w, _ = layout.size
        bar = pygame.Rect(0, 0, w, layout.top_bar)
        pygame.draw.rect(surface, (8, 34, 22), bar)
        pygame.draw.line(surface, GOLD, (0, bar.bottom - 1), (w, bar.bottom - 1), 2)
        for part in bar_parts(self.text, layout, name, hint_text, status):
            surface.blit(part.image, part.rect)

    @staticmethod
    def _draw_piles(surface: pygame.Surface, layout: TableLayout, piles: list[pygame.Rect]) -> None:
        """The empty places of the stock and the discard pile."""
        for rect in piles:
            pygame.draw.rect(surface, (18, 70, 44), rect, border_radius=layout.pile_w // 10)
            pygame.draw.rect(surface, (60, 120, 84), rect, 2, border_radius=layout.pile_w // 10)

    def has(self, key: str) -> bool:
        """Whether the player's language has a sentence for ``key`` (a game's optional words)."""
        has = getattr(self.words, "has_text", None)
        return bool(has(key)) if has else False

    def _draw_plate(self, surface: pygame.Surface, plate: pygame.Rect, shown: Plate) -> None:
        """A seat's name plate: avatar (round for a human, square for a bot), name, level, notes, score;
        a gold frame and a gold ring round the avatar show whose turn it is."""
        turn = shown.turn
        body = pygame.Surface(plate.size, pygame.SRCALPHA)
        pygame.draw.rect(body, (8, 30, 18, 225), body.get_rect(), border_radius=plate.h // 4)
        surface.blit(body, plate)
        pygame.draw.rect(surface, (255, 214, 90) if turn else (90, 130, 100), plate, 3 if turn else 1,
                         border_radius=plate.h // 4)
        pad = max(3, plate.h // 8)
        d = plate.h - 2 * pad
        avatar = pygame.Rect(plate.x + pad, plate.y + pad, d, d)
        colour = SEAT_COLOURS[shown.seat % len(SEAT_COLOURS)]
        if turn:
            ring = avatar.inflate(4, 4)
            if shown.human:
                pygame.draw.ellipse(surface, (255, 214, 90), ring)
            else:
                pygame.draw.rect(surface, (255, 214, 90), ring, border_radius=d // 4)
        if shown.human:
            pygame.draw.ellipse(surface, colour, avatar)
        else:
            pygame.draw.rect(surface, colour, avatar, border_radius=d // 4)
        for part in plate_parts(self.text, plate, shown):
            surface.blit(part.image, part.rect)
