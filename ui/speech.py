"""Reading the table's log aloud, for players who cannot read it easily (a setting, off by default).

It uses the system's speech where there is one, never as a requirement: ``espeak-ng`` (or
``espeak``) on Linux, ``say`` on macOS, and on Windows the optional ``pyttsx3`` package if it is
installed. Lines are spoken one after the other on a background thread; when the table talks
faster than speech, older lines waiting their turn are dropped so that speech stays current.
"""

from __future__ import annotations

import importlib
import queue
import shutil
import subprocess
import sys
import threading
from collections.abc import Callable
from functools import partial

BACKLOG = 3
"""Lines waiting to be spoken at most; older ones are dropped."""


def find_voice() -> Callable[[str, str], None] | None:
    """A function that speaks ``(text, language)`` and returns when done, or ``None``."""
    for program in ("espeak-ng", "espeak"):
        path = shutil.which(program)
        if path:
            return partial(_espeak, path)
    say = shutil.which("say") if sys.platform == "darwin" else None
    if say:
        return partial(_say, say)
    try:
        pyttsx3 = importlib.import_module("pyttsx3")
    except ImportError:
        return None
    engine = pyttsx3.init()

    def speak(text: str, lang: str) -> None:
        engine.say(text)
        engine.runAndWait()

    return speak


def _espeak(exe: str, text: str, lang: str) -> None:
    """Speak ``text`` with espeak(-ng) in ``lang``."""
    _run([exe, "-v", lang, "--", text])


def _say(exe: str, text: str, lang: str) -> None:
    """Speak ``text`` with macOS ``say`` (its voice follows the system's language)."""
    _run([exe, "--", text])


def _run(command: list[str]) -> None:
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=30, check=False)


class Speaker:
    """Speaks lines in order on its own thread (see the module docstring)."""

    def __init__(self, voice: Callable[[str, str], None] | None = None) -> None:
        self.voice = voice
        self._lines: queue.Queue[tuple[str, str]] = queue.Queue()
        self._thread: threading.Thread | None = None

    @property
    def available(self) -> bool:
        return self.voice is not None

    def say(self, text: str, language: str) -> None:
        """Queue ``text`` to be spoken (nothing happens without a voice)."""
        if self.voice is None or not text:
            return
        while self._lines.qsize() >= BACKLOG:
            try:
                self._lines.get_nowait()
            except queue.Empty:
                break
            self._lines.task_done()
        self._lines.put((text, language))
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="speech", daemon=True)
            self._thread.start()

    def wait(self) -> None:
        """Wait until every line queued so far is spoken (or dropped)."""
        self._lines.join()

    def _run(self) -> None:
        while True:
            text, language = self._lines.get()
            try:
                assert self.voice is not None
                self.voice(text, language)
            except (OSError, subprocess.SubprocessError, RuntimeError):
                pass
            finally:
                self._lines.task_done()
