"""Provably fair deals: every hand is shuffled from its own seed, shown as a fingerprint first.

A match's seed never shuffles cards itself. Hand ``n`` (a Gin Rummy hand, a Gang de mouettes round,
the one deal of a LaGagne game) draws all its randomness from ``hand_seed(match seed, n)``. Before
the hand the table shows ``fingerprint(hand seed)``; once the hand is over it shows the seed, and
anyone can check with any SHA-256 tool that the seed gives the fingerprint, so the cards could not
have been changed during the hand. The hash is one-way: the fingerprint says nothing about the
cards, and one hand's seed says nothing about the next (that needs the match seed, shown only when
the match is over). ``docs/fair-deals.md`` gives the formulas for checking by hand.

>>> fingerprint(1234)
'72ba-c45d-6642'
>>> hand_seed(42, 1) != hand_seed(42, 2)
True
>>> verify(hand_seed(42, 1), fingerprint(hand_seed(42, 1)))
True
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.state import GameState

FINGERPRINT_CHARS = 12
"""Hex digits shown: 48 bits, short enough to read aloud, far beyond a search over seeds' effect."""


def hand_seed(match_seed: int, hand: int) -> int:
    """The seed of hand ``hand`` (1 for the first) of the match seeded ``match_seed`` (63 bits)."""
    digest = hashlib.sha256(f"tablee-hand:{match_seed}:{hand}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def public_match_seed(state: GameState) -> int | None:
    """The match seed once the match is over, else None: it deals every hand, so anything that
    holds it in play (a deal code, a match file, a bot's randomness) would give away every hidden card.

    >>> from game import GAMES
    >>> state = GAMES["lagagne"].new_match(2, seed=7)
    >>> public_match_seed(state) is None
    True
    """
    return state.seed if state.is_over() else None


def fingerprint(seed: int) -> str:
    """The short public commitment to a hand's seed: 12 hex digits in groups of four."""
    digest = hashlib.sha256(f"tablee-deal:{seed}".encode()).hexdigest()[:FINGERPRINT_CHARS]
    return "-".join(digest[i:i + 4] for i in range(0, FINGERPRINT_CHARS, 4))


def same_fingerprint(a: str, b: str) -> bool:
    """Whether two fingerprints are the same, whatever their case, dashes and spaces."""
    def norm(text: str) -> str:
        return text.replace("-", "").replace(" ", "").lower()

    return norm(a) == norm(b)


def verify(seed: int, shown: str) -> bool:
    """Whether ``seed`` is the one whose fingerprint ``shown`` was shown (case and dashes ignored)."""
    return same_fingerprint(fingerprint(seed), shown)
