"""Crash reports: what the app writes when something inside it fails, so a player can send it.

A report is a small JSON file in ``<data folder>/crashes/``: the time, Tablée's version, the
system, the traceback, the scene that failed, and the autosave of the match being played (which
replays the match exactly). It is written atomically; writing it never raises.
"""

from __future__ import annotations

import datetime
import json
import platform
import sys
import traceback
from pathlib import Path
from typing import Any

from ui.storage import atomic_write_json
from ui.version import tablee_version

CRASH_FOLDER = "crashes"
UNSEEN = "unseen-crash.json"
"""Left in the crash folder when the app itself stopped on an error: the next start tells the
player, points at the report and offers to resume the autosaved match (Continue)."""


def write_crash_report(data_dir: Path, error: BaseException, where: str, match: dict[str, Any] | None) -> Path | None:
    """Write a report of ``error`` (raised in ``where``) and return its path (None if the disk refused)."""
    now = datetime.datetime.now(datetime.UTC)
    report = {
        "time": now.isoformat(timespec="seconds"),
        "version": tablee_version(),
        "system": {"platform": platform.platform(), "python": sys.version.split()[0],
                   "machine": platform.machine()},
        "where": where,
        "error": f"{type(error).__name__}: {error}",
        "traceback": traceback.format_exception(error),
        "match": match,
    }
    folder = Path(data_dir) / CRASH_FOLDER
    path = folder / f"crash-{now.strftime('%Y%m%d-%H%M%S-%f')}.json"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        atomic_write_json(path, report)
    except (OSError, TypeError, ValueError):
        return None
    return path


def mark_unseen(data_dir: Path, report: Path | None) -> None:
    """Remember, for the next start, that the app stopped on an error (``report``: its file)."""
    try:
        atomic_write_json(Path(data_dir) / CRASH_FOLDER / UNSEEN, {"report": None if report is None else str(report)})
    except (OSError, TypeError, ValueError):
        return


def take_unseen(data_dir: Path) -> str | None:
    """The report of a crash the player has not been told about (``""`` if it could not be written),
    forgetting it; ``None`` when the last run ended normally."""
    marker = Path(data_dir) / CRASH_FOLDER / UNSEEN
    if not marker.is_file():
        return None
    try:
        data = json.loads(marker.read_text(encoding="utf-8"))
        report = data.get("report") if isinstance(data, dict) else None
    except (OSError, ValueError):
        report = None
    marker.unlink(missing_ok=True)
    return report if isinstance(report, str) else ""
