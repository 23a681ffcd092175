"""A hosted table: the host's whole game logic, clock-free, with no sockets.

``HostedTable`` owns the match's referee and its seats. The server (``net.host``) hands it every
message a connection sends (``handle``), every drop (``disconnect``) and the time (``tick``); it
answers with the messages to send, ``(connection, message)`` pairs (``None`` as the message closes
that connection). Keeping it free of sockets and clocks makes every hostile case a plain test.

Seats are ``remote`` (a player on another computer, waiting until someone joins), or a bot level
played on the host. A client joining a remote seat is a person (``move``, ``ready``, ``pass``) or a
*network bot* (``bot`` in its hello), which the referee questions like a bot on the host: it is
sent the seat's view and legal moves and answers with its move and reaction delay, so a table of
network bots plays exactly the match the same bots would play on one computer.

Every client gets only its seat's view and the events as its seat may see them; another seat's
hidden card never leaves the host. A table whose every person plays from a phone may be *watched*
by the hosting app ("Table on this screen"): a connection showing the table's ``watch_token``
holds no seat and is sent the spectator's view (``view(None)``), the events as nobody seated sees
them, and no legal move; it may play nothing.
"""

from __future__ import annotations

import dataclasses
import hmac
import ipaddress
import math
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game import GAMES, GameState, IllegalMove, Move, load_match
from game.core import Bot
from game.core.referee import BotTask, Played, Referee
from net.browser import screen_of
from net.protocol import (
    PROTOCOL_VERSION,
    ProtocolError,
    clean_name,
    decode,
    error,
    new_token,
    normal_code,
    printable,
)

Outgoing = tuple[int, dict[str, Any] | None]
"""A message for one connection; ``None`` closes it."""

HELLO_SECONDS = 10.0
"""A connection that has not said hello (or resume) by then is closed."""
RECONNECT_SECONDS = 180.0
"""How long a dropped seat is kept for its player before the host may give it to a bot."""
WINDOW_MARGIN = 0.25
"""Seconds added to a quick-discard window in which a network player races (latency)."""
RATE = 20.0
"""Messages a second a client may send on average (a move played or a question answered is free)…"""
BURST = 40.0
"""…and in one burst."""
FLOOD_LIMIT = 200
"""Messages refused for speed after which the connection is closed."""
BACKOFF_FIRST = 1.0
"""Seconds an address waits after a wrong code before its next hello is heard…"""
BACKOFF_MAX = 300.0
"""…doubled at every further wrong code in a row, up to this."""
BACKOFF_FORGET = 3600.0
"""Seconds after its last wrong code at which an address's wrong codes are forgotten."""
BACKOFF_ADDRESSES = 4096
"""Addresses whose wrong codes are remembered at most (the oldest are forgotten first)."""
UNSEATED_LIMIT = 64
"""Connections without a seat yet (before or during hello) the host keeps open at once…"""
UNSEATED_PER_ADDRESS = 16
"""…and from one address (an IPv6 address counts by its /64 network)."""
ANSWER_SECONDS = 30.0
"""Seconds a network bot has to answer a question; a silent one reacts to nothing and, to move,
plays its first legal move (the match never waits on it longer)."""
SNAPSHOT_FORMAT = "tablee-hosted-table"


class RemoteBot(Bot):
    """Stands in the referee for a network bot: its questions go over the network, never here."""

    level = "network"

    def choose(self, view: dict[str, Any], legal_moves: list[Move]) -> Move:
        raise RuntimeError("a network bot's question is answered by its client")


@dataclass
class NetSeat:
    """One seat of a hosted table."""

    name: str
    kind: str
    """``"remote"`` (a player on another computer) or the level of a bot played on the host."""
    token: str | None = None
    client: str | None = None
    """Who joined a remote seat: ``"human"`` or a network bot's level (``None``: nobody yet)."""
    conn: int | None = None
    dropped_at: float | None = None
    returning: tuple[str, str] | None = None
    """A dropped player's key and client (``"human"`` or a network bot's level) while a bot stands
    in for them: showing that key takes the seat back from the bot."""

    @property
    def remote(self) -> bool:
        return self.kind == "remote"

    def status(self, latency: float | None = None) -> dict[str, Any]:
        """How the seat looks to everybody (never its token)."""
        if not self.remote:
            state = "bot"
        elif self.client is None:
            state = "waiting"
        else:
            state = "connected" if self.conn is not None else "dropped"
        return {"name": self.name, "kind": self.kind, "client": self.client, "state": state,
                "latency": None if latency is None else round(latency, 3)}


@dataclass
class _Conn:
    opened_at: float
    address: str = ""
    """Where the connection comes from, as counted for back-off and caps (``address_key``)."""
    closing: bool = False
    """The host has refused this connection: nothing more it sends is read."""
    shown: dict[str, Any] | None = None
    """The last update sent, without its clocks: a situation that did not change is not sent again."""
    seat: int | None = None
    tokens: float = BURST
    refill_at: float = 0.0
    refused: int = 0
    warned_at: float = -1e9
    synced: bool = False
    """Whether this connection has had the match's whole log (later updates carry new moves only)."""
    history: int = -1
    """How many entries of the score history this connection has."""
    watching: bool = False
    """Whether this connection watches the table (no seat: the spectator's view)."""


@dataclass
class _Question:
    ident: int
    task: BotTask
    sent_to: int | None = None


@dataclass
class HostedTable:
    """The host's table (see the module docstring)."""

    state: GameState
    seats: list[NetSeat]
    code: str
    reconnect_seconds: float = RECONNECT_SECONDS
    window_margin: float = WINDOW_MARGIN
    think_delay: float = 0.0
    auto_bot: str | None = None
    """A bot level that takes a remote seat dropped longer than ``reconnect_seconds`` (``None``:
    the host decides, with ``seat_bot``)."""
    started: bool = False
    now: float = 0.0
    auto_start: bool = False
    """Deal as soon as every remote seat is taken (the headless host, a table on the host's screen);
    else the host calls ``start``."""
    host_seat: int | None = None
    """The seat of the hosting app's own player (it takes it back with its key after a crash)."""
    local_seats: list[int] = field(default_factory=list)
    """Every seat played on the hosting app's computer (pass-and-play there), ``host_seat`` first."""
    watch_token: str | None = None
    """The key of the hosting app's screen that shows the table to everyone without a seat (``None``:
    nobody may watch). A key works once: every watcher's ``welcome`` carries the next one."""
    referee: Referee | None = field(default=None, init=False)
    latency: Callable[[int], float | None] = field(default=lambda conn: None, repr=False)
    """The server's measure of a connection's round trip (seconds), shown on the seats."""
    _conns: dict[int, _Conn] = field(default_factory=dict, init=False, repr=False)
    _next_conn: int = field(default=0, init=False, repr=False)
    watcher: int | None = field(default=None, init=False)
    """The connection watching the table (see ``watch_token``)."""
    _questions: dict[int, _Question] = field(default_factory=dict, init=False, repr=False)
    _next_question: int = field(default=0, init=False, repr=False)
    changed: bool = field(default=False, init=False)
    """Set when the match or the seats changed since the server last saved (it clears it)."""
    bot_seeds: dict[int, int] = field(default_factory=dict)
    """Each bot seat's seed, drawn from the operating system (``secrets``): nothing a seat is told
    relates to the deal's seed. Kept in the snapshot, so a host hosted again seats the same bots."""
    answer_seconds: float = ANSWER_SECONDS
    _failures: dict[str, tuple[int, float]] = field(default_factory=dict, init=False, repr=False)
    """Per address: wrong codes in a row, and the time of the last one."""

    def __post_init__(self) -> None:
        if len(self.seats) != self.state.players:
            raise ValueError(f"{self.state.players} players need {self.state.players} seats, got {len(self.seats)}")
        levels = GAMES[self.state.GAME_ID].bot_levels
        for seat in self.seats:
            if not seat.remote and seat.kind not in levels:
                raise ValueError(f"unknown seat kind {seat.kind!r}: expected remote or one of {', '.join(levels)}")
        if self.auto_bot is not None and self.auto_bot not in levels:
            raise ValueError(f"unknown bot level {self.auto_bot!r}")
        self.code = normal_code(self.code)
        if self.started:
            self._make_referee()

    # ================================================================== seats and the start
    def bot_seed(self, seat: int) -> int:
        """The seed of the bot playing ``seat`` (on the host or over the network): drawn from the
        operating system the first time it is asked for, never derived from the deal."""
        if seat not in self.bot_seeds:
            self.bot_seeds[seat] = secrets.randbits(63)
            self.changed = True
        return self.bot_seeds[seat]

    def missing(self) -> list[int]:
        """Remote seats nobody has taken yet, or whose player dropped."""
        return [i for i, s in enumerate(self.seats) if s.remote and s.conn is None]

    def can_start(self) -> bool:
        return not self.started and not self.missing()

    def start(self) -> list[Outgoing]:
        """Deal the cards to everyone: every remote seat must be taken (else ``ValueError``)."""
        if self.started:
            raise ValueError("the match has already started")
        if self.missing():
            names = ", ".join(self.seats[i].name for i in self.missing())
            raise ValueError(f"seats still waiting for their player: {names}")
        self.started = True
        self.changed = True
        self._make_referee()
        return self._after([])

    def seat_bot(self, seat: int, level: str) -> list[Outgoing]:
        """Give ``seat`` to a bot of ``level`` played on the host (a missing or dropped player)."""
        if level not in GAMES[self.state.GAME_ID].bot_levels:
            raise ValueError(f"unknown bot level {level!r}")
        info = self.seats[seat]
        out: list[Outgoing] = []
        if info.conn is not None:
            out += [(info.conn, error("seat_taken_by_bot", "The host gave your seat to a computer player.")),
                    (info.conn, None)]
            self._conns[info.conn].seat = None
        elif info.remote and info.token is not None and info.client is not None:
            info.returning = (info.token, info.client)  # a dropped player: they may come back for it
        info.kind, info.client, info.conn, info.token, info.dropped_at = level, None, None, None, None
        self.bot_seeds.pop(seat, None)  # a new bot, with a seed of its own
        if self.referee is not None:
            self._forget_questions(seat)
            self.referee.replace_bot(seat, GAMES[self.state.GAME_ID].make_bot(level, self.bot_seed(seat)))
        self.changed = True
        out += self._seats_news()
        if self.auto_start and self.can_start():
            return self._closing(out + self.start())
        return self._closing(out + self._after([]))

    # ================================================================== connections
    def admit(self, address: str) -> dict[str, Any] | None:
        """Whether a new connection from ``address`` may open: ``None``, or the error that refuses
        it (too many connections without a seat, from everywhere or from that address)."""
        key = address_key(address)
        unseated = [c for c in self._conns.values() if c.seat is None and not c.watching and not c.closing]
        if len(unseated) >= UNSEATED_LIMIT or sum(c.address == key for c in unseated) >= UNSEATED_PER_ADDRESS:
            return error("busy", "Too many connections are waiting to join: try again in a moment.")
        return None

    def connect(self, now: float, address: str = "") -> int:
        """A new connection; it must say hello (or resume) within ``HELLO_SECONDS``."""
        self._next_conn += 1
        self._conns[self._next_conn] = _Conn(opened_at=now, refill_at=now, address=address_key(address))
        return self._next_conn

    def seated(self, conn: int) -> bool:
        """Whether ``conn`` holds a seat (it was welcomed and not refused since)."""
        info = self._conns.get(conn)
        return info is not None and not info.closing and info.seat is not None

    def is_open(self, conn: int) -> bool:
        """Whether the host still reads ``conn`` (a refused connection is read no more)."""
        info = self._conns.get(conn)
        return info is not None and not info.closing

    def disconnect(self, conn: int, now: float) -> list[Outgoing]:
        """A connection closed: its seat is kept for ``reconnect_seconds``."""
        info = self._conns.pop(conn, None)
        if info is not None and info.watching and self.watcher == conn:
            self.watcher = None
            return []
        if info is None or info.seat is None:
            return []
        seat = self.seats[info.seat]
        if seat.conn != conn:
            return []
        seat.conn, seat.dropped_at = None, now
        self.changed = True
        return self._seats_news()

    def handle(self, conn: int, text: str | bytes, now: float) -> list[Outgoing]:
        """One message from ``conn``: the answers and news to send. Bad input changes nothing; a
        connection once refused is heard no more (its next messages are not read)."""
        info = self._conns.get(conn)
        if info is None or info.closing:
            return []
        # what fell due before this message is told first (each seat's log grows in order)
        out = self._after(self._clock(now), news=False)
        out += self._handle(conn, info, text, now)
        return self._closing(out)

    def _closing(self, out: list[Outgoing]) -> list[Outgoing]:
        """Mark the connections ``out`` closes: they are heard no more, and no longer count as
        waiting to join."""
        for target, message in out:
            if message is None and target in self._conns:
                self._conns[target].closing = True
        return out

    def limit(self, conn: int, now: float) -> list[Outgoing] | None:
        """Count one message of ``conn`` that the server handles itself (a browser's ``gesture``)
        against its pace: ``None`` when it may be handled, else what refuses it."""
        info = self._conns.get(conn)
        if info is None or info.closing:
            return []
        refused = self._paced(conn, info, now)
        return None if refused is None else self._closing(refused)

    def _paced(self, conn: int, info: _Conn, now: float) -> list[Outgoing] | None:
        """``None`` when ``conn`` may send one more message now, else the refusal (at most one
        ``too_fast`` a second; ``flood`` and the close after ``FLOOD_LIMIT`` refused)."""
        if self._allow(info, now):
            return None
        if info.refused > FLOOD_LIMIT:
            return [(conn, error("flood", "Too many messages: the host closes this connection.")), (conn, None)]
        if now - info.warned_at >= 1.0:
            info.warned_at = now
            return [(conn, error("too_fast", "Too many messages: slow down (this one was ignored)."))]
        return []

    def _handle(self, conn: int, info: _Conn, text: str | bytes, now: float) -> list[Outgoing]:
        refused = self._paced(conn, info, now)
        if refused is not None:
            return refused
        try:
            message = decode(text)
        except ProtocolError as exc:
            return [(conn, error(exc.key, str(exc), exc.params))]
        kind = message["type"]
        if kind == "ping":
            return [(conn, {"type": "pong", "t": message.get("t")})]
        if info.watching:
            return self._watcher_says(conn, kind, now)
        if info.seat is None:
            if kind == "hello":
                return self._hello(conn, info, message)
            if kind == "resume":
                return self._resume(conn, info, message)
            if kind == "watch":
                return self._watch(conn, info, message)
            return [(conn, error("hello_first", "Say hello (or resume) before anything else."))]
        if kind in ("hello", "resume", "watch"):
            return [(conn, error("already_seated", "This connection already has a seat."))]
        if kind == "bye":
            out = self.disconnect(conn, now)
            return [(conn, None), *out]
        seat = info.seat
        if not self.started or self.referee is None:
            return [(conn, error("not_started", "The match has not started yet: wait for the host."))]
        if kind == "answer":
            return self._answer(conn, seat, message)
        if kind == "gesture":  # the server answers a browser's gestures: this connection said no screen
            return [(conn, error("no_screen", "Only a browser that gave its screen in its hello sends gestures."))]
        if self.seats[seat].client != "human":
            return [(conn, error("bot_seat", "A network bot answers the host's questions; it does not send moves."))]
        if kind == "move":
            return self._move(conn, seat, message["move"])
        if kind == "ready":
            self.referee.ready(seat)
        else:
            self.referee.pass_window(seat)
        return self._after(self._clock(now))

    def tick(self, now: float) -> list[Outgoing]:
        """Let time pass to ``now``: timers, bots, silent connections and long drops."""
        out: list[Outgoing] = []
        for conn, info in list(self._conns.items()):
            if info.seat is None and not info.watching and not info.closing and now - info.opened_at > HELLO_SECONDS:
                info.closing = True
                out += [(conn, error("timeout", "Nothing was said in time: the host closes this connection.")),
                        (conn, None)]
        if self.auto_bot is not None:
            for i, seat in enumerate(self.seats):
                if seat.remote and seat.client is not None and seat.conn is None and seat.dropped_at is not None \
                        and now - seat.dropped_at >= self.reconnect_seconds:
                    out += self.seat_bot(i, seat.client if seat.client != "human" else self.auto_bot)
        out += self._after(self._clock(now), news=False)
        return self._closing(out)

    def next_due(self) -> float | None:
        """When something falls due next on the host's clock (``None``: waiting for players)."""
        if self.referee is None:
            return None
        return self.referee.next_due()

    # ================================================================== messages
    def _hello(self, conn: int, info: _Conn, message: dict[str, Any]) -> list[Outgoing]:
        try:
            screen_of(message)
        except ProtocolError as exc:
            return [(conn, error(exc.key, str(exc), exc.params))]
        refused = _other_version(conn, message) or self._backoff(conn, info)
        if refused is not None:
            return refused
        free = [i for i, s in enumerate(self.seats) if s.remote and s.client is None]
        right = hmac.compare_digest(normal_code(message["code"]).encode(), self.code.encode())
        if not right or not free:  # a full table answers as a wrong code: a guess is never confirmed
            return self._wrong_code(conn, info)
        bot = message.get("bot")
        if bot is not None and bot not in GAMES[self.state.GAME_ID].bot_levels:
            return [(conn, error("bad_field", f"Unknown bot level {printable(bot, 20)!r}.",
                                 {"type": "hello", "field": "bot"}))]
        wanted = message.get("seat")
        if wanted is not None:
            if wanted not in free:
                return [(conn, error("seat_not_free", "That seat is not free: choose another.", {"seat": wanted},
                                     free=free))]
            free = [wanted]
        self._failures.pop(info.address, None)
        seat_no = free[0]
        seat = self.seats[seat_no]
        name = clean_name(message.get("name") or "")
        if name:
            seat.name = self.state.names[seat_no] = name  # everyone's views carry the name chosen
        seat.client = "human" if bot is None else bot
        return self._seat(conn, info, seat_no)

    def _resume(self, conn: int, info: _Conn, message: dict[str, Any]) -> list[Outgoing]:
        try:
            screen_of(message)
        except ProtocolError as exc:
            return [(conn, error(exc.key, str(exc), exc.params))]
        wait = self._backoff(conn, info)
        if wait is not None:
            return wait
        if not hmac.compare_digest(normal_code(message["code"]).encode(), self.code.encode()):
            return self._wrong_code(conn, info)
        token = message["token"].encode()
        seat_no = next((i for i, s in enumerate(self.seats)
                        if s.token is not None and hmac.compare_digest(s.token.encode(), token)), None)
        if seat_no is None:
            seat_no = self._take_back_from_bot(token)
        if seat_no is None:
            self._fail(info)  # a wrong key counts as a wrong code
            return [(conn, error("bad_token", "This seat's key is not valid (any more): join the table again.")),
                    (conn, None)]
        self._failures.pop(info.address, None)
        out: list[Outgoing] = []
        old = self.seats[seat_no].conn
        if old is not None:  # the same key from elsewhere: the newest connection has the seat
            out += [(old, error("replaced", "Your seat was taken up from another connection.")), (old, None)]
            if old in self._conns:
                self._conns[old].seat = None
        return out + self._seat(conn, info, seat_no)

    def _watch(self, conn: int, info: _Conn, message: dict[str, Any]) -> list[Outgoing]:
        """The hosting app's screen asks to show the table (``watch_token``): no seat, the
        spectator's view. A wrong key counts as a wrong code; the newest watcher replaces the last."""
        refused = _other_version(conn, message) or self._backoff(conn, info)
        if refused is not None:
            return refused
        if not hmac.compare_digest(normal_code(message["code"]).encode(), self.code.encode()):
            return self._wrong_code(conn, info)
        key = self.watch_token
        if key is None or not hmac.compare_digest(key.encode(), message["token"].encode()):
            self._fail(info)
            return [(conn, error("bad_token", "This seat's key is not valid (any more): join the table again.")),
                    (conn, None)]
        self._failures.pop(info.address, None)
        out: list[Outgoing] = []
        old = self.watcher
        if old is not None and old in self._conns:
            out += [(old, error("replaced", "Your seat was taken up from another connection.")), (old, None)]
            self._conns[old].watching = False
        info.watching, self.watcher = True, conn
        self.watch_token = new_token()
        self.changed = True
        info.synced, info.history, info.shown = False, -1, None
        out.append((conn, {
            "type": "welcome", "protocol": PROTOCOL_VERSION, "seat": None, "watch": True, "token": self.watch_token,
            "code": self.code, "game": self.state.GAME_ID, "players": self.state.players,
            "names": [s.name for s in self.seats], "options": _options(self.state), "bot_seed": None,
            "auto_start": self.auto_start,
        }))
        out.append((conn, {"type": "seats", "seats": self._statuses(), "started": self.started}))
        if self.started:
            out.append((conn, self._update(None, [], self._shared(), conn)))
        return out

    def _watcher_says(self, conn: int, kind: str, now: float) -> list[Outgoing]:
        """What a watching screen may say: ping (answered above), bye; it plays nothing."""
        if kind == "bye":
            return [(conn, None), *self.disconnect(conn, now)]
        if kind in ("hello", "resume", "watch"):
            return [(conn, error("already_seated", "This connection already has a seat."))]
        return [(conn, error("watching", "A screen that shows the table plays no seat."))]

    def _take_back_from_bot(self, token: bytes) -> int | None:
        """The seat a bot stands in for whose player shows ``token``, given back to them."""
        for i, seat in enumerate(self.seats):
            if seat.returning is not None and hmac.compare_digest(seat.returning[0].encode(), token):
                seat.kind, seat.client, seat.returning = "remote", seat.returning[1], None
                if self.referee is not None:
                    self._forget_questions(i)
                    if seat.client == "human":
                        self.referee.release_bot(i)
                    else:
                        self.referee.replace_bot(i, RemoteBot(None))
                self.changed = True
                return i
        return None

    def _seat(self, conn: int, info: _Conn, seat_no: int) -> list[Outgoing]:
        seat = self.seats[seat_no]
        info.seat = seat_no
        seat.conn, seat.dropped_at = conn, None
        seat.token = new_token()  # a key works once: a replayed old key is refused
        self.changed = True
        info.synced, info.history, info.shown = False, -1, None
        welcome = {
            "type": "welcome", "protocol": PROTOCOL_VERSION, "seat": seat_no, "token": seat.token,
            "code": self.code, "game": self.state.GAME_ID, "players": self.state.players,
            "names": [s.name for s in self.seats], "options": _options(self.state),
            "bot_seed": self.bot_seed(seat_no) if seat.client not in (None, "human") else None,
            "auto_start": self.auto_start,
        }
        out: list[Outgoing] = [(conn, welcome)]
        out += self._seats_news()
        if self.auto_start and self.can_start():
            return out + self.start()
        if self.started:
            out.append((conn, self._update(seat_no, [], self._shared())))
            for question in self._questions.values():
                if question.task.seat == seat_no:
                    question.sent_to = conn
                    out.append((conn, _question_message(question)))
        return out

    def _backoff(self, conn: int, info: _Conn) -> list[Outgoing] | None:
        """The refusal of a hello or resume from an address still waiting after wrong codes
        (``None``: it may try). Read before the code, so it says nothing of the code."""
        seen = self._failures.get(info.address)
        if seen is None:
            return None
        count, last = seen
        if self.now - last > BACKOFF_FORGET:
            del self._failures[info.address]
            return None
        until = last + min(BACKOFF_MAX, BACKOFF_FIRST * 2.0 ** (count - 1))
        if self.now >= until:
            return None
        seconds = math.ceil(until - self.now)
        return [(conn, error("wait", f"Too many wrong codes from your address: try again in {seconds} s.",
                             {"seconds": seconds})), (conn, None)]

    def _fail(self, info: _Conn) -> None:
        """One more wrong code (or key) in a row from the connection's address."""
        count = self._failures.pop(info.address, (0, 0.0))[0]
        self._failures[info.address] = (count + 1, self.now)  # the newest last: the dict stays in time order
        while len(self._failures) > BACKOFF_ADDRESSES:
            del self._failures[next(iter(self._failures))]

    def _wrong_code(self, conn: int, info: _Conn) -> list[Outgoing]:
        """The same answer for a wrong code and for a right one at a full table (a code is not
        confirmed to a stranger); both count toward the address's back-off."""
        self._fail(info)
        return [(conn, error("wrong_code", "No table with a free seat answers to this code here.")), (conn, None)]

    def _move(self, conn: int, seat: int, text: str) -> list[Outgoing]:
        assert self.referee is not None
        try:
            move = self.state.parse_move(text)
        except ValueError as exc:
            return [(conn, error("bad_move", str(exc)))]
        if move.seat is not None and move.seat != seat:
            return [(conn, error("not_your_seat", f"You play seat {seat}, not seat {move.seat}.",
                                 {"seat": seat, "other": move.seat}))]
        try:
            played = self.referee.submit(move.with_seat(seat))
        except IllegalMove as exc:
            return [(conn, error(exc.key or "illegal", str(exc), exc.params, move=text))]
        self._refund(conn)
        return self._after([played, *self._clock(self.now)])

    def _answer(self, conn: int, seat: int, message: dict[str, Any]) -> list[Outgoing]:
        question = self._questions.get(message["key"])
        if question is None or question.task.seat != seat or question.task.done:
            return [(conn, error("no_question", "There is no such question for this seat (any more)."))]
        task = question.task
        text = message["move"]
        delay = float(message.get("delay") or 0.0)  # in range: the protocol checked it
        move: Move | None = None
        if text is not None:
            try:
                move = self.state.parse_move(text)
            except ValueError as exc:
                return [(conn, error("bad_move", str(exc)))]
            if move.seat is not None and move.seat != seat:
                return [(conn, error("not_your_seat", f"You play seat {seat}, not seat {move.seat}.",
                                     {"seat": seat, "other": move.seat}))]
            move = move.with_seat(seat)
            if move not in task.legal:
                return [(conn, error("illegal", f"'{move.action}' is not one of the moves asked about.",
                                     {"move": move.action}))]
        elif task.kind == "choose":
            return [(conn, error("bad_field", "A move is needed: it is your turn.", {"type": "answer", "field": "move"}))]
        del self._questions[question.ident]
        self._refund(conn)
        task.move, task.delay, task.done = move, delay, True
        return self._after(self._clock(self.now), news=False)

    # ================================================================== inside
    def _make_referee(self) -> None:
        desc = GAMES[self.state.GAME_ID]
        bots: dict[int, Bot] = {}
        for i, seat in enumerate(self.seats):
            if not seat.remote:
                bots[i] = desc.make_bot(seat.kind, self.bot_seed(i))
            elif seat.client not in (None, "human"):
                bots[i] = RemoteBot(None)
        self.referee = Referee(self.state, bots, think_delay=self.think_delay, runner=self._run,
                               window_margin=self.window_margin, answer_limit=self.answer_seconds)
        self.referee.now = self.now

    def _run(self, task: BotTask) -> None:
        """The referee's runner: host bots answer at once, network bots are asked."""
        if not isinstance(task.bot, RemoteBot):
            task.solve()
            return
        self._forget_questions(task.seat)
        self._next_question += 1
        self._questions[self._next_question] = _Question(self._next_question, task)

    def _forget_questions(self, seat: int | None = None) -> None:
        """Forget the questions to ``seat`` (``None``: those the referee stopped waiting for)."""
        for ident in [q.ident for q in self._questions.values()
                      if q.task.seat == seat or (seat is None and q.task.done)]:
            del self._questions[ident]

    def _clock(self, now: float) -> list[Played]:
        if now < self.now:
            now = self.now
        if self.referee is None or self.state.is_over():
            self.now = now
            return []
        played = self.referee.advance(now - self.now)
        self.now = now
        self._forget_questions()  # a question the referee gave up on is not answered late
        return played

    def _allow(self, info: _Conn, now: float) -> bool:
        info.tokens = min(BURST, info.tokens + (now - info.refill_at) * RATE)
        info.refill_at = now
        if info.tokens < 1.0:
            info.refused += 1
            return False
        info.tokens -= 1.0
        return True

    def _refund(self, conn: int) -> None:
        """A move played or a question answered costs nothing: play is bounded by the game itself,
        so a quick bot is never taken for a flood."""
        info = self._conns.get(conn)
        if info is not None:
            info.tokens = min(BURST, info.tokens + 1.0)

    def _after(self, played: list[Played], news: bool = True) -> list[Outgoing]:
        """Updates after ``played`` (with ``news``: also when nothing was played, e.g. a player got
        ready) for every connected seat whose situation changed, and new questions to network bots."""
        if played:
            self.changed = True
        out: list[Outgoing] = []
        if self.started and (played or news):
            shared = self._shared()
            for i, seat in enumerate(self.seats):
                if seat.conn is not None:
                    update = self._update(i, played, shared)
                    if update is not None:
                        out.append((seat.conn, update))
            if self.watcher is not None:
                update = self._update(None, played, shared, self.watcher)
                if update is not None:
                    out.append((self.watcher, update))
        for question in self._questions.values():
            conn = self.seats[question.task.seat].conn
            if question.sent_to is None and conn is not None:
                question.sent_to = conn
                out.append((conn, _question_message(question)))
        return out

    def _shared(self) -> dict[str, Any]:
        """The part of an update that is the same for every seat (computed once a move)."""
        assert self.referee is not None
        state, referee = self.state, self.referee
        window = referee.window_clock()
        grace = referee.grace_clock()
        return {
            "public": state.view(None),
            "to_move": state.to_move(),
            "unready": referee.unready(),
            "window": None if window is None else list(window),
            "grace": None if grace is None else list(grace),
            "thinking": referee.thinking(),
            "over": state.is_over(),
            "winners": state.winners(),
            "seats": self._statuses(),
        }

    def _update(self, seat: int | None, played: list[Played], shared: dict[str, Any],
                conn: int | None = None) -> dict[str, Any] | None:
        """What ``seat`` may know after ``played`` (``None``: a watcher, on ``conn``, knows what a
        spectator may): its view, the public view, its legal moves, the moves as it may read them
        with their events, and the clocks. ``None`` when nothing was played and the connection was
        sent this very situation last (a no-op ``pass``)."""
        state = self.state
        log = state.visible_log(seat)
        first = len(log) - len(played)
        moves = [{"move": log[first + k], "by": p.by, "events": [e.for_seat(seat).to_json() for e in p.events]}
                 for k, p in enumerate(played)]
        legal = state.legal_moves(seat) if seat is not None and seat in shared["to_move"] else []
        view = state.view(seat)
        message = {"type": "update", "played": moves, "view": view, "legal": [m.action for m in legal], **shared,
                   "public": {k: v for k, v in shared["public"].items() if k not in ("log", "history")}}
        if seat is not None:
            conn = self.seats[seat].conn
        info = None if conn is None else self._conns.get(conn)
        if info is None:
            return message
        shown = {k: v for k, v in message.items() if k not in ("window", "grace", "seats", "played", "view")}
        shown["view"] = dict(view)  # a copy: the log and history are taken out of ``view`` below
        shown["clocks"] = (None if message["window"] is None else message["window"][1],
                           None if message["grace"] is None else message["grace"][::2])
        shown["seats"] = [{k: v for k, v in s.items() if k != "latency"} for s in message["seats"]]
        if not played and shown == info.shown:
            return None
        info.shown = shown
        # the log and the score history only grow: a client that has them gets the moves played
        # (it adds them itself) and the history only when a hand or round adds to it
        if info.synced:
            del view["log"]
        if info.synced and info.history == len(view.get("history", ())):
            view.pop("history", None)
        info.synced, info.history = True, len(view.get("history", ()))
        return message

    def _statuses(self) -> list[dict[str, Any]]:
        """Every seat's status; a latency only for a seat played across the network (the hosting
        app's own seats are linked over loopback: their round trip says nothing of the network)."""
        here = {*self.local_seats, *([] if self.host_seat is None else [self.host_seat])}
        return [s.status(None if s.conn is None or i in here else self.latency(s.conn))
                for i, s in enumerate(self.seats)]

    def _seats_news(self) -> list[Outgoing]:
        news: dict[str, Any] = {"type": "seats", "seats": self._statuses(), "started": self.started}
        conns = [s.conn for s in self.seats if s.conn is not None]
        return [(conn, news) for conn in [*conns, *([] if self.watcher is None else [self.watcher])]]

    def news(self) -> list[Outgoing]:
        """The seats' status for everyone (the server sends it now and then: latency badges)."""
        return self._seats_news()

    # ================================================================== autosave
    def snapshot(self) -> dict[str, Any]:
        """Everything needed to host this table again after a crash (tokens included: keep it private)."""
        return {
            "format": SNAPSHOT_FORMAT,
            "code": self.code,
            "started": self.started,
            "reconnect_seconds": self.reconnect_seconds,
            "window_margin": self.window_margin,
            "think_delay": self.think_delay,
            "auto_bot": self.auto_bot,
            "auto_start": self.auto_start,
            "host_seat": self.host_seat,
            "local_seats": list(self.local_seats),
            "watch_token": self.watch_token,
            "seats": [{"name": s.name, "kind": s.kind, "token": s.token, "client": s.client,
                       "returning": None if s.returning is None else list(s.returning)} for s in self.seats],
            "bot_seeds": {str(seat): seed for seat, seed in self.bot_seeds.items()},
            "match": self.state.to_json(),
        }

    @classmethod
    def from_snapshot(cls, data: Any, now: float = 0.0) -> HostedTable:
        """Host a saved table again: every remote player may come back with their seat's key."""
        if not isinstance(data, dict) or data.get("format") != SNAPSHOT_FORMAT:
            raise ValueError("this is not a saved Tablée network table")
        try:
            seats = [NetSeat(str(s["name"]), str(s["kind"]), s["token"], s["client"], None, now, _returning(s))
                     for s in data["seats"]]
            state = load_match(data["match"])
            table = cls(state, seats, str(data["code"]), float(data["reconnect_seconds"]), float(data["window_margin"]),
                        float(data["think_delay"]), data["auto_bot"], bool(data["started"]), now,
                        bool(data.get("auto_start", False)), data.get("host_seat"),
                        [int(s) for s in data.get("local_seats") or []], _watch_token(data.get("watch_token")),
                        bot_seeds={int(k): int(v) for k, v in (data.get("bot_seeds") or {}).items()})
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise ValueError(f"the saved network table is damaged ({exc})") from None
        return table


def _watch_token(value: Any) -> str | None:
    """A saved table's watcher key (absent from tables saved before watching existed)."""
    if value is not None and not isinstance(value, str):
        raise ValueError("a table's watch key must be text")
    return value


def _returning(seat: dict[str, Any]) -> tuple[str, str] | None:
    """A saved seat's ``returning`` (absent from tables saved before it existed)."""
    value = seat.get("returning")
    if value is None:
        return None
    token, client = value
    if not isinstance(token, str) or not isinstance(client, str):
        raise ValueError("a seat's returning player must be a key and a client")
    return token, client


def address_key(address: str) -> str:
    """Who a connection counts as for back-off and caps: its IPv4 address, or its IPv6 /64
    network (one home gets a whole /64)."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def _question_message(question: _Question) -> dict[str, Any]:
    """A question to a network bot; its view's log and history are the ones the bot's client
    keeps from the updates (sent just before), so they are left out."""
    task = question.task
    view = {k: v for k, v in task.view.items() if k not in ("log", "history")}
    return {"type": "question", "key": question.ident, "kind": task.kind, "view": view,
            "legal": [m.action for m in task.legal]}


def _options(state: GameState) -> dict[str, Any]:
    return dataclasses.asdict(state.options)


def _other_version(conn: int, message: dict[str, Any]) -> list[Outgoing] | None:
    """The answer to a client that speaks another protocol version (told, then closed), or None."""
    if message["version"] == PROTOCOL_VERSION:
        return None
    return [(conn, error("version", f"This host speaks protocol version {PROTOCOL_VERSION}; update Tablée.",
                         {"version": PROTOCOL_VERSION})), (conn, None)]
