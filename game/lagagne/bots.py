"""LaGagne bots: ``easy``, ``normal`` and ``hard`` through ``make_bot(level, seed)``.

Every bot sees only its seat's view. ``normal`` and ``hard`` first rebuild a full game from the
view (``LaGagneState.determinise``, the contract's resampling: the cards the seat cannot see are dealt at random among the other hands'
unknown cards and the pile); ``normal`` then looks only at what the view shows, ``hard`` plays
each candidate move forward in many such deals.

- ``easy`` plays the first playable card (lays before actions before discards, never thinks).
- ``normal`` opens columns early, lays its largest points, doubles its biggest column, steals what
  hurts the leader most when that is worth spending a Voler on (a small steal loses to laying a
  card and keeping the Voler), keeps useful cards and discards dead ones, and takes its mulligan
  when it has no way to start (a Voler is a way: the first column an opponent opens gives it a
  symbol to steal).
- ``hard`` is a determinised Monte Carlo search: for each of its best candidate moves (ranked by
  ``normal``'s judgement) it plays the game on with that judgement for every seat, in the same
  sampled deals for every candidate (common random numbers), for a few turns (the opponent's reply
  and its own next turn at two players, a table round at more) — and always to the end of the last
  round once someone has reached the target — and keeps the move with the best average outcome:
  its share of the win when the rollout ends the game, else its chance of winning from the position
  reached (``game.lagagne.leaf``: a model of the whole table fitted to ``normal``'s self-play). So it
  overtakes the leader or steals from a player at the target when that decides the game, plays safe
  when far ahead and takes risks when far behind. Its effort is a number of simulated turns, by
  table size (``budget_for``), never a clock; a candidate that comes out surely worse than
  ``normal``'s choice is played out no more (``DROP``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from game.core import Bot, Move, Rng
from game.lagagne import leaf
from game.lagagne.cards import (
    ECHANGE,
    JOKER_SET,
    JOKERS,
    POINTS,
    RECUP,
    SUIT_OF,
    SUITED,
    SYMBOL_SET,
    SYMBOLS,
    VOLER,
    X2,
)
from game.lagagne.state import COLUMN, SI, LaGagneState, action_words

# ----------------------------------------------------------------- normal's judgement
W_TWO: dict[str, float] = {
    "joker_keep": 3.1, "joker_closed": 0.78, "suit_keep_symbol": 0.81, "suit_keep_started": 0.56,
    "suit_keep_cold": 0.46, "symbol_keep": 33.78, "x2_keep": 28.18, "x2_keep_closed": 10.86,
    "voler_keep": 78.47, "echange_keep": 7.74, "recup_keep": 15.56, "open_first": 38.81,
    "open_more": 19.75, "open_per_card": 6.22, "open_raw": 0.16, "x2_raw": 0.86, "x2_cost": 3.52,
    "joker_lay": -1.02, "suited_lay": 1.05, "steal_sym_first": 49.44, "steal_sym_more": 12.28,
    "steal_sym_harm": 8.5, "steal_sym_harm_raw": 0.67, "steal_cost": 53.79, "harm_trailing": 1.09,
    "harm_at_target": 1.68, "recup_share": 0.8, "recup_cost": 2.68, "exchange_base": 4.94,
    "exchange_dead": 0.21, "exchange_leader": 1.98, "discard_cost": 0.98,
}
"""The weights of ``normal``'s judgement at a two-player table (which ``hard`` also plays inside
its rollouts), in points.

``steal_cost`` (the Voler a steal spends) and ``voler_keep`` were first set by comparing ``hard``'s
searched choices with ``normal``'s: the search kept its Voler where ``normal`` stole a bare symbol
or a small card (seventh round, ``git show 2845ff7:docs/bots.md``). Every weight was then fitted to what rollouts
say each move is worth, with a penalty on moving far (``benchmarks/research/lagagne_distill.py``): over
8,500 two-player decisions (twelfth round), then over 5,400 two-player and 1,700 four-player
decisions valued by play-outs to the game's end (thirteenth round, kept in the fourteenth)."""

W_MANY: dict[str, float] = {
    "joker_keep": 3.17, "joker_closed": 0.82, "suit_keep_symbol": 0.82, "suit_keep_started": 0.46,
    "suit_keep_cold": 0.7, "symbol_keep": 34.84, "x2_keep": 25.33, "x2_keep_closed": 12.99,
    "voler_keep": 79.82, "echange_keep": 8.2, "recup_keep": 14.72, "open_first": 45.35,
    "open_more": 17.21, "open_per_card": 5.95, "open_raw": 0.22, "x2_raw": 0.7, "x2_cost": 3.49,
    "joker_lay": -1.0, "suited_lay": 1.3, "steal_sym_first": 41.07, "steal_sym_more": 14.25,
    "steal_sym_harm": 8.56, "steal_sym_harm_raw": 0.14, "steal_cost": 54.46, "harm_trailing": 0.36,
    "harm_at_target": 1.82, "recup_share": 0.99, "recup_cost": 2.58, "exchange_base": 4.12,
    "exchange_dead": 0.43, "exchange_leader": 1.9, "discard_cost": 1.14,
}
"""The weights of ``normal``'s judgement at three players or more: the twelfth round's, fitted
again to 1,700 four-player decisions valued by play-outs to the game's end (thirteenth round, kept
in the fourteenth). Fitted on two-player decisions too, they lost at four players; these gained."""


def weights(players: int) -> dict[str, float]:
    """``normal``'s weights for a table of ``players``: a steal or a kept card is not worth the
    same against one opponent as against several."""
    return W_TWO if players == 2 else W_MANY


_SYMBOL_FOR = {c: f"S{SUIT_OF[c]}" for c in SUITED}
"""The symbol that opens each suited point card's column."""


def _mult(st: LaGagneState, p: int, si: int) -> int:
    return 2 if st.dbl[p][si] else 1


def _raw(st: LaGagneState, p: int, si: int) -> int:
    return sum(POINTS[c] for c in st.pts[p][si])


def keep_value(st: LaGagneState, seat: int, card: str, wt: dict[str, float]) -> float:
    """How much ``seat`` would like to keep ``card`` in hand (0: a dead card), by the weights ``wt``."""
    sym = st.sym[seat]
    v = POINTS.get(card)
    if v is not None:
        if card in JOKER_SET:
            return v + wt["joker_keep"] if any(sym) else v * wt["joker_closed"]
        si = COLUMN[card]
        if sym[si]:
            return float(v)
        if _SYMBOL_FOR[card] in st.hands[seat]:
            return v * wt["suit_keep_symbol"]
        return v * (wt["suit_keep_started"] if st.pts[seat][si] else wt["suit_keep_cold"])
    if card in SYMBOL_SET:
        si = COLUMN[card]
        if sym[si]:
            return 0.0
        return wt["symbol_keep"] + (_raw(st, seat, si) if st.pts[seat][si] else 0.0)
    if card == X2:
        return wt["x2_keep"] if any(sym) else wt["x2_keep_closed"]
    if card == VOLER:
        return wt["voler_keep"]
    if card == ECHANGE:
        return wt["echange_keep"]
    if card == RECUP:
        return wt["recup_keep"]
    return 0.0


def _harm_weight(st: LaGagneState, seat: int, victim: int, scores: list[int], wt: dict[str, float]) -> float:
    """How much hurting ``victim`` is worth to ``seat``: most for the leader, more near the target."""
    others = [scores[p] for p in range(st.n) if p != seat]
    w = 1.0 if scores[victim] >= max(others) else wt["harm_trailing"]
    if st.n == 2:
        w = 1.0
    if scores[victim] >= st.options.target:
        w *= wt["harm_at_target"]
    return w


def move_value(st: LaGagneState, seat: int, move: Move, scores: list[int],
               wt: dict[str, float] | None = None) -> float:
    """``normal``'s estimate of a move, from what ``seat`` can see (own hand, table, discard), by
    the weights ``wt`` (by default those of the table's size)."""
    wt = wt or weights(st.n)
    name, args = action_words(move.action)
    if name == "discard":  # the most frequent move weighed, so tested first
        return -keep_value(st, seat, args[0], wt) - wt["discard_cost"]
    if name == "play":
        card = args[0]
        if card in SYMBOLS:
            si = SI[card[1]]
            in_hand = sum(1 for c in st.hands[seat] if SUIT_OF.get(c) == card[1] and c in SUITED)
            base = wt["open_first"] if not any(st.sym[seat]) else wt["open_more"]
            return base + wt["open_per_card"] * in_hand + _raw(st, seat, si) * wt["open_raw"]
        if card == X2:
            si = SI[args[1]]
            return _raw(st, seat, si) * wt["x2_raw"] - wt["x2_cost"]
        si = SI[args[1]] if len(args) > 1 else SI[SUIT_OF[card]]
        bonus = wt["joker_lay"] if card in JOKERS else wt["suited_lay"]
        return POINTS[card] * _mult(st, seat, si) + bonus
    if name == "steal":
        victim_text, tcard = args[0].split(":")
        v = int(victim_text)
        card, src = st.steal_source(v, tcard)
        assert src is not None, "bots only weigh legal steals"
        vi = SI[src]
        w = _harm_weight(st, seat, v, scores, wt)
        if card in SYMBOLS:
            gain = wt["steal_sym_first"] if not any(st.sym[seat]) else wt["steal_sym_more"]
            gain += _raw(st, seat, vi) * wt["open_raw"]
            harm = wt["steal_sym_harm"] + wt["steal_sym_harm_raw"] * _raw(st, v, vi)
        elif card == X2:
            di = SI[args[1]]
            gain = float(_raw(st, seat, di))
            harm = float(_raw(st, v, vi))
        else:
            di = SI[args[1]] if len(args) > 1 else vi
            gain = POINTS[card] * _mult(st, seat, di)
            harm = POINTS[card] * _mult(st, v, vi)
        return gain + w * harm - wt["steal_cost"]
    if name == "recup":
        top = st.discard[-1]
        return wt["recup_share"] * keep_value(st, seat, top, wt) - keep_value(st, seat, RECUP, wt) - wt["recup_cost"]
    if name == "exchange":
        v = int(args[0])
        rest = [keep_value(st, seat, c, wt) for c in st.hands[seat] if c != ECHANGE]
        dead = min(rest) if rest else 0.0
        leader = wt["exchange_leader"] if scores[v] == max(scores) else 0.0
        return wt["exchange_base"] - dead * wt["exchange_dead"] + leader
    if name == "give":
        return -keep_value(st, seat, args[0], wt)
    if name == "mulligan":
        return 200.0 if _stuck(st, seat) else -200.0
    return -100.0


def _stuck(st: LaGagneState, seat: int) -> bool:
    """No open column, no symbol in hand and no Voler: the hand cannot get started. A Voler with
    nothing to steal yet still counts, since the first column an opponent opens gives it one."""
    if any(st.sym[seat]):
        return False
    hand = st.hands[seat]
    if any(c in SYMBOLS for c in hand):
        return False
    return VOLER not in hand


def best_move(st: LaGagneState, seat: int, legal: list[Move], wt: dict[str, float] | None = None) -> Move:
    """The move ``normal`` likes best (ties: the first in ``legal``), by the weights ``wt`` (by
    default those of the table's size). Discards, most of the moves weighed, are valued here as
    ``move_value`` values them, without a call each."""
    scores = st.scores
    wt = wt or weights(st.n)
    discard_cost = wt["discard_cost"]
    best, best_v = legal[0], float("-inf")
    for m in legal:
        name, args = action_words(m.action)
        if name == "discard":
            v = -keep_value(st, seat, args[0], wt) - discard_cost
        else:
            v = move_value(st, seat, m, scores, wt)
        if v > best_v:
            best, best_v = m, v
    return best


Policy = Callable[[LaGagneState, int, list[Move]], Move]
"""How a rollout chooses each seat's move: the state, the seat to move and its legal moves."""


class EasyBot(Bot):
    """Plays the first playable card: lays before actions, discards the first card otherwise."""

    level = "easy"

    def choose(self, view: dict[str, Any], legal_moves: list[Move]) -> Move:
        return legal_moves[0]


class NormalBot(Bot):
    """Sound heuristics on what the seat sees (see the module docstring)."""

    level = "normal"

    def choose(self, view: dict[str, Any], legal_moves: list[Move]) -> Move:
        if len(legal_moves) == 1:
            return legal_moves[0]
        st = LaGagneState.determinise(view, Rng(self.rng.getrandbits(32)))
        return best_move(st, view["seat"], legal_moves)


SURE = 2.0
"""How many standard errors a rollout's gain over ``normal``'s choice must clear for ``hard`` to
play another move at two players."""
SURE_AT_TABLE = 1.0
"""The same at three players or more. At four players 1 rather than 2 won more games against
``normal`` on the same deals (600 games each, seed 3: +0.243 instead of +0.207; seed 4: +0.220
instead of +0.153); at two players it won fewer (300 games, seed 6: +0.080 instead of +0.160)."""
BUDGET_HEADS_UP = 2000
"""``hard``'s effort for a move at two players, in simulated turns."""
BUDGET = 1500
"""The same at three and four players."""
BUDGET_SMALL = 1000
"""The same at five and six players, where each simulated turn costs more (every seat's steals are
listed): 1,500 took the 95th percentile of a move over 250 ms at six players (fifteenth round,
``git show 2845ff7:docs/bots.md``)."""


def budget_for(players: int) -> int:
    """``hard``'s simulated turns for a move at a table of ``players``."""
    if players == 2:
        return BUDGET_HEADS_UP
    return BUDGET if players <= 4 else BUDGET_SMALL


DROP = 2.0
"""How many standard errors a candidate must fall short of ``normal``'s choice by for ``hard`` to
stop playing it out: it could then no longer come out surely better, and its rollouts were a
quarter of the search's work at two players (fourteenth-round bots, 189 positions of 20 deals, seeds
100-119: the same choice at every position as without dropping, in 0.74 of the rollouts)."""
DROP_FROM = 6
"""The guessed deals every candidate is played on before any is dropped (a spread needs a few)."""
DROP_EVERY = 2
"""How often, in guessed deals, the candidates are looked at again after that."""
DEPTH_HEADS_UP = 2
"""Turns a two-player rollout plays before its position is valued (``leaf``): the opponent's reply
and the bot's next turn. At three players or more a rollout plays one table round. A short rollout
on many guessed deals judges better than a long one on few, now that the position it reaches is
valued from the whole table rather than by the lead alone (sixteenth round, ``git show
2845ff7:docs/bots.md``)."""


class HardBot(Bot):
    """``normal``'s choice, checked by determinised Monte Carlo over hidden hands and the pile
    (effort counted in simulated turns, ``budget`` or by default the table size's): another
    candidate is played only when it is surely better."""

    level = "hard"

    def __init__(self, seed: int | None = None, budget: int | None = None, candidates: int = 6) -> None:
        super().__init__(seed)
        self.budget = budget  # None: the table size's (budget_for)
        self.candidates = candidates

    def choose(self, view: dict[str, Any], legal_moves: list[Move]) -> Move:
        self.because("lagagne.only")
        if len(legal_moves) == 1:
            return legal_moves[0]
        seat = view["seat"]
        base = LaGagneState.determinise(view, Rng(self.rng.getrandbits(32)))
        scores = base.scores
        ranked = sorted(legal_moves, key=lambda m: -move_value(base, seat, m, scores))
        cands = ranked[: self.candidates]
        if len(cands) == 1:
            return cands[0]
        n = view["players"]
        turns, depth = rollout_reach(view)
        budget = self.budget or budget_for(n)
        dets = max(4, budget // (turns * len(cands)))
        # every candidate is played on the same guessed worlds, so their outcomes are compared in
        # pairs with ``normal``'s choice: a rollout's horizon is short and its outcome noisy, and a
        # candidate replaces that choice only when it comes out better by more than the noise; one
        # that comes out surely worse is played no more (``DROP``)
        diffs: list[list[float]] = [[] for _ in cands]
        live = list(range(len(cands)))
        played = 0
        while played < dets and len(live) > 1:
            world = LaGagneState.determinise(view, Rng(self.rng.getrandbits(32)))
            outcomes = rollout_values(world, seat, [cands[k] for k in live], depth)
            for k, outcome in zip(live, outcomes, strict=True):
                diffs[k].append(outcome - outcomes[0])
            played += 1
            if played >= DROP_FROM and (played - DROP_FROM) % DROP_EVERY == 0:
                live = [k for k in live if k == 0 or _gain_bound(diffs[k], DROP) >= 0.0]
        sure = SURE if n == 2 else SURE_AT_TABLE
        best, best_gain = 0, 0.0
        for k in live[1:]:
            gain = _gain_bound(diffs[k], -sure)
            if gain > best_gain:
                best, best_gain = k, gain
        if best == 0:
            self.because("lagagne.heuristic", deals=played, tried=len(cands), turns=depth)
        else:
            self.because("lagagne.rollouts", deals=played, tried=len(cands), turns=depth)
        return cands[best]


def _gain_bound(diffs: list[float], errors: float) -> float:
    """The mean of a candidate's gains over ``normal``'s choice plus ``errors`` standard errors
    (below it when ``errors`` is negative)."""
    count = len(diffs)
    mean = sum(diffs) / count
    spread = (sum((d - mean) ** 2 for d in diffs) / max(1, count - 1)) ** 0.5
    return mean + errors * spread / count ** 0.5


def lead_over_best(scores: list[int], seat: int) -> int:
    """``seat``'s points over the best opponent's (below nothing when behind)."""
    return scores[seat] - max(score for p, score in enumerate(scores) if p != seat)


def rollout_reach(view: dict[str, Any]) -> tuple[int, int]:
    """The turns a rollout's effort is counted in and the turns it plays before its position is
    valued: ``DEPTH_HEADS_UP`` at two players, a table round at more. In the last round a rollout
    plays on to the game's end, so up to a table round more is counted."""
    n = view["players"]
    depth = DEPTH_HEADS_UP if n == 2 else n
    return depth + (n if view["last_round"] is not None else 0), depth


def rollout_outcomes(view: dict[str, Any], moves: list[Move], dets: int, depth: int,
                     rng: random.Random, policy: Policy = best_move) -> Iterator[list[float]]:
    """For each of ``dets`` guessed deals (``rng`` seeds them), every move's rollout value for the
    view's seat, all moves played on the same deal by ``policy`` (``normal``'s judgement unless a
    benchmark asks for another)."""
    for _ in range(dets):
        world = LaGagneState.determinise(view, Rng(rng.getrandbits(32)))
        yield rollout_values(world, view["seat"], moves, depth, policy)


def rollout_values(world: LaGagneState, seat: int, moves: list[Move], depth: int,
                   policy: Policy = best_move) -> list[float]:
    """Each move's rollout value for ``seat`` in one guessed deal, played on from a copy of it."""
    outcomes = []
    for m in moves:
        sim = world.clone()
        sim._apply(m)
        outcomes.append(_rollout(sim, seat, depth, policy))
    return outcomes


def _rollout(st: LaGagneState, seat: int, depth: int, policy: Policy = best_move) -> float:
    """Play on with ``policy`` for ``depth`` turns (to the game's end once its last round has
    begun); ``seat``'s share of the win if the game ended, else its chance of winning from the
    position reached (``leaf.win_chance``)."""
    start = st.turns
    while st.phase != "over" and (st.turns - start < depth or st.last_round or st.phase == "give"):
        p = st.current
        st._apply(policy(st, p, st.legal_moves(p)))
        if st.turns - start > 4 * depth + 4 * st.n:
            break
    if st.phase == "over":
        return 1.0 / len(st.won) if seat in st.won else 0.0
    return leaf.win_chance(st, seat)


def make_bot(level: str, seed: int | None = None) -> Bot:
    """A LaGagne bot of ``level`` (``easy``, ``normal`` or ``hard``), seeded."""
    classes = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot}
    if level not in classes:
        raise ValueError(f"unknown bot level {level!r}; expected easy, normal or hard")
    return classes[level](seed)
