"""Errors shared by every engine."""

from __future__ import annotations

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
