"""The bot interface shared by every game.

A bot is given a seat's view (never the full state) and the legal moves, and returns one of them.
It is seeded, and it never reads a clock: its effort is a count of simulations or iterations, so
the same seed and the same views give the same choices.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any

from game.core.move import Move

LEVELS = ("easy", "normal", "hard")


class Bot(ABC):
    """A computer player of one level."""

    level: str = "normal"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.reason: tuple[str, dict[str, Any]] | None = None
        """Why the last ``choose`` picked its move, from the bot's own reasoning: an i18n key
        (``why.<key>``) and its parameters (cards as notation), or ``None``. Hints show it."""

    def because(self, key: str, **params: Any) -> None:
        """Record the reason of the move being chosen (see ``reason``)."""
        self.reason = (key, params)

    @abstractmethod
    def choose(self, view: dict[str, Any], legal_moves: list[Move]) -> Move:
        """Pick one of ``legal_moves`` for the seat whose ``view`` this is."""

    def react(self, view: dict[str, Any], legal_moves: list[Move]) -> tuple[Move, float] | None:
        """Out of turn: a move to try now and the reaction delay in seconds, or ``None``.

        Used where seats other than the active one may act (quick discards in Gang de mouettes);
        the table turns the delay into a race against humans. Most games never ask.
        """
        return None
