"""Gin Rummy for two players: rules engine (``state``), meld solver (``melds``) and bots (``bots``).

Importing the package registers the game in ``game.GAMES`` under the id ``gin_rummy``.
"""

from game.core import Bot, GameDescriptor, register
from game.gin_rummy.options import GinOptions, quick_options
from game.gin_rummy.state import GinRummyState


def make_bot(level: str, seed: int | None = None) -> Bot:
    """A bot of ``level``, seeded (``game.gin_rummy.bots.make_bot``): the bots' module is loaded on the first
    bot, not with the game, so that a program that only lists or replays games starts faster."""
    from game.gin_rummy.bots import make_bot as make

    return make(level, seed)


DESCRIPTOR = register(GameDescriptor(
    id="gin_rummy",
    title="Gin Rummy",
    min_players=2,
    max_players=2,
    Options=GinOptions,
    State=GinRummyState,
    bot_factory=make_bot,
    quick_options=quick_options,
    units=("hand", "game", "match"),
    yardsticks=("simple",),
))

__all__ = ["DESCRIPTOR", "GinOptions", "GinRummyState", "make_bot", "quick_options"]
