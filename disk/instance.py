"""One Tablée per data folder: an OS lock on ``<data folder>/tablee.lock``, and a loopback signal
that lets a second launch bring the first one's window forward.

The lock is the operating system's (``fcntl.flock`` on POSIX, ``msvcrt.locking`` on Windows), held
on an open file for as long as the process lives: a crash or a ``kill -9`` releases it with the
process, so a lock file left behind is simply taken again (and rewritten) by the next start. A
launch that cannot take the lock only opens the file for reading and never writes in the folder.

The first copy writes into the lock file its process id and a loopback port with a random token;
a second launch connects to ``127.0.0.1:<port>`` and sends the token: a socket, rather than a
request file the first copy would poll, because the second launch must not write in the folder,
the first must not wake its idle loop to look for one, and a socket dies with its process. The
listener answers only the token (which only someone who can read the data folder knows), reads at
most a line of 128 bytes per connection, a few connections at once, and gives up on a silent
one after a few seconds.
"""

from __future__ import annotations

import json
import os
import socket
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

LOCK_NAME = "tablee.lock"
LOCK_BYTE = 1 << 20
"""Windows locks a byte range, which other processes can then not read: the lock is on one byte
far past the text, which stays readable by a second launch."""
LINE_LIMIT = 128
CONNECTION_TIMEOUT = 3.0
HANDLERS = 8
"""Requests read at once; a silent connection holds one for ``CONNECTION_TIMEOUT`` at most."""
ANSWER = b"OK\n"


def _try_lock(fd: int) -> bool:
    if sys.platform == "win32":
        import msvcrt

        os.lseek(fd, LOCK_BYTE, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


class LockUnavailable(OSError):
    """The folder cannot be locked at all (no such locks on its file system, no right to open the
    file): the caller decides whether to go on without one."""


def _unlock(fd: int) -> None:
    if sys.platform == "win32":
        import msvcrt

        os.lseek(fd, LOCK_BYTE, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
        return
    import fcntl

    fcntl.flock(fd, fcntl.LOCK_UN)


class InstanceLock:
    """The data folder's lock, held by this process (``acquire``)."""

    def __init__(self, path: Path, fd: int) -> None:
        self.path = path
        self._fd: int | None = fd
        self._server: socket.socket | None = None
        self._token = os.urandom(16).hex()
        self._thread: threading.Thread | None = None
        self.kind = "app"

    @classmethod
    def acquire(cls, folder: Path, kind: str = "app") -> InstanceLock | None:
        """Take the lock of ``folder`` (made if missing), or None when another process holds it;
        ``LockUnavailable`` when the folder cannot be locked at all. ``kind`` says what holds it
        (``app``, ``serve``, ``screenshot``), for the launch that finds it taken."""
        folder = Path(folder)
        path = folder / LOCK_NAME
        flags = os.O_RDWR | getattr(os, "O_BINARY", 0)
        while True:
            try:
                try:
                    fd = os.open(path, flags)
                except FileNotFoundError:
                    folder.mkdir(parents=True, exist_ok=True)
                    fd = os.open(path, flags | os.O_CREAT, 0o600)
            except OSError as exc:
                raise LockUnavailable(exc.errno, f"cannot open {path}: {exc.strerror or exc}") from None
            try:
                locked = _try_lock(fd)
            except OSError as exc:  # BlockingIOError is a held lock; anything else: no locks here
                os.close(fd)
                raise LockUnavailable(exc.errno, f"cannot lock {path}: {exc.strerror or exc}") from None
            if not locked:
                os.close(fd)
                return None
            if _same_file(fd, path):
                break
            os.close(fd)  # the file was replaced between open and lock: lock the one there now
        lock = cls(path, fd)
        lock.kind = kind
        lock._write({"pid": os.getpid(), "kind": kind})
        return lock

    def _write(self, info: dict[str, Any]) -> None:
        """Put ``info`` in the lock file (in place: the lock is on this very file)."""
        assert self._fd is not None
        data = (json.dumps(info) + "\n").encode()
        os.lseek(self._fd, 0, os.SEEK_SET)
        os.ftruncate(self._fd, 0)
        os.write(self._fd, data)  # not synced: after a crash the lock is free, whatever the file says

    def listen(self, on_raise: Callable[[], None]) -> int:
        """Answer a second launch's request to bring the window forward by calling ``on_raise``
        (from the listener's thread); the loopback port listened on."""
        server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        server.bind(("127.0.0.1", 0))
        server.listen(4)
        self._server = server
        port = int(server.getsockname()[1])
        self._thread = threading.Thread(target=self._serve, args=(server, on_raise), name="raise-window", daemon=True)
        self._thread.start()
        self._write({"pid": os.getpid(), "kind": self.kind, "port": port, "token": self._token})
        return port

    def _serve(self, server: socket.socket, on_raise: Callable[[], None]) -> None:
        slots = threading.BoundedSemaphore(HANDLERS)
        while True:
            try:
                conn, _ = server.accept()
            except OSError:  # closed: the app is quitting
                return
            if not slots.acquire(blocking=False):  # a flood: the extra connections are dropped
                conn.close()
                continue
            threading.Thread(target=self._answer, args=(conn, on_raise, slots), name="raise-request",
                             daemon=True).start()

    def _answer(self, conn: socket.socket, on_raise: Callable[[], None], slots: threading.BoundedSemaphore) -> None:
        """Read one request; call ``on_raise`` and answer if it carries the token, else hang up."""
        import hmac  # here, not at start-up: a request is rare

        try:
            with conn:
                conn.settimeout(CONNECTION_TIMEOUT)
                line = _read_line(conn)
                if line is not None and hmac.compare_digest(line, f"RAISE {self._token}".encode()):
                    on_raise()
                    conn.sendall(ANSWER)
        except OSError:  # a client that vanished or stalled
            pass
        finally:
            slots.release()

    def release(self) -> None:
        """Stop listening and let the lock go (the process's end does it too)."""
        if self._server is not None:
            self._server.close()
            self._server = None
        if self._fd is not None:
            try:
                _unlock(self._fd)
            finally:
                os.close(self._fd)
                self._fd = None


def _same_file(fd: int, path: Path) -> bool:
    try:
        mine, there = os.fstat(fd), os.stat(path)
    except OSError:
        return False
    return (mine.st_dev, mine.st_ino) == (there.st_dev, there.st_ino)


def _read_line(conn: socket.socket) -> bytes | None:
    """One line of at most ``LINE_LIMIT`` bytes (without its newline), or None."""
    data = b""
    while b"\n" not in data:
        chunk = conn.recv(LINE_LIMIT + 1 - len(data))
        if not chunk:
            return None
        data += chunk
        if len(data) > LINE_LIMIT:
            return None
    return data.split(b"\n", 1)[0]


def holder(folder: Path) -> dict[str, Any] | None:
    """What the lock file of ``folder`` says about the process holding it (read only), or None."""
    try:
        with open(Path(folder) / LOCK_NAME, "rb") as handle:
            text = handle.read(LINE_LIMIT * 4)
        info = json.loads(text.decode("utf-8").strip())
    except (OSError, ValueError):
        return None
    return info if isinstance(info, dict) else None


def ask_to_raise(folder: Path, attempts: int = 20, pause: float = 0.1) -> bool:
    """Ask the copy holding ``folder``'s lock to bring its window forward; whether it said it
    would. Reads the lock file a few times (the first copy may still be starting) and never
    writes anything."""
    for attempt in range(attempts):
        info = holder(folder)
        if info is not None and info.get("kind", "app") != "app":
            return False  # a table hosted from the command line, a screenshot: no window
        port, token = (info or {}).get("port"), (info or {}).get("token")
        if isinstance(port, int) and 0 < port < 65536 and isinstance(token, str) and len(token) < 100:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=CONNECTION_TIMEOUT) as conn:
                    conn.sendall(f"RAISE {token}\n".encode())
                    if conn.recv(len(ANSWER)) == ANSWER:
                        return True
            except OSError:
                pass
        if attempt + 1 < attempts:
            time.sleep(pause)
    return False
