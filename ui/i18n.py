"""Translations: French and English strings for every visible text.

Each language has a folder ``assets/i18n/<lang>/`` of JSON files (one per part of the app, e.g.
``shell.json`` and ``table.json``); they are merged into one catalog. A file may be flat
(``{"title.quit": "Quit"}``) or nested (``{"title": {"quit": "Quit"}}``); both give the key
``title.quit``. A key missing in the chosen language falls back to English, then to the key itself,
so a forgotten string shows up as its key instead of crashing the app.
"""

from __future__ import annotations

import json
import locale
import os
from typing import Any

from ui.resources import resource_path

LANGUAGES = ("en", "fr")
FALLBACK = "en"


def system_language() -> str:
    """``"fr"`` when the system locale is French, else ``"en"``."""
    candidates = [os.environ.get(name, "") for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")]
    try:
        candidates.append(locale.getlocale()[0] or "")
    except ValueError:
        pass
    for value in candidates:
        value = value.strip().lower()
        if not value or value in ("c", "posix") or value.startswith("c."):
            continue
        return "fr" if value.startswith("fr") else "en"
    return FALLBACK


def _flatten(data: dict[str, Any], prefix: str, out: dict[str, str]) -> None:
    for key, value in data.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            _flatten(value, name + ".", out)
        else:
            out[name] = str(value)


def load_catalog(language: str) -> dict[str, str]:
    """Every string of ``language`` (all JSON files of its folder, merged in name order)."""
    folder = resource_path(f"i18n/{language}")
    catalog: dict[str, str] = {}
    if folder.is_dir():
        for path in sorted(folder.glob("*.json")):
            with open(path, encoding="utf-8") as handle:
                data = json.load(handle)
            if isinstance(data, dict):
                _flatten(data, "", catalog)
    return catalog


class _KeepMissing(dict):
    """Leaves ``{name}`` in place when a parameter is not given."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


class Translator:
    """Looks up translated strings in one language with an English fallback."""

    def __init__(self, language: str) -> None:
        self._fallback = load_catalog(FALLBACK)
        self.language = FALLBACK
        self._strings = self._fallback
        self.set_language(language)

    def set_language(self, language: str) -> None:
        """Switch to ``language`` (one of ``LANGUAGES``; anything else means English)."""
        self.language = language if language in LANGUAGES else FALLBACK
        self._strings = self._fallback if self.language == FALLBACK else load_catalog(self.language)

    def has(self, key: str) -> bool:
        """Whether ``key`` has a text in this language or in English."""
        return key in self._strings or key in self._fallback

    def __call__(self, key: str, **params: Any) -> str:
        """The text of ``key`` with ``{name}`` placeholders filled from ``params``."""
        text = self._strings.get(key)
        if text is None:
            text = self._fallback.get(key, key)
        if not params:
            return text
        try:
            return text.format_map(_KeepMissing(params))
        except (ValueError, IndexError, AttributeError):
            return text
