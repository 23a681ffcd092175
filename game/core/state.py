"""The engine contract every game's ``State`` follows, with the parts that are the same for all.

A game subclasses ``GameState`` and writes the rules: ``_start`` (deal), ``to_move``,
``legal_moves``, ``_apply`` (play a move already known to be legal), ``view``, ``is_over``,
``scores``, ``winners``, ``card_zones``, ``redeal_hidden`` and ``determinise``. Its mutable fields
are listed once, as a dataclass mixed into the state class (``game.core.fields``). This base class
does the rest once: parsing text moves, refusing illegal moves with a readable message and no
change, the move log, versioned JSON snapshots with the RNG, stacked decks, saving, restoring and
cloning the listed fields.
"""

from __future__ import annotations

import dataclasses
import functools
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any, ClassVar, TypeVar

from game.core.errors import IllegalMove, SaveError
from game.core.events import Event
from game.core.fairness import fingerprint, hand_seed
from game.core.fields import copy_fields, dump_fields, load_fields
from game.core.move import Move, listed
from game.core.rng import Rng, fresh_seed
from game.core.timing import Timer
from game.core.undo import Snapshot

S = TypeVar("S", bound="GameState")

SNAPSHOT_FORMAT = "tablee-match"


class GameState(ABC):
    """A whole match of one game: hands or rounds, running scores, and the move log."""

    GAME_ID: ClassVar[str]
    VERSION: ClassVar[int] = 1
    Options: ClassVar[type]

    players: int
    names: list[str]
    options: Any
    seed: int
    rng: Rng
    log: list[str]
    history: list[dict[str, Any]]
    deck: list[str] | None
    """The stacked order the match was dealt from (``None``: shuffled from the seed), for replays."""
    hand_seeds: list[int]
    """The seed of every hand dealt so far (``game.core.fairness``); the last is the hand in play."""
    seen_deals: list[dict[str, Any]]
    """A determinised state's deals as its view showed them (their seeds are not known); else empty."""
    _undo: list[Snapshot] | None = None
    """One snapshot per move of the log's last ``len(_undo)`` moves (``game.core.undo``), so that
    ``undo`` and ``rewind`` need not replay; ``None`` (no snapshot taken, none paid for) unless
    ``keep_undo`` asked for them: only the table's state is ever taken back, while the states that
    bots, the arena and the network host play out never are."""

    # ----------------------------------------------------------------- creation
    @classmethod
    def new(
        cls: type[S],
        players: int,
        names: Sequence[str] | None = None,
        options: Any = None,
        seed: int | None = None,
        deck: Sequence[str] | None = None,
    ) -> S:
        """Start a match; ``deck`` stacks the first cards dealt (the rest follow, shuffled)."""
        options = _default_options(cls.Options) if options is None else options
        if not isinstance(options, cls.Options):
            raise ValueError(f"options must be {cls.Options.__name__}, not {type(options).__name__}")
        check_table = getattr(options, "check_table", None)
        if check_table is not None:  # a first dealer beyond the last seat, a deck too small (OptionError)
            check_table(players)
        state = cls.__new__(cls)
        state.players = players
        state.names = list(names) if names is not None else [f"Player {i + 1}" for i in range(players)]
        if len(state.names) != players:
            raise ValueError(f"{players} players need {players} names, got {len(state.names)}")
        state.options = options
        state.seed = fresh_seed() if seed is None else int(seed)
        state.rng = Rng(state.seed)
        state.log = []
        state.history = []
        state.deck = None if deck is None else [str(c) for c in deck]
        state.hand_seeds, state.seen_deals = [], []
        state._begin_hand()
        stacked = None if deck is None else state._complete_deck(deck)
        state._start(stacked)
        return state

    @classmethod
    @abstractmethod
    def full_deck(cls, options: Any) -> list[str]:
        """Every card of a fresh deck under these options, in a fixed order."""

    def _complete_deck(self, deck: Sequence[str]) -> list[str]:
        """The stacked order given, followed by the deck's other cards in seeded order."""
        full = Counter(self.full_deck(self.options))
        given = Counter(deck)
        for card, count in given.items():
            if card not in full:
                raise ValueError(f"the stacked deck names {card!r}, which is not a card of this game")
            if count > full[card]:
                raise ValueError(
                    f"the stacked deck holds {count} × {card}, but the game has only {full[card]}"
                )
        rest = list((full - given).elements())
        self.rng.shuffle(rest)
        return list(deck) + rest

    def _begin_hand(self) -> None:
        """Draw all of the coming hand's randomness from its own seed (provably fair deals).

        Called before the first hand's deal (and its dealer draw) and before every later deal.
        """
        seed = hand_seed(self.seed, len(self.seen_deals) + len(self.hand_seeds) + 1)
        self.hand_seeds.append(seed)
        self.rng = Rng(seed)

    def _as_simulation(self, view: dict[str, Any], rng: Rng) -> None:
        """Set up a state determinised from ``view``: its deals as the view shows them, and its
        later hands shuffled from ``rng`` (the real match seed is secret until the match is over)."""
        self.deck, self.hand_seeds = None, []
        self.seen_deals = [dict(d) for d in view["deals"]]
        self.seed = view["match_seed"] if view["match_seed"] is not None else rng.randrange(2**63)
        self.rng = rng.fork()

    def hand_in_play(self) -> bool:
        """Whether the last hand dealt is still being played (its seed is then secret)."""
        return not self.is_over()

    def deals(self) -> list[dict[str, Any]]:
        """Every hand dealt: its number, fingerprint and seed (``None`` while it is in play)."""
        first = len(self.seen_deals) + 1
        secret = first + len(self.hand_seeds) - 1 if self.hand_in_play() else 0
        return [dict(d) for d in self.seen_deals] + [
            {"hand": n, "fingerprint": fingerprint(seed), "seed": None if n == secret else seed}
            for n, seed in enumerate(self.hand_seeds, start=first)
        ]

    @abstractmethod
    def _start(self, deck: list[str] | None) -> None:
        """Deal the first hand or round (from ``deck`` when given, else shuffled with ``rng``)."""

    # ----------------------------------------------------------------- the contract
    @staticmethod
    @abstractmethod
    def parse_move(text: str) -> Move:
        """Read a move in this game's notation; ``ValueError`` naming what was expected."""

    @abstractmethod
    def to_move(self) -> list[int]:
        """The seats that may act now (empty once the match is over)."""

    @abstractmethod
    def legal_moves(self, seat: int) -> list[Move]:
        """Every move ``seat`` may play now (with ``seat`` filled in)."""

    @abstractmethod
    def _apply(self, move: Move) -> list[Event]:
        """Play ``move``, already checked legal, and say what happened."""

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything ``seat`` may know and nothing more, JSON-safe (``None``: a spectator)."""

    @abstractmethod
    def is_over(self) -> bool:
        """Whether the whole match is finished."""

    @property
    @abstractmethod
    def scores(self) -> list[int]:
        """Running match totals, one per seat."""

    @abstractmethod
    def winners(self) -> list[int]:
        """The seats that won the match (several when they share it); empty while it runs."""

    @abstractmethod
    def card_zones(self) -> dict[str, list[str]]:
        """Where every card is now: zone name to cards. Together they are exactly the deck."""

    @abstractmethod
    def redeal_hidden(self: S, seat: int | None, rng: Rng) -> S:
        """A copy in which the cards ``seat`` cannot see are shuffled among their places.

        ``seat``'s view of the copy is identical to its view of this state; tests use it to
        prove that views leak nothing.
        """

    @classmethod
    def determinise(cls: type[S], view: dict[str, Any], rng: Rng) -> S:
        """A whole state that ``view``'s seat cannot tell from the real one (OpenSpiel's resampling).

        Every card the seat cannot see is dealt at random among the places it could be, consistent
        with everything the view says; ``state.view(seat)`` of the result equals ``view``. Searching
        bots play out such states instead of building states by hand, so no bot ever holds the
        real hidden cards.
        """
        raise NotImplementedError(f"{cls.__name__} cannot determinise a view yet")

    def _dump(self) -> dict[str, Any]:
        """This game's own fields, JSON-safe (the dataclass fields the game lists)."""
        return dump_fields(self)

    def _load(self, data: dict[str, Any]) -> None:
        """Restore the fields ``_dump`` wrote (``KeyError``/``ValueError`` when damaged)."""
        load_fields(self, data)
        self._restored()
        self._check()

    def _restored(self) -> None:
        """Called after ``_load`` and ``clone``: rebuild what is not saved (caches)."""

    def _check(self) -> None:
        """Called after ``_load``: raise ``ValueError`` when the loaded fields do not fit together."""

    def timer(self) -> Timer | None:
        """What runs on a timer now (a quick-discard window, an end-of-turn grace), or ``None``.

        The engine only describes it; the referee counts the time its caller passes in.
        """
        return None

    def readiness(self) -> Any:
        """A key while the players look at their cards before play starts (``None`` otherwise).

        The referee waits until every human seat has said it is ready for that key; bots are ready
        at once.
        """
        return None

    def visible_log(self, seat: int | None) -> list[str]:
        """The match's moves as ``seat`` may read them (a game redacts moves that name hidden cards)."""
        return list(self.log)

    # ----------------------------------------------------------------- shared behaviour
    def apply(self, move: Move | str) -> list[Event]:
        """Play a legal move and return its events; an illegal one raises ``IllegalMove``.

        ``move`` may be a ``Move`` or its text. A move without a seat is played by the one seat
        for which it is legal now. A refused move leaves the state unchanged.
        """
        if isinstance(move, str):
            move = self.parse_move(move)
        elif not isinstance(move, Move):
            raise ValueError(f"a move must be a Move or its text, not {type(move).__name__}")
        if move.seat is None:
            seats = [s for s in self.to_move() if self.is_legal(move.with_seat(s))]
            if not seats:
                raise self.refusal(move)
            if len(seats) > 1:
                raise IllegalMove(
                    f"Several players could play '{move.action}' now; say which seat plays it "
                    f"(for example '{seats[0]}: {move.action}').",
                    "ambiguous_seat",
                    {"move": move.action, "seat": seats[0]},
                )
            move = move.with_seat(seats[0])
        elif not self.is_legal(move):
            raise self.refusal(move)
        stack = self._undo
        if stack is not None:  # the table's state only (keep_undo)
            stack.append(Snapshot(self, stack[-1] if stack else None))
        events = self._apply(move)
        self.log.append(str(move))
        return events

    def replay(self: S, upto: int, *, undoable: bool = False) -> S:
        """A new match: this one's seed, players, options and deck, after its first ``upto`` moves.

        The copy keeps no undo snapshots unless ``undoable`` (a replay is usually looked at, not
        played back), in which case it has one for each of its moves and keeps them from then on
        (``keep_undo``); without them its ``undo`` still works, by replaying.

        >>> from game import GAMES
        >>> m = GAMES["gin_rummy"].new_match(2, seed=5)
        >>> _ = m.apply(m.legal_moves(m.to_move()[0])[0])
        >>> m.replay(0).log, m.replay(1).to_json() == m.to_json()
        ([], True)
        """
        if not 0 <= upto <= len(self.log):
            raise ValueError(f"this match has {len(self.log)} moves; cannot replay {upto}")
        other = type(self).new(self.players, self.names, self.options, self.seed, self.deck)
        if undoable:
            other.keep_undo()
        for text in self.log[:upto]:
            other.apply(text)
        return other

    def keep_undo(self) -> None:
        """From now on keep a snapshot with every move, so that ``undo`` and ``rewind`` take moves
        back in the same short time however long the match (``game.core.undo``).

        Only a state that a player may take moves back on asks for this (the table's, against
        bots): a snapshot costs about as much as the move itself, and the states that bots search,
        the arena and the network host play out are never taken back. Without snapshots ``undo``
        still works, by replaying the match from its seed.
        """
        if self._undo is None:
            self._undo = []

    def undo(self) -> str:
        """Take back the last move exactly (RNG included) and return its text (python-chess's ``pop``).

        The state as it was before that move is restored from its snapshot (``game.core.undo``), in
        the same time however long the match. At the start of a match it raises ``IllegalMove`` and
        nothing changes.
        """
        if not self.log:
            raise IllegalMove("There is no move to take back.", "nothing_to_undo")
        return self.rewind(len(self.log) - 1)[0]

    def rewind(self, upto: int) -> list[str]:
        """Take back every move after the first ``upto`` (this same object becomes the match as it
        was then) and return the moves taken back, oldest first.

        The snapshot taken before move ``upto`` is restored (``keep_undo``). Moves played without
        snapshots (all of them unless ``keep_undo`` was asked for; those played before a save was
        loaded) are taken back by replaying the match from its seed once; on a state that keeps
        snapshots, that replay also rebuilds the snapshots of every earlier move.

        >>> from game import GAMES
        >>> m = GAMES["gin_rummy"].new_match(2, seed=5)
        >>> for _ in range(3):
        ...     _ = m.apply(m.legal_moves(m.to_move()[0])[0])
        >>> m.rewind(1), len(m.log)
        (['0: discard 7s', '1: draw'], 1)
        """
        if not 0 <= upto <= len(self.log):
            raise ValueError(f"this match has {len(self.log)} moves; cannot go back to move {upto}")
        taken = self.log[upto:]
        stack = self._undo
        first = len(self.log) - len(stack) if stack is not None else None
        if stack is not None and first is not None and upto >= first:
            if upto < len(self.log):
                snapshot = stack[upto - first]
                del stack[upto - first:]
                snapshot.restore(self)
            return taken
        earlier = self.replay(upto, undoable=stack is not None)
        self.__dict__.clear()
        self.__dict__.update(earlier.__dict__)
        return taken

    def undo_depth(self) -> int:
        """How many of the last moves can be taken back without replaying the match."""
        return 0 if self._undo is None else len(self._undo)

    def is_legal(self, move: Move) -> bool:
        """Whether ``move`` (with its seat) may be played now. Games may answer faster."""
        return move.seat in self.to_move() and listed(move, self.legal_moves(move.seat))

    def refusal(self, move: Move) -> IllegalMove:
        """The ``IllegalMove`` (message for a player, key and params for translation) for ``move``."""
        if self.is_over():
            return IllegalMove("The match is over; no more moves can be played.", "match_over")
        seat = move.seat
        if seat is not None and not 0 <= seat < self.players:
            return IllegalMove(
                f"There is no seat {seat} at this table (seats are 0 to {self.players - 1}).",
                "no_such_seat",
                {"seat": seat, "last": self.players - 1},
            )
        if seat is not None and seat not in self.to_move():
            name = self.names[seat]
            return IllegalMove(f"It is not {name}'s turn.", "not_your_turn", {"name": name})
        return self._why_illegal(move) or IllegalMove(
            f"'{move.action}' is not allowed now.", "not_allowed_now", {"move": move.action}
        )

    def explain_illegal(self, move: Move) -> str:
        """A sentence for a player saying why ``move`` is refused (English)."""
        return str(self.refusal(move))

    def _why_illegal(self, move: Move) -> IllegalMove | None:
        """A game's own explanation for a refused move, or ``None`` for the generic one."""
        return None

    def seat_stats(self, seat: int) -> dict[str, int]:
        """Counts of one seat's match for the statistics page (every game adds its own; the table
        sums them across matches, ``best_*`` figures keep their maximum)."""
        return {}

    def match_events(self) -> Iterator[Event]:
        """Every event of the match after its deal, in order, by replaying it (for statistics)."""
        probe = type(self).new(self.players, self.names, self.options, self.seed, self.deck)
        for text in self.log:
            yield from probe.apply(text)

    def finished_games(self) -> list[dict[str, Any]]:
        """The games of this match finished so far: ``{"points": [per seat], "winners": [seats]}``.

        A match of most games is one game; Gin Rummy overrides this (games to 100 inside a match).
        """
        if not self.is_over():
            return []
        return [{"points": list(self.scores), "winners": self.winners()}]

    def result(self) -> dict[str, Any]:
        """Per-seat totals and winners (empty while the match runs)."""
        return {"over": self.is_over(), "scores": list(self.scores), "winners": self.winners()}

    def base_view(self, seat: int | None) -> dict[str, Any]:
        """The public part every game's view starts from."""
        return {
            "game": self.GAME_ID,
            "seat": seat,
            "players": self.players,
            "names": list(self.names),
            "scores": list(self.scores),
            "to_move": self.to_move(),
            "over": self.is_over(),
            "winners": self.winners(),
            "history": [dict(h) for h in self.history],
            "log": self.visible_log(seat),
            "deals": self.deals(),
            "match_seed": self.seed if self.is_over() else None,
        }

    def options_data(self) -> dict[str, Any]:
        """The match's options as JSON-safe data, for views and snapshots: worked out once per options
        (they are frozen, and every view and autosave carries them), a fresh table for each caller."""
        return dict(_options_data(self.options))

    def to_json(self) -> dict[str, Any]:
        """A complete, versioned, JSON-safe snapshot (RNG included)."""
        return {
            "format": SNAPSHOT_FORMAT,
            "game": self.GAME_ID,
            "version": self.VERSION,
            "players": self.players,
            "names": list(self.names),
            "seed": self.seed,
            "options": self.options_data(),
            "rng": self.rng.to_json(),
            "log": list(self.log),
            "history": [dict(h) for h in self.history],
            "deck": None if self.deck is None else list(self.deck),
            "hand_seeds": list(self.hand_seeds),
            "state": self._dump(),
        }

    @classmethod
    def from_json(cls: type[S], data: Any) -> S:
        """Rebuild a match from ``to_json``; ``SaveError`` says what is wrong with bad input."""
        if not isinstance(data, dict) or data.get("format") != SNAPSHOT_FORMAT:
            raise SaveError("this is not a Tablée match snapshot")
        if data.get("game") != cls.GAME_ID:
            raise SaveError(f"this snapshot is of {data.get('game')!r}, not {cls.GAME_ID!r}")
        version = data.get("version")
        if not isinstance(version, int) or version > cls.VERSION or version < 1:
            raise SaveError(f"snapshot version {version!r} is not supported (this Tablée reads 1–{cls.VERSION})")
        state = cls.__new__(cls)
        try:
            state.players = int(data["players"])
            state.names = [str(n) for n in data["names"]]
            state.options = options_from_json(cls.Options, data["options"])
            state.seed = int(data["seed"])
            state.rng = Rng.from_json(data["rng"])
            state.log = [str(m) for m in data["log"]]
            state.history = [dict(h) for h in data["history"]]
            deck = data.get("deck")
            state.deck = None if deck is None else [str(c) for c in deck]
            state.hand_seeds = [int(h) for h in data.get("hand_seeds", [])]
            state.seen_deals = []
            state._load(data["state"])
        except SaveError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise SaveError(f"the snapshot is damaged ({type(exc).__name__}: {exc})") from None
        if len(state.names) != state.players:
            raise SaveError("the snapshot is damaged (names do not match the number of players)")
        cards = Counter(c for zone in state.card_zones().values() for c in zone)
        if cards != Counter(cls.full_deck(state.options)):
            raise SaveError("the snapshot is damaged (cards are missing or duplicated)")
        return state

    def clone(self: S) -> S:
        """An independent copy, for search: the shared fields and every listed field of the game."""
        other = type(self).__new__(type(self))
        other.players = self.players
        other.names = list(self.names)
        other.options = self.options
        other.seed = self.seed
        other.rng = self.rng.clone()
        other.log = list(self.log)
        other.history = list(self.history)  # entries are never changed once written
        other.deck = self.deck
        other.hand_seeds = list(self.hand_seeds)
        other.seen_deals = self.seen_deals  # never changed once set
        copy_fields(self, other)
        other._restored()
        return other


def options_from_json(options_cls: type, data: Any) -> Any:
    """Build an ``Options`` dataclass from a dict; unknown keys or bad values raise ``SaveError``."""
    if not isinstance(data, dict):
        raise SaveError("the rule options are damaged (not a table of values)")
    names = {f.name for f in dataclasses.fields(options_cls)}
    unknown = sorted(set(data) - names)
    if unknown:
        raise SaveError(f"unknown rule option(s): {', '.join(unknown)}")
    defaults = options_cls()
    for key, value in data.items():
        default = getattr(defaults, key)
        if default is not None and value is not None and type(value) is not type(default):
            if not (isinstance(default, float) and type(value) is int):
                raise SaveError(f"rule option {key!r} should be {type(default).__name__}, got {value!r}")
    try:
        return options_cls(**data)
    except (TypeError, ValueError) as exc:
        raise SaveError(f"bad rule options: {exc}") from None


@functools.cache
def _default_options(options_cls: type) -> Any:
    """A game's default options, made (and checked) once: they are frozen, so every match started
    without options may share them."""
    return options_cls()


@functools.lru_cache(maxsize=64)
def _options_data(options: Any) -> dict[str, Any]:
    """``dataclasses.asdict`` of frozen options (hashable, so every value in it is immutable and a
    shallow copy of the table is a safe one)."""
    return dataclasses.asdict(options)
