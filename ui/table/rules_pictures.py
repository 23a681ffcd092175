"""Pictures of the table for the rules pages' "How to play", drawn by the table itself.

A game's pictures are a file ``assets/pictures/<game_id>.json``: the seats (``"you": true`` for the
reader's own seat, named as their table names them), the rule options, the seed and the stacked
deck, then the pictures in story order, each with the moves (in notation) played since the one
before. A picture is the real ``TableScene`` of that moment, laid out off screen at the size of a
small window and drawn once: so it always shows the reader's card style, card size, text size and
language, and never goes stale when the table changes. Nothing here plays: the moves go straight to
the engine, and no bot, clock, sound, save or statistic is touched.

``PictureCache`` keeps what was drawn, per game, picture, width and the settings that change the
look (an LRU of a few pictures, a rules page's worth and more).
"""

from __future__ import annotations

import json
from collections import OrderedDict
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game import GAMES, GameState, Move
from ui.names import default_player_name
from ui.resources import resource_path
from ui.session import MatchSession, SeatInfo

if TYPE_CHECKING:
    from ui.app import App

TABLE_SIZE = (1024, 640)
"""The window a picture's table is laid out for (at least): the smallest the table is made for."""
ASPECT = TABLE_SIZE[0] / TABLE_SIZE[1]
KEEP = 10
"""Pictures the cache keeps: those of every rules page (3 + 4 + 3) in one language and size."""


class PictureError(ValueError):
    """A pictures file that cannot be used (a packaging fault: tests check every file)."""


@dataclass(frozen=True)
class Picture:
    """One picture: its name (``![caption](table:<name>)`` in the rules pages) and every move of the
    story up to it."""

    name: str
    moves: tuple[Move, ...]


class PictureSession(MatchSession):
    """The match a picture shows: never saved nor counted."""

    @property
    def saved(self) -> bool:
        return False


@dataclass
class PictureBook:
    """A game's pictures file, read and checked."""

    game_id: str
    seats: list[SeatInfo | None]
    """Each seat; ``None`` for the reader's own."""
    options: Any
    seed: int
    deck: list[str] | None
    pictures: dict[str, Picture]

    @classmethod
    def load(cls, game_id: str) -> PictureBook:
        """The pictures of ``game_id``; ``PictureError`` when there are none or the file is damaged."""
        try:
            data = json.loads(resource_path(f"pictures/{game_id}.json").read_text(encoding="utf-8"))
            desc = GAMES[game_id]
            seats = [None if s.get("you") is True else SeatInfo(str(s["name"]), str(s["level"]))
                     for s in data["seats"]]
            if seats.count(None) != 1:
                raise ValueError("one seat, and one only, is the reader's")
            if any(s is not None and s.level not in desc.bot_levels for s in seats):
                raise ValueError("a seat names an unknown bot level")
            options = desc.Options(**data.get("options", {}))
            deck = data.get("deck")
            pictures: dict[str, Picture] = {}
            story: tuple[Move, ...] = ()
            for entry in data["pictures"]:
                story += tuple(desc.parse_move(m) for m in entry.get("moves", []))
                pictures[str(entry["name"])] = Picture(str(entry["name"]), story)
            book = cls(game_id, seats, options, int(data["seed"]), deck, pictures)
            for picture in pictures.values():
                book.state(picture.name)
            return book
        except (OSError, KeyError, TypeError, ValueError, AttributeError) as exc:
            raise PictureError(f"the {game_id} pictures cannot be read ({exc})") from None

    def state(self, name: str, you: str = "You") -> GameState:
        """The match at picture ``name``: dealt from the stacked deck, its story played by the engine."""
        names = [you if s is None else s.name for s in self.seats]
        state = GAMES[self.game_id].new_match(names, self.options, seed=self.seed, deck=self.deck)
        for move in self.pictures[name].moves:
            state.apply(move)
        return state

    def session(self, name: str, you: str) -> PictureSession:
        """The match at picture ``name``, the reader's seat named ``you``."""
        seats = [SeatInfo(you) if s is None else s for s in self.seats]
        return PictureSession(self.state(name, you), seats, bot_seeds={seat: 0 for seat, s in enumerate(seats) if s.level})


def picture_height(width: int) -> int:
    """The height of a picture ``width`` pixels wide."""
    return round(width / ASPECT)


def draw_table(app: App, session: MatchSession, size: tuple[int, int]) -> pygame.Surface:
    """The table of ``session`` as a window of ``size`` would show it, every card at rest."""
    from ui.table.scene import TableScene

    scene = TableScene(app, session, size=size)
    scene.finish_animations()
    surface = pygame.Surface(size)
    scene.draw(surface)
    return surface


class PictureCache:
    """The pictures drawn so far (see the module docstring)."""

    def __init__(self) -> None:
        self._books: dict[str, PictureBook | None] = {}
        self._drawn: OrderedDict[tuple[Any, ...], pygame.Surface] = OrderedDict()

    def clear(self) -> None:
        """Forget every picture drawn (benchmarks time a first opening)."""
        self._drawn.clear()

    def book(self, game_id: str) -> PictureBook | None:
        """The pictures of ``game_id`` (None: it has none)."""
        if game_id not in self._books:
            try:
                self._books[game_id] = PictureBook.load(game_id)
            except PictureError:
                self._books[game_id] = None
        return self._books[game_id]

    @staticmethod
    def _key(app: App, game_id: str, name: str, width: int) -> tuple[Any, ...]:
        s = app.settings
        return (game_id, name, width, s.language, s.four_colour_deck, s.card_size, s.ui_scale, s.memory_aid,
                s.gin_sort)

    def ready(self, app: App, game_id: str, name: str, width: int) -> bool:
        """Whether picture ``name`` is drawn at ``width`` for the present settings."""
        return self._key(app, game_id, name, width) in self._drawn

    def drawn(self, app: App, game_id: str, name: str, width: int) -> pygame.Surface | None:
        """Picture ``name`` if it is drawn already at ``width`` for the present settings, else None."""
        return self._drawn.get(self._key(app, game_id, name, width))

    def get(self, app: App, game_id: str, name: str, width: int) -> pygame.Surface | None:
        """Picture ``name`` of ``game_id``, ``width`` pixels wide (drawn now if it was not yet);
        None when the game has no such picture."""
        key = self._key(app, game_id, name, width)
        image = self._drawn.get(key)
        if image is not None:
            self._drawn.move_to_end(key)
            return image
        book = self.book(game_id)
        if book is None or name not in book.pictures:
            return None
        size = (max(TABLE_SIZE[0], width), max(TABLE_SIZE[1], picture_height(width)))
        table = draw_table(app, book.session(name, default_player_name(app.tr, 0)), size)
        image = table if size[0] == width else pygame.transform.smoothscale(table, (width, picture_height(width)))
        self._drawn[key] = image
        while len(self._drawn) > KEEP:
            self._drawn.popitem(last=False)
        return image


PICTURES = PictureCache()
"""The app's pictures (one app a process)."""
