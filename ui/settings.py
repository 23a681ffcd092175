"""The player's settings, kept in ``settings.json`` in the user's config folder (``disk.places``)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ui.i18n import LANGUAGES, system_language
from ui.storage import SETTINGS_FILE, DamagedFile, atomic_write_json, load_json_object

ANIMATION_SPEEDS = ("instant", "fast", "normal", "slow")
CARD_SIZES = ("normal", "large", "extra_large")
UI_SCALES = (100, 125, 150, 200)
"""Interface sizes in percent: the shell's text and buttons (``ui.theme``)."""
CARD_SCALES = {"normal": 1.0, "large": 1.2, "extra_large": 1.4}
BOT_DELAY_RANGE = (0.0, 3.0)
GIN_SORTS = ("melds", "suit", "rank")


@dataclass
class Settings:
    """Everything the player can set; defaults suit a first start."""

    language: str = "en"
    animation_speed: str = "normal"
    bot_delay: float = 0.8
    memory_aid: bool = False
    """Off by default: Gang de mouettes is played from memory (its designer's rule); a match
    played with it on counts as assisted."""
    let_go: bool = False
    """Off by default: Gang de mouettes lets a quick-discard window go at once for a player who knows
    no card that matches (it reads their memory, so a match where it acts counts as assisted)."""
    volume: int = 70
    """Sound effects' volume, 0 to 100."""
    muted: bool = False
    window_size: tuple[int, int] | None = None
    window_pos: tuple[int, int] | None = None
    fullscreen: bool = False
    card_size: str = "normal"
    """How large the cards are at the table: ``CARD_SIZES`` (the table keeps them on the felt)."""
    ui_scale: int = 100
    """The size of the shell's text and buttons in percent (``UI_SCALES``): for high-DPI screens and
    for players who want larger text; shrunk as needed so that every screen fits the window."""
    read_aloud: bool = False
    """Read each line of the table's log aloud through the system's speech (``ui.speech``)."""
    four_colour_deck: bool = False
    """Gin Rummy's cards in four colours (diamonds blue, clubs green)."""
    gin_sort: str = "melds"
    """How a new Gin Rummy match orders the player's hand (``GIN_SORTS``): the last order chosen at
    the table. An order dragged by hand stays with its match."""
    tutorials_offered: list[str] = dataclasses.field(default_factory=list)
    """The games whose setup has offered their tutorial (offered once, then from the rules page)."""
    ui_scale_saved: bool = dataclasses.field(default=False, compare=False)
    """Whether ``ui_scale`` was read from the saved settings (not written: on a first start the
    app picks it from the system's display scale, ``ui.dpi``)."""

    def to_json(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        del data["ui_scale_saved"]
        for key in ("window_size", "window_pos"):
            if data[key] is not None:
                data[key] = list(data[key])
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Settings:
        """Settings from a JSON object; a value of the wrong kind keeps its default."""
        settings = cls(language=system_language())
        language = data.get("language")
        if language in LANGUAGES:
            settings.language = language
        if data.get("card_size") in CARD_SIZES:
            settings.card_size = data["card_size"]
        if data.get("ui_scale") in UI_SCALES and not isinstance(data.get("ui_scale"), bool):
            settings.ui_scale = data["ui_scale"]
            settings.ui_scale_saved = True
        if data.get("gin_sort") in GIN_SORTS:
            settings.gin_sort = data["gin_sort"]
        if data.get("animation_speed") in ANIMATION_SPEEDS:
            settings.animation_speed = data["animation_speed"]
        delay = data.get("bot_delay")
        if isinstance(delay, (int, float)) and not isinstance(delay, bool):
            settings.bot_delay = min(max(float(delay), BOT_DELAY_RANGE[0]), BOT_DELAY_RANGE[1])
        volume = data.get("volume")
        if isinstance(volume, int) and not isinstance(volume, bool):
            settings.volume = min(100, max(0, volume))
        for key in ("memory_aid", "let_go", "fullscreen", "muted", "four_colour_deck", "read_aloud"):
            if isinstance(data.get(key), bool):
                setattr(settings, key, data[key])
        offered = data.get("tutorials_offered")
        if isinstance(offered, list):
            settings.tutorials_offered = [g for g in offered if isinstance(g, str)][:50]
        for key in ("window_size", "window_pos"):
            value = data.get(key)
            if (
                isinstance(value, list)
                and len(value) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
            ):
                setattr(settings, key, (value[0], value[1]))
        return settings


def load_settings(config_dir: Path) -> tuple[Settings, bool]:
    """The saved settings (defaults when none) and whether a damaged file was moved aside."""
    try:
        data = load_json_object(Path(config_dir) / SETTINGS_FILE)
    except DamagedFile:
        return Settings(language=system_language()), True
    if data is None:
        return Settings(language=system_language()), False
    return Settings.from_json(data), False


def save_settings(config_dir: Path, settings: Settings) -> None:
    """Write the settings atomically."""
    atomic_write_json(Path(config_dir) / SETTINGS_FILE, settings.to_json())
