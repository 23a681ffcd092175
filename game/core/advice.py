"""One voice of advice: the analysis a hint shows is the one the review judges by.

A sampling search answers differently each time it is asked, so a hint asked with fresh randomness
and a review asked later could contradict each other. Here a position has one analysis: the game's
strongest bot is asked ``SAMPLES`` times, each with a seed derived from the seat's view of the
position, the legal moves and a per-match secret (``position_seed``). The secret is drawn by the
table from the operating system when the match starts, never from the deal, and the view holds
only what the seat may see, so the randomness tells nothing of the hidden cards; asked again at
the same position, the analysis is the same.

The move most samples chose is the advice. When the samples disagree the position was a close call:
a move some sample chose is never called a mistake.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from game.core.bots import Bot
from game.core.move import Move
from game.core.registry import GAMES, GameDescriptor
from game.core.state import GameState

SAMPLES = 3
"""Searches per analysis: enough for a split to show a close call, cheap enough for a hint (the hard
bots take 0.02–0.15 s a decision)."""
SEED_BITS = 63
SECRET_BYTES = 8
COMMITMENTS = ("deals", "match_seed")
"""View keys left out of the position: the deals' fingerprints and the match seed are commitments
to the deal, not part of what is on the table."""
NAMES = ("names",)
"""View keys left out of the position as well: the players' names, which no decision weighs (a
default name is in the player's language, so a hint would otherwise change with the language)."""

SAME, CLOSE, OTHER = "same", "close", "other"
"""How a played move compares with the analysis: its move, a move some sample chose (a close
call), or another."""


def advice_level(desc: GameDescriptor) -> str:
    """The bot level that gives advice: ``hard``, else the game's strongest."""
    return "hard" if "hard" in desc.bot_levels else desc.bot_levels[-1]


def position_seed(secret: int, view: dict[str, Any], legal: list[Move]) -> int:
    """The analysis seed of a position: a keyed hash of the seat's view (without the deal's
    commitments and the players' names) and its legal moves. Nothing else enters it, so two
    positions the seat cannot tell apart get the same seed."""
    public = {k: v for k, v in view.items() if k not in COMMITMENTS + NAMES}
    text = json.dumps([public, sorted(str(m) for m in legal)], sort_keys=True, separators=(",", ":"), default=str)
    key = (secret % 2 ** (8 * SECRET_BYTES)).to_bytes(SECRET_BYTES, "big")
    digest = hashlib.blake2b(text.encode(), key=key, digest_size=8, person=b"tablee-advice").digest()
    return int.from_bytes(digest, "big") >> (64 - SEED_BITS)


def same_move(a: Move, b: Move) -> bool:
    """Whether two moves are the same decision: the same action, or the same kind of move with the
    same card (where it goes after that is a detail the review does not judge)."""
    return a.action == b.action or (a.name == b.name and a.args[:1] == b.args[:1])


@dataclass(frozen=True)
class Analysis:
    """What ``SAMPLES`` searches from one position chose: ``picks`` in sample order, ``move`` the
    one most of them chose (the first on a tie), ``seed`` the position's (``position_seed``)."""

    seat: int
    seed: int
    picks: tuple[Move, ...]
    reason: tuple[str, dict[str, Any]] | None = None

    @property
    def move(self) -> Move:
        counts = Counter(m.action for m in self.picks)
        best = max(counts.values())
        return next(m for m in self.picks if counts[m.action] == best)

    @property
    def close(self) -> bool:
        """Whether the searches disagreed."""
        return any(not same_move(m, self.picks[0]) for m in self.picks)

    def alternative(self) -> Move | None:
        """Another move some search chose, when the position was a close call."""
        best = self.move
        return next((m for m in self.picks if not same_move(m, best)), None)

    def verdict(self, played: Move) -> str:
        """``SAME``, ``CLOSE`` or ``OTHER`` (see the module docstring)."""
        if same_move(played, self.move):
            return SAME
        return CLOSE if any(same_move(played, m) for m in self.picks) else OTHER

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "seed": self.seed, "picks": [str(m) for m in self.picks]}

    @classmethod
    def from_json(cls, data: Any, desc: GameDescriptor, players: int) -> Analysis:
        """Read back ``to_json`` (``ValueError`` on anything damaged: wrong types, sizes, moves)."""
        if not isinstance(data, dict) or set(data) != {"seat", "seed", "picks"}:
            raise ValueError("an analysis is an object with seat, seed and picks")
        seat, seed, picks = data["seat"], data["seed"], data["picks"]
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise ValueError("an analysis names no seat of the match")
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2 ** SEED_BITS:
            raise ValueError("an analysis seed is out of range")
        if not isinstance(picks, list) or not 1 <= len(picks) <= SAMPLES \
                or not all(isinstance(p, str) and len(p) <= 200 for p in picks):
            raise ValueError("an analysis holds one to three moves")
        return cls(seat, seed, tuple(desc.parse_move(p) for p in picks))


def analyse(game_id: str, secret: int, view: dict[str, Any], legal: list[Move]) -> Analysis:
    """The analysis of the position ``view`` shows (its seat to choose among ``legal``)."""
    desc = GAMES[game_id]
    seat = view["seat"]
    seed = position_seed(secret, view, legal)
    picks, reasons = [], []
    for k in range(SAMPLES):
        bot = desc.make_bot(advice_level(desc), (seed + k) % 2 ** SEED_BITS)
        move = bot.choose(view, list(legal))
        picks.append(move if move.seat is not None else move.with_seat(seat))
        reasons.append(bot.reason)
    found = Analysis(seat, seed, tuple(picks))
    reason = next(r for m, r in zip(picks, reasons) if m.action == found.move.action)
    return Analysis(seat, seed, found.picks, reason)


def kept_or_new(kept: Analysis | None, game_id: str, secret: int, view: dict[str, Any], legal: list[Move]) -> Analysis:
    """The analysis a hint gave at this position (``kept``) if it is this position's, else a new one."""
    if kept is not None and kept.seat == view["seat"] and kept.seed == position_seed(secret, view, legal) \
            and all(m in legal for m in kept.picks):
        return kept
    return analyse(game_id, secret, view, legal)


AUTOMATIC = frozenset({"next"})
"""Moves that are no decision (dealing the next hand): never judged."""


def judged_moves(final: GameState, low: int, high: int, seat: int, secret: int,
                 kept: Mapping[int, Analysis]) -> Iterator[tuple[int, str, Analysis, GameState]]:
    """The review of ``seat``'s decisions among moves ``low``–``high`` of ``final``: for each, its
    index, its verdict, the analysis it was judged by (the hint's, kept by move index, else the
    position's own) and the state before it."""
    probe = final.replay(low)
    for i in range(low, high):
        move = probe.parse_move(final.log[i])
        legal = probe.legal_moves(seat)
        if move.seat == seat and move.name not in AUTOMATIC and len(legal) > 1:
            analysis = kept_or_new(kept.get(i), final.GAME_ID, secret, probe.view(seat), legal)
            yield i, analysis.verdict(move), analysis, probe.clone()
        probe.apply(move)


class Advisor(Bot):
    """A bot that answers with the analysis's move (``analysis`` keeps the whole of it): the table
    asks it off the render thread like any bot, so a hint never freezes the window."""

    level = "hard"

    def __init__(self, game_id: str, secret: int) -> None:
        super().__init__(0)
        self.game_id = game_id
        self.secret = secret
        self.analysis: Analysis | None = None

    def choose(self, view: dict[str, Any], legal_moves: list[Move]) -> Move:
        self.analysis = analyse(self.game_id, self.secret, view, legal_moves)
        self.reason = self.analysis.reason
        return self.analysis.move
