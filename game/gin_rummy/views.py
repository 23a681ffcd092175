"""What a Gin Rummy seat sees: the view's own keys and the phase names (see ``game.gin_rummy.state``),
and how the engine judges a group of cards the player lays out (a knock panel asks it)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Literal, TypedDict

from game.core.views import CoreView
from game.gin_rummy import melds as M

Phase = Literal["upcard", "draw", "discard", "hand_over", "match_over"]
UPCARD: Phase = "upcard"
DRAW: Phase = "draw"
DISCARD: Phase = "discard"
HAND_OVER: Phase = "hand_over"
MATCH_OVER: Phase = "match_over"


class Arrangement(TypedDict):
    melds: list[list[str]]
    move: str
    """The move that knocks (or goes gin) laying exactly these melds."""


class KnockOffer(TypedDict):
    card: str
    kind: Literal["knock", "gin"]
    deadwood: int
    value: int
    arrangements: list[Arrangement]


class HollywoodGame(TypedDict):
    """One of the three games of Hollywood scoring, as the view shows it."""

    game: int
    scores: list[int]
    hands_won: list[int]
    over: bool
    winner: int | None


class GinView(CoreView):
    """``GinRummyState.view(seat)``: the shared keys and these."""

    dealer: int
    hand: list[str] | None
    hand_sizes: list[int]
    discard_top: str | None
    discard_log: list[dict[str, Any]]
    known_cards: list[list[str]]
    opponent_known: list[str]
    just_taken: str | None
    must_draw: bool
    first_upcard: str
    knock_limit: int
    game_number: int
    hand_number: int
    game_scores: list[int]
    hands_won: list[int]
    hand_history: list[dict[str, Any]]
    games: list[dict[str, Any]]
    game_target: int
    match_target: int
    options: dict[str, Any]
    result: dict[str, Any] | None
    deadwood: int | None
    melds: list[list[str]] | None
    deadwood_after_discard: dict[str, int] | None
    knocks: list[KnockOffer]
    hollywood: list[HollywoodGame] | None


def meld_kind(cards: Iterable[str]) -> str | None:
    """``"run"`` or ``"set"`` when ``cards`` form one meld, else ``None``.

    >>> meld_kind(["3c", "4c", "5c"]), meld_kind(["7s", "7h", "7d"]), meld_kind(["As"])
    ('run', 'set', None)
    """
    return M.meld_kind(M.card_mask(cards))


def points(cards: Iterable[str]) -> int:
    """What ``cards`` count as deadwood (Ace 1 … face cards 10).

    >>> points(["As", "Kh", "7d"])
    18
    """
    return M.value(M.card_mask(cards))
