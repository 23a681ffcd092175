"""The picture of the table: what the player sees, as immutable nodes, without a pixel.

A ``Node`` is one thing on screen (a card, a name plate, a button, a bubble…): a stable identity (a
card keeps its ident wherever it goes), a kind, a rectangle, a depth, its content (a card's code or
``back``, a text already in the player's language), its state flags, and for what a player may act
on or read, a role and a spoken label. A ``Picture`` is the window's size and its nodes in depth
order; ``diff`` between two pictures is what changed, the region a renderer must draw again.

This module imports no pygame (``tests/ui/test_picture.py`` checks it): tests, a screen reader or a
future renderer read a picture without a display.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

KINDS = frozenset({"card", "pile", "plate", "badge", "button", "panel", "bubble", "text", "marker", "log",
                   "status", "felt"})
"""What a node may be."""
STATES = frozenset({"lit", "dimmed", "focused", "selected", "face_up", "turn", "bottom", "primary", "hovered",
                    "lifted"})
"""The state flags a node may carry: lit as a target, dimmed (a closed column), the keyboard focus, a
chosen card, a card face up, the seat whose turn it is, the viewer's own seat (at the bottom), the
main button, under the pointer (a button), raised (a card under the pointer or in flight, drawn with
a longer shadow)."""
INFORMATION = frozenset({"card", "pile", "plate", "panel", "status", "badge", "log"})
"""The kinds that carry information a player reads: no other node may hide them unless declared."""

Rect = tuple[int, int, int, int]
COUNTDOWNS = frozenset({"ring", "bar", "fade"})
"""How a countdown is drawn running down: a ring round what it times (the share of its time left), a
bar (its width out of a whole), or a node that fades and is gone when its time is up."""


@dataclass(frozen=True)
class Countdown:
    """A clock a node shows running down: ``left`` seconds of ``length``, drawn as its ``shape``
    (``COUNTDOWNS``); a ``bar``'s ``full`` is its width in pixels when the time is whole. A renderer
    that draws between two pictures (the browser's page) runs it down by itself, frame by frame."""

    shape: str
    left: float
    length: float
    full: int = 0

    def __post_init__(self) -> None:
        if self.shape not in COUNTDOWNS:
            raise ValueError(f"unknown countdown shape {self.shape!r}")
        if not (0 <= self.left <= self.length < float("inf")) or self.full < 0:
            raise ValueError(f"a countdown runs from its length down to 0, not {self.left!r} of {self.length!r}")


@dataclass(frozen=True)
class Node:
    """One thing on screen (see the module docstring).

    ``group`` declares an overlap: nodes of one non-empty group may lie over each other (a fanned
    hand, a pile). ``parent`` names the node this one is part of (the score on a plate, a badge on
    its card): it lies inside it by design. ``hides`` is False for what the eye sees through (an
    outline round a target); ``covers`` names the groups it may lie over. ``text_size``/``bold``
    say how ``content`` is written when it is text (0: not text), so that a test can measure it the
    way the interface does."""

    ident: str
    kind: str
    rect: Rect
    depth: int
    content: str = ""
    state: frozenset[str] = frozenset()
    role: str = ""
    label: str = ""
    owner: int | None = None
    group: str = ""
    parent: str = ""
    hides: bool = True
    text_size: int = 0
    bold: bool = False
    covers: frozenset[str] = frozenset()
    """The groups this node may lie over by design (a score card over the piles in the middle,
    which hold nothing a player needs once a round is over)."""
    countdown: Countdown | None = field(default=None, compare=False)
    """The clock this node shows running down, if any (the quick-discard window's ring, the grace
    bar, a message that fades). Not compared: a clock's seconds move every frame, while what it
    draws is already in the node's rectangle and content."""

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown node kind {self.kind!r}")
        if len(self.rect) != 4 or not all(isinstance(v, int) for v in self.rect):
            raise ValueError(f"a node's rect is four ints, not {self.rect!r}")
        if self.rect[2] < 0 or self.rect[3] < 0:
            raise ValueError(f"a node's rect has no negative size: {self.rect!r}")
        unknown = self.state - STATES
        if unknown:
            raise ValueError(f"unknown node state {sorted(unknown)}")

    @property
    def left(self) -> int:
        return self.rect[0]

    @property
    def top(self) -> int:
        return self.rect[1]

    @property
    def right(self) -> int:
        return self.rect[0] + self.rect[2]

    @property
    def bottom(self) -> int:
        return self.rect[1] + self.rect[3]

    @property
    def centre(self) -> tuple[float, float]:
        return (self.rect[0] + self.rect[2] / 2, self.rect[1] + self.rect[3] / 2)

    @property
    def carries_information(self) -> bool:
        return self.kind in INFORMATION

    def overlaps(self, other: Node) -> bool:
        """Whether the two rectangles share an area (touching edges do not)."""
        return overlap(self.rect, other.rect) > 0

    def inside(self, rect: Rect) -> bool:
        """Whether this node lies wholly inside ``rect``."""
        x, y, w, h = rect
        return self.left >= x and self.top >= y and self.right <= x + w and self.bottom <= y + h

    def gap(self, other: Node | Rect) -> float:
        """The distance between the two rectangles (0 when they touch or overlap)."""
        return gap(self.rect, other.rect if isinstance(other, Node) else other)


def overlap(a: Rect, b: Rect) -> int:
    """The area two rectangles share.

    >>> overlap((0, 0, 10, 10), (5, 5, 10, 10)), overlap((0, 0, 10, 10), (10, 0, 5, 5))
    (25, 0)
    """
    w = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    h = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0


def gap(a: Rect, b: Rect) -> float:
    """The distance between two rectangles (0 when they touch or overlap).

    >>> gap((0, 0, 10, 10), (13, 14, 5, 5))
    5.0
    """
    dx = max(b[0] - (a[0] + a[2]), a[0] - (b[0] + b[2]), 0)
    dy = max(b[1] - (a[1] + a[3]), a[1] - (b[1] + b[3]), 0)
    return float((dx * dx + dy * dy) ** 0.5)


def union(rects: Iterable[Rect]) -> Rect:
    """The smallest rectangle holding all of ``rects`` (at least one).

    >>> union([(0, 0, 10, 10), (20, 5, 5, 10)])
    (0, 0, 25, 15)
    """
    rs = list(rects)
    if not rs:
        raise ValueError("the union of no rectangle")
    left, top = min(r[0] for r in rs), min(r[1] for r in rs)
    right, bottom = max(r[0] + r[2] for r in rs), max(r[1] + r[3] for r in rs)
    return (left, top, right - left, bottom - top)


@dataclass(frozen=True)
class Change:
    """What differs between two pictures: the idents added, removed and changed, and the rectangles
    a renderer must draw again (where each of them was and is)."""

    added: tuple[str, ...]
    removed: tuple[str, ...]
    changed: tuple[str, ...]
    region: tuple[Rect, ...]

    def __bool__(self) -> bool:
        return bool(self.added or self.removed or self.changed)


@dataclass(frozen=True)
class Picture:
    """The whole table as the player sees it: the window's ``size`` and its ``nodes``, drawn in
    order (the later on top). Idents are unique."""

    size: tuple[int, int]
    nodes: tuple[Node, ...]
    _by_ident: Mapping[str, Node] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        ordered = tuple(sorted(self.nodes, key=lambda n: n.depth))
        object.__setattr__(self, "nodes", ordered)
        index: dict[str, Node] = {}
        for node in ordered:
            if node.ident in index:
                raise ValueError(f"two nodes named {node.ident!r}")
            index[node.ident] = node
        object.__setattr__(self, "_by_ident", MappingProxyType(index))

    @property
    def screen(self) -> Rect:
        return (0, 0, self.size[0], self.size[1])

    def __iter__(self) -> Iterator[Node]:
        return iter(self.nodes)

    def __len__(self) -> int:
        return len(self.nodes)

    def __contains__(self, ident: object) -> bool:
        return ident in self._by_ident

    def __getitem__(self, ident: str) -> Node:
        return self._by_ident[ident]

    def get(self, ident: str) -> Node | None:
        return self._by_ident.get(ident)

    def of_kind(self, *kinds: str) -> list[Node]:
        """The nodes of these kinds, in depth order."""
        return [n for n in self.nodes if n.kind in kinds]

    def owned_by(self, seat: int, kind: str | None = None) -> list[Node]:
        """The nodes that belong to ``seat`` (of ``kind`` only, if given)."""
        return [n for n in self.nodes if n.owner == seat and (kind is None or n.kind == kind)]

    def diff(self, other: Picture) -> Change:
        """What changed from this picture to ``other``: the nodes added, removed and changed (by
        ident), and the dirty region (their rectangles before and after; the whole window when the
        window's size changed)."""
        before, after = self._by_ident, other._by_ident
        added = tuple(i for i in after if i not in before)
        removed = tuple(i for i in before if i not in after)
        changed = tuple(i for i, node in after.items() if i in before and before[i] is not node and before[i] != node)
        if self.size != other.size:
            region: tuple[Rect, ...] = (other.screen,)
        else:
            rects = [after[i].rect for i in added + changed] + [before[i].rect for i in removed + changed]
            region = tuple(dict.fromkeys(r for r in rects if r[2] and r[3]))
        return Change(added, removed, changed, region)


DEPTH_UNDER = 20
"""An adapter's nodes under the cards lie at ``DEPTH_UNDER`` up to 99 (its marks, its labels)."""
DEPTH_OVER = 1200
"""An adapter's nodes over the cards lie at ``DEPTH_OVER`` up to 1299 (badges, bubbles, score cards),
under the buttons, the log, the coach and the message."""
MIDDLE = frozenset({"stock", "discard"})
"""The piles in the middle: a round's score card may lie over them (nothing to draw once it is over)."""
