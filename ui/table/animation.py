"""How the table's card sprites follow the match: each event of a move flies one sprite from its source
zone to its destination (staggered), then every zone is reconciled with the view by card text, and
every sprite is sent, animated, to where the adapter places it.

The room reads nothing of the scene: the game's adapter (where its zones are and how they show) is
given once, and each reconciliation is given the sprites and a ``Stage`` (the view, the viewer, the
layout and the animation's pace); it answers with the sprites as they now are, in drawing order."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.core import Event
from ui.table.layout import TableLayout
from ui.table.sprites import CardSprite
from ui.table.tween import STAGGER

if TYPE_CHECKING:
    from ui.games.base import TableAdapter

Slots = dict[str, list[CardSprite | None]]
"""Each zone's places, in display order, and the sprite chosen for each (None: not chosen yet)."""


@dataclass(frozen=True)
class Stage:
    """What one reconciliation reads of the table: the view as the viewer sees it, the layout, and how
    fast cards fly (``factor``: the animation speed times the move's pace; ``duration``: a flight)."""

    view: dict[str, Any]
    viewer: int | None
    layout: TableLayout
    factor: float
    duration: float


class SpriteSync:
    """Sends a table's sprites where the view puts them (see the module docstring)."""

    def __init__(self, adapter: TableAdapter[Any]) -> None:
        self.adapter = adapter

    def follow(self, sprites: list[CardSprite], events: list[Event], stage: Stage,
               animate_deal: bool) -> list[CardSprite]:
        """Move ``sprites`` for ``events`` (as the viewer saw them), then send every sprite where the
        view puts it (``animate_deal``: from the stock); the sprites the table now shows."""
        wanted = self._wanted(stage)
        delays = self._fly(sprites, events, stage.factor)
        slots, fresh = self._reconcile(sprites, wanted, stage.layout)
        deal_delay = self._deal(wanted, sprites + fresh, stage) if animate_deal and stage.factor > 0 else {}
        return self._send(wanted, slots, stage, delays, deal_delay)

    def _wanted(self, stage: Stage) -> dict[str, list[str | None]]:
        """Every zone's cards as the view shows them, the viewer's hand in the order they keep it."""
        wanted = self.adapter.zones(stage.view)
        key = f"hand:{stage.viewer}"
        if stage.viewer is not None and key in wanted and all(c is not None for c in wanted[key]):
            wanted[key] = list(self.adapter.hand_order(stage.viewer, [c for c in wanted[key] if c]))
        return wanted

    def _fly(self, sprites: list[CardSprite], events: list[Event], factor: float) -> dict[int, float]:
        """Each card event moves one sprite from its source zone to its destination: the delay before
        each moved sprite leaves (staggered in the events' order), by ident."""
        delays: dict[int, float] = {}
        arrived: set[int] = set()
        moved = 0
        for event in events:
            if not event.src or not event.dst or event.src == event.dst:
                continue
            sprite = self._take_from(sprites, event.src, event.card, arrived)
            if sprite is None:
                continue
            arrived.add(sprite.ident)
            sprite.zone = event.dst
            if event.card is not None:
                sprite.card = event.card
            delays[sprite.ident] = moved * STAGGER * factor
            moved += 1
        return delays

    def _reconcile(self, sprites: list[CardSprite], wanted: dict[str, list[str | None]],
                   layout: TableLayout) -> tuple[Slots, list[CardSprite]]:
        """Every zone gets exactly the sprites of its cards: a known card's own sprite (in its zone,
        else wherever it is), then an unknown card a sprite already in the zone, then any sprite left,
        then a new one on the stock; the choice, and the new sprites."""
        by_zone: dict[str, list[CardSprite]] = {}
        for s in sprites:
            by_zone.setdefault(s.zone, []).append(s)
        used: set[int] = set()
        slots: Slots = {zone: [None] * len(cards) for zone, cards in wanted.items()}
        for zone, cards in wanted.items():
            self._by_card(slots[zone], cards, by_zone.get(zone, []), used)
        for zone, cards in wanted.items():
            self._by_card(slots[zone], cards, sprites, used)
        for zone in wanted:
            self._fill(slots[zone], [s for s in by_zone.get(zone, []) if s.ident not in used], used)
        spare = [s for s in sprites if s.ident not in used]
        stock_x, stock_y = layout.stock_pos
        fresh: list[CardSprite] = []
        for zone, places in slots.items():
            for i, chosen in enumerate(places):
                if chosen is None:
                    if not spare:
                        new = CardSprite(None, zone, stock_x, stock_y, layout.pile_w)
                        new.target = (stock_x, stock_y)
                        fresh.append(new)
                        spare.append(new)
                    places[i] = spare.pop(0)
        return slots, fresh

    @staticmethod
    def _by_card(places: list[CardSprite | None], cards: list[str | None], among: list[CardSprite],
                 used: set[int]) -> None:
        """Each empty place of a known card takes a sprite ``among`` those given showing that card."""
        for i, card in enumerate(cards):
            if places[i] is None and card is not None:
                mine = next((s for s in among if s.ident not in used and s.card == card), None)
                if mine is not None:
                    places[i] = mine
                    used.add(mine.ident)

    @staticmethod
    def _fill(places: list[CardSprite | None], here: list[CardSprite], used: set[int]) -> None:
        """Each place still empty takes the next sprite ``here`` (the zone's own, not chosen yet)."""
        for i in range(len(places)):
            if places[i] is None and here:
                kept = here.pop(0)
                places[i] = kept
                used.add(kept.ident)

    def _deal(self, wanted: dict[str, list[str | None]], sprites: list[CardSprite],
              stage: Stage) -> dict[tuple[str, int], float]:
        """A deal: every sprite goes back face down onto the stock, and each place's delay before its
        card is dealt to it (in the game's dealing order)."""
        layout = stage.layout
        stock_x, stock_y = layout.stock_pos
        delays = {dealt: n * STAGGER * 0.55 * stage.factor for n, dealt in enumerate(self.adapter.deal_order(wanted))}
        for s in sprites:
            s.x, s.y, s.width = stock_x, stock_y, layout.pile_w
            s.face_up = False
        return delays

    def _send(self, wanted: dict[str, list[str | None]], slots: Slots, stage: Stage, delays: dict[int, float],
              deal_delay: dict[tuple[str, int], float]) -> list[CardSprite]:
        """Give each chosen sprite its card, face, zone and order, and send it to its place (a card
        sliding along its own zone eases; one thrown or dealt lands softly); the sprites, in order."""
        duration = stage.duration
        sprites: list[CardSprite] = []
        for zone, cards in wanted.items():
            places = self.adapter.place(zone, len(cards), stage.view, stage.layout)
            face = self.adapter.face_up(zone, stage.view)
            rank = self.adapter.zone_rank(zone)
            for i, (sprite, card) in enumerate(zip(slots[zone], cards)):
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
        return sprites

    def spring_back(self, sprite: CardSprite, duration: float) -> None:
        """Send a card let go back to its place (in ``duration``), at its zone's depth again."""
        sprite.order = self.adapter.zone_rank(sprite.zone) * 1000
        target = sprite.target
        sprite.target = (sprite.x, sprite.y)
        sprite.send(target, sprite.target_width or sprite.width, max(duration, 0.0))

    @staticmethod
    def _take_from(sprites: list[CardSprite], zone: str, card: str | None,
                   arrived: set[int] | None = None) -> CardSprite | None:
        """The sprite leaving ``zone`` for an event: the named card if known there, else the top one.

        Of the unnamed cards, one that ``arrived`` there earlier in the same move leaves only if it
        is alone (so two hidden cards that swap places both move).
        """
        here = [s for s in sprites if s.zone == zone]
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
