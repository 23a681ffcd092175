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
from collections.abc import Callable
from typing import Any

import pygame

from game import Move
from net.browser import Screen
from net.protocol import error
from ui.i18n import Translator
from ui.settings import Settings
from ui.table.bots import ThreadRunner
from ui.table.gestures import Action, Attempt, Drop
from ui.table.remote import RemoteSession
from ui.table.scene import TableScene
from ui.table.sprites import CardSprite
from ui.table.widgets import Button
from ui.text import SafeFont, app_font_path

CARD_SIZE = "extra_large"
"""The table's card size for a browser seat: a phone is held close, and a card is touched with a thumb."""
TEXT_SIZE = 200
"""The table's text size (percent) for a browser seat: a phone's screen is small and held close,
and the table's text grows with the window (the largest setting, as a player would choose there)."""
LOCAL = "*"
"""In a node's ``acts``: the gesture does a local action (sent back as a ``gesture``)."""
CARD_IDENT = re.compile(r"card:(\d+)")
"""A card sprite's number inside a node's ident (renamed for the browser, ``WebSeat._names``)."""
DESKTOP_ONLY = frozenset({"bar:menu"})
"""Nodes a browser is not shown: the keys of the desktop's menu (a phone has no Tab, Enter or Escape)."""
STATUS_MARGIN = 6
"""Pixels kept at the right of the status line, which takes the room of the desktop's menu keys."""
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


class SeatApp:
    """What a table scene asks of the app, for one browser seat: its language and the shared fonts;
    no window, no sound, no storage (the host keeps the match)."""

    def __init__(self, fonts: Fonts, language: str) -> None:
        self.settings = Settings(language=language, card_size=CARD_SIZE, bot_delay=0.0, ui_scale=TEXT_SIZE)
        self._tr = Translator(language)
        self.font = fonts
        self.storage: Any = _Nothing()
        self.sound: Any = _Nothing()
        self.real_dt = 0.0
        self.elapsed = 0.0
        self.top = None

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
        """No screen opens over a browser seat's table (the score sheet, the pause menu and the review
        are the desktop's). A panel that only confirms a move (Gin Rummy's knock panel) is confirmed
        at once with the arrangement it opens on, the engine's best: a knock from a phone lays out
        its melds automatically."""
        confirm = getattr(scene, "confirm", None)
        if callable(confirm):
            scene.enter()
            confirm()

    def pop(self) -> None:
        """See ``push``."""

    def pop_to_title(self) -> None:
        """See ``push``."""

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
        self.app = SeatApp(fonts, screen.language)
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
        assert self.scene is not None
        picture = self.scene.picture()
        out: dict[str, dict[str, Any]] = {}
        for node in picture:
            if node.ident in DESKTOP_ONLY:
                continue
            ident = CARD_IDENT.sub(self._rename, node.ident)
            rect = list(node.rect)
            if ident == "bar:status":  # the desktop's menu keys are not shown: the status takes their room
                rect[2] = max(rect[2], picture.size[0] - rect[0] - STATUS_MARGIN)
            item: dict[str, Any] = {"id": ident, "kind": node.kind, "rect": rect, "z": node.depth}
            if node.content:
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
            if node.role == "button" or node.kind == "button":
                acts = self._acts(ident)
                if acts:
                    item["acts"] = acts
            out[ident] = item
        return out

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
