"""Crash reports: what the app writes when something inside it fails, so a player can send it.

A report is a small JSON file in ``<data folder>/crashes/``: the time, Tablée's version, the
system, the traceback, the scene that failed, and the autosave of the match being played (which
replays the match exactly). It is written atomically; writing it never raises.
"""

from __future__ import annotations

import datetime
import platform
import sys
import traceback
from pathlib import Path
from typing import Any

from ui.storage import atomic_write_json
from ui.version import tablee_version

CRASH_FOLDER = "crashes"


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
