"""The table's web side: plain HTTP on the table's own port, beside the WebSocket.

A friend's phone opens ``http://<address>:<port>/t/<CODE>``; the same port that speaks the WebSocket
protocol answers it (``websockets``' ``process_request`` hook sees every request before the
WebSocket handshake). Nothing from a request ever reaches the file system: the page's files are read
once, at import, from the names in ``net/web/`` that match ``FILE_NAME``, and a request only looks
one up by name in that dict. Generated assets (card images the host renders) come from providers the
caller registers per URL prefix, each given a name checked against ``ASSET_NAME``. Every answer
carries a strict content security policy; requests and the connections that carry them are bounded
(see the constants), so a slow or hostile HTTP client is cut like a hostile WebSocket one.

The page at ``/t/<CODE>`` is served for any well-formed code: whether a code opens a table is
answered only by the WebSocket ``hello``, behind its back-off, so the web side never confirms a code.
"""

from __future__ import annotations

import asyncio
import contextlib
import email.utils
import hashlib
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from http import HTTPStatus
from pathlib import Path
from typing import Any

from websockets.asyncio.server import ServerConnection
from websockets.datastructures import Headers
from websockets.http11 import Request, Response
from websockets.protocol import State

from net.table import address_key

WEB_DIR = Path(__file__).with_name("web")
"""The browser page's own files (HTML, scripts, styles, pictures, fonts)."""
FILE_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}\.(html|js|css|svg|png|woff2|json)")
"""The only file names ever served from ``WEB_DIR``: no dot-files, no folders, no upper case."""
CONTENT_TYPES = {
    "html": "text/html; charset=utf-8",
    "js": "text/javascript; charset=utf-8",
    "css": "text/css; charset=utf-8",
    "svg": "image/svg+xml",
    "png": "image/png",
    "woff2": "font/woff2",
    "json": "application/json",
}
FILE_BYTES = 4 * 1024 * 1024
"""The largest file of the page kept in memory; a larger one in ``WEB_DIR`` is not served."""
PAGE = "index.html"
"""The file answered at ``/t/<CODE>``."""
PAGE_PATH = re.compile(r"/t/[A-Za-z0-9]{1,32}")
"""A table's page: ``/t/`` and a table code as the host may have one (1 to 32 ASCII letters and digits)."""
STATIC_PREFIX = "/static/"
"""Where the page's other files are served (``/static/app.js``)."""
ASSET_NAME = re.compile(r"[A-Za-z0-9_-]{1,40}")
"""The name a generated asset is asked for (the part of the path after its prefix)."""
ASSET_PREFIX = re.compile(r"/[a-z]{1,16}/")
"""A provider's URL prefix (``/img/``)."""
ASSET_TYPE = re.compile(r"(image/(png|svg\+xml|webp|jpeg)|font/(ttf|woff2)|application/json|text/plain; charset=utf-8)")
"""The content types a provider may answer with."""
WS_PATHS = frozenset({"/", "/ws"})
"""Where a WebSocket upgrade is accepted: ``/`` (the desktop app's ``ws://host:port``) and ``/ws``
(the browser page). An upgrade anywhere else is refused with 404."""
PATH_LIMIT = 512
"""Characters of a request's path (query included) at most; beyond, 414 (websockets itself refuses
any request line over 8 KiB, any header line over 8 KiB and more than 128 headers)."""
REQUEST_BYTES = 16 * 1024
"""Bytes a connection may send before its request is complete (request line and headers); beyond,
it is cut. A browser's request is under 2 KiB."""
OPEN_SECONDS = 10.0
"""Seconds a connection has to send its whole request and take the answer (the WebSocket handshake
included); then it is cut. An idle or slow (slowloris) connection holds nothing longer."""
OPENING_LIMIT = 256
"""Connections whose request is not yet answered, at most, from everywhere; more are cut at once."""
OPENING_PER_ADDRESS = 64
"""…and from one address (an IPv6 address counts by its /64), so one attacker cannot fill them all."""
HOST_HEADER = re.compile(r"(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::[0-9]{1,5})?")
"""A ``Host`` header that may be named in the page's ``connect-src`` (any other: ``'self'`` only)."""

Provider = Callable[[str], "tuple[bytes, str] | None"]
"""A generated asset by name: its bytes and content type, or ``None`` (404). It runs in a worker
thread (never on the server's loop), possibly several at once."""


@dataclass(frozen=True)
class WebFile:
    """One answer body, ready to send."""

    body: bytes
    content_type: str
    etag: str

    @classmethod
    def of(cls, body: bytes, content_type: str) -> WebFile:
        return cls(body, content_type, '"' + hashlib.sha256(body).hexdigest()[:32] + '"')


def load_files(folder: Path) -> dict[str, WebFile]:
    """The allow-list: every regular file directly in ``folder`` whose name matches ``FILE_NAME``
    (symbolic links, folders, larger files and other names are left out), read once."""
    files: dict[str, WebFile] = {}
    with contextlib.suppress(OSError):
        for entry in sorted(folder.iterdir()):
            match = FILE_NAME.fullmatch(entry.name)
            if match is None or entry.is_symlink() or not entry.is_file():
                continue
            with contextlib.suppress(OSError):
                if entry.stat().st_size <= FILE_BYTES:
                    files[entry.name] = WebFile.of(entry.read_bytes(), CONTENT_TYPES[match.group(1)])
    return files


FILES = load_files(WEB_DIR)
"""The page's files, read once when the server module is first imported."""


def web_address(address: str, code: str) -> str:
    """The table's page for a browser: ``address`` is ``host:port`` as a friend types it (an IPv6
    host in brackets, ``net.reach.share_address``)."""
    return f"http://{address}/t/{code}"


class WebSite:
    """What the table's port answers over plain HTTP (see the module docstring)."""

    def __init__(self, files: Mapping[str, WebFile] | None = None,
                 providers: Mapping[str, Provider] | None = None) -> None:
        """``files``: the allow-list (``FILES`` by default); ``providers``: generated assets by URL
        prefix (``{"/img/": render_card}``); ``ValueError`` for a prefix that is not ``/letters/``
        or that would hide the page's own paths."""
        self.files = dict(FILES if files is None else files)
        self.providers = dict(providers or {})
        for prefix in self.providers:
            if not ASSET_PREFIX.fullmatch(prefix) or prefix in ("/t/", STATIC_PREFIX, "/ws/"):
                raise ValueError(f"{prefix!r} cannot be the prefix of generated assets")
        self.stats = {"served": 0, "refused": 0}
        """Plain HTTP answers given with a body (200 and 304), and refusals (4xx and 5xx)."""

    async def process_request(self, connection: ServerConnection, request: Request) -> Response | None:
        """The ``process_request`` hook of ``websockets``' ``serve``: ``None`` lets a WebSocket
        handshake on one of ``WS_PATHS`` go on; anything else gets an HTTP answer."""
        response = await self.answer(request.method, request.path, request.headers)
        if response is None:
            return None
        if response.status_code >= 400:
            self.stats["refused"] += 1
        else:
            self.stats["served"] += 1
        return response

    async def answer(self, method: str, target: str, headers: Headers) -> Response | None:
        """The answer to one request (``None``: a WebSocket upgrade to accept)."""
        upgrade = "websocket" in headers.get("Upgrade", "").lower()
        if method not in ("GET", "HEAD"):
            return self._error(HTTPStatus.METHOD_NOT_ALLOWED, "Only GET and HEAD are answered here.\n",
                               [("Allow", "GET, HEAD")])
        if len(target) > PATH_LIMIT:
            return self._error(HTTPStatus.REQUEST_URI_TOO_LONG, "The address is too long.\n")
        path = target.split("?", 1)[0]
        if upgrade:
            if path in WS_PATHS:
                return None
            return self._error(HTTPStatus.NOT_FOUND, "No WebSocket is served at this address.\n")
        found = await self._find(path)
        if found is None:
            if path in WS_PATHS:
                return self._error(HTTPStatus.NOT_FOUND, "This is a Tablée table. Open the address the host "
                                   "shows, which ends with /t/ and the table's code.\n")
            return self._error(HTTPStatus.NOT_FOUND, "Nothing is served at this address.\n")
        asset, cache = found
        common = self._headers(asset.content_type, cache, headers.get("Host", ""))
        common.append(("ETag", asset.etag))
        if asset.etag in (tag.strip() for tag in headers.get("If-None-Match", "").split(",")):
            return Response(304, "Not Modified", Headers(common), b"")
        common.append(("Content-Length", str(len(asset.body))))
        return Response(200, "OK", Headers(common), b"" if method == "HEAD" else asset.body)

    async def _find(self, path: str) -> tuple[WebFile, str] | None:
        """The body for ``path`` and its ``Cache-Control``, or ``None``. The page and its files may
        change with the app: a browser asks again each time (``no-cache``; unchanged files are a
        304 through their ``ETag``)."""
        if PAGE_PATH.fullmatch(path):
            page = self.files.get(PAGE)
            return None if page is None else (page, "no-cache")
        if path.startswith(STATIC_PREFIX):
            static = self.files.get(path[len(STATIC_PREFIX):])
            return None if static is None else (static, "no-cache")
        head, _, name = path.rpartition("/")
        provider = self.providers.get(head + "/")
        if provider is None or not ASSET_NAME.fullmatch(name):
            return None
        made = await asyncio.get_running_loop().run_in_executor(None, _provide, provider, name)
        return None if made is None else (made, "private, no-cache")

    def _headers(self, content_type: str, cache: str, host: str) -> list[tuple[str, str]]:
        connect = "'self'"
        if HOST_HEADER.fullmatch(host):
            connect += f" ws://{host} wss://{host}"
        policy = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                  f"font-src 'self'; connect-src {connect}; object-src 'none'; base-uri 'none'; "
                  "form-action 'none'; frame-ancestors 'none'")
        return [
            ("Date", email.utils.formatdate(usegmt=True)),
            ("Connection", "close"),
            ("Content-Type", content_type),
            ("Cache-Control", cache),
            ("Content-Security-Policy", policy),
            ("X-Content-Type-Options", "nosniff"),
            ("Referrer-Policy", "no-referrer"),
            ("X-Frame-Options", "DENY"),
            ("Cross-Origin-Opener-Policy", "same-origin"),
            ("Cross-Origin-Resource-Policy", "same-origin"),
        ]

    def _error(self, status: HTTPStatus, text: str, extra: Iterable[tuple[str, str]] = ()) -> Response:
        body = text.encode()
        headers = self._headers("text/plain; charset=utf-8", "no-store", "")
        headers += [("Content-Length", str(len(body))), *extra]
        return Response(status.value, status.phrase, Headers(headers), body)


def _provide(provider: Provider, name: str) -> WebFile | None:
    """A provider's answer, checked (a failing or malformed provider is a 404, never a dead host)."""
    try:
        made = provider(name)
    except Exception:
        return None
    if made is None:
        return None
    body, content_type = made
    if not isinstance(body, bytes) or not isinstance(content_type, str) or not ASSET_TYPE.fullmatch(content_type):
        return None
    return WebFile.of(body, content_type)


class Gate:
    """Counts the connections whose request is not answered yet, overall and by address."""

    def __init__(self) -> None:
        self.opening: dict[str, int] = {}
        self.total = 0
        self.seen = 0
        """Connections that ever arrived."""
        self.cut = 0
        """Connections cut at once (over a limit) or for sending too much before their request."""

    def enter(self, address: str) -> bool:
        self.seen += 1
        if self.total >= OPENING_LIMIT or self.opening.get(address, 0) >= OPENING_PER_ADDRESS:
            self.cut += 1
            return False
        self.total += 1
        self.opening[address] = self.opening.get(address, 0) + 1
        return True

    def leave(self, address: str) -> None:
        self.total -= 1
        left = self.opening[address] - 1
        if left:
            self.opening[address] = left
        else:
            del self.opening[address]


def guarded_connection(gate: Gate) -> type[ServerConnection]:
    """A ``ServerConnection`` that counts itself in ``gate`` until its request is answered, is cut
    at once over ``OPENING_LIMIT``/``OPENING_PER_ADDRESS``, and is cut when it sends more than
    ``REQUEST_BYTES`` before its request is complete (the ``create_connection`` of ``serve``)."""

    class GuardedConnection(ServerConnection):
        _address: str | None = None
        _received = 0

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            peer = transport.get_extra_info("peername")
            address = address_key(str(peer[0])) if peer else ""
            if gate.enter(address):
                self._address = address
            else:
                transport.abort()

        def data_received(self, data: bytes) -> None:
            if self.protocol.state is State.CONNECTING and self.request is None:
                self._received += len(data)
                if self._received > REQUEST_BYTES:
                    gate.cut += 1
                    self._release()
                    self.transport.abort()
                    return
            super().data_received(data)

        async def handshake(self, *args: Any, **kwargs: Any) -> None:
            try:
                await super().handshake(*args, **kwargs)
            finally:
                self._release()

        def connection_lost(self, exc: Exception | None) -> None:
            self._release()
            super().connection_lost(exc)

        def _release(self) -> None:
            if self._address is not None:
                gate.leave(self._address)
                self._address = None

    return GuardedConnection
