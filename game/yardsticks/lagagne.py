"""An independent LaGagne player, written from the rules page alone (not from the bots).

It reads only its seat's view and scores every legal move by what it is worth in points: the points
it lays (doubled on a ×2 column), what a ×2 adds to a column, what a symbol opens (the points of that
suit it holds), what a steal takes from the leading opponent as well as what it brings, what a
Récupérer or an Échanger is likely to bring, and, for a discard, how little the card is worth
keeping. Damage to an opponent is weighted by how close that opponent is to the target, so the
player turns on a runaway leader. ``cautious`` builds its own columns and steals only big cards;
``aggressive`` weighs damage more and steals at the first chance.
"""

from __future__ import annotations

from typing import Any

from game.core import Bot, Move

SUITS = ("h", "s", "c", "d")
HOLD = {"Voler": 18.0, "X2": 12.0, "Echange": 6.0, "Recup": 4.0, "Z": 0.0}
"""What an action card in hand is worth keeping (roughly the points it brings when played)."""
AVERAGE_DRAW = 8.0
"""The points a fresh card from the pile is worth on average, to judge a discard or a Récupérer."""


def points(card: str) -> int:
    """Points of a point card (``P20h``, ``J50``), 0 for any other card."""
    if card[0] in "PJ" and card[1:].rstrip("hscd").isdigit():
        return int(card[1:].rstrip("hscd"))
    return 0


def suit_of(card: str) -> str | None:
    """The suit of a symbol or suited point card, ``None`` for the others."""
    if card[0] in "SP" and card[-1] in SUITS and card not in HOLD:
        return card[-1]
    return None


class LaGagnePlayer(Bot):
    """A heuristic LaGagne player of a given style (see the module docstring)."""

    def __init__(self, seed: int | None = None, *, damage_weight: float = 1.0, steal_floor: float = 0.0,
                 build_bonus: float = 1.0, level: str = "lagagne") -> None:
        super().__init__(seed)
        self.damage_weight, self.steal_floor, self.build_bonus = damage_weight, steal_floor, build_bonus
        self.level = level

    def choose(self, view: dict[str, Any], legal_moves: list[Move]) -> Move:
        scored = [(self._value(view, m), -i, m) for i, m in enumerate(legal_moves)]
        best = max(scored, key=lambda t: (t[0], t[1]))
        return best[2]

    # ------------------------------------------------------------------ valuations
    def _cols(self, view: dict[str, Any], seat: int) -> dict[str, dict[str, Any]]:
        cols: dict[str, dict[str, Any]] = view["columns"][seat]
        return cols

    def _threat(self, view: dict[str, Any], seat: int) -> float:
        """How much hurting ``seat`` is worth: more the closer it is to the target and to the lead."""
        scores = view["scores"]
        me = view["seat"]
        target = max(1, view.get("target") or 150)
        others = [scores[s] for s in range(view["players"]) if s != me]
        lead = max(others) if others else 0
        share = 0.5 + 0.5 * min(1.0, scores[seat] / target)
        if scores[seat] >= lead:
            share += 0.3
        if scores[seat] >= target:
            share += 1.0
        return share * self.damage_weight / max(1, view["players"] - 1) ** 0.5

    def _lay_gain(self, view: dict[str, Any], card: str, col: str) -> float:
        """Points gained by laying ``card`` (a point card or ×2) on my column ``col``."""
        c = self._cols(view, view["seat"])[col]
        if card == "X2":
            return float(sum(points(p) for p in c["points"])) + 4.0 * self._hand_fit(view, col)
        return points(card) * (2.0 if c["x2"] else 1.0)

    def _hand_fit(self, view: dict[str, Any], col: str) -> float:
        """How many cards of my hand could go on column ``col`` later."""
        return float(sum(1 for h in view["hand"] if suit_of(h) == col and h[0] == "P"))

    def _symbol_gain(self, view: dict[str, Any], col: str) -> float:
        """Opening (or reopening) my column ``col``: the points of that suit in my hand, and a start."""
        mine = self._cols(view, view["seat"])
        if mine[col]["open"]:
            return 0.5
        have_any = any(mine[s]["open"] for s in SUITS)
        suit_pts = sum(points(h) for h in view["hand"] if h[0] == "P" and suit_of(h) == col)
        jokers = sum(points(h) for h in view["hand"] if h[0] == "J")
        return self.build_bonus * (6.0 + 0.6 * suit_pts + (0.3 * jokers + 10.0 if not have_any else 0.0))

    def _hold(self, view: dict[str, Any], card: str) -> float:
        """What keeping ``card`` in hand is worth (a discard gives this up for a fresh card)."""
        if card in HOLD:
            return HOLD[card]
        mine = self._cols(view, view["seat"])
        if card[0] == "S":
            return 1.0 if mine[card[1]]["open"] else 6.0 + 0.4 * sum(
                points(h) for h in view["hand"] if h[0] == "P" and suit_of(h) == card[1])
        if card[0] == "J":
            return float(points(card))
        suit = suit_of(card)
        if suit is not None and mine[suit]["open"]:
            return float(points(card))
        has_symbol = any(h == f"S{suit}" for h in view["hand"])
        return points(card) * (0.7 if has_symbol else 0.3)

    def _steal_value(self, view: dict[str, Any], args: tuple[str, ...]) -> float:
        seat_text, _, card = args[0].partition(":")
        victim = int(seat_text)
        mine_col = args[1] if len(args) > 1 else None
        theirs = self._cols(view, victim)
        threat = self._threat(view, victim)
        if card.startswith("S"):
            col = card[1]
            lost = 0.4 * theirs[col]["total"] + 8.0  # what the closed column would still have taken
            return self._symbol_gain(view, col) + threat * lost - self.steal_floor
        if card.startswith("X2"):
            src = card[2] if len(card) > 2 else next(s for s in SUITS if theirs[s]["x2"])
            lost = theirs[src]["total"] / 2.0
            gain = self._lay_gain(view, "X2", mine_col or src)
            return gain + threat * lost - self.steal_floor
        base = card.rstrip("hscd") if card[0] == "J" else card
        src = card[-1] if card[0] == "J" and card[-1] in SUITS else (suit_of(card) or "")
        if not src:
            src = next(s for s in SUITS if base in theirs[s]["points"])
        lost = points(base) * (2.0 if theirs[src]["x2"] else 1.0)
        gain = self._lay_gain(view, base, mine_col or suit_of(base) or src)
        return gain + threat * lost - self.steal_floor

    def _exchange_value(self, view: dict[str, Any], target: int) -> float:
        worst = min(self._hold(view, h) for h in view["hand"] if h != "Echange") if len(view["hand"]) > 1 else 0.0
        return AVERAGE_DRAW - worst + self._threat(view, target) * 4.0 - 2.0

    def _value(self, view: dict[str, Any], move: Move) -> float:
        name, args = move.name, move.args
        hand = view["hand"] or []
        if name == "mulligan":
            mine = self._cols(view, view["seat"])
            stuck = not any(mine[s]["open"] for s in SUITS) and not any(h[0] == "S" or h == "Voler" for h in hand)
            return 100.0 if stuck else -100.0
        if name == "play":
            card = args[0]
            if card[0] == "S":
                return self._symbol_gain(view, card[1])
            col = args[1] if len(args) > 1 else suit_of(card)
            assert col is not None
            return self._lay_gain(view, card, col) - (HOLD["X2"] * 0.3 if card == "X2" else 0.0)
        if name == "steal":
            return self._steal_value(view, args) - HOLD["Voler"] * 0.2
        if name == "recup":
            top = view["discard"][-1] if view["discard"] else "Z"
            return self._hold(view, top) - AVERAGE_DRAW - 1.0
        if name == "exchange":
            return self._exchange_value(view, int(args[0]))
        if name == "give":
            # give the card worth least to me, and least to the receiver
            return -self._hold(view, args[0]) - 0.3 * points(args[0])
        if name == "discard":
            return 0.7 * (AVERAGE_DRAW - self._hold(view, args[0])) - AVERAGE_DRAW
        return -1000.0
