"""One Tablée per data folder (issue 36): the first copy holds the folder's lock; a second launch
asks it to bring its window forward and stops without writing a byte there; a lock left by a
``kill -9`` is taken again; the headless commands keep working while a copy is open."""

from __future__ import annotations

import hashlib
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from disk.instance import LOCK_NAME, InstanceLock, ask_to_raise, holder

ROOT = Path(__file__).resolve().parents[2]
PATIENCE = 300.0
"""Seconds a launch may take before the test gives up on it (a stuck process, never a speed check)."""


def snapshot(folder: Path) -> dict[str, tuple[int, int, str]]:
    """Every file and folder under ``folder``: size, modification time and content hash."""
    seen = {}
    for path in sorted([folder, *folder.rglob("*")]):
        info = path.stat()
        digest = hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else "dir"
        seen[str(path.relative_to(folder))] = (info.st_size, info.st_mtime_ns, digest)
    return seen


def env() -> dict[str, str]:
    return {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}


def launch(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, env=env(), capture_output=True, text=True,
                          timeout=PATIENCE)


def start_first(data: Path) -> subprocess.Popen[str]:
    """Open the app on ``data`` in its own process, and wait until it listens for a second launch."""
    first = subprocess.Popen([sys.executable, "main.py", "--data-dir", str(data)], cwd=ROOT, env=env(),
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    waited = 0.0
    while (holder(data) or {}).get("pid") != first.pid or "port" not in (holder(data) or {}):
        if first.poll() is not None or waited > PATIENCE:
            first.kill()
            raise AssertionError(f"the first copy never started listening: {first.communicate()}")
        time.sleep(0.05)
        waited += 0.05
    return first


def test_a_second_launch_on_one_data_folder_brings_the_first_forward_and_writes_nothing(tmp_path: Path) -> None:
    data = tmp_path / "data"
    first = start_first(data)
    try:
        before = snapshot(data)
        second = launch("--data-dir", str(data))
        assert second.returncode == 0, second.stderr
        assert "already open" in second.stdout and "brought forward" in second.stdout
        # the headless commands as CI runs them, while the app is open
        assert launch("--version").returncode == 0
        assert launch("--help").returncode == 0
        shot = launch("--screenshot", str(tmp_path / "title.png"))
        assert shot.returncode == 0 and (tmp_path / "title.png").is_file(), shot.stderr
        refused = launch("--data-dir", str(data), "--screenshot", str(tmp_path / "refused.png"))
        assert refused.returncode == 2 and "open with the data folder" in refused.stderr
        serve = launch("--data-dir", str(data), "--serve", "--game", "gin_rummy", "--seats", "remote,hard")
        assert serve.returncode == 3 and "already open" in serve.stderr
        assert snapshot(data) == before
        assert first.poll() is None
    finally:
        first.send_signal(signal.SIGTERM)  # SDL turns it into the window's close: the app quits cleanly
        out, err = first.communicate(timeout=PATIENCE)
    assert first.returncode == 0, err
    assert (data / "settings.json").is_file()


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="kill -9 is POSIX")
def test_a_lock_left_by_a_killed_copy_is_taken_by_the_next_start(tmp_path: Path) -> None:
    data = tmp_path / "data"
    first = start_first(data)
    stale = holder(data)
    first.kill()
    first.wait(PATIENCE)
    assert holder(data) == stale                       # the file is still there, naming a dead process
    again = start_first(data)
    try:
        assert holder(data)["pid"] == again.pid
        before = snapshot(data)
        second = launch("--data-dir", str(data))
        assert second.returncode == 0 and "brought forward" in second.stdout, second.stderr
        assert snapshot(data) == before
    finally:
        again.send_signal(signal.SIGTERM)
        again.communicate(timeout=PATIENCE)
    assert again.returncode == 0


def test_the_lock_is_the_systems_and_follows_its_holder(tmp_path: Path) -> None:
    lock = InstanceLock.acquire(tmp_path)
    assert lock is not None
    assert InstanceLock.acquire(tmp_path) is None      # another open file: refused, even in this process
    lock.release()
    again = InstanceLock.acquire(tmp_path)
    assert again is not None
    again.release()


def test_a_launch_that_finds_the_folder_held_by_a_copy_that_does_not_answer_says_so_and_writes_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from ui import cli

    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    data = tmp_path / "data"
    lock = InstanceLock.acquire(data)
    assert lock is not None
    try:
        before = snapshot(data)
        assert cli.main(["--data-dir", str(data)]) == cli.ALREADY_OPEN
        assert "already open" in capsys.readouterr().err
        assert snapshot(data) == before
    finally:
        lock.release()


@pytest.mark.parametrize("text", [b"", b"\x00\xff junk", b"[1, 2]", b'{"port": "12"}', b'{"port": 99999, "token": "x"}',
                                  b'{"port": 1, "token": "' + b"a" * 5000 + b'"}', b"{" * 100_000])
def test_a_hostile_lock_file_is_taken_over_and_asks_nothing(tmp_path: Path, text: bytes) -> None:
    (tmp_path / LOCK_NAME).write_bytes(text)
    assert ask_to_raise(tmp_path, attempts=1) is False
    lock = InstanceLock.acquire(tmp_path)
    assert lock is not None
    try:
        assert holder(tmp_path) == {"pid": os.getpid(), "kind": "app"}
    finally:
        lock.release()


def test_only_the_token_brings_the_window_forward_and_hostile_clients_change_nothing(tmp_path: Path) -> None:
    """Garbage, a wrong token, a line far too long, a client that says nothing and a flood of
    connections raise nothing; the listener lives on and the real request still works."""
    import threading

    raised = threading.Event()
    lock = InstanceLock.acquire(tmp_path)
    assert lock is not None
    try:
        port = lock.listen(raised.set)
        silent = socket.create_connection(("127.0.0.1", port))
        for payload in (b"\x00\xff\n", b"RAISE wrong\n", b"RAISE " + b"a" * 10_000 + b"\n", b"no newline"):
            with socket.create_connection(("127.0.0.1", port)) as conn:
                try:
                    conn.sendall(payload)
                    conn.shutdown(socket.SHUT_WR)
                    answer = conn.recv(16)
                except OSError:  # hung up on first (the line unread, or too long to read)
                    answer = b""
                assert answer == b""
        flood = [socket.create_connection(("127.0.0.1", port)) for _ in range(50)]
        for conn in flood:
            conn.close()
        assert not raised.is_set()
        assert ask_to_raise(tmp_path)
        assert raised.is_set()
        silent.close()
    finally:
        lock.release()


def test_the_app_comes_forward_with_a_word_when_a_second_launch_asks(app, tmp_path: Path) -> None:
    lock = InstanceLock.acquire(tmp_path / "folder")
    assert lock is not None
    try:
        lock.listen(app.bring_forward)
        assert ask_to_raise(tmp_path / "folder")
        app.step(1 / 60)
        assert "Tablée is already open: here it is." in app.toasts
    finally:
        lock.release()


@pytest.mark.skipif(sys.platform == "win32", reason="flock is POSIX")
def test_a_folder_that_cannot_be_locked_is_said_and_still_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A file system without locks (some network shares): the lock says so, a screenshot still renders."""
    import errno
    import fcntl

    from disk.instance import LockUnavailable
    from ui import cli

    def no_locks(fd: int, operation: int) -> None:
        raise OSError(errno.ENOLCK, "No locks available")

    monkeypatch.setattr(fcntl, "flock", no_locks)
    with pytest.raises(LockUnavailable):
        InstanceLock.acquire(tmp_path)
    assert cli.main(["--data-dir", str(tmp_path), "--screenshot", str(tmp_path / "x.png")]) == 0
