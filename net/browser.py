"""What the host needs to know of a seat played in a web browser, without drawing anything.

A browser says in its ``hello`` (or ``resume``) the ``screen`` it draws on: its size in CSS pixels and
its language. The host then sends that connection, instead of the seat's raw updates, the *picture*
of the seat's table computed for that screen (``ui.web``, injected by whoever starts the host:
``net`` never imports a renderer). A browser's taps on nodes whose action is a local one (choosing a
card, sorting a hand) come back as ``gesture`` messages. This module checks those two inputs and
names the interface a browser view offers the host.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from net.protocol import ProtocolError

LANGUAGES = ("en", "fr", "de", "es")
"""The languages a browser seat may be drawn in."""
SIDE_MIN = 300
SIDE_MAX = 4096
"""CSS pixels: the smallest and largest side of a browser's screen the host draws a picture for."""
ACTS = ("tap", "hold", "drop")
"""What a browser may do to a node: tap it, hold it (a long press), or drop it on a target."""
DROPS_MAX = 64
"""The most drop targets a node may list (a drop names one by its index)."""


class Screen(tuple[int, int, str]):
    """A browser's screen: width and height in CSS pixels, and its language."""

    @property
    def size(self) -> tuple[int, int]:
        return (self[0], self[1])

    @property
    def language(self) -> str:
        return self[2]


def screen_of(message: dict[str, Any]) -> Screen | None:
    """The ``screen`` of a checked ``hello``/``resume`` (``None``: not a browser). A screen out of
    bounds, of the wrong type or in another language raises ``ProtocolError`` (``bad_field``)."""
    screen = message.get("screen")
    if screen is None:
        return None
    if not isinstance(screen, dict):
        raise _bad(message["type"])
    w, h, lang = screen.get("w"), screen.get("h"), screen.get("lang")
    sides = [side for side in (w, h) if isinstance(side, int) and not isinstance(side, bool) and SIDE_MIN <= side <= SIDE_MAX]
    if len(sides) != 2 or not isinstance(lang, str) or lang not in LANGUAGES:
        raise _bad(message["type"])
    return Screen((sides[0], sides[1], lang))


def _bad(kind: str) -> ProtocolError:
    return ProtocolError(f"In {kind!r}, 'screen' must be {{w, h}} from {SIDE_MIN} to {SIDE_MAX} CSS pixels and "
                         f"'lang' one of {', '.join(LANGUAGES)}.", "bad_field", {"type": kind, "field": "screen"})


class BrowserView(Protocol):
    """One browser connection's view of its seat, kept by the host (see the module docstring)."""

    def receive(self, message: dict[str, Any]) -> list[dict[str, Any]]:
        """A message the host sends this connection: what to send the browser instead."""
        ...

    def gesture(self, message: dict[str, Any]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        """A checked ``gesture`` message: the messages the seat sends the table because of it (a
        move, ``ready``, ``pass``), and the messages for the browser (its new picture)."""
        ...

    def close(self) -> None:
        """The connection ended."""
        ...


BrowserViews = Callable[[Screen], BrowserView]
"""Makes the view of a browser connection for its screen (given to ``Host``)."""
