"""Tablée's rules engines. ``GAMES`` maps a game id to its descriptor.

Importing ``game`` registers every game; outside tools drive them only through the contract in
``game.core`` (see ``docs/architecture.md``).
"""

from importlib import import_module

from game.core import GAMES, Event, GameDescriptor, GameState, IllegalMove, Move, OptionError, SaveError, load_match

for _name in ("gin_rummy", "lagagne", "gang_de_mouettes"):
    import_module(f"game.{_name}")
import_module("game.yardsticks")  # the arena's independent players, after the games they play

__all__ = ["GAMES", "Event", "GameDescriptor", "GameState", "IllegalMove", "Move", "OptionError", "SaveError",
           "load_match"]
