"""The view and event vocabulary shared by every game.

Every game's ``view(seat)`` is a ``CoreView`` (the same key names for the same idea in every game)
extended by a ``TypedDict`` of the game's own (``game/<id>/views.py``). The UI, the bots and the
network table read the shared keys without knowing which game they look at:

- ``active``: the seat whose turn it is (``None`` between hands and once the match is over);
- ``phase``: the game's phase name (each game lists its phases in its ``views`` module);
- ``pile_size``: cards left in the face-down draw pile; ``discard``: the discard pile, bottom to top;
- ``deals``: every hand dealt, ``{"hand", "fingerprint", "seed"}``, the seed ``None`` while that
  hand is in play (``game.core.fairness``); ``match_seed``: ``None`` until the match is over;
- ``scores``, ``over``, ``winners`` (empty while the match runs), ``history`` (one entry a hand or
  round), ``log`` (the match's moves as this seat may read them: a move whose text would show a card
  the seat may not know is written without it).

Events use one vocabulary for the same happenings in every game (a game adds its own kinds for
what only it has): ``deal`` (a card dealt at the start of a hand or round), ``reshuffle`` (the
discard pile turned into a new draw pile), ``draw``, ``take``, ``discard``, ``hand_end`` (a Gin Rummy
hand) or ``round_end`` (a round of the other games) with ``info["points"]``, and ``match_end`` with
``info["winners"]``.
"""

from __future__ import annotations

from typing import Any, TypedDict

DEAL = "deal"
RESHUFFLE = "reshuffle"
DRAW = "draw"
TAKE = "take"
DISCARD = "discard"
HAND_END = "hand_end"
ROUND_END = "round_end"
MATCH_END = "match_end"
SHARED_EVENTS = frozenset({DEAL, RESHUFFLE, DRAW, TAKE, DISCARD, HAND_END, ROUND_END, MATCH_END})
"""Event kinds whose meaning is the same in every game."""


def end_of_deal_kind(unit: str) -> str:
    """The event kind that ends the smallest unit of play: ``hand_end`` or ``round_end``."""
    return HAND_END if unit == "hand" else ROUND_END


class CoreView(TypedDict):
    """The keys every game's view has, with the same meaning (see the module docstring)."""

    game: str
    seat: int | None
    players: int
    names: list[str]
    scores: list[int]
    to_move: list[int]
    over: bool
    winners: list[int]
    history: list[dict[str, Any]]
    active: int | None
    phase: str
    pile_size: int
    discard: list[str]
    log: list[str]
    deals: list[dict[str, Any]]
    match_seed: int | None


CORE_KEYS: frozenset[str] = frozenset(CoreView.__annotations__)
