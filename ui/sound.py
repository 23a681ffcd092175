"""Sound effects: small OGG files under ``assets/sounds`` played through ``pygame.mixer``.

The mixer is started defensively: a computer without an audio device (or a mixer that refuses to
start) plays nothing, and says so in one plain line of the log and in the settings' sound row,
never in the terminal: ALSA writes its complaints straight to the process's stderr (nine lines
that read like a crash), so while the mixer starts, stderr goes to a temporary file, and only what
is not ALSA's goes back. Sounds load when a table opens (``preload``), or else the first time
they are played.
The volume (0–100) and mute are settings; M mutes from anywhere (the app handles the key).
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import tempfile
from collections.abc import Iterator
from typing import Any

import pygame

from ui.resources import resource_path

NAMES = ("deal", "draw", "place", "shuffle", "refuse", "knock", "call", "snap_won", "snap_lost", "hand_won",
         "hand_lost")
"""Every sound the game plays (``assets/sounds/<name>.ogg``)."""


class SoundBoard:
    """Plays the game's sounds at the settings' volume (see the module docstring)."""

    def __init__(self, settings: Any) -> None:
        self.settings = settings
        self.problem = ""
        """Why there is no sound (the mixer's own words), or "" when it started."""
        self.available, self.problem = _start_mixer()
        if not self.available:
            logging.getLogger("tablee.sound").info("no sound: %s; Tablée plays silently", self.problem or "no mixer")
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}
        self.played: list[str] = []
        """The sounds asked for (played or not: muted, no device), newest last (tests, the monkey)."""

    def play(self, name: str) -> bool:
        """Play ``name`` now; False when silent (muted, volume 0, no audio device, a missing file)."""
        self.played.append(name)
        del self.played[:-50]
        if not self.available or self.settings.muted or self.settings.volume <= 0:
            return False
        sound = self._load(name)
        if sound is None:
            return False
        sound.set_volume(self.settings.volume / 100)
        sound.play()
        return True

    def preload(self) -> None:
        """Decode every sound now (about 20 ms), so that a move's frame never waits for a file; a
        table calls this as it opens. Nothing when the game is silent anyway."""
        if self.available and not self.settings.muted and self.settings.volume > 0:
            for name in NAMES:
                self._load(name)

    def _load(self, name: str) -> pygame.mixer.Sound | None:
        if name not in self._sounds:
            try:
                self._sounds[name] = pygame.mixer.Sound(str(resource_path(f"sounds/{name}.ogg")))
            except (pygame.error, FileNotFoundError):
                self._sounds[name] = None
        return self._sounds[name]


def _start_mixer() -> tuple[bool, str]:
    """Start the mixer if it can be (already started counts); whether it runs, and why not. Never raises."""
    try:
        if pygame.mixer.get_init() is None:
            with _quiet_alsa():
                pygame.mixer.init(frequency=22050, size=-16, channels=2, buffer=512)
        return pygame.mixer.get_init() is not None, ""
    except (pygame.error, NotImplementedError) as exc:
        return False, str(exc)


@contextlib.contextmanager
def _quiet_alsa() -> Iterator[None]:
    """Send the process's stderr (file descriptor 2, which C libraries write to) to a temporary file
    while the block runs, then pass on what is not ALSA's ("ALSA lib ..." lines). Nothing is done
    where there is no ALSA to hear from (other systems, SDL's dummy driver)."""
    driver = os.environ.get("SDL_AUDIODRIVER", "")
    if not sys.platform.startswith("linux") or driver in ("dummy", "disk"):
        yield
        return
    try:
        sys.stderr.flush()
        saved = os.dup(2)
        capture = tempfile.TemporaryFile()
    except OSError:
        yield
        return
    try:
        os.dup2(capture.fileno(), 2)
        try:
            yield
        finally:
            os.dup2(saved, 2)
        capture.seek(0)
        said = capture.read(1_000_000).decode("utf-8", "replace").splitlines(keepends=True)
        rest = "".join(line for line in said if not line.startswith("ALSA lib "))
        if rest:
            sys.stderr.write(rest)
    finally:
        os.close(saved)
        capture.close()

