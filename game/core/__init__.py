"""The engine contract shared by every game: moves, events, seeded randomness, states, bots."""

from game.core.bots import LEVELS, Bot
from game.core.errors import IllegalMove, OptionError, SaveError
from game.core.events import Event
from game.core.move import REST, Move, parse_with_grammar, split_seat
from game.core.registry import GAMES, GameDescriptor, load_match, register
from game.core.rng import Rng, fresh_seed
from game.core.state import GameState, options_from_json

__all__ = [
    "GAMES", "LEVELS", "REST", "Bot", "Event", "GameDescriptor", "GameState", "IllegalMove", "Move",
    "OptionError",
    "Rng", "SaveError", "fresh_seed", "load_match", "options_from_json", "parse_with_grammar",
    "register", "split_seat",
]
