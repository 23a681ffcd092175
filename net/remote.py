"""The app's connection to a table: a ``SeatClient`` on its own thread, with queues.

The app's loop never waits on the network: ``RemoteLink.start`` connects on a background thread,
``send`` queues a message, ``take`` returns what arrived since the last frame. A dropped
connection is taken up again with the seat's key for ``RECONNECT_FOR`` seconds (status
``reconnecting``); after that, or when the host refuses the seat, the status is ``lost`` with the
reason. The link pings the host every two seconds and keeps the round trip in ``latency``. Each
arrival also calls the app's ``wake`` (from the link's thread), so that an app waiting for input
answers at once rather than at its next look. At most ``INBOX_LIMIT`` of the host's messages
wait for the app: while that many are untaken the link reads no more, so a host that floods (or an
app stuck on a long frame) costs a bounded memory and the host's own send bound judges the seat.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
import time
from collections.abc import Callable
from typing import Any

from net.client import FATAL, RETRY, JoinError, SeatClient
from net.keys import KeptSeat, SeatClaim, SeatKeys

RECONNECT_FOR = 180.0
PING_EVERY = 2.0
INBOX_LIMIT = 1024
"""The host's messages that may wait for the app to take them; the link reads no more until the
app takes some (the link's own news, a handful, always gets through)."""


class RemoteLink:
    """One seat's connection for the app (see the module docstring)."""

    def __init__(self, address: str, code: str, name: str = "", seat: int | None = None,
                 wake: Callable[[], None] | None = None, keys: SeatKeys | None = None, watch: bool = False) -> None:
        """``keys``: where the seat's key is kept, so that the seat can be taken back after a crash.
        ``watch``: show the table without a seat (the hosting app's screen; its key goes in
        ``client.token``)."""
        self.client = SeatClient(address, code, name=name, seat=seat, keys=keys, watch=watch)
        self.wake = wake
        """Called from the link's thread whenever a message arrives (it must be thread-safe)."""
        self.status = "connecting"
        """``connecting``, ``connected``, ``reconnecting``, ``lost`` (see ``reason``) or ``closed``."""
        self.reason: tuple[str, str] | None = None
        """Why the link was lost: an error key and the host's English sentence."""
        self.latency: float | None = None
        self.welcome: dict[str, Any] = {}
        self._inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._outbox: asyncio.Queue[dict[str, Any] | None] | None = None
        self._room: asyncio.Event | None = None
        """Set (on the link's loop) when the app has taken messages out of a full inbox."""
        self.paused = False
        """``True`` while the link waits for the app to take messages before it reads more."""
        self._thread = threading.Thread(target=self._main, name="tablee-link", daemon=True)
        self._stopping = False
        self._stopped: asyncio.Event | None = None
        """Set (on the link's loop) when the app closes the link: a join under way is given up."""

    # ------------------------------------------------------------------ from the app's thread
    def start(self) -> None:
        self._thread.start()

    def send(self, message: dict[str, Any]) -> None:
        """Queue ``message`` for the host (dropped while the link is down: the host's next update
        says what the seat may do then)."""
        self._post(message)

    def _post(self, message: dict[str, Any] | None) -> None:
        if self._loop is not None and self._outbox is not None:
            try:
                self._loop.call_soon_threadsafe(self._outbox.put_nowait, message)
            except RuntimeError:  # the link's loop has ended (the host closed it): nothing to send
                return

    def take(self) -> list[dict[str, Any]]:
        """Every message that arrived since the last call, oldest first."""
        out = []
        while True:
            try:
                out.append(self._inbox.get_nowait())
            except queue.Empty:
                break
        if out and self._loop is not None and self._room is not None:
            with contextlib.suppress(RuntimeError):  # the link's loop has ended: nothing waits
                self._loop.call_soon_threadsafe(self._room.set)
        return out

    def close(self) -> None:
        """Leave the table and stop the thread (at once, also while it is still joining)."""
        self._stopping = True
        self.send({"type": "bye"})
        self._post(None)
        if self._loop is not None and self._stopped is not None:
            with contextlib.suppress(RuntimeError):  # the link's loop has ended already
                self._loop.call_soon_threadsafe(self._stopped.set)
        if self._thread.is_alive():
            self._thread.join(2.0)
        self.status = "closed"

    @property
    def seat(self) -> int | None:
        return self.client.seat

    @property
    def watch(self) -> bool:
        """Whether this link watches the table without a seat (the host's own screen)."""
        return self.client.watch

    @property
    def silent(self) -> bool:
        """Whether, while joining, something at the address accepted the connection but no table
        has answered yet (the app gives up on it after a while: it is not a table)."""
        return self.status == "connecting" and self.client.reached and not self.client.heard

    @classmethod
    def rejoin(cls, address: str, code: str, kept: KeptSeat, claim: SeatClaim, keys: SeatKeys,
               wake: Callable[[], None] | None = None) -> RemoteLink:
        """A link that takes a kept seat back with its key (``claim`` held for it; not started)."""
        link = cls(address, code, name=kept.name, seat=kept.seat, wake=wake, keys=keys)
        link.client.token, link.client.claim = kept.token, claim
        return link

    # ------------------------------------------------------------------ the link's thread
    def _main(self) -> None:
        try:
            asyncio.run(self._run())
        finally:
            self.client.release()

    async def _run(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._outbox = asyncio.Queue()
        self._room = asyncio.Event()
        self._stopped = asyncio.Event()
        deadline: float | None = None
        while not self._stopping:
            try:
                welcome = await self._open()
                if welcome is None:
                    return
                self.welcome = welcome
            except JoinError as exc:
                if exc.key == "busy" and deadline is None:  # the host is crowded: try again a while
                    deadline = time.monotonic() + RECONNECT_FOR
                if exc.key not in RETRY or deadline is None or time.monotonic() > deadline:
                    self._lose(exc.key, str(exc))
                    return
                await asyncio.sleep(1.0)
                continue
            self.status, deadline = "connected", None
            self._arrive({"type": "link", "status": "connected"})
            self._arrive(self.welcome)
            ended = await self._session()
            if ended or self._stopping:
                return
            self.status, deadline = "reconnecting", time.monotonic() + RECONNECT_FOR
            self._arrive({"type": "link", "status": "reconnecting"})

    async def _open(self) -> dict[str, Any] | None:
        """``client.open()``, or ``None`` once the app closed the link meanwhile."""
        assert self._stopped is not None
        opening = asyncio.ensure_future(self.client.open())
        stopping = asyncio.ensure_future(self._stopped.wait())
        await asyncio.wait({opening, stopping}, return_when=asyncio.FIRST_COMPLETED)
        stopping.cancel()
        if not opening.done():
            opening.cancel()
            with contextlib.suppress(BaseException):
                await opening
            with contextlib.suppress(Exception):
                await self.client.close()
            return None
        return opening.result()

    async def _session(self) -> bool:
        """Pass messages both ways until the connection drops (``False``) or the table is left."""
        assert self._outbox is not None
        reader = asyncio.create_task(self._read())
        pinger = asyncio.create_task(self._ping())
        try:
            while True:
                getter = asyncio.create_task(self._outbox.get())
                done, _ = await asyncio.wait({getter, reader}, return_when=asyncio.FIRST_COMPLETED)
                if reader in done:
                    getter.cancel()
                    return reader.result()
                message = getter.result()
                if message is None:
                    return True
                with contextlib.suppress(Exception):
                    await self.client.send(message)
        finally:
            pinger.cancel()
            reader.cancel()
            with contextlib.suppress(Exception):
                await self.client.close()

    async def _read(self) -> bool:
        while True:
            message = await self.client.receive()
            if message is None:
                return False
            if message.get("type") == "pong" and isinstance(message.get("t"), (int, float)):
                self.latency = max(0.0, time.monotonic() - float(message["t"]))
                continue
            if message.get("type") == "error" and message.get("key") in FATAL:
                self._lose(str(message.get("key")), str(message.get("message", "")))
                return True
            await self._wait_for_room()
            self._arrive(message)

    async def _wait_for_room(self) -> None:
        """Return once fewer than ``INBOX_LIMIT`` messages wait for the app (see the module docstring)."""
        assert self._room is not None
        while self._inbox.qsize() >= INBOX_LIMIT:
            self.paused = True
            self._room.clear()
            await self._room.wait()
        self.paused = False

    async def _ping(self) -> None:
        while True:
            with contextlib.suppress(Exception):
                await self.client.send({"type": "ping", "t": time.monotonic()})
            await asyncio.sleep(PING_EVERY)

    def _arrive(self, message: dict[str, Any]) -> None:
        self._inbox.put(message)
        if self.wake is not None:
            self.wake()

    def _lose(self, key: str, message: str) -> None:
        self.status, self.reason = "lost", (key, message)
        self._arrive({"type": "link", "status": "lost", "key": key, "message": message})
