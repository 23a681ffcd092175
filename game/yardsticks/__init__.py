"""Independent players for the arena: yardsticks written from the rules pages alone.

They are not the bots (``game/*/bots.py``) and were written without reading or calling them, so
the bots can be measured against players they were never tuned on. Each game gets a balanced
player and a pool of styles (a cautious and an aggressive variant); the arena offers them by name
(``python -m game.arena gang_de_mouettes --bots hard,gang``). They are never offered at the table.

Importing this package adds them to each game's ``yardsticks`` in ``game.GAMES``; the game's own
factory still makes its levels (and Gin Rummy's published ``simple`` player).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from game.core import GAMES, Bot
from game.yardsticks.gang import GangPlayer
from game.yardsticks.gin import GinPlayer
from game.yardsticks.lagagne import LaGagnePlayer

Factory = Callable[[int | None], Bot]

PLAYERS: dict[str, dict[str, Factory]] = {
    "gang_de_mouettes": {
        "gang": lambda seed: GangPlayer(seed, level="gang"),
        "gang-cautious": lambda seed: GangPlayer(seed, take_gain=3.0, keep_gain=1.5, call_confidence=0.7,
                                                 call_ceiling=14, steal_margin=3.0, level="gang-cautious"),
        "gang-aggressive": lambda seed: GangPlayer(seed, take_gain=1.0, keep_gain=0.0, call_confidence=0.25,
                                                   call_ceiling=30, steal_margin=1.0, level="gang-aggressive"),
    },
    "lagagne": {
        "lagagne": lambda seed: LaGagnePlayer(seed, level="lagagne"),
        "lagagne-cautious": lambda seed: LaGagnePlayer(seed, damage_weight=0.4, steal_floor=6.0,
                                                       build_bonus=1.4, level="lagagne-cautious"),
        "lagagne-aggressive": lambda seed: LaGagnePlayer(seed, damage_weight=1.8, steal_floor=-4.0,
                                                         build_bonus=0.8, level="lagagne-aggressive"),
    },
    "gin_rummy": {
        "gin": lambda seed: GinPlayer(seed, level="gin"),
        "gin-cautious": lambda seed: GinPlayer(seed, take_gain=6, late_knock=3, late_stock=20, safety_weight=2.0,
                                               level="gin-cautious"),
        "gin-aggressive": lambda seed: GinPlayer(seed, take_gain=2, late_knock=10, late_stock=0, safety_weight=0.3,
                                                 live_weight=0.3, level="gin-aggressive"),
    },
}
"""Per game, the independent players by arena name: the balanced one first, then the pool's styles."""


def _with_players(base: Callable[[str, int | None], Bot], players: dict[str, Factory]
                  ) -> Callable[[str, int | None], Bot]:
    def factory(level: str, seed: int | None = None) -> Bot:
        make = players.get(level)
        return make(seed) if make is not None else base(level, seed)
    return factory


def install() -> None:
    """Add the independent players to every game's descriptor in ``GAMES`` (idempotent)."""
    for game_id, players in PLAYERS.items():
        desc = GAMES[game_id]
        if set(players) <= set(desc.yardsticks):
            continue
        GAMES[game_id] = dataclasses.replace(
            desc, yardsticks=desc.yardsticks + tuple(players), bot_factory=_with_players(desc.bot_factory, players))


install()

__all__ = ["PLAYERS", "GangPlayer", "GinPlayer", "LaGagnePlayer", "install"]
