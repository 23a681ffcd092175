"""Undo without replay: a stack of compact snapshots, one per move played (python-chess's
``push``/``pop`` keeps one per move the same way).

Only a state that a player may take moves back on keeps them (``GameState.keep_undo``: the table's
state against bots); the states that bots search, the arena and the network host play out, and
clones, keep none and pay nothing for them (docs/performance.md says why this design). Before such
a state plays a move it pushes a :class:`Snapshot` of everything the move may change: the game's
listed fields (``game.core.fields``), the random generator, and how long the log, the history and
the hand seeds were (those three only ever grow, so a length is enough). Taking a move back
restores the top snapshot, so it costs the same after 10 moves or 2,000, where replaying the match
from its seed grew with the match.

Snapshots share what did not change. An immutable field is kept as it is, a list equal to the one
in the snapshot below keeps that snapshot's copy, and so does each seat's row of a list of rows (a
Gang de mouettes move changes one or two seats' slots, not eight); a random generator nobody drew
from since keeps the copy below (``Rng.draws``). So the stack of a 2,000-move match stays small
(``benchmarks/undo.py`` measures it). The copies in the stack are never handed out: restoring
copies them again, since the state goes on changing its fields in place.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.core.fields import _codec, same, state_fields
from game.core.rng import Rng

Plan = tuple[tuple[str, Callable[[Any], Any], bool], ...]
_PLANS: dict[type, Plan] = {}


def _plan(state: Any) -> Plan:
    """Each listed field of ``state``'s class with its copier and whether that copier is ``same``
    (an immutable value, kept as it is), worked out once per class."""
    plan = _PLANS.get(type(state))
    if plan is None:
        plan = _PLANS[type(state)] = tuple(
            (f.name, _codec(f).copy, _codec(f).copy is same) for f in state_fields(state))
    return plan


class Snapshot:
    """A state as it was before one move: enough to put it back exactly (RNG included)."""

    __slots__ = ("moves", "history", "hand_seeds", "rng", "rng_source", "rng_draws", "fields")

    rng: Rng
    fields: tuple[Any, ...]

    def __init__(self, state: Any, below: Snapshot | None) -> None:
        self.moves = len(state.log)
        self.history = len(state.history)
        self.hand_seeds = len(state.hand_seeds)
        rng: Rng = state.rng
        self.rng_source = rng
        """The live generator copied (kept so that its identity cannot be reused by another)."""
        self.rng_draws = rng.draws
        if below is not None and below.rng_source is rng and below.rng_draws == rng.draws:
            self.rng = below.rng
        else:
            self.rng = rng.kept_copy()
        values = []
        if below is None:
            for name, copy, _ in _plan(state):
                values.append(copy(getattr(state, name)))
        else:
            for (name, copy, immutable), kept in zip(_plan(state), below.fields):
                value = getattr(state, name)
                if immutable or kept is value:
                    values.append(value)
                elif type(value) is list and type(kept) is list and kept == value:
                    values.append(kept)  # lists of cards, slots, scores: compared in C, cheaply
                elif type(kept) is list and len(kept) == len(value) and value and type(value[0]) is list:
                    # one list per seat (hands, slots, columns): keep the rows of the seats the move left
                    # alone, and copy the others as the field copies its rows
                    values.append([old if old == row else copy([row])[0] for old, row in zip(kept, value)])
                else:
                    values.append(copy(value))
        self.fields = tuple(values)

    def restore(self, state: Any) -> None:
        """Put ``state`` back as it was when this snapshot was taken."""
        del state.log[self.moves:]
        del state.history[self.history:]
        del state.hand_seeds[self.hand_seeds:]
        state.rng = self.rng.clone()
        theirs = state.__dict__
        for (name, copy, _), value in zip(_plan(state), self.fields):
            theirs[name] = copy(value)
        state._restored()
