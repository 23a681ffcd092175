"""A raw hostile client for the network tests: any text over a real WebSocket on loopback, from
any 127.0.0.0/8 source address, with the answers read as they come."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from net.host import Host
from net.protocol import PROTOCOL_VERSION
from tests.net.helpers import CODE

PATIENCE = 30.0
"""Seconds a test waits for a message it is owed before failing (a hang is a failure, not a wait)."""


class Wire:
    """One raw connection to a host (see the module docstring)."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.seen: list[dict[str, Any]] = []

    @classmethod
    async def open(cls, server: Host, source: str = "127.0.0.1") -> Wire:
        ws = await connect(f"ws://127.0.0.1:{server.port}", proxy=None, compression=None, max_size=None,
                           open_timeout=PATIENCE, local_addr=(source, 0))
        return cls(ws)

    async def send(self, message: dict[str, Any] | str) -> None:
        await self.ws.send(message if isinstance(message, str) else json.dumps(message))

    async def next(self) -> dict[str, Any] | None:
        """The next message (``None``: the host closed the connection)."""
        try:
            text = await asyncio.wait_for(self.ws.recv(), PATIENCE)
        except ConnectionClosed:
            return None
        message = json.loads(text)
        self.seen.append(message)
        return message

    async def until(self, kind: str) -> dict[str, Any]:
        """Read until a message of ``kind`` comes (``AssertionError`` if the connection ends first)."""
        while True:
            message = await self.next()
            assert message is not None, f"closed before a {kind!r} came; seen {[m['type'] for m in self.seen]}"
            if message["type"] == kind:
                return message

    async def sync(self) -> list[dict[str, Any]]:
        """Every message sent before the answer to a ping sent now (the host answers in order)."""
        start = len(self.seen)
        await self.send({"type": "ping", "t": 7})
        while True:
            message = await self.next()
            assert message is not None, "the host closed the connection"
            if message == {"type": "pong", "t": 7}:
                return self.seen[start:-1]

    async def closed(self) -> list[dict[str, Any]]:
        """Read to the end of the connection; what came meanwhile."""
        start = len(self.seen)
        while await self.next() is not None:
            pass
        return self.seen[start:]

    async def close(self) -> None:
        await self.ws.close()


def hello(code: str = CODE, **fields: Any) -> dict[str, Any]:
    return {"type": "hello", "version": PROTOCOL_VERSION, "code": code, **fields}


async def seat(server: Host, source: str = "127.0.0.1", **fields: Any) -> Wire:
    """A connection that took a seat (its welcome read)."""
    wire = await Wire.open(server, source)
    await wire.send(hello(**fields))
    await wire.until("welcome")
    return wire
