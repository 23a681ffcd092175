"""Per-game table adapters: ``ui/games/<game_id>.py`` defines ``Adapter`` (a ``TableAdapter``).

A game that is not part of the app (a test's game) seats its adapter with ``register_adapter``.
"""

from __future__ import annotations

from importlib import import_module
from importlib.util import find_spec
from typing import Any

from ui.games.base import TableAdapter

ADAPTERS: dict[str, type[TableAdapter[Any]]] = {}
"""Adapters registered at run time, looked up before the ``ui.games`` modules."""


def register_adapter(game_id: str, adapter: type[TableAdapter[Any]]) -> None:
    """Let ``game_id`` be played at the table with ``adapter`` (``unregister_adapter`` undoes it)."""
    ADAPTERS[game_id] = adapter


def unregister_adapter(game_id: str) -> None:
    ADAPTERS.pop(game_id, None)


def has_adapter(game_id: str) -> bool:
    """Whether ``game_id`` can be played at the table yet (its adapter is registered or exists)."""
    return game_id in ADAPTERS or find_spec(f"ui.games.{game_id}") is not None


def adapter_class(game_id: str) -> type[TableAdapter[Any]]:
    """The table adapter class of ``game_id`` (``ValueError`` when the game has none yet)."""
    if game_id in ADAPTERS:
        return ADAPTERS[game_id]
    if not has_adapter(game_id):
        raise ValueError(f"no table adapter for game {game_id!r}")
    adapter: type[TableAdapter[Any]] = import_module(f"ui.games.{game_id}").Adapter
    return adapter
