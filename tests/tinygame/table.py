"""Huit at the table: the whole adapter of a test-only game, to show how little a game must add.

Zones and their places come from the base adapter (the stock, the discard and the hands). A click
on a card of the viewer's hand plays it and a click on the stock draws, both only when the engine
lists that move; a drag of a playable card onto the discard plays it too.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.core import Move
from ui.games.base import Action, ArgumentPicker, ButtonSpec, Drop, TableAdapter
from ui.table.sprites import CardSprite


class HuitAdapter(TableAdapter):
    game_id = "huit"

    def zones(self, view: dict[str, Any]) -> dict[str, list[str | None]]:
        zones: dict[str, list[str | None]] = {"stock": [None] * view["pile_size"], "discard": list(view["discard"])}
        for seat, size in enumerate(view["hand_sizes"]):
            shown = view["hands"][seat] if view["hands"] else view["hand"] if seat == view["seat"] else None
            zones[f"hand:{seat}"] = list(shown) if shown is not None else [None] * size
        return zones

    def _play(self, sprite: CardSprite, legal: list[Move]) -> Move | None:
        viewer = self.table.viewer
        if viewer is None or sprite.zone != f"hand:{viewer}" or sprite.card is None:
            return None
        return ArgumentPicker(legal, {"play"}).would_play(sprite.card)

    def click(self, sprite: CardSprite, view: dict[str, Any], legal: list[Move], double: bool) -> Action | None:
        if sprite.zone == "stock":
            return next((m for m in legal if m.name == "draw"), None)
        return self._play(sprite, legal)

    def focusable(self, sprite: CardSprite, view: dict[str, Any], legal: list[Move]) -> bool:
        return self.click(sprite, view, legal, False) is not None

    def draggable(self, sprite: CardSprite, view: dict[str, Any], legal: list[Move]) -> bool:
        return self._play(sprite, legal) is not None

    def drops(self, sprite: CardSprite, view: dict[str, Any], legal: list[Move]) -> list[Drop]:
        move = self._play(sprite, legal)
        if move is None:
            return []
        layout = self.table.layout
        x, y = layout.discard_pos
        return [Drop("discard", pygame.Rect(round(x), round(y), layout.card_w, layout.card_h), move)]

    def buttons(self, view: dict[str, Any], legal: list[Move]) -> list[ButtonSpec]:
        labels = {"pass": "Pass", "next": "Next hand"}
        return [ButtonSpec(m.name, labels[m.name], m, True) for m in legal if m.name in labels][:1]

    def status(self, view: dict[str, Any], legal: list[Move]) -> str:
        top = view["discard"][-1] if view["discard"] else "?"
        return f"Follow the {top} (suit or rank), or play an eight" if view["phase"] == "play" else view["phase"]
