"""One channel for every sentence the table gives the player, for players who listen rather than look.

Log lines, messages over the table (refusals, hints, news), toasts, whose turn, a quick-discard
window opening and closing, focus moves and the answers to the question keys all come here, each
with a priority:

- ``INTERRUPT`` (your turn, a window opens, a refusal, an answer the player asked for): cuts what is
  being spoken, drops the polite lines still waiting, and is spoken first;
- ``QUEUED`` (others' moves, the log): spoken in order, never dropped however many come at once, nor
  by an interruption: a move cut halfway is said again after the interrupting line, and the moves
  still waiting follow it ("Your turn: draw…", then "Bob discards the King of spades.": the player
  must hear what Bob threw to choose);
- ``POLITE`` (hints, toasts, focus): spoken when nothing more urgent waits; a newer polite line of the
  same kind (a focus move) replaces one not yet spoken.

A line equal to one still waiting is not queued twice. The channel itself never speaks nor waits:
``take`` hands the next line to a voice (``ui.speech.Speaker``, on its own thread), so nothing here
blocks a frame; it has no pygame. Everything said is kept (``recent``) for the key that repeats the
last moves.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from enum import IntEnum

HISTORY = 60
"""Lines kept for the player to hear again."""


class Priority(IntEnum):
    """How urgently a line is spoken (see the module docstring)."""

    POLITE = 0
    QUEUED = 1
    INTERRUPT = 2


@dataclass(frozen=True)
class Announcement:
    """One sentence for the player; ``kind`` names what it says (``turn``, ``focus``, ``log``...):
    a polite line replaces a waiting one of the same kind."""

    text: str
    priority: Priority
    kind: str = ""
    language: str = "en"


class Announcements:
    """The ordered lines waiting to be spoken, shared by the frame (which adds) and a voice's thread
    (which takes); see the module docstring."""

    def __init__(self) -> None:
        self._waiting: list[Announcement] = []
        self._lock = threading.Condition()
        self._recent: deque[Announcement] = deque(maxlen=HISTORY)
        self._stop_listeners: list[Callable[[], None]] = []
        self.closed = False
        self._speaking = 0
        """Lines taken by a voice and not yet ``done``."""
        self._current: Announcement | None = None
        """The line the voice is saying (taken, not yet ``done``)."""

    def on_stop(self, listener: Callable[[], None]) -> None:
        """Call ``listener`` (a voice's ``stop``) whenever what is being spoken must be cut."""
        self._stop_listeners.append(listener)

    def announce(self, text: str, priority: Priority = Priority.QUEUED, kind: str = "", language: str = "en") -> None:
        """Add a line in ``language`` (an empty one says nothing); never blocks beyond a short lock."""
        text = " ".join(text.split())
        if not text:
            return
        line = Announcement(text, priority, kind, language)
        with self._lock:
            if priority == Priority.INTERRUPT:
                self._waiting = [a for a in self._waiting if a.priority != Priority.POLITE and a.text != text]
                cut = self._current
                if cut is not None and cut.priority == Priority.QUEUED and cut not in self._waiting:
                    self._waiting.insert(0, cut)  # said again after the interruption (sorted below)
            elif any(a.text == text for a in self._waiting):
                return
            elif priority == Priority.POLITE and kind:
                self._waiting = [a for a in self._waiting if not (a.priority == Priority.POLITE and a.kind == kind)]
            if kind != "focus":
                self._recent.append(line)
            self._waiting.append(line)
            self._waiting.sort(key=lambda a: -a.priority)  # stable: each priority keeps its order
            self._lock.notify_all()
        if priority == Priority.INTERRUPT:
            self._stop_speaking()

    def silence(self) -> None:
        """Stop speaking and forget what waits (the player pressed Ctrl)."""
        with self._lock:
            self._waiting.clear()
            self._lock.notify_all()
        self._stop_speaking()

    def _stop_speaking(self) -> None:
        for listener in self._stop_listeners:
            listener()

    def waiting(self) -> list[Announcement]:
        """The lines not spoken yet, in the order they will be."""
        with self._lock:
            return list(self._waiting)

    def take(self, timeout: float | None = None) -> Announcement | None:
        """The next line to speak, waiting up to ``timeout`` seconds for one (``None``: until one
        comes or the channel closes); ``None`` when there is none."""
        with self._lock:
            if not self._waiting and not self.closed:
                self._lock.wait_for(lambda: bool(self._waiting) or self.closed, timeout)
            if not self._waiting:
                return None
            self._speaking += 1
            self._current = self._waiting.pop(0)
            return self._current

    def done(self) -> None:
        """The voice finished (or cut) the line it took."""
        with self._lock:
            self._speaking = max(0, self._speaking - 1)
            self._current = None
            self._lock.notify_all()

    def wait_idle(self, timeout: float) -> bool:
        """Wait until nothing waits nor is being spoken (tests); whether it came to that."""
        with self._lock:
            return self._lock.wait_for(lambda: not self._waiting and not self._speaking, timeout)

    def close(self) -> None:
        """Wake any voice waiting in ``take`` for good (the app is closing)."""
        with self._lock:
            self.closed = True
            self._lock.notify_all()

    def history(self) -> list[Announcement]:
        """Everything said lately (focus moves aside), oldest first, with its priority and kind."""
        with self._lock:
            return list(self._recent)

    def recent(self, count: int, kinds: tuple[str, ...] = ()) -> list[str]:
        """The last ``count`` lines said (of ``kinds`` when given), oldest first."""
        with self._lock:
            lines = [a.text for a in self._recent if not kinds or a.kind in kinds]
        return lines[-count:] if count > 0 else []
