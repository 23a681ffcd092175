"""A test-only web front for a real host, until the host's own HTTP side serves the page: it answers
the page's files, the card images and the words on one loopback port and carries the page's
WebSocket (``/ws``) to the host's port, byte for byte. Nothing of it ships."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from http import HTTPStatus
from pathlib import Path

from websockets.asyncio.client import connect
from websockets.asyncio.server import ServerConnection, serve
from websockets.datastructures import Headers
from websockets.http11 import Request, Response

from ui.web.assets import CardImages, page_words

WEB = Path(__file__).resolve().parents[2] / "net" / "web"
TYPES = {"html": "text/html; charset=utf-8", "js": "text/javascript; charset=utf-8", "css": "text/css; charset=utf-8"}


class Front:
    """Serves the page for ``host_port`` on a port of its own (read ``port`` after ``start``)."""

    def __init__(self, host_port: int, cards: CardImages) -> None:
        self.host_port = host_port
        self.cards = cards
        self.port = 0
        self.ready = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._thread = threading.Thread(target=lambda: asyncio.run(self._main()), daemon=True)

    def start(self) -> int:
        self._thread.start()
        self.ready.wait(30)
        return self.port

    def stop(self) -> None:
        if self._loop is not None and self._stop is not None:
            self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(10)

    def _answer(self, connection: ServerConnection, request: Request) -> Response | None:
        path = request.path.split("?")[0]
        found: tuple[bytes, str] | None = None
        if path == "/ws":
            return None
        if path.startswith("/t/"):
            found = (WEB / "index.html").read_bytes(), TYPES["html"]
        elif path.startswith("/static/"):
            name = path.removeprefix("/static/")
            if "/" not in name and (WEB / name).is_file():
                found = (WEB / name).read_bytes(), TYPES[name.rsplit(".", 1)[-1]]
        elif path.startswith("/card/"):
            found = self.cards(path.removeprefix("/card/"))
        elif path.startswith("/words/"):
            found = page_words(path.removeprefix("/words/"))
        if found is None:
            return Response(404, "Not Found", Headers([("Content-Length", "0")]), b"")
        body, kind = found
        headers = Headers([("Content-Type", kind), ("Content-Length", str(len(body))), ("Cache-Control", "no-store")])
        return Response(HTTPStatus.OK.value, "OK", headers, body)

    async def _carry(self, browser: ServerConnection) -> None:
        async with connect(f"ws://127.0.0.1:{self.host_port}", max_size=None) as host:
            async def up() -> None:
                async for message in browser:
                    await host.send(message)
                await host.close()

            async def down() -> None:
                async for message in host:
                    await browser.send(message)
                await browser.close()

            tasks = [asyncio.create_task(up()), asyncio.create_task(down())]
            await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
            for task in tasks:
                task.cancel()
                with contextlib.suppress(BaseException):
                    await task

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        async with serve(self._carry, "127.0.0.1", 0, process_request=self._answer, max_size=None) as server:
            self.port = server.sockets[0].getsockname()[1]
            self.ready.set()
            await self._stop.wait()


