"""The picture of a table scene as it is now (``ui.picture.model``): every card, plate, pile, button,
bubble and panel with its rectangle, in the order the scene draws them.

The builder only reads the scene (its layout, its sprites where they are, its texts, the settings'
sizes through the layout); the geometry comes from the functions the drawing itself uses (the plates'
and the top bar's ``plate_parts``/``bar_parts``, the panels' ``coach_box``/``message_box``, the buttons'
rectangles, the adapters' ``picture_nodes``), so the picture cannot disagree with the pixels."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from ui.picture.model import DEPTH_OVER, DEPTH_UNDER, MIDDLE, Countdown, Node, Picture, Rect
from ui.table.hud import bar_parts, plate_parts

if TYPE_CHECKING:
    from ui.table.scene import TableScene
    from ui.table.sprites import CardSprite

DEPTH_BAR = 10
DEPTH_PILES = 12
DEPTH_PLATES = 14
DEPTH_CARDS = 100
"""Resting cards from here, in the order they are drawn (under the adapter's marks over them)."""
DEPTH_TARGETS = 1000
DEPTH_FLYING = 1100
DEPTH_BUTTONS = 1300
DEPTH_LOG = 1400
DEPTH_COACH = 1500
DEPTH_DRAGGED = 1600
DEPTH_MESSAGE = 1700
DEPTH_CURTAIN = 1800
LOG_SHOWN = 60
"""More lines than the log can show at once: its content is the line at its bottom, its spoken label
the lines up to that one (and how many newer lines wait below while it is read back)."""


def rect_of(rect: pygame.Rect) -> Rect:
    """A pygame rectangle as the picture's tuple."""
    return (int(rect.x), int(rect.y), int(rect.w), int(rect.h))


def seat_of(zone: str) -> int | None:
    """The seat a zone belongs to (``hand:2``, ``slot:2.1``, ``column:2:h``, ``meld:2:0``), else None."""
    head, _, rest = zone.partition(":")
    if not rest or head in ("stock", "discard"):
        return None
    number = rest.split(":")[0].split(".")[0]
    return int(number) if number.isdigit() else None


class Nodes:
    """What one renderer's pictures may share from one picture to the next, so that a node whose
    inputs did not change is the same object (``Picture.diff`` then passes it by identity) and is not
    made or measured again: the cards' spoken names by face, and the nodes of the last picture of
    each card (on its look, zone and gestures), each plate (on what it shows) and the top bar (on its
    words). Everything is forgotten with a new layout (a window, a setting); a renderer is made anew
    with a new look (the language, the text size), and its ``Nodes`` with it."""

    def __init__(self) -> None:
        self.names: dict[str, str] = {}
        """The cards' spoken names found, by face (``back`` too)."""
        self.layout: object = None
        self.cards: dict[tuple[Any, ...], Node] = {}
        self.plates: dict[tuple[Any, ...], list[Node]] = {}
        self.bar: dict[tuple[Any, ...], list[Node]] = {}
        self._cards: dict[tuple[Any, ...], Node] = {}
        self._plates: dict[tuple[Any, ...], list[Node]] = {}
        self._bar: dict[tuple[Any, ...], list[Node]] = {}

    def begin(self, layout: object) -> None:
        """A new picture for ``layout``: what the last picture used may be used again (all is forgotten
        when the layout is another), what it did not is dropped."""
        if layout is not self.layout:
            self.layout = layout
            self.cards, self.plates, self.bar = {}, {}, {}
        else:
            self.cards, self.plates, self.bar = self._cards, self._plates, self._bar
        self._cards, self._plates, self._bar = {}, {}, {}

    def card(self, key: tuple[Any, ...], make: Callable[[], Node]) -> Node:
        node = self.cards.get(key) or make()
        self._cards[key] = node
        return node

    def plate(self, key: tuple[Any, ...], make: Callable[[], list[Node]]) -> list[Node]:
        nodes = self.plates.get(key) or make()
        self._plates[key] = nodes
        return nodes

    def top_bar(self, key: tuple[Any, ...], make: Callable[[], list[Node]]) -> list[Node]:
        nodes = self.bar.get(key) or make()
        self._bar[key] = nodes
        return nodes


def card_node(scene: TableScene, sprite: CardSprite, depth: int, known: Nodes) -> Node:
    """One card as it is drawn now: where (squeezed mid-flip), its code when its face shows, else
    ``back``, raised or not; its group is its zone (a fan, a pile, a meld may overlap within
    itself). The same node as in the last picture when none of that changed."""
    rect, shows_face, lifted = sprite.look()
    face = sprite.card if shows_face and sprite.card else "back"
    acts = scene.gestures.of(sprite)
    role = "button" if acts.click is not None or acts.drag else "img"
    box = rect_of(rect)
    key = (sprite.ident, box, face, shows_face, lifted, sprite.highlight, sprite.zone, role, depth)

    def make() -> Node:
        state = set()
        if shows_face:
            state.add("face_up")
        if lifted:
            state.add("lifted")
        if sprite.highlight in ("focus", "selected"):
            state.add("focused" if sprite.highlight == "focus" else "selected")
        names = known.names
        if face not in names:
            names[face] = scene.adapter.card_words(face) if face != "back" else scene.app.tr("picture.card_back")
        return Node(f"card:{sprite.ident}", "card", box, depth, face, frozenset(state), role, names[face],
                    seat_of(sprite.zone), group=sprite.zone)

    return known.card(key, make)


def plate_nodes(scene: TableScene, spot: Any) -> list[Node]:
    """A seat's name plate and its texts (measured as the plate's drawing writes them)."""
    tr = scene.app.tr
    shown = scene.hud.plate(spot.seat)
    ident = f"plate:{spot.seat}"
    words = ", ".join(x for x in (shown.name, shown.line2, tr("picture.score", score=shown.score)) if x)
    state = {"turn"} if shown.turn else set()
    if spot.bottom:
        state.add("bottom")
    nodes = [Node(ident, "plate", rect_of(spot.plate), DEPTH_PLATES, shown.name, frozenset(state), "img", words,
                  spot.seat)]
    for part in plate_parts(scene.text, spot.plate, shown):
        nodes.append(Node(f"{ident}:{part.name}", "text", rect_of(part.room), DEPTH_PLATES + 1, part.words,
                          owner=spot.seat, parent=ident, text_size=part.size, bold=part.bold))
    return nodes


def picture_of(scene: TableScene, known: Nodes | None = None) -> Picture:
    """The picture of ``scene`` as it would be drawn now (read only: nothing of the scene changes).
    ``known``: what the last picture of this renderer may lend this one (see ``Nodes``)."""
    known = Nodes() if known is None else known
    layout = scene.layout
    known.begin(layout)
    size = layout.size
    tr = scene.app.tr
    if scene.curtain.shown:
        name = scene.curtain.name or ""
        words = tr("table.pass_to", name=name)
        return Picture(size, (Node("felt", "felt", (0, 0, *size), 0),
                              Node("curtain", "panel", (0, 0, *size), DEPTH_CURTAIN, words, role="dialog",
                                   label=f"{words} {tr('table.pass_hint', name=name)}")))
    nodes: list[Node] = [Node("felt", "felt", rect_of(layout.felt), 0)]
    hud = scene.hud
    nodes.append(Node("bar", "status", (0, 0, size[0], layout.top_bar), DEPTH_BAR))
    title = tr(f"game.{scene.session.game_id}.title") if hud.has(
        f"game.{scene.session.game_id}.title") else scene.descriptor.title
    hint, status = hud.hint, scene.gestures.status

    def bar() -> list[Node]:
        return [Node(f"bar:{part.name}", "status" if part.name == "status" else "text", rect_of(part.room),
                     DEPTH_BAR + 1, part.words, role="status" if part.name == "status" else "", label=part.words,
                     parent="bar", text_size=part.size, bold=part.bold)
                for part in bar_parts(scene.text, layout, title, hint, status)]

    nodes += known.top_bar((title, hint, status), bar)
    for zone, pos in (("stock", layout.stock_pos), ("discard", layout.discard_pos)):
        count = sum(1 for s in scene.sprites if s.zone == zone)
        nodes.append(Node(f"pile:{zone}", "pile", (round(pos[0]), round(pos[1]), layout.pile_w, layout.pile_h),
                          DEPTH_PILES, str(count), role="img", label=tr(f"picture.{zone}", n=count),
                          group=zone))
    for spot in layout.seats:
        nodes += known.plate((spot.seat, hud.plate(spot.seat)), partial(plate_nodes, scene, spot))
    dragging = scene.input.drag["sprite"] if scene.input.drag else None
    order = sorted(scene.sprites, key=lambda s: (s.motion is not None and s.motion.started, s.order))
    flying = [s for s in order if s is not dragging and s.motion is not None and s.motion.started]
    resting = [s for s in order if s is not dragging and s not in flying]
    nodes += [card_node(scene, s, DEPTH_CARDS + i, known) for i, s in enumerate(resting)]
    for i, target in enumerate(t for t in scene.input.drop_targets() if t.lit):
        nodes.append(Node(f"target:{i}:{target.zone}", "marker", rect_of(target.rect.inflate(10, 10)),
                          DEPTH_TARGETS, state=frozenset({"lit"}), hides=False))
    nodes += [card_node(scene, s, DEPTH_FLYING + i, known) for i, s in enumerate(flying)]
    extra = scene.adapter.picture_nodes(scene.view, layout)
    for node in extra:
        if not (DEPTH_UNDER <= node.depth < DEPTH_CARDS or DEPTH_OVER <= node.depth < DEPTH_BUTTONS):
            raise ValueError(f"the adapter's node {node.ident} lies at depth {node.depth}, outside its layers")
    nodes += extra
    focus = scene.input.focused()
    for button in scene.buttons:
        state = {"focused"} if button is focus else set()
        if button.hover:
            state.add("hovered")
        if button.primary:
            state.add("primary")
        nodes.append(Node(f"button:{button.key}", "button", rect_of(button.rect), DEPTH_BUTTONS,
                          "\n".join(button.lines) or button.label, frozenset(state), "button", button.label,
                          text_size=button.text_size or round(button.rect.h * 0.42), bold=True))
    log = scene.log
    if log.lines:
        visible = log.lines[max(0, len(log.lines) - 1 - log.back - LOG_SHOWN):len(log.lines) - log.back]
        marker = [log.newer(log.back)] if log.back and log.newer is not None else []
        nodes.append(Node("log", "log", rect_of(scene.log_box()), DEPTH_LOG, visible[-1], role="log",
                          label="\n".join(visible + marker),
                          text_size=max(12, layout.log_text(scene.log_large))))
    coach = scene.panels.coach_box(layout)
    if coach is not None:
        pointed = scene.panels.coach_target()
        if pointed is not None:
            nodes.append(Node("coach:target", "marker", rect_of(pointed.inflate(22, 22)), DEPTH_COACH, hides=False))
        words = " ".join(scene.panels.coach_lines())
        nodes.append(Node("coach", "bubble", rect_of(coach[0]), DEPTH_COACH + 1, words, role="note", label=words))
    if dragging is not None:
        nodes.append(card_node(scene, dragging, DEPTH_DRAGGED, known))
    if scene.message:
        placed = scene.panels.message_box(layout)
        if placed is not None:
            left = max(0.0, scene.message_left)  # it fades out by itself when its time is up
            nodes.append(Node("message", "bubble", rect_of(placed[0]), DEPTH_MESSAGE, scene.message,
                              role="alert", label=scene.message, covers=MIDDLE,
                              countdown=Countdown("fade", left, left) if left > 0 else None))
    return Picture(size, tuple(nodes))
