"""Per-game table adapters: ``ui/games/<game_id>.py`` defines ``Adapter`` (a ``TableAdapter``)."""

from __future__ import annotations

from importlib import import_module
from importlib.util import find_spec

from ui.games.base import TableAdapter


def has_adapter(game_id: str) -> bool:
    """Whether ``game_id`` can be played at the table yet (its adapter module exists)."""
    return find_spec(f"ui.games.{game_id}") is not None


def adapter_class(game_id: str) -> type[TableAdapter]:
    """The table adapter class of ``game_id`` (``ValueError`` when the game has none yet)."""
    if not has_adapter(game_id):
        raise ValueError(f"no table adapter for game {game_id!r}")
    return import_module(f"ui.games.{game_id}").Adapter
