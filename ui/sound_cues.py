"""Which sound a move's events make, as one seat hears them: pure (no pygame), so that the table's
match (``ui.table.match``) decides what is heard and ``ui.sound`` only plays it."""

from __future__ import annotations

from collections.abc import Sequence

from game.core import Event


def sounds_for(events: Sequence[Event], viewer: int | None) -> list[str]:
    """The sounds a move's events make, in order (at most one of each), as ``viewer`` hears them."""
    out: list[str] = []
    for event in events:
        name = _sound_of(event, viewer)
        if name is not None and name not in out:
            out.append(name)
    return out


def _sound_of(event: Event, viewer: int | None) -> str | None:
    kind = event.kind
    if kind == "deal":
        return "deal"
    if kind in ("reshuffle", "shuffle"):
        return "shuffle"
    if kind in ("draw", "take"):
        return "draw"
    if kind == "knock":
        return "knock"
    if kind == "call":
        return "call"
    if kind == "snap":
        won = bool(event.info.get("success"))
        if event.seat == viewer or viewer is None:
            return "snap_won" if won else "snap_lost"
        return "place" if won else None
    if kind in ("hand_end", "round_end", "game_end", "match_end"):
        winners = event.info.get("winners")
        if winners is None or viewer is None:
            return "hand_won"
        return "hand_won" if viewer in winners else "hand_lost"
    if event.dst is not None and event.src is not None:
        return "place"
    return None
