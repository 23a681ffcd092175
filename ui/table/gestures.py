"""The gesture table: everything the player at the screen may do now, declared by the game's adapter
in one immutable value on each refresh, and read by the table's input (``ui.table.input``).

For every card an adapter says what a click does, what a double click (and Enter) does, where the
card may be dropped and what each drop does, where a drop means a move the engine may refuse (so
that the refusal is explained), whether the keyboard focus rests on it and what Shift+←/→ do. With
the buttons and the status line that is the whole table: the scene derives from it alone what is
draggable (a card with somewhere to go), focusable, droppable (the lit targets while dragging) and
clickable, and never asks the adapter again until the next refresh.

Every action is one of the engine's legal ``Move``s or a local command (a zero-argument callable
that changes only how the table shows the match: a mode, a selection, the hand's order, a sentence).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING

import pygame

from game.core import Move

if TYPE_CHECKING:
    from ui.table.sprites import CardSprite

Action = Move | Callable[[], None]
"""What a gesture does: an engine move, or a local (visual only) change such as sorting the hand."""

Box = tuple[int, int, int, int]
"""A rectangle as ``(x, y, w, h)``: a table entry keeps no mutable ``pygame.Rect``."""


def box(rect: pygame.Rect) -> Box:
    """``rect`` as an immutable ``(x, y, w, h)``."""
    return (rect.x, rect.y, rect.w, rect.h)


@dataclass(frozen=True)
class Drop:
    """A place a dragged card may be let go, and what letting it go there does."""

    zone: str
    area: Box
    action: Action
    lit: bool = True
    """Outlined while the card is dragged (the hand a card is dragged within to reorder it is not)."""
    button: str = ""
    """The key of a button to drop the card on, wherever the bar puts it (``area`` then unused)."""

    @classmethod
    def onto(cls, zone: str, rect: pygame.Rect, action: Action, lit: bool = True) -> Drop:
        return cls(zone, box(rect), action, lit)

    @property
    def rect(self) -> pygame.Rect:
        return pygame.Rect(self.area)


@dataclass(frozen=True)
class Attempt:
    """A place where letting a card go means ``move`` even when the engine does not allow it now:
    the table then says the engine's refusal (the legal ones are ``Drop``s, tried first)."""

    zone: str
    area: Box
    move: Move

    @classmethod
    def onto(cls, zone: str, rect: pygame.Rect, move: Move) -> Attempt:
        return cls(zone, box(rect), move)

    @property
    def rect(self) -> pygame.Rect:
        return pygame.Rect(self.area)


@dataclass(frozen=True)
class CardGestures:
    """What the gestures on one card do now (``None``: nothing)."""

    click: Action | None = None
    """A click, and Space on the focused card."""
    double: Action | None = None
    """A double click, and Enter on the focused card (``None``: the same as a click)."""
    drops: tuple[Drop, ...] = ()
    attempts: tuple[Attempt, ...] = ()
    focus: bool = False
    """Whether the keyboard focus (Tab, arrows) rests on the card."""
    shift: tuple[Action | None, Action | None] = (None, None)
    """Shift+← and Shift+→ on the focused card (moving it along the player's hand)."""

    @property
    def drag(self) -> bool:
        """The card may be picked up: letting it go somewhere plays a move, does something, or
        is explained."""
        return bool(self.drops or self.attempts)

    def press(self, double: bool) -> Action | None:
        """What a click (``double``: a double click or Enter) does."""
        return self.double if double and self.double is not None else self.click


NOTHING = CardGestures()
"""A card no gesture does anything with."""


@dataclass(frozen=True)
class ButtonSpec:
    """A button the adapter wants shown now (``label`` already translated)."""

    key: str
    label: str
    action: Action
    primary: bool = False
    side: bool = False
    """Shown in the small column at the side (sorting and other helpers) instead of the main bar."""
    shortcut: int | None = None
    """A key that presses it (a pygame key code), named on the button: for what must be quick."""
    apart: bool = False
    """Kept apart from the bar, in a place no other button takes (``TableAdapter.apart_spot``): for a
    move that cannot be taken back, so that a click meant for a button that has just gone (a late
    click, a double click) never lands on it."""


@dataclass(frozen=True)
class Gestures:
    """The whole table's gestures now: each card's (by sprite), the buttons and the status line."""

    cards: Mapping[int, CardGestures] = field(default_factory=dict)
    """Each card's gestures by ``CardSprite.ident`` (kept as a read-only copy)."""
    buttons: tuple[ButtonSpec, ...] = ()
    status: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", MappingProxyType(dict(self.cards)))
        object.__setattr__(self, "buttons", tuple(self.buttons))

    def of(self, sprite: CardSprite) -> CardGestures:
        """``sprite``'s gestures (``NOTHING`` for a card the table does not list)."""
        return self.cards.get(sprite.ident, NOTHING)
