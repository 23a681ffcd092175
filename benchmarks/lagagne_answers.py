"""LaGagne ``hard`` whose rollouts search one more choice, for ``lagagne_variants.py``.

``hard``'s rollouts play ``normal``'s choice for every seat. Every round since the fourth advised a
search in which the other seat answers the bot's move (``docs/bots.md``); the nineteenth round
tried it with these, each a drop-in for ``game.lagagne.bots.rollout_values``:

- ``answered_values(replies, how)``: the opponent's reply to each candidate is each of its
  ``replies`` best moves by ``normal``'s judgement, played on as before; the candidate is worth the
  worst of them for the bot (``how="worst"``, an opponent that answers well) or their mean
  (``how="mean"``, one that may play any of them);
- ``own_turn_values(replies)``: the opponent plays ``normal``'s reply, and the bot's next turn is
  the best of its own ``replies`` best moves.

Each continuation is played on the same guessed deal, whose pile order is fixed, so the worst and
best are taken over the exact values of that deal, not over noise.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.core import Move  # noqa: E402
from game.lagagne import bots  # noqa: E402
from game.lagagne.state import LaGagneState  # noqa: E402

Values = Callable[..., list[float]]
"""The signature of ``bots.rollout_values``: world, seat, moves, depth (and a policy)."""


def _played_on(st: LaGagneState, seat: int, start: int, depth: int, policy: bots.Policy) -> float:
    """The rollout's value for ``seat`` from ``st``, as if it had started at turn ``start`` (the
    turn after the candidate move, where ``bots.rollout_values`` starts counting)."""
    return bots._rollout(st, seat, max(0, depth - (st.turns - start)), policy)


def _best_of(st: LaGagneState, mover: int, replies: int) -> list[Move]:
    """``mover``'s ``replies`` best moves by ``normal``'s judgement (its own choice first)."""
    scores = st.scores
    return sorted(st.legal_moves(mover), key=lambda m: -bots.move_value(st, mover, m, scores))[:replies]


def _finish_turn(st: LaGagneState, seat: int, policy: bots.Policy) -> None:
    """Play ``seat``'s give after its own exchange, so that the next choice is the next seat's."""
    while st.phase == "give" and st.current == seat:
        st._apply(policy(st, seat, st.legal_moves(seat)))


def answered_values(replies: int, how: str = "worst") -> Values:
    """Rollout values in which the opponent answers each candidate with the worst for the bot
    (``how="worst"``) or the mean (``how="mean"``) of its ``replies`` best moves."""
    if how not in ("worst", "mean"):
        raise ValueError(f"how must be 'worst' or 'mean', not {how!r}")

    def values(world: LaGagneState, seat: int, moves: list[Move], depth: int,
               policy: bots.Policy = bots.best_move) -> list[float]:
        out = []
        for move in moves:
            sim = world.clone()
            sim._apply(move)
            start = sim.turns  # counted from after the move, as ``bots.rollout_values`` counts
            _finish_turn(sim, seat, policy)
            if sim.phase == "over" or sim.current == seat:
                out.append(_played_on(sim, seat, start, depth, policy))
                continue
            found = []
            for reply in _best_of(sim, sim.current, replies):
                answered = sim.clone()
                answered._apply(reply)
                found.append(_played_on(answered, seat, start, depth, policy))
            out.append(min(found) if how == "worst" else sum(found) / len(found))
        return out

    return values


def own_turn_values(replies: int) -> Values:
    """Rollout values in which the opponent plays ``normal``'s reply and the bot's next turn is the
    best of its own ``replies`` best moves."""

    def values(world: LaGagneState, seat: int, moves: list[Move], depth: int,
               policy: bots.Policy = bots.best_move) -> list[float]:
        out = []
        for move in moves:
            sim = world.clone()
            sim._apply(move)
            start = sim.turns
            while sim.phase != "over" and (sim.current != seat or sim.phase == "give"):
                sim._apply(policy(sim, sim.current, sim.legal_moves(sim.current)))
                if sim.turns - start > 4 * depth + 4 * sim.n:
                    break
            if sim.phase == "over" or sim.current != seat or sim.turns - start >= depth:
                out.append(_played_on(sim, seat, start, depth, policy))  # no next turn within reach
                continue
            found = []
            for own in _best_of(sim, seat, replies):
                after = sim.clone()
                after._apply(own)
                found.append(_played_on(after, seat, start, depth, policy))
            out.append(max(found))
        return out

    return values
