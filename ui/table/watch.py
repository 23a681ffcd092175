"""What the table must redo when a setting changes (issue 35: every setting shows on return).

The settings screen changes ``app.settings`` while the table lies under it (from the pause menu);
the table asks ``SettingsWatch.changes`` each frame and redoes only what the changed settings
touch: the card art (language, four colours), the layout and the sprites' places and sizes (card
size, text size), the buttons and the log's words (language), the buttons' set (memory aid and the
other switches). Sound, animation speed, the bots' delay and reading aloud are read where they are
used, so they need nothing more than the next frame. Without pygame, so it is tested alone.
"""

from __future__ import annotations

from typing import Any

WATCHED = ("language", "four_colour_deck", "card_size", "ui_scale", "memory_aid", "let_go", "read_aloud",
           "muted", "volume", "animation_speed", "bot_delay")
"""The settings the table shows or acts on (window size and position are the app's)."""

ART = frozenset({"language", "four_colour_deck"})
"""Settings drawn into the card art: it is drawn again."""
LAYOUT = frozenset({"card_size", "ui_scale"})
"""Settings that size the table's layout: the cards and text are placed again at the new sizes."""
WORDS = frozenset({"language"})
"""Settings that change the words already on the table (the log is told again in them)."""


class SettingsWatch:
    """Remembers the watched settings as last applied and names those changed since."""

    def __init__(self, settings: Any) -> None:
        self._seen = self._snapshot(settings)

    @staticmethod
    def _snapshot(settings: Any) -> dict[str, Any]:
        return {name: getattr(settings, name, None) for name in WATCHED}

    def changes(self, settings: Any) -> frozenset[str]:
        """The watched settings whose value differs from the last call (or from the start); the
        new values are remembered as applied."""
        now = self._snapshot(settings)
        changed = frozenset(name for name in WATCHED if now[name] != self._seen[name])
        self._seen = now
        return changed
