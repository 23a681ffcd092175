"""Bots think off the render loop: the referee's questions are answered in worker threads.

The referee (``game.core.referee``) decides when a bot is asked and when its answer is played; the
table only gives it this runner, so a bot that thinks for a while never freezes the window. The bot
works on the seat's view that the referee made for it, never on the state.
"""

from __future__ import annotations

import threading

from game.core.referee import BotTask


class ThreadRunner:
    """Solves each ``BotTask`` in a daemon thread; ``wait`` lets tests and shutdown join them."""

    def __init__(self) -> None:
        self._threads: list[threading.Thread] = []

    def __call__(self, task: BotTask) -> None:
        thread = threading.Thread(target=task.solve, name=f"bot-seat-{task.seat}", daemon=True)
        self._threads = [t for t in self._threads if t.is_alive()]
        self._threads.append(thread)
        thread.start()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until every bot asked so far has answered; False if ``timeout`` ran out first."""
        for thread in list(self._threads):
            thread.join(timeout)
            if thread.is_alive():
                return False
        return True
