"""Speaking the announcements channel (``ui.announce``) aloud, for players who listen (a setting, off
by default; see docs/accessibility.md for why these voices and in this order).

The voice is the first that answers of: the screen reader the player runs, through the optional
``accessible_output2`` package (NVDA, JAWS, SAPI on Windows, VoiceOver on macOS); Speech Dispatcher
(what Orca speaks through on Linux: the ``speechd`` module of Debian's python3-speechd, else the
``spd-say`` program); ``espeak-ng`` or ``espeak``; macOS ``say``; ``pyttsx3`` when installed. None is
required: without one the table is silent. Lines are spoken on a thread of their own, one after the
other, so a frame never waits for speech; a line that interrupts (or Ctrl) cuts the one being spoken.
"""

from __future__ import annotations

import contextlib
import importlib
import shutil
import subprocess
import sys
import threading
from collections.abc import Callable
from functools import partial
from typing import Any

from ui.announce import Announcements, Priority

SpeakFn = Callable[[str, str], None]
"""Speaks ``(text, language)`` and returns when it is said (or cut by the voice's ``stop``)."""


class Voice:
    """A way to speak: ``speak(text, language)`` returns once the line is said or cut; ``stop`` (from
    any thread) cuts it."""

    name = "voice"

    def speak(self, text: str, language: str) -> None:
        raise NotImplementedError

    def stop(self) -> None:
        """Cut the line being spoken (nothing by default)."""


class FunctionVoice(Voice):
    """A plain function as a voice (it cannot be cut): tests' recorders, ``pyttsx3``."""

    def __init__(self, fn: SpeakFn, name: str = "function") -> None:
        self.fn = fn
        self.name = name

    def speak(self, text: str, language: str) -> None:
        self.fn(text, language)


class ProgramVoice(Voice):
    """A speech program run once a line (``espeak-ng``, macOS ``say``, ``spd-say -w``), killed to cut
    it; ``cancel`` is run too where the program leaves speech going (``spd-say -C``)."""

    def __init__(self, name: str, command: Callable[[str, str], list[str]], cancel: list[str] | None = None) -> None:
        self.name = name
        self.command = command
        self.cancel = cancel
        self._process: subprocess.Popen[bytes] | None = None
        self._cancelling: subprocess.Popen[bytes] | None = None
        self._lock = threading.Lock()

    def speak(self, text: str, language: str) -> None:
        with self._lock:
            cancelling, self._cancelling = self._cancelling, None
        if cancelling is not None:  # the cut reaches the server before the next line does
            _finish(cancelling, timeout=5)
        with self._lock:
            self._process = subprocess.Popen(self.command(text, language), stdin=subprocess.DEVNULL,
                                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            process = self._process
        try:
            _finish(process, timeout=60)
        finally:
            with self._lock:
                self._process = None

    def stop(self) -> None:
        """Kill the line being spoken and start the cancel command without waiting for it (it may take
        seconds to reach the speech server, and the caller is the frame); the next line waits for it."""
        with self._lock:
            process = self._process
            if process is None:
                return
            with contextlib.suppress(OSError):
                process.terminate()
            if self.cancel is not None and (self._cancelling is None or self._cancelling.poll() is not None):
                with contextlib.suppress(OSError, subprocess.SubprocessError):
                    self._cancelling = subprocess.Popen(self.cancel, stdin=subprocess.DEVNULL,
                                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def _finish(process: subprocess.Popen[bytes], timeout: float) -> None:
    """Wait for ``process`` to end, killing it after ``timeout`` seconds."""
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


class SpeechdVoice(Voice):
    """Speech Dispatcher through its Python client (``speechd``): speaks and cancels only its own lines."""

    name = "speech-dispatcher"

    def __init__(self, speechd: Any) -> None:
        self._speechd = speechd
        self._client = speechd.SSIPClient("tablee")
        self._done = threading.Event()

    def speak(self, text: str, language: str) -> None:
        self._done.clear()
        self._client.set_language(language)
        ended = (self._speechd.CallbackType.END, self._speechd.CallbackType.CANCEL)
        self._client.speak(text, callback=lambda kind: self._done.set() if kind in ended else None,
                           event_types=ended)
        self._done.wait(timeout=60)

    def stop(self) -> None:
        self._client.cancel()
        self._done.set()


class ScreenReaderVoice(Voice):
    """The screen reader that runs, through ``accessible_output2``: it queues and speaks lines itself
    (and shows them in braille where it can), so a line is handed over at once; ``stop`` silences it."""

    name = "screen reader"

    def __init__(self, output: Any) -> None:
        self._output = output
        self._cut = False

    def speak(self, text: str, language: str) -> None:
        interrupt, self._cut = self._cut, False
        self._output.output(text, interrupt=interrupt)

    def stop(self) -> None:
        self._cut = True
        with contextlib.suppress(Exception):  # a reader that went away: the next line says so by failing
            self._output.silence()


def _screen_reader() -> Voice | None:
    """The screen reader the player runs, on Windows and macOS (on Linux Orca listens to Speech Dispatcher)."""
    if sys.platform not in ("win32", "darwin"):
        return None
    try:
        auto = importlib.import_module("accessible_output2.outputs.auto")
        output = auto.Auto()
        found = output.get_first_available_output()
    except Exception:  # a missing or broken optional package: the next voice
        return None
    return ScreenReaderVoice(output) if found is not None else None


def find_voice() -> Voice | None:
    """The first voice that answers here (see the module docstring), or ``None``."""
    reader = _screen_reader()
    if reader is not None:
        return reader
    try:
        speechd = importlib.import_module("speechd")
        return SpeechdVoice(speechd)
    except Exception:  # not installed, or no Speech Dispatcher running
        pass
    spd = shutil.which("spd-say")
    if spd:
        return ProgramVoice("spd-say", lambda text, lang: [spd, "-w", "-l", lang, "--", text], cancel=[spd, "-C"])
    for program in ("espeak-ng", "espeak"):
        path = shutil.which(program)
        if path:
            return ProgramVoice(program, partial(_espeak_command, path))
    say = shutil.which("say") if sys.platform == "darwin" else None
    if say:
        return ProgramVoice("say", lambda text, lang: [say, "--", text])
    try:
        pyttsx3 = importlib.import_module("pyttsx3")
        engine = pyttsx3.init()
    except Exception:
        return None

    def speak(text: str, lang: str) -> None:
        engine.say(text)
        engine.runAndWait()

    return FunctionVoice(speak, "pyttsx3")


def _espeak_command(exe: str, text: str, language: str) -> list[str]:
    return [exe, "-v", language, "--", text]


class Speaker:
    """Speaks the lines of its channel in order on its own thread (see the module docstring)."""

    def __init__(self, voice: Voice | SpeakFn | None = None) -> None:
        self.voice: Voice | None = voice if isinstance(voice, Voice) or voice is None else FunctionVoice(voice)
        self.channel = Announcements()
        if self.voice is not None:
            self.channel.on_stop(self.voice.stop)
        self._thread: threading.Thread | None = None

    @property
    def available(self) -> bool:
        return self.voice is not None

    def say(self, text: str, language: str, priority: Priority = Priority.QUEUED, kind: str = "") -> None:
        """Queue ``text`` to be spoken in ``language`` (nothing happens without a voice)."""
        if self.voice is None or not text:
            return
        self.channel.announce(text, priority, kind, language)
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="speech", daemon=True)
            self._thread.start()

    def silence(self) -> None:
        """Cut what is being said and forget what waits (Ctrl)."""
        self.channel.silence()

    def wait(self, timeout: float = 30.0) -> None:
        """Wait until every line queued so far is spoken (or cut)."""
        self.channel.wait_idle(timeout)

    def close(self) -> None:
        """Stop the thread (the app closes)."""
        self.channel.close()
        if self.voice is not None:
            self.voice.stop()

    def _run(self) -> None:
        while not self.channel.closed:
            line = self.channel.take()
            if line is None:
                continue
            try:
                assert self.voice is not None
                self.voice.speak(line.text, line.language)
            except (OSError, subprocess.SubprocessError, RuntimeError):
                pass
            finally:
                self.channel.done()
