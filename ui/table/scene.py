"""The card table: one scene for every game, with the game-specific parts in ``ui/games``.

It shows the felt, the seats (name, bot level, score, whose turn), the piles and every card as a
sprite; it animates the events the engine returns (``event.for_seat(viewer)``, so nothing leaks);
it turns drags, clicks, buttons and keys into the engine's legal moves. The match itself — who looks
at the screen, the pass-and-play curtain, playing through the referee, the host or a tutorial's
coach, undo, hints, the autosave and the statistics — is ``ui.table.match.TableMatch``, without
pygame; this scene shows and says what it answers, and keeps a log in words. Its parts live beside
it: ``input`` (pointer, drag and drop, keys, focus), ``animation`` (sprites following events and
view), ``hud`` (felt, top bar, plates), ``resting`` (the resting layer), ``panels`` (the coach's box
and messages) and ``paint`` (drawing helpers that need no scene).
"""

from __future__ import annotations

import sys
import traceback
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import pygame

from game import GAMES, IllegalMove, Move
from game.core import Event
from game.core.bots import Bot
from game.core.referee import Played, crowd_share
from ui.announce import Priority
from ui.cards import CardArt
from ui.games import adapter_class
from ui.picture.build import picture_of
from ui.picture.model import Picture
from ui.scene import Scene
from ui.scenes import art
from ui.session import MatchSession
from ui.settings import CARD_SCALES
from ui.table.animation import SpriteSync, Stage
from ui.table.bots import ProcessRunner, ThreadRunner
from ui.table.frame import TableFrame
from ui.table.gestures import Action, Gestures
from ui.table.hud import Plate, TableHud, plate_of
from ui.table.input import TableInput
from ui.table.layout import TableLayout, text_scale
from ui.table.match import Curtain, MatchDriver, Said, TableMatch, hint_words, make_driver
from ui.table.paint import button_for
from ui.table.panels import MESSAGE_COLOURS, TablePanels
from ui.table.sizing import sized_layout
from ui.table.sprites import CardSprite
from ui.table.tween import BASE_DURATION, speed_factor
from ui.table.voice import TableVoice
from ui.table.widgets import Button, CurtainArt, LogPanel, TextCache, place_buttons

if TYPE_CHECKING:
    from ui.app import App

SPOKEN_AS = {"refusal": (Priority.INTERRUPT, "refusal"), "hint": (Priority.POLITE, "hint"),
             "info": (Priority.QUEUED, "news")}
"""How a message over the table is said: a refusal at once, news in turn, a hint when all is said."""
MESSAGE_SECONDS = 2.8
READING_SPEED = 18
"""Characters a second: a long message (a hint and its reason) stays up long enough to be read."""


class TableScene(Scene):
    """A match at the table (see the module docstring)."""

    def __init__(self, app: App, session: MatchSession, size: tuple[int, int] | None = None) -> None:
        """``size``: a table drawn off screen at that size (a picture of the rules page, see
        ``ui.table.rules_pictures``) rather than one in the window; it never plays a sound."""
        super().__init__(app)
        self.fixed_size = size
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
        self._look: tuple[Any, ...] | None = None
        """The look (``look``) every cache of the table was made for."""
        self._words = app.language
        """The language the log and the default names are in."""
        self.voice = TableVoice(self, self.adapter, self.match, app, app.announce if size is None else None)
        """What the table says to a player who listens (``ui.table.voice``)."""
        self.log = LogPanel(self.text, on_add=self._read_aloud, newer=self._newer_lines)
        self.log_large = False
        """The log enlarged over the table (L), for players who need bigger text."""
        self.curtain_art = CurtainArt(self.text)
        if size is None:
            app.sound.preload()
        self._player_moved = False
        """A player moved this frame: the frame shows that move; the referee resumes on the next."""
        self.sprites: list[CardSprite] = []
        self.buttons: list[Button] = []
        self.gestures = Gestures()
        """What every gesture does now, as the adapter declared it on the last refresh."""
        self.selected: str | None = None
        """A card of the viewer's hand chosen by a click (Knock uses it)."""
        self.message: str | None = None
        self.message_kind = "refusal"
        self._hint_why: tuple[int, str] | None = None
        """The last hint's reason and the move count it was given at: asking again shows it."""
        self.message_about: set[int] = set()
        """The cards the message is about (a hint's): it is placed clear of them where it can be."""
        self.message_left = 0.0
        self._layout: TableLayout | None = None
        self._layout_key: tuple[object, ...] = ()  # the window size, bottom seat, card and text sizes of it
        self.version = 0
        """Bumped whenever the view changes (what the game draws under the cards may change with it)."""
        self.dirty = True
        self.frame = TableFrame(self)
        self.sync = SpriteSync(self.adapter)
        self.hud = TableHud(self.text, app, self.descriptor, self.plate, watching=not session.humans)
        self.input = TableInput(self, self.voice, app.tr, lambda: app.elapsed)
        self.panels = TablePanels(self.text, self, self.match, self.adapter.picture_nodes)
        self.adapter.restore(session.table)
        self.match.rename(app.tr)  # the match may have been dealt in another language
        self.log.recall(self.match.recall(self.adapter.describe, self.log.keep))
        self._refresh(animate_deal=True, looked=True)
        self._look = self.look()

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
        return CARD_SCALES.get(settings.card_size, 1.0), text_scale(self.window_size, settings.ui_scale)

    def look(self) -> tuple[Any, ...]:
        """What the table's picture is made of besides the match: the window's size, the card and text
        sizes, the language and the four colours. Every cache of the table (the layout, the felt and
        resting layers, rendered texts and cards, the log's lines, the game's geometry) is made for
        one look; ``_follow_look`` makes them all anew when it changes."""
        cards, text = self.scales()
        return self.window_size, cards, text, self.app.language, bool(self.app.settings.four_colour_deck)

    def _follow_look(self) -> None:
        """If the look changed since the caches were made (a setting changed, maybe under the pause
        menu or the settings screen, or the window), drop every cache and make the picture anew:
        nothing of the old one can survive (old name plates, a second rim, cards or log lines in the
        old language). The cards go straight to their places for the new layout; default names,
        the buttons, the log (written again from the match's moves) follow the language."""
        look = self.look()
        if look == self._look:
            return
        self._look = look
        app = self.app
        self.text = TextCache(app.font)
        self.art = CardArt(app.font, app.tr)
        self.art.four_colour = bool(app.settings.four_colour_deck)
        self.curtain_art = CurtainArt(self.text)
        lines = self.log.lines
        if self._words != app.language:
            self._words = app.language
            self.match.rename(app.tr)
            if self.match.driver.local:  # a network match's moves are its host's: its lines stay
                lines = self.match.recall(self.adapter.describe, self.log.keep)
        self.log = LogPanel(self.text, on_add=self._read_aloud, newer=self._newer_lines)
        self.log.recall(lines)
        self.hud = TableHud(self.text, app, self.descriptor, self.plate, watching=not self.session.humans)
        self.frame = TableFrame(self)
        self.panels = TablePanels(self.text, self, self.match, self.adapter.picture_nodes)
        self.adapter.forget()
        self._layout = None
        self.painted = None
        self._refresh()
        self.finish_animations()

    @property
    def window_size(self) -> tuple[int, int]:
        """The size the table is laid out for: the window's, or the picture's it is drawn for."""
        return self.fixed_size or self.app.screen.get_size()

    @property
    def layout(self) -> TableLayout:
        size = self.window_size
        cards, text = self.scales()
        key = (size, self.bottom_seat, cards, text)
        if self._layout is None or self._layout_key != key:
            self._layout = sized_layout(self.adapter, self.view, size, self.state.players, *key[1:])
            self._layout_key = key
            self.hud.stale = True
        return self._layout

    def _refresh(self, events: list[Event] | None = None, animate_deal: bool = False, pace: float = 1.0,
                 looked: bool = False) -> None:
        """Read the view and legal moves again (unless the match has just ``looked``) and send every
        sprite where it now belongs, its flight taking ``pace`` of the animation time (see
        ``bot_pace``); ``events`` as the viewer saw them."""
        if not looked:
            self.match.look()
        stage = Stage(self.view, self.viewer, self.layout, speed_factor(self.app.settings.animation_speed) * pace,
                      self._duration(pace))
        self.sprites = self.sync.follow(self.sprites, events or [], stage, animate_deal)
        if self.selected is not None and self.selected not in self._own_hand():
            self.selected = None
        self._rebuild_buttons()
        self.hud.stale = True
        self.dirty = True
        self.version += 1

    def plate(self, seat: int) -> Plate:
        """What a seat's name plate shows (``ui.table.hud``)."""
        return plate_of(seat, self.session, self.adapter, self.view, self.state.is_over(), self.match.seat_badge,
                        self.app)

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
        self.adapter.observe(played.move, shown.told, shown.told_view)
        for line in self.adapter.describe(played.move, shown.told, shown.told_view):
            self.log.add(line)
        if shown.newly_assisted:
            self._tell(Said(self.app.tr("table.now_assisted"), log=True))
        new_deal = shown.new_deal
        self._refresh(shown.seen, animate_deal=new_deal,
                      pace=self.bot_pace() if played.by != "human" and not new_deal else 1.0, looked=True)
        if self.input.focus is not None:
            self.input.focus = min(self.input.focus, max(0, len(self.input.focus_items()) - 1))

    def _tell(self, said: Said) -> None:
        """Show (and log, and sound) a sentence of the match's."""
        if said.sound is not None and not (said.sound == "refuse" and self.state.is_over()):
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
        self.app.push(ReplayScene(self.app, self.state.clone(), review=(seat, max(1, len(self.state.hand_seeds))),
                                  advice=(self.session.advice_secret, dict(self.session.advice))))

    def _read_aloud(self, line: str) -> None:
        """A log line, said in its turn after the ones before it (never dropped)."""
        self.voice.announce(line, Priority.QUEUED, "log")

    def _newer_lines(self, n: int) -> str:
        return self.app.tr("table.log_newer", n=n, count=self.app.number(n))

    def toggle_log(self) -> None:
        """Enlarge the log over the table, or bring it back to its corner (L)."""
        self.log_large = not self.log_large
        self.dirty = True

    def log_box(self) -> pygame.Rect:
        """Where the log is drawn now (enlarged: clear of the player's cards and of the buttons)."""
        return self.layout.log_box(self.log_large, [b.rect for b in self.buttons])

    def scroll_log(self, step: int) -> bool:
        """Read the log back ``step`` lines (negative: forward again); the line reached is read aloud
        at once, as an answer to the player's key. Whether the log moved."""
        line = self.log.scroll(step)
        if line is None:
            return False
        self.voice.announce(line, Priority.INTERRUPT, "answer")
        self.dirty = True
        return True

    def say(self, text: str, about: list[CardSprite] | None = None, kind: str = "refusal") -> None:
        """Show a short message over the table (an empty one shows nothing), clear of the cards it is
        ``about`` where there is room; ``kind`` gives its colour (``MESSAGE_COLOURS``): a refusal is
        red, a hint or a piece of news is not. A match that is over refuses nothing: a late gesture
        (a button or a move of a moment ago) says nothing over its result."""
        if not text or (kind == "refusal" and self.state.is_over()):
            return
        self.message = text
        self.message_kind = kind if kind in MESSAGE_COLOURS else "refusal"
        self.voice.announce(text, *SPOKEN_AS[self.message_kind])
        self.message_about = {s.ident for s in about or []}
        self.message_left = max(MESSAGE_SECONDS, len(text) / READING_SPEED)
        self.dirty = True

    def perform(self, action: Action | None) -> bool:
        """Run a button's, a click's or a drop's action; whether the table shows something new."""
        shown = self.version
        if isinstance(action, Move):
            self.play(action)
        elif action is not None:
            action()
            self._refresh()
        return self.version != shown

    def say_why_not(self, attempt: Move | None = None) -> None:
        """Say why a gesture did nothing: a click while another seat is to move (no ``attempt``), or
        a drop meaning ``attempt``, a move the engine refuses now (with the refusal's sound)."""
        if attempt is None and not self.legal and self.viewer is not None and not self.state.is_over():
            self.say(self.adapter.tr("illegal.not_your_turn", name=self.session.seats[self.viewer].name))
        elif attempt is not None and not self.state.is_legal(attempt) and not self.state.is_over():
            self.app.sound.play("refuse")
            self.say(self.explain(self.state.refusal(attempt)))

    def spring_back(self, sprite: CardSprite) -> None:
        """Send a card let go back to its place."""
        self.sync.spring_back(sprite, self._duration() * 0.7)
        self._refresh()

    def race(self) -> object | None:
        """The quick race open now (``TableAdapter.race``), if any."""
        return self.adapter.race(self.view)

    def pause(self) -> None:
        """Open the pause menu over the table (Esc)."""
        from ui.scenes.pause import PauseScene

        self.app.push(PauseScene(self.app, self.session))

    # ================================================================== undo
    def undo_offered(self) -> bool:
        return self.match.undo_offered()

    def undo(self) -> None:
        """Take back the player's last decision and the bots' replies to it (Ctrl+Z)."""
        said = self.match.undo()
        if said.log:  # something was taken back: the table shows the match as it now is
            self.input.drag = None
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
        move = answer.move
        line, why = hint_words(answer, self.app, lambda m: self.adapter.hint_text(m, self.view), self.adapter.word_params)
        self._hint_why = None if why is None else (len(self.state.log), why)
        self.say(line, [sp for arg in move.args for sp in self.panels.sprites_named(arg)], kind="hint")
        self.log.add(line)
        if any(arg in self._own_hand() for arg in move.args):
            self.selected = next(arg for arg in move.args if arg in self._own_hand())
            self._rebuild_buttons()

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
                self.say(line, kind="info")
            self.hud.stale = self.dirty = True
        if news:
            self._rebuild_buttons()  # a seat dropped or came back: its host's button comes or goes

    def wait_for_bot(self, timeout: float = 10.0) -> None:
        """Block until every bot asked so far has answered (tests)."""
        self.runner.wait(timeout)

    # ================================================================== gestures, buttons and highlights
    def _rebuild_buttons(self) -> None:
        """Ask the adapter for the gesture table again and lay its buttons out."""
        self.gestures = Gestures() if self.curtain.shown else self.adapter.gestures(self.view, self.legal)
        main = [button_for(s, self.app.tr) for s in self.gestures.buttons if not s.side]
        main += [Button(key, label, action) for key, label, action in self.match.seat_buttons()]
        side = [button_for(s, self.app.tr) for s in self.gestures.buttons if s.side]
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
        placed = place_buttons(main, side, self.text, self.layout, self.adapter.button_bar(self.layout),
                               [s.home_rect for s in self.sprites], self.adapter.apart_place)
        self.buttons = [b for b in placed if b.action is not None]  # Undo and Hint keep their places
        self.apply_highlights()
        self.input.rehover()  # new buttons and cards: what lies under a still pointer is lit again

    def apply_highlights(self) -> None:
        focus = self.input.focused()
        for s in self.sprites:
            s.highlight = "focus" if s is focus else "selected" if (s.card is not None and s.card == self.selected
                                                                     and s.zone == f"hand:{self.viewer}") else None
        self.dirty = True

    def select(self, card: str | None) -> None:
        """Choose a card of the viewer's hand (clicking it again lets go)."""
        self.selected = None if card == self.selected else card
        self._rebuild_buttons()

    # ================================================================== frame
    def handle_event(self, event: pygame.event.Event) -> bool:
        """A pointer or key event, handled by the table's input mapping (``ui.table.input``)."""
        return self.input.handle_event(event)

    def update(self, dt: float) -> None:
        self._follow_look()
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
        self.input.race_shown = self.race()
        self.voice.watch()

    def idle(self) -> bool:
        """Nothing moves until the player acts: no animation, no message, no timer, no bot thinking."""
        if self.animating or self.message or self.input.drag is not None:
            return False
        if any(s.lift != s.lift_goal for s in self.sprites):  # a card rising under the pointer
            return False
        return not self.dirty and self.match.idle() and self.adapter.idle()

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed (or the interface size): the picture is made anew (``_follow_look``)."""
        self._look = None
        self._follow_look()

    def enter(self) -> None:
        art.felt.cache_clear()  # the shell's backdrop is not shown under a table: 8 MB at 1920×1080
        self._follow_look()  # a setting may have changed in the settings screen
        self.dirty = True
        self.hud.stale = True

    def picture(self) -> Picture:
        """The table as the player sees it now, as an immutable picture (``ui.picture``); read only."""
        return picture_of(self, self.frame.known)

    def draw(self, surface: pygame.Surface) -> None:
        """Compose the table on ``surface`` (``ui.table.frame``: only what changed is drawn again)."""
        self._follow_look()  # under the pause menu, the table is drawn but not updated
        self.frame.draw(surface, self.layout)
