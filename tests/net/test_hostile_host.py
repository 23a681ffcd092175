"""A hostile host against the app's link (real ``websockets`` server and ``RemoteLink`` on loopback):
a flood fills a bounded inbox and loses nothing; malformed messages are skipped and the link lives on;
a malformed refusal or welcome is a refusal, never a dead link."""

from __future__ import annotations

import asyncio
import json
import threading
from typing import Any

import pytest
from websockets.asyncio.server import ServerConnection, serve

from net.protocol import NAME_LIMIT, PROTOCOL_VERSION
from net.remote import INBOX_LIMIT, RemoteLink
from tests.patience import PATIENCE, eventually

FLOOD = INBOX_LIMIT * 24
"""Messages the host sends without waiting (about 24 MB: more than loopback's buffers hold)."""
PAD = "x" * 1000


WELCOME = {"type": "welcome", "protocol": PROTOCOL_VERSION, "seat": 1, "token": "k" * 32, "code": "QWERTY",
           "game": "gin_rummy", "players": 2, "names": ["A", "B"], "options": {}, "bot_seed": None}


class FloodingHost:
    """A table that answers the hello with ``first`` (the welcome), then sends ``frames``, or else
    ``FLOOD`` news as fast as the connection takes them."""

    def __init__(self, first: str | None = None, frames: list[str | bytes] | None = None) -> None:
        self.first = json.dumps(WELCOME) if first is None else first
        self.frames = frames
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
        await ws.send(self.first)
        if self.frames is not None:
            for frame in self.frames:
                await ws.send(frame)
            await ws.wait_closed()
            return
        for i in range(FLOOD):
            await ws.send(json.dumps({"type": "seats", "n": i, "pad": PAD}))
            self.sent = i + 1
        await ws.wait_closed()

    def close(self) -> None:
        if self.loop is not None and self.stop is not None:
            self.loop.call_soon_threadsafe(self.stop.set)
        self.thread.join(PATIENCE)


def test_a_host_that_floods_the_link_fills_a_bounded_inbox_and_loses_nothing() -> None:
    host = FloodingHost()
    host.thread.start()
    assert host.ready.wait(PATIENCE)
    link = RemoteLink(f"127.0.0.1:{host.port}", "QWERTY", name="Léa")
    link.start()
    try:
        # the app takes nothing for a while: the link stops reading once the inbox is full
        eventually(lambda: getattr(link, "paused", False) or host.sent == FLOOD, "the link paused or the flood ended")
        assert link._inbox.qsize() <= INBOX_LIMIT + 3  # the link's own news: connected, welcome
        assert host.sent < FLOOD  # the host is held back by the connection, not buffered in the app
        got: list[dict[str, Any]] = []
        while len([m for m in got if m["type"] == "seats"]) < FLOOD:
            taken = link.take()
            assert len(taken) <= INBOX_LIMIT + 3
            got += taken
            if not taken:
                eventually(lambda: link._inbox.qsize() > 0, "a message in the inbox")
        assert [m["n"] for m in got if m["type"] == "seats"] == list(range(FLOOD))
        assert link.status == "connected"
    finally:
        link.close()
        host.close()


HOSTILE_FRAMES: list[str | bytes] = [
    "not json", "[1, 2]", "null", '"text"', '{"no": "type"}', '{"type": 5}', '{"type": null}',
    b"\xff\xfe binary", "[" * 100_000 + "]" * 100_000, '{"type": "pong", "t": "soon"}',
    '{"type": "update", "view": {"log": 5}}', '{"type": "update", "view": {}, "played": [{"no": "move"}]}',
    '{"type": "update", "view": {}, "played": 7}', '{"type": "update", "view": {"history": [1, 2]}}',
    '{"type": "question", "view": {}}',
]
"""What a hostile host may send after its welcome; none may end or deafen the link."""


def test_malformed_messages_from_the_host_are_skipped_and_the_link_lives_on() -> None:
    host = FloodingHost(frames=[*HOSTILE_FRAMES, json.dumps({"type": "seats", "n": "after"})])
    host.thread.start()
    assert host.ready.wait(PATIENCE)
    link = RemoteLink(f"127.0.0.1:{host.port}", "QWERTY", name="Léa")
    link.start()
    got: list[dict[str, Any]] = []
    try:
        def arrived() -> bool:
            got.extend(link.take())
            return any(m.get("n") == "after" for m in got)

        eventually(arrived, "the messages after the bad frames")
        assert link.status == "connected" and link._thread.is_alive()
        assert link.client.log == [] and link.client.history == []  # nothing malformed was kept
        assert all(isinstance(m.get("type"), str) for m in got)
    finally:
        link.close()
        host.close()


@pytest.mark.parametrize("first", [
    '{"type": "error"}', '{"type": "error", "key": 5, "message": null}', '{"type": "welcome"}',
    '{"type": "welcome", "seat": "1", "token": "k"}', '{"type": "welcome", "seat": true, "token": "k"}',
    '{"type": "welcome", "seat": 1, "token": ["k"]}',
    *(json.dumps({**WELCOME, **odd}) for odd in (
        {"game": "gin\x00rummy"}, {"game": "poker"}, {"game": None}, {"game": ["gin_rummy"]},
        {"players": 9}, {"players": "2"}, {"players": 2.0}, {"seat": 2}, {"seat": -1},
        {"names": ["A"]}, {"names": ["A", 5]}, {"names": "AB"}, {"names": None})),
])
def test_a_malformed_refusal_or_welcome_is_a_refusal_not_a_dead_link(first: str) -> None:
    host = FloodingHost(first=first, frames=[])
    host.thread.start()
    assert host.ready.wait(PATIENCE)
    link = RemoteLink(f"127.0.0.1:{host.port}", "QWERTY", name="Léa")
    link.start()
    try:
        eventually(lambda: link.status == "lost", "the link lost")
        assert link.reason is not None
    finally:
        link.close()
        host.close()


def test_the_names_a_host_sends_are_cleaned_before_anything_shows_them() -> None:
    """A NUL or a control character in a name once reached the fonts, which refuse a NUL."""
    host = FloodingHost(first=json.dumps({**WELCOME, "names": ["A\x00nn\x1b[2J", "B" * 500]}), frames=[])
    host.thread.start()
    assert host.ready.wait(PATIENCE)
    link = RemoteLink(f"127.0.0.1:{host.port}", "QWERTY", name="Léa")
    link.start()
    try:
        eventually(lambda: bool(link.welcome), "the welcome")
        names = link.welcome["names"]
        assert names[0] == "Ann[2J" and all(len(n) <= NAME_LIMIT and n.isprintable() for n in names)
    finally:
        link.close()
        host.close()
