"""The table's port answers plain HTTP beside the WebSocket (``net.webhost``): the page at
``/t/<CODE>`` and its allow-listed files, generated assets by prefix, and nothing else; a hostile
HTTP client (traversal, huge or endless headers, other methods, idle or slow connections, garbage,
an upgrade on another path) changes nothing, is cut, and a real desktop client joins and plays after it.

Every test runs a real ``Host`` on loopback (``HostThread``) and speaks to it through raw sockets."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import resource
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import segno
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from net import webhost
from net.cli import new_table, terminal_qr
from net.client import play_bot
from net.host import Host, HostThread
from net.protocol import PROTOCOL_VERSION, encode
from net.webhost import FILES, WebSite, load_files
from tests.net.helpers import CODE, hosted
from tests.patience import PATIENCE, eventually

SECRET = b"SECRET-NOT-FOR-THE-WEB"
"""Written in every file the server must never send: if it ever shows in an answer, a path from a
request reached the file system (or the allow-list let a file through)."""
ROOT = Path(__file__).resolve().parents[2]
PAGE = b"<!doctype html><html><head><script src=\"/static/app.js\"></script></head><body></body></html>"
SCRIPT = b"document.title = 'fixture';"


@pytest.fixture
def site(tmp_path: Path) -> WebSite:
    """An allow-list read from a fixture folder full of things it must leave out, and a provider
    of generated assets that records what it was asked."""
    web = tmp_path / "web"
    web.mkdir()
    (web / "index.html").write_bytes(PAGE)
    (web / "app.js").write_bytes(SCRIPT)
    for name in (".hidden.js", "Upper.js", "notes.txt", "app.js~", "x.py", "a b.css", "app.js.bak"):
        (web / name).write_bytes(SECRET)
    (web / "sub").mkdir()
    (web / "sub" / "inner.js").write_bytes(SECRET)
    (web / "folder.css").mkdir()
    (tmp_path / "outside.js").write_bytes(SECRET)
    (web / "link.js").symlink_to(tmp_path / "outside.js")
    (web / "huge.js").write_bytes(SECRET + b" " * webhost.FILE_BYTES)
    asked: list[str] = []

    def card(name: str) -> tuple[bytes, str] | None:
        asked.append(name)
        if name == "boom":
            raise RuntimeError("a provider that fails")
        if name == "sneaky":
            return SECRET, "text/html"  # a content type a provider may not use
        return (b"\x89PNG" + name.encode(), "image/png") if name.startswith("card") else None

    files = load_files(web)
    assert sorted(files) == ["app.js", "index.html"], "the allow-list let through a name it should refuse"
    made = WebSite(files, {"/img/": card})
    made.asked = asked  # type: ignore[attr-defined]
    return made


@pytest.fixture
def host(site: WebSite) -> Iterator[Host]:
    """A Gin Rummy table (one remote seat, one host bot) served on a free loopback port."""
    table = hosted("gin_rummy", ["remote", "normal"], 3)
    server = Host(table, bind="127.0.0.1", port=0, web=site)
    thread = HostThread(server)
    thread.start(PATIENCE)
    yield server
    thread.stop(PATIENCE)


def exchange(port: int, raw: bytes, source: str = "127.0.0.1") -> bytes:
    """Send ``raw`` on a new connection, read until the host closes it; what it answered."""
    with socket.create_connection(("127.0.0.1", port), timeout=PATIENCE, source_address=(source, 0)) as sock:
        with contextlib.suppress(OSError):
            sock.sendall(raw)
        return read_all(sock)


def read_all(sock: socket.socket) -> bytes:
    got = b""
    with contextlib.suppress(OSError):
        while chunk := sock.recv(65536):
            got += chunk
    return got


def get(port: int, path: str, method: str = "GET", headers: str = "", source: str = "127.0.0.1",
        version: str = "HTTP/1.1") -> tuple[int, dict[str, str], bytes]:
    raw = exchange(port, f"{method} {path} {version}\r\nHost: 127.0.0.1:{port}\r\n{headers}\r\n".encode(), source)
    return parse(raw)


def parse(raw: bytes) -> tuple[int, dict[str, str], bytes]:
    """Status, headers (lower-case names) and body of an answer (status 0: closed without one)."""
    if not raw:
        return 0, {}, b""
    head, _, body = raw.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    fields = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        fields[name.strip().lower()] = value.strip()
    return int(lines[0].split(" ")[1]), fields, body


def plays_after(server: Host) -> None:
    """A real desktop client (a network bot, as ``--join --bot``) takes the free seat and plays the
    match to its end: the host lived through whatever came before."""
    last = asyncio.run(asyncio.wait_for(play_bot(f"127.0.0.1:{server.port}", CODE, "normal", pace=0.0), PATIENCE))
    assert last["over"] and server.table.state.is_over()


# ---------------------------------------------------------------- what is served

def test_the_page_is_served_at_any_well_formed_code_with_a_strict_policy(host: Host) -> None:
    status, fields, body = get(host.port, f"/t/{CODE}")
    assert status == 200 and body == PAGE
    assert fields["content-type"] == "text/html; charset=utf-8"
    assert fields["content-length"] == str(len(PAGE))
    assert fields["x-content-type-options"] == "nosniff"
    assert fields["referrer-policy"] == "no-referrer"
    policy = fields["content-security-policy"]
    assert "default-src 'self'" in policy and "script-src 'self'" in policy and "unsafe" not in policy
    assert f"connect-src 'self' ws://127.0.0.1:{host.port} wss://127.0.0.1:{host.port}" in policy
    assert fields["cache-control"] == "no-cache" and fields["etag"]
    # a wrong code gets the very same page: the web side never confirms a code
    assert get(host.port, "/t/WRONG9")[2] == PAGE
    assert get(host.port, f"/t/{CODE}?from=qr")[2] == PAGE


def test_head_and_a_known_etag_send_no_body(host: Host) -> None:
    status, fields, body = get(host.port, "/static/app.js", method="HEAD")
    assert status == 200 and body == b"" and fields["content-length"] == str(len(SCRIPT))
    assert fields["content-type"] == "text/javascript; charset=utf-8"
    status, _, body = get(host.port, "/static/app.js", headers=f"If-None-Match: {fields['etag']}\r\n")
    assert status == 304 and body == b""
    assert get(host.port, "/static/app.js", headers='If-None-Match: "other"\r\n')[2] == SCRIPT


def test_a_bad_host_header_is_never_written_into_the_policy(host: Host) -> None:
    for bad in (b"evil.example; script-src *", b"\xff\xfe", b"[::1]:1 'unsafe-inline'", b"a" * 300):
        raw = exchange(host.port, b"GET /t/ABCDEF HTTP/1.1\r\nHost: " + bad + b"\r\n\r\n")
        status, fields, _ = parse(raw)
        assert status == 200 and "connect-src 'self';" in fields["content-security-policy"], bad


def test_generated_assets_come_from_their_provider_by_a_checked_name(host: Host, site: WebSite) -> None:
    status, fields, body = get(host.port, "/img/card_Kh-2")
    assert (status, fields["content-type"], body) == (200, "image/png", b"\x89PNGcard_Kh-2")
    assert fields["cache-control"] == "private, no-cache"
    assert get(host.port, "/img/nothing")[0] == 404
    assert get(host.port, "/img/boom")[0] == 404, "a provider that fails is a 404, the host lives"
    sneaky = get(host.port, "/img/sneaky")
    assert sneaky[0] == 404 and SECRET not in sneaky[2]
    for bad in ("/img/card.png", "/img/" + "c" * 41, "/img/card%41", "/img/card/x", "/img/", "/img/..",
                "/img/card_Kh%00", "/IMG/card_Kh"):
        assert get(host.port, bad)[0] == 404, bad
    assert site.asked == ["card_Kh-2", "nothing", "boom", "sneaky"]  # type: ignore[attr-defined]


def test_a_provider_prefix_must_not_hide_the_pages_own_paths() -> None:
    for prefix in ("/t/", "/static/", "/ws/", "img/", "/img", "/i/m/", "/../", "/IMG/"):
        with pytest.raises(ValueError):
            WebSite({}, {prefix: lambda name: None})


def test_the_shipped_allow_list_holds_only_names_the_rule_allows() -> None:
    assert all(webhost.FILE_NAME.fullmatch(name) for name in FILES)
    assert all(not name.startswith(".") and "/" not in name for name in FILES)


# ---------------------------------------------------------------- hostile requests

TRAVERSALS = [
    "/static/../host.py", "/static/..%2fhost.py", "/static/%2e%2e/host.py", "/static/%2e%2e%2fhost.py",
    "/static/..\\host.py", "/static/..%5chost.py", "/static//etc/passwd", "/static/%2fetc%2fpasswd",
    "/etc/passwd", "//etc/passwd", "/static/app.js%00.png", "/static/app.js\x00", "/t/../static/app.js",
    "/t/ABC/../../outside.js", "/static/./app.js", "/STATIC/app.js", "/static/sub/inner.js", "/static/sub/",
    "/static/", "/static", "/static/.hidden.js", "/static/Upper.js", "/static/notes.txt", "/static/link.js",
    "/static/huge.js", "/static/app.js~", "/static/folder.css", "/outside.js", "/../outside.js",
    "/t/", "/t", "/t/ABC/", "/t/AB%43", "/t/ABC-DEF", "/t/" + "A" * 33, "/index.html", "/web/index.html",
    "/static/C:\\Windows\\win.ini", "/static/%c0%ae%c0%ae/x", "/favicon.ico", "/" + "a" * 600,
    "/static/" + "../" * 150 + "etc/passwd",
]


@pytest.mark.parametrize("path", TRAVERSALS)
def test_no_path_from_a_request_reaches_the_file_system(host: Host, path: str) -> None:
    status, fields, body = get(host.port, path)
    assert status in (404, 414), f"{path!r} answered {status}"
    assert SECRET not in body and fields["content-type"] == "text/plain; charset=utf-8"


def test_an_absolute_form_request_is_not_served(host: Host) -> None:
    raw = exchange(host.port, f"GET http://127.0.0.1:{host.port}/t/ABCDEF HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    assert parse(raw)[0] == 404


METHODS = ["POST", "PUT", "DELETE", "OPTIONS", "TRACE", "PATCH", "CONNECT", "BREW", "get"]


@pytest.mark.parametrize("method", METHODS)
def test_methods_other_than_get_and_head_are_refused(host: Host, method: str) -> None:
    status, fields, body = get(host.port, f"/t/{CODE}", method=method)
    assert status == 405 and fields["allow"] == "GET, HEAD" and PAGE not in body


def test_a_request_with_a_body_is_closed_unanswered(host: Host) -> None:
    raw = exchange(host.port, b"POST /t/ABCDEF HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello")
    assert PAGE not in raw
    raw = exchange(host.port, b"GET /t/ABCDEF HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n")
    assert PAGE not in raw


def test_http_1_0_is_answered_and_closed(host: Host) -> None:
    status, fields, body = get(host.port, f"/t/{CODE}", version="HTTP/1.0")
    assert status == 200 and body == PAGE and fields["connection"] == "close"


HUGE = [
    b"GET /t/ABCDEF HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 9000 + b"\r\n\r\n",        # one huge header
    b"GET /t/ABCDEF HTTP/1.1\r\n" + b"".join(b"X-%d: a\r\n" % i for i in range(200)) + b"\r\n",  # too many
    b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\n\r\n",                                      # huge request line
    b"GET /t/ABCDEF HTTP/1.1\r\n" + b"X-Pad: " + b"a" * 8000 + b"\r\n" * 1 + b"X-Pad2: " + b"b" * 8000
    + b"\r\nX-Pad3: " + b"c" * 8000 + b"\r\n\r\n",                                     # over REQUEST_BYTES in all
]


@pytest.mark.parametrize("raw", HUGE)
def test_huge_requests_are_refused_or_cut(host: Host, raw: bytes) -> None:
    status, _, body = parse(exchange(host.port, raw))
    assert status in (0, 414, 431) and PAGE not in body


GARBAGE = [
    bytes(range(256)) * 16, b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + b"\x00" * 500, b"\r\n\r\n",
    b"GET\r\n\r\n", b"GET / HTTP/9.9\r\n\r\n", b"GET /t/\xff\xfe HTTP/1.1\r\n\r\n", b"\x00" * 4096,
]


@pytest.mark.parametrize("raw", GARBAGE)
def test_garbage_is_closed_and_the_host_lives(host: Host, raw: bytes) -> None:
    status, _, body = parse(exchange(host.port, raw))
    assert PAGE not in body
    assert get(host.port, f"/t/{CODE}")[0] == 200


def test_endless_headers_and_an_endless_request_line_are_cut(host: Host) -> None:
    for start, more in ((b"GET /t/ABCDEF HTTP/1.1\r\n", b"X-Again: and again\r\n"), (b"GET /", b"a" * 64)):
        with socket.create_connection(("127.0.0.1", host.port), timeout=PATIENCE) as sock:
            sock.sendall(start)
            sent = len(start)
            with contextlib.suppress(OSError):
                while sent < 64 * webhost.REQUEST_BYTES:  # the host cuts it long before
                    sock.sendall(more)
                    sent += len(more)
            assert sent <= 64 * webhost.REQUEST_BYTES, "the host took endless bytes before a request"
            assert PAGE not in read_all(sock)
    plays_after(host)


def test_a_websocket_upgrade_on_another_path_is_refused(host: Host) -> None:
    async def scenario() -> None:
        for path in (f"/t/{CODE}", "/static/app.js", "/img/card_Kh", "/wss", "/ws/", "//", "/x"):
            with pytest.raises(InvalidStatus) as refused:
                async with connect(f"ws://127.0.0.1:{host.port}{path}", open_timeout=PATIENCE):
                    pass
            assert refused.value.response.status_code == 404, path
        # the page's own path and the desktop app's both open the protocol
        for path in ("/ws", "/"):
            async with connect(f"ws://127.0.0.1:{host.port}{path}", open_timeout=PATIENCE) as ws:
                await ws.send(encode({"type": "ping", "t": 1}))
                assert json.loads(await ws.recv())["type"] == "pong"

    asyncio.run(scenario())
    assert host.table.state is not None
    plays_after(host)


def test_a_browser_seat_says_hello_on_the_pages_websocket(host: Host) -> None:
    async def scenario() -> dict[str, object]:
        async with connect(f"ws://127.0.0.1:{host.port}/ws", open_timeout=PATIENCE) as ws:
            await ws.send(encode({"type": "hello", "version": PROTOCOL_VERSION, "code": CODE, "name": "Phone"}))
            return dict(json.loads(await ws.recv()))

    welcome = asyncio.run(scenario())
    assert welcome["type"] == "welcome" and welcome["seat"] == 0


def test_after_every_hostile_request_at_once_a_desktop_client_joins_and_plays(host: Host) -> None:
    """The whole gauntlet against one host, then a real client plays the match to its end."""
    answers = [exchange(host.port, f"GET {path} HTTP/1.1\r\nHost: x\r\n\r\n".encode()) for path in TRAVERSALS]
    answers += [exchange(host.port, f"{method} /t/{CODE} HTTP/1.1\r\n\r\n".encode()) for method in METHODS]
    answers += [exchange(host.port, raw) for raw in HUGE + GARBAGE]
    assert not any(SECRET in answer for answer in answers)
    assert sum(PAGE in answer for answer in answers) == 0
    assert host.web.stats["served"] == 0 and host.web.stats["refused"] > len(TRAVERSALS)
    plays_after(host)


# ---------------------------------------------------------------- idle and slow connections

def _room_for(sockets: int) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < sockets:
        if hard != resource.RLIM_INFINITY and hard < sockets:
            pytest.skip(f"this system allows {hard} open files, fewer than the {sockets} the test holds")
        resource.setrlimit(resource.RLIMIT_NOFILE, (sockets, hard))


@pytest.fixture
def quick_cut(monkeypatch: pytest.MonkeyPatch) -> None:
    """Idle connections are cut after a second (not ten), so the test does not wait for nothing."""
    monkeypatch.setattr(webhost, "OPEN_SECONDS", 1.0)


def test_a_thousand_idle_connections_are_cut_and_the_host_answers_meanwhile(quick_cut: None, host: Host) -> None:
    _room_for(4096)
    idle = []
    try:
        for _ in range(1000):
            idle.append(socket.create_connection(("127.0.0.1", host.port), timeout=PATIENCE))
        eventually(lambda: host.gate.seen >= 1000, "the host saw every idle connection")
        assert host.gate.total <= webhost.OPENING_PER_ADDRESS
        # another address is answered while they hang on
        assert get(host.port, f"/t/{CODE}", source="127.0.0.2")[2] == PAGE
        for sock in idle:  # each is closed by the host: cut at once over the bound, or after OPEN_SECONDS
            assert read_all(sock) == b""
        eventually(lambda: host.gate.total == 0, "every idle connection was let go")
    finally:
        for sock in idle:
            sock.close()
    assert get(host.port, f"/t/{CODE}")[2] == PAGE
    plays_after(host)


def test_a_slowloris_is_cut(quick_cut: None, host: Host) -> None:
    request = f"GET /t/{CODE} HTTP/1.1\r\nHost: x\r\n" + "X-Slow: " + "z" * 100_000
    with socket.create_connection(("127.0.0.1", host.port), timeout=PATIENCE) as sock:
        sent = 0
        start = time.monotonic()
        with contextlib.suppress(OSError):
            while sent < len(request):  # one byte at a time; the host cuts it after OPEN_SECONDS
                sock.sendall(request[sent].encode())
                sent += 1
                time.sleep(0.02)
                if sent % 50 == 0 and _closed(sock):
                    break
        assert sent < len(request), "the slow request was never cut"
        assert time.monotonic() - start >= webhost.OPEN_SECONDS * 0.5  # not cut for its pace alone
    plays_after(host)


def _closed(sock: socket.socket) -> bool:
    sock.setblocking(False)
    try:
        return sock.recv(1, socket.MSG_PEEK) == b""
    except BlockingIOError:
        return False
    except OSError:
        return True
    finally:
        sock.setblocking(True)
        sock.settimeout(PATIENCE)


def test_one_address_cannot_hold_every_opening_place(monkeypatch: pytest.MonkeyPatch, host: Host) -> None:
    _room_for(4096)
    held = [socket.create_connection(("127.0.0.1", host.port), timeout=PATIENCE)
            for _ in range(webhost.OPENING_PER_ADDRESS + 20)]
    try:
        eventually(lambda: host.gate.seen >= len(held), "the host saw every connection")
        assert host.gate.total == webhost.OPENING_PER_ADDRESS and host.gate.cut >= 20
        assert get(host.port, f"/t/{CODE}", source="127.0.0.3")[0] == 200
    finally:
        for sock in held:
            sock.close()
    eventually(lambda: host.gate.total == 0, "the closed connections were let go")



# ---------------------------------------------------------------- the address a phone opens

def test_the_terminal_qr_code_reads_back_as_the_address() -> None:
    url = "http://192.168.1.20:47815/t/K7QM2D"
    rows: list[list[bool]] = []
    for line in terminal_qr(url).splitlines():  # a block is light; ▀ light above, ▄ light below
        rows.append([ch in "█▀" for ch in line])
        rows.append([ch in "█▄" for ch in line])
    light = [[not module for module in row] for row in segno.make(url, error="m", micro=False).matrix_iter(border=4)]
    assert rows[:len(light)] == light


def test_serve_prints_the_web_address_and_that_port_answers_it(tmp_path: Path) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = [sys.executable, "main.py", "--data-dir", str(tmp_path), "--serve", "--port", str(port),
               "--game", "gin_rummy", "--seats", "remote,normal", "--code", "WEB234"]
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None
        web = ""
        for line in process.stdout:
            if line.startswith("web: "):
                web = line.split()[1]
            if line.startswith("code:"):
                break
        assert re.fullmatch(rf"http://[0-9.]+:{port}/t/WEB234", web), web
        status, fields, body = get(port, urlsplit(web).path)
        assert status == (200 if "index.html" in FILES else 404)
        assert "default-src 'self'" in fields["content-security-policy"]
    finally:
        process.kill()
        process.wait()


@pytest.mark.parametrize("code", ["ÉCOLE1", "ＡＢＣ１２３", "٣٤٥٦٧٨", "ŁÓDŹ12"])
def test_a_table_code_that_no_address_can_hold_is_refused(code: str) -> None:
    """``--serve --code`` took any Unicode letter or digit: a table that no phone could open at
    ``/t/<CODE>`` (nor any keyboard type). Codes are ASCII letters and digits."""
    with pytest.raises(ValueError, match="A to Z"):
        new_table("gin_rummy", "remote,normal", [], code, 1)
    assert webhost.PAGE_PATH.fullmatch("/t/" + new_table("gin_rummy", "remote,normal", [], "abc-234", 1).code)
