"""The deck editor of LaGagne: how many of each card the deck holds, for players whose box differs
from the rules page's (the real box's counts are unpublished).

Opened by the setup's **Deck…** button. A grid lists every card kind with its count: one row per
suit (its symbol card and its 5, 10, 20, 50 point cards), the jokers, then the zero and action
cards; − and + change a count (the keyboard: arrows choose a card, + and − change it). Beside the
grid: the total, a preview of the chosen card, the presets of the engine (``cards.PRESETS``) and the
engine's verdict on the deck, in the player's language (the same sentences the setup translates).

**Save** writes the deck into the user data folder (``Storage.save_user_deck``, atomically, as a
deck file a player may also edit by hand; the rules page's deck removes the file) and hands it to
the setup, which deals new matches from it: the deck is a rule option, so saves, match files and
deal codes carry it. **Reset** goes back to the deck as it was when the editor opened; **Cancel**
and Esc leave without saving, after asking when the counts were changed.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame
from pygame_gui.elements import UIButton, UILabel

from game.lagagne.views import (
    ACTIONS,
    ALL_CARDS,
    JOKERS,
    POINTS,
    PRESETS,
    SUITS,
    SYMBOLS,
    VALUES,
    ZERO,
    deck_counts,
    deck_size,
    deck_text,
    normalise_deck,
)
from ui.cards import CardArt, card_height
from ui.scenes import art
from ui.scenes.base import Focusable, MenuScene
from ui.scenes.common import game_title, games, players_text
from ui.scenes.setup import refusal_text as option_refusal_text
from ui.spoken import sentence
from ui.text import wrap_text

if TYPE_CHECKING:
    from ui.app import App

Deck = tuple[tuple[str, int], ...]
DECK_FIELD = "deck"
COUNT_LIMIT = 99
"""The most copies of one card the editor offers (a widget limit, not a rule)."""
MORE_KEYS = (pygame.K_PLUS, pygame.K_KP_PLUS, pygame.K_EQUALS)
FEWER_KEYS = (pygame.K_MINUS, pygame.K_KP_MINUS)
GRID: dict[str, tuple[int, int]] = {
    **{f"S{s}": (row, 0) for row, s in enumerate(SUITS)},
    **{f"P{v}{s}": (row, col + 1) for row, s in enumerate(SUITS) for col, v in enumerate(VALUES)},
    **{card: (4, col + 1) for col, card in enumerate(JOKERS)},
    **{card: (6, col) for col, card in enumerate((ZERO, *ACTIONS))},
}
"""Where each card's counter sits: rows 0–3 the suits, 4 the jokers, 5 the other cards' names,
6 their counters; column 0 the symbol (or the zero card), 1–4 the point values (or the actions)."""
OK_COLOUR = (170, 226, 160)
WARN_COLOUR = (244, 200, 110)
BAD_COLOUR = (255, 140, 130)
TEXT_COLOUR = (226, 232, 220)
SOFT_COLOUR = (190, 206, 186)


def has_deck_editor(game_id: str) -> bool:
    """Whether the setup of ``game_id`` offers the deck editor (its options read deck files)."""
    options = games()[game_id].Options
    return hasattr(options, "with_deck_text") and DECK_FIELD in {f.name for f in dataclasses.fields(options)}


def refusal_text(app: App, game_id: str, refused: ValueError) -> str:
    """The engine's refusal of a deck (an ``OptionError``), in the player's language."""

    def label(name: str) -> str:
        key = f"option.{game_id}.{name}"
        return app.tr(key) if app.has_text(key) else name

    return option_refusal_text(app.tr, label, refused)[0]


def load_user_deck(app: App, game_id: str) -> Deck | None:
    """The player's saved deck of ``game_id`` (None: the rules page's). A file the engine refuses is
    set aside by the storage, with a notice giving the engine's reason in the player's language."""
    options = games()[game_id].Options

    def read(text: str) -> Deck:
        try:
            return options.with_deck_text(text).deck
        except ValueError as exc:
            raise ValueError(refusal_text(app, game_id, exc)) from None

    return app.storage.user_deck(game_id, read)


def preset_of(deck: Deck | None) -> str | None:
    """The name of the preset ``deck`` is (None: a deck of the player's own)."""
    if deck is None:
        return "default"
    return next((name for name, cards in PRESETS.items() if cards == deck), None)


def deck_summary(app: App, deck: Deck | None) -> str:
    """ "Deck: 54 cards (compact)" for the setup's deck row."""
    cards = PRESETS["default"] if deck is None else deck
    return app.tr(f"deck.summary.{preset_of(deck) or 'own'}", cards=deck_size(cards))


class CountFocus(Focusable):
    """A card's counter: + and − change its count (arrows move between counters, see the scene)."""

    def __init__(self, widget: UILabel, change: Callable[[int], None]) -> None:
        super().__init__(widget)
        self.change = change

    role = "counter"

    def value(self, tr: Callable[..., str]) -> str:
        return str(self.widget.text)

    def key(self, manager: Any, key: int) -> bool:
        if key in MORE_KEYS or key in FEWER_KEYS:
            self.change(1 if key in MORE_KEYS else -1)
            return True
        return False


class DeckEditorScene(MenuScene):
    """Edit the deck of one game; ``on_save`` receives the saved deck (None: the rules page's)."""

    def __init__(
        self,
        app: App,
        game_id: str,
        deck: Deck | None,
        on_save: Callable[[Deck | None], None],
        players: int = 2,
        options: Any = None,
    ) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.descriptor = games()[game_id]
        self.on_save = on_save
        self.players = players
        self.base_options = options if options is not None else self.descriptor.Options()
        """The setup's other rule options (the hand size matters), against which the deck is checked."""
        self.opened = deck_counts(PRESETS["default"] if deck is None else deck)
        self.counts = dict(self.opened)
        self.art = CardArt(app.font, app.tr)
        self.counters: dict[str, UILabel] = {}
        self.steppers: dict[str, tuple[UIButton, UIButton]] = {}
        self.preset_buttons: dict[str, UIButton] = {}
        self.save_button: UIButton | None = None
        self.problem = ""
        """Why the engine refuses this deck ("" when it accepts it); Save is disabled meanwhile."""
        self.warning = ""
        """Why this deck cannot deal to the setup's table, though it is a deck ("" when it can)."""
        self.ready = ""
        self.panels: list[pygame.Rect] = []
        self.side = pygame.Rect(0, 0, 0, 0)
        self.status_top = 0
        self.row_heads: list[tuple[str, pygame.Rect, str | None]] = []

    # ------------------------------------------------------------------ the deck and the engine
    def deck(self) -> Deck:
        """The deck as the counters show it, ``(card, count)`` pairs in the engine's order."""
        return tuple((card, n) for card, n in self.counts.items() if n > 0)

    def check(self) -> None:
        """Ask the engine about the deck: refused on its own (``problem``), or too small for the
        setup's table (``warning``), or the table sizes it deals to (``ready``)."""
        self.problem = self.warning = self.ready = ""
        try:
            options = dataclasses.replace(self.base_options, deck=normalise_deck(self.deck()))
        except ValueError as exc:
            self.problem = refusal_text(self.app, self.game_id, exc)
            return
        d = self.descriptor
        dealt: list[int] = []
        for count in range(d.min_players, d.max_players + 1):
            try:
                d.new_match(count, options, seed=0)
            except ValueError as exc:
                if count == self.players:
                    self.warning = self.app.tr(
                        "deck.too_small",
                        players=players_text(self.app, count, count),
                        reason=refusal_text(self.app, self.game_id, exc),
                    )
                continue
            dealt.append(count)
        if dealt:
            self.ready = self.app.tr("deck.ready", players=players_text(self.app, min(dealt), max(dealt)))

    def spoken_title(self) -> str:
        return self.app.tr("deck.heading", game=game_title(self.app, self.game_id))

    def spoken_page(self) -> str:
        """The deck's size, what the engine says of it, and the keys (as the side panel shows them)."""
        said = [self.app.tr("deck.total", cards=deck_size(self.deck())), self.warning,
                "" if self.problem else self.ready]
        return " ".join(sentence(line) for line in said if line)

    def spoken_alert(self) -> str:
        return self.problem

    def spoken_keys(self) -> str:
        return self.app.tr("deck.keys")

    def change(self, card: str, step: int) -> None:
        """One more (``step`` 1) or one fewer (-1) ``card``, within 0 and ``COUNT_LIMIT``."""
        self.counts[card] = min(COUNT_LIMIT, max(0, self.counts[card] + step))
        self.refresh()

    def use(self, counts: dict[str, int]) -> None:
        """Show the deck ``counts`` (a preset, or the deck as opened)."""
        self.counts = dict(counts)
        self.refresh()

    def preset(self, name: str) -> None:
        self.use(deck_counts(PRESETS[name]))

    def reset(self) -> None:
        self.use(self.opened)

    def save(self) -> None:
        """Keep the deck (the rules page's removes the player's file) and give it to the setup."""
        self.check()
        if self.problem:
            self.app.notify(self.app.tr("deck.refused", reason=self.problem), error=True)
            return
        deck = self.deck()
        if preset_of(deck) == "default":
            self.app.storage.forget_user_deck(self.game_id)
            chosen: Deck | None = None
        else:
            self.app.storage.save_user_deck(self.game_id, deck_text(deck))
            chosen = deck
        self.app.notify(self.app.tr("deck.saved", cards=deck_size(deck)))
        self.on_save(chosen)
        self.app.pop()

    # ------------------------------------------------------------------ widgets
    def refresh(self) -> None:
        """Show the counts, the steppers' limits, the current preset and the engine's verdict."""
        self.check()
        for card, label in self.counters.items():
            label.set_text(str(self.counts[card]))
            fewer, more = self.steppers[card]
            (fewer.enable if self.counts[card] > 0 else fewer.disable)()
            (more.enable if self.counts[card] < COUNT_LIMIT else more.disable)()
        current = preset_of(self.deck())
        for name, button in self.preset_buttons.items():
            if name == current:
                button.select()
            else:
                button.unselect()
        if self.save_button is not None:
            (self.save_button.disable if self.problem else self.save_button.enable)()

    def card_word(self, card: str) -> str:
        """A card as the grid's tooltips name it ("the 20 of hearts")."""
        tr = self.app.tr
        if card in SYMBOLS:
            return tr("lagagne.name.symbol", suit=tr(f"lagagne.suit.{card[1]}"))
        if card in JOKERS:
            return tr("lagagne.name.joker", points=POINTS[card])
        if card in POINTS:
            return tr("lagagne.name.points", points=POINTS[card], suit=tr(f"lagagne.suit.{card[-1]}"))
        return tr(f"lagagne.name.{card}")

    def build(self) -> None:
        w, h = self.size
        tr = self.app.tr
        margin = max(self.px(28), int(w * 0.035))
        top = self.heading_bottom() - self.px(6)
        bottom_row = h - self.px(48) - self.px(20)
        gap = self.px(20)
        grid_w = int((w - 2 * margin - gap) * 0.64)
        grid = pygame.Rect(margin, top, grid_w, bottom_row - top - self.px(14))
        self.side = pygame.Rect(grid.right + gap, top, w - 2 * margin - gap - grid_w, grid.height)
        self.panels = [grid, self.side]
        self._build_grid(grid.inflate(-self.px(24), -self.px(16)))
        self._build_side(self.side.inflate(-self.px(28), -self.px(20)))
        bw, bh = self.px(200), self.px(48)
        self.button(pygame.Rect(margin, bottom_row, bw, bh), tr("deck.cancel"), self.back, object_id="#deck_cancel")
        self.button(pygame.Rect((w - bw) // 2, bottom_row, bw, bh), tr("deck.reset"), self.reset,
                    object_id="#deck_reset", tooltip=tr("deck.reset_hint"))
        self.save_button = self.button(pygame.Rect(w - margin - bw, bottom_row, bw, bh), tr("deck.save"), self.save,
                                       kind="primary_button", object_id="#deck_save")
        self.refresh()

    def _build_grid(self, area: pygame.Rect) -> None:
        tr = self.app.tr
        head_h = self.px(26)
        gap = self.px(6)
        row_h = min(self.px(64), (area.height - 2 * head_h - gap) // 6)
        head_w = min(self.px(170), area.width // 5)
        cell_w = (area.width - head_w) // 5
        top = area.top + max(0, (area.height - 2 * head_h - gap - 6 * row_h) // 2)
        tops = [top + head_h + r * row_h for r in range(5)]
        tops.append(tops[-1] + row_h + gap)  # the other cards' names
        tops.append(tops[-1] + head_h)  # their counters
        headers = [tr("deck.column.symbol")] + [tr("deck.column.points", points=v) for v in VALUES]
        for col, text in enumerate(headers):
            self.label(pygame.Rect(area.left + head_w + col * cell_w, top, cell_w, head_h), text, "column_label")
        self.row_heads = [(tr(f"deck.row.{s}"), pygame.Rect(area.left, tops[r], head_w, row_h), f"S{s}")
                          for r, s in enumerate(SUITS)]
        self.row_heads.append((tr("deck.row.joker"), pygame.Rect(area.left, tops[4], head_w, row_h), "J50"))
        self.row_heads.append((tr("deck.row.other"), pygame.Rect(area.left, tops[6], head_w, row_h), None))
        for col, card in enumerate((ZERO, *ACTIONS)):
            rect = pygame.Rect(area.left + head_w + col * cell_w, tops[5], cell_w, head_h)
            self.label(rect, tr(f"deck.card.{card}"), "column_label")
        for card in sorted(ALL_CARDS, key=lambda c: GRID[c]):
            row, col = GRID[card]
            cell = pygame.Rect(area.left + head_w + col * cell_w, tops[row], cell_w, row_h)
            width = min(cell_w - self.px(8), self.px(124))
            self._build_counter(card, pygame.Rect(cell.centerx - width // 2, cell.top + self.px(5), width,
                                                  row_h - self.px(10)))

    def _build_counter(self, card: str, cell: pygame.Rect) -> None:
        tr = self.app.tr
        size = min(self.px(34), cell.height, cell.width // 3)
        y = cell.centery - size // 2
        word = self.card_word(card)
        fewer = self.button(pygame.Rect(cell.left, y, size, size), "−", lambda: self.change(card, -1),
                            kind="small_button", nav=False, object_id=f"#fewer_{card}",
                            tooltip=tr("deck.fewer", card=word))
        more = self.button(pygame.Rect(cell.right - size, y, size, size), "+", lambda: self.change(card, 1),
                           kind="small_button", nav=False, object_id=f"#more_{card}",
                           tooltip=tr("deck.more", card=word))
        label = UILabel(pygame.Rect(fewer.relative_rect.right, y, more.rect.left - fewer.rect.right, size),
                        str(self.counts[card]), manager=self.app.ui, container=self.root,
                        object_id=self.oid("count_label", f"#count_{card}"))
        label.set_tooltip(word)
        self.counters[card] = label
        self.steppers[card] = (fewer, more)
        self.add_nav(label, CountFocus(label, lambda step: self.change(card, step)), label=word)

    def _build_side(self, area: pygame.Rect) -> None:
        tr = self.app.tr
        bh = self.px(38)
        self.status_top = area.top + self.px(150)
        presets_top = area.bottom - 2 * bh - self.px(44)
        self.label(pygame.Rect(area.left, presets_top, area.width, self.px(30)), tr("deck.presets"), "section_label")
        for i, name in enumerate(PRESETS):
            rect = pygame.Rect(area.left, presets_top + self.px(34) + i * (bh + self.px(8)), area.width, bh)
            self.preset_buttons[name] = self.button(
                rect, tr(f"deck.preset.{name}", cards=deck_size(PRESETS[name])), functools.partial(self.preset, name),
                kind="small_button", object_id=f"#preset_{name}", tooltip=tr(f"deck.preset_hint.{name}"))

    def back(self) -> None:
        """Cancel or Esc: leave without saving, after asking if the counts were changed."""
        if self.counts == self.opened:
            self.app.pop()
            return
        self.ask("deck.discard_title", "deck.discard_question", "deck.discard_yes", self.app.pop, "#deck_discard")

    def leave(self) -> None:
        self.counters, self.steppers, self.preset_buttons = {}, {}, {}
        self.save_button = None
        super().leave()

    def initial_focus(self) -> int:
        return 0

    # ------------------------------------------------------------------ keys
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Arrows move between the counters as they sit in the grid; the rest is the menu's."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT):
            self._follow_pointer()
            card = self.focused_card()
            if card is not None:
                target = self.neighbour(card, event.key)
                if target is not None:
                    self.set_focus(self.nav.index(self.counters[target]))
                elif event.key in (pygame.K_DOWN, pygame.K_RIGHT):
                    self.set_focus(len(self.counters))  # on to the presets
                return True
        return super().handle_event(event)

    def focused_card(self) -> str | None:
        widget = self.focused_widget()
        return next((card for card, label in self.counters.items() if label is widget), None)

    @staticmethod
    def neighbour(card: str, key: int) -> str | None:
        """The counter next to ``card`` in the arrow's direction (None: the grid ends there)."""
        row, col = GRID[card]
        at = {place: c for c, place in GRID.items()}
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = 1 if key == pygame.K_RIGHT else -1
            return at.get((row, col + step))
        step = 1 if key == pygame.K_DOWN else -1
        r = row + step
        while 0 <= r <= max(p[0] for p in GRID.values()):
            if (r, col) in at:
                return at[(r, col)]
            r += step
        return None

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(art.felt(surface.get_size()), (0, 0))
        self.draw_heading(surface, self.app.tr("deck.heading", game=game_title(self.app, self.game_id)))
        for rect in self.panels:
            art.panel(surface, rect, 170)
        self._draw_row_heads(surface)
        self._draw_side(surface)
        current = self.preset_buttons.get(preset_of(self.deck()) or "")
        if current is not None:  # the preset in use, ringed in the "ready" colour
            pygame.draw.rect(surface, OK_COLOUR, current.rect.inflate(8, 8), width=2, border_radius=10)
        self.draw_focus(surface)

    def _draw_row_heads(self, surface: pygame.Surface) -> None:
        font = self.app.font(self.px(17), bold=True)
        for text, rect, card in self.row_heads:
            x = rect.left
            if card is not None:
                card_w = max(12, min(self.px(34), int((rect.height - self.px(8)) / 1.4)))
                face = self.art.face(card, card_w)
                surface.blit(face, (x, rect.centery - card_height(card_w) // 2))
                x += card_w + self.px(10)
            img = font.render(text, True, TEXT_COLOUR)
            if img.get_width() > rect.right - x:
                img = self.app.font(self.px(14), bold=True).render(text, True, TEXT_COLOUR)
            surface.blit(img, (x, rect.centery - img.get_height() // 2))

    def _draw_side(self, surface: pygame.Surface) -> None:
        tr = self.app.tr
        area = self.side.inflate(-self.px(28), -self.px(20))
        big = self.app.font(self.px(30), bold=True)
        small = self.app.font(self.px(15))
        y = area.top
        total = big.render(tr("deck.total", cards=deck_size(self.deck())), True, art.GOLD_LIGHT)
        surface.blit(total, (area.left, y))
        y += total.get_height()
        groups = {
            "symbols": sum(self.counts[c] for c in SYMBOLS),
            "points": sum(self.counts[c] for c in POINTS),
            "zero": self.counts[ZERO],
            "actions": sum(self.counts[c] for c in ACTIONS),
        }
        for line in wrap_text(small, tr("deck.groups", **groups), area.width):
            surface.blit(small.render(line, True, SOFT_COLOUR), (area.left, y))
            y += small.get_linesize()
        card = self.focused_card()
        if card is not None:
            y += self.px(10)
            card_w = self.px(44)
            surface.blit(self.art.face(card, card_w), (area.left, y))
            x = area.left + card_w + self.px(12)
            name_font = self.app.font(self.px(17), bold=True)
            lines = wrap_text(name_font, self.card_word(card), area.right - x)
            for i, line in enumerate(lines[:2]):
                surface.blit(name_font.render(line, True, TEXT_COLOUR), (x, y + i * name_font.get_linesize()))
            count = small.render(tr("deck.count_of", count=self.counts[card]), True, SOFT_COLOUR)
            surface.blit(count, (x, y + min(2, len(lines)) * name_font.get_linesize()))
            y += card_height(card_w)
        y = max(y + self.px(12), self.status_top)
        limit = self.preset_buttons["default"].rect.top - self.px(40) if self.preset_buttons else area.bottom
        bold = self.app.font(self.px(16), bold=True)
        blocks = ((self.problem, BAD_COLOUR, bold), (self.warning, WARN_COLOUR, bold),
                  ("" if self.problem else self.ready, OK_COLOUR, bold), (tr("deck.keys"), SOFT_COLOUR, small))
        for text, colour, font in blocks:
            lines = wrap_text(font, text, area.width) if text else []
            if y + len(lines) * font.get_linesize() > limit:
                continue  # a block that does not fit whole is left out (the keys' hint first)
            for line in lines:
                surface.blit(font.render(line, True, colour), (area.left, y))
                y += font.get_linesize()
            y += self.px(6) if lines else 0
