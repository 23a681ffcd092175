"""Huit at the table: the whole adapter of a test-only game, to show how little a game must add.

Zones and their places come from the base adapter (the stock, the discard and the hands). A click
on a card of the viewer's hand plays it and a click on the stock draws, both only when the engine
lists that move; a drag of a playable card onto the discard plays it too.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.core import Move
from ui.games.base import ArgumentPicker, TableAdapter
from ui.table.gestures import NOTHING, ButtonSpec, CardGestures, Drop
from ui.table.sprites import CardSprite


class HuitAdapter(TableAdapter):
    game_id = "huit"

    def zones(self, view: dict[str, Any]) -> dict[str, list[str | None]]:
        zones: dict[str, list[str | None]] = {"stock": [None] * view["pile_size"], "discard": list(view["discard"])}
        for seat, size in enumerate(view["hand_sizes"]):
            shown = view["hands"][seat] if view["hands"] else view["hand"] if seat == view["seat"] else None
            zones[f"hand:{seat}"] = list(shown) if shown is not None else [None] * size
        return zones

    def card(self, sprite: CardSprite, view: dict[str, Any], legal: list[Move]) -> CardGestures:
        """The stock draws when drawing is legal; a playable card of the viewer's hand plays when
        clicked or dropped on the discard."""
        if sprite.zone == "stock":
            draw = next((m for m in legal if m.name == "draw"), None)
            return CardGestures(click=draw, focus=draw is not None)
        viewer = self.table.viewer
        if viewer is None or sprite.zone != f"hand:{viewer}" or sprite.card is None:
            return NOTHING
        move = ArgumentPicker(legal, {"play"}).would_play(sprite.card)
        if move is None:
            return NOTHING
        layout = self.table.layout
        x, y = layout.discard_pos
        pile = pygame.Rect(round(x), round(y), layout.card_w, layout.card_h)
        return CardGestures(click=move, drops=(Drop.onto("discard", pile, move),), focus=True)

    def buttons(self, view: dict[str, Any], legal: list[Move]) -> list[ButtonSpec]:
        labels = {"pass": "Pass", "next": "Next hand"}
        return [ButtonSpec(m.name, labels[m.name], m, True) for m in legal if m.name in labels][:1]

    def status(self, view: dict[str, Any], legal: list[Move]) -> str:
        top = view["discard"][-1] if view["discard"] else "?"
        return f"Follow the {top} (suit or rank), or play an eight" if view["phase"] == "play" else view["phase"]
