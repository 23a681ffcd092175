"""The host's server: a ``HostedTable`` behind a WebSocket port, on asyncio.

``Host.run()`` serves until the match is over (the headless ``--serve``); ``HostThread`` runs the
same server on a thread beside the app's pygame loop. The server only moves bytes and time: each
message goes to the table (``HostedTable.handle``), what it answers is queued per connection and
sent in order, and the table's clock is the event loop's. The table is autosaved (atomically)
whenever it changed, so a crashed host can host it again (``HostedTable.from_snapshot``) and the
players come back with their seats' keys.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import socket
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from disk import atomic_write_json
from net import webhost
from net.browser import BrowserView, BrowserViews, screen_of
from net.protocol import DEFAULT_PORT, FRAME_LIMIT, ProtocolError, decode, encode
from net.reach import PortMapper
from net.table import HostedTable, Outgoing
from net.webhost import Gate, WebSite, guarded_connection

TICK = 0.05
"""Longest sleep between two looks at the table's timers (seconds)."""
NEWS_EVERY = 5.0
"""Seconds between two broadcasts of the seats' status (latency badges)."""
LINGER = 0.5
"""Seconds the server stays up after the match ended, so the last updates reach everyone."""
SEND_QUEUE = 256
"""Messages waiting to be sent to one connection at most: a client that reads no more is cut off
(a seated one takes its seat back with its key and gets the whole situation again)."""
READ_QUEUE = 16
"""Frames the WebSocket layer holds unread for one connection (beyond them it stops reading TCP)."""
CLOSE_SECONDS = 3.0
"""Seconds a closing connection has to answer the close before it is cut (a refused guesser
holds nothing longer)."""


class Host:
    """Serve one ``HostedTable`` on ``port`` (0: any free port; read ``port`` once ``ready``)."""

    def __init__(
        self,
        table: HostedTable,
        *,
        bind: str = "::",
        port: int = DEFAULT_PORT,
        autosave: Path | None = None,
        on_change: Callable[[HostedTable], None] | None = None,
        announce: str | None = None,
        mapper: PortMapper | None = None,
        web: WebSite | None = None,
        browsers: BrowserViews | None = None,
    ) -> None:
        """``bind``: ``::`` listens on IPv6 and IPv4 at once (IPv4 alone where the system has no
        IPv6). ``announce``: the host's name under which the table is announced on the local
        network. ``mapper``: asks the router to open the port for friends over the internet. ``web``:
        what the port answers over plain HTTP (the browser page; ``net.webhost``). ``browsers``:
        makes the view of a connection that gave its screen in its hello (a seat played in a web
        browser is sent its picture, ``net.browser``); without it a browser seat gets the raw updates."""
        self.table = table
        self.web = WebSite() if web is None else web
        self.gate = Gate()
        """Connections whose request is not answered yet (``net.webhost``'s bounds)."""
        self.browsers = browsers
        self._views: dict[int, BrowserView] = {}
        self.mapper = mapper
        self.ipv6 = False
        """Whether the table listens on IPv6 too (then a global IPv6 address may be shared)."""
        self.announce = announce
        self.announcer: Any = None
        self.bind = bind
        self.port = port
        self.autosave = autosave
        self.on_change = on_change
        self.ready = threading.Event()
        self.closed = threading.Event()
        """Set once the table stopped serving, its port closed and its last state saved (the LAN
        announcement and the router's port are withdrawn after, on the table's thread)."""
        self.stats = {"received": 0, "sent": 0, "busy": 0, "cut": 0}
        """Messages handled, messages sent, connections refused as ``busy`` before anything was read,
        connections cut off because their send queue was full."""
        self._conns: dict[int, ServerConnection] = {}
        self._queues: dict[int, asyncio.Queue[dict[str, Any] | None]] = {}
        self._closing: set[int] = set()
        self._stop: asyncio.Event | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._start = 0.0
        self._wake: asyncio.Event | None = None

    # ------------------------------------------------------------------ the loop
    def now(self) -> float:
        """The table's clock: seconds since the server started."""
        return time.monotonic() - self._start

    async def run(self, until_over: bool = True) -> None:
        """Serve until ``stop()``, or (``until_over``) until the match is over and told to all."""
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        self._wake = asyncio.Event()
        self._start = time.monotonic() - self.table.now
        self.table.latency = self._latency
        listening = listen_socket(self.bind, self.port)
        self.ipv6 = listening.family == socket.AF_INET6
        async with serve(self._serve_one, sock=listening, max_size=FRAME_LIMIT, max_queue=READ_QUEUE,
                         ping_interval=5, ping_timeout=20, close_timeout=CLOSE_SECONDS, compression=None,
                         process_request=self.web.process_request, open_timeout=webhost.OPEN_SECONDS,
                         create_connection=guarded_connection(self.gate), server_header=None) as server:
            self.port = server.sockets[0].getsockname()[1] if server.sockets else self.port
            if self.mapper is not None:
                self.mapper.start(self.port)
            # the announcement waits for zeroconf's probes (seconds): the table opens meanwhile
            announcing = (asyncio.get_running_loop().run_in_executor(None, self._announce)
                          if self.announce is not None else None)
            self.ready.set()
            last_news = 0.0
            while not self._stop.is_set():
                self._send(self.table.tick(self.now()))
                if self.now() - last_news >= NEWS_EVERY:
                    last_news = self.now()
                    self._send(self.table.news())
                self._save()
                if until_over and self.table.started and self.table.state.is_over():
                    await asyncio.sleep(LINGER)
                    break
                due = self.table.next_due()
                wait = TICK if due is None else min(TICK, max(0.0, due - self.table.now))
                self._wake.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._wake.wait(), wait)
            for conn, queue in list(self._queues.items()):
                self._close(conn, queue)
            await asyncio.sleep(0)
        self._save()
        self.closed.set()  # the port is free and the table saved: what follows needs nobody to wait
        if announcing is not None:
            await announcing
        if self.mapper is not None:
            await self.mapper.close()
        if self.announcer is not None:
            await asyncio.get_running_loop().run_in_executor(None, self.announcer.close)

    def stop(self) -> None:
        """Ask the server to close (from any thread)."""
        if self._loop is not None and self._stop is not None:
            self._loop.call_soon_threadsafe(self._stop.set)

    def call(self, action: Callable[[HostedTable], list[Outgoing]]) -> None:
        """Run ``action`` on the table inside the server's loop (from any thread), sending what it
        answers: the host's own choices (start the match, give a seat to a bot)."""
        def run() -> None:
            try:
                self._send(action(self.table))
            except ValueError:
                return
            self._save()

        if self._loop is not None:
            self._loop.call_soon_threadsafe(run)

    # ------------------------------------------------------------------ one connection
    async def _serve_one(self, ws: ServerConnection) -> None:
        address = str(ws.remote_address[0]) if ws.remote_address else ""
        refusal = self.table.admit(address)
        if refusal is not None:  # too many connections waiting to join: refused before it is read
            self.stats["busy"] += 1
            with contextlib.suppress(Exception):
                await ws.send(encode(refusal))
            await ws.close()
            return
        conn = self.table.connect(self.now(), address)
        self._conns[conn] = ws
        queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue(SEND_QUEUE + 1)  # room for the close
        self._queues[conn] = queue
        writer = asyncio.create_task(self._write(ws, queue))
        try:
            async for text in ws:
                if not self.table.is_open(conn):
                    continue  # refused: what else it sent is read past, never heard, until the close
                self.stats["received"] += 1
                if not self._browser(conn, text):
                    self._send(self.table.handle(conn, text, self.now()))
                self._save()
        except ConnectionClosed:
            pass
        finally:
            self._send(self.table.disconnect(conn, self.now()))
            view = self._views.pop(conn, None)
            if view is not None:
                view.close()
            self._conns.pop(conn, None)
            self._close(conn, queue)
            with contextlib.suppress(Exception):
                await writer
            self._queues.pop(conn, None)
            self._closing.discard(conn)
            self._save()

    def _browser(self, conn: int, text: str | bytes) -> bool:
        """Handle what the server itself answers for a browser: its hello or resume with a screen
        (the table seats it; the server makes its view first, so the welcome and first picture go
        through it) and its gestures (paced like any message). False: for the table as it is."""
        if self.browsers is None:
            return False
        view = self._views.get(conn)
        try:
            message = decode(text)
        except ProtocolError:
            return False
        if view is None:
            if message["type"] not in ("hello", "resume"):
                return False
            try:
                screen = screen_of(message)
            except ProtocolError:
                return False  # the table refuses it with the reason
            if screen is None:
                return False
            view = self._views[conn] = self.browsers(screen)
            out = self.table.handle(conn, text, self.now())
            if not self.table.seated(conn):
                self._views.pop(conn, None)
                view.close()
            self._send(out)
            return True
        if message["type"] != "gesture":
            return False
        refused = self.table.limit(conn, self.now())
        if refused is not None:
            self._send(refused)
            return True
        moves, shown = view.gesture(message)
        self._send([(conn, m) for m in shown], raw=True)
        for move in moves:
            self._send(self.table.handle(conn, encode(move), self.now()))
        return True

    async def _write(self, ws: ServerConnection, queue: asyncio.Queue[dict[str, Any] | None]) -> None:
        """Send what is queued for one connection, in order; ``None`` closes it, and so does any
        failure (a message that cannot be sent must not leave a connection open but deaf)."""
        try:
            while True:
                message = await queue.get()
                if message is None:
                    break
                await ws.send(encode(message))
                self.stats["sent"] += 1
        except ConnectionClosed:
            return
        except Exception:  # anything else: this connection ends, the host goes on
            ws.transport.abort()
            return
        await ws.close()

    def _send(self, outgoing: list[Outgoing], raw: bool = False) -> None:
        """Queue each message for its connection; a browser's go through its view first (``raw``:
        they already did)."""
        for conn, message in outgoing:
            queue = self._queues.get(conn)
            if queue is None or conn in self._closing:
                continue
            view = None if raw or message is None else self._views.get(conn)
            if view is not None:
                assert message is not None
                self._send([(conn, m) for m in view.receive(message)], raw=True)
            elif message is None:
                self._close(conn, queue)
            elif queue.qsize() >= SEND_QUEUE:  # it reads no more: cut it off (its seat waits for it)
                self.stats["cut"] += 1
                self._close(conn, queue)
                ws = self._conns.get(conn)
                if ws is not None:
                    ws.transport.abort()
            else:
                queue.put_nowait(message)
        if outgoing and self._wake is not None:
            self._wake.set()

    def _close(self, conn: int, queue: asyncio.Queue[dict[str, Any] | None]) -> None:
        """Queue the end of ``conn`` (once: what follows is never sent)."""
        if conn not in self._closing:
            self._closing.add(conn)
            queue.put_nowait(None)

    def _latency(self, conn: int) -> float | None:
        ws = self._conns.get(conn)
        return None if ws is None or not ws.latency else ws.latency

    def _announce(self) -> None:
        """Announce the table on the local network (a computer without one simply is not heard)."""
        from net.discovery import Announcer

        table = self.table
        try:
            self.announcer = Announcer(self.announce or "Tablée", self.port, table.code, table.state.GAME_ID,
                                       table.state.players, self._free(), addresses=self._addresses())
        except Exception:  # announcing is a convenience: a table that cannot be heard still plays
            self.announcer = None
            return
        # seats taken while it was being registered (the table was open meanwhile)
        self.announcer.update(self._free() if not table.started else 0)

    def _addresses(self) -> list[str]:
        """The IPv4 addresses the announcement gives: the one the table listens on, or this
        computer's (its network's first, loopback last). An announcement without any was heard by
        nobody, not even another app on this computer."""
        try:
            ipaddress.IPv4Address(self.bind)
        except ValueError:
            return local_addresses()
        return local_addresses() if self.bind == "0.0.0.0" else [self.bind]

    def _free(self) -> int:
        return sum(1 for s in self.table.seats if s.remote and s.client is None)

    def _save(self) -> None:
        if not self.table.changed:
            return
        self.table.changed = False
        if self.announcer is not None:
            self.announcer.update(self._free() if not self.table.started else 0)
        if self.autosave is not None:
            atomic_write_json(self.autosave, self.table.snapshot())
        if self.on_change is not None:
            self.on_change(self.table)


class HostThread:
    """A ``Host`` on its own thread (the app hosts a table while its window keeps drawing)."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.error: BaseException | None = None
        self._thread = threading.Thread(target=self._main, name="tablee-host", daemon=True)

    def start(self, timeout: float = 10.0) -> int:
        """Start serving; return the port (``OSError`` when it cannot be opened)."""
        self._thread.start()
        while not self.host.ready.wait(0.05):
            if self.error is not None or not self._thread.is_alive():
                break
            timeout -= 0.05
            if timeout <= 0:
                raise OSError("the table's server did not start in time")
        if self.error is not None:
            raise OSError(str(self.error))
        return self.host.port

    def stop(self, timeout: float = 5.0) -> None:
        """Close the table; return once its port is closed and its state saved (withdrawing its
        announcement takes zeroconf seconds more, which the window does not wait for)."""
        self.host.stop()
        if self._thread.is_alive():
            self.host.closed.wait(timeout)

    def join(self, timeout: float | None = None) -> None:
        """Wait until the table's thread has withdrawn everything and ended."""
        self._thread.join(timeout)

    def _main(self) -> None:
        try:
            asyncio.run(self.host.run(until_over=False))
        except BaseException as exc:  # reported to the app by start() or its polling
            self.error = exc


def listen_socket(bind: str, port: int) -> socket.socket:
    """The table's listening socket: for ``::`` (or an empty ``bind``) one IPv6 socket that takes
    IPv4 connections too (a single port for both), else IPv4 on every interface where the system has
    no IPv6; any other ``bind`` as given. ``OSError`` when the port cannot be opened."""
    if bind in ("::", ""):
        try:
            sock = socket.socket(socket.AF_INET6, socket.SOCK_STREAM)
        except OSError:
            return listen_socket("0.0.0.0", port)
        try:
            sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)
            _reuse(sock)
            sock.bind(("::", port))
        except OSError:
            sock.close()
            return listen_socket("0.0.0.0", port)
    else:
        family, kind, proto, _, where = socket.getaddrinfo(bind, port, type=socket.SOCK_STREAM,
                                                           flags=socket.AI_PASSIVE)[0]
        sock = socket.socket(family, kind, proto)
        try:
            _reuse(sock)
            sock.bind(where)
        except OSError:
            sock.close()
            raise
    sock.setblocking(False)
    return sock


def _reuse(sock: socket.socket) -> None:
    """A restarted host may open its port again at once (as asyncio's own servers do; not on
    Windows, where the option would let two servers share a port)."""
    if sys.platform != "win32":
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)


def local_addresses() -> list[str]:
    """This computer's IPv4 addresses others on the network may reach (loopback last): the one
    of the interface toward the internet first, then every other interface's (a network without a
    router, where nothing leads to the internet, has only those), self-assigned ``169.254.x.x``
    ones after the others."""
    found: list[str] = []
    with contextlib.suppress(OSError):
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # no packet is sent: this only picks the outgoing interface
            found.append(probe.getsockname()[0])
    others = _interface_addresses()
    with contextlib.suppress(OSError):
        others += [str(info[4][0]) for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)]
    for address in sorted(others, key=lambda a: a.startswith("169.254.")):
        if address not in found and not address.startswith("127.") and address != "0.0.0.0":
            found.append(address)
    found.append("127.0.0.1")
    return found


def _interface_addresses() -> list[str]:
    """The IPv4 addresses of this computer's network interfaces (none where they cannot be read)."""
    import ifaddr

    try:
        adapters = ifaddr.get_adapters()
    except Exception:  # an unreadable interface list: the other ways of finding an address remain
        return []
    return [ip.ip for adapter in adapters for ip in adapter.ips if isinstance(ip.ip, str)]
