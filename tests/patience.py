"""How long a test may wait for something that happens on its own (a thread, a process, a server).

A test waits on a condition and goes on the moment it holds; the limit below only stops a test that
would otherwise hang for good. It is minutes, so that no busy machine reaches it by being slow:
the whole suite on a loaded machine took three times as long as on a quiet one, and a 30-second
deadline that a test met in 2 s alone was missed there.
"""

from __future__ import annotations

import time
from collections.abc import Callable

PATIENCE = 600.0
"""Seconds before a test stops waiting and fails (a hang, never slowness)."""


def eventually(condition: Callable[[], object], what: str, step: Callable[[], object] | None = None,
               limit: float = PATIENCE) -> None:
    """Return once ``condition()`` holds, calling ``step`` (e.g. one frame of the app) or napping
    between looks; fail naming ``what`` after ``limit`` seconds."""
    end = time.monotonic() + limit
    while not condition():
        if time.monotonic() > end:
            raise AssertionError(f"{what}: still not so after {limit:.0f} s")
        if step is not None:
            step()
        time.sleep(0.003 if step is not None else 0.01)
