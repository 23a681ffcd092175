"""The card table: one scene for every game, with the game-specific parts in ``ui/games``.

It shows the felt, the seats (name, bot level, score, whose turn), the piles and every card as a
sprite; it animates the events the engine returns (``event.for_seat(viewer)``, so nothing leaks);
it turns drags, clicks, buttons and keys into the engine's legal moves. The match itself — who looks
at the screen, the pass-and-play curtain, playing through the referee, the host or a tutorial's
coach, undo, hints, the autosave and the statistics — is ``ui.table.match.TableMatch``, without
pygame; this scene shows and says what it answers, and keeps a log in words.
"""

from __future__ import annotations

import sys
import traceback
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

import pygame

from game import GAMES, IllegalMove, Move
from game.core import Event
from game.core.bots import Bot
from game.core.referee import Played, crowd_share
from ui.cards import CardArt
from ui.games import adapter_class
from ui.games.base import Action, ButtonSpec, Drop
from ui.scene import Scene
from ui.session import MatchSession
from ui.settings import CARD_SCALES
from ui.table.bots import ProcessRunner, ThreadRunner
from ui.table.ink import Ink
from ui.table.layout import TableLayout, text_scale
from ui.table.match import Curtain, MatchDriver, Said, TableMatch, make_driver
from ui.table.sprites import CardSprite
from ui.table.tween import BASE_DURATION, STAGGER, speed_factor
from ui.table.widgets import (
    FONT_COLOUR,
    GOLD,
    INK,
    SEAT_COLOURS,
    Button,
    CurtainArt,
    LogPanel,
    TextCache,
    layout_buttons,
    layout_column,
)

if TYPE_CHECKING:
    from ui.app import App

DOUBLE_CLICK = 0.4
DRAG_THRESHOLD = 6
MESSAGE_SECONDS = 2.8
READING_SPEED = 18
"""Characters a second: a long message (a hint and its reason) stays up long enough to be read."""
MESSAGE_COLOURS = {"refusal": (120, 28, 30), "hint": (26, 66, 104), "info": (24, 78, 50)}
"""The bubble of a message over the table: red says no; a hint (blue) and news (green) do not."""


class Plate(NamedTuple):
    """What a seat's name plate shows (its own part of the static layer, drawn again when this changes)."""

    seat: int
    name: str
    human: bool
    turn: bool
    score: str
    line2: str


class TableScene(Scene):
    """A match at the table (see the module docstring)."""

    def __init__(self, app: App, session: MatchSession) -> None:
        super().__init__(app)
        self.session = session
        self.state = session.state
        self.descriptor = GAMES[session.game_id]
        self.runner: ThreadRunner | ProcessRunner = app.bot_runner()
        self.match = TableMatch(session, make_driver(session, float(app.settings.bot_delay), self.runner), app,
                                app.storage, self.runner)
        self.adapter = adapter_class(session.game_id)(self)
        self.text = TextCache(app.font)
        self.art = CardArt(app.font, app.tr)
        self.art.four_colour = app.settings.four_colour_deck
        self._art_language = app.settings.language
        self._placed_scales: tuple[float, float] | None = None
        """The card and text sizes the sprites were last placed at (the layout itself follows the
        settings as soon as it is drawn, even under the pause menu, so it cannot tell)."""
        self.log = LogPanel(self.text, on_add=self._read_aloud)
        self.log_large = False
        """The log enlarged over the table (L), for players who need bigger text."""
        self.curtain_art = CurtainArt(self.text)
        app.sound.preload()
        self._player_moved = False
        """A player moved this frame: the frame shows that move; the referee resumes on the next."""
        self.sprites: list[CardSprite] = []
        self.buttons: list[Button] = []
        self.focus: int | None = None
        """Index into ``focus_items()`` of the keyboard focus (None: no visible focus)."""
        self.selected: str | None = None
        """A card of the viewer's hand chosen by a click (Knock uses it)."""
        self.message: str | None = None
        self.message_kind = "refusal"
        self._hint_why: tuple[int, str] | None = None
        """The last hint's reason and the move count it was given at: asking again shows it."""
        self._message_points: set[int] = set()
        """The cards the message is about (a hint's): it is placed clear of them where it can be."""
        self.message_left = 0.0
        self.drag: dict[str, Any] | None = None
        self._press: dict[str, Any] | None = None
        self._race_shown: object | None = None
        """The quick race (``adapter.race``) the last frame showed: a click counts for a race only
        if it was on screen before the button went down."""
        self._last_click: tuple[int, float] | None = None
        self._layout: TableLayout | None = None
        self._felt: pygame.Surface | None = None
        self._static: pygame.Surface | None = None
        self._static_layout: TableLayout | None = None
        self._static_keys: dict[str, tuple[Any, ...]] = {}
        """What each part of the static layer shows now (see ``_static_parts``)."""
        self._overlays: list[pygame.Rect] | None = None
        """Where the last frame drew over the resting layer (None: draw the next frame whole)."""
        self._still = False
        """Whether nothing moved in the last frame (a card flying, one dragged or rising)."""
        self._rest: pygame.Surface | None = None
        self._rest_cards: dict[int, tuple[Any, ...]] = {}
        """Each resting card as last drawn on the resting layer, by sprite: what it shows and where."""
        self._rest_under: list[pygame.Rect] = []
        self._rest_version = -1
        self._coach_panel: tuple[tuple[Any, ...], pygame.Rect, pygame.Surface] | None = None
        self._message_box: tuple[tuple[Any, ...], pygame.Rect, pygame.Surface] | None = None
        self._game_marks: list[pygame.Rect] = []
        """Where the game last drew over the cards (a score card, a clock): the coach's box and the
        messages keep clear of it as of a card."""
        self._version = 0
        """Bumped whenever the view changes (what the game draws under the cards may change with it)."""
        self.dirty = True
        self._static_dirty = True
        self.adapter.restore(session.table)
        self.log.recall(self.match.recall(self.adapter.describe, self.log.keep))
        self._refresh(animate_deal=True, looked=True)

    # ================================================================== the match, as the adapters read it
    @property
    def viewer(self) -> int | None:
        """The seat whose private view the screen shows (None: spectator, or the curtain is up)."""
        return self.match.viewer

    @property
    def view(self) -> dict[str, Any]:
        return self.match.view

    @property
    def legal(self) -> list[Move]:
        return self.match.legal

    @property
    def curtain(self) -> Curtain:
        return self.match.curtain

    @property
    def driver(self) -> MatchDriver:
        """Whoever runs the match (the referee here, the host, a tutorial)."""
        return self.match.driver

    @property
    def bottom_seat(self) -> int:
        return self.match.bottom_seat

    def recheck_viewer(self) -> None:
        """The adapter changed who needs the screen (e.g. a player has memorised their cards)."""
        self.match.choose_viewer()
        self._refresh()

    def dismiss_curtain(self) -> None:
        """The next player has the screen: show their cards."""
        if self.match.dismiss_curtain():
            self._refresh(looked=True)

    # ================================================================== layout and sprites
    def scales(self) -> tuple[float, float]:
        """The card size and the text size the settings ask of the table in this window: the one
        place the table reads them (everything else measures itself on the layout)."""
        settings = self.app.settings
        return CARD_SCALES.get(settings.card_size, 1.0), text_scale(self.app.screen.get_size(), settings.ui_scale)

    @property
    def layout(self) -> TableLayout:
        size = self.app.screen.get_size()
        cards, text = self.scales()
        if (self._layout is None or self._layout.size != size or self._layout.bottom_seat != self.bottom_seat
                or (self._layout.card_scale, self._layout.text_scale) != (cards, text)):
            room = 1.0
            layout = TableLayout(size, self.state.players, self.bottom_seat, cards, text)
            while not self.adapter.fits(layout) and room > 0.6:  # the cards give the buttons room
                room *= 0.96
                layout = TableLayout(size, self.state.players, self.bottom_seat, cards, text, room)
            self._layout = layout
            self._felt = None
            self._static_dirty = True
        return self._layout

    def _refresh(self, events: list[Event] | None = None, animate_deal: bool = False, pace: float = 1.0,
                 looked: bool = False) -> None:
        """Read the view and legal moves again (unless the match has just ``looked``) and send every
        sprite where it now belongs, its flight taking ``pace`` of the animation time (see
        ``bot_pace``); ``events`` as the viewer saw them."""
        if not looked:
            self.match.look()
        self._sync_sprites(events or [], animate_deal, pace)
        self._rebuild_buttons()
        if self.selected is not None and self.selected not in self._own_hand():
            self.selected = None
        self._static_dirty = True
        self.dirty = True
        self._version += 1

    def _own_hand(self) -> list[str]:
        if self.viewer is None:
            return []
        return [s.card for s in self.sprites if s.zone == f"hand:{self.viewer}" and s.card]

    def _duration(self, pace: float = 1.0) -> float:
        return BASE_DURATION * speed_factor(self.app.settings.animation_speed) * pace

    def bot_pace(self) -> float:
        """How fast the cards of a bot's (or the referee's) move fly, relative to the animation speed:
        briskly at a crowded table (``crowd_share`` of the time, at least half), where a player would
        otherwise watch every card of seven turns go by at full length (a deal is not shortened)."""
        bots = sum(1 for info in self.session.seats if not info.is_human)
        return max(0.5, crowd_share(bots))

    def _sync_sprites(self, events: list[Event], animate_deal: bool, pace: float) -> None:
        wanted = self.adapter.zones(self.view)
        if self.viewer is not None:
            key = f"hand:{self.viewer}"
            if key in wanted and all(c is not None for c in wanted[key]):
                wanted[key] = list(self.adapter.hand_order(self.viewer, [c for c in wanted[key] if c]))
        factor = speed_factor(self.app.settings.animation_speed) * pace
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
        for s in self.sprites:
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
                    found = next((s for s in self.sprites if s.ident not in used and s.card == card), None)
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
        spare = [s for s in self.sprites if s.ident not in used]
        layout = self.layout
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
            for n, dealt in enumerate(self.adapter.deal_order(wanted)):
                deal_delay[dealt] = n * STAGGER * 0.55 * factor
            for s in self.sprites + fresh:
                s.x, s.y, s.width = stock_x, stock_y, layout.card_w
                s.face_up = False
        duration = self._duration(pace)
        sprites: list[CardSprite] = []
        for zone, cards in wanted.items():
            places = self.adapter.place(zone, len(cards), self.view, layout)
            face = self.adapter.face_up(zone, self.view)
            rank = self.adapter.zone_rank(zone)
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
        self.sprites = sprites

    def _take_from(self, zone: str, card: str | None, arrived: set[int] | None = None) -> CardSprite | None:
        """The sprite leaving ``zone`` for an event: the named card if known there, else the top one.

        Of the unnamed cards, one that ``arrived`` there earlier in the same move leaves only if it
        is alone (so two hidden cards that swap places both move).
        """
        here = [s for s in self.sprites if s.zone == zone]
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

    def finish_animations(self) -> None:
        """Fast-forward every motion (a new input never waits for an animation)."""
        for s in self.sprites:
            if s.motion is not None:
                s.finish()
                self.dirty = True

    @property
    def animating(self) -> bool:
        return any(s.motion is not None for s in self.sprites)

    # ================================================================== playing moves
    def play(self, move: Move) -> bool:
        """Submit a player's ``move``; animate, log and autosave it. False (and a message) if refused."""
        answer = self.match.submit(move)
        if isinstance(answer, Said):
            self._tell(answer)
            return False
        if answer is None:  # sent to the host: it comes back with the host's next update
            self.selected = None
            return True
        self._show(answer)
        self._player_moved = True
        return True

    def _show(self, played: Played) -> None:
        """Animate, log and say a move the driver let through (a player's, a bot's or its own)."""
        self.selected = None
        shown = self.match.show(played, self.adapter.assisted())
        for name in shown.sounds:
            self.app.sound.play(name)
        for line in self.adapter.describe(played.move, shown.told, shown.told_view):
            self.log.add(line)
        if shown.newly_assisted:
            self._tell(Said(self.app.tr("table.now_assisted"), log=True))
        new_deal = shown.new_deal
        self._refresh(shown.seen, animate_deal=new_deal,
                      pace=self.bot_pace() if played.by != "human" and not new_deal else 1.0, looked=True)
        if self.focus is not None:
            self.focus = min(self.focus, max(0, len(self.focus_items()) - 1))

    def _tell(self, said: Said) -> None:
        """Show (and log, and sound) a sentence of the match's."""
        if said.sound is not None:
            self.app.sound.play(said.sound)
        if said.log:
            self.log.add(said.message)
        self.say(said.message, kind="refusal" if said.sound == "refuse" else "info")

    def table_changed(self) -> None:
        """The adapter changed how it shows the match (a hand put in another order): saved with it."""
        self.match.keep_table(self.adapter.kept())

    def explain(self, exc: IllegalMove) -> str:
        """The refusal in the player's language (``illegal.<key>``), else the engine's English text."""
        return self.match.explain(exc, self.adapter.word_params)

    def show_score_sheet(self) -> None:
        """Open the match score sheet over the table."""
        from ui.table.scores import ScoreSheetScene

        self.app.push(ScoreSheetScene(self.app, self.session))

    def review_hand(self) -> None:
        """Step through the hand just played, marking the viewer's decisions where the hard bot,
        from the same view, would have played otherwise."""
        from ui.scenes.replay import ReplayScene

        seat = self.viewer if self.viewer is not None else self.bottom_seat
        self.app.push(ReplayScene(self.app, self.state.clone(), review=(seat, max(1, len(self.state.hand_seeds)))))

    def _read_aloud(self, line: str) -> None:
        if self.app.settings.read_aloud:
            self.app.speaker.say(line, self.app.language)

    def toggle_log(self) -> None:
        """Enlarge the log over the table, or bring it back to its corner (L)."""
        self.log_large = not self.log_large
        self.dirty = True

    def log_rect(self, layout: TableLayout) -> pygame.Rect:
        """Where the log is drawn: its corner, or most of the right half of the table when enlarged."""
        if not self.log_large:
            return layout.log_rect
        w, h = layout.size
        top = layout.top_bar + round(layout.unit * 0.3)
        return pygame.Rect(round(w * 0.44), top, round(w * 0.545), h - top - round(layout.unit * 0.2))

    def log_text_size(self, layout: TableLayout) -> int:
        """The log's text size: the interface's in its corner, larger still when enlarged."""
        size = round(layout.em * 0.245)
        return max(size, round(self.log_rect(layout).h / 11)) if self.log_large else size

    def say(self, text: str, about: list[CardSprite] | None = None, kind: str = "refusal") -> None:
        """Show a short message over the table (an empty one shows nothing), clear of the cards it is
        ``about`` where there is room; ``kind`` gives its colour (``MESSAGE_COLOURS``): a refusal is
        red, a hint or a piece of news is not."""
        if not text:
            return
        self.message = text
        self.message_kind = kind if kind in MESSAGE_COLOURS else "refusal"
        self._message_points = {s.ident for s in about or []}
        self.message_left = max(MESSAGE_SECONDS, len(text) / READING_SPEED)
        self.dirty = True

    def perform(self, action: Action | None) -> None:
        """Run a button's, a click's or a drop's action."""
        if action is None:
            return
        if isinstance(action, Move):
            self.play(action)
        else:
            action()
            self._refresh()

    # ================================================================== undo
    def undo_offered(self) -> bool:
        return self.match.undo_offered()

    def undo(self) -> None:
        """Take back the player's last decision and the bots' replies to it (Ctrl+Z)."""
        said = self.match.undo()
        if said.log:  # something was taken back: the table shows the match as it now is
            self.drag = None
            self.selected = None
            self._refresh(looked=True)
        self._tell(said)

    # ================================================================== tutorial
    def tutorial_skip(self) -> None:
        """Play the step's move for the player (or pass the step if it is not theirs yet)."""
        move = self.match.tutorial_skip()
        if move is not None:
            self.play(move)
        else:
            self._refresh()

    def tutorial_end(self) -> None:
        """Leave the coach: the match goes on as an ordinary one (never saved nor counted)."""
        self.match.tutorial_end()
        self._rebuild_buttons()
        self.dirty = True

    def coach_lines(self) -> list[str]:
        return self.match.coach_lines()

    def coach_target(self) -> pygame.Rect | None:
        """Where the coach points: the place (or the button) the step names, else the button that
        plays the step, else the card or slot its move names."""
        coach = self.match.coach
        step = coach.step if coach is not None else None
        if coach is None or step is None or not self.match.coach_due():
            return None
        named = next((b.rect for b in self.buttons if b.key == step.point), None)
        if named is not None or step.move is None:
            return named
        buttons = [b.rect for b in self.buttons if isinstance(b.action, Move) and coach.matches(b.action, step.move)]
        names = list(step.move.args) if not buttons else []
        for name in ([step.point] if step.point else []) + names:
            found = self.sprites_named(name)
            if found:
                return max(found, key=lambda sp: sp.order).rect
        return buttons[0] if buttons else None

    def sprites_named(self, name: str) -> list[CardSprite]:
        """The cards a move's argument names: a card, a zone, or one of the viewer's (or a seat's) slots."""
        return [sp for sp in self.sprites if sp.card == name or sp.zone == name
                or sp.zone == f"slot:{self.viewer}.{name}" or sp.zone == f"slot:{name}"]

    def _draw_coach(self, frame: Ink, layout: TableLayout) -> None:
        lines = self.coach_lines()
        if not lines:
            return
        target = self.coach_target()
        if target is not None:
            frame.rect((255, 255, 255), target.inflate(14, 14), 4, border_radius=14)
            frame.rect(GOLD, target.inflate(22, 22), 2, border_radius=16)
        placed = self.coach_box(layout)
        if placed is not None:
            frame.blit(placed[1], placed[0])

    def coach_box(self, layout: TableLayout) -> tuple[pygame.Rect, pygame.Surface] | None:
        """The coach's words and where they go (None: no coach): at the top right of the felt if that
        is clear, else the clearest place on the felt, away from what the coach points at; rendered
        and placed once per change of the words or of the table."""
        lines = self.coach_lines()
        if not lines:
            return None
        key = (tuple(lines), self._version, layout.size, layout.em, tuple(b.rect.topleft for b in self.buttons))
        if self._coach_panel is None or self._coach_panel[0] != key:
            target = self.coach_target()
            margin = round(layout.unit * 0.2)
            width = layout.size[0] * 0.26 * (1 + 0.3 * (layout.text_scale - 1))
            panels = (self._render_coach(lines, layout, round(width * share), scale)  # smaller where it must be
                      for share, scale in ((1.0, 1.0), (1.4, 1.0), (1.4, 0.85), (1.8, 0.85), (1.8, 0.72), (2.4, 0.72),
                                           (2.4, 0.6), (1.0, 0.85), (1.0, 0.72), (1.0, 0.6), (1.0, 0.5)))  # narrow: by a plate
            box, panel = self._place(panels, layout, ("topright", (layout.felt.right - margin, layout.top_bar + margin)),
                                     [target] if target is not None else [], [])
            self._coach_panel = (key, box, panel)
        return self._coach_panel[1], self._coach_panel[2]

    def _render_coach(self, lines: list[str], layout: TableLayout, width: int,
                      scale: float = 1.0) -> tuple[pygame.Surface, int]:
        """The coach's box and its text size: its words at ``scale`` of the interface's size, smaller
        only if it would fill more than half the felt's height."""
        size = max(12, round(layout.em * 0.3 * scale))
        while True:
            wrapped = [part for line in lines for part in self.text.wrap(line, size, width)]
            line_h = self.text.font(size).get_linesize()
            height = len(wrapped) * line_h + size
            if height <= layout.felt.h * 0.5 or size <= 11:
                break
            size -= 1
        panel = pygame.Surface((width + size * 2, height), pygame.SRCALPHA)
        pygame.draw.rect(panel, (250, 244, 222, 240), panel.get_rect(), border_radius=14)
        pygame.draw.rect(panel, GOLD, panel.get_rect(), 3, border_radius=14)
        y = size // 2
        for line in wrapped:
            panel.blit(self.text.render(line, size, INK), (size, y))
            y += line_h
        return panel, size

    # ================================================================== hint
    def hint(self) -> None:
        """Ask the hard bot what it would play in the viewer's place (H); its answer is shown when it
        comes (``_show_hint``)."""
        why = self._hint_why
        if why is not None and why[0] == len(self.state.log):  # asked again: the reason, on request
            self._hint_why = None
            self.say(why[1], kind="hint")
            self.log.add(why[1])
            return
        said = self.match.hint()
        if said is not None:
            self._tell(said)

    def _show_hint(self) -> None:
        answer = self.match.hint_answer()
        if answer is None:
            return
        move, reason = answer
        what = self.adapter.hint_text(move, self.view)
        key = f"why.{reason[0]}" if reason is not None else ""
        if reason is not None and self._has(key):  # one plain sentence; the search's reasons on request
            why = self.app.tr(key, **self.adapter.word_params(reason[1]))
            self._hint_why = (len(self.state.log), self.app.tr("table.hint_why", why=why))
            line = self.app.tr("table.hint_ask_why", move=what)
        else:
            self._hint_why = None
            line = self.app.tr("table.hint", move=what)
        self.say(line, [sp for arg in move.args for sp in self.sprites_named(arg)], kind="hint")
        self.log.add(line)
        if any(arg in self._own_hand() for arg in move.args):
            self.selected = next(arg for arg in move.args if arg in self._own_hand())
            self._apply_highlights()

    # ================================================================== the driver
    @property
    def bots(self) -> Mapping[int, Bot]:
        """The bot of each bot seat (the referee's)."""
        return self.driver.bots

    def _run_referee(self) -> None:
        """Tell the driver how much time really passed (``app.real_dt``: a slow frame does not slow
        the game's clocks) and show what it played (one move a frame, and only once the cards have
        landed: while cards fly only a bot's think delay runs on, and nothing while the curtain is up)."""
        moved, self._player_moved = self._player_moved, False
        self._incoming()
        if moved:
            return
        self.driver.think_delay = max(0.0, float(self.app.settings.bot_delay))
        for played in self.match.advance(self.app.real_dt, self.animating):
            self._show(played)
        for seat, error in self.match.new_faults():
            # a broken bot must not stop the game: the referee played its first legal move
            print(f"the bot in seat {seat} failed:", file=sys.stderr)
            traceback.print_exception(error, file=sys.stderr)
        if self.match.clocks_running():
            self.dirty = True  # the countdown moves

    def _incoming(self) -> None:
        """Say what the host refused and who dropped or came back; redraw the seats' badges."""
        refusals, news, changed = self.match.incoming()
        for line in refusals:
            self.say(line)
        if changed:  # the host's update changed what the seat may do
            self._refresh()
        for line in news:
            if line:
                self.log.add(line)
                self.say(line)
            self._static_dirty = self.dirty = True

    def wait_for_bot(self, timeout: float = 10.0) -> None:
        """Block until every bot asked so far has answered (tests)."""
        self.runner.wait(timeout)

    # ================================================================== keyboard focus
    def focus_items(self) -> list[CardSprite | Button]:
        """What Tab and the arrows move through: focusable cards (left to right), then buttons."""
        cards = [s for s in self.sprites if self.adapter.focusable(s, self.view, self.legal)]
        cards.sort(key=lambda s: (s.zone.startswith("hand:"), s.target[0]))
        return [*cards, *self.buttons]

    def focused(self) -> CardSprite | Button | None:
        if self.focus is None:  # no keyboard focus: nothing to look through
            return None
        items = self.focus_items()
        if not items:
            return None
        return items[min(self.focus, len(items) - 1)]

    def _move_focus(self, step: int, group_jump: bool = False) -> None:
        items = self.focus_items()
        if not items:
            self.focus = None
            return
        if self.focus is None:
            self.focus = 0
        elif group_jump:
            current = items[min(self.focus, len(items) - 1)]
            kind = _group(current)
            n = len(items)
            i = self.focus
            for _ in range(n):
                i = (i + step) % n
                if _group(items[i]) != kind:
                    break
            kind = _group(items[i])
            while step < 0 and i > 0 and _group(items[i - 1]) == kind:
                i -= 1
            self.focus = i
        else:
            self.focus = (self.focus + step) % len(items)
        self._apply_highlights()

    def _refocus(self, sprite: CardSprite) -> None:
        """Keep the focus on ``sprite`` after the cards moved around."""
        items = self.focus_items()
        if sprite in items:
            self.focus = items.index(sprite)
        self._apply_highlights()

    def _activate_focus(self, confirm: bool) -> None:
        item = self.focused()
        if isinstance(item, Button):
            self.perform(item.action)
        elif isinstance(item, CardSprite):
            self.perform(self.adapter.click(item, self.view, self.legal, double=confirm))

    # ================================================================== input
    def handle_event(self, event: pygame.event.Event) -> bool:
        pressed: tuple[CardSprite, tuple[int, int]] | None = None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            # the card under the pointer as drawn now, before the animations jump to their end: a
            # click on a card in flight is a click on that card, never on the felt it leaves
            sprite = self.sprite_at(event.pos)
            if sprite is not None:
                pressed = (sprite, (event.pos[0] - round(sprite.x), event.pos[1] - round(sprite.y)))
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.finish_animations()
        if self.curtain.shown:
            if event.type == pygame.MOUSEBUTTONUP and event.button == 1 or (
                    event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)):
                self.dismiss_curtain()
                return True
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self._pause()
                return True
            return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN)
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._mouse_down(event.pos, pressed)
        if event.type == pygame.MOUSEMOTION:
            return self._mouse_move(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self._mouse_up(event.pos)
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        key = event.key
        if key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            self.undo()
            return True
        pressed = next((b for b in self.buttons if b.shortcut == key), None)
        if pressed is not None and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            self.perform(pressed.action)
            self.dirty = True
            return True
        if key == pygame.K_h and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            self.hint()
            return True
        if key == pygame.K_l and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            self.toggle_log()
            return True
        if key == pygame.K_ESCAPE:
            if self.drag is not None:
                self._cancel_drag()
                return True
            self._pause()
            return True
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and event.mod & pygame.KMOD_SHIFT:
            item = self.focused()
            if isinstance(item, CardSprite):
                self.perform(self.adapter.shift(item, 1 if key == pygame.K_RIGHT else -1))
                self._refocus(item)
            return True
        if key == pygame.K_TAB:
            self._move_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1, group_jump=True)
        elif key in (pygame.K_RIGHT, pygame.K_DOWN):
            self._move_focus(1)
        elif key in (pygame.K_LEFT, pygame.K_UP):
            self._move_focus(-1)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.focus is None:
                self._move_focus(1)
            else:
                self._activate_focus(confirm=True)
        elif key == pygame.K_SPACE:
            self._activate_focus(confirm=False)
        else:
            return False
        self.dirty = True
        return True

    def _pause(self) -> None:
        from ui.scenes.pause import PauseScene

        self.app.push(PauseScene(self.app, self.session))

    def sprite_at(self, pos: tuple[int, int]) -> CardSprite | None:
        """The topmost card drawn under ``pos`` (cards in flight are drawn over the resting ones)."""
        for s in sorted(self.sprites, key=lambda s: (s.motion is not None and s.motion.started, s.order),
                        reverse=True):
            if s.rect.collidepoint(pos):
                return s
        return None

    def button_at(self, pos: tuple[int, int]) -> Button | None:
        return next((b for b in self.buttons if b.rect.collidepoint(pos)), None)

    def _mouse_down(self, pos: tuple[int, int], pressed: tuple[CardSprite, tuple[int, int]] | None = None) -> bool:
        """Press a button or a card at ``pos``; ``pressed`` is the card that was drawn there (and where
        in it the pointer was) before the animations were fast-forwarded."""
        button = self.button_at(pos)
        if button is not None:
            self._press = {"button": button}
            return True
        if pressed is None:
            sprite = self.sprite_at(pos)
            if sprite is None:
                self._press = None
                return False
            pressed = (sprite, (pos[0] - round(sprite.x), pos[1] - round(sprite.y)))
        sprite, offset = pressed
        self._press = {"sprite": sprite, "pos": pos, "offset": offset, "race": self._race_shown}
        return True

    def _race_moved_on(self, seen: object | None) -> bool:
        """Whether a quick race is open now that was not on screen when the button went down (a
        click meant for the last window, or for none, never snaps in the next one): say so."""
        now = self.adapter.race(self.view)
        if now is None or now == seen:
            return False
        self.say(self.app.tr("table.race_too_soon"), kind="info")
        return True

    def _mouse_move(self, pos: tuple[int, int]) -> bool:
        if self._press and "sprite" in self._press and self.drag is None:
            sx, sy = self._press["pos"]
            sprite = self._press["sprite"]
            if abs(pos[0] - sx) + abs(pos[1] - sy) >= DRAG_THRESHOLD and self.adapter.draggable(
                    sprite, self.view, self.legal):
                self.drag = {"sprite": sprite, "offset": self._press["offset"], "race": self._press["race"],
                             "drops": self.adapter.drops(sprite, self.view, self.legal)}
                sprite.lift_goal = 0.0
                sprite.lift = 0.0
        if self.drag is not None:
            sprite = self.drag["sprite"]
            ox, oy = self.drag["offset"]
            sprite.x, sprite.y = pos[0] - ox, pos[1] - oy
            sprite.order = 10**6
            self.dirty = True
            return True
        self._hover(pos)
        return False

    def _hover(self, pos: tuple[int, int]) -> None:
        top = self.sprite_at(pos)
        for s in self.sprites:
            goal = 1.0 if s is top and self.adapter.draggable(s, self.view, self.legal) else 0.0
            if s.lift_goal != goal:
                s.lift_goal = goal
                self.dirty = True
        for b in self.buttons:
            hover = b.rect.collidepoint(pos)
            if hover != b.hover:
                b.hover = hover
                self.dirty = True

    def _mouse_up(self, pos: tuple[int, int]) -> bool:
        press, self._press = self._press, None
        if self.drag is not None:
            self._drop(pos)
            return True
        if not press:
            return False
        if "button" in press:
            if press["button"].rect.collidepoint(pos):
                self.perform(press["button"].action)
            return True
        sprite: CardSprite = press["sprite"]
        if self._race_moved_on(press["race"]):
            return True
        now = self.app.elapsed
        double = self._last_click is not None and self._last_click[0] == sprite.ident \
            and now - self._last_click[1] <= DOUBLE_CLICK
        self._last_click = None if double else (sprite.ident, now)
        action = self.adapter.click(sprite, self.view, self.legal, double=double)
        if action is None and not self.legal and self.viewer is not None and not self.state.is_over():
            # nothing to play now (another seat is to move): say so rather than ignore the click
            self.say(self.adapter.tr("illegal.not_your_turn", name=self.session.seats[self.viewer].name))
        self.perform(action)
        self._apply_highlights()
        return True

    def _drop(self, pos: tuple[int, int]) -> None:
        drag, self.drag = self.drag, None
        assert drag is not None
        sprite: CardSprite = drag["sprite"]
        if self._race_moved_on(drag["race"]):
            self._spring_back(sprite)
            return
        for target in drag["drops"]:
            if target.rect.collidepoint(pos) or target.rect.colliderect(sprite.rect.inflate(-sprite.width // 2, -sprite.height // 2)):
                shown = self._version
                self.perform(target.action)  # the card still lies where it was let go: a new hand order follows it
                if self._version == shown:  # nothing played (refused, or sent to the host): back home
                    self._spring_back(sprite)
                return
        for zone, rect in self.adapter.target_rects(self.view, self.layout).items():
            if rect.collidepoint(pos):
                attempt = self.adapter.attempted(sprite, zone, self.view)
                if attempt is not None and not self.state.is_legal(attempt):
                    self.app.sound.play("refuse")
                    self.say(self.explain(self.state.refusal(attempt)))
                break
        self._spring_back(sprite)

    def _spring_back(self, sprite: CardSprite) -> None:
        """Send a card let go back to its place."""
        duration = max(self._duration() * 0.7, 0.0)
        sprite.order = self.adapter.zone_rank(sprite.zone) * 1000
        target = sprite.target
        sprite.target = (sprite.x, sprite.y)
        sprite.send(target, sprite.target_width or sprite.width, duration)
        self._refresh()

    def _cancel_drag(self) -> None:
        if self.drag is not None:
            sprite = self.drag["sprite"]
            self.drag = None
            self._spring_back(sprite)

    def drop_targets(self) -> list[Drop]:
        """The legal targets lit up by the current drag."""
        return [] if self.drag is None else list(self.drag["drops"])

    # ================================================================== buttons and highlights
    def _rebuild_buttons(self) -> None:
        specs: list[ButtonSpec] = [] if self.curtain.shown else self.adapter.buttons(self.view, self.legal)
        main = [_button(s) for s in specs if not s.side]
        side = [_button(s) for s in specs if s.side]
        coach = self.match.coach
        if coach is not None and not coach.ended:
            if self.match.coach_due():
                side.append(Button("tutorial_skip", self.app.tr("tutorial.skip"), self.tutorial_skip))
            side.append(Button("tutorial_end", self.app.tr("tutorial.end"), self.tutorial_end))
        elif self.undo_offered() and not self.curtain.shown:
            side.append(Button("undo", self.app.tr("table.undo"), self.undo))
        elif self.match.undo_may_come() and not self.curtain.shown:
            side.append(Button("undo", self.app.tr("table.undo"), None))  # its place, kept empty
        if self.match.hint_offered():
            side.append(Button("hint", self.app.tr("table.hint_button"), self.hint))
        elif self.match.hint_may_come() and not self.curtain.shown:
            side.append(Button("hint", self.app.tr("table.hint_button"), None))
        layout = self.layout
        bar = self.adapter.button_bar(layout)
        layout_buttons(main, self.text, bar)
        log = layout.log_rect
        gap = round(layout.unit * 0.15)
        height = round(layout.em * 0.5)
        # the side buttons stack up from the log, in the room its column leaves between the plates and cards
        floor = min([log.y, *(b.rect.top for b in main if b.rect.right > log.x and b.rect.x < log.right)]) - gap
        column = pygame.Rect(log.x, 0, log.w, floor)
        taken = sorted((r for r in [spot.plate for spot in layout.seats] + [s.home_rect for s in self.sprites]
                        if r.colliderect(column)), key=lambda r: -r.bottom)
        for rect in taken:
            if rect.bottom > floor:
                floor = min(floor, rect.top - gap)
        top = max([layout.top_bar + round(layout.unit * 0.3), *(r.bottom + gap for r in taken if r.bottom <= floor)])
        if side and floor - top < len(side) * (height * 0.8 + gap):  # no room there: they join the bar
            main, side = main + side, []
            layout_buttons(main, self.text, bar)
        layout_column(side, self.text, (log.x, floor), log.w, height, top=top)
        self.buttons = [b for b in main + side if b.action is not None]  # Undo and Hint keep their places
        self._apply_highlights()

    def _apply_highlights(self) -> None:
        focus = self.focused()
        for s in self.sprites:
            s.highlight = "focus" if s is focus else "selected" if (s.card is not None and s.card == self.selected
                                                                     and s.zone == f"hand:{self.viewer}") else None
        self.dirty = True

    def select(self, card: str | None) -> None:
        """Choose a card of the viewer's hand (clicking it again lets go)."""
        self.selected = None if card == self.selected else card
        self._rebuild_buttons()

    # ================================================================== frame
    def update(self, dt: float) -> None:
        if (self.app.settings.language != self._art_language
                or self.app.settings.four_colour_deck != self.art.four_colour):
            self._art_language = self.app.settings.language
            self.art.four_colour = self.app.settings.four_colour_deck
            self.art.clear()
            self._rebuild_buttons()
            self._static_dirty = True
        for s in self.sprites:
            if s.update(dt):
                self.dirty = True
        if self.message_left > 0:
            self.message_left -= dt
            if self.message_left <= 0:
                self.message = None
                self.dirty = True
        if not self.curtain.shown:
            self.adapter.tick(dt)
        self._show_hint()
        self._run_referee()
        self._race_shown = self.adapter.race(self.view)

    def idle(self) -> bool:
        """Nothing moves until the player acts: no animation, no message, no timer, no bot thinking."""
        if self.animating or self.message or self.drag is not None:
            return False
        if any(s.lift != s.lift_goal for s in self.sprites):  # a card rising under the pointer
            return False
        return not self.dirty and self.match.idle() and self.adapter.idle()

    def resize(self, size: tuple[int, int]) -> None:
        """Lay the table out again for the new window size (card art is redrawn at the new sizes)."""
        self._layout = None
        self._overlays = None
        self.art.clear()
        self._refresh()
        self.finish_animations()
        self._placed_scales = self.scales()

    def enter(self) -> None:
        if self._placed_scales is not None and self._placed_scales != self.scales():
            self.resize(self.app.screen.get_size())  # the card or the interface size changed in the settings
        self._placed_scales = self.scales()
        self.dirty = True
        self._static_dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        """Compose the table on ``surface``. On the screen that still shows this table's last frame,
        only the areas that changed are drawn again, and nothing when nothing changed: copying a
        whole layer to the screen was the largest cost of a frame."""
        layout = self.layout
        over = self.app.drawn_over(self, surface) if self._overlays is not None else None
        if over == [] and self._still and not (self.dirty or self._static_dirty):
            self.painted = []
            return
        self._compose(surface, layout, over)
        self.dirty = False
        self._still = self.drag is None and not any(s.motion is not None or s.lift != s.lift_goal
                                                    for s in self.sprites)

    def _compose(self, frame: pygame.Surface, layout: TableLayout, over: list[pygame.Rect] | None) -> None:
        """The table on ``frame``: the resting layer (where it changed, where the last frame drew
        over it and where ``over`` says something else did; all of it when ``over`` is None), then
        everything above it, through an ``Ink`` that notes where for the next frame."""
        if self.curtain.shown:
            name = self.curtain.name or ""
            self.curtain_art.draw(frame, self.app.tr("table.pass_to", name=name),
                              self.app.tr("table.pass_hint", name=name), layout.text_scale)
            self._overlays = self.painted = None
            return
        static: list[pygame.Rect] = []
        if self._static_dirty or self._static is None:
            static = self._update_static(layout)
            self._static_dirty = False
        dragging = self.drag["sprite"] if self.drag else None
        order = sorted(self.sprites, key=lambda s: (s.motion is not None and s.motion.started, s.order))
        resting = [s for s in order if s is not dragging and not (s.motion is not None and s.motion.started)]
        flying = [s for s in order if s is not dragging and s.motion is not None and s.motion.started]
        changed = self._draw_resting(frame, layout, resting, static)
        screen = frame.get_rect()
        regions = [screen] if over is None or self._overlays is None else \
            merge_regions(changed + self._overlays + over, screen)
        if sum(_area(r) for r in regions) > _area(screen) // 2:
            regions = [screen]
        rest = self._rest
        if rest is not None:
            for region in regions:
                frame.blit(rest, region, region)
        ink = Ink(frame)
        for target in self.drop_targets():
            if isinstance(target.action, Move):
                ink.rect((255, 220, 90), target.rect.inflate(10, 10), 4, border_radius=12)
        for s in flying:
            ink.note(s.draw(frame, self.art))
        mark = len(ink.areas)
        self.adapter.draw_over(ink, self.view, layout)
        self._game_marks = ink.areas[mark:]
        focus = self.focused()
        for b in self.buttons:
            ink.note(b.draw(frame, self.text, b is focus))
        log = self.log.draw(frame, self.log_rect(layout), self.log_text_size(layout))
        if log is not None:
            ink.note(log)
        self._draw_coach(ink, layout)
        if dragging is not None:
            ink.note(dragging.draw(frame, self.art))
        if self.message:
            self._draw_message(ink, layout)
        self.painted = None if regions == [screen] else regions + ink.areas
        self._overlays = ink.areas

    def _draw_resting(self, frame: pygame.Surface, layout: TableLayout, resting: list[CardSprite],
                      static: list[pygame.Rect]) -> list[pygame.Rect]:
        """The felt, the plates and every card at rest, kept as one layer: only the areas where a card
        came, went or changed, a static part was redrawn, or the game's marks under the cards may have
        changed are drawn again (the whole layer when most of it changed); the areas drawn again."""
        assert self._static is not None
        cards = {s.ident: _resting_look(s) for s in resting}
        screen = pygame.Rect((0, 0), layout.size)
        # the marks under the cards follow the view and the resting cards: while neither changed
        # (most frames of a drag or a flight), they lie where they lay
        under = self._rest_under
        if self._rest is None or self._rest.get_size() != layout.size:
            self._rest = pygame.Surface(layout.size).convert(frame)
            under = self.adapter.under_rects(self.view, layout)
            regions = [screen]
        else:
            old = self._rest_cards
            dirty = list(static)
            for ident, look in cards.items():
                if old.get(ident) != look:
                    dirty.append(look[0])
                    if ident in old:
                        dirty.append(old[ident][0])
            dirty.extend(look[0] for ident, look in old.items() if ident not in cards)
            if dirty or self._version != self._rest_version:
                under = self.adapter.under_rects(self.view, layout)
                dirty.extend(under)
                dirty.extend(self._rest_under)
            regions = merge_regions(dirty, screen)
            if sum(r.w * r.h for r in regions) > screen.w * screen.h // 2:
                regions = [screen]
        for region in regions:
            self._rest.set_clip(region)
            self._rest.blit(self._static, region, region)
            if region.collidelist(under) >= 0:  # the game's marks lie only inside ``under``
                self.adapter.draw_under(self._rest, self.view, layout)
            for i, s in enumerate(resting):
                if not cards[s.ident][0].colliderect(region):
                    continue
                if i + 1 < len(resting) and _hidden_under(s, resting[i + 1]):
                    continue
                s.draw(self._rest, self.art)
        self._rest.set_clip(None)
        self._rest_cards, self._rest_under, self._rest_version = cards, under, self._version
        return regions

    def _draw_message(self, frame: Ink, layout: TableLayout) -> None:
        placed = self.message_box(layout)
        if placed is not None:
            frame.blit(placed[1], placed[0])

    def message_box(self, layout: TableLayout) -> tuple[pygame.Rect, pygame.Surface] | None:
        """The message over the table and where it goes (None: no message): just below the piles if
        that is clear, else the clearest place on the felt, away from the cards it is about and the
        coach; rendered and placed once per message and table change, not every frame."""
        if not self.message:
            return None
        key = (self.message, self.message_kind, self._version, layout.size, layout.em,
               tuple(b.rect.topleft for b in self.buttons))
        if self._message_box is None or self._message_box[0] != key:
            widest = min(layout.size[0] * 0.7, layout.log_rect.x - layout.felt.x - layout.unit * 0.6)
            panels = (self._render_message(self.message, layout, round(widest * share), most)
                      for share, most in ((1.0, 3), (0.75, 3), (0.55, 4), (0.4, 6)))  # narrower where a wide one finds no room
            coach = self.coach_box(layout)
            below = ("center", (round(layout.centre[0]), round(layout.centre[1] + layout.card_h * 0.9)))
            box, panel = self._place(panels, layout, below,
                                     [s.home_rect for s in self.sprites if s.ident in self._message_points],
                                     [coach[0]] if coach is not None else [])
            self._message_box = (key, box, panel)
        return self._message_box[1], self._message_box[2]

    def _place(self, panels: Iterable[tuple[pygame.Surface, int]], layout: TableLayout,
               wanted: tuple[str, tuple[int, int]], about: list[pygame.Rect],
               clear: list[pygame.Rect]) -> tuple[pygame.Rect, pygame.Surface]:
        """Of ``panels`` (renders of one box and their text sizes, the preferred first), the first that
        finds a place clear of everything (see ``_clear_spot``), else the one whose place costs least
        (buttons, then what it is ``about``, the name plates, the cards), then with the largest text; and
        that place."""
        best: tuple[tuple[Any, ...], pygame.Rect, pygame.Surface] | None = None
        for panel, size in panels:
            cost, spot = self._clear_spot(panel.get_size(), layout, wanted, about, clear)
            rank = (*cost[:4], -size)
            if best is None or rank < best[0]:
                best = (rank, spot, panel)
            if cost[:4] == (0, 0, 0, 0):
                break
        assert best is not None
        return best[1], best[2]

    def _render_message(self, message: str, layout: TableLayout, width: int, most: int) -> tuple[pygame.Surface, int]:
        """The message's bubble and its text size: one line when it fits ``width``, else up to ``most``
        wrapped lines."""
        size = max(16, round(layout.em * 0.36))
        lines = self.text.wrap(message, size, width, bold=True)
        while len(lines) > most and size > 12:
            size -= 1
            lines = self.text.wrap(message, size, width, bold=True)
        images = [self.text.fit(line, size, width, FONT_COLOUR, bold=True) for line in lines[:most]]
        height = sum(img.get_height() for img in images)
        box = pygame.Rect(0, 0, max(img.get_width() for img in images), height).inflate(size * 1.6, size * 0.9)
        panel = pygame.Surface(box.size, pygame.SRCALPHA)
        box.topleft = (0, 0)
        radius = box.h // 2 if len(images) == 1 else size
        pygame.draw.rect(panel, MESSAGE_COLOURS[self.message_kind], box, border_radius=radius)
        pygame.draw.rect(panel, GOLD, box, 2, border_radius=radius)
        y = box.centery - height // 2
        for img in images:
            panel.blit(img, img.get_rect(midtop=(box.centerx, y)))
            y += img.get_height()
        return panel, size

    def _clear_spot(self, size: tuple[int, int], layout: TableLayout, wanted: tuple[str, tuple[int, int]],
                    about: list[pygame.Rect], clear: list[pygame.Rect]) -> tuple[tuple[Any, ...], pygame.Rect]:
        """Where a box of ``size`` goes on the felt, and at what cost: clear of the buttons, the log and
        ``clear``, then of the things it is ``about`` (a hint's card), then of the name plates, where it
        can be; of those places, the one that covers the least of the cards, then the nearest to where
        it is ``wanted`` (an anchor of the box and its position)."""
        box = pygame.Rect((0, 0), size)
        felt = layout.felt.inflate(-round(layout.unit * 0.2), -round(layout.unit * 0.2))
        setattr(box, wanted[0], wanted[1])
        if box.w >= felt.w or box.h >= felt.h:
            return (1, 0, 0, 0, 0), box.clamp(felt)
        wanted_at = box.center
        walls = ([b.rect.inflate(6, 6) for b in self.buttons] + ([layout.log_rect] if self.log.lines else [])
                 + clear)
        plates = [spot.plate for spot in layout.seats]
        pointed = [r.inflate(8, 8) for r in about]
        aimed = {tuple(r) for r in about}
        cards = [pygame.Rect(r) for r in {tuple(s.home_rect) for s in self.sprites} - aimed  # a pile counts once
                 | {tuple(r) for r in self._game_marks}]
        step = max(4, round(layout.unit * 0.25))
        best: tuple[tuple[Any, ...], pygame.Rect] | None = None
        xs = {*range(felt.left + box.w // 2, felt.right - box.w // 2 + 1, max(step, (felt.w - box.w) // 8)),
              max(felt.left + box.w // 2, min(wanted_at[0], felt.right - box.w // 2))}
        ys = {*range(felt.top + box.h // 2, felt.bottom - box.h // 2 + 1, step),
              max(felt.top + box.h // 2, min(wanted_at[1], felt.bottom - box.h // 2))}
        for cx in sorted(xs):
            for cy in sorted(ys):
                box.center = (cx, cy)
                cost = (len(box.collidelistall(walls)),
                        sum(_area(box.clip(pointed[i])) for i in box.collidelistall(pointed)),
                        len(box.collidelistall(plates)),
                        sum(_area(box.clip(cards[i])) for i in box.collidelistall(cards)),
                        abs(cx - wanted_at[0]) + abs(cy - wanted_at[1]))
                if best is None or cost < best[0]:
                    best = (cost, box.copy())
        assert best is not None
        return best

    # ------------------------------------------------------------------ static layer
    def _felt_surface(self, layout: TableLayout) -> pygame.Surface:
        if self._felt is None or self._felt.get_size() != layout.size:
            self._felt = draw_felt(layout)
        return self._felt

    def _update_static(self, layout: TableLayout) -> list[pygame.Rect]:
        """Bring the static layer (felt, top bar, pile places, name plates) up to date, redrawing only
        the parts whose content changed, each on the felt again; the rectangles redrawn."""
        felt = self._felt_surface(layout)
        parts = self._static_parts(layout)
        if self._static is None or self._static_layout is not layout:
            self._static = felt.copy()
            self._static_layout = layout
            self._static_keys = {}
        redraw = {name for name, (_, key, _) in parts.items() if self._static_keys.get(name) != key}
        grown = True
        while grown:  # a part overlapping one drawn again loses its pixels to the felt: draw it again too
            grown = False
            for name, (rect, _, _) in parts.items():
                if name not in redraw and any(rect.colliderect(parts[n][0]) for n in redraw):
                    redraw.add(name)
                    grown = True
        for name in redraw:
            rect = parts[name][0]
            self._static.blit(felt, rect, rect)
        for name, (_, key, draw) in parts.items():  # in their order: the bar, the piles, the plates
            if name in redraw:
                draw(self._static)
                self._static_keys[name] = key
        return [parts[name][0] for name in redraw]

    def _static_parts(self, layout: TableLayout) -> dict[str, tuple[pygame.Rect, tuple[Any, ...], Any]]:
        """Each part of the static layer: the area it may draw in, what it shows, and how to draw it."""
        w, _ = layout.size
        name = self.app.tr(f"game.{self.session.game_id}.title") if self._has(
            f"game.{self.session.game_id}.title") else self.descriptor.title
        hint = self.app.tr("table.menu_hint")
        status = self.adapter.status(self.view, self.legal)
        bar = pygame.Rect(0, 0, w, layout.top_bar + layout.top_bar // 2)  # the bar and the rail below it
        parts: dict[str, tuple[pygame.Rect, tuple[Any, ...], Any]] = {
            "bar": (bar, (name, hint, status), lambda surface: self._draw_bar(surface, layout, name, hint, status))}
        piles = [pygame.Rect(round(pos[0]), round(pos[1]), layout.card_w, layout.card_h)
                 for pos in (layout.stock_pos, layout.discard_pos)]
        parts["piles"] = (piles[0].unionall(piles[1:]).inflate(4, 4), (), lambda surface: self._draw_piles(
            surface, layout, piles))
        for spot in layout.seats:
            plate = self._plate(spot.seat)
            parts[f"plate:{spot.seat}"] = (spot.plate.inflate(8, 8), plate, lambda surface, rect=spot.plate,
                                           plate=plate: self._draw_plate(surface, rect, plate))
        return parts

    def _draw_bar(self, surface: pygame.Surface, layout: TableLayout, name: str, hint_text: str, status: str) -> None:
        """The top bar: the game's title, what happens now, and the menu key (the deal's fingerprint
        is in the Fair deal panel, from the pause menu)."""
        w, _ = layout.size
        bar = pygame.Rect(0, 0, w, layout.top_bar)
        pygame.draw.rect(surface, (8, 34, 22), bar)
        pygame.draw.line(surface, GOLD, (0, bar.bottom - 1), (w, bar.bottom - 1), 2)
        margin = round(layout.unit * 0.3)
        title = self.text.block(name, round(bar.h * 0.5), round(w * 0.22), bar.h - 4, GOLD, bold=True, align="left")
        title_rect = surface.blit(title, title.get_rect(midleft=(margin, bar.centery)))
        hint = self.text.block(hint_text, round(bar.h * 0.36), round(w * 0.26), bar.h - 4,
                               (190, 200, 180), align="right")
        hint_rect = surface.blit(hint, hint.get_rect(midright=(w - margin, bar.centery)))
        if status:
            room = hint_rect.left - title_rect.right - 2 * margin
            img = self.text.block(status, round(bar.h * 0.44), room, bar.h - 4, FONT_COLOUR)
            centre = max(title_rect.right + margin + img.get_width() // 2,
                         min(w // 2, hint_rect.left - margin - img.get_width() // 2))
            surface.blit(img, img.get_rect(center=(centre, bar.centery)))

    @staticmethod
    def _draw_piles(surface: pygame.Surface, layout: TableLayout, piles: list[pygame.Rect]) -> None:
        """The empty places of the stock and the discard pile."""
        for rect in piles:
            pygame.draw.rect(surface, (18, 70, 44), rect, border_radius=layout.card_w // 10)
            pygame.draw.rect(surface, (60, 120, 84), rect, 2, border_radius=layout.card_w // 10)

    def _has(self, key: str) -> bool:
        has = getattr(self.app, "has_text", None)
        return bool(has(key)) if has else False

    def _plate(self, seat: int) -> Plate:
        """What a seat's name plate shows."""
        info = self.session.seats[seat]
        turn = seat in self.adapter.turn_seats(self.view) and not self.state.is_over()
        level = self.app.tr("table.human") if info.is_human else self.app.tr(f"table.level.{info.level}")
        level = self.match.seat_badge(seat, level)
        note = self.adapter.seat_note(seat, self.view)
        line2 = " · ".join(x for x in (level, note) if x)
        return Plate(seat, info.name, info.is_human, turn, str(self.state.scores[seat]), line2)

    def _draw_plate(self, surface: pygame.Surface, plate: pygame.Rect, shown: Plate) -> None:
        """A seat's name plate: avatar (round for a human, square for a bot), name, level, notes, score;
        a gold frame and a gold ring round the avatar show whose turn it is."""
        turn = shown.turn
        body = pygame.Surface(plate.size, pygame.SRCALPHA)
        pygame.draw.rect(body, (8, 30, 18, 225), body.get_rect(), border_radius=plate.h // 4)
        surface.blit(body, plate)
        pygame.draw.rect(surface, (255, 214, 90) if turn else (90, 130, 100), plate, 3 if turn else 1,
                         border_radius=plate.h // 4)
        pad = max(3, plate.h // 8)
        d = plate.h - 2 * pad
        avatar = pygame.Rect(plate.x + pad, plate.y + pad, d, d)
        colour = SEAT_COLOURS[shown.seat % len(SEAT_COLOURS)]
        if turn:
            ring = avatar.inflate(4, 4)
            if shown.human:
                pygame.draw.ellipse(surface, (255, 214, 90), ring)
            else:
                pygame.draw.rect(surface, (255, 214, 90), ring, border_radius=d // 4)
        if shown.human:
            pygame.draw.ellipse(surface, colour, avatar)
        else:
            pygame.draw.rect(surface, colour, avatar, border_radius=d // 4)
        initial = self.text.render((shown.name[:1] or "?").upper(), round(d * 0.62), (250, 246, 232), bold=True)
        surface.blit(initial, initial.get_rect(center=avatar.center))
        indent = avatar.right - plate.x + pad
        score = self.text.render(shown.score, round(plate.h * 0.42), GOLD, bold=True)
        score_rect = surface.blit(score, score.get_rect(midright=(plate.right - pad * 2, plate.centery)))
        room = score_rect.left - plate.x - indent - pad
        name = self.text.fit(shown.name, round(plate.h * 0.36), room, FONT_COLOUR, bold=True)
        surface.blit(name, (plate.x + indent, plate.y + pad - 1))
        small = self.text.fit(_fitting_parts(self.text, shown.line2, round(plate.h * 0.26), room),
                              round(plate.h * 0.26), room, (190, 206, 186))
        surface.blit(small, (plate.x + indent, plate.bottom - pad - small.get_height() + 1))

def _area(rect: pygame.Rect) -> int:
    return rect.w * rect.h


def _button(spec: ButtonSpec) -> Button:
    """The button an adapter asked for, its shortcut named after its label."""
    label = spec.label if spec.shortcut is None else f"{spec.label} ({pygame.key.name(spec.shortcut).upper()})"
    return Button(spec.key, label, spec.action, primary=spec.primary, shortcut=spec.shortcut)


def _fitting_parts(text: TextCache, line: str, size: int, room: int) -> str:
    """``line``'s parts (``a · b · c``) that fit ``room`` pixels at the smallest text size, the last
    ones left out first: a small name plate shows "bot · normal" rather than run off its edge."""
    parts = line.split(" · ")
    shown = line
    while len(parts) > 1 and text.width(shown, text.fitting_size(shown, size, room)) > room:
        parts.pop()
        shown = " · ".join(parts)
    return shown


def _resting_look(sprite: CardSprite) -> tuple[Any, ...]:
    """A resting card as drawn: the area its shadow and highlight may cover first, then what it shows."""
    rect = sprite.rect
    margin = sprite.width // 10 + sprite.width // 7 + 8  # shadow spread and offset, highlight outline
    return (rect.inflate(2 * margin, 2 * margin), rect, sprite.width, sprite.card, sprite.shows_face,
            sprite.highlight, sprite.moving, sprite.lift > 0.05, sprite.order)


def merge_regions(rects: list[pygame.Rect], screen: pygame.Rect) -> list[pygame.Rect]:
    """``rects`` clipped to ``screen``, overlapping ones joined, so that no area is drawn twice.

    >>> merge_regions([pygame.Rect(0, 0, 10, 10), pygame.Rect(5, 5, 10, 10), pygame.Rect(50, 0, 5, 5)],
    ...               pygame.Rect(0, 0, 52, 100))
    [Rect(0, 0, 15, 15), Rect(50, 0, 2, 5)]
    """
    merged: list[pygame.Rect] = []
    for rect in rects:
        rect = rect.clip(screen)
        if not rect.w or not rect.h:
            continue
        hit = rect.collidelist(merged)
        while hit != -1:
            rect = rect.union(merged.pop(hit))
            hit = rect.collidelist(merged)
        merged.append(rect)
    return merged


def _hidden_under(sprite: CardSprite, above: CardSprite) -> bool:
    """Whether ``sprite`` is entirely covered by the next card drawn (a card deep in a still pile)."""
    return (sprite.motion is None and above.motion is None and sprite.zone == above.zone
            and sprite.rect == above.rect and sprite.highlight is None)


def _group(item: CardSprite | Button) -> str:
    if isinstance(item, Button):
        return "button"
    return "hand" if item.zone.startswith("hand:") else "table"


def draw_felt(layout: TableLayout) -> pygame.Surface:
    """The table: dark room, wooden rim, green felt with a fine grain and a soft light in the middle
    (drawn once per window size)."""
    w, h = layout.size
    surface = pygame.Surface((w, h))
    surface.fill((16, 22, 20))
    felt = layout.felt
    rim = felt.inflate(-2, -2)
    radius = round(min(felt.w, felt.h) * 0.22)
    pygame.draw.rect(surface, (60, 34, 18), rim, border_radius=radius)
    pygame.draw.rect(surface, (112, 68, 36), rim.inflate(-6, -6), border_radius=radius - 3)
    pygame.draw.rect(surface, (140, 88, 48), rim.inflate(-6, -6), 2, border_radius=radius - 3)
    inner = rim.inflate(-round(layout.unit * 0.32), -round(layout.unit * 0.32))
    pygame.draw.rect(surface, (18, 84, 52), inner, border_radius=radius - 8)
    # soft light: concentric rounded rectangles, lighter towards the middle
    steps = 14
    for i in range(1, steps + 1):
        t = i / steps
        rect = inner.inflate(-round(inner.w * 0.5 * t), -round(inner.h * 0.5 * t))
        colour = (round(18 + 14 * t), round(84 + 34 * t), round(52 + 18 * t))
        pygame.draw.rect(surface, colour, rect, border_radius=max(8, round((radius - 8) * (1 - t * 0.7))))
    # the grain of the cloth, only inside the felt
    grain = pygame.Surface(inner.size)
    grain.fill((0, 0, 0))
    tile = _grain_tile()
    for x in range(0, inner.w, tile.get_width()):
        for y in range(0, inner.h, tile.get_height()):
            grain.blit(tile, (x, y))
    mask = pygame.Surface(inner.size)
    mask.fill((0, 0, 0))
    pygame.draw.rect(mask, (255, 255, 255), mask.get_rect(), border_radius=radius - 8)
    grain.blit(mask, (0, 0), special_flags=pygame.BLEND_RGB_MIN)
    surface.blit(grain, inner.topleft, special_flags=pygame.BLEND_RGB_ADD)
    pygame.draw.rect(surface, (214, 174, 84), inner, 2, border_radius=radius - 8)
    return surface


_GRAIN: list[pygame.Surface] = []


def _grain_tile() -> pygame.Surface:
    """A small tile of faint random specks (seeded, so every table looks the same)."""
    if not _GRAIN:
        import random

        rng = random.Random(20261121)
        tile = pygame.Surface((128, 128))
        tile.fill((0, 0, 0))
        for _ in range(2600):
            v = rng.randrange(3, 9)
            tile.set_at((rng.randrange(128), rng.randrange(128)), (v, v + 2, v))
        _GRAIN.append(tile)
    return _GRAIN[0]
