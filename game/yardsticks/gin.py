"""An independent Gin Rummy player, written from the rules page alone (not from the bots).

It reads only its seat's view and the engine's public meld arithmetic (``game.gin_rummy.views``:
what a group of cards counts as deadwood). Beyond the EAAI "simple" player (take a discard only
into a meld, discard the highest deadwood, knock at once) it:

- takes a discard that lowers its deadwood by ``take_gain`` or more, not only one that melds;
- chooses its discard by the deadwood it leaves, then by **safety** — a card of a rank or next to a
  card the opponent took from the discard is dangerous, a rank the opponent discarded or passed is
  safer, a rank or sequence whose cards are gone is dead — and by how many live cards could still
  meld with it (keeping such cards is worth a few points);
- goes gin whenever it can, and knocks early in the hand, but later, when an undercut grows likely,
  only with little deadwood (``late_knock``), or plays on for gin when it is close to it.

``cautious`` weighs safety more and knocks late only at 0 to 3; ``aggressive`` knocks at once.
"""

from __future__ import annotations

from typing import Any

from game.core import Bot, Move
from game.gin_rummy import melds as M
from game.gin_rummy.views import points

RANKS = "A23456789TJQK"
SUITS = "shdc"


def rank(card: str) -> int:
    """0 for an ace … 12 for a king."""
    return RANKS.index(card[0].upper())


def deadwood(cards: list[str]) -> int:
    """Least deadwood of ``cards`` (any number of cards), by the engine's meld arithmetic."""
    return M.deadwood(M.card_mask(cards))


class GinPlayer(Bot):
    """A heuristic Gin Rummy player of a given style (see the module docstring)."""

    def __init__(self, seed: int | None = None, *, take_gain: int = 3, late_knock: int = 10, late_stock: int = 0,
                 safety_weight: float = 0.5, live_weight: float = 0.4, level: str = "gin") -> None:
        super().__init__(seed)
        self.take_gain, self.late_knock, self.late_stock = take_gain, late_knock, late_stock
        self.safety_weight, self.live_weight = safety_weight, live_weight
        self.level = level

    def choose(self, view: dict[str, Any], legal_moves: list[Move]) -> Move:
        legal = {m.action: m for m in legal_moves}
        phase = view["phase"]
        pick: str | None = None
        if phase in ("upcard", "draw"):
            pick = self._draw(view, legal)
        elif phase == "discard":
            pick = self._discard(view, legal)
        elif phase == "hand_over":
            pick = "next"
        if pick in legal:
            return legal[pick]
        return legal_moves[0]

    # ------------------------------------------------------------------ drawing
    def _draw(self, view: dict[str, Any], legal: dict[str, Move]) -> str:
        top = view.get("discard_top")
        hand = list(view["hand"])
        if top is not None and "take" in legal:
            now = deadwood(hand)
            after = min(deadwood([c for c in hand if c != d] + [top]) for d in hand)
            melds_with_it = deadwood(hand + [top]) < now + points([top])
            if after <= now - self.take_gain or (melds_with_it and after < now):
                return "take"
        if "draw" in legal:
            return "draw"
        return "pass" if "pass" in legal else next(iter(legal))

    # ------------------------------------------------------------------ discarding and knocking
    def _unseen(self, view: dict[str, Any]) -> set[str]:
        """Cards this seat has not seen and the opponent is not known to hold."""
        seen = set(view["hand"]) | set(view["discard"]) | set(view.get("opponent_known") or [])
        seen |= {e["card"] for e in view.get("discard_log", [])}
        return {r + s for r in RANKS for s in SUITS} - seen

    def _danger(self, view: dict[str, Any], card: str) -> float:
        """How likely ``card`` helps the opponent, from what it took and what it let go."""
        r, s = rank(card), card[1]
        me = view["seat"]
        took = list(view.get("opponent_known") or [])
        log = view.get("discard_log", [])
        taken_by_them = [e["card"] for e in log if e.get("taken_by") is not None and e["taken_by"] != me]
        passed = [e["card"] for e in log if e.get("by") is not None and e["by"] != me]
        danger = 1.0
        for t in set(took) | set(taken_by_them):
            tr, ts = rank(t), t[1]
            if tr == r:
                danger += 3.0
            elif ts == s and abs(tr - r) <= 2:
                danger += 2.5 if abs(tr - r) == 1 else 1.5
        for p in passed:
            pr, ps = rank(p), p[1]
            if pr == r:
                danger -= 1.0
            elif ps == s and abs(pr - r) == 1:
                danger -= 0.5
        gone = set(view["discard"]) | set(view["hand"])
        if sum(1 for x in SUITS if RANKS[r] + x in gone) >= 3:
            danger -= 0.5  # its set is dead
        return max(0.0, danger)

    def _live(self, view: dict[str, Any], card: str, hand: list[str]) -> int:
        """Unseen cards that would make ``card`` part of a meld with the rest of ``hand``."""
        unseen = self._unseen(view)
        r, s = rank(card), card[1]
        others = set(hand) - {card}
        count = 0
        same = [c for c in others if rank(c) == r]
        if same:
            count += sum(1 for x in SUITS if RANKS[r] + x in unseen)
        for d in (-2, -1, 1, 2):
            nr = r + d
            if 0 <= nr < 13 and RANKS[nr] + s in others:
                for e in (-1, 1):
                    m = r + e if abs(d) == 1 else r + d // 2
                    if 0 <= m < 13 and RANKS[m] + s in unseen:
                        count += 1
        return count

    def _discard(self, view: dict[str, Any], legal: dict[str, Move]) -> str:
        hand = list(view["hand"])
        after = view.get("deadwood_after_discard") or {}
        gins = [a for a in legal if a.startswith("gin")]
        if gins:
            return gins[0]
        knocks = [a for a in legal if a.startswith("knock ")]
        best_knock = min(knocks, key=lambda a: (after.get(a.split()[1], 99), a)) if knocks else None
        if best_knock is not None:
            dw = after.get(best_knock.split()[1], 99)
            if view["pile_size"] > self.late_stock or dw <= self.late_knock:
                return best_knock
        options = [a for a in legal if a.startswith("discard ")]
        if not options:
            return best_knock or next(iter(legal))

        def cost(action: str) -> tuple[float, str]:
            card = action.split()[1]
            left = after.get(card, deadwood([c for c in hand if c != card]))
            rest = [c for c in hand if c != card]
            live = self._live(view, card, rest)
            return (left + self.safety_weight * 2.0 * self._danger(view, card) + self.live_weight * live, card)

        return min(options, key=cost)
