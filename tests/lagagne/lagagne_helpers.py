"""Helpers for the LaGagne tests: positions built from a stacked deal plus tabled cards."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.lagagne import LaGagneState, Options
from game.lagagne.cards import SUITS


def deal_order(hands: Sequence[Sequence[str]], pile_top: Sequence[str] = ()) -> list[str]:
    """A stacked deck dealing ``hands`` (seat 0 served first) with ``pile_top`` on top of the pile."""
    size = len(hands[0])
    return [hands[p][k] for k in range(size) for p in range(len(hands))] + list(pile_top)


def build_position(
    hands: Sequence[Sequence[str]],
    columns: dict[int, dict[str, Any]] | None = None,
    discard: Sequence[str] = (),
    pile_top: Sequence[str] = (),
    current: int = 0,
    options: Options | None = None,
) -> LaGagneState:
    """A game where seat 0 began, with these hands, tabled columns, discard (bottom to top) and pile top.

    ``columns`` maps a seat to ``{suit: {"open": bool, "points": [...], "x2": bool}}``. Cards for
    the table and the discard are taken from the bottom of the pile, so the pile keeps its top.
    """
    players = len(hands)
    options = options or Options(first_dealer=players - 1)
    state = LaGagneState.new(players, None, options, 1, deal_order(hands, pile_top))
    data = state.to_json()
    s = data["state"]
    pile: list[str] = s["pile"]  # bottom first, top last
    protected = len(pile_top)

    def take(card: str) -> str:
        for i, c in enumerate(pile[: len(pile) - protected]):
            if c == card:
                return pile.pop(i)
        raise AssertionError(f"no {card} left in the pile for the position")

    for seat, cols in (columns or {}).items():
        for suit, col in cols.items():
            i = SUITS.index(suit)
            entry = {"open": col.get("open", True), "points": list(col.get("points", [])),
                     "x2": col.get("x2", False)}
            if entry["open"]:
                take(f"S{suit}")
            for c in entry["points"]:
                take(c)
            if entry["x2"]:
                take("X2")
            s["columns"][seat][i] = entry
    s["discard"] = [take(c) for c in discard]
    s["current"] = current
    return LaGagneState.from_json(data)
