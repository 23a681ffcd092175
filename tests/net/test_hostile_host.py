"""A hostile host floods the app's link: what waits for the app stays bounded, nothing is lost or
reordered, and the link lives on (real ``websockets`` server and ``RemoteLink`` on loopback)."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from typing import Any

from websockets.asyncio.server import ServerConnection, serve

from net.protocol import PROTOCOL_VERSION
from net.remote import INBOX_LIMIT, RemoteLink
from tests.patience import PATIENCE

FLOOD = INBOX_LIMIT * 24
"""Messages the host sends without waiting (about 24 MB: more than loopback's buffers hold)."""
PAD = "x" * 1000


class FloodingHost:
    """A table that welcomes the seat, then sends ``FLOOD`` news as fast as the connection takes them."""

    def __init__(self) -> None:
        self.port = 0
        self.sent = 0
        self.ready = threading.Event()
        self.stop: asyncio.Event | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self.thread = threading.Thread(target=lambda: asyncio.run(self._main()), daemon=True)

    async def _main(self) -> None:
        self.loop, self.stop = asyncio.get_running_loop(), asyncio.Event()
        async with serve(self._seat, "127.0.0.1", 0, compression=None) as server:
            self.port = next(iter(server.sockets)).getsockname()[1]
            self.ready.set()
            await self.stop.wait()

    async def _seat(self, ws: ServerConnection) -> None:
        await ws.recv()
        await ws.send(json.dumps({"type": "welcome", "protocol": PROTOCOL_VERSION, "seat": 1, "token": "k" * 32,
                                  "code": "QWERTY", "game": "gin_rummy", "players": 2, "names": ["A", "B"],
                                  "options": {}, "bot_seed": None}))
        for i in range(FLOOD):
            await ws.send(json.dumps({"type": "seats", "n": i, "pad": PAD}))
            self.sent = i + 1
        await ws.wait_closed()

    def close(self) -> None:
        if self.loop is not None and self.stop is not None:
            self.loop.call_soon_threadsafe(self.stop.set)
        self.thread.join(PATIENCE)


def wait_until(condition: Any) -> None:
    end = time.monotonic() + PATIENCE
    while not condition():
        assert time.monotonic() < end, "the condition never came"
        time.sleep(0.01)


def test_a_host_that_floods_the_link_fills_a_bounded_inbox_and_loses_nothing() -> None:
    host = FloodingHost()
    host.thread.start()
    assert host.ready.wait(PATIENCE)
    link = RemoteLink(f"127.0.0.1:{host.port}", "QWERTY", name="Léa")
    link.start()
    try:
        # the app takes nothing for a while: the link stops reading once the inbox is full
        wait_until(lambda: getattr(link, "paused", False) or host.sent == FLOOD)
        assert link._inbox.qsize() <= INBOX_LIMIT + 3  # the link's own news: connected, welcome
        assert host.sent < FLOOD  # the host is held back by the connection, not buffered in the app
        got: list[dict[str, Any]] = []
        while len([m for m in got if m["type"] == "seats"]) < FLOOD:
            taken = link.take()
            assert len(taken) <= INBOX_LIMIT + 3
            got += taken
            if not taken:
                wait_until(lambda: link._inbox.qsize() > 0)
        assert [m["n"] for m in got if m["type"] == "seats"] == list(range(FLOOD))
        assert link.status == "connected"
    finally:
        link.close()
        host.close()
