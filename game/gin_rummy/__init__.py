"""Gin Rummy for two players: rules engine (``state``), meld solver (``melds``) and bots (``bots``).

Importing the package registers the game in ``game.GAMES`` under the id ``gin_rummy``.
"""

from game.core import GameDescriptor, register
from game.gin_rummy.bots import make_bot
from game.gin_rummy.options import GinOptions, quick_options
from game.gin_rummy.state import GinRummyState

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
