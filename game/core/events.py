"""Events: what ``apply`` reports happened, for the UI to animate and for logs.

An event that carries a card says who may see that card (``known_to``; ``None`` means everybody).
``for_seat`` gives the copy a seat is allowed to see: the card text is removed where the seat may
not know it, so an event handed to a seat's view never leaks a hidden card.

>>> e = Event("draw", seat=0, card="Kh", src="stock", dst="hand:0", known_to=frozenset({0}))
>>> e.for_seat(1).card is None, e.for_seat(0).card
(True, 'Kh')
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

# Zone names used by every game's events (a game may add its own in the same spirit):
#   "stock"            the draw pile           "discard"          the discard pile
#   "hand:<seat>"      a seat's hand           "slot:<seat>.<i>"  a seat's slot (Gang de mouettes)
#   "column:<seat>:<suit>"  a tabled column     "meld:<seat>:<i>"  a laid-down meld (Gin Rummy)


@dataclass(frozen=True, slots=True, eq=True)
class Event:
    """One thing that happened. ``kind`` names it; ``info`` holds public, JSON-safe details."""

    kind: str
    seat: int | None = None
    card: str | None = None
    src: str | None = None
    dst: str | None = None
    face_up: bool = True
    known_to: frozenset[int] | None = None
    info: dict[str, Any] = field(default_factory=dict, hash=False)

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` (``None``: a spectator) may see this event's card."""
        return self.known_to is None or (seat is not None and seat in self.known_to)

    def for_seat(self, seat: int | None) -> Event:
        """The event as ``seat`` may see it (the card hidden where that seat may not know it)."""
        if self.card is None or self.visible_to(seat):
            return self
        return replace(self, card=None)

    def to_json(self) -> dict[str, Any]:
        """A JSON-safe dict of this event."""
        return {
            "kind": self.kind,
            "seat": self.seat,
            "card": self.card,
            "src": self.src,
            "dst": self.dst,
            "face_up": self.face_up,
            "known_to": None if self.known_to is None else sorted(self.known_to),
            "info": dict(self.info),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Event:
        """Read back what ``to_json`` wrote."""
        known = data.get("known_to")
        return cls(
            kind=data["kind"],
            seat=data.get("seat"),
            card=data.get("card"),
            src=data.get("src"),
            dst=data.get("dst"),
            face_up=data.get("face_up", True),
            known_to=None if known is None else frozenset(known),
            info=dict(data.get("info") or {}),
        )
