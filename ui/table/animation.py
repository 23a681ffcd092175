"""How the table's card sprites follow the match: each event of a move flies one sprite from its source
zone to its destination (staggered), then every zone is reconciled with the view by card text, and
every sprite is sent, animated, to where the adapter places it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core import Event
from ui.table.sprites import CardSprite
from ui.table.tween import STAGGER, speed_factor

if TYPE_CHECKING:
    from ui.table.scene import TableScene


class SpriteSync:
    """Sends one table scene's sprites where the view puts them (see the module docstring)."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene


    def follow(self, events: list[Event], animate_deal: bool, pace: float) -> None:
        """Move the sprites for ``events`` (as the viewer saw them), then send every sprite where the
        view puts it, flights taking ``pace`` of the animation time (``animate_deal``: from the stock)."""
        wanted = self.scene.adapter.zones(self.scene.view)
        if self.scene.viewer is not None:
            key = f"hand:{self.scene.viewer}"
            if key in wanted and all(c is not None for c in wanted[key]):
                wanted[key] = list(self.scene.adapter.hand_order(self.scene.viewer, [c for c in wanted[key] if c]))
        factor = speed_factor(self.scene.app.settings.animation_speed) * pace
        delays: dict[int, float] = {}
        # 1. follow the events: each card event moves one sprite from its source zone to its destination
        moved = 0
        arrived: set[int] = set()
        for event in events:
            if not event.src or not event.dst or event.src == event.dst:
                continue
            sprite = self._take_from(event.src, event.card, arrived)
            if sprite is None:
                continue
            arrived.add(sprite.ident)
            sprite.zone = event.dst
            if event.card is not None:
                sprite.card = event.card
            delays[sprite.ident] = moved * STAGGER * factor
            moved += 1
        # 2. reconcile with the view: every zone gets exactly the sprites of its cards
        by_zone: dict[str, list[CardSprite]] = {}
        for s in self.scene.sprites:
            by_zone.setdefault(s.zone, []).append(s)
        used: set[int] = set()
        result: dict[str, list[CardSprite | None]] = {}
        for zone, cards in wanted.items():
            here = by_zone.get(zone, [])
            slots: list[CardSprite | None] = [None] * len(cards)
            for i, card in enumerate(cards):
                if card is not None:
                    mine = next((s for s in here if s.ident not in used and s.card == card), None)
                    if mine is not None:
                        slots[i] = mine
                        used.add(mine.ident)
            result[zone] = slots
        for zone, cards in wanted.items():
            slots = result[zone]
            for i, card in enumerate(cards):
                if slots[i] is None and card is not None:
                    found = next((s for s in self.scene.sprites if s.ident not in used and s.card == card), None)
                    if found is not None:
                        slots[i] = found
                        used.add(found.ident)
        for zone, cards in wanted.items():
            slots = result[zone]
            here = [s for s in by_zone.get(zone, []) if s.ident not in used]
            for i in range(len(cards)):
                if slots[i] is None and here:
                    kept = here.pop(0)
                    slots[i] = kept
                    used.add(kept.ident)
        spare = [s for s in self.scene.sprites if s.ident not in used]
        layout = self.scene.layout
        stock_x, stock_y = layout.stock_pos
        fresh: list[CardSprite] = []
        for zone, cards in wanted.items():
            slots = result[zone]
            for i in range(len(cards)):
                if slots[i] is None:
                    if spare:
                        slots[i] = spare.pop(0)
                    else:
                        new = CardSprite(None, zone, stock_x, stock_y, layout.card_w)
                        new.target = (stock_x, stock_y)
                        slots[i] = new
                        fresh.append(new)
        # 3. new faces, zones and targets
        deal_delay: dict[tuple[str, int], float] = {}
        if animate_deal and factor > 0:
            for n, dealt in enumerate(self.scene.adapter.deal_order(wanted)):
                deal_delay[dealt] = n * STAGGER * 0.55 * factor
            for s in self.scene.sprites + fresh:
                s.x, s.y, s.width = stock_x, stock_y, layout.card_w
                s.face_up = False
        duration = self.scene._duration(pace)
        sprites: list[CardSprite] = []
        for zone, cards in wanted.items():
            places = self.scene.adapter.place(zone, len(cards), self.scene.view, layout)
            face = self.scene.adapter.face_up(zone, self.scene.view)
            rank = self.scene.adapter.zone_rank(zone)
            for i, (sprite, card) in enumerate(zip(result[zone], cards)):
                assert sprite is not None
                was_face = sprite.shows_face
                same_zone = sprite.zone == zone and sprite.ident not in delays
                sprite.zone = zone
                sprite.card = card
                sprite.face_up = face and card is not None
                sprite.order = rank * 1000 + i
                x, y, width = places[i]
                delay = deal_delay.get((zone, i), delays.get(sprite.ident, 0.0))
                sprite.flip_from_back = not was_face and sprite.shows_face and duration > 0
                sprite.send((x, y), width, duration, delay, smooth=same_zone and not deal_delay)
                if sprite.motion is None:
                    sprite.flip_from_back = False
                sprites.append(sprite)
        self.scene.sprites = sprites

    def _take_from(self, zone: str, card: str | None, arrived: set[int] | None = None) -> CardSprite | None:
        """The sprite leaving ``zone`` for an event: the named card if known there, else the top one.

        Of the unnamed cards, one that ``arrived`` there earlier in the same move leaves only if it
        is alone (so two hidden cards that swap places both move).
        """
        here = [s for s in self.scene.sprites if s.zone == zone]
        if not here:
            return None
        if card is not None:
            for s in here:
                if s.card == card:
                    return s
        rest = [s for s in here if s.ident not in arrived] if arrived else here
        rest = rest or here
        if card is not None:
            unknown = [s for s in rest if s.card is None]
            if unknown:
                return max(unknown, key=lambda s: s.order)
        return max(rest, key=lambda s: s.order)
