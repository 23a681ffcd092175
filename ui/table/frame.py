"""The table's frame: the resting layer where it changed, then everything above it (targets lit,
cards in flight, the game's marks, buttons, log, coach, the dragged card, the message), drawn
through an ``Ink`` that notes where, so that the next frame puts back only those areas."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ui.table.ink import Ink
from ui.table.layout import TableLayout
from ui.table.paint import area, merge_regions
from ui.table.sprites import CardSprite

if TYPE_CHECKING:
    from ui.table.scene import TableScene


class TableFrame:
    """Composes one table scene's frames (see the module docstring)."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.overlays: list[pygame.Rect] | None = None
        """Where the last frame drew over the resting layer (None: draw the next frame whole)."""
        self.still = False
        """Whether nothing moved in the last frame (a card flying, one dragged or rising)."""

    def draw(self, surface: pygame.Surface, layout: TableLayout) -> None:
        """Compose the table on ``surface``. On the screen that still shows this table's last frame,
        only the areas that changed are drawn again, and nothing when nothing changed: copying a
        whole layer to the screen was the largest cost of a frame."""
        scene = self.scene
        over = scene.app.drawn_over(scene, surface) if self.overlays is not None else None
        if over == [] and self.still and not (scene.dirty or scene.hud.stale):
            scene.painted = []
            return
        self._compose(surface, layout, over)
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
        scene.hud.update(layout)
        scene.resting.draw(frame, layout, self.resting_and_flying(None)[0], [])

    def _compose(self, frame: pygame.Surface, layout: TableLayout, over: list[pygame.Rect] | None) -> None:
        """The table on ``frame``: the resting layer (where it changed, where the last frame drew
        over it and where ``over`` says something else did; all of it when ``over`` is None), then
        everything above it, through an ``Ink`` that notes where for the next frame."""
        scene = self.scene
        if scene.curtain.shown:
            name = scene.curtain.name or ""
            scene.curtain_art.draw(frame, scene.app.tr("table.pass_to", name=name),
                                   scene.app.tr("table.pass_hint", name=name), layout.text_scale)
            self.overlays = scene.painted = None
            return
        static: list[pygame.Rect] = []
        if scene.hud.stale or scene.hud.layer is None:
            static = scene.hud.update(layout)
            scene.hud.stale = False
        dragging = scene.input.drag["sprite"] if scene.input.drag else None
        resting, flying = self.resting_and_flying(dragging)
        changed = scene.resting.draw(frame, layout, resting, static)
        screen = frame.get_rect()
        regions = [screen] if over is None or self.overlays is None else \
            merge_regions(changed + self.overlays + over, screen)
        if sum(area(r) for r in regions) > area(screen) // 2:
            regions = [screen]
        rest = scene.resting.layer
        if rest is not None:
            for region in regions:
                frame.blit(rest, region, region)
        ink = Ink(frame)
        for target in scene.input.drop_targets():
            if target.lit:
                ink.rect((255, 220, 90), target.rect.inflate(10, 10), 4, border_radius=12)
        for s in flying:
            ink.note(s.draw(frame, scene.art))
        mark = len(ink.areas)
        scene.adapter.draw_over(ink, scene.view, layout)
        scene.panels.game_marks = ink.areas[mark:]
        focus = scene.input.focused()
        for b in scene.buttons:
            ink.note(b.draw(frame, scene.text, b is focus))
        log = scene.log.draw(frame, scene.log_box(), layout.log_text(scene.log_large), solid=scene.log_large)
        if log is not None:
            ink.note(log)
        scene.panels.draw_coach(ink, layout)
        if dragging is not None:
            ink.note(dragging.draw(frame, scene.art))
        if scene.message:
            scene.panels.draw_message(ink, layout)
        scene.painted = None if regions == [screen] else regions + ink.areas
        self.overlays = ink.areas
