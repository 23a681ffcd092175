"""The client side of the network table: one seat's connection to a host.

``SeatClient`` joins (``hello``) or takes its seat back (``resume`` with the seat's key) and then
sends and receives checked JSON messages. ``play_bot`` plays a seat with a bot level until the
match is over, coming back by itself when the connection drops: as a declared network bot (the
host asks it questions, so a table of them plays exactly as on one computer) or, with
``as_person``, like a person would (it sends moves when its seat may act). The app's own client
thread is in ``net.remote``.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus, InvalidURI

from disk import DamagedFile
from game import GAMES, Move
from game.core import Bot
from net.keys import KeptSeat, SeatClaim, SeatKeys
from net.protocol import DEFAULT_PORT, FRAME_LIMIT, PROTOCOL_VERSION, clean_name, encode

FATAL = {"wrong_code", "table_full", "version", "bad_token", "seat_not_free", "seat_taken_by_bot", "flood",
         "timeout", "replaced", "wait"}
"""Errors after which a client stops (the others refuse one message and the game goes on);
``table_full`` comes from hosts of before the code was kept secret at a full table."""
RETRY = {"unreachable", "busy"}
"""Why a connection may fail and be tried again a moment later (the host is away, or too many
connections are waiting to join it)."""
NOT_A_TABLE = "not_a_table"
"""Why a join failed when something answered at the address but not a Tablée table: it refused the
WebSocket handshake (an HTTP server, another service), or accepted the connection and said nothing
(no handshake, or no ``welcome`` nor refusal) in time."""
KEY_REFUSED = {"bad_token", "wrong_code"}
"""Answers to a ``resume`` after which a kept seat key is of no use (the table forgot it, or is gone)."""


class JoinError(Exception):
    """The host refused the client (``key`` names why) or could not be reached."""

    def __init__(self, message: str, key: str = "unreachable", seconds: float = 0.0) -> None:
        """``seconds``: how long the host asks to wait before the next try (a ``wait`` refusal)."""
        super().__init__(message)
        self.key = key
        self.seconds = seconds


WAIT_MOST = 300.0
"""Seconds a client waits at most when a host asks it to wait (whatever a host says)."""


def _wait_seconds(message: dict[str, Any]) -> float:
    """The wait a ``wait`` refusal names, bounded to ``WAIT_MOST`` (0 when it names none)."""
    params = message.get("params")
    seconds = params.get("seconds") if isinstance(params, dict) else None
    if isinstance(seconds, bool) or not isinstance(seconds, int | float) or not 0 <= seconds <= WAIT_MOST:
        return 0.0
    return float(seconds)


def url_for(address: str) -> str:
    """``HOST[:PORT]`` (or a ws:// URL) as the WebSocket URL of a table."""
    address = address.strip()
    if address.startswith(("ws://", "wss://")):
        return address
    if address.startswith("[") or address.count(":") == 1:
        return f"ws://{address}"
    if address.count(":") > 1:  # a bare IPv6 address
        return f"ws://[{address}]:{DEFAULT_PORT}"
    return f"ws://{address}:{DEFAULT_PORT}"


@dataclass
class SeatClient:
    """One seat's connection (see the module docstring)."""

    address: str
    code: str
    name: str = ""
    seat: int | None = None
    bot: str | None = None
    token: str | None = None
    welcome: dict[str, Any] = field(default_factory=dict)
    ws: ClientConnection | None = None
    log: list[str] = field(default_factory=list)
    """The match's moves as this seat may read them (kept up to date from the host's updates)."""
    history: list[dict[str, Any]] = field(default_factory=list)
    """The score history of the match (the host sends it when it grows)."""
    keys: SeatKeys | None = None
    """Where the seat's key is kept between runs (``None``: in memory only)."""
    claim: SeatClaim | None = None
    """This process's hold on the seat whose key it keeps (see ``net.keys``)."""
    watch: bool = False
    """Watch the table rather than take a seat (the hosting app's screen, with the table's watch key
    in ``token``): the welcome has no seat, the updates the spectator's view."""
    reached: bool = False
    """Whether the last ``open`` got a connection accepted at the address (something listens)."""
    heard: bool = False
    """Whether the last ``open`` heard a table answer (its welcome or a refusal)."""

    async def open(self, timeout: float = 10.0) -> dict[str, Any]:
        """Connect and join (or, holding a key, resume); the host's ``welcome``, else ``JoinError``:
        ``unreachable`` when nothing accepted the connection, ``NOT_A_TABLE`` when something did
        but did not answer as a table does (see ``reached`` and ``heard``)."""
        self.reached = self.heard = False
        client = self

        class Connection(ClientConnection):
            def connection_made(self, transport: Any) -> None:
                client.reached = True  # something listens there: from now on, silence is not a table
                super().connection_made(transport)

        try:
            self.ws = await asyncio.wait_for(
                connect(url_for(self.address), max_size=FRAME_LIMIT, compression=None, proxy=None, open_timeout=timeout,
                        create_connection=Connection),
                timeout,
            )
        except InvalidStatus as exc:  # an HTTP answer other than the upgrade: a web server, not a table
            raise JoinError(f"no Tablée table answers at {self.address} ({exc})", NOT_A_TABLE) from None
        except (OSError, TimeoutError, InvalidHandshake, InvalidURI) as exc:
            why = NOT_A_TABLE if self.reached and not isinstance(exc, OSError) else "unreachable"
            raise JoinError(f"cannot reach a table at {self.address} ({exc})", why) from None
        if self.watch:
            hello: dict[str, Any] = {"type": "watch", "version": PROTOCOL_VERSION, "code": self.code,
                                     "token": self.token or ""}
        elif self.token is not None:
            hello = {"type": "resume", "version": PROTOCOL_VERSION, "code": self.code, "token": self.token}
        else:
            hello = {"type": "hello", "version": PROTOCOL_VERSION, "code": self.code, "name": self.name,
                     "seat": self.seat, "bot": self.bot}
        try:
            await self.send(hello)
        except ConnectionClosed:  # refused at once (busy): the reason, if it came, is read below
            pass
        while True:
            try:
                message = await asyncio.wait_for(self.receive(), timeout)
            except TimeoutError:  # a WebSocket that neither welcomes nor refuses: not a table
                await self.close()
                raise JoinError(f"no Tablée table answers at {self.address}", NOT_A_TABLE) from None
            if message is None:
                raise JoinError("the host closed the connection")
            if message["type"] == "error":
                self.heard = True
                await self.close()
                key = message.get("key")
                key = key if isinstance(key, str) else "unreachable"
                if self.keys is not None and self.token is not None and key in KEY_REFUSED:
                    self.keys.forget(self.address, self.code, self.seat)
                raise JoinError(str(message.get("message", "")), key, _wait_seconds(message))
            if message["type"] == "welcome":
                seat, token = message.get("seat"), message.get("token")
                if not isinstance(token, str) or not _welcome_fits(message, self.watch):
                    await self.close()  # no usable welcome: not a table
                    raise JoinError("the host's welcome is malformed", NOT_A_TABLE)
                self.heard = True
                message["names"] = [clean_name(name) for name in message["names"]]
                self.welcome = message
                self.seat, self.token = seat, token
                self._keep()
                return message

    async def send(self, message: dict[str, Any]) -> None:
        assert self.ws is not None
        await self.ws.send(encode(message))

    async def receive(self) -> dict[str, Any] | None:
        """The next message from the host, or ``None`` once the connection is closed.

        An update's views and a question's view get the whole log and score history back: the host
        sends them once, then only the moves played (added here) and the history when it grows.
        """
        assert self.ws is not None
        while True:
            try:
                text = await self.ws.recv()
            except ConnectionClosed:
                return None
            try:
                data = json.loads(text)
                if isinstance(data, dict) and isinstance(data.get("type"), str):
                    return self._completed(data)
            except (ValueError, TypeError, KeyError, AttributeError, RecursionError):
                pass  # a malformed message from the host is skipped: the connection lives on

    def _completed(self, data: dict[str, Any]) -> dict[str, Any]:
        """``data`` with the log and history an update or question leaves out filled in (see ``receive``)."""
        kind = data.get("type")
        if kind == "update" and data.get("over") is True and self.keys is not None:
            self.keys.forget(self.address, self.code, self.seat)  # the match is over: nothing to come back to
        if kind == "update" and isinstance(data.get("view"), dict):
            view = data["view"]  # the new log and history are built whole before either is kept
            log = list(view["log"]) if "log" in view else self.log + [entry["move"] for entry in data.get("played", [])]
            history = [dict(h) for h in view["history"]] if "history" in view else self.history
            for part in (view, data.get("public")):
                if isinstance(part, dict):
                    part["log"], part["history"] = list(log), [dict(h) for h in history]
            self.log, self.history = log, history
        elif kind == "question" and isinstance(data.get("view"), dict):
            data["view"]["log"], data["view"]["history"] = list(self.log), [dict(h) for h in self.history]
        return data

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()

    def release(self) -> None:
        """Let go of the seat's claim (the key stays kept: a later run may take the seat back)."""
        if self.claim is not None:
            self.claim.release()
            self.claim = None

    def _keep(self) -> None:
        """Write the seat's new key where a restarted guest finds it (a disk that refuses only
        costs the comeback after a crash, never the match)."""
        if self.keys is None or self.seat is None or self.token is None:
            return
        if self.claim is None or self.claim.seat != self.seat:
            self.release()
            try:
                self.claim = self.keys.claim(self.address, self.code, self.seat)
            except OSError:
                self.claim = None
            if self.claim is None:
                return  # another process of this computer holds this seat: its key is its own
        names = self.welcome.get("names") or []
        name = names[self.seat] if self.seat < len(names) else self.name
        try:
            self.keys.keep(self.address, self.code, str(self.welcome.get("game", "")), self.seat, self.token, str(name))
        except OSError:
            return


async def play_bot(
    address: str,
    code: str,
    level: str,
    *,
    name: str = "",
    seat: int | None = None,
    as_person: bool = False,
    seed: int | None = None,
    reconnect_for: float = 60.0,
    pace: float = 1.0,
    keys: SeatKeys | None = None,
    on_seat: Callable[[int, bool], None] | None = None,
) -> dict[str, Any]:
    """Play one seat with a bot of ``level`` until the match is over; its last update.

    A dropped connection is taken up again with the seat's key for ``reconnect_for`` seconds.
    ``as_person`` sends moves as a person would (reactions after their delay times ``pace``).
    With ``keys``, the seat's key is kept there, and a key kept by an earlier run for this table
    (and ``seat``, if given) takes that seat back instead of asking for a new one; ``on_seat`` is
    told the seat and whether it was taken back.
    """
    client = SeatClient(address, code, name=name or f"Bot ({level})", seat=seat, bot=None if as_person else level,
                        keys=keys)
    try:
        return await _play_seat(client, level, seat, as_person, seed, reconnect_for, pace, on_seat)
    finally:
        client.release()


async def _play_seat(client: SeatClient, level: str, seat: int | None, as_person: bool, seed: int | None,
                     reconnect_for: float, pace: float, on_seat: Callable[[int, bool], None] | None) -> dict[str, Any]:
    deadline = time.monotonic() + reconnect_for
    mine = claim_kept(client, seat)
    taken_back = False
    if mine is not None:
        client.seat, client.token = mine.seat, mine.token
        try:
            welcome = await _join(client, deadline)
            taken_back = True
        except JoinError as exc:
            if exc.key not in KEY_REFUSED:
                raise
            client.seat, client.token = seat, None  # the host forgot the key: ask for a seat, after
            welcome = await _join(client, max(deadline, time.monotonic() + WAIT_MOST))  # the wait it costs
    else:
        welcome = await _join(client, deadline)
    if on_seat is not None:
        on_seat(welcome["seat"], taken_back)
    game = GAMES[welcome["game"]]
    if level not in game.bot_levels:
        await client.close()
        raise JoinError(f"unknown bot level {level!r} for {welcome['game']}", "bad_level")
    bot_seed = welcome["bot_seed"] if welcome.get("bot_seed") is not None else seed
    player = _Player(client, game.make_bot(level, bot_seed), as_person, pace)
    while True:
        last = await player.play()
        if last is not None:
            await client.close()
            return last
        deadline = time.monotonic() + reconnect_for
        while True:
            await asyncio.sleep(0.2)
            try:
                await client.open()
                break
            except JoinError as exc:
                if exc.key not in RETRY or time.monotonic() > deadline:
                    raise


async def _join(client: SeatClient, deadline: float) -> dict[str, Any]:
    """``client.open()``, tried again until ``deadline`` while the host is crowded (``busy``) or
    asks this address to wait after a refused code or key (``wait``: after the seconds it names; a
    kept key the host forgot counts as a wrong one, so the hello that follows it waits too)."""
    while True:
        try:
            return await client.open()
        except JoinError as exc:
            pause = 0.2 if exc.key == "busy" else exc.seconds if exc.key == "wait" else None
            if pause is None or time.monotonic() + pause > deadline:
                raise
            await asyncio.sleep(pause)


def claim_kept(client: SeatClient, seat: int | None = None) -> KeptSeat | None:
    """The first seat kept for ``client``'s table (``seat``, if given) that no other process of
    this computer plays, claimed for ``client``; ``None`` when there is none."""
    if client.keys is None:
        return None
    for kept in kept_seats(client.keys, client.address, client.code):
        if seat is not None and kept.seat != seat:
            continue
        try:
            claim = client.keys.claim(client.address, client.code, kept.seat)
        except OSError:
            return None
        if claim is not None:
            client.claim = claim
            return kept
    return None


def kept_seats(keys: SeatKeys | None, address: str, code: str) -> tuple[KeptSeat, ...]:
    """The seats kept in ``keys`` for this table (a damaged file is moved aside and gives none;
    the caller that wants to tell the player looks with ``SeatKeys.load`` first)."""
    if keys is None:
        return ()
    try:
        kept = keys.load(address, code)
    except DamagedFile:
        return ()
    return () if kept is None else kept.seats


@dataclass
class _Player:
    client: SeatClient
    bot: Bot
    as_person: bool
    pace: float
    decided: Any = None
    pending: asyncio.Task[None] | None = None

    async def play(self) -> dict[str, Any] | None:
        """Answer the host until the match is over (its last update) or the connection drops (``None``,
        also when it closes while an answer or a move is on its way)."""
        seat = self.client.seat
        while True:
            message = await self.client.receive()
            if message is None:
                return None
            kind = message.get("type")
            if kind == "error" and message.get("key") in FATAL:
                raise JoinError(message.get("message", ""), message.get("key", "error"))
            try:
                if kind == "question":
                    await self._answer(message, seat)
                elif kind == "update":
                    if message["over"]:
                        return message
                    if self.as_person:
                        await self._act(message, seat)
            except ConnectionClosed:
                return None

    async def _answer(self, question: dict[str, Any], seat: int | None) -> None:
        legal = [Move(a, seat) for a in question["legal"]]
        move: Move | None
        delay = 0.0
        if question["kind"] == "choose":
            move = self.bot.choose(question["view"], legal)
        else:
            answer = self.bot.react(question["view"], legal)
            move, delay = (None, 0.0) if answer is None else answer
        await self.client.send({"type": "answer", "key": question["key"],
                                "move": None if move is None else move.action, "delay": delay})

    async def _act(self, update: dict[str, Any], seat: int | None) -> None:
        if seat in update["unready"]:
            await self.client.send({"type": "ready"})
            return
        if update["unready"]:  # play waits for every person to look: a move now is refused, and the
            return  # next update (same log, no window) would be taken for one already decided
        key = (len(update["view"]["log"]), update["window"] is not None)
        if not update["legal"] or key == self.decided:
            return
        self.decided = key
        legal = [Move(a, seat) for a in update["legal"]]
        if update["window"] is not None:
            answer = self.bot.react(update["view"], legal)
            if answer is None:
                await self.client.send({"type": "pass"})
                return
            move, delay = answer
            self.pending = asyncio.create_task(self._later(move.action, delay * self.pace))
            return
        move = self.bot.choose(update["view"], legal)
        await self.client.send({"type": "move", "move": move.action})

    async def _later(self, action: str, delay: float) -> None:
        await asyncio.sleep(delay)
        try:
            await self.client.send({"type": "move", "move": action})
        except ConnectionClosed:
            return


def _welcome_fits(welcome: dict[str, Any], watch: bool = False) -> bool:
    """Whether a host's welcome describes a table this app can sit at (or, ``watch``, show): a game
    it knows, a player count the game allows, the seat among them (no seat for a watcher) and a name
    (text) for each (cleaned by the caller)."""
    game_id = welcome.get("game")
    game = GAMES.get(game_id) if isinstance(game_id, str) else None
    players, seat, names = welcome.get("players"), welcome.get("seat"), welcome.get("names")
    if game is None or type(players) is not int or not game.min_players <= players <= game.max_players:
        return False
    placed = (seat is None and welcome.get("watch") is True) if watch else (type(seat) is int and 0 <= seat < players)
    return (placed
            and isinstance(names, list) and len(names) == players and all(isinstance(n, str) for n in names))
