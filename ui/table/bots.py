"""Bots think off the render loop: the referee's questions are answered by a runner.

The referee (``game.core.referee``) decides when a bot is asked and when its answer is played; the
table only gives it a runner, so a bot that thinks for a while never freezes the window. The bot
works on the seat's view that the referee made for it, never on the state.

``ProcessRunner`` (the app's) answers in a separate process: a searching bot then never competes
with the render loop for the interpreter lock, so frames keep their pace while it thinks.
``ThreadRunner`` answers in threads (headless runs and tests, where a process start costs more
than it saves).
"""

from __future__ import annotations

import multiprocessing
import threading
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

from game.core import Bot, Move
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


def answer(bot: Bot, kind: str, view: dict[str, Any], legal: list[Move], seat: int) -> tuple[Any, ...]:
    """Ask ``bot`` in the worker process; the bot comes back too, with what it remembered."""
    task = BotTask(bot, seat, kind, view, legal, None, 0.0)
    task.solve()
    return task.move, task.delay, task.error, bot.__dict__


class ProcessRunner:
    """Solves each ``BotTask`` in one worker process, started when first needed and reused.

    The bot is sent with the question and its state (memory, random generator, last reason) comes
    back with the answer. A worker that cannot start or dies answers with the error, and the
    referee then plays a legal move for the seat, as for any broken bot.
    """

    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None
        self._futures: list[Future[tuple[Any, ...]]] = []

    def __call__(self, task: BotTask) -> None:
        try:
            if self._pool is None:
                self._pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
            future = self._pool.submit(answer, task.bot, task.kind, task.view, task.legal, task.seat)
        except (OSError, RuntimeError) as exc:
            task.error, task.done = exc, True
            return
        future.add_done_callback(lambda f: _settle(task, f))
        self._futures = [f for f in self._futures if not f.done()] + [future]

    def wait(self, timeout: float | None = None) -> bool:
        """Block until every bot asked so far has answered; False if ``timeout`` ran out first."""
        for future in list(self._futures):
            try:
                future.exception(timeout)
            except TimeoutError:
                return False
        return True

    def close(self) -> None:
        """Stop the worker process (the table is left)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


def _settle(task: BotTask, future: Future[tuple[Any, ...]]) -> None:
    try:
        move, delay, error, state = future.result()
    except Exception as exc:  # the worker died or the answer could not travel: the referee falls back
        task.error = exc
    else:
        task.bot.__dict__.update(state)
        task.delay, task.error = delay, error
        task.move = move
    task.done = True
