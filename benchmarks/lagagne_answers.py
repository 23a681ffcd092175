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


def _searched(replies: int, reach: Callable[[LaGagneState, int, int, int, bots.Policy], bool],
              pick: Callable[[list[float]], float]) -> Values:
    """Rollout values in which one choice is searched: after each candidate, ``reach`` plays on to
    that choice (False: none within the rollout's reach), the seat to choose tries its ``replies``
    best moves, each played on, and ``pick`` makes one value of theirs."""

    def values(world: LaGagneState, seat: int, moves: list[Move], depth: int,
               policy: bots.Policy = bots.best_move) -> list[float]:
        out = []
        for move in moves:
            sim = world.clone()
            sim._apply(move)
            start = sim.turns  # counted from after the move, as ``bots.rollout_values`` counts
            if not reach(sim, seat, start, depth, policy):
                out.append(_played_on(sim, seat, start, depth, policy))
                continue
            found = []
            for choice in _best_of(sim, sim.current, replies):
                tried = sim.clone()
                tried._apply(choice)
                found.append(_played_on(tried, seat, start, depth, policy))
            out.append(pick(found))
        return out

    return values


def _to_reply(sim: LaGagneState, seat: int, start: int, depth: int, policy: bots.Policy) -> bool:
    """Play the bot's give after its own exchange; whether the opponent's reply comes next."""
    while sim.phase == "give" and sim.current == seat:
        sim._apply(policy(sim, seat, sim.legal_moves(seat)))
    return sim.phase != "over" and sim.current != seat


def _to_own_turn(sim: LaGagneState, seat: int, start: int, depth: int, policy: bots.Policy) -> bool:
    """Play on with ``policy`` to the bot's next turn; whether it comes within the rollout's reach."""
    while sim.phase != "over" and (sim.current != seat or sim.phase == "give"):
        sim._apply(policy(sim, sim.current, sim.legal_moves(sim.current)))
        if sim.turns - start > 4 * depth + 4 * sim.n:
            break
    return sim.phase != "over" and sim.current == seat and sim.turns - start < depth


def answered_values(replies: int, how: str = "worst") -> Values:
    """Rollout values in which the opponent answers each candidate with the worst for the bot
    (``how="worst"``) or the mean (``how="mean"``) of its ``replies`` best moves."""
    if how not in ("worst", "mean"):
        raise ValueError(f"how must be 'worst' or 'mean', not {how!r}")
    return _searched(replies, _to_reply, min if how == "worst" else (lambda found: sum(found) / len(found)))


def own_turn_values(replies: int) -> Values:
    """Rollout values in which the opponent plays ``normal``'s reply and the bot's next turn is the
    best of its own ``replies`` best moves."""
    return _searched(replies, _to_own_turn, max)
