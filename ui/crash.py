"""Crash reports: what the app writes when something inside it fails, so a player can send it.

A report is a small JSON file in ``<state folder>/crashes/`` (``disk.places``): the time, Tablée's
version, the system, the traceback, the scene that failed, and the autosave of the match being
played (which replays the match exactly). It is written atomically; writing it never raises.

Beyond a scene's errors (``App._recover``) and the loop's (``ui.cli``), ``install_crash_hooks``
reports what would otherwise leave nothing: an exception ending a thread, an exception Python can
only ignore (in a ``__del__``, a callback), and a crash in native code (SDL, a codec), which
``faulthandler`` writes into ``crashes/native-crash.txt`` as the process dies; the next start turns
that file into a report and tells the player. On Linux and macOS, ``kill -USR1`` makes a program
that seems stuck print every thread's stack on stderr, and it goes on.
"""

from __future__ import annotations

import datetime
import faulthandler
import json
import platform
import signal
import sys
import threading
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from ui.storage import atomic_write_json
from ui.version import tablee_version

CRASH_FOLDER = "crashes"
UNSEEN = "unseen-crash.json"
"""Left in the crash folder when the app itself stopped on an error: the next start tells the
player, points at the report and offers to resume the autosaved match (Continue)."""


NATIVE = "native-crash.txt"
"""Where ``faulthandler`` writes the Python stacks if native code crashes the process."""
REPORTS_PER_RUN = 10
"""Thread and unraisable errors reported per run at most: one failing in a loop fills no disk."""


def write_crash_report(state_dir: Path, error: BaseException, where: str, match: dict[str, Any] | None,
                       trace: list[str] | None = None) -> Path | None:
    """Write a report of ``error`` (raised in ``where``) into ``<state_dir>/crashes`` and return its
    path (None if the disk refused); ``trace`` replaces the error's own traceback."""
    now = datetime.datetime.now(datetime.UTC)
    report = {
        "time": now.isoformat(timespec="seconds"),
        "version": tablee_version(),
        "system": {"platform": platform.platform(), "python": sys.version.split()[0],
                   "machine": platform.machine()},
        "where": where,
        "error": f"{type(error).__name__}: {error}",
        "traceback": traceback.format_exception(error) if trace is None else trace,
        "match": match,
    }
    folder = Path(state_dir) / CRASH_FOLDER
    path = folder / f"crash-{now.strftime('%Y%m%d-%H%M%S-%f')}.json"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        atomic_write_json(path, report)
    except (OSError, TypeError, ValueError):
        return None
    return path


def mark_unseen(state_dir: Path, report: Path | None) -> None:
    """Remember, for the next start, that the app stopped on an error (``report``: its file)."""
    try:
        atomic_write_json(Path(state_dir) / CRASH_FOLDER / UNSEEN, {"report": None if report is None else str(report)})
    except (OSError, TypeError, ValueError):
        return


def take_unseen(state_dir: Path) -> str | None:
    """The report of a crash the player has not been told about (``""`` if it could not be written),
    forgetting it; ``None`` when the last run ended normally."""
    marker = Path(state_dir) / CRASH_FOLDER / UNSEEN
    if not marker.is_file():
        return None
    try:
        data = json.loads(marker.read_text(encoding="utf-8"))
        report = data.get("report") if isinstance(data, dict) else None
    except (OSError, ValueError):
        report = None
    marker.unlink(missing_ok=True)
    return report if isinstance(report, str) else ""


class NativeCrash(Exception):
    """The process died in native code (what ``faulthandler`` wrote is the report's traceback)."""


def take_native_crash(state_dir: Path, data_dir: Path) -> Path | None:
    """If the last run died in native code, turn what ``faulthandler`` wrote into a report (with
    the autosaved match of ``data_dir``), mark it unseen for the title screen, and return it."""
    native = Path(state_dir) / CRASH_FOLDER / NATIVE
    try:
        text = native.read_text(encoding="utf-8", errors="replace")[:200_000]
    except OSError:
        return None
    if not text.strip():
        return None
    match = None
    try:
        saved = json.loads((Path(data_dir) / "current_match.json").read_text(encoding="utf-8"))
        match = saved if isinstance(saved, dict) else None
    except (OSError, ValueError):
        pass
    first = next((line for line in text.splitlines() if line.strip()), "")
    report = write_crash_report(state_dir, NativeCrash(first), "native code", match, text.splitlines(keepends=True))
    if report is not None:
        native.unlink(missing_ok=True)
        mark_unseen(state_dir, report)
    return report


class CrashHooks:
    """The process-wide crash hooks (see the module docstring); ``remove`` at a clean exit."""

    def __init__(self, state_dir: Path, data_dir: Path) -> None:
        self.state_dir = Path(state_dir)
        self.written = 0
        take_native_crash(state_dir, data_dir)
        self._native: TextIO | None = None
        folder = self.state_dir / CRASH_FOLDER
        try:
            folder.mkdir(parents=True, exist_ok=True)
            self._native = open(folder / NATIVE, "w", encoding="utf-8")  # noqa: SIM115  (open for the process's life)
            faulthandler.enable(self._native, all_threads=True)
        except OSError:
            self._native = None
        self._stacks_on_request = hasattr(signal, "SIGUSR1") and sys.stderr is not None
        if self._stacks_on_request:
            try:
                faulthandler.register(signal.SIGUSR1, file=sys.stderr, all_threads=True)
            except (OSError, ValueError, AttributeError):  # a stderr without a file behind it
                self._stacks_on_request = False
        self._thread_hook = threading.excepthook
        self._unraisable_hook = sys.unraisablehook
        threading.excepthook = self._on_thread_error
        sys.unraisablehook = self._on_unraisable

    def _report(self, error: BaseException, where: str) -> None:
        if self.written >= REPORTS_PER_RUN:
            return
        self.written += 1
        write_crash_report(self.state_dir, error, where, None)

    def _on_thread_error(self, args: threading.ExceptHookArgs) -> None:
        if args.exc_value is not None and not isinstance(args.exc_value, SystemExit):
            name = args.thread.name if args.thread is not None else "?"
            self._report(args.exc_value, f"thread {name}")
        self._thread_hook(args)

    def _on_unraisable(self, args: Any) -> None:
        error = args.exc_value if isinstance(args.exc_value, BaseException) else RuntimeError(str(args.exc_type))
        try:
            what = f"{args.err_msg or 'Exception ignored in'}: {args.object!r}"[:300]
        except Exception:  # the object's repr fails too: its type says enough
            what = f"{args.err_msg or 'Exception ignored in'}: a {type(args.object).__name__}"
        self._report(error, f"unraisable ({what})")
        self._unraisable_hook(args)

    def remove(self) -> None:
        """A clean exit: put the hooks back, and remove the native crash file (empty: no crash)."""
        threading.excepthook = self._thread_hook
        sys.unraisablehook = self._unraisable_hook
        if self._stacks_on_request:
            faulthandler.unregister(signal.SIGUSR1)
            self._stacks_on_request = False
        if self._native is not None:
            faulthandler.disable()
            path = Path(self._native.name)
            self._native.close()
            self._native = None
            try:
                if path.stat().st_size == 0:
                    path.unlink()
                    path.parent.rmdir()  # refused while reports are in it
            except OSError:
                pass


def install_crash_hooks(state_dir: Path, data_dir: Path) -> Callable[[], None]:
    """Install the crash hooks for this process (the copy holding the data folder's lock); the
    function that removes them at a clean exit."""
    return CrashHooks(state_dir, data_dir).remove
