"""What a game needs on a timer, told to the referee by ``GameState.timer()``.

The engine stays clock-free: it only describes the timer (how long, what ends it); the referee
(``game.core.referee``) counts the time that its caller passes in.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from game.core.move import Move


@dataclass(frozen=True)
class Window:
    """A race out of turn: ``racers`` may each try once until ``seconds`` pass or nobody can.

    ``key`` names this window (a new key is a new window with a fresh clock); ``close`` is the move
    the referee plays when the time is up or no racer can still act. ``board`` names what the
    racers see: when it changes while the window stays open (a card left the table and the later
    cards moved up), a reaction decided before may aim at another card, so the referee asks the
    bots again, the window's clock running on.
    """

    key: Hashable
    seconds: float
    racers: tuple[int, ...]
    close: Move
    board: Hashable = None


@dataclass(frozen=True)
class Grace:
    """A human seat that does not act within ``seconds`` has ``move`` played for it."""

    key: Hashable
    seconds: float
    seat: int
    move: Move


Timer = Window | Grace
