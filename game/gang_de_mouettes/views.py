"""What a Gang de mouettes seat sees: the view's own keys, the phase names and each card's power.

This is the game's public face for the table, the bots and the network: they name phases and
powers from here instead of copying the engine's tables.
"""

from __future__ import annotations

from typing import Any, Literal, TypedDict

from game.core.views import CoreView
from game.gang_de_mouettes.cards import POWERS

Phase = Literal["turn", "drawn", "scout", "window", "give", "end_turn", "round_over", "over"]
TURN: Phase = "turn"
DRAWN: Phase = "drawn"
SCOUT: Phase = "scout"
WINDOW: Phase = "window"
GIVE: Phase = "give"
END_TURN: Phase = "end_turn"
ROUND_OVER: Phase = "round_over"
OVER: Phase = "over"

Power = Literal["look", "spy", "steal", "scout", "drop"]
POWER_MOVES: tuple[str, ...] = tuple(POWERS.values())
"""The moves that use a drawn card's power."""


def card_power(card: str | None) -> str | None:
    """The power printed on ``card`` (``"look"`` for ``M8``), ``None`` for a card without one.

    >>> card_power("M10"), card_power("M3"), card_power(None)
    ('steal', None, None)
    """
    if not card or not card.startswith("M") or not card[1:].isdigit():
        return None
    return POWERS.get(int(card[1:]))


def known_matches(view: GangView) -> list[tuple[int, int]]:
    """The cards the view's seat knows to match the open quick-discard window's card, as (seat, slot):
    the quick discards it could try for certain. Empty when no window is open to it. Only the view is
    read, so an assist built on this knows no more than the player.

    >>> view = {"seat": 0, "window": {"card": "M4", "tried": [], "open_to": [0, 2]},
    ...         "slots": [["M3", None], [None, "M4"], ["M4", "M6"]]}
    >>> known_matches(view)
    [(1, 1), (2, 0)]
    >>> known_matches({**view, "seat": 1})
    []
    """
    window = view.get("window")
    if not window or view["seat"] not in window["open_to"]:
        return []
    return [(s, i) for s, row in enumerate(view["slots"]) for i, card in enumerate(row) if card == window["card"]]


class Window(TypedDict):
    card: str
    tried: list[int]
    open_to: list[int]


class Give(TypedDict):
    snapper: int
    victim: int


class GangView(CoreView):
    """``GangState.view(seat)``: the shared keys and these (see ``game.gang_de_mouettes``)."""

    round: int
    turn: int
    round_turn: int
    dealer: int
    slots: list[list[str | None]]
    knowers: list[list[list[int]]]
    top: str | None
    holding: bool
    drawn: str | None
    pending: str | None
    scouted: list[int] | None
    window: Window | None
    give: Give | None
    caller: int | None
    final_turns: list[int]
    can_draw: bool
    pique: bool
    round_log: list[dict[str, Any]]
    last_round: dict[str, Any] | None
    options: dict[str, Any]
