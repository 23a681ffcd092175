"""The LaGagne rules engine: one whole game to the target, played turn by turn.

See the package docstring for the moves, the phases and the keys of a view.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

from game.core import Event, GameState, IllegalMove, Move, Rng, parse_with_grammar
from game.core.fields import flat, nested, same, state_field
from game.lagagne.cards import (
    ALL_CARDS,
    ECHANGE,
    JOKER_SET,
    JOKERS,
    POINTS,
    RECUP,
    SUIT_NAMES,
    SUIT_OF,
    SUITED,
    SUITED_SET,
    SUITS,
    SYMBOL_SET,
    SYMBOLS,
    VOLER,
    X2,
    ZERO,
    deck_cards,
    describe,
)
from game.lagagne.options import Options
from game.lagagne.options import Options as LaGagneOptions

SI = {s: i for i, s in enumerate(SUITS)}
_MOVES: dict[tuple[str, int], Move] = {}
"""Every move made so far, by action and seat: searching bots list the legal moves of millions of
positions, and the moves of a game are a few thousand, so each is built once."""


@functools.lru_cache(maxsize=16)
def _view_options(target: int, hand_size: int, mulligans_per_game: int, max_rounds: int,
                  deck: tuple[tuple[str, int], ...], symbol_steal_any_time: bool,
                  x2_needs_open_column: bool, mulligan_any_time: bool) -> Options:
    """The options a view shows, checked once: a searching bot rebuilds a game from a view
    thousands of times a move, always with the same options."""
    return Options(
        target=target, hand_size=hand_size, mulligans_per_game=mulligans_per_game,
        max_rounds=max_rounds, deck=deck, symbol_steal_any_time=symbol_steal_any_time,
        x2_needs_open_column=x2_needs_open_column, mulligan_any_time=mulligan_any_time,
    )


_WORDS: dict[str, tuple[str, tuple[str, ...]]] = {}


def action_words(action: str) -> tuple[str, tuple[str, ...]]:
    """A move's name and arguments (``("play", ("J20", "s"))``), split once per distinct action
    (the engine and the searching bots read millions of moves of a few thousand kinds)."""
    words = _WORDS.get(action)
    if words is None:
        name, *args = action.split(" ")
        words = _WORDS[action] = (name, tuple(args))
    return words


def _move(action: str, seat: int) -> Move:
    move = _MOVES.get((action, seat))
    if move is None:
        move = _MOVES[(action, seat)] = Move(action, seat)
    return move


COLUMN = {c: SI[s] for c, s in SUIT_OF.items()}
"""The column index of every symbol and suited point card."""


@dataclass(frozen=True)
class _Seat:
    """What the engine writes again and again about one seat, built once: the moves that name a
    card of its hand, its hand as events name it, and the seats that see what it draws. Listing
    legal moves is the engine's most frequent work in a search, and formatting and looking up
    their texts was most of its cost."""

    hand: str
    only: frozenset[int]
    play: dict[str, Move]
    lay_on: dict[str, dict[str, Move]]
    discard: dict[str, Move]
    give: dict[str, Move]
    recup: Move
    mulligan: Move


@functools.cache
def _seat_table(seat: int) -> _Seat:
    return _Seat(
        hand=f"hand:{seat}",
        only=frozenset({seat}),
        play={c: _move(f"play {c}", seat) for c in SYMBOLS + SUITED},
        lay_on={c: {s: _move(f"play {c} {s}", seat) for s in SUITS} for c in (*JOKERS, X2)},
        discard={c: _move(f"discard {c}", seat) for c in ALL_CARDS},
        give={c: _move(f"give {c}", seat) for c in ALL_CARDS},
        recup=_move("recup", seat),
        mulligan=_move("mulligan", seat),
    )


_TABLE_CARD = re.compile(r"^(\d+):(S[hscd]|P(?:5|10|20|50)[hscd]|(?:J(?:5|10|20|50)|X2)[hscd]?)$")


def _card(word: str) -> str:
    """<card>"""
    if word not in ALL_CARDS:
        raise ValueError(
            f"expected a LaGagne card (Sh, P20h, J50, Z, Voler, Recup, Echange, X2), not {word!r}"
        )
    return word


def _suit(word: str) -> str:
    """<column h|s|c|d>"""
    if word not in SUITS:
        raise ValueError(f"expected a column h, s, c or d, not {word!r}")
    return word


def _seat(word: str) -> str:
    """<seat>"""
    if not word.isdigit():
        raise ValueError(f"expected a seat number, not {word!r}")
    return str(int(word))


def _table_card(word: str) -> str:
    """<seat>:<table card>"""
    m = _TABLE_CARD.match(word)
    if not m:
        raise ValueError(
            f"expected a table card such as 2:P20h, 2:Sh, 2:J50s or 2:X2h (a joker or ×2 may name the "
            f"column it lies in), not {word!r}"
        )
    return f"{int(m.group(1))}:{m.group(2)}"


GRAMMAR: dict[str, list[list[Any]]] = {
    "play": [[_card], [_card, _suit]],
    "discard": [[_card]],
    "steal": [[_table_card], [_table_card, _suit]],
    "recup": [[]],
    "exchange": [[_seat]],
    "give": [[_card]],
    "mulligan": [[]],
}


def _take(counter: dict[str, int], card: str) -> None:
    """Forget one ``card`` from a knowledge counter, if it held one."""
    k = counter.get(card, 0)
    if k > 1:
        counter[card] = k - 1
    elif k == 1:
        del counter[card]


def _opt_int(data: Any) -> int | None:
    return None if data is None else int(data)


def _strings(data: Any) -> list[str]:
    return [str(c) for c in data]


@dataclass(eq=False)
class LaGagneTable:
    """Everything that changes during a LaGagne game, listed once: how each field is saved, read
    back and copied. The columns (``sym``, ``pts``, ``dbl``) are saved together as ``columns``."""

    hands: list[list[str]] = state_field(copy=nested, dump=nested, load=lambda d: [_strings(h) for h in d])
    pile: list[str] = state_field(copy=flat, dump=flat, load=_strings)
    discard: list[str] = state_field(copy=flat, dump=flat, load=_strings)
    sym: list[list[bool]] = state_field(copy=nested, saved=False)
    pts: list[list[list[str]]] = state_field(copy=lambda v: [[list(c) for c in cs] for cs in v], saved=False)
    dbl: list[list[bool]] = state_field(copy=nested, saved=False)
    dealer: int = state_field(copy=same, dump=same, load=int, default=0)
    first: int = state_field(copy=same, dump=same, load=int, default=0)
    current: int = state_field(copy=same, dump=same, load=int, default=0)
    phase: str = state_field(copy=same, dump=same, load=str, default="play")
    exch_target: int | None = state_field(copy=same, dump=same, load=_opt_int, key="exchange_target")
    mull_used: list[int] = state_field(copy=flat, dump=flat, load=lambda d: [int(x) for x in d],
                                       key="mulligans_used")
    mulled: bool = state_field(copy=same, dump=same, load=bool, default=False, key="mulliganed_this_turn")
    rounds: int = state_field(copy=same, dump=same, load=int, default=0)
    turns: int = state_field(copy=same, dump=same, load=int, default=0)
    last_round: bool = state_field(copy=same, dump=same, load=bool, default=False)
    reached_by: int | None = state_field(copy=same, dump=same, load=_opt_int)
    won: list[int] = state_field(copy=flat, dump=flat, load=lambda d: [int(x) for x in d], key="winners")
    end_reason: str | None = state_field(copy=same, dump=same, load=same, key="end")
    known: list[list[dict[str, int]]] = state_field(
        copy=lambda v: [[dict(k) for k in ks] for ks in v],
        dump=lambda v: [[sorted(Counter(k).elements()) for k in ks] for ks in v],
        load=lambda d: [[dict(Counter(str(c) for c in k)) for k in ks] for ks in d])
    """``known[h][o]``: the cards of seat ``h``'s hand that observer ``o`` knows (``o == n``: all)."""
    _sc: list[int] | None = state_field(copy=same, saved=False)
    """The scores, cached until a column changes."""


class LaGagneState(LaGagneTable, GameState):
    """A game of LaGagne. Seats play in turn; the whole game is one unit (``history`` gets one entry)."""

    GAME_ID = "lagagne"
    VERSION = 1
    Options = Options

    n: int
    dealer: int
    first: int
    current: int
    hands: list[list[str]]
    known: list[list[dict[str, int]]]
    sym: list[list[bool]]
    pts: list[list[list[str]]]
    dbl: list[list[bool]]
    pile: list[str]
    discard: list[str]
    phase: str
    exch_target: int | None
    mull_used: list[int]
    mulled: bool
    rounds: int
    turns: int
    last_round: bool
    reached_by: int | None
    won: list[int]
    end_reason: str | None

    # ----------------------------------------------------------------- setting up
    @classmethod
    def full_deck(cls, options: LaGagneOptions) -> list[str]:
        """Every card of the deck in use (the default one or the player's), in canonical order."""
        return deck_cards(options.cards)

    def _start(self, deck: list[str] | None) -> None:
        o: Options = self.options
        n = self.players
        # the deck deals to this table and the first dealer sits at it (``Options.check_table``)
        self.dealer = self.rng.randrange(n) if o.first_dealer is None else o.first_dealer
        if deck is None:
            deck = self.full_deck(o)
            self.rng.shuffle(deck)
        self.n = n
        self.first = (self.dealer + 1) % n
        self.current = self.first
        self.hands = [[] for _ in range(n)]
        self.known = [[{} for _ in range(n + 1)] for _ in range(n)]
        self.sym = [[False] * 4 for _ in range(n)]
        self.pts = [[[] for _ in range(4)] for _ in range(n)]
        self.dbl = [[False] * 4 for _ in range(n)]
        pos = 0
        for _ in range(o.hand_size):
            for k in range(n):
                self.hands[(self.first + k) % n].append(deck[pos])
                pos += 1
        self.pile = list(reversed(deck[pos:]))  # top of the pile = last item
        self.discard = []
        self.phase = "play"
        self.exch_target = None
        self.mull_used = [0] * n
        self.mulled = False
        self.rounds = 0
        self.turns = 0
        self.last_round = False
        self.reached_by = None
        self.won = []
        self.end_reason = None
        self._sc: list[int] | None = None

    # ----------------------------------------------------------------- scores and simple facts
    def column_total(self, seat: int, si: int) -> int:
        """Points of one column (doubled when it holds a ×2)."""
        total = sum(map(POINTS.__getitem__, self.pts[seat][si]))  # every lay and steal counts one
        return 2 * total if self.dbl[seat][si] else total

    @property
    def scores(self) -> list[int]:
        if self._sc is None:  # kept up to date as columns change; searching bots read it all the time
            self._sc = [sum(self.column_total(s, i) for i in range(4)) for s in range(self.n)]
        return list(self._sc)

    def _rescore(self, seat: int, si: int, before: int) -> None:
        """Column ``si`` of ``seat`` totalled ``before`` and has changed: move the kept score by the
        difference (in a new list, since clones share the old one)."""
        delta = self.column_total(seat, si) - before
        if self._sc is not None and delta:
            sc = list(self._sc)
            sc[seat] += delta
            self._sc = sc

    def seat_stats(self, seat: int) -> dict[str, int]:
        """Rounds the game lasted, cards stolen, and the seat's best column at the end."""
        return {
            "rounds": self.rounds,
            "steals": sum(e.kind == "steal" and e.seat == seat for e in self.match_events()),
            "best_column": max(self.column_total(seat, i) for i in range(4)),
        }

    def is_over(self) -> bool:
        return self.phase == "over"

    def winners(self) -> list[int]:
        return list(self.won)

    def to_move(self) -> list[int]:
        return [] if self.phase == "over" else [self.current]

    def _may_mulligan(self, seat: int) -> bool:
        return (
            self.phase == "play" and not self.mulled and bool(self.hands[seat])
            and self.mull_used[seat] < self.options.mulligans_per_game
            and (self.options.mulligan_any_time or self._stuck(seat))
        )

    def _stuck(self, seat: int) -> bool:
        """A player who cannot get started: no open column and no symbol card in hand."""
        return not self._has_open(seat) and not any(c in SYMBOLS for c in self.hands[seat])

    def _has_open(self, seat: int) -> bool:
        return any(self.sym[seat])

    def _may_steal_symbol(self, seat: int, suit: str) -> bool:
        if self.sym[seat][SI[suit]]:
            return False
        return self.options.symbol_steal_any_time or not self._has_open(seat)

    def _x2_target(self, seat: int, si: int) -> bool:
        """Whether a ×2 may go on this column of ``seat``."""
        if self.dbl[seat][si]:
            return False
        if self.sym[seat][si]:
            return True
        return not self.options.x2_needs_open_column and bool(self.pts[seat][si])

    # ----------------------------------------------------------------- moves
    @staticmethod
    def parse_move(text: str) -> Move:
        """Read a LaGagne move (``play P20h``, ``play J20 s``, ``steal 2:X2h d``, ``give Z`` …)."""
        return parse_with_grammar(text, GRAMMAR, "LaGagne")

    def legal_moves(self, seat: int) -> list[Move]:
        if self.phase == "over" or seat != self.current:
            return []
        hand = self.hands[seat]
        distinct = list(dict.fromkeys(hand))
        table = _seat_table(seat)
        if self.phase == "give":
            return [table.give[c] for c in distinct]
        moves: list[Move] = []
        sym = self.sym[seat]
        open_suits = [s for s in SUITS if sym[SI[s]]]
        for c in distinct:
            if c in SYMBOL_SET:
                if not sym[COLUMN[c]]:
                    moves.append(table.play[c])
            elif c in SUITED_SET:
                if sym[COLUMN[c]]:
                    moves.append(table.play[c])
            elif c in JOKER_SET:
                on = table.lay_on[c]
                moves.extend(on[s] for s in open_suits)
            elif c == X2:
                on = table.lay_on[X2]
                moves.extend(on[s] for s in SUITS if self._x2_target(seat, SI[s]))
        if VOLER in hand:
            moves.extend(_move(m, seat) for m in self._steals(seat, open_suits))
        if RECUP in hand and self.discard:
            moves.append(table.recup)
        if ECHANGE in hand:
            moves.extend(_move(f"exchange {v}", seat) for v in range(self.n) if v != seat and self.hands[v])
        if self._may_mulligan(seat):
            moves.append(table.mulligan)
        moves.extend(table.discard[c] for c in distinct)
        return moves

    def _steals(self, seat: int, open_suits: list[str]) -> list[str]:
        out: list[str] = []
        x2_dest = [s for s in SUITS if self._x2_target(seat, SI[s])]
        for v in range(self.n):
            if v == seat:
                continue
            for si, s in enumerate(SUITS):
                if self.sym[v][si] and self._may_steal_symbol(seat, s):
                    out.append(f"steal {v}:S{s}")
                seen = set()
                for c in self.pts[v][si]:
                    if c in seen:
                        continue
                    seen.add(c)
                    if c in JOKERS:
                        out.extend(f"steal {v}:{self._table_name(v, c, s)} {d}" for d in open_suits)
                    elif self.sym[seat][SI[SUIT_OF[c]]]:
                        out.append(f"steal {v}:{c}")
                if self.dbl[v][si]:
                    out.extend(f"steal {v}:{self._table_name(v, X2, s)} {d}" for d in x2_dest)
        return out

    def _table_name(self, v: int, card: str, suit: str) -> str:
        """How a steal names ``seat v``'s joker or ×2 in column ``suit``: bare (as the notation page
        writes it) when it lies in no other column of that seat, else with its column (``J50s``)."""
        return card if len(self._columns_holding(v, card)) == 1 else f"{card}{suit}"

    def steal_source(self, v: int, tcard: str) -> tuple[str, str | None]:
        """The stolen card and the victim's column it is taken from (None when a bare joker or ×2
        lies in no column, or in several)."""
        if tcard in JOKERS or tcard == X2:
            columns = self._columns_holding(v, tcard)
            return tcard, columns[0] if len(columns) == 1 else None
        if tcard[0] in "JX":
            return tcard[:-1], tcard[-1]
        return tcard, SUIT_OF[tcard]

    def _why_illegal(self, move: Move) -> IllegalMove | None:
        seat = move.seat
        if seat is None:
            return None
        name, args = move.name, move.args
        hand = self.hands[seat]
        if self.phase == "give" and name != "give":
            other = self.names[self.exch_target] if self.exch_target is not None else "that player"
            return IllegalMove(
                f"First give one card of your hand to {other}.", "lagagne.give_first", {"name": other}
            )
        if self.phase == "play" and name == "give":
            return IllegalMove("You give a card only after playing Échanger.", "lagagne.no_exchange")
        needs = {"play": args[0] if args else None, "discard": args[0] if args else None,
                 "give": args[0] if args else None, "steal": VOLER, "recup": RECUP, "exchange": ECHANGE}
        card = needs.get(name)
        if card is not None and card not in hand:
            return IllegalMove(f"{describe(card)[0].upper()}{describe(card)[1:]} is not in your hand.",
                               "lagagne.not_in_hand", {"card": card})
        if name == "play":
            return self._why_not_lay(seat, args[0], args[1] if len(args) > 1 else None, f"play {args[0]}")
        if name == "steal":
            return self._why_not_steal(seat, args)
        if name == "recup" and not self.discard:
            return IllegalMove("The discard pile is empty: there is nothing to take back.",
                               "lagagne.discard_empty")
        if name == "exchange":
            v = int(args[0])
            if v == seat:
                return IllegalMove("You cannot exchange with yourself.", "lagagne.exchange_self")
            if v >= self.n:
                return IllegalMove(f"There is no seat {v} at this table.", "no_such_seat",
                                   {"seat": v, "last": self.n - 1})
            if not self.hands[v]:
                return IllegalMove(f"{self.names[v]} has no card in hand.", "lagagne.empty_hand",
                                   {"name": self.names[v]})
        if name == "mulligan":
            if self.mull_used[seat] >= self.options.mulligans_per_game:
                return IllegalMove("You have no mulligan left in this game.", "lagagne.no_mulligan")
            if not self.mulled and not self.options.mulligan_any_time and not self._stuck(seat):
                return IllegalMove("A mulligan is for a player who cannot get started: you have an open column "
                                   "or a symbol card.", "lagagne.mulligan_not_stuck")
            return IllegalMove("A mulligan is allowed only once, at the start of your turn.",
                               "lagagne.mulligan_start")
        return None

    def _why_not_lay(self, seat: int, card: str, suit: str | None, how: str) -> IllegalMove | None:
        """Why ``seat`` could not lay ``card`` (in column ``suit``), or ``None`` if it could.

        ``how`` is the move's text without a column, for examples in the messages.
        """
        words = describe(card)
        if card in SYMBOLS:
            if suit is not None:
                return IllegalMove(f"{words.capitalize()} opens its own column; write '{how}'.",
                                   "lagagne.symbol_column", {"card": card})
            if self.sym[seat][SI[card[1]]]:
                s = SUIT_NAMES[card[1]]
                return IllegalMove(f"You could not lay {words}: you already have an open {s} column.",
                                   "lagagne.already_open", {"card": card, "suit": card[1]})
            return None
        if card == ZERO:
            return IllegalMove("A zero card cannot be laid in a column; you can only discard it.",
                               "lagagne.zero")
        if card in (VOLER, RECUP, ECHANGE):
            verb = {VOLER: "steal <seat>:<card>", RECUP: "recup", ECHANGE: "exchange <seat>"}[card]
            return IllegalMove(f"{words} is played with '{verb}'.", "lagagne.action_card", {"card": card})
        if card in SUITED:
            s = SUIT_OF[card]
            if suit is not None:
                return IllegalMove(f"{words.capitalize()} goes only in the {SUIT_NAMES[s]} column; "
                                   f"name no column ('{how}').", "lagagne.wrong_column",
                                   {"card": card, "suit": s})
        elif suit is None:
            return IllegalMove(f"Say which column {words} goes in (for example '{how} h').",
                               "lagagne.name_column", {"card": card})
        else:
            s = suit
        si = SI[s]
        if card == X2:
            if self.dbl[seat][si]:
                return IllegalMove("That column already has a ×2.", "lagagne.second_x2", {"suit": s})
            if self._x2_target(seat, si):
                return None
        elif self.sym[seat][si]:
            return None
        if self.pts[seat][si] or self.dbl[seat][si]:
            return IllegalMove(
                f"You could not lay {words}: your {SUIT_NAMES[s]} column is closed (lay a {SUIT_NAMES[s]} "
                f"symbol to reopen it).", "lagagne.column_closed", {"card": card, "suit": s})
        return IllegalMove(f"You could not lay {words}: you have no {SUIT_NAMES[s]} column.",
                           "lagagne.no_column", {"card": card, "suit": s})

    def _why_not_steal(self, seat: int, args: tuple[str, ...]) -> IllegalMove | None:
        victim_text, tcard = args[0].split(":")
        v = int(victim_text)
        if v == seat:
            return IllegalMove("You cannot steal from yourself.", "lagagne.steal_self")
        if v >= self.n:
            return IllegalMove(f"There is no seat {v} at this table.", "no_such_seat",
                               {"seat": v, "last": self.n - 1})
        card, src = self.steal_source(v, tcard)
        if src is None:
            if self._columns_holding(v, tcard):
                return IllegalMove(
                    f"{self.names[v]} has {describe(tcard)} in several columns; say which one "
                    f"(for example 'steal {v}:{tcard}{self._columns_holding(v, tcard)[0]} h').",
                    "lagagne.name_victim_column", {"name": self.names[v], "card": tcard})
            return IllegalMove(f"{self.names[v]} has not laid {describe(tcard)}.", "lagagne.not_on_table",
                               {"name": self.names[v], "card": tcard, "suit": None})
        si = SI[src]
        present = (self.sym[v][si] if card in SYMBOLS else
                   self.dbl[v][si] if card == X2 else card in self.pts[v][si])
        where = f"in their {SUIT_NAMES[src]} column"
        if not present:
            return IllegalMove(f"{self.names[v]} has not laid {describe(card)} {where}.",
                               "lagagne.not_on_table", {"name": self.names[v], "card": card, "suit": src})
        dest = args[1] if len(args) > 1 else None
        symbol_barred = not self.sym[seat][si] and not self._may_steal_symbol(seat, src)
        if card in SYMBOLS and dest is None and symbol_barred:
            return IllegalMove("You may steal a symbol card only while you have no open column.",
                               "lagagne.symbol_steal_with_columns")
        return self._why_not_lay(seat, card, dest, f"steal {v}:{tcard}")

    def apply(self, move: Move | str) -> list[Event]:
        """Play a move (see ``GameState.apply``).

        A stolen joker or ×2 is written bare, as on the notation page (``steal 2:J50 c``), when it
        lies in only one of the victim's columns, and with that column (``steal 2:J50s c``) when
        the victim has it in several; the long form of an unambiguous steal is accepted too and
        logged in the short one.
        """
        if isinstance(move, str):
            move = self.parse_move(move)
        if isinstance(move, Move) and move.name == "steal":
            victim, _, tcard = move.args[0].partition(":")
            if tcard[0] in "JX" and tcard[:-1] in (*JOKERS, X2):
                if self._columns_holding(int(victim), tcard[:-1]) == [tcard[-1]]:
                    rest = " ".join(move.args[1:])
                    move = Move(f"steal {victim}:{tcard[:-1]} {rest}".strip(), move.seat)
        return super().apply(move)

    def _columns_holding(self, seat: int, card: str) -> list[str]:
        """The suits of ``seat``'s columns holding ``card`` (a joker, or a ×2)."""
        if not 0 <= seat < self.n:
            return []
        if card == X2:
            return [s for i, s in enumerate(SUITS) if self.dbl[seat][i]]
        return [s for i, s in enumerate(SUITS) if card in self.pts[seat][i]]

    # ----------------------------------------------------------------- playing
    def _remove_from_hand(self, seat: int, card: str, seen_by: tuple[int, ...] | None = None) -> None:
        """Take ``card`` out of ``seat``'s hand. Observers who saw it go (everybody unless
        ``seen_by`` says who) forget that card; the others only know that one of the hand's cards
        went, so of each card they knew they can be sure of one copy fewer."""
        self.hands[seat].remove(card)
        for observer, counter in enumerate(self.known[seat]):
            if not counter:
                continue
            if seen_by is None or observer in seen_by:
                _take(counter, card)
            else:
                for known in list(counter):
                    _take(counter, known)

    def _add_to_hand(
        self, seat: int, card: str, known_to: tuple[int, ...] = (), public: bool = False
    ) -> None:
        self.hands[seat].append(card)
        observers = range(self.n + 1) if public else known_to
        for o in observers:
            if o != seat:
                k = self.known[seat][o]
                k[card] = k.get(card, 0) + 1

    def _apply(self, move: Move) -> list[Event]:
        seat = move.seat
        assert seat is not None
        name, args = action_words(move.action)
        ev: list[Event] = []
        hs = _seat_table(seat).hand
        if name == "give":
            v = self.exch_target
            assert v is not None
            card = args[0]
            self._remove_from_hand(seat, card, seen_by=(seat, v))
            self._add_to_hand(v, card, known_to=(seat,))
            ev.append(Event("give", seat, card, hs, f"hand:{v}", False, frozenset({seat, v}), {"to": v}))
            self.exch_target = None
            self.phase = "play"
            return self._end_turn(seat, ev, draw=True)
        if name == "mulligan":
            self.mull_used[seat] += 1
            self.mulled = True
            left = self.options.mulligans_per_game - self.mull_used[seat]
            ev.append(Event("mulligan", seat, info={"left": left}))
            for card in list(self.hands[seat]):
                self._remove_from_hand(seat, card)
                self.discard.append(card)
                ev.append(Event("discard", seat, card, hs, "discard"))
            self._draw(seat, self.options.hand_size, ev)
            return ev
        if name == "discard":
            self._remove_from_hand(seat, args[0])
            self.discard.append(args[0])
            ev.append(Event("discard", seat, args[0], hs, "discard"))
            return self._end_turn(seat, ev, draw=True)
        if name == "play":
            card = args[0]
            suit = args[1] if len(args) > 1 else SUIT_OF.get(card)
            assert suit is not None
            self._remove_from_hand(seat, card)
            self._lay(seat, card, suit)
            ev.append(Event("lay", seat, card, hs, f"column:{seat}:{suit}", info={"scores": self.scores}))
            return self._end_turn(seat, ev, draw=True)
        if name == "steal":
            self._remove_from_hand(seat, VOLER)
            self.discard.append(VOLER)
            ev.append(Event("play", seat, VOLER, hs, "discard"))
            victim_text, tcard = args[0].split(":")
            v = int(victim_text)
            card, src = self.steal_source(v, tcard)
            assert src is not None
            si = SI[src]
            before = self.column_total(v, si)
            if card in SYMBOLS:
                self.sym[v][si] = False
            elif card == X2:
                self.dbl[v][si] = False
            else:
                self.pts[v][si].remove(card)
            self._rescore(v, si, before)
            dest = args[1] if len(args) > 1 else src
            self._lay(seat, card, dest)
            ev.append(Event("steal", seat, card, f"column:{v}:{src}", f"column:{seat}:{dest}",
                            info={"victim": v, "scores": self.scores}))
            return self._end_turn(seat, ev, draw=True)
        if name == "recup":
            top = self.discard.pop()
            self._remove_from_hand(seat, RECUP)
            self._add_to_hand(seat, top, public=True)
            self.discard.append(RECUP)
            ev.append(Event("take", seat, top, "discard", hs))
            ev.append(Event("play", seat, RECUP, hs, "discard"))
            return self._end_turn(seat, ev, draw=False)
        if name == "exchange":
            v = int(args[0])
            self._remove_from_hand(seat, ECHANGE)
            self.discard.append(ECHANGE)
            ev.append(Event("play", seat, ECHANGE, hs, "discard"))
            card = self.hands[v][self.rng.randrange(len(self.hands[v]))]
            self._remove_from_hand(v, card, seen_by=(seat, v))
            self._add_to_hand(seat, card, known_to=(v,))
            ev.append(Event("take", seat, card, f"hand:{v}", hs, False, frozenset({seat, v}), {"from": v}))
            self.exch_target = v
            self.phase = "give"
            return ev
        raise AssertionError(f"unhandled move {move}")

    def _lay(self, seat: int, card: str, suit: str) -> None:
        si = SI[suit]
        before = self.column_total(seat, si)
        if card in SYMBOLS:
            self.sym[seat][si] = True
        elif card == X2:
            self.dbl[seat][si] = True
        else:
            self.pts[seat][si].append(card)
        self._rescore(seat, si, before)

    def _draw(self, seat: int, count: int, ev: list[Event]) -> None:
        """Draw ``count`` cards (reshuffling the discard when the pile runs out; fewer if both are empty)."""
        table = _seat_table(seat)
        hs, only = table.hand, table.only
        for _ in range(count):
            if not self.pile:
                if not self.discard:
                    return
                self.pile = self.discard
                self.discard = []
                self.rng.shuffle(self.pile)
                ev.append(Event("reshuffle", None, None, "discard", "stock", False,
                                info={"cards": len(self.pile)}))
            card = self.pile.pop()
            self._add_to_hand(seat, card)
            ev.append(Event("draw", seat, card, "stock", hs, False, only))

    def _end_turn(self, seat: int, ev: list[Event], draw: bool) -> list[Event]:
        if draw:
            self._draw(seat, self.options.hand_size - len(self.hands[seat]), ev)
        self.turns += 1
        self.mulled = False
        scores = self.scores
        target = self.options.target
        if not self.last_round and max(scores) >= target:
            self.last_round = True
            self.reached_by = seat if scores[seat] >= target else scores.index(max(scores))
            ev.append(Event("last_round", seat, info={"reached_by": self.reached_by,
                                                      "ends_with": (self.first - 1) % self.n}))
        if seat == (self.first - 1) % self.n:
            self.rounds += 1
            if self.last_round:
                if max(scores) >= target:
                    return self._finish(ev, "target")
                self.last_round = False
                self.reached_by = None
                ev.append(Event("last_round_cancelled", None, info={"scores": scores}))
            if self.rounds >= self.options.max_rounds:
                return self._finish(ev, "round_limit")
        self.current = (seat + 1) % self.n
        if not self.hands[self.current]:
            return self._empty_hand_turn(ev)
        return ev

    def _empty_hand_turn(self, ev: list[Event]) -> list[Event]:
        """A seat that starts its turn with no card draws what it can; with nothing to draw it
        passes, and once no seat holds a card any more the game ends (highest score wins)."""
        seat = self.current
        self._draw(seat, self.options.hand_size, ev)
        if self.hands[seat]:
            return ev
        if not any(self.hands):
            return self._finish(ev, "no_cards")
        ev.append(Event("pass", seat, info={"reason": "empty_hand"}))
        return self._end_turn(seat, ev, draw=False)

    def _finish(self, ev: list[Event], reason: str) -> list[Event]:
        scores = self.scores
        best = max(scores)
        self.won = [s for s in range(self.n) if scores[s] == best]
        self.phase = "over"
        self.end_reason = reason
        self.history.append(
            {"points": scores, "winners": list(self.won), "rounds": self.rounds, "end": reason}
        )
        ev.append(Event("match_end", None, info={"scores": scores, "winners": list(self.won), "end": reason}))
        return ev

    # ----------------------------------------------------------------- views
    def _known_list(self, holder: int, observer: int | None) -> list[str]:
        if observer == holder:
            return list(self.hands[holder])
        k = self.known[holder][self.n if observer is None else observer]
        return sorted(Counter(k).elements())

    def view(self, seat: int | None) -> dict[str, Any]:
        v = self.base_view(seat)
        n = self.n
        o: Options = self.options
        v.update({
            "phase": self.phase,
            "active": None if self.phase == "over" else self.current,
            "dealer": self.dealer,
            "first": self.first,
            "hand": list(self.hands[seat]) if seat is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "known_cards": [self._known_list(h, seat) for h in range(n)],
            "my_cards_known_to": (
                [[] if o2 == seat else sorted(Counter(self.known[seat][o2]).elements()) for o2 in range(n)]
                if seat is not None else None
            ),
            "columns": [
                {s: {"open": self.sym[p][i], "points": list(self.pts[p][i]), "x2": self.dbl[p][i],
                     "total": self.column_total(p, i)} for i, s in enumerate(SUITS)}
                for p in range(n)
            ],
            "discard": list(self.discard),
            "pile_size": len(self.pile),
            "mulligans_left": [o.mulligans_per_game - u for u in self.mull_used],
            "mulliganed_this_turn": self.mulled,
            "exchange": None if self.exch_target is None else {
                "seat": self.current, "target": self.exch_target,
                "taken": self.hands[self.current][-1] if seat in (self.current, self.exch_target) else None,
            },
            "last_round": {"reached_by": self.reached_by, "ends_with": (self.first - 1) % n}
            if self.last_round else None,
            "round": self.rounds + (0 if self.phase == "over" else 1),
            "turns": self.turns,
            "target": o.target,
            "hand_size": o.hand_size,
            "max_rounds": o.max_rounds,
            "options": {
                "target": o.target, "hand_size": o.hand_size, "mulligans_per_game": o.mulligans_per_game,
                "max_rounds": o.max_rounds, "deck": [list(p) for p in o.cards],
                "symbol_steal_any_time": o.symbol_steal_any_time,
                "x2_needs_open_column": o.x2_needs_open_column,
                "mulligan_any_time": o.mulligan_any_time,
            },
            "end": self.end_reason,
        })
        return v

    # ----------------------------------------------------------------- zones, copies, snapshots
    def card_zones(self) -> dict[str, list[str]]:
        zones: dict[str, list[str]] = {"stock": list(self.pile), "discard": list(self.discard)}
        for p in range(self.n):
            zones[f"hand:{p}"] = list(self.hands[p])
            for i, s in enumerate(SUITS):
                symbol = [f"S{s}"] if self.sym[p][i] else []
                col = symbol + self.pts[p][i] + ([X2] if self.dbl[p][i] else [])
                zones[f"column:{p}:{s}"] = col
        return zones

    def visible_log(self, seat: int | None) -> list[str]:
        """The moves as ``seat`` may read them: the card given back in an Échanger is known only
        to the two players of that exchange, so the others read ``give ?``."""
        out: list[str] = []
        target: dict[int, int] = {}
        for text in self.log:  # the log holds canonical "<seat>: <action>" texts
            who, _, action = text.partition(": ")
            if action.startswith("exchange "):
                target[int(who)] = int(action.split()[1])
            elif action.startswith("give ") and seat not in (int(who), target.get(int(who))):
                text = f"{who}: give ?"
            out.append(text)
        return out

    @classmethod
    def determinise(cls, view: dict[str, Any], rng: Rng) -> LaGagneState:
        """A whole game that ``view``'s seat cannot tell from the real one: every card it cannot
        see dealt at random among the other hands' unknown cards and the pile."""
        seat = view["seat"]
        o = view["options"]
        options = _view_options(
            o["target"], o["hand_size"], o["mulligans_per_game"], o["max_rounds"],
            tuple((c, k) for c, k in o["deck"]), o["symbol_steal_any_time"],
            o["x2_needs_open_column"], o["mulligan_any_time"],
        )
        n = view["players"]
        st = cls.__new__(cls)
        st.players, st.n, st.names, st.options = n, n, list(view["names"]), options
        st._as_simulation(view, rng)
        st.log, st.history = list(view["log"]), [dict(h) for h in view["history"]]
        pool = Counter(deck_cards(options.cards))
        st.sym = [[view["columns"][p][s]["open"] for s in SUITS] for p in range(n)]
        st.pts = [[list(view["columns"][p][s]["points"]) for s in SUITS] for p in range(n)]
        st.dbl = [[view["columns"][p][s]["x2"] for s in SUITS] for p in range(n)]
        for p in range(n):
            for i, s in enumerate(SUITS):
                pool[f"S{s}"] -= st.sym[p][i]
                pool[X2] -= st.dbl[p][i]
                pool.subtract(st.pts[p][i])
        st.discard = list(view["discard"])
        pool.subtract(st.discard)
        known = view["known_cards"]
        for p in range(n):
            pool.subtract(known[p])
        hidden = list(pool.elements())
        rng.shuffle(hidden)
        st.hands = []
        for p in range(n):
            hand = list(known[p])
            missing = view["hand_sizes"][p] - len(hand)
            hand.extend(hidden[:missing])
            del hidden[:missing]
            st.hands.append(hand)
        st.pile = hidden
        st.known = [[{} for _ in range(n + 1)] for _ in range(n)]
        mine = view["my_cards_known_to"]
        for p in range(n):
            if p != seat:
                st.known[p][seat] = dict(Counter(known[p]))
                st.known[seat][p] = dict(Counter(mine[p]))
        if view["exchange"] is not None and seat != view["exchange"]["seat"]:
            ex = view["exchange"]["seat"]
            hand = st.hands[ex]  # the taken card is the exchanger's last one
            taken = view["exchange"]["taken"]
            if taken is not None and hand[-1] != taken:
                i = hand.index(taken)
                hand[i], hand[-1] = hand[-1], hand[i]
        st.dealer, st.first = view["dealer"], view["first"]
        st.current = view["active"] if view["active"] is not None else 0
        st.phase = view["phase"]
        st.exch_target = None if view["exchange"] is None else view["exchange"]["target"]
        st.mull_used = [options.mulligans_per_game - k for k in view["mulligans_left"]]
        st.mulled = view["mulliganed_this_turn"]
        st.rounds = view["round"] - (0 if view["over"] else 1)
        st.turns = view["turns"]
        st.last_round = view["last_round"] is not None
        st.reached_by = None if view["last_round"] is None else view["last_round"]["reached_by"]
        st.won = list(view["winners"])
        st.end_reason = view["end"]
        st._sc = None
        return st

    def redeal_hidden(self, seat: int | None, rng: Rng) -> LaGagneState:
        c = self.clone()
        obs = self.n if seat is None else seat
        slots: list[tuple[int, int]] = []  # (holder, index); holder -1 is the pile
        for h in range(self.n):
            if h == seat:
                continue
            keep = Counter(self.known[h][obs])
            # from the end, so that a card just taken by Échanger (the last one) stays where it is
            for i in range(len(self.hands[h]) - 1, -1, -1):
                card = self.hands[h][i]
                if keep[card] > 0:
                    keep[card] -= 1
                else:
                    slots.append((h, i))
        slots.extend((-1, i) for i in range(len(self.pile)))
        cards = [c.pile[i] if h < 0 else c.hands[h][i] for h, i in slots]
        rng.shuffle(cards)
        for (h, i), card in zip(slots, cards):
            if h < 0:
                c.pile[i] = card
            else:
                c.hands[h][i] = card
        for h in range(self.n):
            have = Counter(c.hands[h])
            for o in range(self.n + 1):
                if o != obs:
                    c.known[h][o] = dict(Counter(c.known[h][o]) & have)
        return c

    def _dump(self) -> dict[str, Any]:
        """The listed fields, with the three per-column tables saved together as ``columns``."""
        data = super()._dump()
        data["columns"] = [
            [{"open": self.sym[p][i], "points": list(self.pts[p][i]), "x2": self.dbl[p][i]} for i in range(4)]
            for p in range(self.n)
        ]
        return data

    def _load(self, data: dict[str, Any]) -> None:
        cols = data["columns"]
        n = self.players
        if len(cols) != n or any(len(cs) != 4 for cs in cols):
            raise ValueError("columns do not match the number of players")
        self.sym = [[bool(cols[p][i]["open"]) for i in range(4)] for p in range(n)]
        self.pts = [[[str(c) for c in cols[p][i]["points"]] for i in range(4)] for p in range(n)]
        self.dbl = [[bool(cols[p][i]["x2"]) for i in range(4)] for p in range(n)]
        self._sc = None
        super()._load(data)

    def _restored(self) -> None:
        self.n = self.players

    def _check(self) -> None:
        n = self.n
        if len(self.hands) != n:
            raise ValueError("hands do not match the number of players")
        for p in range(n):
            for i in range(4):
                if any(c not in POINTS for c in self.pts[p][i]):
                    raise ValueError(f"column {p}:{SUITS[i]} holds a card that is not a point card")
        if self.phase not in ("play", "give", "over"):
            raise ValueError(f"unknown phase {self.phase!r}")
        if len(self.known) != n or any(len(ks) != n + 1 for ks in self.known):
            raise ValueError("the knowledge table does not match the number of players")
        for h in range(n):
            have = Counter(self.hands[h])
            for k in self.known[h]:
                if Counter(k) - have:
                    raise ValueError(f"seat {h} is said to be known to hold cards it does not hold")
        if not all(0 <= x < n for x in (self.dealer, self.first, self.current)):
            raise ValueError("a seat number is out of range")
