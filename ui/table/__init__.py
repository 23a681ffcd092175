"""The card table: the scene, its layout, sprites, tweens, bots, widgets and the score sheet.

``TableScene`` and ``ScoreSheetScene`` are loaded on first use, so that importing a table module
(the layout, say) does not pull in the scene and, through it, the game adapters.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

_EXPORTS = {"TableScene": "ui.table.scene", "ScoreSheetScene": "ui.table.scores"}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        return getattr(import_module(_EXPORTS[name]), name)
    raise AttributeError(f"module 'ui.table' has no attribute {name!r}")
