"""What a LaGagne position is worth to a seat: its chance of winning, read from the whole table.

``hard``'s rollouts stop after a few turns; the position they reach is valued here. A lead in
points alone says little early in the game (at four players it told barely more than the even
share), so the chance is a logistic model of 32 features of the position: the scores
against the best opponent and the target, what each hand could lay at once, the Volers, ×2s and
symbols in hand, the biggest card a steal could take from each side, whose turn it is, the last
round. Its weights, one set per table size, were fitted by maximum likelihood to the outcomes of
``normal``'s self-play (``benchmarks/research/lagagne_leaf.py``, which prints the log loss on held-out
games beside that of the lead alone).

The features read every hand: a rollout plays on a guessed deal (``LaGagneState.determinise``),
where every card is dealt, so valuing it reads only what the search guessed, never the real table.

>>> from game import GAMES
>>> st = GAMES["lagagne"].new_match(2, seed=3)
>>> len(features(st, 0)) == len(FEATURES)
True
>>> 0.0 < win_chance(st, 0) < 1.0
True
"""

from __future__ import annotations

import math

from game.lagagne.cards import ECHANGE, JOKER_SET, POINTS, RECUP, SUITED_SET, SYMBOL_SET, VOLER, X2
from game.lagagne.state import COLUMN, LaGagneState

FEATURES = (
    "lead", "my_distance", "their_distance", "my_turn", "my_playable", "their_playable",
    "my_latent", "their_latent", "my_columns", "their_columns", "my_volers", "their_volers",
    "my_x2", "their_x2", "my_exposure", "their_exposure", "my_steal", "their_steal",
    "my_symbols", "their_symbols", "my_actions", "their_actions", "last_round", "last_round_lead",
    "second_score", "my_reach", "their_reach", "my_gap", "their_gap", "my_distance_sq",
    "their_distance_sq", "pile",
)
"""The features' names, in order. *My* is the seat valued; *their* is the best opponent by score
for the scores, and the strongest opponent for each threat (the most it could lay, steal or double;
the Volers of all opponents together). Points are in hundreds; distances to the target too at the
default target of 150, and in the same share of the target at any other."""


class _Seat:
    """What the features read of one seat, computed once per position."""

    __slots__ = ("columns", "exposure", "latent", "playable", "actions", "symbols", "volers", "x2")

    def __init__(self, st: LaGagneState, p: int) -> None:
        sym, dbl, pts, hand = st.sym[p], st.dbl[p], st.pts[p], st.hands[p]
        raw = [sum(POINTS[c] for c in col) for col in pts]
        best_mult = 2 if any(s and d for s, d in zip(sym, dbl)) else 1
        symbols_held = {COLUMN[c] for c in hand if c in SYMBOL_SET}
        playable = latent = 0
        for c in hand:
            v = POINTS.get(c)
            if v is None:
                continue
            if c in JOKER_SET:
                playable += v * best_mult if any(sym) else 0
            elif sym[COLUMN[c]]:
                playable += v * (2 if dbl[COLUMN[c]] else 1)
            elif c in SUITED_SET and COLUMN[c] in symbols_held:
                latent += v
        exposure = 0
        for si in range(4):
            mult = 2 if dbl[si] else 1
            for c in pts[si]:
                exposure = max(exposure, POINTS[c] * mult)
            if dbl[si]:
                exposure = max(exposure, raw[si])
        self.playable, self.latent, self.exposure = playable, latent, exposure
        self.columns = sum(sym)
        self.volers = hand.count(VOLER)
        self.x2 = max((raw[si] for si in range(4) if sym[si] and not dbl[si]), default=0) if X2 in hand else 0
        self.symbols = sum(1 for si in symbols_held if not sym[si])
        self.actions = hand.count(ECHANGE) + hand.count(RECUP)


def features(st: LaGagneState, seat: int) -> list[float]:
    """The position's features for ``seat`` (see ``FEATURES``)."""
    n, target = st.n, st.options.target
    scores = st.scores
    seats = [_Seat(st, p) for p in range(n)]
    opps = [p for p in range(n) if p != seat]
    best = max(opps, key=lambda p: (scores[p], -p))
    me, them = seats[seat], [seats[p] for p in opps]
    unit = target / 1.5
    mine, theirs = max(0, target - scores[seat]), max(0, target - scores[best])
    gaps = [max(0, target - scores[p] - seats[p].playable) for p in opps]
    their_exposure = max(s.exposure for s in them)
    their_volers = sum(s.volers for s in them)
    lead = (scores[seat] - scores[best]) / 100.0
    last = 1.0 if st.last_round else 0.0
    return [
        lead,
        mine / unit,
        theirs / unit,
        1.0 if st.current == seat else 0.0,
        me.playable / 100.0,
        max(s.playable for s in them) / 100.0,
        me.latent / 100.0,
        max(s.latent for s in them) / 100.0,
        me.columns / 4.0,
        max(s.columns for s in them) / 4.0,
        float(me.volers),
        float(their_volers),
        me.x2 / 100.0,
        max(s.x2 for s in them) / 100.0,
        me.exposure / 100.0,
        their_exposure / 100.0,
        their_exposure / 100.0 if me.volers else 0.0,
        me.exposure / 100.0 if their_volers else 0.0,
        float(me.symbols),
        float(max(s.symbols for s in them)),
        float(me.actions),
        float(max(s.actions for s in them)),
        last,
        last * lead,
        sorted(scores[p] for p in opps)[-2] / 100.0 if n > 2 else 0.0,
        1.0 if me.playable >= mine else 0.0,
        1.0 if min(gaps) == 0 else 0.0,
        max(0, mine - me.playable) / 100.0,
        min(gaps) / 100.0,
        (mine / unit) ** 2,
        (theirs / unit) ** 2,
        len(st.pile) / 80.0,
    ]


WEIGHTS: dict[int, tuple[float, ...]] = {
    2: (
        -0.1594, 0.5394, -1.6633, 1.6633, 0.3188, 1.1465, -1.1465, 1.0050, -1.0050, 0.7513, -0.7513, 0.6502,
        -0.6502, 1.7037, -1.7037, 0.3316, -0.3316, 1.4676, -1.4676, 0.1231, -0.1231, 0.2898, -0.2898, 0.0000,
        0.0469, 0.0000, 0.7093, -0.7093, 0.0378, -0.0378, 0.3336, -0.3336, 0.0000,
    ),
    3: (
        0.0187, 0.8763, -1.1735, 0.5272, 0.1739, 0.9873, -0.6083, 0.8642, -0.4730, 0.5570, -0.3078, 0.5057,
        -0.2448, 1.5746, -0.9584, 0.4492, -0.2081, 1.0884, -1.4192, 0.1151, -0.0410, 0.2402, -0.1408, 0.0187,
        0.0165, -0.6549, 0.7096, -0.6039, 0.1730, -0.1983, 0.2804, -0.2502, 0.1003,
    ),
    4: (
        -0.0578, 0.9420, -0.5566, 0.1651, 0.1257, 0.6782, -0.4721, 0.7721, -0.2931, 0.1737, -0.0392, 0.3646,
        -0.1014, 1.5625, -0.7203, 0.4238, -0.2036, 0.9766, -1.3800, 0.0993, -0.0096, 0.2033, -0.0839, 0.0953,
        0.2738, -0.6320, 0.9081, -0.5968, -0.0298, -0.3097, 0.1955, -0.3210, 0.2222,
    ),
    5: (
        -0.2125, -0.0267, -0.8624, 0.6537, 0.1155, 0.7065, -0.3449, 0.6636, -0.2053, 0.0969, -0.0041, 0.3300,
        -0.0599, 1.4664, -0.5237, 0.0613, 0.0326, 0.8044, -1.2519, 0.1318, 0.0013, 0.1727, -0.0517, 0.2580,
        0.6786, -0.6733, 0.8953, -0.4528, -0.0348, -0.2471, -0.2174, -0.1553, 0.2698,
    ),
    6: (
        -0.2510, -0.2385, -0.5831, 0.7811, 0.0973, 0.7112, -0.2008, 0.6207, -0.1489, 0.1367, -0.1397, 0.1939,
        -0.0280, 1.2534, -0.3681, -0.4049, 0.1366, 0.5688, -1.0827, 0.0852, 0.0234, 0.0778, -0.0430, 0.1616,
        0.4172, -0.6150, 0.9030, -0.2793, 0.0779, -0.1755, -0.6686, -0.1503, 0.3546,
    ),
}
"""Per table size, the intercept then one weight per feature (``benchmarks/research/lagagne_leaf.py fit``)."""


def win_chance(st: LaGagneState, seat: int) -> float:
    """``seat``'s chance of winning from the position ``st`` (a game still in play)."""
    w = WEIGHTS[min(max(st.n, 2), 6)]
    z = w[0] + sum(a * b for a, b in zip(w[1:], features(st, seat)))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
