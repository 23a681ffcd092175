"""Errors shared by every engine."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any


class IllegalMove(ValueError):
    """A move that parses but may not be played now.

    Like a move that does not parse (a plain ``ValueError``), it is a ``ValueError``, so a caller
    that only wants to know "was this move accepted?" catches one type (python-chess's shape).

    The message is written for a player ("You cannot discard the card you just took."), and the
    state that refused the move is left exactly as it was. ``key`` and ``params`` name the message
    so the UI can show it in the player's language (the English text is the fallback).

    >>> e = IllegalMove("It is not Ann's turn.", "not_your_turn", {"name": "Ann"})
    >>> str(e), e.key, e.params
    ("It is not Ann's turn.", 'not_your_turn', {'name': 'Ann'})
    """

    def __init__(self, message: str, key: str | None = None, params: dict[str, Any] | None = None):
        super().__init__(message)
        self.key = key
        self.params = dict(params or {})


class SaveError(ValueError):
    """A saved match or a snapshot that cannot be read back (damaged, foreign or too new)."""


# ---------------------------------------------------------------------- rule options refused
TEXT_LIMIT = 40
"""A value's text longer than this is refused before it is read (``int`` of 5,000 digits is slow
and its own error names no option); refusals quote at most this much of it."""

ENGLISH: dict[str, str] = {
    "bool": "{field} must be true or false, not {value}",
    "whole": "{field} must be a whole number, not {value}",
    "number": "{field} must be a finite number, not {value}",
    "between": "{field} must be between {low} and {high}, not {value}",
    "at_least": "{field} must be at least {low}, not {value}",
    "at_most": "{field} must be at most {high}, not {value}",
    "more_than": "{field} must be more than {low}, not {value}",
    "more_than_at_most": "{field} must be more than {low} and at most {high}, not {value}",
    "seat_range": "{field} must be a seat number {low} to {high}, or None for a random seat, not {value}",
    "one_of": "{field} must be one of {choices}, not {value}",
    "not_a_seat": "{field} {value} is not a seat of a {players}-player table",
    "needs": "{field} needs {other} to be on",
    "unknown_option": "{value} is not a rule option of this game (known: {choices})",
    "key_value": "a rule option is written name=value, not {value}",
}
"""The English sentence of each shared refusal key (a game's own keys, such as LaGagne's deck
refusals, carry their English sentence in the ``OptionError`` itself)."""


class OptionError(ValueError):
    """A rule option refused: ``field`` (None: the options as a whole), ``key`` and ``params`` name
    the reason so the UI can say it in the player's language (``setup.refusal.<key>``); ``str()``
    is the English sentence. A parameter ``other`` names another field; ``choices`` is a tuple of
    values; ``value`` is the value refused (the text typed, when it did not parse).

    >>> e = OptionError("knock_limit", "between", {"low": 0, "high": 99, "value": 500})
    >>> str(e), e.field, e.key, e.params["high"]
    ('knock_limit must be between 0 and 99, not 500', 'knock_limit', 'between', 99)
    """

    def __init__(self, field: str | None, key: str, params: Mapping[str, Any] | None = None,
                 message: str | None = None) -> None:
        self.field = field
        self.key = key
        self.params = dict(params or {})
        super().__init__(message or english(field, key, self.params))


def shown(value: Any) -> str:
    """A value as a refusal quotes it: text in quotes, numbers as written, at most ``TEXT_LIMIT``."""
    if isinstance(value, float) and math.isfinite(value):
        text = f"{value:g}"
    elif isinstance(value, str):
        text = repr(value if len(value) <= TEXT_LIMIT else value[:TEXT_LIMIT] + "…")
    else:
        text = repr(value)
    return text if len(text) <= TEXT_LIMIT + 2 else text[:TEXT_LIMIT] + "…"


def english(field: str | None, key: str, params: Mapping[str, Any]) -> str:
    """The English sentence of a refusal (its key and parameters when the key has none)."""
    template = ENGLISH.get(key)
    if template is None:
        return f"{field}: {key} {dict(params)}" if field else f"{key} {dict(params)}"
    words = {k: shown(v) if k == "value" else v for k, v in params.items()}
    if "choices" in params:
        words["choices"] = ", ".join(map(shown, params["choices"]))
    return template.format(field=field, **words)
