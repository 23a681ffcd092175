"""How large the table's cards come out: the layout for the card and text sizes a player chose, its
cards shrunk where the game's zones would run into the buttons, and never smaller for a larger
card size (a larger size is taken only if none of its cards come out smaller than the size below)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ui.picture.build import seat_of
from ui.settings import CARD_SCALES
from ui.table.layout import TableLayout

if TYPE_CHECKING:
    from ui.games.base import TableAdapter


def sized_layout(adapter: TableAdapter[Any], view: Any, size: tuple[int, int], players: int, bottom_seat: int,
                 cards: float, text: float) -> TableLayout:
    """The layout at card size ``cards`` and text size ``text`` (see the module docstring): each card
    size up from the smallest, fitted, replaces the one below only if none of its cards is smaller
    (on a phone, upright or on its side, the viewer's and the middle's: the other seats' cards share
    what room is left)."""
    scales = [scale for scale in sorted(set(CARD_SCALES.values())) if scale < cards] + [cards]
    chosen = fitted_layout(adapter, size, players, bottom_seat, scales[0], text)
    for scale in scales[1:]:
        larger = fitted_layout(adapter, size, players, bottom_seat, scale, text)
        compared = slice(None) if not (chosen.portrait or chosen.phone) else slice(0, 3, 2)  # a phone's others stay small
        if all(a >= b for a, b in zip(shown_widths(adapter, view, larger)[compared],
                                      shown_widths(adapter, view, chosen)[compared])):
            chosen = larger
    return chosen


def fitted_layout(adapter: TableAdapter[Any], size: tuple[int, int], players: int, bottom_seat: int,
                  cards: float, text: float) -> TableLayout:
    """The layout at card size ``cards``, its cards shrunk until the game's zones leave the buttons
    their room (``adapter.fits``), by at most 40 %; upright, the viewer's cards take the game's
    ``hand_depth`` along the bottom."""
    room = 1.0
    depth = adapter.hand_depth
    layout = TableLayout(size, players, bottom_seat, cards, text, room, depth)
    while not adapter.fits(layout) and room > 0.6:
        room *= 0.96
        layout = TableLayout(size, players, bottom_seat, cards, text, room, depth)
    return layout


def shown_widths(adapter: TableAdapter[Any], view: Any, layout: TableLayout) -> tuple[float, ...]:
    """How wide the cards come out in ``layout`` where the game places them: the mean width of the
    bottom seat's cards, of the other seats' and of those in the middle (what a player compares)."""
    widths: tuple[list[int], list[int], list[int]] = ([], [], [])
    for zone, held in adapter.zones(view).items():
        if not held:
            continue
        owner = seat_of(zone)
        group = 2 if owner is None else 0 if owner == layout.bottom_seat else 1
        widths[group].extend(w for _, _, w in adapter.place(zone, len(held), view, layout))
    return tuple(sum(ws) / len(ws) if ws else 0.0 for ws in widths)
