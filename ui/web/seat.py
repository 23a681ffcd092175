"""A seat played in a web browser: the host keeps the seat's table off screen and sends its picture.

For each browser connection the host keeps a ``WebSeat``: a real ``TableScene`` laid out for the
browser's screen and language, fed with nothing but the messages the host sends that connection
(its ``welcome``, ``seats``, ``update`` and ``error``), exactly as a desktop guest's table is fed
through its link. So the browser is shown what a desktop guest would see, computed by the same
code, and nothing the seat may not know can reach it: the scene never sees more than the seat's
own updates. After each message the scene's animations are run to their end and its picture
(``ui.picture``) is sent as JSON: the whole picture first, then what changed, keyed by node
identity (the browser animates a card from where it was to where it is).

Every node carries the gestures it accepts (``acts``): for a tap, a long press (the desktop's
double click) and each place it may be dropped, either the legal move it plays (the page sends it
as a ``move``, so that a quick discard is timed by the host on receipt like any network player's)
or ``*`` for a local action (choosing a card, sorting the hand), which the page sends back as a
``gesture`` and this seat performs on its scene, as a click would on the desktop.
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable, Mapping
from typing import Any, Protocol

import pygame

from game import Move
from net.browser import Screen
from net.protocol import error
from ui.i18n import TOUCH, Translator
from ui.picture.model import Node
from ui.settings import Settings
from ui.table.bots import ThreadRunner
from ui.table.gestures import Action, Attempt, Drop
from ui.table.remote import RemoteSession, waiting_words
from ui.table.scene import TableScene
from ui.table.sprites import CardSprite
from ui.table.touch import Touch
from ui.table.widgets import Button
from ui.text import SafeFont, app_font_path
from ui.web.menu import MENU, SeatMenu, menu_button

CARD_SIZE = "extra_large"
"""The table's card size for a browser seat: a phone is held close, and a card is touched with a thumb."""
TEXT_SIZE = 200
"""The table's text size (percent) for a browser seat: a phone's screen is small and held close,
and the table's text grows with the window (the largest setting, as a player would choose there)."""
LOCAL = "*"
"""In a node's ``acts``: the gesture does a local action (sent back as a ``gesture``)."""
CARD_IDENT = re.compile(r"\bcard:(\d+)")
"""A card sprite's number inside a node's ident (renamed for the browser, ``WebSeat._names``); not a
score card's row (``score_card:0``)."""
DESKTOP_ONLY = frozenset({"bar:menu"})
"""Nodes a browser is not shown: the keys of the desktop's menu (a phone has no Tab, Enter or Escape)."""
STATUS_MARGIN = 6
"""Pixels kept at the right of the status line, which takes the room of the desktop's menu keys."""
DEPTH_MENU = 11
"""The menu button's depth: over the top bar."""
DEPTH_OVERLAY = 1610
"""A panel over the table (the knock panel, the score sheet, the menu) lies from here: over the table's
buttons, log and coach (its message is not shown while a panel is open)."""
LOG = "log"
"""The table's log: a tap enlarges it or puts it back, as the desktop's L."""
LOG_LINES = 40
"""The log's latest lines sent with its node (a finger scrolls back through them on the page)."""
MESSAGE_PACE = 1.0
"""How fast a message over the table wears off between two pictures (the table's own pace)."""


class Fonts:
    """The fonts every browser seat's table measures its texts with (Noto Sans, as the app's), shared."""

    def __init__(self) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self.lock = threading.RLock()
        """Held while these fonts draw or measure: the card images are drawn on the web side's
        threads, the pictures on the host's loop."""

    def __call__(self, size: int, bold: bool = False) -> pygame.font.Font:
        key = (size, bold)
        font = self._fonts.get(key)
        if font is None:
            try:
                font = SafeFont(app_font_path(bold), size)
            except (OSError, pygame.error):
                font = SafeFont(None, size)
                font.bold = bold
            self._fonts[key] = font
        return font


class _Nothing:
    """Stands in for what a browser seat's table never uses: sounds, saves, statistics, speech."""

    def __getattr__(self, name: str) -> Callable[..., None]:
        return lambda *args, **kwargs: None


class _Screen:
    """A browser seat's screen as the panels over its table ask for it: its size."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.size = size

    def get_size(self) -> tuple[int, int]:
        return self.size


class SeatApp:
    """What a table scene asks of the app, for one browser seat: its language and the shared fonts;
    no window, no sound, no storage (the host keeps the match)."""

    touch = True
    """A browser is touched with a finger: panels speak of taps, not keys."""
    browser = True
    """Panels offer only what a browser does (no replay, no deal code; leaving is ``pop_to_title``)."""

    def __init__(self, fonts: Fonts, language: str, size: tuple[int, int] = (390, 844)) -> None:
        self.screen = _Screen(size)
        self.settings = Settings(language=language, card_size=CARD_SIZE, bot_delay=0.0, ui_scale=TEXT_SIZE)
        self._tr = Translator(language)
        self._tr.input_kind = TOUCH  # a phone: "tap" for "click", and no key named on a button
        self.font = fonts
        self.storage: Any = _Nothing()
        self.sound: Any = _Nothing()
        self.real_dt = 0.0
        self.elapsed = 0.0
        self.overlays: list[Overlay] = []
        """The panels open over the table, the last on top (the knock panel, the score sheet, the menu)."""
        self.left = False
        """The player chose to leave the table (the connection says ``bye``)."""

    @property
    def top(self) -> Overlay | None:
        return self.overlays[-1] if self.overlays else None

    @property
    def language(self) -> str:
        return self._tr.language

    def tr(self, key: str, **params: Any) -> str:
        return self._tr(key, **params)

    def number(self, value: float, decimals: int | None = None) -> str:
        return self._tr.number(value, decimals)

    def has_text(self, key: str) -> bool:
        return self._tr.has(key)

    def bot_runner(self) -> ThreadRunner:
        return ThreadRunner()

    def announce(self, *args: Any, **kwargs: Any) -> None:
        """A browser seat's words are in its picture (its labels), not spoken by the host."""

    def push(self, scene: Any) -> None:
        """Open a panel over the table, if it is one a browser draws: it gives its picture's nodes and
        what they do (``Overlay``: Gin Rummy's knock panel, the score sheet, the seat's menu). The
        desktop's other screens (the replay, the review, the fair-deal panel) are not offered to a
        browser, so none of them comes here."""
        if callable(getattr(scene, "picture_nodes", None)) and callable(getattr(scene, "touches", None)):
            scene.enter()
            self.overlays.append(scene)

    def pop(self) -> None:
        """Close the panel on top."""
        if self.overlays:
            self.overlays.pop()

    def pop_to_title(self) -> None:
        """Leave the table (the desktop goes back to its title screen; a browser says ``bye``)."""
        self.overlays.clear()
        self.left = True

    def save_settings(self) -> None:
        """A browser seat's settings are not kept on the host."""

    def drawn_over(self, *args: Any) -> None:
        return None


class FeedLink:
    """The seat's link as its table reads it: what the host sent this connection, and what the table
    sends back (taken by the host, which hands it to the table as this connection's messages)."""

    def __init__(self, seat: int) -> None:
        self.seat: int | None = seat
        self.status = "connected"
        self.latency: float | None = None
        self.reason: tuple[str, str] | None = None
        self.inbox: list[dict[str, Any]] = []
        self.sent: list[dict[str, Any]] = []

    def take(self) -> list[dict[str, Any]]:
        out, self.inbox = self.inbox, []
        return out

    def send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)

    def close(self) -> None:
        """The connection is the host's to close."""


class Overlay(Protocol):
    """A panel over a browser seat's table: its nodes in the picture and what touching them does."""

    def enter(self) -> None: ...

    def picture_nodes(self, depth: int) -> list[Node]: ...

    def touches(self) -> Mapping[str, Touch]: ...


def _touch_acts(touch: Touch) -> dict[str, Any]:
    """A panel's node's gestures as the page reads them: every one a local action."""
    acts: dict[str, Any] = {}
    if touch.tap is not None:
        acts["tap"] = LOCAL
    if touch.drops:
        acts["drops"] = [{"rect": list(rect), "move": LOCAL} for rect, _ in touch.drops]
    return acts


def _action_text(action: Action | None) -> str | None:
    """A gesture's action as a node's ``acts`` say it: the move's text, ``*`` for a local action."""
    if action is None:
        return None
    return action.action if isinstance(action, Move) else LOCAL


class WebSeat:
    """One browser connection's view of its seat (``net.browser.BrowserView``; see the module docstring)."""

    def __init__(self, fonts: Fonts, screen: Screen) -> None:
        self.size = screen.size
        self.lock = fonts.lock
        self.app = SeatApp(fonts, screen.language, screen.size)
        self.welcome: dict[str, Any] | None = None
        self.link: FeedLink | None = None
        self.session: RemoteSession | None = None
        self.scene: TableScene | None = None
        self.shown: dict[str, dict[str, Any]] = {}
        """The nodes the browser has, as last sent."""
        self._names: dict[int, int] = {}
        """Each card sprite's number as the browser knows it: given in the order the cards are first
        seen, so that two tables that differ only in what this seat may not know name every card alike
        (a sprite's own number counts every card the host's process ever made)."""
        self._late: list[dict[str, Any]] = []
        """What came before the first update (seat news), handed to the table with it."""
        self._clock = time.monotonic()

    # ------------------------------------------------------------------ from the host
    def receive(self, message: dict[str, Any]) -> list[dict[str, Any]]:
        with self.lock:
            return self._receive(message)

    def _receive(self, message: dict[str, Any]) -> list[dict[str, Any]]:
        kind = message.get("type")
        if kind == "welcome":
            self.welcome = message
            return [{**message, "lang": self.app.language}]
        if kind == "update" and self.welcome is not None:
            return self._update(message)
        if kind in ("seats", "error") and self.scene is not None and self.link is not None:
            self.link.inbox.append(message)
            return [message, *self._picture(self._settle(1))]
        if kind == "seats":
            self._late.append(message)
            if self.welcome is not None and not message.get("started"):  # the page's waiting screen says what for
                seats = message.get("seats")
                said = waiting_words(self.app.tr, self.welcome, seats if isinstance(seats, list) else [])
                return [{**message, "waiting": said}]
        return [message]

    def _update(self, message: dict[str, Any]) -> list[dict[str, Any]]:
        if self.scene is None or self.link is None:
            assert self.welcome is not None
            self.link = FeedLink(int(self.welcome["seat"]))
            self.session = RemoteSession(self.link, self.welcome, message, self._late)  # type: ignore[arg-type]
            self._late = []
            self.scene = TableScene(self.app, self.session, size=self.size)  # type: ignore[arg-type]
            return self._picture(self._settle(0))
        self.link.inbox.append(message)
        return self._picture(self._settle(1))

    def _settle(self, pending: int) -> TableScene:
        """Let the scene take the ``pending`` messages fed to it (one update a step) and land every
        card: the browser animates between the pictures itself."""
        scene = self.scene
        assert scene is not None
        now = time.monotonic()
        worn, self._clock = (now - self._clock) * MESSAGE_PACE, now
        for step in range(pending + 3):
            scene.finish_animations()
            self.app.real_dt = worn if step == 0 else 0.0
            scene.update(self.app.real_dt)
        scene.finish_animations()
        self.app.overlays = [o for o in self.app.overlays if not getattr(o, "stale", lambda: False)()]
        return scene

    # ------------------------------------------------------------------ from the browser
    def gesture(self, message: dict[str, Any]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        """Perform a tap, a long press or a drop on a node as the desktop's click, double click or
        drop would: the messages for the table, and the browser's new picture."""
        with self.lock:
            return self._gesture(message)

    def _gesture(self, message: dict[str, Any]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        scene, link = self.scene, self.link
        act, ident = message["act"], message["node"]
        if scene is None or link is None:
            return [], [error("not_started", "The match has not started yet: wait for the host.")]
        top = self.app.top
        if top is not None or ident == MENU:
            if not self._touch(top, ident, act, message.get("drop")):
                return [], [error("bad_field", "No such node to touch now.", {"type": "gesture", "field": "node"})]
            if self.app.left:
                return [{"type": "bye"}], [{"type": "left"}]
            sent, link.sent = link.sent, []
            return sent, self._picture(self._settle(0))
        if ident == LOG and act == "tap":  # the desktop's L: the log enlarged over the table, or back in its corner
            scene.toggle_log()
            return [], self._picture(self._settle(0))
        target = self._target(ident)
        if target is None or act not in ("tap", "hold", "drop"):
            return [], [error("bad_field", "No such node to touch now.", {"type": "gesture", "field": "node"})]
        if isinstance(target, Button):
            if act == "tap":
                scene.perform(target.action)
        else:
            acts = scene.gestures.of(target)
            if act == "drop":
                places = self._drops(target)
                index = message.get("drop")
                if isinstance(index, int) and 0 <= index < len(places):
                    self._drop(places[index])
            else:
                action = acts.press(act == "hold")
                if action is None and not scene.legal and scene.viewer is not None and not scene.state.is_over():
                    scene.say(scene.adapter.tr("illegal.not_your_turn", name=scene.session.seats[scene.viewer].name))
                scene.perform(action)
            scene.apply_highlights()
        sent, link.sent = link.sent, []
        return sent, self._picture(self._settle(0))

    def _touch(self, top: Overlay | None, ident: str, act: str, drop: Any) -> bool:
        """A tap or a drop on a node of the panel over the table (or on the menu button, when no panel
        is open); False: no such node takes that act now."""
        scene = self.scene
        assert scene is not None
        if top is None:
            if act != "tap":
                return False
            self.app.push(SeatMenu(self.app, scene))
            return True
        touch = top.touches().get(ident)
        if touch is None:
            return False
        if act == "tap" and touch.tap is not None:
            touch.tap()
        elif act == "drop" and isinstance(drop, int) and not isinstance(drop, bool) and 0 <= drop < len(touch.drops):
            touch.drops[drop][1]()
        else:
            return False
        scene._rebuild_buttons()
        return True

    def _drop(self, place: Drop | Attempt) -> None:
        scene = self.scene
        assert scene is not None
        if isinstance(place, Drop):
            scene.perform(place.action)
        elif not scene.state.is_legal(place.move):
            scene.say(scene.explain(scene.state.refusal(place.move)))

    def _target(self, ident: str) -> CardSprite | Button | None:
        scene = self.scene
        assert scene is not None
        head, _, rest = ident.partition(":")
        if head == "card" and rest.isdigit():
            number = int(rest)
            return next((s for s in scene.sprites if self._names.get(s.ident) == number), None)
        if head == "button":
            return next((b for b in scene.buttons if b.key == rest), None)
        return None

    def _drops(self, sprite: CardSprite) -> list[Drop | Attempt]:
        """The places ``sprite`` may be let go, in the order its node lists them."""
        scene = self.scene
        assert scene is not None
        acts = scene.gestures.of(sprite)
        return [*scene.input._placed(acts.drops), *acts.attempts]

    def close(self) -> None:
        self.scene = None
        self.session = None

    # ------------------------------------------------------------------ the picture as JSON
    def _acts(self, ident: str) -> dict[str, Any]:
        target = self._target(ident)
        if target is None:
            return {}
        if isinstance(target, Button):
            text = _action_text(target.action)
            return {} if text is None else {"tap": text}
        assert self.scene is not None
        acts = self.scene.gestures.of(target)
        out: dict[str, Any] = {}
        tap = _action_text(acts.click)
        if tap is not None:
            out["tap"] = tap
        hold = _action_text(acts.double)
        if hold is not None and acts.double != acts.click:
            out["hold"] = hold
        drops = []
        for place in self._drops(target):
            move = _action_text(place.action) if isinstance(place, Drop) else LOCAL
            drops.append({"rect": list(place.area), "move": move})
        if drops:
            out["drops"] = drops
        return out

    def nodes(self) -> dict[str, dict[str, Any]]:
        """The scene's picture now, as the JSON the browser draws: one object a node, by ident."""
        scene = self.scene
        assert scene is not None
        picture = scene.picture()
        top = self.app.top
        touches = top.touches() if top is not None else {}
        menu = menu_button(scene, DEPTH_MENU)
        extra = top.picture_nodes(DEPTH_OVERLAY) if top is not None else []
        out: dict[str, dict[str, Any]] = {}
        written = {n.parent for n in [*picture, *extra] if n.kind == "text" and n.parent}
        for node in [*picture, menu, *extra]:
            if node.ident in DESKTOP_ONLY or (extra and node.ident == "message"):
                continue  # a message of the table's is not left over a panel (the knock panel says its own)
            ident = CARD_IDENT.sub(self._rename, node.ident)
            rect = list(node.rect)
            if ident == "bar:status":  # the desktop's menu keys are not shown: the status takes room up to the menu
                rect[2] = max(0, menu.rect[0] - STATUS_MARGIN - rect[0])
            item: dict[str, Any] = {"id": ident, "kind": node.kind, "rect": rect, "z": node.depth}
            if node.content and not (node.kind == "panel" and node.ident in written):  # its words are its parts
                item["content"] = node.content
            if node.state:
                item["state"] = sorted(node.state)
            if node.role:
                item["role"] = node.role
            if node.label:
                item["label"] = node.label
            if node.owner is not None:
                item["owner"] = node.owner
            if node.group:
                item["group"] = node.group
            if node.text_size:
                item["size"] = node.text_size
                item["bold"] = node.bold
            countdown = self._countdown(node.ident, rect)
            if countdown is not None:
                item["countdown"] = countdown
            if node.kind == "log":  # the page lets a finger scroll back through the latest lines
                item["lines"] = scene.log.lines[-LOG_LINES:]
            if top is not None:
                touch = touches.get(ident)
                if touch is not None:
                    item["acts"] = _touch_acts(touch)
            elif node.role == "button" or node.kind == "button" or ident == LOG:
                acts = {"tap": LOCAL} if ident in (MENU, LOG) else self._acts(ident)
                if acts:
                    item["acts"] = acts
            out[ident] = item
        return out

    def _countdown(self, ident: str, rect: list[int]) -> dict[str, Any] | None:
        """What the page counts down by itself between two pictures, as the desktop does frame by
        frame: the quick-discard window's ring (``ring``: the share of its time left), the bar of an
        end-of-turn grace (``bar``: its width, ``full`` when the time is whole) and the message over
        the table (``fade``: gone when its time is up). Seconds ``left`` of ``length``, as the host's
        clocks say now; each picture sets them again."""
        scene = self.scene
        assert scene is not None
        if ident == "window_ring":
            clock = scene.driver.window_clock()
            if clock is not None:
                return {"shape": "ring", "left": round(clock[0], 3), "length": round(clock[1], 3)}
        elif ident == "grace":
            grace = scene.driver.grace_clock()
            if grace is not None:
                share = grace[1] / max(0.1, grace[2])
                full = round(rect[2] / share) if share > 0.02 else rect[2]
                return {"shape": "bar", "left": round(grace[1], 3), "length": round(grace[2], 3), "full": full}
        elif ident == "message" and scene.message_left > 0:
            left = round(scene.message_left, 3)
            return {"shape": "fade", "left": left, "length": left}
        return None

    def _rename(self, found: re.Match[str]) -> str:
        number = self._names.setdefault(int(found.group(1)), len(self._names) + 1)
        return f"card:{number}"

    def _picture(self, scene: TableScene) -> list[dict[str, Any]]:
        """The message that brings the browser's picture up to date (none when nothing changed)."""
        now = self.nodes()
        over = scene.state.is_over()
        if not self.shown:
            self.shown = now
            return [{"type": "picture", "whole": True, "size": list(self.size), "nodes": list(now.values()),
                     "over": over}]
        before = self.shown
        added = [n for i, n in now.items() if i not in before]
        changed = [n for i, n in now.items() if i in before and before[i] != n]
        removed = [i for i in before if i not in now]
        self.shown = now
        if not (added or changed or removed):
            return []
        return [{"type": "picture", "added": added, "changed": changed, "removed": removed, "over": over}]


class BrowserSeats:
    """Makes the view of each browser connection (given to ``net.host.Host`` as ``browsers``)."""

    def __init__(self) -> None:
        self.fonts = Fonts()

    def __call__(self, screen: Screen) -> WebSeat:
        return WebSeat(self.fonts, screen)
