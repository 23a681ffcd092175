"""What a LaGagne seat sees: the view's own keys, the phase names, and how a steal names the
tabled card it takes (the notation of ``docs/notation.md``), for the table and the bots;
and the deck's cards and checks, for the table's deck editor.
"""

from __future__ import annotations

from typing import Any, Literal, TypedDict

from game.core.views import CoreView
from game.lagagne.cards import (  # noqa: F401 (the deck editor's public vocabulary)
    ACTIONS,
    ALL_CARDS,
    JOKERS,
    POINTS,
    PRESETS,
    SYMBOLS,
    VALUES,
    ZERO,
    deck_counts,
    deck_size,
    deck_text,
    normalise_deck,
)

Phase = Literal["play", "give", "over"]
PLAY: Phase = "play"
GIVE: Phase = "give"
OVER: Phase = "over"
SUITS: tuple[str, ...] = ("h", "s", "c", "d")


class Column(TypedDict):
    open: bool
    points: list[str]
    x2: bool
    total: int


class LaGagneView(CoreView):
    """``LaGagneState.view(seat)``: the shared keys and these (see ``game.lagagne``)."""

    dealer: int
    first: int
    hand: list[str] | None
    hand_sizes: list[int]
    known_cards: list[list[str]]
    my_cards_known_to: list[list[str]] | None
    columns: list[dict[str, Column]]
    mulligans_left: list[int]
    mulliganed_this_turn: bool
    exchange: dict[str, Any] | None
    last_round: dict[str, Any] | None
    round: int
    turns: int
    target: int
    hand_size: int
    max_rounds: int
    options: dict[str, Any]
    end: str | None


def steal_source(target: str, columns: list[dict[str, Column]]) -> tuple[int, str, str] | None:
    """The victim seat, the column and the card a steal's first word takes (``None`` if unclear).

    >>> cols = [{s: {"open": s == "h", "points": ["J50"] if s == "c" else [], "x2": s == "d", "total": 0}
    ...          for s in SUITS}] * 3
    >>> steal_source("2:J50", cols), steal_source("2:P20h", cols), steal_source("2:Sh", cols)
    ((2, 'c', 'J50'), (2, 'h', 'P20h'), (2, 'h', 'Sh'))
    >>> steal_source("1:X2", cols), steal_source("1:J50s", cols)
    ((1, 'd', 'X2'), (1, 's', 'J50'))
    """
    seat_text, _, card = target.partition(":")
    if not seat_text.isdigit() or not card or int(seat_text) >= len(columns):
        return None
    seat = int(seat_text)
    if card[0] == "S" and len(card) == 2 or card[0] == "P":
        return seat, card[-1], card
    bare = card if card in ("X2",) or card[-1].isdigit() else card[:-1]
    if bare != card:
        return seat, card[-1], bare
    holding = [s for s in SUITS if (columns[seat][s]["x2"] if card == "X2" else card in columns[seat][s]["points"])]
    return (seat, holding[0], card) if len(holding) == 1 else None


def steal_target(seat: int, suit: str, card: str) -> str:
    """How a steal names ``card`` in ``seat``'s ``suit`` column (the long form, always accepted)."""
    return f"{seat}:{card}{suit}" if card[0] in "JX" else f"{seat}:{card}"
