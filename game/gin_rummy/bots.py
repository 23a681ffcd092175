"""Gin Rummy bots: ``easy`` (loose), ``normal`` (heuristics) and ``hard`` (sampling over hidden cards).

Every bot reads only its seat's view. The cards it cannot see are the **unseen** cards: the deck
minus its own hand, the discard pile and the cards the opponent is known to hold (taken from the
discard pile). ``hard`` deals those unseen cards to the opponent and the stock many times (a
determinisation consistent with the view) to judge what a discard feeds the opponent and what a
knock is worth; its effort is a fixed number of samples, never a clock.
"""

from __future__ import annotations

from typing import Any

from game.core import Bot, Move
from game.gin_rummy import melds as M

VAL = M.VALUE_AT


class _Seen:
    """What a view tells about the cards, as masks."""

    __slots__ = ("hand", "pile", "top", "opp_known", "opp_discards", "unseen", "stock", "limit", "just_taken")

    def __init__(self, view: dict[str, Any]) -> None:
        self.hand = M.card_mask(view["hand"])
        self.pile = M.card_mask(view["discard_pile"])
        self.top = M.parse_card(view["discard_top"]) if view["discard_top"] else -1
        self.opp_known = M.card_mask(view["opponent_known"])
        me = view["seat"]
        self.opp_discards = M.card_mask(e["card"] for e in view["discard_log"] if e["by"] is not None and e["by"] != me)
        self.unseen = M.FULL_DECK_MASK & ~self.hand & ~self.pile & ~self.opp_known
        self.stock = view["stock_size"]
        self.limit = view["knock_limit"]
        self.just_taken = M.parse_card(view["just_taken"]) if view["just_taken"] else -1


def _by_action(legal: list[Move]) -> dict[str, Move]:
    return {m.action: m for m in legal}


def _best_discard_dw(after: dict[int, int], banned: int = -1) -> int:
    return min(dw for c, dw in after.items() if c != banned)


def _knock_choice(acts: dict[str, Move]) -> list[tuple[int, Move]]:
    """The knock moves on offer as (card index, move)."""
    return [(M.parse_card(a.split(" ")[1]), m) for a, m in acts.items() if a.startswith("knock ")]


def _gin_move(acts: dict[str, Move]) -> Move | None:
    if "gin" in acts:
        return acts["gin"]
    for a, m in acts.items():
        if a.startswith("gin "):
            return m
    return None


def _neighbours(card: int) -> list[int]:
    """Cards that could meld with ``card``: same rank in other suits, same suit one or two ranks away."""
    rank = card % 16
    out = [16 * s + rank for s in range(4) if 16 * s + rank != card]
    for d in (-2, -1, 1, 2):
        if 0 <= rank + d < 13:
            out.append(card + d)
    return out


def _potential(card: int, hand: int, live: int) -> int:
    """How close ``card`` is to a meld with the other cards of ``hand``, counting live missing cards."""
    rank = card % 16
    score = 0
    same_rank = hand & ((1 << rank) * M.ALL_LANES) & ~(1 << card)
    if same_rank:
        score += ((live & ((1 << rank) * M.ALL_LANES)).bit_count()) * same_rank.bit_count()
    for d in (1, -1):
        n1 = card + d
        if 0 <= rank + d < 13 and hand >> n1 & 1:
            for far in (card - d, card + 2 * d):
                r = far % 16 if far >= 0 else -1
                if 0 <= far < 64 and r < 13 and abs(r - rank) <= 2 and live >> far & 1:
                    score += 2
        n2 = card + 2 * d
        if 0 <= rank + 2 * d < 13 and hand >> n2 & 1 and live >> (card + d) & 1:
            score += 1
    return score


def _danger(card: int, seen: _Seen) -> int:
    """How likely ``card`` helps the opponent, from the cards they took and the ones they threw."""
    danger = 0
    for n in _neighbours(card):
        if seen.opp_known >> n & 1:
            danger += 3 if n % 16 == card % 16 or abs(n - card) == 1 else 2
    rank_mask = (1 << (card % 16)) * M.ALL_LANES
    if seen.opp_discards & rank_mask:
        danger -= 1
    if seen.opp_discards >> card & 1:
        danger -= 1
    return danger


class EasyBot(Bot):
    """Loose play: takes a discard only when it melds at once, throws a random deadwood card often."""

    level = "easy"

    def choose(self, view: dict[str, Any], legal_moves: list[Move]) -> Move:
        acts = _by_action(legal_moves)
        if "next" in acts:
            return acts["next"]
        seen = _Seen(view)
        if "take" in acts or "draw" in acts:
            if "take" in acts and seen.top >= 0:
                with_top = seen.hand | (1 << seen.top)
                if M.meldable(with_top) >> seen.top & 1 and self.rng.random() < 0.7:
                    return acts["take"]
            return acts.get("draw") or acts["pass"]
        gin = _gin_move(acts)
        if gin is not None:
            return gin
        knocks = _knock_choice(acts)
        if knocks:
            return self.rng.choice(knocks)[1]
        discards = [(M.parse_card(a.split(" ")[1]), m) for a, m in acts.items() if a.startswith("discard ")]
        loose = [(c, m) for c, m in discards if not M.meldable(seen.hand) >> c & 1]
        if loose and self.rng.random() < 0.6:
            return max(loose, key=lambda cm: (VAL[cm[0]], self.rng.random()))[1]
        return self.rng.choice(loose or discards)[1]


class NormalBot(Bot):
    """Sound heuristics: keep melds and near-melds, throw the highest useless card, avoid feeding
    the opponent what they collect, take a discard that melds, knock as soon as it is safe."""

    level = "normal"

    def choose(self, view: dict[str, Any], legal_moves: list[Move]) -> Move:
        acts = _by_action(legal_moves)
        if "next" in acts:
            return acts["next"]
        seen = _Seen(view)
        if "take" in acts or "draw" in acts:
            return acts["take"] if "take" in acts and self._wants(seen) else (acts.get("draw") or acts["pass"])
        gin = _gin_move(acts)
        if gin is not None:
            return gin
        after = M.deadwood_after_discards(seen.hand)
        knocks = _knock_choice(acts)
        if knocks:
            card, move = min(knocks, key=lambda cm: (after[cm[0]], -VAL[cm[0]]))
            if after[card] <= 4 or seen.stock > 8:
                return move
        live = seen.unseen
        best: tuple[float, int] | None = None
        choice = legal_moves[0]
        for action, move in acts.items():
            if not action.startswith("discard "):
                continue
            c = M.parse_card(action[8:])
            rest = seen.hand & ~(1 << c)
            score = after[c] + 1.5 * _potential(c, rest, live) + 2.0 * _danger(c, seen) - 0.1 * VAL[c]
            key = (score, c)
            if best is None or key < best:
                best, choice = key, move
        return choice

    def _wants(self, seen: _Seen) -> bool:
        if seen.top < 0:
            return False
        t = seen.top
        now = M.deadwood(seen.hand)
        after = M.deadwood_after_discards(seen.hand | (1 << t))
        best = _best_discard_dw(after, t)
        melds_t = M.meldable(seen.hand | (1 << t)) >> t & 1
        return bool(melds_t and best < now) or best <= seen.limit < now or best <= now - 8


class HardBot(Bot):
    """Sampling over the unseen cards with a fixed budget.

    A discard is judged by the expected deadwood after the next draw (every unseen card equally
    likely on the stock) plus what it is expected to give the opponent, measured on sampled
    opponent hands consistent with the view. A knock is made when its expected score against
    sampled defending hands (with their best melds and lay-offs) is positive.
    """

    level = "hard"
    SAMPLES = 24
    FEED_WEIGHT = 0.6

    def choose(self, view: dict[str, Any], legal_moves: list[Move]) -> Move:
        acts = _by_action(legal_moves)
        if "next" in acts:
            return acts["next"]
        seen = _Seen(view)
        if "take" in acts or "draw" in acts:
            take = "take" in acts and self._wants(seen)
            return acts["take"] if take else (acts.get("draw") or acts["pass"])
        gin = _gin_move(acts)
        if gin is not None:
            return gin
        after = M.deadwood_after_discards(seen.hand)
        opp_hands = self._sample_opponents(seen)
        knocks = _knock_choice(acts)
        if knocks:
            card, move = min(knocks, key=lambda cm: (after[cm[0]], -VAL[cm[0]]))
            if self._knock_value(seen.hand & ~(1 << card), opp_hands) > 0:
                return move
        unseen = M.indices(seen.unseen)
        candidates = []
        for action, move in acts.items():
            if action.startswith("discard "):
                c = M.parse_card(action[8:])
                candidates.append((after[c], c, move))
        candidates.sort(key=lambda x: (x[0], -VAL[x[1]]))
        cutoff = candidates[0][0] + 12
        best_score = None
        choice = candidates[0][2]
        for dw, c, move in candidates[:7]:
            if dw > cutoff:
                break
            score = self._expected_next(seen.hand & ~(1 << c), unseen) + self.FEED_WEIGHT * self._feed(c, opp_hands)
            if best_score is None or score < best_score:
                best_score, choice = score, move
        return choice

    def _sample_opponents(self, seen: _Seen) -> list[int]:
        pool = M.indices(seen.unseen)
        need = 10 - seen.opp_known.bit_count()
        hands = []
        for _ in range(self.SAMPLES):
            hand = seen.opp_known
            for c in self.rng.sample(pool, min(need, len(pool))):
                hand |= 1 << c
            hands.append(hand)
        return hands

    @staticmethod
    def _expected_next(hand10: int, unseen: list[int]) -> float:
        """Mean least deadwood after drawing one unseen card and discarding the best card."""
        total = 0
        after = M.deadwood_after_discards
        for u in unseen:
            total += min(after(hand10 | (1 << u)).values())
        return total / max(1, len(unseen))

    @staticmethod
    def _feed(card: int, opp_hands: list[int]) -> float:
        """Mean deadwood the opponent would save by taking ``card``."""
        gain = 0
        bit = 1 << card
        for h in opp_hands:
            if h & bit:
                continue
            now = M.deadwood(h)
            after = M.deadwood_after_discards(h | bit)
            best = min(dw for c, dw in after.items() if c != card)
            if best < now:
                gain += now - best
        return gain / max(1, len(opp_hands))

    @staticmethod
    def _knock_value(hand10: int, opp_hands: list[int]) -> float:
        """Expected hand score of knocking now with ``hand10`` against sampled defenders."""
        k_dw, melds = M.best_melds(hand10)
        total = 0
        for h in opp_hands:
            d_dw = M.defend(h, melds)[0]
            total += d_dw - k_dw if d_dw > k_dw else -(k_dw - d_dw + 25)
        return total / max(1, len(opp_hands))

    def _wants(self, seen: _Seen) -> bool:
        t = seen.top
        if t < 0:
            return False
        unseen = M.indices(seen.unseen)
        with_top = M.deadwood_after_discards(seen.hand | (1 << t))
        take_now = _best_discard_dw(with_top, t)
        if take_now <= seen.limit:
            return True
        if not M.meldable(seen.hand | (1 << t)) >> t & 1 and take_now >= M.deadwood(seen.hand) - 3:
            return False
        after = M.deadwood_after_discards
        draw_total = 0
        for u in unseen:
            draw_total += min(after(seen.hand | (1 << u)).values())
        draw_now = draw_total / max(1, len(unseen))
        return take_now < draw_now - 1


_LEVELS = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot}


def make_bot(level: str, seed: int | None = None) -> Bot:
    """A Gin Rummy bot of ``level`` (``easy``, ``normal`` or ``hard``)."""
    try:
        cls = _LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown bot level {level!r}; expected easy, normal or hard") from None
    return cls(seed)
