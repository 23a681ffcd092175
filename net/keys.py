"""Seat keys a guest keeps in its data folder, so that a guest that crashed takes its seat back.

A host gives each seat a secret key (``welcome``'s ``token``, a new one at every welcome). A guest
that kept it only in memory lost its seat with its process: a ``kill -9``, a power cut or a crash
of the app, and the host, which keeps the seat for its player, answered a new ``hello`` with "every
seat is taken". ``SeatKeys`` keeps the keys on disk instead: one small JSON file per host address
and table code under ``<data folder>/seat-keys/``, readable by its owner only (0600; the folder
0700), written atomically, removed when the match is over or the host refuses the key. A file that
cannot be read back (not JSON, the wrong shape, too big) is moved aside and ignored; the caller
tells the player. Nothing here imports the network stack: the title screen lists kept keys cheaply.

Several processes of one computer may join one table from one data folder (two ``--join`` bots).
A process that plays a seat holds a ``SeatClaim`` on it (an operating-system lock, let go when the
process ends however it ends): a kept key is reused only when its seat is not claimed, so a second
process never takes a living one's seat, and a crashed one's is free at once.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from disk import DamagedFile, atomic_write_json, load_json_object, move_aside
from net.protocol import NAME_LIMIT, normal_code

KEYS_FOLDER = "seat-keys"
FORMAT = "tablee-seat-keys"
FILE_LIMIT = 16 * 1024
"""Bytes: a kept file is a few hundred bytes; a bigger one is not ours and is moved aside unread."""
TABLES_LIMIT = 32
"""Kept files looked at on the title screen (the newest first); older ones wait for their table."""
SEATS_LIMIT = 8
TOKEN_LIMIT = 64
ADDRESS_LIMIT = 300
_TOKEN_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
_LOCK = threading.Lock()
"""One writer at a time in this process (several seats of one computer share a file); between
processes, an operating-system lock on the table's ``.lock`` file."""


@dataclass(frozen=True)
class KeptSeat:
    """One seat this computer plays at a table, and the key that takes it back."""

    seat: int
    token: str
    name: str


@dataclass(frozen=True)
class KeptTable:
    """The seats kept for one table (a host address and a code)."""

    address: str
    code: str
    game: str
    seats: tuple[KeptSeat, ...]
    saved_at: float


def table_address(address: str) -> str:
    """The address as the player gave it, in one spelling (so ``Host:1`` and ``host:1 `` match)."""
    return address.strip().lower()


class SeatClaim:
    """This process plays one seat of a table (see the module docstring); ``release`` lets go."""

    def __init__(self, fd: int, seat: int, path: Path, kept: Path) -> None:
        self.fd: int | None = fd
        self.seat = seat
        self.path = path
        self.kept = kept
        """The table's kept file: once it is gone (the match is over), so goes the lock file."""

    def release(self) -> None:
        if self.fd is not None:
            if not self.kept.exists():
                with contextlib.suppress(OSError):
                    self.path.unlink()
            os.close(self.fd)  # closing the file lets go of its lock
            self.fd = None


class SeatKeys:
    """The seat keys kept in ``data_dir`` (see the module docstring)."""

    def __init__(self, data_dir: Path) -> None:
        self.folder = data_dir / KEYS_FOLDER

    def path_for(self, address: str, code: str) -> Path:
        """The file of one table: a digest of its address and code (any text makes a safe name)."""
        digest = hashlib.sha256(f"{table_address(address)}\n{normal_code(code)}".encode()).hexdigest()
        return self.folder / f"{digest[:24]}.json"

    def load(self, address: str, code: str) -> KeptTable | None:
        """The seats kept for this table (``None``: none); ``DamagedFile`` when the file was moved aside."""
        path = self.path_for(address, code)
        table = self._read(path)
        if table is not None and (table.address != table_address(address) or table.code != normal_code(code)):
            raise DamagedFile(move_aside(path))
        return table

    def kept(self) -> tuple[list[KeptTable], list[Path]]:
        """Every table with kept seats, the newest first, and the damaged files just moved aside."""
        tables: list[KeptTable] = []
        damaged: list[Path] = []
        try:
            paths = sorted(self.folder.glob("*.json"), key=_mtime, reverse=True)[:TABLES_LIMIT]
        except OSError:
            return [], []
        for path in paths:
            try:
                table = self._read(path)
            except DamagedFile as exc:
                damaged.append(exc.moved)
                continue
            if table is not None and path == self.path_for(table.address, table.code):
                tables.append(table)
        tables.sort(key=lambda t: t.saved_at, reverse=True)
        return tables, damaged

    def keep(self, address: str, code: str, game: str, seat: int, token: str, name: str) -> None:
        """Remember ``seat``'s newest key at this table (replacing the one it had)."""
        with self._writing(address, code):
            try:
                table = self.load(address, code)
            except DamagedFile:
                table = None
            others = [s for s in (table.seats if table is not None else ()) if s.seat != seat]
            seats = sorted([*others, KeptSeat(seat, token, name)], key=lambda s: s.seat)[:SEATS_LIMIT]
            self._write(KeptTable(table_address(address), normal_code(code), game, tuple(seats), time.time()))

    def forget(self, address: str, code: str, seat: int | None = None) -> None:
        """Forget ``seat``'s key at this table (``None``: every seat); the file goes with the last one."""
        with self._writing(address, code):
            path = self.path_for(address, code)
            try:
                table = self.load(address, code)
            except DamagedFile:
                return
            if table is None:
                return
            seats = tuple(s for s in table.seats if seat is not None and s.seat != seat)
            if seats:
                self._write(KeptTable(table.address, table.code, table.game, seats, table.saved_at))
            else:
                path.unlink(missing_ok=True)
                path.with_suffix(".lock").unlink(missing_ok=True)  # held until this change is done

    @contextlib.contextmanager
    def _writing(self, address: str, code: str) -> Iterator[None]:
        """Hold the table's file for one change: one thread of this process and one process of
        this computer at a time (two ``--join`` bots of one table share its file)."""
        with _LOCK:
            self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
            fd = os.open(self.path_for(address, code).with_suffix(".lock"), os.O_RDWR | os.O_CREAT, 0o600)
            try:
                _lock(fd, wait=True)
                yield
            finally:
                os.close(fd)

    def claim(self, address: str, code: str, seat: int) -> SeatClaim | None:
        """Hold ``seat`` of this table for this process (``None``: another process holds it)."""
        self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        kept = self.path_for(address, code)
        path = kept.with_suffix(f".seat{seat}.lock")
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            _lock(fd)
        except OSError:
            os.close(fd)
            return None
        return SeatClaim(fd, seat, path, kept)

    # ------------------------------------------------------------------ the files
    def _write(self, table: KeptTable) -> None:
        self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        path = self.path_for(table.address, table.code)
        atomic_write_json(path, {
            "format": FORMAT, "address": table.address, "code": table.code, "game": table.game,
            "saved_at": table.saved_at,
            "seats": [{"seat": s.seat, "token": s.token, "name": s.name} for s in table.seats],
        })
        os.chmod(path, 0o600)  # the temporary file already is; said again where that is not so

    def _read(self, path: Path) -> KeptTable | None:
        try:
            size = path.stat().st_size
        except FileNotFoundError:
            return None
        except OSError:
            raise DamagedFile(move_aside(path)) from None
        if size > FILE_LIMIT:
            raise DamagedFile(move_aside(path))
        data = load_json_object(path, lambda d: _parse(d) is not None)
        return None if data is None else _parse(data)


def _parse(data: dict[str, Any]) -> KeptTable | None:
    """A kept file's content if every field has its shape, else ``None``."""
    address, code, game, saved_at, seats = (data.get(k) for k in ("address", "code", "game", "saved_at", "seats"))
    if data.get("format") != FORMAT or not _text(address, ADDRESS_LIMIT) or not _text(game, 40):
        return None
    if not isinstance(code, str) or not 1 <= len(code) <= 32 or not (code.isascii() and code.isalnum()):
        return None
    if isinstance(saved_at, bool) or not isinstance(saved_at, (int, float)) or not 0 <= saved_at < 1e11:
        return None
    if not isinstance(seats, list) or not 1 <= len(seats) <= SEATS_LIMIT:
        return None
    kept = []
    for entry in seats:
        if not isinstance(entry, dict):
            return None
        seat, token, name = entry.get("seat"), entry.get("token"), entry.get("name")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < SEATS_LIMIT:
            return None
        if not isinstance(token, str) or not 1 <= len(token) <= TOKEN_LIMIT or not set(token) <= _TOKEN_CHARS:
            return None
        if not isinstance(name, str) or len(name) > NAME_LIMIT or not name.isprintable():
            return None
        kept.append(KeptSeat(seat, token, name))
    if len({s.seat for s in kept}) != len(kept):
        return None
    assert isinstance(address, str) and isinstance(game, str)
    return KeptTable(address, code, game, tuple(kept), float(saved_at))


def _lock(fd: int, wait: bool = False) -> None:
    """Lock ``fd`` for this process (``wait``: until it is free; else ``OSError`` when another
    holds it). The system lets go when the file is closed or the process ends."""
    if sys.platform == "win32":
        import msvcrt

        msvcrt.locking(fd, msvcrt.LK_LOCK if wait else msvcrt.LK_NBLCK, 1)
    else:
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_EX if wait else fcntl.LOCK_EX | fcntl.LOCK_NB)


def _text(value: Any, limit: int) -> bool:
    return isinstance(value, str) and 1 <= len(value) <= limit and value.isprintable()


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0
