"""Gin Rummy cards as bits, melds, and an exact minimum-deadwood solver.

A card is a bit of a 64-bit int: bit ``16 * suit + rank`` (suits ``s h d c`` = 0..3, ranks
``A``..``K`` = 0..12), so a hand is one int, a run is a shifted block of ones inside one suit's
16-bit lane, and a set is one rank repeated across lanes. Lanes are 16 bits wide while ranks use
13, so shifting never carries a run across suits.

The solver enumerates the melds contained in a hand (runs by shifting, sets by a majority of
lanes) and searches the disjoint packings of them; results are memoised per hand mask.

>>> h = card_mask(["3c", "4c", "5c", "7s", "7h", "7d", "Kh", "2s", "Ad", "9h"])
>>> deadwood(h)
22
>>> dw, melds = best_melds(h)
>>> sorted(meld_text(m) for m in melds)
['3c4c5c', '7s7h7d']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import islice
from typing import TypeVar

_T = TypeVar("_T")

RANKS = "A23456789TJQK"
SUITS = "shdc"
LANE = 0x1FFF
ALL_LANES = 0x0001000100010001

CARD_INDICES: tuple[int, ...] = tuple(16 * s + r for s in range(4) for r in range(13))
"""The 52 bit positions in deck order (spades A..K, hearts, diamonds, clubs)."""

VALUE_AT: list[int] = [0] * 64
TEXT_AT: list[str] = [""] * 64
INDEX_OF: dict[str, int] = {}
for _s in range(4):
    for _r in range(13):
        _i = 16 * _s + _r
        VALUE_AT[_i] = min(_r + 1, 10)
        TEXT_AT[_i] = RANKS[_r] + SUITS[_s]
        INDEX_OF[RANKS[_r] + SUITS[_s]] = _i

_LANE_VALUE: list[int] = [0] * (LANE + 1)
for _m in range(1, LANE + 1):
    _low = (_m & -_m).bit_length() - 1
    _LANE_VALUE[_m] = _LANE_VALUE[_m & (_m - 1)] + min(_low + 1, 10)

FULL_DECK_MASK = sum(1 << i for i in CARD_INDICES)


# ----------------------------------------------------------------------------- cards
def parse_card(text: str) -> int:
    """The bit index of a card text (``Kh``, case-insensitive rank; ``ValueError`` otherwise)."""
    if len(text) == 2:
        canon = text[0].upper() + text[1].lower()
        idx = INDEX_OF.get(canon)
        if idx is not None:
            return idx
    raise ValueError(f"{text!r} is not a card (expected rank A23456789TJQK + suit shdc, e.g. Kh)")


def card_mask(cards: Iterable[str]) -> int:
    """The mask of some card texts."""
    mask = 0
    for text in cards:
        mask |= 1 << parse_card(text)
    return mask


def indices(mask: int) -> list[int]:
    """The bit indices of a mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


_BYTE_BITS = tuple(tuple(tuple(b + 8 * k for b in range(8) if x >> b & 1) for x in range(256)) for k in range(8))


def bits(mask: int) -> tuple[int, ...]:
    """``indices`` as a tuple, read a byte at a time from tables (the legal moves of every discard
    turn list the hand's cards: about twice as fast as a bit at a time)."""
    b0, b1, b2, b3, b4, b5, b6, b7 = _BYTE_BITS
    return (b0[mask & 255] + b1[(mask >> 8) & 255] + b2[(mask >> 16) & 255] + b3[(mask >> 24) & 255]
            + b4[(mask >> 32) & 255] + b5[(mask >> 40) & 255] + b6[(mask >> 48) & 255] + b7[mask >> 56])


def cards_of(mask: int) -> list[str]:
    """The card texts of a mask, in deck order (by suit, then rank)."""
    return [TEXT_AT[i] for i in indices(mask)]


def value(mask: int) -> int:
    """The total point value of the cards of a mask (Ace 1 … face cards 10)."""
    return (_LANE_VALUE[mask & LANE] + _LANE_VALUE[(mask >> 16) & LANE]
            + _LANE_VALUE[(mask >> 32) & LANE] + _LANE_VALUE[(mask >> 48) & LANE])


def meld_cards(mask: int) -> list[str]:
    """The cards of a meld in reading order: a run by rank, a set by suit (``7s7h7d``)."""
    return sorted(cards_of(mask), key=lambda t: (RANKS.index(t[0]), SUITS.index(t[1])))


def meld_text(mask: int) -> str:
    """A meld as one word, e.g. ``3c4c5c`` or ``7s7h7d``."""
    return "".join(meld_cards(mask))


def is_run(mask: int) -> bool:
    """Three or more consecutive ranks of one suit."""
    if mask.bit_count() < 3:
        return False
    shifted = mask // (mask & -mask)
    return shifted & (shifted + 1) == 0  # card masks leave 3 empty bits between suits: no run crosses


def is_set(mask: int) -> bool:
    """Three or four cards of one rank."""
    if not 3 <= mask.bit_count() <= 4:
        return False
    low = mask & -mask
    rank = (low.bit_length() - 1) % 16
    return mask & ~((1 << rank) * ALL_LANES) == 0


def is_meld(mask: int) -> bool:
    """Whether the cards of ``mask`` form one valid meld."""
    return is_run(mask) or is_set(mask)


def meld_kind(mask: int) -> str | None:
    """``"run"`` or ``"set"`` when the cards of ``mask`` form one meld, else ``None``."""
    if is_run(mask):
        return "run"
    return "set" if is_set(mask) else None


def meldable(mask: int) -> int:
    """The cards of ``mask`` that belong to at least one meld inside ``mask`` (cheap bit tricks)."""
    r3 = mask & (mask >> 1) & (mask >> 2)
    covered = r3 | (r3 << 1) | (r3 << 2)
    a = mask & LANE
    b = (mask >> 16) & LANE
    c = (mask >> 32) & LANE
    d = mask >> 48
    three = (a & b & (c | d)) | (c & d & (a | b))
    return covered | (mask & (three * ALL_LANES))


# ----------------------------------------------------------------------------- melds of a hand
def melds_in(mask: int) -> list[tuple[int, int]]:
    """Every meld contained in ``mask`` as ``(meld mask, value)`` (sub-runs and 3-card subsets of 4-sets included)."""
    out: list[tuple[int, int]] = []
    r3 = mask & (mask >> 1) & (mask >> 2)
    while r3:
        low = r3 & -r3
        r3 ^= low
        p = low.bit_length() - 1
        m = low * 7
        v = VALUE_AT[p] + VALUE_AT[p + 1] + VALUE_AT[p + 2]
        out.append((m, v))
        nxt = low << 3
        q = p + 3
        while mask & nxt:
            m |= nxt
            v += VALUE_AT[q]
            out.append((m, v))
            nxt <<= 1
            q += 1
    a = mask & LANE
    b = (mask >> 16) & LANE
    c = (mask >> 32) & LANE
    d = mask >> 48
    three = (a & b & (c | d)) | (c & d & (a | b))
    while three:
        low = three & -three
        three ^= low
        rank_value = VALUE_AT[low.bit_length() - 1]
        full = mask & (low * ALL_LANES)
        if full.bit_count() == 4:
            out.append((full, 4 * rank_value))
            m = full
            while m:
                one = m & -m
                m ^= one
                out.append((full ^ one, 3 * rank_value))
        else:
            out.append((full, 3 * rank_value))
    return out


def _max_packing(melds: Sequence[tuple[int, int]]) -> tuple[int, tuple[int, ...]]:
    """The largest total value of pairwise disjoint melds, and those melds (first found wins ties)."""
    n = len(melds)
    best_val = 0
    best: tuple[int, ...] = ()
    stack: list[tuple[int, int, int, tuple[int, ...]]] = [(0, 0, 0, ())]
    while stack:
        start, used, val, chosen = stack.pop()
        if val > best_val:
            best_val, best = val, chosen
        for j in range(n - 1, start - 1, -1):
            m, v = melds[j]
            if not m & used:
                stack.append((j + 1, used | m, val + v, chosen + (m,)))
    return best_val, best


def packings(melds: Sequence[tuple[int, int]]) -> list[tuple[int, int, tuple[int, ...]]]:
    """Every set of pairwise disjoint melds (the empty one included) as ``(mask, value, melds)``."""
    out: list[tuple[int, int, tuple[int, ...]]] = []
    n = len(melds)
    stack: list[tuple[int, int, int, tuple[int, ...]]] = [(0, 0, 0, ())]
    while stack:
        start, used, val, chosen = stack.pop()
        out.append((used, val, chosen))
        for j in range(start, n):
            m, v = melds[j]
            if not m & used:
                stack.append((j + 1, used | m, val + v, chosen + (m,)))
    return out


_BEST: dict[int, tuple[int, tuple[int, ...]]] = {}
BEST_LIMIT = 20_000
"""Hands ``best_melds`` remembers. A hand's masks hardly ever come back in a later deal, so a bigger
memo mostly keeps dead hands (400,000 entries doubled the bots' worker to 81 MB over a long session);
at 20,000 (with 5,000 for ``deadwood_after_discards``) two hard bots hit it 66.7 % of the time over 12
hands against 67.2 % with 400,000, at the same speed (``docs/performance.md``)."""
AFTER_LIMIT = 5_000
"""Hands ``deadwood_after_discards`` remembers (each holds a dict of 11 cards, ~0.6 kB)."""


def _remember(memo: dict[int, _T], limit: int, mask: int, result: _T) -> None:
    """Store ``result`` for ``mask``; a full memo first forgets its older half (dicts keep insertion
    order), so the hands of the current deal, the ones asked again, stay. Hint and review threads share
    the memos, so an entry another thread's trim already forgot is skipped."""
    if len(memo) >= limit:
        for old in list(islice(memo, limit // 2)):
            memo.pop(old, None)
    memo[mask] = result


def best_melds(mask: int) -> tuple[int, tuple[int, ...]]:
    """The minimum deadwood of a hand and one arrangement of melds reaching it (memoised)."""
    hit = _BEST.get(mask)
    if hit is not None:
        return hit
    melds = melds_in(mask)
    if not melds:
        result: tuple[int, tuple[int, ...]] = (value(mask), ())
    elif len(melds) == 1:
        result = (value(mask) - melds[0][1], (melds[0][0],))
    else:
        val, chosen = _max_packing(melds)
        result = (value(mask) - val, chosen)
    _remember(_BEST, BEST_LIMIT, mask, result)
    return result


def clear_memo() -> None:
    """Forget every memoised result (for benchmarks that must measure fresh solves)."""
    _BEST.clear()
    _AFTER.clear()


def deadwood(mask: int) -> int:
    """The minimum deadwood of a hand (any size)."""
    return best_melds(mask)[0]


def all_best_arrangements(mask: int) -> list[tuple[int, ...]]:
    """Every arrangement of melds that reaches the minimum deadwood of ``mask``."""
    pk = packings(melds_in(mask))
    top = max(v for _, v, _ in pk)
    return [chosen for _, v, chosen in pk if v == top]


_AFTER: dict[int, dict[int, int]] = {}


def deadwood_after_discards(mask: int) -> dict[int, int]:
    """For an 11-card hand: card index → minimum deadwood of the hand once that card is discarded.

    One pass over the packings of ``mask``: under a packing ``P``, discarding an unmelded card ``c``
    leaves ``value(mask) - value(P) - value(c)``; for each card the best packing that leaves it free wins.
    """
    hit = _AFTER.get(mask)
    if hit is not None:
        return hit
    total = value(mask)
    melds = melds_in(mask)
    result: dict[int, int] = {}
    if not melds:
        for i in indices(mask):
            result[i] = total - VALUE_AT[i]
    else:
        pk = packings(melds)
        pk.sort(key=lambda item: -item[1])
        remaining = mask
        for used, val, _ in pk:
            free = remaining & ~used
            if free:
                base = total - val
                for i in indices(free):
                    result[i] = base - VALUE_AT[i]
                remaining &= used
                if not remaining:
                    break
    _remember(_AFTER, AFTER_LIMIT, mask, result)
    return result


def knock_floor(mask: int) -> int:
    """A lower bound of the deadwood left after any one discard from ``mask`` (cheap)."""
    return value(mask & ~meldable(mask)) - 10


# ----------------------------------------------------------------------------- lay-offs
def layoff_options(defender: int, knocker_melds: Sequence[int]) -> list[tuple[int, int, tuple[int, ...]]]:
    """The groups of defender cards that can be laid off together on one knocker meld.

    Each is ``(mask, meld index, cards in laying order)``: the missing fourth card of a set, or a
    chain of cards extending a run at one end card by card (every prefix of the chain is a group).
    """
    out: list[tuple[int, int, tuple[int, ...]]] = []
    for k, meld in enumerate(knocker_melds):
        if is_set(meld):
            if meld.bit_count() == 3:
                rank = (meld & -meld).bit_length() - 1
                rank %= 16
                missing = ((1 << rank) * ALL_LANES) & ~meld & defender
                if missing:
                    out.append((missing, k, ((missing.bit_length() - 1),)))
            continue
        lowest = (meld & -meld).bit_length() - 1
        highest = meld.bit_length() - 1
        lane_start = lowest - lowest % 16
        chain: tuple[int, ...] = ()
        group = 0
        p = lowest - 1
        while p >= lane_start and defender >> p & 1:
            group |= 1 << p
            chain += (p,)
            out.append((group, k, chain))
            p -= 1
        chain = ()
        group = 0
        p = highest + 1
        while p < lane_start + 13 and defender >> p & 1:
            group |= 1 << p
            chain += (p,)
            out.append((group, k, chain))
            p += 1
    return out


def defend(defender: int, knocker_melds: Sequence[int], allow_layoffs: bool = True
           ) -> tuple[int, tuple[int, ...], list[tuple[int, int]]]:
    """The defender's best reply: ``(deadwood, own melds, lay-offs as (card index, knocker meld index))``.

    Own melds and lay-off groups are packed together so that the deadwood left is minimal; lay-offs
    are listed in the order they are made (a run is extended card by card).
    """
    own = melds_in(defender)
    options: list[tuple[int, int]] = list(own)
    tags: list[tuple[int, tuple[int, ...]] | None] = [None] * len(own)
    if allow_layoffs:
        for group, k, chain in layoff_options(defender, knocker_melds):
            options.append((group, value(group)))
            tags.append((k, chain))
    total = value(defender)
    if not options:
        return total, (), []
    best_val = -1
    best_choice: tuple[int, ...] = ()
    for _, val, chosen in _packings_indexed(options):
        if val > best_val:
            best_val, best_choice = val, chosen
    melds = tuple(options[i][0] for i in best_choice if tags[i] is None)
    layoffs: list[tuple[int, int]] = []
    for i in sorted((i for i in best_choice if tags[i] is not None), key=lambda i: tags[i][0]):  # type: ignore[index]
        k, chain = tags[i]  # type: ignore[misc]
        layoffs.extend((card, k) for card in chain)
    return total - best_val, melds, layoffs


def _packings_indexed(options: Sequence[tuple[int, int]]) -> list[tuple[int, int, tuple[int, ...]]]:
    """Like ``packings`` but the chosen items are given by their index in ``options``."""
    out: list[tuple[int, int, tuple[int, ...]]] = []
    n = len(options)
    stack: list[tuple[int, int, int, tuple[int, ...]]] = [(0, 0, 0, ())]
    while stack:
        start, used, val, chosen = stack.pop()
        out.append((used, val, chosen))
        for j in range(start, n):
            m, v = options[j]
            if not m & used:
                stack.append((j + 1, used | m, val + v, chosen + (j,)))
    return out
