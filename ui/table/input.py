"""The table's input mapping: mouse presses, drags and drops, clicks and double clicks, keys and the
keyboard focus, turned into what the game's adapter says they do (a legal move or a local action).

Everything it knows of the game is the gesture table the adapter declared on the last refresh
(``gestures``, see ``ui.table.gestures``): a card may be picked up when it has somewhere to go,
the focus rests on the cards the table marks, a drag lights its drops, a click or a key does the
card's action.

It reads the table and asks things of it only through ``InputTable`` (the cards, buttons, gesture
table, curtain and log it reads; the requests a gesture becomes: perform an action, undo, a hint,
pause...), tells the listener through ``Speaker``, and keeps only its own state: the keyboard focus,
the press and the drag under way, the last click and the pointer."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game import Move
from ui.table.gestures import Action, Drop, Gestures, box
from ui.table.paint import focus_group
from ui.table.sprites import CardSprite
from ui.table.voice import QUESTIONS
from ui.table.widgets import Button, LogPanel

if TYPE_CHECKING:
    from ui.table.match import Curtain

DOUBLE_CLICK = 0.4
DRAG_THRESHOLD = 6
LOG_KEYS = {pygame.K_PAGEUP: 1, pygame.K_PAGEDOWN: -1, pygame.K_HOME: 1, pygame.K_END: -1}
"""Keys that read the log back (positive) or forward: a line at a time, or to its first or newest line."""
QUESTION_KEYS = dict(zip((pygame.K_F3, pygame.K_F4, pygame.K_F5, pygame.K_F6, pygame.K_F7, pygame.K_F8), QUESTIONS))
"""The keys that ask the table a question (``ui.table.voice``): F-keys, the same on every layout and
free of the games' letters."""


class InputTable(Protocol):
    """What the table's input reads of the table (what is on it now) and asks of it (what a gesture
    becomes). ``TableScene`` is one; the input reaches nothing else of the scene."""

    sprites: list[CardSprite]
    buttons: list[Button]
    gestures: Gestures
    log: LogPanel
    log_large: bool
    dirty: bool
    """Set to have the next frame drawn (a card raised, a button lit)."""

    @property
    def curtain(self) -> Curtain: ...
    def log_box(self) -> pygame.Rect: ...
    def race(self) -> object | None: ...
    def perform(self, action: Action | None) -> bool: ...
    def say_why_not(self, attempt: Move | None = None) -> None: ...
    def spring_back(self, sprite: CardSprite) -> None: ...
    def apply_highlights(self) -> None: ...
    def finish_animations(self) -> None: ...
    def dismiss_curtain(self) -> None: ...
    def undo(self) -> None: ...
    def hint(self) -> None: ...
    def toggle_log(self) -> None: ...
    def scroll_log(self, step: int) -> bool: ...
    def say(self, text: str, about: list[CardSprite] | None = None, kind: str = "refusal") -> None: ...
    def pause(self) -> None: ...


class Speaker(Protocol):
    """What the input tells a player who listens (``ui.table.voice.TableVoice`` is one)."""

    def focus(self, item: CardSprite | Button | None) -> None: ...
    def offered(self) -> None: ...
    def ask(self, question: str) -> None: ...


class TableInput:
    """Turns one table's pointer and key events into the adapter's actions (see the module docstring)."""

    def __init__(self, table: InputTable, voice: Speaker, tr: Callable[..., str], clock: Callable[[], float]) -> None:
        """``tr``: a sentence in the player's language; ``clock``: the app's time, in seconds (a
        double click is two clicks close in it)."""
        self.table = table
        self.voice = voice
        self.tr = tr
        self.clock = clock
        self.focus: int | None = None
        """Index into ``focus_items()`` of the keyboard focus (None: no visible focus)."""
        self._focus_was: CardSprite | Button | None = None
        """What the focus rested on when the player last moved it (see ``_keep_focus``)."""
        self.drag: dict[str, Any] | None = None
        self._press: dict[str, Any] | None = None
        self.race_shown: object | None = None
        """The quick race (``adapter.race``) the last frame showed: a click counts for a race only
        if it was on screen before the button went down."""
        self._last_click: tuple[int, float] | None = None
        self.pointer: tuple[int, int] = (-1, -1)
        """Where the mouse pointer last moved (the wheel scrolls the log under it)."""

    def focus_items(self) -> list[CardSprite | Button]:
        """What Tab and the arrows move through: focusable cards (left to right), then buttons."""
        table = self.table.gestures
        cards = [s for s in self.table.sprites if table.of(s).focus]
        cards.sort(key=lambda s: (s.zone.startswith("hand:"), s.target[0]))
        return [*cards, *self.table.buttons]

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
        if self.focus is None:  # shown again: on the first item, but never on a button kept apart
            self.focus = next((i for i, item in enumerate(items) if not (isinstance(item, Button) and item.apart)), 0)
        elif group_jump:
            current = items[min(self.focus, len(items) - 1)]
            kind = focus_group(current)
            n = len(items)
            i = self.focus
            for _ in range(n):
                i = (i + step) % n
                if focus_group(items[i]) != kind:
                    break
            kind = focus_group(items[i])
            while step < 0 and i > 0 and focus_group(items[i - 1]) == kind:
                i -= 1
            self.focus = i
        else:
            self.focus = (self.focus + step) % len(items)
        self._focus_was = self.focused()
        self.table.apply_highlights()
        self.voice.focus(self._focus_was)

    def _refocus(self, sprite: CardSprite) -> None:
        """Keep the focus on ``sprite`` after the cards moved around."""
        items = self.focus_items()
        if sprite in items:
            self.focus = items.index(sprite)
            self._focus_was = sprite
        self.table.apply_highlights()

    def _keep_focus(self) -> None:
        """The buttons were made anew: the focus stays on the button it rested on (the same key); where
        that button has gone, the focus is hidden rather than passed to whatever button took its
        place (Enter a moment late, meant for "End quick discards", would have pressed the call).
        On a card it keeps its place along the row, as before, but never lands on a button kept apart."""
        was = self._focus_was
        if self.focus is None or was is None:
            return
        items = self.focus_items()
        if isinstance(was, Button):
            self.focus = next((i for i, item in enumerate(items) if isinstance(item, Button) and item.key == was.key),
                              None)
        elif was in items:
            self.focus = items.index(was)
        else:
            now = self.focused()
            self.focus = None if isinstance(now, Button) and now.apart else self.focus
        self._focus_was = self.focused()

    def _activate_focus(self, confirm: bool) -> None:
        item = self.focused()
        if isinstance(item, Button):
            action = item.action
        elif isinstance(item, CardSprite):
            action = self.table.gestures.of(item).press(double=confirm)
            if action is None:  # as for a click: say why nothing happens rather than ignore the key
                self.table.say_why_not()
                return
        else:
            return
        self.table.perform(action)
        if action is not None and not isinstance(action, Move):
            self.voice.offered()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Turn a pointer or key event into what it asks of the table; whether it was used."""
        # the card under the pointer as drawn now, before the animations jump to their end: a
        # click on a card in flight is a click on that card, never on the felt it leaves
        pressed = self._grip(event.pos) if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 else None
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.table.finish_animations()
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
        if self.table.curtain.shown:
            return self._behind_curtain(event)
        if event.type == pygame.MOUSEWHEEL:
            return self._wheel(event)
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._mouse_down(event.pos, pressed)
        if event.type == pygame.MOUSEMOTION:
            return self._mouse_move(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self._mouse_up(event.pos)
        return False

    def _behind_curtain(self, event: pygame.event.Event) -> bool:
        """While the pass-and-play curtain is up, a click or Enter takes it and Esc pauses; every other
        press is swallowed (nothing of the table behind it may be touched)."""
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 or (
                event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)):
            self.table.dismiss_curtain()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.table.pause()
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN)

    def _key(self, event: pygame.event.Event) -> bool:
        """A key: something asked of the table (``_table_key``), else the keyboard focus moving or
        doing the focused item's action (``_focus_key``)."""
        if self._table_key(event.key, event.mod):
            return True
        if not self._focus_key(event.key, event.mod):
            return False
        self.table.dirty = True
        return True

    def _table_key(self, key: int, mod: int) -> bool:
        """Ctrl+Z, a button's shortcut, a question key, H (a hint), L and the log's keys, Esc (a drag
        let go, else the pause menu), Shift+←/→ (the focused card along the hand); whether ``key``
        was one of them."""
        plain = not mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT)
        shortcut = next((b for b in self.table.buttons if b.shortcut == key), None) if plain else None
        if key == pygame.K_z and mod & pygame.KMOD_CTRL:
            self.table.undo()
        elif shortcut is not None:
            self.table.perform(shortcut.action)
            self.table.dirty = True
        elif key in QUESTION_KEYS and plain and not mod & pygame.KMOD_SHIFT:
            self.voice.ask(QUESTION_KEYS[key])
        elif key == pygame.K_h and plain:
            self.table.hint()
        elif key == pygame.K_l and plain:
            self.table.toggle_log()
        elif key in LOG_KEYS:
            whole = key in (pygame.K_HOME, pygame.K_END)
            self.table.scroll_log(LOG_KEYS[key] * (len(self.table.log.lines) if whole else 1))
        elif key == pygame.K_ESCAPE:
            self._escape()
        elif key in (pygame.K_LEFT, pygame.K_RIGHT) and mod & pygame.KMOD_SHIFT:
            self._shift_focused(key == pygame.K_RIGHT)
        else:
            return False
        return True

    def _focus_key(self, key: int, mod: int) -> bool:
        """Tab (Shift+Tab) jumps between groups, the arrows step, Enter does the focused item's action
        (or shows the focus), Space its click; whether ``key`` was one of them."""
        if key == pygame.K_TAB:
            self._move_focus(-1 if mod & pygame.KMOD_SHIFT else 1, group_jump=True)
        elif key in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_LEFT, pygame.K_UP):
            self._move_focus(1 if key in (pygame.K_RIGHT, pygame.K_DOWN) else -1)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.focus is None:
            self._move_focus(1)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self._activate_focus(confirm=key != pygame.K_SPACE)
        else:
            return False
        return True

    def _escape(self) -> None:
        """Esc: a card being dragged goes back; otherwise the pause menu opens."""
        if self.drag is not None:
            self._cancel_drag()
        else:
            self.table.pause()

    def _shift_focused(self, right: bool) -> None:
        """Shift+← or Shift+→ on the focused card: its gesture (moving it along the player's hand)."""
        item = self.focused()
        if isinstance(item, CardSprite):
            self.table.perform(self.table.gestures.of(item).shift[1 if right else 0])
            self._refocus(item)

    def _wheel(self, event: pygame.event.Event) -> bool:
        """The mouse wheel over the log (anywhere while it is enlarged) reads it back, a line a notch."""
        table = self.table
        if not table.log.lines or not (table.log_large or table.log_box().collidepoint(self.pointer)):
            return False
        table.scroll_log(int(event.y))
        return True

    def sprite_at(self, pos: tuple[int, int]) -> CardSprite | None:
        """The topmost card drawn under ``pos`` (cards in flight are drawn over the resting ones)."""
        for s in sorted(self.table.sprites, key=lambda s: (s.motion is not None and s.motion.started, s.order),
                        reverse=True):
            if s.rect.collidepoint(pos):
                return s
        return None

    def _grip(self, pos: tuple[int, int]) -> tuple[CardSprite, tuple[int, int]] | None:
        """The topmost card under ``pos`` and where in it ``pos`` is (None: no card there)."""
        sprite = self.sprite_at(pos)
        return None if sprite is None else (sprite, (pos[0] - round(sprite.x), pos[1] - round(sprite.y)))

    def button_at(self, pos: tuple[int, int]) -> Button | None:
        return next((b for b in self.table.buttons if b.rect.collidepoint(pos)), None)

    def _mouse_down(self, pos: tuple[int, int], pressed: tuple[CardSprite, tuple[int, int]] | None = None) -> bool:
        """Press a button or a card at ``pos``; ``pressed`` is the card that was drawn there (and where
        in it the pointer was) before the animations were fast-forwarded."""
        button = self.button_at(pos)
        if button is not None:
            self._press = {"button": button}
            return True
        pressed = pressed or self._grip(pos)
        if pressed is None:
            self._press = None
            return False
        sprite, offset = pressed
        self._press = {"sprite": sprite, "pos": pos, "offset": offset, "race": self.race_shown}
        return True

    def _race_moved_on(self, seen: object | None) -> bool:
        """Whether a quick race is open now that was not on screen when the button went down (a
        click meant for the last window, or for none, never snaps in the next one): say so."""
        now = self.table.race()
        if now is None or now == seen:
            return False
        self.table.say(self.tr("table.race_too_soon"), kind="info")
        return True

    def _mouse_move(self, pos: tuple[int, int]) -> bool:
        if self._press and "sprite" in self._press and self.drag is None:
            sx, sy = self._press["pos"]
            sprite = self._press["sprite"]
            gestures = self.table.gestures.of(sprite)
            if abs(pos[0] - sx) + abs(pos[1] - sy) >= DRAG_THRESHOLD and gestures.drag:
                self.drag = {"sprite": sprite, "offset": self._press["offset"], "race": self._press["race"],
                             "drops": self._placed(gestures.drops), "attempts": gestures.attempts}
                sprite.lift_goal = 0.0
                sprite.lift = 0.0
        if self.drag is not None:
            sprite = self.drag["sprite"]
            ox, oy = self.drag["offset"]
            sprite.x, sprite.y = pos[0] - ox, pos[1] - oy
            sprite.order = 10**6
            self.table.dirty = True
            return True
        self._hover(pos)
        return False

    def rehover(self) -> None:
        """The table changed under a still pointer and focus: only a card that may be picked up now
        stays raised under it (a card just played from under the pointer settles on its pile), and
        the focus keeps to what it rested on (``_keep_focus``)."""
        self._keep_focus()
        if self.drag is None:
            self._hover(self.pointer)

    def _hover(self, pos: tuple[int, int]) -> None:
        top = self.sprite_at(pos)
        for s in self.table.sprites:
            goal = 1.0 if s is top and self.draggable(s) else 0.0
            if s.lift_goal != goal:
                s.lift_goal = goal
                self.table.dirty = True
        for b in self.table.buttons:
            hover = b.rect.collidepoint(pos)
            if hover != b.hover:
                b.hover = hover
                self.table.dirty = True

    def _mouse_up(self, pos: tuple[int, int]) -> bool:
        press, self._press = self._press, None
        if self.drag is not None:
            self._drop(pos)
            return True
        if not press:
            return False
        if "button" in press:
            if press["button"].rect.collidepoint(pos):
                self.table.perform(press["button"].action)
            return True
        sprite: CardSprite = press["sprite"]
        if self._race_moved_on(press["race"]):
            return True
        now = self.clock()
        double = self._last_click is not None and self._last_click[0] == sprite.ident \
            and now - self._last_click[1] <= DOUBLE_CLICK
        self._last_click = None if double else (sprite.ident, now)
        action = self.table.gestures.of(sprite).press(double)
        if action is None:  # nothing to play now (another seat is to move?): say so rather than ignore the click
            self.table.say_why_not()
        self.table.perform(action)
        self.table.apply_highlights()
        return True

    def _drop(self, pos: tuple[int, int]) -> None:
        drag, self.drag = self.drag, None
        assert drag is not None
        sprite: CardSprite = drag["sprite"]
        if self._race_moved_on(drag["race"]):
            self.table.spring_back(sprite)
            return
        for target in drag["drops"]:
            if target.rect.collidepoint(pos) or target.rect.colliderect(sprite.rect.inflate(-sprite.width // 2, -sprite.height // 2)):
                # the card still lies where it was let go: a new hand order follows it
                if not self.table.perform(target.action):  # nothing shown (refused, or sent to the host): back home
                    self.table.spring_back(sprite)
                return
        attempt = next((a.move for a in drag["attempts"] if a.rect.collidepoint(pos)), None)
        if attempt is not None:
            self.table.say_why_not(attempt)
        self.table.spring_back(sprite)

    def draggable(self, sprite: CardSprite) -> bool:
        """Whether ``sprite`` may be picked up now (it has somewhere to go in the gesture table)."""
        return self.table.gestures.of(sprite).drag

    def _placed(self, drops: tuple[Drop, ...]) -> list[Drop]:
        """``drops`` where they are on the screen now: a drop on a button goes where the bar put
        the button (a little larger), and is left out while that button is not shown."""
        out = []
        for drop in drops:
            if drop.button:
                button = next((b for b in self.table.buttons if b.key == drop.button), None)
                if button is None:
                    continue
                drop = replace(drop, area=box(button.rect.inflate(8, 8)), button="")
            out.append(drop)
        return out

    def _cancel_drag(self) -> None:
        if self.drag is not None:
            sprite = self.drag["sprite"]
            self.drag = None
            self.table.spring_back(sprite)

    def drop_targets(self) -> list[Drop]:
        """Where the card being dragged may be let go (the scene outlines the lit ones)."""
        return [] if self.drag is None else list(self.drag["drops"])
