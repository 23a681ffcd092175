"""Gin Rummy at the table: the fanned hand with live melds and deadwood, the first-upcard offer,
drawing and discarding by drag or click, Knock and Gin buttons (Knock opens the knock panel, where
the melds to lay out can be changed: ``ui.table.knock_panel``), and the end of a hand spread into
melds, lay-offs and a score card.

Every rule comes from the engine: legal moves and the view's ``melds``/``deadwood``/
``deadwood_after_discard``, ``result``, and ``knocks`` (each knock or gin on offer with its
automatic arrangement first).
"""

from __future__ import annotations

from functools import partial
from typing import Any, NamedTuple

import pygame

from game.core import Event, Move
from game.gin_rummy.views import GinView
from ui.cards import card_height
from ui.games.base import TableAdapter
from ui.picture.build import rect_of
from ui.picture.model import DEPTH_OVER, DEPTH_UNDER, MIDDLE, Node
from ui.settings import GIN_SORTS
from ui.table.gestures import NOTHING, Action, Attempt, ButtonSpec, CardGestures, Drop
from ui.table.ink import Ink
from ui.table.knock_panel import KeptKnock, KnockLayout, KnockPanel
from ui.table.layout import TableLayout
from ui.table.sprites import CardSprite
from ui.table.widgets import FONT_COLOUR, GOLD

RANKS = "A23456789TJQK"
SUITS = "shdc"
MELD_COLOURS = [(110, 220, 140), (120, 190, 255), (250, 200, 90), (230, 140, 230)]
DEADWOOD_COLOUR = (240, 120, 110)
LAYOFF_COLOUR = (250, 236, 160)
"""The tab over a card the defender laid off on the knocker's meld."""


def _hand_result(view: GinView) -> dict[str, Any]:
    """The ended hand's result, asked for only once the hand is over (the view has it then)."""
    result = view["result"]
    if result is None:
        raise ValueError("the hand is not over: its view has no result")
    return result


def _rank_key(card: str) -> tuple[int, int]:
    return RANKS.index(card[0]), SUITS.index(card[1])


def _suit_key(card: str) -> tuple[int, int]:
    return SUITS.index(card[1]), RANKS.index(card[0])


SORT_MODES = (*GIN_SORTS, "custom")
"""How the player's hand is ordered: by the engine's melds, by suit, by rank, or as the player dragged it."""



class CounterLine(NamedTuple):
    """One line of the deadwood counter: its name, words, size (fitted to the box), colour, weight and height."""

    name: str
    words: str
    size: int
    colour: tuple[int, int, int]
    bold: bool
    height: int

class Adapter(TableAdapter[GinView]):
    """The Gin Rummy table adapter."""

    game_id = "gin_rummy"

    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        self.sort_mode = self.app.settings.gin_sort
        self.custom: list[str] = []

    # ================================================================== zones
    def zones(self, view: GinView) -> dict[str, list[str | None]]:
        me = view["seat"]
        zones: dict[str, list[str | None]] = {
            "stock": [None] * view["pile_size"],
            "discard": list(view["discard"]),
        }
        result = view.get("result")
        if view["phase"] in ("hand_over", "match_over") and result is not None:
            layoffs: dict[tuple[int, int], list[str]] = {}
            for lay in result["layoffs"]:
                layoffs.setdefault(tuple(lay["onto"]), []).append(lay["card"])
            for s in (0, 1):
                for i, meld in enumerate(result["melds"][s]):
                    laid: list[str] = sorted(list(meld) + layoffs.get((s, i), []), key=_rank_key)
                    zones[f"meld:{s}:{i}"] = list(laid)
                zones[f"hand:{s}"] = list(result["deadwood_cards"][s])
            return zones
        for s in (0, 1):
            if s == me and view["hand"] is not None:
                zones[f"hand:{s}"] = list(view["hand"])
            else:
                zones[f"hand:{s}"] = [None] * view["hand_sizes"][s]
        return zones

    def face_up(self, zone: str, view: GinView) -> bool:
        return zone != "stock"

    def zone_rank(self, zone: str) -> int:
        return {"stock": 0, "discard": 1, "meld": 3, "hand": 4}.get(zone.split(":")[0], 5)

    # ----------------------------------------------------------------- hand order
    def hand_order(self, seat: int, cards: list[str]) -> list[str]:
        view = self.table.view
        if self.sort_mode == "suit":
            return sorted(cards, key=_suit_key)
        if self.sort_mode == "rank":
            return sorted(cards, key=_rank_key)
        if self.sort_mode == "custom":
            kept = [c for c in self.custom if c in cards]
            new = [c for c in cards if c not in kept]
            self.custom = kept + new
            return list(self.custom)
        melds = [list(m) for m in (view.get("melds") or [])]
        out: list[str] = []
        for meld in melds:
            out.extend(c for c in meld if c in cards and c not in out)
        out.extend(sorted((c for c in cards if c not in out), key=_rank_key))
        return out

    def _live_melds(self, view: GinView, cards: list[str]) -> list[list[str]]:
        """The melds to show in the viewer's hand: a chosen knock's arrangement, else the engine's best."""
        plan = self._knock_plan(view)
        if plan is not None:
            return plan[2]
        return [list(m) for m in (view.get("melds") or [])]

    def reorder(self, seat: int, card: str, index: int) -> None:
        hand = [s.card for s in sorted(self._own_sprites(), key=lambda s: s.target[0]) if s.card]
        if card not in hand:
            return
        hand.remove(card)
        hand.insert(max(0, min(index, len(hand))), card)
        self.custom = hand
        self.sort_mode = "custom"
        self.table.table_changed()

    def set_sort(self, mode: str) -> None:
        """Order the hand so, in this match and (kept in the settings) in the next ones."""
        self.sort_mode = mode
        self.table.table_changed()
        if mode in GIN_SORTS and mode != self.app.settings.gin_sort:
            self.app.settings.gin_sort = mode
            self.app.save_settings()

    def kept(self) -> dict[str, Any]:
        return {"sort": self.sort_mode, "order": list(self.custom)}

    def restore(self, kept: dict[str, Any]) -> None:
        if kept.get("sort") in SORT_MODES:
            self.sort_mode = kept["sort"]
        order = kept.get("order")
        if isinstance(order, list) and all(isinstance(c, str) for c in order):
            self.custom = order[: len(self.table.session.state.full_deck(self.table.session.state.options))]

    def _own_sprites(self) -> list[CardSprite]:
        viewer = self.table.viewer
        return [s for s in self.table.sprites if viewer is not None and s.zone == f"hand:{viewer}"]

    # ================================================================== placement
    def place(self, zone: str, count: int, view: GinView, layout: TableLayout) -> list[tuple[float, float, int]]:
        over = view["phase"] in ("hand_over", "match_over") and view.get("result") is not None
        if over and (zone.startswith("meld:") or zone.startswith("hand:")):
            seat = int(zone.split(":")[1])
            rows = self._spread(view, layout)
            return rows[seat][zone][:count] if zone in rows[seat] else []
        if zone.startswith("hand:") and not layout.seats[int(zone.split(":")[1])].bottom:
            spot = layout.seats[int(zone.split(":")[1])]
            return [(x, y, layout.small_w) for x, y in layout.fan(spot.cards, count, layout.small_w,
                                                                 layout.unit * 6, 0.32)]
        return super().place(zone, count, view, layout)

    def _spread(self, view: GinView, layout: TableLayout) -> dict[int, dict[str, list[tuple[float, float, int]]]]:
        """End of a hand: each seat's melds then its deadwood in one row, the bottom seat near its hand."""
        result = _hand_result(view)
        rows: dict[int, dict[str, list[tuple[float, float, int]]]] = {}
        layoffs: dict[tuple[int, int], int] = {}
        for lay in result["layoffs"]:
            key = (lay["onto"][0], lay["onto"][1])
            layoffs[key] = layoffs.get(key, 0) + 1
        w0 = round(layout.card_w * 0.86)
        for s in (0, 1):
            w = w0
            h = card_height(w)
            step = w * 0.36
            gap = w * 0.5
            groups: list[tuple[str, int]] = []
            for i, meld in enumerate(result["melds"][s]):
                groups.append((f"meld:{s}:{i}", len(meld) + layoffs.get((s, i), 0)))
            groups.append((f"hand:{s}", len(result["deadwood_cards"][s])))
            spot = layout.seats[s]
            if spot.bottom:
                top = layout.hand_y + layout.card_h - h
            else:
                top = round(spot.cards[1] - h / 2)
            # the row starts right of every name plate beside it (its own, and the bottom seat's)
            beside = [p.right for p in (spot.plate, layout.seats[layout.bottom_seat].plate)
                      if p.bottom > top and p.top < top + h]
            start: float = max(beside, default=layout.seats[layout.bottom_seat].plate.right)
            end = layout.log_rect.x - layout.unit
            if layout.portrait:  # upright, the rows span the window (the plates and the log stand above)
                start, end = max(beside, default=layout.felt.x + layout.unit * 0.2), layout.felt.right - layout.unit * 0.2
            room = end - start - layout.unit * 0.6
            widths = [(n - 1) * step + w if n else 0 for _, n in groups]
            total = sum(widths) + gap * (len([x for x in widths if x]) - 1)
            cards = sum(n for _, n in groups)
            while total > room:  # the cards overlap more, then (a long row in a small window) shrink
                step = max(w * 0.2, step - (total - room) / max(1, cards - len(groups)))
                widths = [(n - 1) * step + w if n else 0 for _, n in groups]
                total = sum(widths) + gap * (len([x for x in widths if x]) - 1)
                if total <= room or w <= w0 * 0.6:
                    break
                w = round(w * 0.94)
                step, gap = w * 0.36, w * 0.5
                widths = [(n - 1) * step + w if n else 0 for _, n in groups]
                total = sum(widths) + gap * (len([x for x in widths if x]) - 1)
            if spot.bottom:  # the row shrunk ends level with the hand's foot
                top = layout.hand_y + layout.card_h - card_height(w)
            middle = (start + end) / 2
            left = max(middle - total / 2, start + layout.unit * 0.25)
            placed: dict[str, list[tuple[float, float, int]]] = {}
            x = left
            for (zone, n), width in zip(groups, widths):
                extra = gap if zone.startswith("hand:") and n else 0
                x += extra * 0.5
                placed[zone] = [(x + k * step, top, w) for k in range(n)]
                if n:
                    x += width + gap
            rows[s] = placed
        return rows

    # ================================================================== input
    def card(self, sprite: CardSprite, view: GinView, legal: list[Move]) -> CardGestures:
        """The piles (draw, take) and the viewer's own cards (discard, choose, reorder)."""
        acts = {m.action: m for m in legal}
        viewer = self.table.viewer
        if sprite.zone in ("stock", "discard"):
            return self._pile(sprite, view, acts)
        if viewer is not None and sprite.zone == f"hand:{viewer}" and sprite.card:
            return self._own(viewer, sprite, sprite.card, view, acts)
        return NOTHING

    def _pile(self, sprite: CardSprite, view: GinView, acts: dict[str, Move]) -> CardGestures:
        """The top card of the stock (draw) or of the discard (take), clicked or dragged into the
        hand; a click on a pile the player may not take from now says why."""
        verb = "draw" if sprite.zone == "stock" else "take"
        move = acts.get(verb)
        if move is not None and self._is_top(sprite):
            return CardGestures(click=move, drops=(Drop.onto("hand", self._hand_rect(self.table.layout), move),),
                                focus=True)
        viewer = self.table.viewer
        if viewer is not None and viewer in view["to_move"] and view["phase"] not in ("hand_over", "match_over"):
            return CardGestures(click=self._explain(Move(verb, viewer)))
        return NOTHING

    def _own(self, viewer: int, sprite: CardSprite, card: str, view: GinView, acts: dict[str, Move]) -> CardGestures:
        """A card of the viewer's hand: a click chooses it (Knock discards it), a double click or a
        drop on the discard discards it, a drag or Shift+arrows move it along the hand."""
        choose = partial(self._select, card)
        discard = acts.get(f"discard {card}")
        if discard is not None:
            double: Action = discard
        elif view["phase"] == "discard" and viewer in view["to_move"]:
            double = self._explain(Move(f"discard {card}", viewer))
        else:
            double = choose
        if view["phase"] in ("hand_over", "match_over"):
            return CardGestures(click=choose, double=double)
        layout = self.table.layout
        pile = self._pile_rect(layout, "discard")
        drops: tuple[Drop, ...] = (Drop.onto("discard", pile, discard),) if discard is not None else ()
        drops += (Drop.onto("hand", self._hand_rect(layout), partial(self._reorder_at, sprite), lit=False),)
        return CardGestures(click=choose, double=double, drops=drops,
                            attempts=(Attempt.onto("discard", pile, Move(f"discard {card}", viewer)),), focus=True,
                            shift=(self._shift(viewer, card, -1), self._shift(viewer, card, 1)))

    def _explain(self, attempt: Move) -> Action:
        """Say why the engine does not allow ``attempt`` now."""
        return lambda: self.table.say(self.table.explain(self.table.session.state.refusal(attempt)))

    def _is_top(self, sprite: CardSprite) -> bool:
        same = [s for s in self.table.sprites if s.zone == sprite.zone]
        return bool(same) and sprite is max(same, key=lambda s: s.order)

    def _hand_rect(self, layout: TableLayout) -> pygame.Rect:
        return pygame.Rect(round(layout.size[0] * 0.14), layout.hand_y - round(layout.unit * 0.3),
                           round(layout.size[0] * 0.72), layout.card_h + round(layout.unit * 0.6))

    def _pile_rect(self, layout: TableLayout, zone: str) -> pygame.Rect:
        x, y = layout.stock_pos if zone == "stock" else layout.discard_pos
        return pygame.Rect(round(x), round(y), layout.pile_w, layout.pile_h).inflate(layout.pile_w // 3,
                                                                                     layout.pile_w // 3)

    def _reorder_at(self, sprite: CardSprite) -> None:
        others = [s for s in self._own_sprites() if s is not sprite]
        centre = sprite.x + sprite.width / 2
        index = sum(1 for s in others if s.target[0] + s.target_width / 2 < centre)
        if sprite.card and self.table.viewer is not None:
            self.reorder(self.table.viewer, sprite.card, index)

    def _select(self, card: str) -> None:
        self.table.select(card)

    def _shift(self, viewer: int, card: str, step: int) -> Action:
        """Move ``card`` ``step`` places along the viewer's hand (visual only)."""
        order = [s.card for s in sorted(self._own_sprites(), key=lambda s: s.target[0]) if s.card]
        index = order.index(card) + step
        return lambda: self.reorder(viewer, card, index)

    # ================================================================== knock and gin
    def _knock_plan(self, view: GinView) -> tuple[str, str, list[list[str]], int] | None:
        """(kind, discard, automatic melds, deadwood) of the knock or gin on offer: the engine's best
        offer, or the one that discards the selected card."""
        offers = view.get("knocks") or []
        if not offers:
            return None
        offer = next((o for o in offers if o["card"] == self.table.selected), offers[0])
        return offer["kind"], offer["card"], offer["arrangements"][0]["melds"], offer["deadwood"]

    def open_knock_panel(self, card: str, kept: KeptKnock | None = None) -> None:
        """Knock discarding ``card``: open the knock panel on the engine's automatic arrangement, or
        on the one ``kept`` from before a browser seat reconnected (when it holds the same cards)."""
        view = self.table.view
        offer = next(o for o in view["knocks"] if o["card"] == card and o["kind"] == "knock")
        melds = offer["arrangements"][0]["melds"]
        laid = {c for meld in melds for c in meld}
        deadwood = [c for c in view["hand"] if c != card and c not in laid]
        title = self.tr("gin.panel.title", card=_the_card(self, card))
        layout = KnockLayout(card, melds, deadwood, view["knock_limit"])
        if kept is not None:
            layout.lay(kept)
        self.app.push(KnockPanel(self.app, self.table, layout, title))

    def reopen(self, kept: object) -> bool:
        """A knock panel left open when a browser seat's connection dropped, opened again as it was
        while that knock is still the player's move."""
        if not isinstance(kept, KeptKnock) or self.table.viewer is None:
            return False
        if Move(f"knock {kept.card}", self.table.viewer) not in self.table.legal:
            return False
        if self.table.selected != kept.card:
            self.table.select(kept.card)
        self.open_knock_panel(kept.card, kept)
        return True

    # ================================================================== buttons
    def buttons(self, view: GinView, legal: list[Move]) -> list[ButtonSpec]:
        acts = {m.action: m for m in legal}
        out: list[ButtonSpec] = []
        phase = view["phase"]
        top = view.get("discard_top")
        if "pass" in acts:  # the first upcard, or the wall variant's last discard
            if "take" in acts:
                out.append(ButtonSpec("take", self.tr("gin.button.take", card=_the_card(self, top)), acts["take"], True))
            out.append(ButtonSpec("pass", self.tr("gin.button.pass"), acts["pass"], "take" not in acts))
        plan = self._knock_plan(view)
        if plan is not None:
            kind, card, _melds, deadwood = plan
            if kind == "gin":
                out.append(ButtonSpec("gin", self.tr("gin.button.gin", card=_the_card(self, card)),
                                      acts[f"gin {card}"], True))
            else:
                out.append(ButtonSpec("knock", self.tr("gin.button.knock", card=_the_card(self, card),
                                                       deadwood=deadwood),
                                      partial(self.open_knock_panel, card), True))
        if "next" in acts:
            result = view.get("result") or {}
            new_game = result.get("game_over") and not view["options"].get("hollywood")
            key = "gin.button.next_game" if new_game else "gin.button.next_hand"
            out.append(ButtonSpec("next", self.tr(key), acts["next"], True))
        if phase in ("hand_over", "match_over"):
            out.append(ButtonSpec("sheet", self.tr("gin.button.score_sheet"), self.table.show_score_sheet,
                                  phase == "match_over"))
            if self.table.driver.local and self.table.viewer is not None:
                out.append(ButtonSpec("review", self.tr("gin.button.review"), self.table.review_hand))
        elif view.get("hand"):
            for mode in SORT_MODES[:3]:
                out.append(ButtonSpec(f"sort_{mode}", self.tr(f"gin.button.sort_{mode}"),
                                      partial(self.set_sort, mode), side=True))
        return out

    # ================================================================== words
    def status(self, view: GinView, legal: list[Move]) -> str:
        phase = view["phase"]
        names = view["names"]
        viewer = self.table.viewer
        if phase == "match_over":
            winners = self.table.session.state.winners()
            return self.tr("gin.status.match_over", name=" & ".join(names[w] for w in winners))
        if phase == "hand_over":
            return self.tr("gin.status.hand_over")
        active = view["active"]
        if active is None:
            return ""
        if viewer is None or active != viewer:
            return self.tr("gin.status.waiting", name=names[active])
        if phase == "upcard":
            return self.tr("gin.status.upcard", card=_card_name(self, view["discard_top"]))
        if phase == "draw":
            if any(m.name == "pass" for m in legal):  # the wall variant's last discard
                key = "gin.status.wall_take" if any(m.name == "take" for m in legal) else "gin.status.wall_pass"
                return self.tr(key, card=_the_card(self, view["discard_top"]))
            return self.tr("gin.status.must_draw") if view["must_draw"] else self.tr("gin.status.draw")
        if legal and all(m.name in ("knock", "gin") for m in legal):
            return self.tr("gin.status.must_go_out")
        if any(m.name in ("knock", "gin") for m in legal):
            return self.tr("gin.status.discard_or_knock")
        if view.get("just_taken"):
            return self.tr("gin.status.discard_not", card=_the_card(self, view["just_taken"]))
        return self.tr("gin.status.discard")

    def assisted(self) -> bool:
        """The memory aid shows the opponent's known cards: the match counts as assisted."""
        return bool(self.app.settings.memory_aid)

    def advice(self, move: Move, view: GinView) -> str | None:
        """Every move as advice; a knock or a discard with the deadwood it leaves (the view knows it
        per card)."""
        after = view.get("deadwood_after_discard") or {}
        name, args = move.name, move.args
        lowest = lowest_after(view, self.table.legal)
        if name == "discard" and args and args[0] in after and lowest is not None and after[args[0]] > lowest:
            # the hint weighs the rest of the hand, not only the deadwood now: it says so, with the
            # least the deadwood box shows, rather than seem to contradict it
            return self.tr("gin.hint.discard_more", card=_the_card(self, args[0]), deadwood=after[args[0]],
                           lowest=lowest)
        if name in ("knock", "discard") and args and args[0] in after:
            return self.tr(f"gin.hint.{name}", card=_the_card(self, args[0]), deadwood=after[args[0]])
        if name in ("take", "pass"):
            return self.tr(f"gin.advice.{name}", card=_the_card(self, view["discard_top"]))
        if name in ("knock", "discard", "gin") and args:
            return self.tr(f"gin.advice.{name}", card=_the_card(self, args[0]))
        if name == "next":
            new_game = (view.get("result") or {}).get("game_over") and not view["options"].get("hollywood")
            return self.tr("gin.advice.next_game" if new_game else "gin.advice.next_hand")
        return self.tr("gin.advice.gin_plain" if name == "gin" else "gin.advice.draw") if name in ("draw", "gin") else None

    def describe(self, move: Move, events: list[Event], view: GinView) -> list[str]:
        name = view["names"][move.seat] if move.seat is not None else "?"
        action = move.name
        lines: list[str] = []
        if action == "take":
            card = next((e.card for e in events if e.kind == "take"), None)
            lines.append(self.tr("gin.log.take", name=name, card=_the_card(self, card)))
        elif action == "pass":
            lines.append(self.tr("gin.log.pass", name=name))
        elif action == "draw":
            lines.append(self.tr("gin.log.draw", name=name))
        elif action == "discard":
            lines.append(self.tr("gin.log.discard", name=name, card=_the_card(self, move.args[0])))
        elif action == "knock":
            dw = next((e.info.get("deadwood") for e in events if e.kind == "knock"), 0)
            lines.append(self.tr("gin.log.knock", name=name, card=_the_card(self, move.args[0]), deadwood=dw))
        elif action == "gin":
            lines.append(self.tr("gin.log.gin", name=name))
        elif action == "next":
            lines.append(self.tr("gin.log.next", hand=view["hand_number"], game=view["game_number"]))
        layoffs = [e for e in events if e.kind == "layoff"]
        if layoffs and (layer := layoffs[0].seat) is not None:
            who = view["names"][layer]
            cards = ", ".join(_card_name(self, e.card) for e in layoffs)
            lines.append(self.tr("gin.log.layoff", name=who, cards=cards))
        for e in events:
            if e.kind == "hand_end":
                winners = e.info.get("winners") or []
                if not winners:
                    lines.append(self.tr("gin.log.wall"))
                else:
                    w = winners[0]
                    lines.append(self.tr(f"gin.log.won.{e.info.get('kind')}", name=view["names"][w],
                                         points=e.info["points"][w]))
            elif e.kind == "game_end" and e.seat is not None:
                lines.append(self.tr("gin.log.game_won", name=view["names"][e.seat],
                                     points=e.info["totals"][e.seat]))
        return lines

    def turn_seats(self, view: GinView) -> list[int]:
        active = view.get("active")
        return [] if active is None else [active]

    def card_words(self, card: str) -> str:
        return _card_name(self, card)

    def word_params(self, params: dict[str, Any]) -> dict[str, Any]:
        out = dict(params)
        for key in ("card", "other"):
            if isinstance(out.get(key), str) and len(out[key]) == 2:
                out[key] = _the_card(self, out[key])
        return out

    # ------------------------------------------------------------------ spoken answers
    def spoken_card(self, card: str | None) -> str:
        return self.app.tr("speech.unknown_card") if card is None else _card_name(self, card)

    def spoken_scores(self, view: GinView) -> list[str]:
        """The game's hand points (to the game's target) before the match's points."""
        names = view["names"]
        game = ", ".join(self.app.tr("speech.score_item", name=n, points=p) for n, p in zip(names, view["game_scores"]))
        match = ", ".join(self.app.tr("speech.score_item", name=n, points=p) for n, p in zip(names, view["scores"]))
        return [self.app.tr("speech.gin.game", number=view["game_number"], scores=game, target=view["game_target"]),
                self.app.tr("speech.gin.match", scores=match)]

    def seat_note(self, seat: int, view: GinView) -> str:
        parts = []
        if view.get("dealer") == seat:
            parts.append(self.tr("gin.dealer"))
        if view.get("hollywood"):
            points = " · ".join(str(g["scores"][seat]) for g in view["hollywood"] or [])
            parts.append(self.tr("gin.hollywood_points", points=points))
        elif view["scores"][seat] or any(view["scores"]):  # the plate shows the game, this the match
            parts.append(self.tr("gin.match_points", points=view["scores"][seat]))
        return " · ".join(parts)

    def plate_score(self, seat: int, view: GinView) -> int:
        """The game under way's score (the race to the game target), not the match total, which
        grows only when a game ends (Hollywood: the match total, its games are in the note)."""
        return view["scores"][seat] if view.get("hollywood") else view["game_scores"][seat]

    # ================================================================== drawing
    def draw_under(self, surface: pygame.Surface, view: GinView, layout: TableLayout) -> None:
        phase = view["phase"]
        if phase in ("hand_over", "match_over") and view.get("result"):
            self._outline_spread(surface, view)
            return
        viewer = self.table.viewer
        if viewer is None or view.get("hand") is None:
            return
        if self.app.settings.memory_aid and view.get("opponent_known"):
            self._known_cards(surface, view, layout, 1 - viewer)
        own = self._own_sprites()
        if not own:
            return
        for colour, rect, _ in self._meld_frames(view):
            pygame.draw.rect(surface, colour, rect, border_radius=10)
            pygame.draw.rect(surface, (255, 255, 255), rect, 1, border_radius=10)
        box, lines, size = self._counter(view, layout, len(own))
        pygame.draw.rect(surface, (8, 30, 18), box, border_radius=8)
        pygame.draw.rect(surface, GOLD, box, 1, border_radius=8)
        y = box.y + size // 2
        for one in lines:
            surface.blit(self.table.text.render(one.words, one.size, one.colour, one.bold), (box.x + size // 2, y))
            y += one.height

    def counter_words(self, view: GinView, held: int) -> list[str]:
        """The deadwood box's lines: the deadwood now; with the knock panel's plan, the deadwood it
        leaves, else holding 11 cards the least a discard allowed now leaves (``lowest_after``, the
        figure the hint measures against); the knock limit."""
        plan = self._knock_plan(view)
        lines = [self.tr("gin.deadwood", points=view.get("deadwood"))]
        lowest = lowest_after(view, self.table.legal)
        if plan is not None:
            lines.append(self.tr("gin.deadwood_after", points=plan[3]))
        elif held == 11 and lowest is not None:
            lines.append(self.tr("gin.deadwood_best", best=lowest))
        gin_only = view["options"].get("oklahoma_sub_rules") and view["first_upcard"][0] == "A"
        lines.append(self.tr("gin.gin_only") if gin_only else self.tr("gin.knock_limit", limit=view["knock_limit"]))
        return lines

    def _counter(self, view: GinView, layout: TableLayout, held: int) -> tuple[pygame.Rect, list[CounterLine], int]:
        """The live deadwood counter and the knock limit above the viewer's name plate (upright, above
        the piles): its box, its lines (what each says and how, at the size that fits) and its text size."""
        text = self.table.text
        plate = layout.seats[self.table.viewer or 0].plate
        size = max(13, round(layout.em * 0.27))
        width = plate.w - size
        said = self.counter_words(view, held)
        middle = ("after", size, (255, 222, 120), True) if self._knock_plan(view) is not None \
            else ("best", size, (220, 230, 210), False)
        looks = [("deadwood", round(size * 1.15), FONT_COLOUR, True), *[middle] * (len(said) - 2),
                 ("limit", round(size * 0.9), (190, 206, 186), False)]

        def line(words: str, name: str, at: int, colour: tuple[int, int, int], bold: bool) -> CounterLine:
            fitted = text.fitting_size(words, at, width, bold)
            return CounterLine(name, words, fitted, colour, bold, text.render(words, fitted, colour, bold).get_height())

        lines = [line(words, *look) for words, look in zip(said, looks, strict=True)]
        height = sum(one.height for one in lines) + size
        if layout.portrait:  # upright, the buttons stand over the plate: the counter goes over the piles
            box = pygame.Rect(0, 0, plate.w, height)
            box.midbottom = (round(layout.centre[0]), round(layout.stock_pos[1] - layout.unit * 0.3))
            return box, lines, size
        return pygame.Rect(plate.x, plate.y - height - round(layout.unit * 0.15), plate.w, height), lines, size

    def _counter_nodes(self, view: GinView, layout: TableLayout, held: int, viewer: int) -> list[Node]:
        """The counter as the desktop draws it: its box, and each of its lines in its place."""
        box, lines, size = self._counter(view, layout, held)
        words = ". ".join(one.words for one in lines)
        nodes = [Node("counter", "panel", rect_of(box), DEPTH_UNDER, lines[0].words, role="status", label=words,
                      owner=viewer)]
        y = box.y + size // 2
        for one in lines:
            nodes.append(Node(f"counter:{one.name}", "text", (box.x + size // 2, y, box.w - size, one.height),
                              DEPTH_UNDER + 1, one.words, role="status", owner=viewer, parent="counter",
                              text_size=one.size, bold=one.bold))
            y += one.height
        return nodes

    def _meld_frames(self, view: GinView) -> list[tuple[tuple[int, ...], pygame.Rect, list[str]]]:
        """The coloured frames behind each run of neighbouring, resting cards of one meld in the
        viewer's hand (deadwood gets none): colour, rectangle and cards of each, as drawn and as
        the picture's nodes."""
        own = sorted(self._own_sprites(), key=lambda s: s.target[0])
        melds = self._live_melds(view, [s.card for s in own if s.card])
        colour_of: dict[str, tuple[int, ...]] = {}
        for i, meld in enumerate(melds):
            for c in meld:
                colour_of[c] = MELD_COLOURS[i % len(MELD_COLOURS)]
        runs: list[tuple[tuple[int, ...] | None, list[CardSprite]]] = []
        for sprite in own:
            colour = colour_of.get(sprite.card) if sprite.card and not sprite.moving else None
            if runs and colour is not None and runs[-1][0] == colour:
                runs[-1][1].append(sprite)
            else:
                runs.append((colour, [sprite]))
        frames = []
        for colour, run in runs:
            if colour is None:
                continue
            rect = run[0].home_rect.unionall([r.home_rect for r in run[1:]]).inflate(8, 8)
            band = max(6, rect.w // 40)
            rect.y -= band
            rect.h += band
            frames.append((colour, rect, [str(s.card) for s in run]))
        return frames

    def _known_cards(self, surface: pygame.Surface, view: GinView, layout: TableLayout, seat: int) -> None:
        """Memory aid: the cards the opponent took from the discard pile (public knowledge), beside their hand."""
        known = self._known_area(view, layout, seat)
        if known is None:
            return
        area, label, w = known
        surface.blit(label, area.topleft)
        y = area.y + label.get_height() + 2
        for i, card in enumerate(view["opponent_known"]):
            surface.blit(self.table.art.face(card, w), (area.x + i * round(w * 0.55), y))

    def _known_area(self, view: GinView, layout: TableLayout,
                    seat: int) -> tuple[pygame.Rect, pygame.Surface, int] | None:
        """Where the memory aid shows the opponent's known cards: the area, its label and the card width."""
        theirs = [sp for sp in self.table.sprites if sp.zone == f"hand:{seat}"]
        if not theirs:
            return None
        fan = theirs[0].home_rect.unionall([sp.home_rect for sp in theirs[1:]])
        w = max(24, round(layout.small_w * 0.62))
        label = self.table.text.render(self.tr("gin.known"), max(12, round(layout.em * 0.22)), (200, 214, 196))
        x, y = fan.right + round(layout.unit * 0.35), fan.centery - card_height(w) // 2 + label.get_height() // 2
        count = len(view["opponent_known"])
        width = max(label.get_width(), (count - 1) * round(w * 0.55) + w)
        top = y - label.get_height() - 2
        return pygame.Rect(x, top, width, y + card_height(w) - top), label, w

    def _outline_spread(self, surface: pygame.Surface, view: GinView) -> None:
        for colour, rect, corners in self._spread_shapes(view):
            pygame.draw.rect(surface, colour, rect, border_radius=10, border_top_left_radius=corners,
                             border_top_right_radius=corners)
        if not self._spread_moving():
            for img, spot in self._spread_labels(view):
                surface.blit(img, spot)

    def _spread_moving(self) -> bool:
        return any(sp.moving for sp in self.table.sprites if sp.zone.startswith(("meld:", "hand:")))

    def _spread_shapes(self, view: GinView) -> list[tuple[tuple[int, ...], pygame.Rect, int]]:
        """What the end of a hand draws under the cards, in order: each meld's frame in its colour,
        a tab over each card laid off, each deadwood's frame (none while its cards move): colour,
        rectangle and the radius of its top corners (a frame's corners are all round)."""
        result = _hand_result(view)
        laid = {lay["card"] for lay in result["layoffs"]}
        moving = self._spread_moving()
        shapes: list[tuple[tuple[int, ...], pygame.Rect, int]] = []
        for s in (0, 1):
            zones = [f"meld:{s}:{i}" for i in range(len(result["melds"][s]))]
            for i, zone in enumerate(zones):
                group = [sp for sp in self.table.sprites if sp.zone == zone]
                if group and not any(sp.moving for sp in group):
                    rect = group[0].home_rect.unionall([g.home_rect for g in group[1:]]).inflate(10, 10)
                    shapes.append((MELD_COLOURS[i % len(MELD_COLOURS)], rect, -1))
                    shapes += [(LAYOFF_COLOUR, pygame.Rect(sp.home_rect.x + 3, rect.top - 9,
                                                           max(10, sp.home_rect.w // 4), 9), 4)
                               for sp in group if sp.card in laid]
            dead = [sp for sp in self.table.sprites if sp.zone == f"hand:{s}"]
            if dead and not moving:
                rect = dead[0].home_rect.unionall([g.home_rect for g in dead[1:]]).inflate(10, 10)
                shapes.append((DEADWOOD_COLOUR, rect, -1))
        return shapes

    def _spread_labels(self, view: GinView) -> list[tuple[pygame.Surface, pygame.Rect]]:
        """Each seat's deadwood count and its place (see ``_spread_label_places``)."""
        return [(img, spot) for _, img, spot, _ in self._spread_label_places(view)]

    def _spread_label_places(self, view: GinView) -> list[tuple[int, pygame.Surface, pygame.Rect, int]]:
        """Each seat's deadwood count, its place and its text size: above its deadwood (above its
        melds when it has none, except in the wall variant); beside them when the room above (under
        the buttons or the top bar) is too low for its size; else above, as large as fits; by seat."""
        result = _hand_result(view)
        text = self.table.text
        layout = self.table.layout
        taken = [b.rect for b in self.table.buttons] + [spot.plate for spot in layout.seats] + [layout.log_rect]
        labels = []
        for s in (0, 1):
            dead = [sp.home_rect for sp in self.table.sprites if sp.zone == f"hand:{s}"]
            melds = [sp.home_rect for sp in self.table.sprites if sp.zone.startswith(f"meld:{s}:")]
            if dead:
                rect, gap = dead[0].unionall(dead[1:]).inflate(10, 10), 4
            elif melds and result["kind"] != "wall":
                rect, gap = melds[0].unionall(melds[1:]), 8
            else:
                continue
            label = self.tr("gin.spread.deadwood", points=result["deadwood"][s])
            size = max(13, round(layout.em * 0.26))
            img = text.render(label, size, FONT_COLOUR, bold=True)
            above = img.get_rect(midbottom=(rect.centerx, rect.top - gap))
            cards = [sp.home_rect for sp in self.table.sprites if not rect.contains(sp.home_rect)]
            beside = [spot for spot in (img.get_rect(midleft=(rect.right + gap * 2, rect.centery)),
                                        img.get_rect(midright=(rect.x - gap * 2, rect.centery)))
                      if layout.felt.contains(spot) and spot.collidelist(taken + cards) == -1]
            if above.top >= layout.felt.top and above.collidelist(taken) == -1:
                labels.append((s, img, above, size))
                continue
            if beside:
                labels.append((s, img, beside[0], size))
                continue
            while size > 10:  # the label's own width counts: a button beside its deadwood may reach it
                spot = pygame.Rect((0, 0), text.font(size, True).size(label))
                spot.midbottom = (rect.centerx, rect.top - gap)
                if spot.top >= layout.felt.top and spot.collidelist(taken) == -1:
                    break
                size -= 1
            img = text.render(label, size, FONT_COLOUR, bold=True)
            labels.append((s, img, img.get_rect(midbottom=(rect.centerx, rect.top - gap)), size))
        return labels

    def _shows_score(self, view: GinView) -> bool:
        return view["phase"] in ("hand_over", "match_over") and bool(view.get("result")) and not self.table.animating

    def draw_over(self, surface: Ink, view: GinView, layout: TableLayout) -> None:
        if self._shows_score(view):
            self._score_card(surface, view, layout)

    def picture_nodes(self, view: GinView, layout: TableLayout) -> list[Node]:
        """Under the cards: the melds' frames, the deadwood counter and the memory aid's known cards
        in play; the spread's frames and deadwood labels when the hand is over. Over them: the hand's
        score card."""
        nodes: list[Node] = []
        viewer = self.table.viewer
        if view["phase"] in ("hand_over", "match_over") and view.get("result"):
            for i, (colour, rect, _) in enumerate(self._spread_shapes(view)):
                nodes.append(Node(f"spread:{i}", "marker", rect_of(rect), DEPTH_UNDER, str(colour), hides=False,
                                  group="spread"))
            for seat, _, spot, size in self._spread_label_places(view) if not self._spread_moving() else []:
                words = self.tr("gin.spread.deadwood", points=_hand_result(view)["deadwood"][seat])
                nodes.append(Node(f"deadwood:{seat}", "text", rect_of(spot), DEPTH_UNDER + 1, words, role="status",
                                  label=words, owner=seat, text_size=size, bold=True))
        elif viewer is not None and view.get("hand") is not None:
            if self.app.settings.memory_aid and view.get("opponent_known"):
                known = self._known_area(view, layout, 1 - viewer)
                if known is not None:
                    words = ", ".join([self.tr("gin.known"), *(_card_name(self, c) for c in view["opponent_known"])])
                    nodes.append(Node("known", "panel", rect_of(known[0]), DEPTH_UNDER, self.tr("gin.known"),
                                      role="img", label=words, owner=1 - viewer))
            own = self._own_sprites()
            for i, (colour, rect, cards) in enumerate(self._meld_frames(view)):
                nodes.append(Node(f"meld:{i}", "marker", rect_of(rect), DEPTH_UNDER, " ".join([*cards, str(colour)]),
                                  hides=False,
                                  group="meld", owner=viewer, covers=frozenset({f"hand:{viewer}"})))
            if own:
                nodes += self._counter_nodes(view, layout, len(own), viewer)
        if self._shows_score(view):
            box, _, _ = self.score_box(view, layout)
            title, rows, conclusion = self.score_lines(view)
            words = ". ".join([title, *(f"{a} {b}" for a, b in rows), conclusion])
            nodes.append(Node("score_card", "panel", rect_of(box), DEPTH_OVER, title, role="dialog", label=words,
                              covers=MIDDLE))
            nodes += self._score_words(view, layout)
        return nodes

    def _score_words(self, view: GinView, layout: TableLayout) -> list[Node]:
        """The score card's words as ``_score_card`` writes them, as nodes over the card."""
        title, lines, conclusion = self.score_lines(view)
        box, u, step = self.score_box(view, layout)
        nodes = [self.score_words("score_card", box, title, round(u * 0.4), round(u * 0.15), DEPTH_OVER + 1)]
        y = box.y + round(u * 0.8)
        size = round(min(u * 0.28, step * 0.7))
        for i, words in enumerate(lines):
            nodes += self.score_row(f"score_card:{i}", box, y, round(u * 0.35), words, size,
                                    (round(box.w * 0.5), round(box.w * 0.42)), DEPTH_OVER + 1)
            y += round(step)
        nodes.append(self.score_words("score_card", box, conclusion, round(u * 0.3), y + round(u * 0.16) - box.y,
                                      DEPTH_OVER + 1, "end"))
        return nodes

    def score_lines(self, view: GinView) -> tuple[str, list[tuple[str, str]], str]:
        """The score card's title, its (label, value) lines and its conclusion, translated."""
        result = _hand_result(view)
        names = view["names"]
        kind = result["kind"]
        if kind == "wall":
            return self.tr("gin.card.wall_title"), [], self.tr("gin.card.wall")
        knocker = result["knocker"]
        other = 1 - knocker
        dw = result["deadwood"]
        bd = result["breakdown"]
        title_key = {"knock": "gin.card.knock_title", "undercut": "gin.card.undercut_title",
                     "gin": "gin.card.gin_title", "big_gin": "gin.card.big_gin_title"}[kind]
        title = self.tr(title_key, name=names[knocker])
        lines = [(self.tr("gin.card.deadwood_of", name=names[knocker]), str(dw[knocker])),
                 (self.tr("gin.card.deadwood_of", name=names[other]), str(dw[other]))]
        if result["layoffs"]:
            lines.append((self.tr("gin.card.layoffs", name=names[other]),
                          ", ".join(_card_name(self, lay["card"]) for lay in result["layoffs"])))
        lines.append((self.tr("gin.card.difference"), str(bd["difference"])))
        if bd["bonus"]:
            lines.append((self.tr(f"gin.card.bonus.{bd['bonus_kind']}"), f"+{bd['bonus']}"))
        if bd.get("doubled"):
            lines.append((self.tr("gin.card.doubled"), "×2"))
        if view.get("hollywood"):
            lines.append((self.tr("gin.card.hollywood_score", target=view["game_target"]),
                          " · ".join("–".join(str(x) for x in g["scores"]) for g in view["hollywood"] or [])))
        else:
            lines.append((self.tr("gin.card.game_score", target=view["game_target"]),
                          " – ".join(str(x) for x in view["game_scores"])))
        winner = result["winner"]
        conclusion = self.tr("gin.card.scores", name=names[winner], points=bd["total"])
        game = result.get("game")
        if game:
            conclusion += "  " + self.tr("gin.card.game_won", name=names[game["winner"]])
        return title, lines, conclusion

    def score_box(self, view: GinView, layout: TableLayout) -> tuple[pygame.Rect, float, float]:
        """Where the hand's score card goes, its measure and its rows' step: between the opponent's
        cards and the buttons, clear of every card but the piles', the name plates, the buttons and
        the log, as large as that leaves room for (smaller rows first, then a smaller card)."""
        lines = len(self.score_lines(view)[1])
        top_row = max((sp.home_rect.bottom for sp in self.table.sprites
                       if ":" in sp.zone and not layout.seats[int(sp.zone.split(":")[1])].bottom), default=0)
        bar = min([layout.button_bar.y, *(b.rect.y for b in self.table.buttons if b.rect.y > top_row)])
        taken = ([sp.home_rect.inflate(4, 4) for sp in self.table.sprites if sp.zone not in ("stock", "discard")]
                 + layout.taken_by_table([b.rect for b in self.table.buttons]))
        room = bar - top_row - layout.unit * 0.3
        wanted = (layout.centre[0], (top_row + bar) / 2)

        def step(u: float) -> float:
            return max(u * 0.3, min(u * 0.42, (room - u * 1.75) / max(1, lines)))

        def shape(u: float) -> tuple[int, int]:
            return round(u * 6.6), round(u * 1.75 + step(u) * lines)

        em = layout.box_em(6.6, 1.75 + 0.3 * lines, (layout.felt.w * 0.9, max(room, layout.unit)))
        spot, u = layout.shrink_to_clear(f"gin.score.{room}", shape, em, taken, wanted)
        # nowhere clear: between the opponent's cards and the buttons, as before
        return spot or layout.centred_box(shape(u), wanted), u, step(u)

    def _score_card(self, surface: Ink, view: GinView, layout: TableLayout) -> None:
        title, lines, conclusion = self.score_lines(view)
        text = self.table.text
        box, u, step = self.score_box(view, layout)
        self.score_card(surface, box, title, round(u * 0.4), round(u * 0.15))
        ink = (40, 36, 30)
        y = box.y + round(u * 0.8)
        size = round(min(u * 0.28, step * 0.7))
        for label, value in lines:
            left = text.fit(label, size, round(box.w * 0.5), ink)
            surface.blit(left, (box.x + round(u * 0.35), y))
            right = text.fit(value, size, round(box.w * 0.42), ink, bold=True)
            surface.blit(right, right.get_rect(topright=(box.right - round(u * 0.35), y)))
            y += round(step)
        self.score_card_end(surface, box, y, 4, conclusion, round(u * 0.3), round(u * 0.16))


def _card_name(adapter: TableAdapter[GinView], card: str | None) -> str:
    """A card in words, e.g. "K♥" written as "K of hearts" in the player's language."""
    if not card:
        return "?"
    rank = {"A": adapter.tr("gin.rank.A"), "T": "10", "J": adapter.tr("gin.rank.J"), "Q": adapter.tr("gin.rank.Q"),
            "K": adapter.tr("gin.rank.K")}.get(card[0], card[0])
    return adapter.tr("gin.card_name", rank=rank, suit=adapter.tr(f"gin.suit.{card[1]}"))


def lowest_after(view: GinView, legal: list[Move]) -> int | None:
    """The least deadwood a discard the engine allows now leaves (``legal``: the card just taken from
    the pile is not among them where the rules forbid throwing it back); None while the seat has no
    discard to make. Of the seat's own hand only: the deadwood box shows it and the hint measures
    against it."""
    after = view.get("deadwood_after_discard") or {}
    allowed = {m.args[0] for m in legal if m.name == "discard" and m.args}
    left = [dw for card, dw in after.items() if card in allowed]
    return min(left) if left else None


def _the_card(adapter: TableAdapter[GinView], card: str | None) -> str:
    """A card with its definite article, for sentences ("the King of hearts", "l'As de pique")."""
    if not card:
        return "?"
    article = adapter.tr(f"gin.article.{card[0]}") if card[0] in "AJQK" else adapter.tr("gin.article.other")
    return article + _card_name(adapter, card)
