"""A game's mutable fields, listed once: a dataclass whose fields say how each is saved and copied.

A game declares what changes during a match as a dataclass mixed into its state class::

    @dataclass(eq=False)          # states compare by identity, as before
    class GinTable:
        phase: str = "upcard"
        hands: list[int] = state_field(copy=flat, dump=cards_out, load=cards_in)

    class GinRummyState(GinTable, GameState): ...

``GameState`` then saves (``_dump``), restores (``_load``) and clones every listed field without the
game writing any of the three by hand. Each field's metadata gives three functions: ``dump`` to a
JSON-safe value, ``load`` back (raising ``ValueError``/``KeyError`` on damaged input), and ``copy``
for ``clone``. The defaults are plain JSON values, copied deeply.

>>> from dataclasses import dataclass
>>> @dataclass
... class Demo:
...     turn: int = state_field(copy=same, load=int)
...     rows: list = state_field(copy=nested)
>>> d = Demo(turn=3, rows=[[1], [2]])
>>> dump_fields(d)
{'turn': 3, 'rows': [[1], [2]]}
>>> e = Demo.__new__(Demo); load_fields(e, {"turn": "4", "rows": [[5]]}); e.turn, e.rows
(4, [[5]])
"""

from __future__ import annotations

import copy as _copy
import dataclasses
from collections.abc import Callable
from typing import Any

_KEY = "tablee"


@dataclasses.dataclass(frozen=True)
class Codec:
    """How one field is written to JSON, read back and copied for ``clone``."""

    dump: Callable[[Any], Any]
    load: Callable[[Any], Any]
    copy: Callable[[Any], Any]
    key: str | None = None
    """The name in the snapshot when it differs from the attribute's (kept for older saves)."""
    saved: bool = True
    """False for a field that ``clone`` copies but snapshots leave out (a search setting)."""


def same(value: Any) -> Any:
    """Copy of an immutable value: the value itself."""
    return value


def flat(value: list[Any]) -> list[Any]:
    """Copy of a list of immutable values."""
    return list(value)


def nested(value: list[list[Any]]) -> list[list[Any]]:
    """Copy of a list of lists of immutable values."""
    return [list(row) for row in value]


def state_field(
    *,
    dump: Callable[[Any], Any] = _copy.deepcopy,
    load: Callable[[Any], Any] = _copy.deepcopy,
    copy: Callable[[Any], Any] = _copy.deepcopy,
    default: Any = None,
    key: str | None = None,
    saved: bool = True,
) -> Any:
    """A mutable field of a game's state with its codec (see the module docstring).

    ``key`` names the field in the snapshot when it differs from the attribute's name; a field
    with ``saved=False`` is copied by ``clone`` but left out of snapshots (it reads as ``default``).
    """
    return dataclasses.field(default=default, metadata={_KEY: Codec(dump, load, copy, key, saved)})


def _codec(f: dataclasses.Field[Any]) -> Codec:
    codec = f.metadata.get(_KEY)
    if codec is None:
        return Codec(_copy.deepcopy, _copy.deepcopy, _copy.deepcopy)
    return codec


def state_fields(obj: Any) -> tuple[dataclasses.Field[Any], ...]:
    """The listed fields of a state (none when its class is not a dataclass)."""
    return dataclasses.fields(obj) if dataclasses.is_dataclass(obj) else ()


def dump_fields(obj: Any) -> dict[str, Any]:
    """Every listed field as JSON-safe data."""
    return {_codec(f).key or f.name: _codec(f).dump(getattr(obj, f.name))
            for f in state_fields(obj) if _codec(f).saved}


def load_fields(obj: Any, data: dict[str, Any]) -> None:
    """Set every listed field from ``dump_fields`` output (``KeyError`` for a missing one)."""
    if not isinstance(data, dict):
        raise ValueError("the game's fields are not a table of values")
    for f in state_fields(obj):
        codec = _codec(f)
        if codec.saved:  # an unsaved field keeps its default (a game may rebuild it in _load)
            setattr(obj, f.name, codec.load(data[codec.key or f.name]))


_COPIERS: dict[type, tuple[tuple[str, Callable[[Any], Any]], ...]] = {}


def copy_fields(src: Any, dst: Any) -> None:
    """Copy every listed field of ``src`` onto ``dst`` with each field's own copy (searching bots
    clone often: the list of fields and their copiers is worked out once per class)."""
    copiers = _COPIERS.get(type(src))
    if copiers is None:
        copiers = _COPIERS[type(src)] = tuple((f.name, _codec(f).copy) for f in state_fields(src))
    theirs = dst.__dict__
    for name, copy in copiers:
        theirs[name] = copy(getattr(src, name))
