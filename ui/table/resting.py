"""The table's resting layer: the static layer, what the game draws under the cards and every card at
rest, redrawn only where a resting card or the view changed."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ui.table.layout import TableLayout
from ui.table.paint import (
    hidden_under,
    merge_regions,
    resting_look,
)
from ui.table.sprites import CardSprite

if TYPE_CHECKING:
    from ui.table.scene import TableScene


class RestingLayer:
    """Keeps one table scene's resting layer (see the module docstring)."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.layer: pygame.Surface | None = None
        self._cards: dict[int, tuple[Any, ...]] = {}
        """Each resting card as last drawn on the resting layer, by sprite: what it shows and where."""
        self._under: list[pygame.Rect] = []
        self._version = -1

    def draw(self, frame: pygame.Surface, layout: TableLayout, resting: list[CardSprite],
                      static: list[pygame.Rect]) -> list[pygame.Rect]:
        """The felt, the plates and every card at rest, kept as one layer: only the areas where a card
        came, went or changed, a static part was redrawn, or the game's marks under the cards may have
        changed are drawn again (the whole layer when most of it changed); the areas drawn again."""
        assert self.scene.hud.layer is not None
        cards = {s.ident: resting_look(s) for s in resting}
        screen = pygame.Rect((0, 0), layout.size)
        # the marks under the cards follow the view and the resting cards: while neither changed
        # (most frames of a drag or a flight), they lie where they lay
        under = self._under
        if self.layer is None or self.layer.get_size() != layout.size:
            self.layer = pygame.Surface(layout.size).convert(frame)
            under = self.scene.adapter.under_rects(self.scene.view, layout)
            regions = [screen]
        else:
            old = self._cards
            dirty = list(static)
            for ident, look in cards.items():
                if old.get(ident) != look:
                    dirty.append(look[0])
                    if ident in old:
                        dirty.append(old[ident][0])
            dirty.extend(look[0] for ident, look in old.items() if ident not in cards)
            if dirty or self.scene._version != self._version:
                under = self.scene.adapter.under_rects(self.scene.view, layout)
                dirty.extend(under)
                dirty.extend(self._under)
            regions = merge_regions(dirty, screen)
            if sum(r.w * r.h for r in regions) > screen.w * screen.h // 2:
                regions = [screen]
        for region in regions:
            self.layer.set_clip(region)
            self.layer.blit(self.scene.hud.layer, region, region)
            if region.collidelist(under) >= 0:  # the game's marks lie only inside ``under``
                self.scene.adapter.draw_under(self.layer, self.scene.view, layout)
            for i, s in enumerate(resting):
                if not cards[s.ident][0].colliderect(region):
                    continue
                if i + 1 < len(resting) and hidden_under(s, resting[i + 1]):
                    continue
                s.draw(self.layer, self.scene.art)
        self.layer.set_clip(None)
        self._cards, self._under, self._version = cards, under, self.scene._version
        return regions
