"""Huit, a tiny shedding game that exists only in the tests, to prove the engine contract is generic.

2 to 4 players, 32 cards (7 to ace of the four suits, ``7h`` … ``Ah``), five cards each and one
face up on the discard. In turn, play a card of the top card's suit or rank (``play Qs``); an eight
is played on anything. A player who cannot or will not play draws one card (``draw``), and one who
cannot draw either passes (``pass``). The first to empty their hand wins the hand and scores the
cards left in the others' hands (ace 1, seven to ten their value, jack 2, queen 3, king 4, eight
8); when every seat passed in a row the hand is blocked and the smallest hand wins. ``next`` deals
the next hand; the first to ``target`` points wins the match.

Everything a game needs is here and nothing else: a ``GameState`` whose mutable fields are one
dataclass (saved, loaded and cloned by the base class), the shared view keys, the shared event
kinds, ``determinise``, three bot levels and a descriptor. It is registered in ``game.GAMES`` only
while a test asks (``registered()``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from game.core import GAMES, Bot, Event, GameDescriptor, GameState, IllegalMove, Move, Rng, parse_with_grammar
from game.core.fields import flat, nested, same, state_field
from game.core.options import Options as OptionsBase
from game.core.options import seat, whole

SUITS, RANKS = "hdcs", "789TJQKA"
DECK = [r + s for s in SUITS for r in RANKS]
POINTS = {"7": 7, "8": 8, "9": 9, "T": 10, "J": 2, "Q": 3, "K": 4, "A": 1}


def _card(word: str) -> str:
    """<card>"""
    if word not in DECK:
        raise ValueError(f"{word!r} is not a card (7h … Ah)")
    return word


GRAMMAR = {"play": [[_card]], "draw": [[]], "pass": [[]], "next": [[]]}


@dataclass(frozen=True)
class Options(OptionsBase):
    """The rule options of Huit: each field declares what it accepts (``game.core.options``), which
    is all the setup form, its tooltips and ``--option`` need."""

    target: int = whole(30, low=1, high=999)
    hand_size: int = whole(5, low=1, high=7)
    first_dealer: int | None = seat(None, high=3)


@dataclass(eq=False)
class HuitTable:
    """Everything that changes during a match, listed once."""

    phase: str = state_field(default="play", copy=same)
    active: int = state_field(default=0, copy=same)
    dealer: int = state_field(default=0, copy=same)
    hands: list[list[str]] = state_field(default=None, copy=nested)
    stock: list[str] = state_field(default=None, copy=flat)
    discard: list[str] = state_field(default=None, copy=flat)
    totals: list[int] = state_field(default=None, copy=flat)
    passes: int = state_field(default=0, copy=same)
    won: list[int] = state_field(default=None, copy=flat)


class HuitState(HuitTable, GameState):
    """A match of Huit (see the module docstring)."""

    GAME_ID = "huit"
    Options = Options

    @classmethod
    def full_deck(cls, options: Any) -> list[str]:
        return list(DECK)

    @staticmethod
    def parse_move(text: str) -> Move:
        return parse_with_grammar(text, GRAMMAR, "Huit")

    def _start(self, deck: list[str] | None) -> None:
        self.totals, self.won = [0] * self.players, []
        first = self.options.first_dealer
        self.dealer = self.rng.randrange(self.players) if first is None else first
        self._deal(deck)

    def _deal(self, deck: list[str] | None = None) -> list[Event]:
        if deck is None:
            deck = list(DECK)
            self.rng.shuffle(deck)
        n, size = self.players, self.options.hand_size
        self.hands = [[] for _ in range(n)]
        events = []
        for k in range(size * n):
            seat = (self.dealer + 1 + k) % n
            self.hands[seat].append(deck[k])
            events.append(Event("deal", seat, deck[k], "stock", f"hand:{seat}", False, frozenset({seat})))
        self.discard = [deck[size * n]]
        events.append(Event("deal", None, self.discard[0], "stock", "discard"))
        self.stock = list(reversed(deck[size * n + 1:]))
        self.phase, self.active, self.passes = "play", (self.dealer + 1) % n, 0
        return events

    # ------------------------------------------------------------------ the contract
    def to_move(self) -> list[int]:
        if self.phase == "over":
            return []
        return list(range(self.players)) if self.phase == "hand_over" else [self.active]

    def _playable(self, card: str) -> bool:
        top = self.discard[-1]
        return card[0] == "8" or card[0] == top[0] or card[1] == top[1]

    def legal_moves(self, seat: int) -> list[Move]:
        if seat not in self.to_move():
            return []
        if self.phase == "hand_over":
            return [Move("next", seat)]
        moves = [Move(f"play {c}", seat) for c in self.hands[seat] if self._playable(c)]
        can_draw = bool(self.stock) or len(self.discard) > 1
        return moves + [Move("draw" if can_draw else "pass", seat)]

    def _why_illegal(self, move: Move) -> IllegalMove | None:
        if move.name == "next":
            return IllegalMove("The hand is still being played.", "huit.hand_not_over")
        if self.phase == "hand_over":
            return IllegalMove("The hand is over: deal the next one.", "huit.hand_over")
        if move.name == "play" and move.args[0] not in self.hands[self.active]:
            return IllegalMove(f"You do not hold the {move.args[0]}.", "huit.not_in_hand", {"card": move.args[0]})
        if move.name == "play":
            return IllegalMove(f"The {move.args[0]} does not follow the {self.discard[-1]}.", "huit.no_follow")
        return None

    def _apply(self, move: Move) -> list[Event]:
        seat = move.seat
        assert seat is not None
        if move.name == "next":
            self.dealer = (self.dealer + 1) % self.players
            return self._deal()
        if move.name == "play":
            card = move.args[0]
            self.hands[seat].remove(card)
            self.discard.append(card)
            self.passes = 0
            events = [Event("discard", seat, card, f"hand:{seat}", "discard")]
            return events + (self._end_hand(seat) if not self.hands[seat] else self._next())
        if move.name == "draw":
            events = []
            if not self.stock:
                self.stock = self.discard[:-1]
                self.discard = self.discard[-1:]
                self.rng.shuffle(self.stock)
                events.append(Event("reshuffle", None, info={"cards": len(self.stock)}))
            card = self.stock.pop()
            self.hands[seat].append(card)
            self.passes = 0
            events.append(Event("draw", seat, card, "stock", f"hand:{seat}", False, frozenset({seat})))
            return events + self._next()
        self.passes += 1
        if self.passes >= self.players:
            low = min(self._hand_points(s) for s in range(self.players))
            return self._end_hand(next(s for s in range(self.players) if self._hand_points(s) == low))
        return [Event("pass", seat)] + self._next()

    def _next(self) -> list[Event]:
        self.active = (self.active + 1) % self.players
        return []

    def _hand_points(self, seat: int) -> int:
        return sum(POINTS[c[0]] for c in self.hands[seat])

    def _end_hand(self, winner: int) -> list[Event]:
        points = [0] * self.players
        points[winner] = sum(self._hand_points(s) for s in range(self.players) if s != winner)
        self.totals = [t + p for t, p in zip(self.totals, points)]
        self.history.append({"points": points, "winners": [winner]})
        events = [Event("reveal", s, card, f"hand:{s}", f"hand:{s}") for s, hand in enumerate(self.hands)
                  for card in hand]
        events.append(Event("hand_end", winner, info={"points": points}))
        self.phase = "hand_over"
        if max(self.totals) >= self.options.target:
            self.phase = "over"
            self.won = [s for s in range(self.players) if self.totals[s] == max(self.totals)]
            events.append(Event("match_end", None, info={"winners": list(self.won)}))
        return events

    def view(self, seat: int | None) -> dict[str, Any]:
        v = self.base_view(seat)
        v.update({
            "active": self.active if self.phase == "play" else None,
            "phase": self.phase,
            "pile_size": len(self.stock),
            "discard": list(self.discard),
            "dealer": self.dealer,
            "hand": None if seat is None else list(self.hands[seat]),
            "hand_sizes": [len(h) for h in self.hands],
            "hands": [list(h) for h in self.hands] if self.phase != "play" else None,
            "options": dataclasses.asdict(self.options),
        })
        return v

    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def scores(self) -> list[int]:
        return list(self.totals)

    def winners(self) -> list[int]:
        return list(self.won)

    def card_zones(self) -> dict[str, list[str]]:
        zones = {"stock": list(reversed(self.stock)), "discard": list(self.discard)}
        zones.update({f"hand:{s}": list(h) for s, h in enumerate(self.hands)})
        return zones

    def _hidden_places(self, seat: int | None) -> list[tuple[list[str], int]]:
        places = [(self.stock, i) for i in range(len(self.stock))]
        if self.phase == "play":
            places += [(h, i) for s, h in enumerate(self.hands) if s != seat for i in range(len(h))]
        return places

    def redeal_hidden(self, seat: int | None, rng: Rng) -> HuitState:
        other = self.clone()
        places = other._hidden_places(seat)
        cards = [zone[i] for zone, i in places]
        rng.shuffle(cards)
        for (zone, i), card in zip(places, cards):
            zone[i] = card
        return other

    @classmethod
    def determinise(cls, view: dict[str, Any], rng: Rng) -> HuitState:
        seat = view["seat"]
        st = cls.__new__(cls)
        st.players, st.names, st.options = view["players"], list(view["names"]), Options(**view["options"])
        st._as_simulation(view, rng)
        st.log, st.history = list(view["log"]), [dict(h) for h in view["history"]]
        st.phase, st.dealer, st.passes = view["phase"], view["dealer"], 0
        st.active = view["active"] if view["active"] is not None else view["dealer"]
        st.totals, st.won, st.discard = list(view["scores"]), list(view["winners"]), list(view["discard"])
        known = view["hands"] or [view["hand"] if s == seat else [] for s in range(st.players)]
        unseen = [c for c in DECK if c not in view["discard"] and not any(c in h for h in known)]
        rng.shuffle(unseen)
        st.hands = []
        for s, cards in enumerate(known):
            missing = view["hand_sizes"][s] - len(cards)
            st.hands.append(list(cards) + unseen[:missing])
            del unseen[:missing]
        st.stock = unseen
        return st


class HuitBot(Bot):
    """``easy`` plays a random legal card, ``normal`` its highest, ``hard`` keeps its eights."""

    def __init__(self, level: str, seed: int | None = None) -> None:
        super().__init__(seed)
        self.level = level

    def choose(self, view: dict[str, Any], legal_moves: list[Move]) -> Move:
        plays = [m for m in legal_moves if m.name == "play"]
        if not plays:
            return legal_moves[0]
        if self.level == "easy":
            return self.rng.choice(plays)
        eights_last = self.level == "hard" and len(plays) > 1
        return max(plays, key=lambda m: (not (eights_last and m.args[0][0] == "8"), POINTS[m.args[0][0]]))


DESCRIPTOR = GameDescriptor(
    id="huit", title="Huit", min_players=2, max_players=4, Options=Options, State=HuitState,
    bot_factory=HuitBot, quick_options=lambda: Options(target=10), units=("hand", "match"),
)


@contextmanager
def registered() -> Iterator[GameDescriptor]:
    """Huit in ``game.GAMES`` for the duration of a test, and gone afterwards."""
    GAMES[DESCRIPTOR.id] = DESCRIPTOR
    try:
        yield DESCRIPTOR
    finally:
        GAMES.pop(DESCRIPTOR.id, None)
