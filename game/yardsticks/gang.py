"""An independent Gang de mouettes player, written from the rules page alone (not from the bots).

It reads only its seat's view. What it knows of the cards is what the view shows (the cards its seat
has seen, wherever they went since) and the discard pile; every card it has not seen is valued at the
mean of the cards it has not seen. Its plan, in the order a careful player thinks:

- take the discard when it beats the worst card it holds by ``take_gain``;
- keep a drawn card that beats its worst card, else use the card's power: look at its own unknown
  cards (8), spy the cards of the seat closest to calling (9), blind-swap a known high card for a
  card it saw low (or an unseen one when its own is far above the mean) (10), look and trade (15),
  throw its worst card (20);
- quick-discard only when sure (a card it knows to match), its own card or, where piqué is played,
  an opponent's when giving away its worst card helps more;
- call « Gang de mouettes ! » when the chance that it comes out lowest, from a normal estimate of
  each other seat's total (its unknown cards at the unseen mean, cards their owner knows a little
  lower, each other seat improving by a turn's worth before the end), is at least ``call_confidence``.

``cautious`` and ``aggressive`` are the same player with other thresholds: the cautious one calls
only at 70% and 14 points or less and keeps cards longer; the aggressive one calls at 25% and swaps
freely. The balanced thresholds (40%, 25 points) were chosen in self-play against the other styles
(calling early paid: a seat that waits is caught with a high total).
"""

from __future__ import annotations

import math
from typing import Any

from game.core import Bot, Move

DECK: dict[int, int] = {0: 2, 1: 4, 2: 4, 3: 4, 4: 4, 5: 4, 6: 4, 7: 4, 8: 8, 9: 8, 10: 8, 15: 2, 20: 2}
"""Card value → copies, from the rules page's deck table (58 cards)."""
LAST_TURN_GAIN = 1.5
"""What a seat is expected to take off its total in the one turn it still plays after a call."""
OWNER_KNOWN_DISCOUNT = 0.6
"""A card its owner has seen and kept is, on average, lower than an unseen one: this share of the mean."""


def value(card: str | None) -> int | None:
    """``M10`` → 10; ``None`` stays ``None``."""
    return None if card is None else int(card[1:])


class GangPlayer(Bot):
    """A heuristic Gang de mouettes player of a given style (see the module docstring)."""

    def __init__(self, seed: int | None = None, *, take_gain: float = 2.0, keep_gain: float = 0.5,
                 call_confidence: float = 0.4, call_ceiling: int = 25, steal_margin: float = 2.0,
                 level: str = "gang") -> None:
        super().__init__(seed)
        self.take_gain, self.keep_gain = take_gain, keep_gain
        self.call_confidence, self.call_ceiling = call_confidence, call_ceiling
        self.steal_margin = steal_margin
        self.level = level

    # ------------------------------------------------------------------ what the seat knows
    def _unseen_mean(self, view: dict[str, Any]) -> tuple[float, float]:
        """Mean and variance of the cards this seat has not seen (pile, unknown slots, drawn)."""
        left = dict(DECK)
        seen = list(view["discard"]) + [c for row in view["slots"] for c in row if c is not None]
        if view.get("drawn") is not None:
            seen.append(view["drawn"])
        if view.get("pending") is not None:
            seen.append(view["pending"])
        for card in seen:
            v = value(card)
            if v is not None and left.get(v, 0) > 0:
                left[v] -= 1
        n = sum(left.values())
        if n == 0:
            return 6.86, 25.0
        mean = sum(v * k for v, k in left.items()) / n
        var = sum(k * (v - mean) ** 2 for v, k in left.items()) / n
        return mean, var

    def _slot_estimates(self, view: dict[str, Any], seat: int, mean: float) -> list[tuple[float, bool]]:
        """Each slot of ``seat``: (estimated value, known to this seat)."""
        me = view["seat"]
        out: list[tuple[float, bool]] = []
        for i, card in enumerate(view["slots"][seat]):
            if card is not None:
                out.append((float(value(card)), True))  # type: ignore[arg-type]
            elif seat != me and seat in view["knowers"][seat][i]:
                out.append((mean * OWNER_KNOWN_DISCOUNT, False))
            else:
                out.append((mean, False))
        return out

    def _worst(self, view: dict[str, Any], mean: float) -> tuple[int, float]:
        """My slot with the highest estimated value (a known card wins ties: it is certain)."""
        est = self._slot_estimates(view, view["seat"], mean)
        if not est:
            return -1, -math.inf
        best = max(range(len(est)), key=lambda i: (est[i][0], est[i][1], -i))
        return best, est[best][0]

    def _total(self, view: dict[str, Any], seat: int, mean: float, var: float) -> tuple[float, float]:
        """Estimated total of ``seat`` and its variance."""
        est = self._slot_estimates(view, seat, mean)
        return sum(e for e, _ in est), sum(0.0 if k else var for _, k in est)

    def _lowest_chance(self, view: dict[str, Any], mean: float, var: float, improve: float) -> float:
        """Chance that my total is at most every other seat's once they played ``improve`` off it."""
        me = view["seat"]
        mine, my_var = self._total(view, me, mean, var)
        chance = 1.0
        for s in range(view["players"]):
            if s == me:
                continue
            theirs, their_var = self._total(view, s, mean, var)
            sd = math.sqrt(my_var + their_var + 4.0)
            z = (theirs - improve - mine + 0.5) / sd
            chance *= 0.5 * (1 + math.erf(z / math.sqrt(2)))
        return chance

    def _sure_lowest(self, view: dict[str, Any]) -> bool:
        """Whether I know my whole total and no other seat can be below it (a card is worth 0 or more)."""
        me = view["seat"]
        mine = [value(c) for c in view["slots"][me]]
        if any(v is None for v in mine):
            return False
        total = sum(v for v in mine if v is not None)
        ties_win = bool(view.get("options", {}).get("tie_counts_as_lowest", True))
        for s in self._others(view):
            floor = sum(v for v in (value(c) for c in view["slots"][s]) if v is not None)
            if floor < total or (floor == total and not ties_win):
                return False
        return True

    # ------------------------------------------------------------------ choosing
    def choose(self, view: dict[str, Any], legal_moves: list[Move]) -> Move:
        seat = view["seat"]
        legal = {m.action: m for m in legal_moves}
        phase = view["phase"]
        mean, var = self._unseen_mean(view)
        pick: str | None = None
        if phase == "round_over":
            pick = "next"
        elif phase == "turn":
            pick = self._turn(view, legal, mean)
        elif phase == "drawn":
            pick = self._drawn(view, legal, mean)
        elif phase == "scout":
            pick = self._scout(view, mean)
        elif phase == "give":
            i, _ = self._worst(view, mean)
            pick = f"give {i}"
        elif phase == "end_turn":
            call = self._sure_lowest(view) or (
                self._total(view, seat, mean, var)[0] <= self.call_ceiling
                and self._lowest_chance(view, mean, var, LAST_TURN_GAIN) >= self.call_confidence)
            pick = "call" if call else "done"
        elif phase == "window":
            pick = "close"
        if pick in legal:
            return legal[pick]
        return legal_moves[0]

    def _turn(self, view: dict[str, Any], legal: dict[str, Move], mean: float) -> str:
        top = value(view.get("top"))
        i, worst = self._worst(view, mean)
        if top is not None and worst - top >= self.take_gain and f"take {i}" in legal:
            return f"take {i}"
        if "draw" in legal:
            return "draw"
        return next(iter(legal))

    def _drawn(self, view: dict[str, Any], legal: dict[str, Move], mean: float) -> str:
        me = view["seat"]
        drawn = value(view["drawn"])
        assert drawn is not None
        i, worst = self._worst(view, mean)
        if worst - drawn >= self.keep_gain and drawn < mean + 1:
            return f"swap {i}"
        power = {8: "look", 9: "spy", 10: "steal", 15: "scout", 20: "drop"}.get(drawn)
        mine = self._slot_estimates(view, me, mean)
        if i < 0:
            return "discard"
        if power == "drop":
            return f"drop {i}"
        if power == "look":
            unknown = [j for j, (_, k) in enumerate(mine) if not k]
            if unknown:
                return f"look {unknown[0]}"
        if power in ("spy", "scout"):
            target = self._spy_target(view, mean)
            if target is not None:
                return f"{power} {target[0]}.{target[1]}"
        if power == "steal":
            move = self._steal(view, mean, i, worst)
            if move is not None:
                return move
        if worst - drawn >= self.keep_gain:
            return f"swap {i}"
        return "discard"

    def _others(self, view: dict[str, Any]) -> list[int]:
        me, n = view["seat"], view["players"]
        return [(me + k) % n for k in range(1, n)]

    def _spy_target(self, view: dict[str, Any], mean: float) -> tuple[int, int] | None:
        """An unknown card of the other seat that looks lowest (the likeliest caller)."""
        best: tuple[float, int, int] | None = None
        for s in self._others(view):
            est = self._slot_estimates(view, s, mean)
            unknown = [j for j, (_, k) in enumerate(est) if not k]
            if not unknown:
                continue
            total = sum(e for e, _ in est)
            # prefer a card its owner knows: it tells what they kept
            j = max(unknown, key=lambda j: (s in view["knowers"][s][j], -j))
            if best is None or total < best[0]:
                best = (total, s, j)
        return None if best is None else (best[1], best[2])

    def _steal(self, view: dict[str, Any], mean: float, i: int, worst: float) -> str | None:
        """Blind swap: my worst card for an opponent card known low, or an unseen one if mine is high."""
        known_low: tuple[float, int, int] | None = None
        unseen: tuple[int, int] | None = None
        for s in self._others(view):
            for j, card in enumerate(view["slots"][s]):
                v = value(card)
                if v is not None:
                    if known_low is None or v < known_low[0]:
                        known_low = (float(v), s, j)
                elif unseen is None and view["seat"] not in view["knowers"][s][j] and s not in view["knowers"][s][j]:
                    unseen = (s, j)
        if known_low is not None and worst - known_low[0] >= self.steal_margin:
            return f"steal {i} {known_low[1]}.{known_low[2]}"
        if unseen is not None and worst - mean >= self.steal_margin:
            return f"steal {i} {unseen[0]}.{unseen[1]}"
        return None

    def _scout(self, view: dict[str, Any], mean: float) -> str:
        s, j = view["scouted"]
        seen = value(view["slots"][s][j])
        i, worst = self._worst(view, mean)
        if seen is not None and i >= 0 and worst - seen >= self.keep_gain:
            return f"trade {i}"
        return "keep"

    def react(self, view: dict[str, Any], legal_moves: list[Move]) -> tuple[Move, float] | None:
        window = view.get("window")
        if not window:
            return None
        target = value(window["card"])
        me = view["seat"]
        mean, _ = self._unseen_mean(view)
        legal = {m.action: m for m in legal_moves}
        own = [j for j, c in enumerate(view["slots"][me]) if value(c) == target]
        best: tuple[float, str] | None = None
        if own:
            best = (float(target or 0), f"snap {me}.{own[0]}")
        if view.get("pique") and view["slots"][me]:
            _, worst = self._worst(view, mean)
            for s in self._others(view):
                for j, c in enumerate(view["slots"][s]):
                    if value(c) == target and f"snap {s}.{j}" in legal and (best is None or worst > best[0]):
                        best = (worst, f"snap {s}.{j}")
        if best is None or best[1] not in legal:
            return None
        return legal[best[1]], 0.4 + 0.8 * self.rng.random()
