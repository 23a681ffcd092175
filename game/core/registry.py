"""Game descriptors and the registry ``GAMES`` through which everything outside reaches a game."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from game.core.bots import LEVELS, Bot
from game.core.errors import SaveError
from game.core.move import Move
from game.core.state import GameState


@dataclass(frozen=True)
class GameDescriptor:
    """What the UI, the arena and outside tools know of a game.

    ``units`` names the stretches of play the arena can count, smallest first: a Gin Rummy
    ``hand`` inside a ``game`` inside a ``match``; a Gang de mouettes ``round`` inside a ``match``.
    ``quick_options`` gives the options of a short match (tests, the self-test, demos).
    """

    id: str
    title: str
    min_players: int
    max_players: int
    Options: type
    State: type[GameState]
    bot_factory: Callable[[str, int | None], Bot]
    quick_options: Callable[[], Any] | None = None
    units: tuple[str, ...] = ("hand", "match")
    bot_levels: tuple[str, ...] = LEVELS
    yardsticks: tuple[str, ...] = ()
    """Reference bots for the arena only (not offered at the table), e.g. a published baseline."""

    def parse_move(self, text: str) -> Move:
        """Read a move in this game's notation (``ValueError`` on bad text)."""
        return self.State.parse_move(text)

    def new_match(
        self,
        players: int | Sequence[str],
        options: Any = None,
        seed: int | None = None,
        deck: Sequence[str] | None = None,
    ) -> GameState:
        """Start a match for ``players`` (a count, or the players' names)."""
        if isinstance(players, int):
            count, names = players, None
        else:
            names = [str(n) for n in players]
            count = len(names)
        if not self.min_players <= count <= self.max_players:
            raise ValueError(
                f"{self.title} is played by {self.min_players} to {self.max_players} players, not {count}"
            )
        return self.State.new(count, names, options, seed, deck)

    def load(self, data: Any) -> GameState:
        """A match from its ``to_json`` snapshot (``SaveError`` if damaged)."""
        return self.State.from_json(data)

    def make_bot(self, level: str, seed: int | None = None) -> Bot:
        """A bot of ``level`` (one of ``bot_levels``)."""
        if level not in self.bot_levels + self.yardsticks:
            known = ", ".join(self.bot_levels + self.yardsticks)
            raise ValueError(f"unknown bot level {level!r}; expected one of {known}")
        return self.bot_factory(level, seed)


GAMES: dict[str, GameDescriptor] = {}


def register(descriptor: GameDescriptor) -> GameDescriptor:
    """Add a game to ``GAMES`` (done once by each game package when imported)."""
    GAMES[descriptor.id] = descriptor
    return descriptor


def load_match(data: Any) -> GameState:
    """Any game's match from its snapshot, dispatching on the snapshot's ``game`` field."""
    game_id = data.get("game") if isinstance(data, dict) else None
    if game_id not in GAMES:
        raise SaveError(f"this snapshot is of an unknown game ({game_id!r})")
    return GAMES[game_id].load(data)
