"""The Gang de mouettes rules engine: dealing, turns, powers, quick discards, knowledge, scoring.

Cards are kept as values (ints) internally. Every slot carries a knowledge mask: bit ``s`` set when
seat ``s`` knows the card's value, ``PUBLIC`` when it was shown to the whole table. A mask moves
with its card, so knowledge follows the card when cards are swapped, stolen or given.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.core import Event, GameState, IllegalMove, Move, Rng, parse_with_grammar
from game.core.fields import flat, nested, same, state_field
from game.core.timing import Grace, Timer, Window
from game.gang_de_mouettes.cards import COUNTS, POWERS, card_text, card_value, full_values
from game.gang_de_mouettes.options import AFTER_TURN, CALLS, LAST, SEVERAL, START_OF_TURN, Options
from game.gang_de_mouettes.views import DRAWN, END_TURN, GIVE, OVER, ROUND_OVER, SCOUT, TURN, WINDOW

PUBLIC = 1 << 8
"""Knowledge bit: the card was face up in front of everybody (spectators included)."""
_MOVES: dict[tuple[str, int], Move] = {}
_WORDS: dict[str, tuple[str, tuple[str, ...]]] = {}


def _move(action: str, seat: int) -> Move:
    """A shared, immutable ``Move`` (legal-move lists reuse these instead of building new ones)."""
    move = _MOVES.get((action, seat))
    if move is None:
        move = _MOVES[(action, seat)] = Move(action, seat)
    return move


_EVENTS: dict[tuple[Any, ...], Event] = {}


def _event(kind: str, seat: int | None, card: int | None, src: str | None, dst: str | None, face_up: bool,
           mask: int) -> Event:
    """An event without details, shared (events are immutable values, and the same few thousand
    recur: building one costs more than finding it)."""
    key = (kind, seat, card, src, dst, face_up, mask)
    event = _EVENTS.get(key)
    if event is None:
        known = None if mask & PUBLIC else frozenset(s for s in range(8) if (mask >> s) & 1)  # seat bits
        event = _EVENTS[key] = Event(kind, seat, None if card is None else card_text(card), src, dst, face_up, known)
    return event


def _words(action: str) -> tuple[str, tuple[str, ...]]:
    """A move's name and arguments, split once per distinct action."""
    words = _WORDS.get(action)
    if words is None:
        name, *args = action.split(" ")
        words = _WORDS[action] = (name, tuple(args))
    return words


def _slot(word: str) -> str:
    """<slot>"""
    if not word.isdigit():
        raise ValueError(f"expected a slot number, got {word!r}")
    return str(int(word))


def _target(word: str) -> str:
    """<seat>.<slot>"""
    seat, dot, slot = word.partition(".")
    if not dot or not seat.isdigit() or not slot.isdigit():
        raise ValueError(f"expected <seat>.<slot> such as 1.3, got {word!r}")
    return f"{int(seat)}.{int(slot)}"


def _card(word: str) -> str:
    """<card>"""
    return card_text(card_value(word))


GRAMMAR: dict[str, list[list[Any]]] = {
    "draw": [[]], "take": [[_slot]], "swap": [[_slot]], "discard": [[]],
    "look": [[_slot]], "spy": [[_target]], "steal": [[_slot, _target]], "scout": [[_target]],
    "trade": [[_slot]], "keep": [[]], "drop": [[_slot]], "snap": [[_target]], "give": [[_slot]],
    "close": [[]], "call": [[]], "done": [[]], "next": [[]],
}


def _split_target(word: str) -> tuple[int, int]:
    seat, _, slot = word.partition(".")
    return int(seat), int(slot)


def _opt_value(text: Any) -> int | None:
    return None if text is None else card_value(text)


def _opt_text(value: int | None) -> str | None:
    return None if value is None else card_text(value)


def _pair(data: Any) -> tuple[int, int] | None:
    return None if data is None else (int(data[0]), int(data[1]))


def _opt_int(data: Any) -> int | None:
    return None if data is None else int(data)


@dataclass(eq=False)
class GangTable:
    """Everything that changes during a match of Gang de mouettes, listed once: how each field is
    saved, read back and copied (the card zones first: a snapshot names each card first in a zone)."""

    slots: list[list[int]] = state_field(
        copy=nested, dump=lambda v: [[card_text(c) for c in s] for s in v],
        load=lambda d: [[card_value(c) for c in s] for s in d])
    pile: list[int] = state_field(copy=flat, dump=lambda v: [card_text(c) for c in v],
                                  load=lambda d: [card_value(c) for c in d])
    discard: list[int] = state_field(copy=flat, dump=lambda v: [card_text(c) for c in v],
                                     load=lambda d: [card_value(c) for c in d])
    drawn: int | None = state_field(copy=same, dump=_opt_text, load=_opt_value)
    pending: int | None = state_field(copy=same, dump=_opt_text, load=_opt_value)
    know: list[list[int]] = state_field(copy=nested, dump=nested, load=lambda d: [[int(m) for m in k] for k in d])
    totals: list[int] = state_field(copy=flat, dump=flat, load=lambda d: [int(t) for t in d])
    round: int = state_field(copy=same, dump=same, load=int, default=0)
    turn: int = state_field(copy=same, dump=same, load=int, default=0)
    first_turn: int = state_field(copy=same, dump=same, load=int, default=0)
    dealer: int = state_field(copy=same, dump=same, load=int, default=0)
    active: int = state_field(copy=same, dump=same, load=int, default=0)
    phase: str = state_field(copy=same, dump=same, load=str, default=TURN)
    scout: tuple[int, int] | None = state_field(copy=same, dump=lambda v: None if v is None else list(v), load=_pair)
    tried: int = state_field(copy=same, dump=same, load=int, default=0)
    giver: tuple[int, int] | None = state_field(copy=same, dump=lambda v: None if v is None else list(v), load=_pair)
    caller: int | None = state_field(copy=same, dump=same, load=_opt_int)
    final: list[int] = state_field(copy=flat, dump=flat, load=lambda d: [int(s) for s in d])
    public: list[dict[str, Any]] = state_field(copy=flat, dump=lambda v: [dict(e) for e in v],
                                               load=lambda d: [dict(e) for e in d])
    """This round's public actions (the view's ``round_log``)."""
    last_round: dict[str, Any] | None = state_field(copy=same, dump=same,
                                                    load=lambda d: None if d is None else dict(d))
    quiet: bool = state_field(copy=same, saved=False, default=False)
    """Skip building events (a bot's rollouts); never saved."""


class GangState(GangTable, GameState):
    """A whole match of Gang de mouettes (see the package docstring for phases, moves and views)."""

    GAME_ID = "gang_de_mouettes"
    VERSION = 1
    Options = Options
    quiet = False
    """Set on a search copy to skip events and the public log (bots' rollouts only)."""

    # ----------------------------------------------------------------- setup
    @classmethod
    def full_deck(cls, options: Any) -> list[str]:
        return [card_text(v) for v in full_values()]

    def _start(self, deck: list[str] | None) -> None:
        n = self.players
        first = self.options.first_dealer  # a seat of this table (``Options.check_table``)
        dealer = self.rng.randrange(n) if first is None else first
        self.totals = [0] * n
        self.round = 0
        self.turn = 0
        self.last_round: dict[str, Any] | None = None
        self._events: list[Event] = []
        self._deal(dealer, None if deck is None else [card_value(c) for c in deck])

    def _deal(self, dealer: int, order: list[int] | None) -> None:
        """Deal 4 cards to every seat (one at a time from the seat after the dealer); start play."""
        n = self.players
        if order is None:
            order = full_values()
            self.rng.shuffle(order)
        self.slots: list[list[int]] = [[] for _ in range(n)]
        self.know: list[list[int]] = [[] for _ in range(n)]
        i = 0
        for _ in range(4):
            for k in range(1, n + 1):
                seat = (dealer + k) % n
                mask = (1 << seat) if len(self.slots[seat]) < self.options.peek_slots else 0
                self.slots[seat].append(order[i])
                self.know[seat].append(mask)
                self._events.append(_event("deal", seat, order[i], "stock", f"slot:{seat}.{len(self.slots[seat]) - 1}",
                                           False, mask))
                i += 1
        self.pile: list[int] = order[i:][::-1]
        self.discard: list[int] = []
        self.dealer = dealer
        self.round += 1
        self.drawn: int | None = None
        self.pending: int | None = None
        self.scout: tuple[int, int] | None = None
        self.tried = 0
        self.giver: tuple[int, int] | None = None
        self.caller: int | None = None
        self.final: list[int] = []
        self.public: list[dict[str, Any]] = []
        self.active = dealer
        self.first_turn = self.turn + 1
        self._begin_turn((dealer + 1) % n)

    # ----------------------------------------------------------------- notation
    @staticmethod
    def parse_move(text: str) -> Move:
        return parse_with_grammar(text, GRAMMAR, "Gang de mouettes")

    # ----------------------------------------------------------------- who moves, what is legal
    def to_move(self) -> list[int]:
        phase = self.phase
        if phase == OVER:
            return []
        if phase == ROUND_OVER:
            return list(range(self.players))
        if phase == WINDOW:
            n, a = self.players, self.active
            return [a] + [(a + k) % n for k in range(1, n) if self._can_snap((a + k) % n)]
        if phase == GIVE:
            return [self.giver[0]]  # type: ignore[index]
        return [self.active]

    def _can_snap(self, seat: int) -> bool:
        return seat != self.active and not (self.tried >> seat) & 1 and bool(self.slots[seat])

    def _can_draw(self) -> bool:
        return bool(self.pile) or len(self.discard) > 1

    def _pique(self) -> bool:
        return self.options.pique_allowed and self.players >= 3

    def _calls_at_start(self) -> bool:
        """Whether the active seat may call now instead of drawing (option ``call_timing``)."""
        return self.options.call_timing == START_OF_TURN and self.caller is None

    def timer(self) -> Timer | None:
        """The quick-discard window (a race of the seats that may still snap) or, once the active
        seat may only call or end its turn, the grace after which its turn ends by itself."""
        if self.phase == WINDOW:
            # a turn opens at most two windows: the 20's thrown card (the 20 pending), then the 20;
            # a card let through (``snap_successes`` several) changes the board, not the window
            key = ("window", self.round, self.turn, self.pending is not None)
            return Window(key, float(self.options.snap_window_seconds), tuple(self.to_move()[1:]),
                          Move("close", self.active), len(self.discard))
        if self.phase == END_TURN:
            return Grace(("grace", self.round, self.turn), float(self.options.end_turn_grace_seconds),
                         self.active, Move("done", self.active))
        return None

    def readiness(self) -> Any:
        """At the start of a round the players look at their first cards before anyone plays."""
        if self.phase == TURN and not self.public and self.options.peek_slots > 0:
            return ("peek", self.round)
        return None

    def legal_moves(self, seat: int) -> list[Move]:
        if seat not in self.to_move():
            return []
        return [_move(a, seat) for a in self._actions(seat)]

    def is_legal(self, move: Move) -> bool:
        seat = move.seat
        if seat is None or seat not in self.to_move():
            return False
        return move.action in self._actions(seat, _words(move.action)[0])

    def _actions(self, seat: int, only: str | None = None) -> list[str]:
        """The legal action texts of ``seat`` (only those named ``only`` when given)."""
        phase, a = self.phase, self.active
        out: list[str] = []

        def want(name: str) -> bool:
            return only is None or only == name

        if phase == ROUND_OVER:
            return ["next"] if want("next") else []
        if phase == GIVE:
            return [f"give {i}" for i in range(len(self.slots[seat]))] if want("give") else []
        if phase == WINDOW:
            if seat == a:
                return ["close"] if want("close") else []
            if not want("snap") or not self._can_snap(seat):
                return []
            targets = range(self.players) if self._pique() else (seat,)
            return [f"snap {t}.{i}" for t in targets for i in range(len(self.slots[t]))]
        if seat != a:
            return []
        own = range(len(self.slots[a]))
        if phase == TURN:
            if want("draw") and self._can_draw():
                out.append("draw")
            if want("take") and self.discard:
                out.extend(f"take {i}" for i in own)
            if want("call") and self._calls_at_start():
                out.append("call")
            return out
        if phase == END_TURN:
            return [m for m in ("call", "done") if want(m)]
        if phase == SCOUT:
            if want("trade"):
                out.extend(f"trade {i}" for i in own)
            if want("keep"):
                out.append("keep")
            return out
        # DRAWN: the drawn card is in hand
        drawn = self.drawn
        if want("swap"):
            out.extend(f"swap {i}" for i in own)
        if want("discard"):
            out.append("discard")
        power = POWERS.get(drawn)  # type: ignore[arg-type]
        if power is None or not want(power):
            return out
        others = [(s, i) for s in range(self.players) if s != a for i in range(len(self.slots[s]))]
        if power == "look" or power == "drop":
            out.extend(f"{power} {i}" for i in own)
        elif power == "spy" or power == "scout":
            out.extend(f"{power} {s}.{i}" for s, i in others)
        else:
            out.extend(f"steal {j} {s}.{i}" for j in own for s, i in others)
        return out

    def refusal(self, move: Move) -> IllegalMove:
        """A seat that already tried its quick discard in this window is told so, not that it is
        not its turn; where a piqué's thief gives their last card, a ``give`` is told why it is
        never played."""
        seat = move.seat
        if (move.name == "give" and self.options.pique_gives == LAST and not self.is_over()
                and seat is not None and 0 <= seat < self.players):
            return IllegalMove("Here the thief of a piqué gives their last card, without choosing.",
                               "gang.gives_last")
        if (self.phase == WINDOW and move.name == "snap" and seat is not None and 0 <= seat < self.players
                and seat != self.active and seat not in self.to_move()):
            if (self.tried >> seat) & 1:
                return IllegalMove("You already tried a quick discard on this card.", "gang.already_tried")
            return IllegalMove("You have no card left to quick-discard.", "gang.no_cards")
        return super().refusal(move)

    def _why_illegal(self, move: Move) -> IllegalMove | None:
        """Why ``move`` (by a seat that may act now) is refused, in a player's words: first what the
        move itself needs that is missing now, then what the phase asks for."""
        name, phase, seat = move.name, self.phase, move.seat
        if phase == ROUND_OVER:
            return IllegalMove("The round is over: deal the next one.", "gang.round_over")
        if phase == GIVE:
            return IllegalMove("Give one of your cards to the player whose card you took.", "gang.give_first")
        if (name == "call" and self.caller is None and phase in (DRAWN, SCOUT, WINDOW) and seat == self.active
                and self.options.call_timing == START_OF_TURN):
            return IllegalMove("« Gang de mouettes ! » is called at the start of your turn, instead of drawing.",
                               "gang.call_at_start")
        if phase == WINDOW and seat == self.active:
            if name == "snap":
                return IllegalMove("You put that card down: the others may quick-discard on it, not you.",
                                   "gang.active_no_snap")
            return IllegalMove("Quick discards are under way: wait, or close the window.", "gang.window_open")
        if phase == WINDOW:
            if name != "snap":
                return IllegalMove("Only a quick discard is possible now.", "gang.only_snap")
            target: int | None
            try:
                target = _split_target(move.args[0])[0]
            except (IndexError, ValueError):
                target = seat
            if target != seat and not self._pique():
                return IllegalMove("A quick discard with an opponent's card (piqué) is not played here.",
                                   "gang.no_pique")
            return IllegalMove("There is no such card on the table.", "gang.no_such_slot")
        needs = {
            "snap": IllegalMove("A quick discard is only possible right after a card is discarded.",
                                "gang.no_window"),
            "close": IllegalMove("There is no quick-discard window to close.", "gang.no_window_to_close"),
            "next": IllegalMove("The round is not over yet.", "gang.round_not_over"),
            "give": IllegalMove("Nothing is owed: a card is given only after a successful piqué.",
                                "gang.nothing_to_give"),
            "trade": IllegalMove("Trade or keep only after looking at a card with a 15.", "gang.no_scout"),
        }
        needs["keep"] = needs["trade"]
        if name in needs and not (name in ("trade", "keep") and phase == SCOUT):
            return needs[name]
        if name == "call" and self.caller is not None:
            return IllegalMove("Somebody has already called « Gang de mouettes ! ».", "gang.already_called")
        if phase == END_TURN:
            return IllegalMove("Your turn is over: call « Gang de mouettes ! » or say done.",
                               "gang.end_turn")
        if phase == TURN:
            if name == "take" and not self.discard:
                return IllegalMove("The discard pile is empty: draw a card instead.", "gang.discard_empty")
            if name == "draw":
                return IllegalMove("There is no card left to draw.", "gang.pile_empty")
            if name == "call":
                return IllegalMove("« Gang de mouettes ! » is called once your turn is played: draw or take a "
                                   "card first.", "gang.call_after_turn")
            if name != "take" and self._calls_at_start():
                return IllegalMove("Draw a card, take the top of the discard pile, or call « Gang de mouettes ! ».",
                                   "gang.draw_or_call")
            if name != "take":
                return IllegalMove("Draw a card or take the top of the discard pile first.",
                                   "gang.draw_first")
        if phase == DRAWN:
            if name in ("draw", "take"):
                return IllegalMove("You have drawn already: swap, discard or use the card's power.",
                                   "gang.already_drawn")
            if name in POWERS.values() and POWERS.get(self.drawn) != name:  # type: ignore[arg-type]
                return IllegalMove("That power belongs to another card than the one you drew.",
                                   "gang.wrong_power")
            if name in ("call", "done"):
                return IllegalMove("First swap the card you drew, throw it, or use its power.", "gang.play_drawn")
        if phase == SCOUT and name not in ("trade", "keep"):
            return IllegalMove("Trade the card you looked at for one of yours, or keep.",
                               "gang.trade_or_keep")
        return IllegalMove("There is no such card on the table.", "gang.no_such_slot")

    # ----------------------------------------------------------------- playing
    def _apply(self, move: Move) -> list[Event]:
        self._events = []
        seat = move.seat
        name, args = _words(move.action)
        a = self.active
        if name == "draw":
            if not self.pile:
                self._reshuffle()
            self.drawn = self.pile.pop()
            self.phase = DRAWN
            self._emit("draw", a, self.drawn, "stock", f"hand:{a}", False, 1 << a)
            self._log("draw", a)
        elif name == "take":
            i = int(args[0])
            card = self.discard.pop()
            old = self.slots[a][i]
            self.slots[a][i], self.know[a][i] = card, PUBLIC
            self._emit("take", a, card, "discard", f"slot:{a}.{i}", True, PUBLIC)
            self._log("take", a, slot=i, card=card_text(card), replaced=card_text(old))
            self._throw(old, f"slot:{a}.{i}")
            self._open_window()
        elif name == "swap":
            i = int(args[0])
            old = self.slots[a][i]
            drawn = self.drawn
            assert drawn is not None  # a swap is legal only with a drawn card in hand
            self.slots[a][i], self.know[a][i] = drawn, 1 << a
            self.drawn = None
            self._emit("swap", a, drawn, f"hand:{a}", f"slot:{a}.{i}", False, 1 << a)
            self._log("swap", a, slot=i, replaced=card_text(old))
            self._throw(old, f"slot:{a}.{i}")
            self._open_window()
        elif name == "discard":
            self._log("discard", a, card=card_text(self.drawn))  # type: ignore[arg-type]
            self._discard_drawn()
        elif name == "look":
            i = int(args[0])
            self._peek(a, a, i, "look")
            self._discard_drawn()
        elif name == "spy":
            s, i = _split_target(args[0])
            self._peek(a, s, i, "spy")
            self._discard_drawn()
        elif name == "steal":
            j = int(args[0])
            s, i = _split_target(args[1])
            self._exchange(a, j, s, i)
            self._log("steal", a, slot=j, target=[s, i])
            self._discard_drawn()
        elif name == "scout":
            s, i = _split_target(args[0])
            self._peek(a, s, i, "scout")
            self.scout = (s, i)
            self.phase = SCOUT
        elif name == "trade" or name == "keep":
            s, i = self.scout  # type: ignore[misc]
            if name == "trade":
                j = int(args[0])
                self._exchange(a, j, s, i)
                self._log("trade", a, slot=j, target=[s, i])
            else:
                self._emit("keep", a)
                self._log("keep", a)
            self.scout = None
            self._discard_drawn()
        elif name == "drop":
            i = int(args[0])
            card = self.slots[a].pop(i)
            self.know[a].pop(i)
            self._log("drop", a, slot=i, card=card_text(card))
            self._throw(card, f"slot:{a}.{i}")
            if self.options.drop_card_window:
                self.pending, self.drawn = self.drawn, None
                self._open_window()
            else:
                self._discard_drawn()
        elif name == "snap":
            self._snap(seat, *_split_target(args[0]))  # type: ignore[arg-type]
        elif name == "give":
            victim = self.giver[1]  # type: ignore[index]
            self.giver = None
            self._give(seat, int(args[0]), victim)  # type: ignore[arg-type]
        elif name == "close":
            self._emit("window_close", a)
            self._after_window()
        elif name == "call":
            self._call(a)
        elif name == "done":
            self._finish_turn()
        elif name == "next":
            self._begin_hand()
            self._deal((self.dealer + 1) % self.players, None)
        return self._events

    def _emit(self, kind: str, seat: int | None, card: int | None = None, src: str | None = None,
              dst: str | None = None, face_up: bool = True, mask: int = PUBLIC, **info: Any) -> None:
        if self.quiet:
            return
        if not info:
            self._events.append(_event(kind, seat, card, src, dst, face_up, mask))
            return
        known = None if mask & PUBLIC else frozenset(s for s in range(self.players) if (mask >> s) & 1)
        self._events.append(Event(kind, seat, None if card is None else card_text(card), src, dst,
                                  face_up, known, info))

    def _log(self, kind: str, seat: int, **info: Any) -> None:
        if self.quiet:
            return
        entry = {"kind": kind, "seat": seat, "turn": self.turn}
        entry.update(info)
        self.public.append(entry)

    def _reshuffle(self) -> None:
        """The discard pile except its top card, shuffled, becomes the new draw pile."""
        rest = self.discard[:-1]
        self.discard = self.discard[-1:]
        self.rng.shuffle(rest)
        self.pile = rest + self.pile
        self._emit("reshuffle", None, None, "discard", "stock", False, count=len(rest))
        self._log("reshuffle", self.active, count=len(rest))

    def _throw(self, card: int, src: str) -> None:
        self.discard.append(card)
        self._emit("discard", self.active, card, src, "discard")

    def _discard_drawn(self) -> None:
        card, self.drawn = self.drawn, None
        self._throw(card, f"hand:{self.active}")  # type: ignore[arg-type]
        self._open_window()

    def _peek(self, looker: int, seat: int, i: int, kind: str) -> None:
        self.know[seat][i] |= 1 << looker
        self._emit(kind, looker, self.slots[seat][i], f"slot:{seat}.{i}", f"slot:{seat}.{i}", False,
                   self.know[seat][i] if self.know[seat][i] & PUBLIC else 1 << looker)
        self._log(kind, looker, target=[seat, i])

    def _exchange(self, a: int, j: int, s: int, i: int) -> None:
        """Swap two face-down cards; each card's knowledge mask moves with it."""
        mine, theirs = self.slots[a][j], self.slots[s][i]
        km, kt = self.know[a][j], self.know[s][i]
        self.slots[a][j], self.slots[s][i] = theirs, mine
        self.know[a][j], self.know[s][i] = kt, km
        self._emit("move", a, mine, f"slot:{a}.{j}", f"slot:{s}.{i}", False, km)
        self._emit("move", a, theirs, f"slot:{s}.{i}", f"slot:{a}.{j}", False, kt)

    def _open_window(self) -> None:
        """The active player put a card on the discard: other seats may now try a quick discard."""
        self.tried = 0
        if self.options.quick_discards and any(self._can_snap(s) for s in range(self.players)):
            self.phase = WINDOW
            self.tried = 0
            self._emit("window_open", self.active, self.discard[-1], "discard", "discard")
        else:
            self._after_window()

    def _after_window(self) -> None:
        self.tried = 0
        if self.pending is not None:
            card, self.pending = self.pending, None
            self._throw(card, f"hand:{self.active}")
            self._open_window()
        elif self.caller is None and self.options.call_timing == AFTER_TURN:
            self.phase = END_TURN
        else:
            self._finish_turn()

    def _snap(self, seat: int, target: int, i: int) -> None:
        self.tried |= 1 << seat
        card = self.slots[target][i]
        if card == self.discard[-1]:
            self.slots[target].pop(i)
            self.know[target].pop(i)
            self.discard.append(card)
            self._emit("snap", seat, card, f"slot:{target}.{i}", "discard", True, PUBLIC, success=True)
            self._log("snap", seat, target=[target, i], card=card_text(card), success=True)
            if target == seat:
                self._snapped()
            elif self.options.pique_gives == LAST:
                self._give(seat, len(self.slots[seat]) - 1, target)
            else:
                self.giver = (seat, target)
                self.phase = GIVE
            return
        if self.options.missed_snap_public:
            self.know[target][i] |= PUBLIC
        self._emit("snap", seat, card, f"slot:{target}.{i}", f"slot:{target}.{i}",
                   self.options.missed_snap_public, self.know[target][i], success=False)
        self._log("snap", seat, target=[target, i], success=False,
                  card=card_text(card) if self.options.missed_snap_public else None)
        if not self.pile and len(self.discard) > 1:
            self._reshuffle()
        if self.pile:
            penalty = self.pile.pop()
            self.slots[seat].append(penalty)
            self.know[seat].append(0)
            self._emit("penalty", seat, penalty, "stock", f"slot:{seat}.{len(self.slots[seat]) - 1}",
                       False, 0)
            self._log("penalty", seat)
        if not any(self._can_snap(s) for s in range(self.players)):
            self._emit("window_close", self.active)
            self._after_window()

    def _snapped(self) -> None:
        """A quick discard matched (and its piqué's card was given): with ``snap_successes`` one the
        window closes; with several it stays open, or opens again after a chosen give, while some
        seat may still try."""
        if self.options.snap_successes == SEVERAL and any(self._can_snap(s) for s in range(self.players)):
            if self.phase == GIVE:
                self.phase = WINDOW
                self._emit("window_open", self.active, self.discard[-1], "discard", "discard")
            return
        self._emit("window_close", self.active)
        self._after_window()

    def _give(self, seat: int, i: int, victim: int) -> None:
        """The thief of a piqué gives its slot ``i``, face down, to the end of the victim's slots."""
        card, mask = self.slots[seat].pop(i), self.know[seat].pop(i)
        self.slots[victim].append(card)
        self.know[victim].append(mask)
        self._emit("give", seat, card, f"slot:{seat}.{i}", f"slot:{victim}.{len(self.slots[victim]) - 1}",
                   False, mask)
        self._log("give", seat, slot=i, to=victim)
        self._snapped()

    def _begin_turn(self, seat: int) -> None:
        self.active = seat
        self.turn += 1
        self.phase = TURN
        self._emit("turn", seat)
        if self.caller is None and not self.slots[seat]:
            # A seat with no card cannot score less, and a round of empty hands would never end
            # (option ``empty_hand``).
            if self.options.empty_hand == CALLS:
                self._call(seat)
            else:
                self._emit("turn_end", seat)
                self._end_round()
            return
        if not self._can_draw() and not (self.discard and self.slots[seat]):
            # Nothing to draw and nothing to take: the turn goes straight to its end, where a seat
            # may still call (whatever the call timing: nothing was played).
            if self.caller is None:
                self.phase = END_TURN
            else:
                self._finish_turn()

    def _call(self, a: int) -> None:
        """Seat ``a`` calls « Gang de mouettes ! » (by its move, or by option ``empty_hand``): its turn
        ends and the last round begins."""
        n = self.players
        self.caller = a
        self.final = [(a + k) % n for k in range(1, n)] + ([a] if self.options.caller_plays_last else [])
        self._emit("call", a)
        self._log("call", a)
        self._finish_turn()

    def _finish_turn(self) -> None:
        """The active seat's turn is over (said in a ``turn_end`` event, however it ended)."""
        n = self.players
        self._emit("turn_end", self.active)
        if self.caller is None:
            self._begin_turn((self.active + 1) % n)
        elif self.final:
            self._begin_turn(self.final.pop(0))
        else:
            self._end_round()

    def round_points(self) -> tuple[list[int], list[int], bool]:
        """Each seat's card total, each seat's points for the round, and whether the caller was lowest."""
        sums = [sum(s) for s in self.slots]
        points = list(sums)
        lowest = False
        c = self.caller
        if c is not None:
            others = [sums[s] for s in range(self.players) if s != c]
            best = min(others) if others else sums[c]
            lowest = sums[c] <= best if self.options.tie_counts_as_lowest else sums[c] < best
            points[c] = 0 if lowest else sums[c] + self.options.caller_penalty
        return sums, points, lowest

    def _end_round(self) -> None:
        n = self.players
        for s in range(n):
            for i, card in enumerate(self.slots[s]):
                self.know[s][i] |= PUBLIC
                self._emit("reveal", s, card, f"slot:{s}.{i}", f"slot:{s}.{i}")
        sums, points, lowest = self.round_points()
        self.totals = [t + p for t, p in zip(self.totals, points)]
        low = min(points)
        hands = [[card_text(c) for c in s] for s in self.slots]
        self.last_round = {"round": self.round, "hands": hands, "sums": sums, "points": points,
                           "caller": self.caller, "caller_lowest": lowest, "totals": list(self.totals)}
        self.history.append({"points": points, "winners": [s for s in range(n) if points[s] == low],
                             "round": self.round, "caller": self.caller, "caller_lowest": lowest,
                             "sums": sums, "hands": hands})
        self.phase = OVER if max(self.totals) >= self.options.match_end else ROUND_OVER
        self._emit("round_end", None, points=points, totals=list(self.totals), caller=self.caller,
                   winners=list(self.history[-1]["winners"]))
        if self.phase == OVER:
            self._emit("match_end", None, winners=self.winners())

    # ----------------------------------------------------------------- results
    def seat_stats(self, seat: int) -> dict[str, int]:
        """Rounds, calls made and won (the caller lowest), points scored in rounds, and quick
        discards that succeeded."""
        return {
            "rounds": len(self.history),
            "calls": sum(h["caller"] == seat for h in self.history),
            "calls_won": sum(h["caller"] == seat and bool(h["caller_lowest"]) for h in self.history),
            "round_points": sum(h["points"][seat] for h in self.history),
            "quick_discards_won": sum(e.kind == "snap" and e.seat == seat and bool(e.info.get("success"))
                                      for e in self.match_events()),
        }

    def hand_in_play(self) -> bool:
        return self.phase not in (ROUND_OVER, OVER)

    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def scores(self) -> list[int]:
        return list(self.totals)

    def winners(self) -> list[int]:
        if self.phase != OVER:
            return []
        low = min(self.totals)
        return [s for s in range(self.players) if self.totals[s] == low]

    # ----------------------------------------------------------------- views
    def knows(self, seat: int | None, mask: int) -> bool:
        """Whether ``seat`` (``None``: a spectator) knows a card with knowledge ``mask``."""
        return bool(mask & PUBLIC) or (seat is not None and bool((mask >> seat) & 1))

    def _knowers(self, mask: int) -> list[int]:
        if mask & PUBLIC:
            return list(range(self.players))
        return [s for s in range(self.players) if (mask >> s) & 1]

    def _sees_drawn(self, seat: int | None) -> bool:
        return self.drawn is not None and (seat == self.active or self.phase == SCOUT)

    def view(self, seat: int | None) -> dict[str, Any]:
        v = self.base_view(seat)
        a = self.active
        window = None
        if self.phase == WINDOW:
            window = {"card": card_text(self.discard[-1]),
                      "tried": [s for s in range(self.players) if (self.tried >> s) & 1],
                      "open_to": self.to_move()[1:]}
        v.update({
            "phase": self.phase,
            "round": self.round,
            "turn": self.turn,
            "round_turn": self.turn - self.first_turn + 1,
            "dealer": self.dealer,
            "active": None if self.phase in (ROUND_OVER, OVER) else a,
            "slots": [[card_text(c) if self.knows(seat, m) else None for c, m in zip(cs, ms)]
                      for cs, ms in zip(self.slots, self.know)],
            "knowers": [[self._knowers(m) for m in ms] for ms in self.know],
            "pile_size": len(self.pile),
            "discard": [card_text(c) for c in self.discard],
            "top": card_text(self.discard[-1]) if self.discard else None,
            "holding": self.drawn is not None or self.pending is not None,
            "drawn": card_text(self.drawn) if self._sees_drawn(seat) else None,  # type: ignore[arg-type]
            "pending": None if self.pending is None else card_text(self.pending),
            "scouted": None if self.scout is None else list(self.scout),
            "window": window,
            "give": None if self.giver is None else {"snapper": self.giver[0], "victim": self.giver[1]},
            "caller": self.caller,
            "final_turns": list(self.final),
            "can_draw": self._can_draw(),
            "pique": self._pique(),
            "round_log": [dict(e) for e in self.public],
            "last_round": None if self.last_round is None else dict(self.last_round),
            "options": self.options_data(),
        })
        return v

    def card_zones(self) -> dict[str, list[str]]:
        zones: dict[str, list[str]] = {
            "stock": [card_text(c) for c in reversed(self.pile)],
            "discard": [card_text(c) for c in self.discard],
        }
        held = [c for c in (self.drawn, self.pending) if c is not None]
        if held:
            zones[f"hand:{self.active}"] = [card_text(c) for c in held]
        for s, cards in enumerate(self.slots):
            for i, c in enumerate(cards):
                zones[f"slot:{s}.{i}"] = [card_text(c)]
        return zones

    @classmethod
    def determinise(cls, view: dict[str, Any], rng: Rng) -> GangState:
        """A whole state that ``view``'s seat cannot tell from the real one: every card it does not
        know (slots, the pile, another seat's drawn card) dealt at random from the cards unseen."""
        counts = dict(COUNTS)
        slots: list[list[int | None]] = []
        for row in view["slots"]:
            values = [None if t is None else card_value(t) for t in row]
            for v in values:
                if v is not None:
                    counts[v] -= 1
            slots.append(values)
        discard = [card_value(t) for t in view["discard"]]
        drawn = None if view["drawn"] is None else card_value(view["drawn"])
        pending = None if view["pending"] is None else card_value(view["pending"])
        for v in [*discard, drawn, pending]:
            if v is not None:
                counts[v] -= 1
        pool = [v for v, c in counts.items() for _ in range(c)]
        rng.shuffle(pool)
        st = cls.__new__(cls)
        st.players, st.names = view["players"], list(view["names"])
        st.options = Options(**view["options"])
        st._as_simulation(view, rng)
        st.log, st.history = list(view["log"]), [dict(h) for h in view["history"]]
        st.quiet = False
        st._events = []
        st.slots = [[pool.pop() if v is None else v for v in row] for row in slots]
        st.know = [[sum(1 << k for k in who) for who in row] for row in view["knowers"]]
        st.discard = discard
        st.drawn = drawn if drawn is not None or not view["holding"] or pending is not None else pool.pop()
        st.pending = pending
        st.pile = pool
        st.totals = list(view["scores"])
        st.round, st.turn, st.dealer = view["round"], view["turn"], view["dealer"]
        st.active = view["dealer"] if view["active"] is None else view["active"]  # between rounds
        st.first_turn = view["turn"] - view["round_turn"] + 1
        st.phase = view["phase"]
        st.scout = None if view["scouted"] is None else tuple(view["scouted"])
        st.tried = 0 if view["window"] is None else sum(1 << s for s in view["window"]["tried"])
        st.giver = None if view["give"] is None else (view["give"]["snapper"], view["give"]["victim"])
        st.caller = view["caller"]
        st.final = list(view["final_turns"])
        st.public = [dict(e) for e in view["round_log"]]
        st.last_round = None if view["last_round"] is None else dict(view["last_round"])
        return st

    def redeal_hidden(self, seat: int | None, rng: Rng) -> GangState:
        other = self.clone()
        places: list[tuple[list[int], int]] = [(other.pile, i) for i in range(len(other.pile))]
        for cards, masks in zip(other.slots, other.know):
            places.extend((cards, i) for i, m in enumerate(masks) if not self.knows(seat, m))
        values = [cards[i] for cards, i in places]
        hide_drawn = other.drawn is not None and not self._sees_drawn(seat)
        if hide_drawn:
            values.append(other.drawn)  # type: ignore[arg-type]
        rng.shuffle(values)
        if hide_drawn:
            other.drawn = values.pop()
        for (cards, i), value in zip(places, values):
            cards[i] = value
        return other

    # ----------------------------------------------------------------- snapshots
    def _restored(self) -> None:
        self._events = []

    def _check(self) -> None:
        n = self.players
        if len(self.slots) != n or len(self.know) != n or any(
                len(a) != len(b) for a, b in zip(self.slots, self.know)):
            raise ValueError("slots and knowledge do not match the table")
        if self.phase not in (TURN, DRAWN, SCOUT, WINDOW, GIVE, END_TURN, ROUND_OVER, OVER):
            raise ValueError(f"unknown phase {self.phase!r}")
        for entry in self.public:
            for key in ("card", "replaced"):
                _opt_value(entry.get(key))
        for hand in (self.last_round or {}).get("hands", []):
            for c in hand:
                card_value(c)
        if len(self.totals) != n or not (0 <= self.active < n and 0 <= self.dealer < n):
            raise ValueError("seats do not match the table")

