"""The table's resting layer: the static layer, what the game draws under the cards and every card at
rest, drawn again only in the regions the renderer gives it (where the picture changed)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from ui.cards import CardArt
from ui.table.paint import hidden_under
from ui.table.sprites import CardSprite


class RestingLayer:
    """Keeps one table's resting layer (see the module docstring); it knows nothing of the scene:
    each frame brings what it draws."""

    def __init__(self) -> None:
        self.layer: pygame.Surface | None = None

    def fresh(self, size: tuple[int, int]) -> bool:
        """Whether the layer must be drawn whole (there is none yet, or it is of another size)."""
        return self.layer is None or self.layer.get_size() != size

    def draw(self, frame: pygame.Surface, base: pygame.Surface, regions: Sequence[pygame.Rect],
             resting: list[tuple[CardSprite, pygame.Rect]], under: Sequence[pygame.Rect],
             draw_under: Callable[[pygame.Surface], None], art: CardArt) -> None:
        """Draw ``regions`` of the layer again: the static layer ``base``, the game's marks under the
        cards (``draw_under``, only where they lie, ``under``) and the cards at ``resting`` (each with
        the area its drawing reaches), in their order. A layer of ``frame``'s size and format is made
        first if there is none of that size (then ``regions`` must hold the whole of it)."""
        if self.layer is None or self.layer.get_size() != base.get_size():
            self.layer = pygame.Surface(base.get_size()).convert(frame)
        layer = self.layer
        for region in regions:
            layer.set_clip(region)
            layer.blit(base, region, region)
            if region.collidelist(under) >= 0:
                draw_under(layer)
            for i, (sprite, reach) in enumerate(resting):
                if not reach.colliderect(region):
                    continue
                if i + 1 < len(resting) and hidden_under(sprite, resting[i + 1][0]):
                    continue
                sprite.draw(layer, art)
        layer.set_clip(None)
