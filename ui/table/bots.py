"""Bots think off the render loop: a worker thread gets a copy of the bot's view, never the state.

The table starts a ``BotTurn`` when a bot is to move and polls it each frame; the move is played
once the bot has answered *and* the human-pace think delay has passed, so the window never freezes
and bots never play faster than a person can follow.
"""

from __future__ import annotations

import copy
import threading
from typing import Any

from game.core import Bot, Move


class BotTurn:
    """One bot decision computed in a daemon thread."""

    def __init__(self, bot: Bot, seat: int, view: dict[str, Any], legal: list[Move], delay: float) -> None:
        self.seat = seat
        self.delay = max(0.0, delay)
        self.waited = 0.0
        self.move: Move | None = None
        self.error: BaseException | None = None
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(bot, copy.deepcopy(view), list(legal)),
                                        name=f"bot-seat-{seat}", daemon=True)
        self._thread.start()

    def _run(self, bot: Bot, view: dict[str, Any], legal: list[Move]) -> None:
        try:
            move = bot.choose(view, legal)
            self.move = move if move.seat is not None else move.with_seat(self.seat)
        except BaseException as exc:  # reported on the main thread, which falls back to a legal move
            self.error = exc
        finally:
            self._done.set()

    def tick(self, dt: float) -> bool:
        """Advance the think delay; True when the move may be played now."""
        self.waited += dt
        return self._done.is_set() and self.waited >= self.delay

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the bot has answered (tests and shutdown only)."""
        return self._done.wait(timeout)
