"""Per-game table adapters: ``ui/games/<game_id>.py`` defines ``Adapter`` (a ``TableAdapter``)."""

from __future__ import annotations

from importlib import import_module

from ui.games.base import TableAdapter


def adapter_class(game_id: str) -> type[TableAdapter]:
    """The table adapter class of ``game_id`` (``ValueError`` when the game has none yet)."""
    try:
        module = import_module(f"ui.games.{game_id}")
    except ModuleNotFoundError as exc:
        if exc.name == f"ui.games.{game_id}":
            raise ValueError(f"no table adapter for game {game_id!r}") from None
        raise
    return module.Adapter
