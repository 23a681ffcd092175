"""Translations: English, French, German and Spanish strings for every visible text.

Each language has a folder ``assets/i18n/<lang>/`` of JSON files (one per part of the app, e.g.
``shell.json`` and ``table.json``); they are merged into one catalog. A file may be flat
(``{"title.quit": "Quit"}``) or nested (``{"title": {"quit": "Quit"}}``); both give the key
``title.quit``. A key missing in the chosen language falls back to English, then to the key itself,
so a forgotten string shows up as its key instead of crashing the app.

Words that name how a player points (click, double-click, a key) have a variant per input kind:
``touch.<key>`` is what ``<key>`` says on a touch screen ("Tap a card" for "Click a card", a button
without its key). A translator whose ``input_kind`` is ``"touch"`` (a phone's browser seat) takes
the variant where there is one; the mouse's words are the keys themselves.

A message that counts is written once per plural category of the language, as gettext's ``ngettext``
does, with the categories' CLDR names: ``{"table.undone": {"one": "Taken back: {n} move.", "other":
"Taken back: {n} moves."}}``; its ``{n}`` chooses the form. Numbers are written the language's way
(``34.5`` in English, ``34,5`` in French) by ``Translator.number``; a ``float`` parameter takes the
language's decimal separator.
"""

from __future__ import annotations

import json
import locale
import os
from collections.abc import Callable
from typing import Any

from ui.resources import resource_path

LANGUAGES = ("en", "fr", "de", "es")
FALLBACK = "en"
MOUSE = "mouse"
TOUCH = "touch"
"""The input kinds whose words differ (``Translator.input_kind``)."""


PLURAL_RULES: dict[str, Callable[[float], str]] = {
    "en": lambda n: "one" if n == 1 else "other",
    "fr": lambda n: "one" if 0 <= n < 2 else "other",
    "de": lambda n: "one" if n == 1 else "other",
    "es": lambda n: "one" if n == 1 else "other",
}
"""Each language's CLDR plural category of a count (``one`` or ``other`` in the languages here).
CLDR gives French and Spanish a third category, ``many``, for millions ("1 000 000 de coups"); no
count in Tablée comes near a million, so their catalogs write ``one`` and ``other`` only and a
million would take ``other``."""
PLURAL_CATEGORIES = frozenset({"zero", "one", "two", "few", "many", "other"})
SEPARATORS = {"en": (".", ","), "fr": (",", "\u202f"), "de": (",", "."), "es": (",", ".")}
"""Each language's decimal separator and thousands separator."""
MIN_GROUPING = {"es": 2}
"""Languages whose numbers are grouped only from this many digits before the thousands (CLDR's
minimum grouping digits): Spanish writes ``1000`` and ``10.000``, as the RAE recommends."""


IDENTIFIERS = frozenset({"seed", "port", "code", "version", "fingerprint", "ip", "address", "line", "lines"})
"""Parameters whose numbers name something (copied, typed or looked up as written), never grouped."""


def _quantity(name: str, value: object) -> bool:
    """Whether a message parameter is a whole number to write with the language's grouping."""
    return isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 1000 and name not in IDENTIFIERS


def system_language() -> str:
    """The first of the user's languages that Tablée speaks, else English. As gettext does, the
    ``LANGUAGE`` list (``"de:fr:en"``) comes first, then ``LC_ALL``, ``LC_MESSAGES`` and ``LANG``."""
    candidates = os.environ.get("LANGUAGE", "").split(":")
    candidates += [os.environ.get(name, "") for name in ("LC_ALL", "LC_MESSAGES", "LANG")]
    try:
        candidates.append(locale.getlocale()[0] or "")
    except ValueError:
        pass
    for value in candidates:
        value = value.strip().lower()
        if not value or value in ("c", "posix") or value.startswith("c."):
            continue
        language = value.replace("-", "_").split("_")[0].split(".")[0]
        if language in LANGUAGES:
            return language
    return FALLBACK


Entry = str | dict[str, str]
"""A catalog's text: one string, or one string per plural category."""


def is_plural(value: object) -> bool:
    """Whether a catalog value is a message with plural forms (its keys are plural categories)."""
    return isinstance(value, dict) and "other" in value and set(value) <= PLURAL_CATEGORIES


def forms(entry: Entry) -> list[str]:
    """Every text of a catalog entry: the string, or each of its plural forms."""
    return [entry] if isinstance(entry, str) else list(entry.values())


def _flatten(data: dict[str, Any], prefix: str, out: dict[str, Entry]) -> None:
    for key, value in data.items():
        name = f"{prefix}{key}"
        if is_plural(value):
            out[name] = {category: str(text) for category, text in value.items()}
        elif isinstance(value, dict):
            _flatten(value, name + ".", out)
        else:
            out[name] = str(value)


def load_catalog(language: str) -> dict[str, Entry]:
    """Every message of ``language`` (all JSON files of its folder, merged in name order)."""
    folder = resource_path(f"i18n/{language}")
    catalog: dict[str, Entry] = {}
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
        self.input_kind = MOUSE
        """How the player points: ``MOUSE`` (with a keyboard), or ``TOUCH`` (see the module docstring)."""
        self.set_language(language)

    def set_language(self, language: str) -> None:
        """Switch to ``language`` (one of ``LANGUAGES``; anything else means English)."""
        self.language = language if language in LANGUAGES else FALLBACK
        self._strings = self._fallback if self.language == FALLBACK else load_catalog(self.language)

    def has(self, key: str) -> bool:
        """Whether ``key`` has a text in this language or in English."""
        return key in self._strings or key in self._fallback

    def __call__(self, key: str, **params: Any) -> str:
        """The text of ``key`` with ``{name}`` placeholders filled from ``params``; a message with
        plural forms takes the form of its ``n``. A ``float`` parameter takes the language's decimal
        separator, a whole number of four digits or more its grouping ("1,000", "1 000", "1.000"),
        unless it names something rather than counts (``IDENTIFIERS``: a seed, a port);
        ``number`` writes any number in full the language's way."""
        if self.input_kind != MOUSE and self.has(f"{self.input_kind}.{key}"):
            key = f"{self.input_kind}.{key}"
        entry = self._strings.get(key)
        language = self.language
        if entry is None:
            entry, language = self._fallback.get(key, key), FALLBACK
        if isinstance(entry, dict):
            count = params.get("n")
            category = PLURAL_RULES[language](count) if isinstance(count, int | float) else "other"
            entry = entry.get(category, entry["other"])
        if not params:
            return entry
        decimal = SEPARATORS.get(self.language, SEPARATORS[FALLBACK])[0]
        shown = {name: repr(value).replace(".", decimal) if isinstance(value, float)
                 else self.number(value) if _quantity(name, value) else value
                 for name, value in params.items()}
        try:
            return entry.format_map(_KeepMissing(shown))
        except (ValueError, IndexError, AttributeError):
            return entry

    def number(self, value: float, decimals: int | None = None) -> str:
        """``value`` written the language's way, ``1,234.5`` in English, ``1 234,5`` in French,
        ``1.234,5`` in German and ``1234,5`` in Spanish, with ``decimals`` digits after the separator
        (by default none for an ``int``, one for a ``float``)."""
        if decimals is None:
            decimals = 0 if isinstance(value, int) else 1
        decimal, thousands = SEPARATORS.get(self.language, SEPARATORS[FALLBACK])
        grouped = abs(value) >= 10 ** (3 + MIN_GROUPING.get(self.language, 1) - 1)
        text = f"{value:{',' if grouped else ''}.{decimals}f}"
        return text.replace(",", "\0").replace(".", decimal).replace("\0", thousands)
