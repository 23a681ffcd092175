"""The table's renderer: it draws the table's picture (``ui.picture``).

Each frame the scene's picture is made anew and compared with the picture on the screen
(``Picture.diff``): only where a node was added, removed or changed (moved, another face, state,
text or depth) is anything drawn again. There, the resting layer (the static layer, the game's marks
under the cards and the cards at rest) is drawn again where a node under the overlays changed, and
then, region by region, that layer and every node over it that reaches the region, clipped to it.
No room marks what it changed: a node's pixels change only with the node. A setting, the language
or the window makes a new picture, drawn whole."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import pygame

from ui.picture.build import DEPTH_CARDS, DEPTH_TARGETS, Nodes
from ui.picture.model import DEPTH_OVER, DEPTH_UNDER, Node, Picture
from ui.table.ink import Ink
from ui.table.layout import TableLayout
from ui.table.paint import area, merge_regions
from ui.table.resting import RestingLayer
from ui.table.sprites import CardSprite, card_reach

if TYPE_CHECKING:
    from ui.table.scene import TableScene

REACH = 8
"""How far a node's drawing may reach past its rectangle: a button's shadow, an outline's stroke."""
GAME_REACH = 12
"""The same for what a game draws (its badges' and bubbles' borders)."""


def reach(node: Node) -> pygame.Rect:
    """The area a node's drawing may cover: a card's shadow spreads and falls right and below it and
    its highlight's outline lies round it (``card_reach``); a button's shadow, a game's borders."""
    rect = pygame.Rect(node.rect)
    if node.kind == "card":  # a card squeezed mid-flip is drawn without a shadow, inside its rectangle
        left, top, right, bottom = card_reach(rect.w, "lifted" in node.state)
        return pygame.Rect(rect.x - left, rect.y - top, rect.w + left + right, rect.h + top + bottom)
    if DEPTH_UNDER <= node.depth < DEPTH_CARDS or DEPTH_OVER <= node.depth < DEPTH_OVER + 100:
        margin = GAME_REACH
    else:
        margin = REACH
    return rect.inflate(2 * margin, 2 * margin)


def changed_regions(before: Picture, after: Picture) -> tuple[list[pygame.Rect], list[pygame.Rect]]:
    """Where the screen must be drawn again going from ``before`` to ``after`` (every node added,
    removed or changed, where it was and where it is), and the part of it where the resting layer
    must (those nodes that lie under the overlays)."""
    change = before.diff(after)
    was = [before[i] for i in change.removed + change.changed]
    now = [after[i] for i in change.added + change.changed]
    return [reach(n) for n in was + now], [reach(n) for n in was + now if n.depth < DEPTH_TARGETS]


class TableFrame:
    """Draws one table scene's pictures (see the module docstring)."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.resting = RestingLayer()
        self.shown: Picture | None = None
        """The picture on the screen (None: draw the next one whole)."""
        self.rested: Picture | None = None
        """The picture the resting layer shows (drawn as the table opened, before any is shown)."""
        self.still = False
        """Whether nothing moved in the last frame (a card flying, one dragged or rising)."""
        self.known = Nodes()
        """What one picture lends the next (``picture_of``): nodes whose inputs did not change, the
        cards' spoken names in this look's language."""

    def draw(self, surface: pygame.Surface, layout: TableLayout) -> None:
        """Draw the table's picture on ``surface``. On the screen that still shows this table's last
        picture, only where the new one differs, and nothing when nothing moved nor changed."""
        scene = self.scene
        over = scene.app.drawn_over(scene, surface) if self.shown is not None else None
        if over == [] and self.still and not (scene.dirty or scene.hud.stale):
            scene.painted = []
            return
        self._compose(surface, layout, scene.picture(), over)
        scene.dirty = False
        self.still = scene.input.drag is None and not any(s.motion is not None or s.lift != s.lift_goal
                                                          for s in scene.sprites)

    def resting_and_flying(self, dragging: CardSprite | None) -> tuple[list[CardSprite], list[CardSprite]]:
        """The sprites at rest and those in flight, each in the order they are drawn (``dragging``
        in neither: it is drawn over everything)."""
        order = sorted(self.scene.sprites, key=lambda s: (s.motion is not None and s.motion.started, s.order))
        resting = [s for s in order if s is not dragging and not (s.motion is not None and s.motion.started)]
        flying = [s for s in order if s is not dragging and s.motion is not None and s.motion.started]
        return resting, flying

    def prepare(self, frame: pygame.Surface, layout: TableLayout) -> None:
        """Draw the static layer and the resting layer as the table opens, for frames like ``frame``:
        at 3840×2160 they take a tenth of a second, which the first frame of the deal would
        otherwise spend while the cards are meant to fly."""
        scene = self.scene
        if scene.curtain.shown:
            return
        scene.hud.update(layout, scene.gestures.status)
        scene.hud.stale = False
        self.rested = scene.picture()
        self._draw_resting(frame, layout, self.rested, [pygame.Rect((0, 0), layout.size)])

    def _draw_resting(self, frame: pygame.Surface, layout: TableLayout, picture: Picture,
                      regions: list[pygame.Rect]) -> None:
        """The resting layer drawn again in ``regions``, from ``picture``'s nodes under the overlays."""
        scene = self.scene
        assert scene.hud.layer is not None
        dragging = scene.input.drag["sprite"] if scene.input.drag else None
        resting = [(s, reach(picture[f"card:{s.ident}"])) for s in self.resting_and_flying(dragging)[0]]
        under = [reach(n) for n in picture if DEPTH_UNDER <= n.depth < DEPTH_CARDS]
        self.resting.draw(frame, scene.hud.layer, regions, resting, under,
                          lambda layer: scene.adapter.draw_under(layer, scene.view, layout), scene.art)

    def _overlays(self, frame: pygame.Surface, layout: TableLayout,
                  picture: Picture) -> list[tuple[list[pygame.Rect], Callable[[], object]]]:
        """Every node over the resting layer, in the order drawn: the areas it reaches and how to
        draw it (the game's marks over the cards and the coach's box and ring each as one)."""
        scene = self.scene
        ink = Ink(frame)

        def of(*idents: str) -> list[pygame.Rect]:
            return [reach(picture[i]) for i in idents if i in picture]

        items: list[tuple[list[pygame.Rect], Callable[[], object]]] = []
        for i, target in enumerate(t for t in scene.input.drop_targets() if t.lit):
            items.append((of(f"target:{i}:{target.zone}"),
                          partial(ink.rect, (255, 220, 90), target.rect.inflate(10, 10), 4, border_radius=12)))
        dragging = scene.input.drag["sprite"] if scene.input.drag else None
        for s in self.resting_and_flying(dragging)[1]:
            items.append((of(f"card:{s.ident}"), partial(s.draw, frame, scene.art)))
        game = [reach(n) for n in picture if DEPTH_OVER <= n.depth < DEPTH_OVER + 100]
        items.append((game, lambda: scene.adapter.draw_over(ink, scene.view, layout)))
        focus = scene.input.focused()
        for b in scene.buttons:
            items.append((of(f"button:{b.key}"), partial(b.draw, frame, scene.text, b is focus)))
        items.append((of("log"), lambda: scene.log.draw(frame, scene.log_box(), layout.log_text(scene.log_large),
                                                        solid=scene.log_large)))
        items.append((of("coach", "coach:target"), lambda: scene.panels.draw_coach(ink, layout)))
        if dragging is not None:
            items.append((of(f"card:{dragging.ident}"), lambda: dragging.draw(frame, scene.art)))
        if scene.message:
            items.append((of("message"), lambda: scene.panels.draw_message(ink, layout)))
        return items

    def _compose(self, frame: pygame.Surface, layout: TableLayout, picture: Picture,
                 over: list[pygame.Rect] | None) -> None:
        """``picture`` on ``frame``: where it differs from the picture shown and where ``over`` says
        something else drew (all of it when ``over`` is None or nothing is shown yet)."""
        scene = self.scene
        if scene.curtain.shown:
            name = scene.curtain.name or ""
            scene.curtain_art.draw(frame, scene.app.tr("table.pass_to", name=name),
                                   scene.app.tr("table.pass_hint", name=name), layout.text_scale)
            self.shown = self.rested = scene.painted = None
            return
        screen = frame.get_rect()
        felted = False
        if scene.hud.stale or scene.hud.layer is None:
            felted = screen in scene.hud.update(layout, scene.gestures.status)  # a new layout: every pixel may differ
            scene.hud.stale = False
        shown = changed_regions(self.shown, picture) if self.shown is not None else None
        if felted or self.rested is None or self.resting.fresh(layout.size):
            below = [screen]
        else:
            rested = shown if self.rested is self.shown and shown else changed_regions(self.rested, picture)
            below = merge_regions(rested[1], screen)
        if over is None or shown is None or felted:
            regions = [screen]
        else:
            regions = merge_regions(shown[0] + over, screen)
            if sum(area(r) for r in regions) > area(screen) // 2:
                regions = [screen]
        if below:
            self._draw_resting(frame, layout, picture, below)
        whole = regions == [screen]
        rest = self.resting.layer
        assert rest is not None
        items = self._overlays(frame, layout, picture)
        for region in regions:
            frame.set_clip(region)
            frame.blit(rest, region, region)
            for rects, draw in items:
                if whole or region.collidelist(rects) >= 0:  # drawn whole, every node is drawn
                    draw()
        frame.set_clip(None)
        scene.painted = None if whole else regions
        self.shown = self.rested = picture

