"""Joining an address where no Tablée table answers says so, soon, in the player's language.

Something that accepts the connection and says nothing (another program's port) left "Connecting
to the table…" up for many seconds; an HTTP server was taken for an unreachable host. Silence is
counted on the app's clock, so the tests count frames and never wait for wall-clock time.
"""

from __future__ import annotations

import asyncio
import http.server
import socket
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from websockets.asyncio.server import ServerConnection, serve

from net.client import NOT_A_TABLE, JoinError, SeatClient
from net.remote import RemoteLink
from tests.patience import eventually
from tests.ui.test_network_table import join_typed, wait
from ui.app import MAX_DT
from ui.scenes.network import NO_ANSWER_SECONDS, LobbyScene


@pytest.fixture
def silent_port() -> Iterator[int]:
    """A port that accepts connections and never says a word (nor closes them)."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    held: list[socket.socket] = []

    def accept() -> None:
        while True:
            try:
                held.append(server.accept()[0])
            except OSError:
                return

    threading.Thread(target=accept, daemon=True).start()
    yield server.getsockname()[1]
    server.close()
    for conn in held:
        conn.close()


@pytest.fixture
def web_port() -> Iterator[int]:
    """A plain HTTP server (it answers a WebSocket upgrade with a web page)."""
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:
            return

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Quiet)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server.server_address[1]
    server.shutdown()
    server.server_close()


@pytest.fixture
def mute_websocket_port() -> Iterator[int]:
    """A WebSocket server that takes the hello and never answers it."""
    ready = threading.Event()
    found: dict[str, Any] = {}

    async def hold(ws: ServerConnection) -> None:
        await ws.wait_closed()

    async def main() -> None:
        found["loop"], found["stop"] = asyncio.get_running_loop(), asyncio.Event()
        async with serve(hold, "127.0.0.1", 0) as server:
            found["port"] = next(iter(server.sockets)).getsockname()[1]
            ready.set()
            await found["stop"].wait()

    thread = threading.Thread(target=lambda: asyncio.run(main()), daemon=True)
    thread.start()
    assert ready.wait(60)
    yield found["port"]
    found["loop"].call_soon_threadsafe(found["stop"].set)
    thread.join(60)


def not_a_table(app: Any) -> str:
    return app.tr("net.not_joined", reason=app.tr("net.error.not_a_table"))


@pytest.mark.parametrize("lang", ["en", "fr", "de", "es"])
def test_a_port_that_accepts_and_says_nothing_is_not_a_table_after_a_counted_wait(app, silent_port: int,
                                                                                  lang: str) -> None:
    app.set_language(lang)
    lobby = join_typed(app, silent_port, "QWERTY")
    assert isinstance(lobby, LobbyScene)
    eventually(lambda: lobby.link.silent, "the connection accepted")  # no frame runs meanwhile
    assert not lobby.idle()  # the app's clock runs while it waits on silence
    frames = round(NO_ANSWER_SECONDS / MAX_DT)
    for _ in range(frames - 1):
        app.step(MAX_DT)
        assert not lobby.problem, "it gave up before its time"
    app.step(MAX_DT)
    assert lobby.problem == not_a_table(app)
    assert app.tr("net.lobby.connecting") not in lobby.shown_words()
    assert lobby.problem in lobby.shown_words().replace(". ", " ")  # its wrapped lines, as one sentence
    assert lobby.link.status == "closed"
    eventually(lambda: not lobby.link._thread.is_alive(), "the link's thread ended")
    assert lobby.idle()


def test_a_web_server_is_not_a_table_and_is_said_at_once(app, web_port: int) -> None:
    lobby = join_typed(app, web_port, "QWERTY")
    wait(app, lambda: bool(lobby.problem))
    assert lobby.problem == "Could not join the table: no Tablée table answers at this address: check the " \
                           "address and its port."
    assert lobby.link.status == "lost" and lobby.link.reason is not None
    assert lobby.link.reason[0] == NOT_A_TABLE
    assert lobby.silent_for == 0.0  # told by the server's answer, not by a count of silence


def test_a_closed_port_is_still_an_unreachable_host(app) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]  # nothing listens there once it is closed
    lobby = join_typed(app, port, "QWERTY")
    wait(app, lambda: bool(lobby.problem))
    assert lobby.link.reason is not None and lobby.link.reason[0] == "unreachable"
    assert lobby.problem == app.tr("net.not_joined", reason=app.tr("net.error.unreachable"))


MUTE_WAIT = 3.0
"""Seconds a join waits for a welcome that never comes (the default, 10, only makes the test longer)."""

def test_a_websocket_that_never_welcomes_is_a_refusal_not_a_dead_link(mute_websocket_port: int) -> None:
    """The wait for the welcome ended in a ``TimeoutError`` the link did not catch: its thread died
    and the waiting room said "Connecting to the table…" for good."""
    client = SeatClient(f"127.0.0.1:{mute_websocket_port}", "QWERTY", name="Léa")
    with pytest.raises(JoinError) as refused:  # the port never welcomes: the wait always runs out, the
        asyncio.run(client.open(timeout=MUTE_WAIT))  # handshake before it has ample time on a busy machine
    assert refused.value.key == NOT_A_TABLE and client.reached and not client.heard
    link = RemoteLink(f"127.0.0.1:{mute_websocket_port}", "QWERTY", name="Léa")
    link.client.open = lambda timeout=MUTE_WAIT, real=link.client.open: real(timeout)  # type: ignore[method-assign]
    link.start()
    eventually(lambda: link.status == "lost", "the link lost")
    assert link.reason is not None and link.reason[0] == NOT_A_TABLE
    link.close()


def test_a_link_closed_while_joining_ends_without_waiting_for_the_join(silent_port: int) -> None:
    link = RemoteLink(f"127.0.0.1:{silent_port}", "QWERTY", name="Léa")
    link.start()
    eventually(lambda: link.silent, "the connection accepted")
    link.close()
    eventually(lambda: not link._thread.is_alive(), "the link's thread ended")
    assert link.status == "closed"
