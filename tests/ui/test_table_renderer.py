"""The table's renderer draws its picture and, frame to frame, only where the picture changed
(``ui.table.frame``): a node changed in every way a node can change (moved, added, removed, another
face, another state, another text, another depth) gives a screen equal pixel for pixel to the same
picture drawn from nothing, while only a part of the screen was drawn again."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import pygame
import pytest

from ui.session import MatchSession, SeatInfo
from ui.settings import Settings
from ui.table.frame import TableFrame, changed_regions
from ui.table.paint import area
from ui.table.scene import TableScene


def table(app: Any) -> TableScene:
    app.settings = Settings(language="en", bot_delay=0.0)
    app.start_match(MatchSession.new("gin_rummy", [SeatInfo("Ann"), SeatInfo("Bot", "normal")], seed=4))
    scene = app.top
    assert isinstance(scene, TableScene)
    scene.wait_for_bot()
    scene.finish_animations()
    post_nothing(app)
    return scene


def post_nothing(app: Any) -> None:
    """Two frames drawn with nothing happening (the pointer off the table)."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0), buttons=(0, 0, 0)))
    app.step(0.0)
    app.draw()


def from_nothing(app: Any, scene: TableScene) -> pygame.Surface:
    """The table's picture drawn whole, by a renderer of its own, on a new surface."""
    surface = pygame.Surface(app.screen.get_size()).convert(app.screen)
    painted = scene.painted
    TableFrame(scene).draw(surface, scene.layout)
    scene.painted = painted
    return surface


def hand(scene: TableScene) -> list[Any]:
    return sorted((s for s in scene.sprites if s.zone == f"hand:{scene.viewer}"), key=lambda s: s.order)


def move(scene: TableScene) -> None:
    card = hand(scene)[3]
    card.x += 23
    card.y -= 31


def add(scene: TableScene) -> None:
    scene.say("A word over the table", kind="info")


def remove(scene: TableScene) -> None:
    scene.message = None


def content(scene: TableScene) -> None:
    hand(scene)[5].face_up = False


def state(scene: TableScene) -> None:
    hand(scene)[2].highlight = "selected"


def text(scene: TableScene) -> None:
    scene.log.add("A line in the log")
    scene.session.seats[1] = dataclasses.replace(scene.session.seats[1], name="Bettina")
    scene.hud.stale = True


def depth(scene: TableScene) -> None:
    a, b = hand(scene)[6:8]
    a.order, b.order = b.order, a.order


def hover(scene: TableScene) -> None:
    scene.buttons[0].hover = True


CHANGES: list[tuple[str, Callable[[TableScene], None]]] = [
    ("moved", move), ("added", add), ("removed", remove), ("content", content), ("state", state), ("text", text),
    ("depth", depth), ("hovered", hover)]


@pytest.mark.parametrize(("name", "changing"), CHANGES)
def test_a_node_changed_in_any_way_is_drawn_as_from_nothing(app: Any, name: str,
                                                            changing: Callable[[TableScene], None]) -> None:
    scene = table(app)
    if changing is remove:
        add(scene)
        app.draw()
    before = scene.picture()
    changing(scene)
    scene.dirty = True  # the renderer is asked for a frame; what it draws is the picture's difference
    after = scene.picture()
    assert before.diff(after), f"{name}: the picture did not change"
    app.draw()
    live = pygame.image.tobytes(app.screen, "RGB")
    assert live == pygame.image.tobytes(from_nothing(app, scene), "RGB"), f"{name}: differs from drawn from nothing"
    painted = scene.painted
    assert painted is not None and painted, f"{name}: the whole screen was drawn again"
    screen = app.screen.get_rect()
    assert sum(area(r) for r in painted) < area(screen) // 2
    changed, _ = changed_regions(before, after)
    assert all(any(r.contains(c.clip(screen)) for r in painted) for c in changed), "a change left out"


def test_nothing_changed_draws_nothing(app: Any) -> None:
    scene = table(app)
    scene.dirty = True
    app.draw()
    assert scene.painted == []


def test_a_new_look_draws_a_new_picture_whole(app: Any) -> None:
    """A setting changed (here the text size) makes a new picture: drawn whole, nothing kept."""
    scene = table(app)
    app.set_ui_scale(150)
    app.step(0.0)
    assert scene.painted is None
    assert pygame.image.tobytes(app.screen, "RGB") == pygame.image.tobytes(from_nothing(app, scene), "RGB")


@pytest.mark.parametrize("lifted", [False, True])
@pytest.mark.parametrize("highlight", [None, "target", "selected", "focus", "meld", "deadwood"])
def test_a_card_draws_only_within_its_reach(app: Any, lifted: bool, highlight: str | None) -> None:
    """Whatever a card sprite draws (its face, its shadow fallen right and down, its highlight) lies
    inside the area the renderer gives its node (``reach``), which it draws again when the card
    changes: a pixel outside would stay behind. The yardstick is the pixels the sprite really draws
    on an empty surface, at card widths from the smallest to a 4K table's."""
    from ui.cards import CardArt
    from ui.picture.model import Node
    from ui.table.frame import reach
    from ui.table.sprites import CardSprite

    art = CardArt(app.font, app.tr)
    for width in (24, 41, 64, 97, 150, 231, 312):
        surface = pygame.Surface((width * 3, width * 4), pygame.SRCALPHA)
        sprite = CardSprite("Qh", "hand:0", x=width, y=width, width=width, face_up=True)
        sprite.highlight = highlight
        sprite.lift = sprite.lift_goal = 1.0 if lifted else 0.0  # raised: the longer shadow
        sprite.draw(surface, art)
        drawn = pygame.mask.from_surface(surface, 0)
        rect, _, raised = sprite.look()
        assert raised == lifted
        node = Node("card:x", "card", (rect.x, rect.y, rect.w, rect.h), 100,
                    state=frozenset({"lifted"}) if raised else frozenset())
        inked = drawn.get_bounding_rects()
        assert inked, "the card drew nothing"
        box = inked[0].unionall(inked[1:])
        assert reach(node).contains(box), (width, box, reach(node))
