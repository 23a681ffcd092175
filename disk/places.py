"""Where Tablée keeps its files, as each desktop expects (``platformdirs``): the settings in the
user's config folder, the matches and statistics in the data folder, crash reports and the log in
the state folder. ``--data-dir`` puts all three in one folder (tests, CI, a portable copy).

Before these places, everything lived in the data folder. ``migrate`` moves what now belongs
elsewhere (the settings, the crash reports) once, without loss: each file is renamed into place
(or, across file systems, copied, synced and renamed, and only then removed), so a run stopped at
any moment leaves every file at the old place, the new one, or both with the same content, and the
next run finishes the move. It runs under the data folder's lock (``disk.instance``).
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from disk import APP_NAME, atomic_write_json, move_aside

SETTINGS_NAME = "settings.json"
CRASH_FOLDER = "crashes"
UNSEEN_NAME = "unseen-crash.json"
LOG_NAME = "tablee.log"


@dataclass(frozen=True)
class Places:
    """The three folders of one Tablée: settings (``config``), matches and statistics (``data``),
    crash reports and the log (``state``)."""

    config: Path
    data: Path
    state: Path

    @classmethod
    def single(cls, folder: Path) -> Places:
        """Everything in ``folder`` (``--data-dir``)."""
        folder = Path(folder)
        return cls(folder, folder, folder)

    @classmethod
    def default(cls) -> Places:
        """The desktop's folders for Tablée: on Linux ``~/.config/Tablee``, ``~/.local/share/Tablee``
        and ``~/.local/state/Tablee`` (or the ``XDG_*_HOME`` ones); one folder under
        ``%LOCALAPPDATA%`` on Windows and ``~/Library/Application Support`` on macOS."""
        import platformdirs

        return cls(Path(platformdirs.user_config_dir(APP_NAME, appauthor=False, roaming=False)),
                   Path(platformdirs.user_data_dir(APP_NAME, appauthor=False, roaming=False)),
                   Path(platformdirs.user_state_dir(APP_NAME, appauthor=False, roaming=False)))

    @property
    def settings(self) -> Path:
        return self.config / SETTINGS_NAME

    @property
    def crashes(self) -> Path:
        return self.state / CRASH_FOLDER

    @property
    def log(self) -> Path:
        return self.state / LOG_NAME


def migrate(places: Places, old: Path | None = None) -> list[str]:
    """Move the settings and crash reports from the old single folder (``old``, by default the
    data folder, where they all used to be) to ``places``; what was moved, one line each. Safe to
    run again at any time: what is already in place is left alone. ``OSError`` when the disk refuses
    (the files then stay where they were, and the app keeps reading them there next time)."""
    old = places.data if old is None else Path(old)
    moved: list[str] = []
    if _same(old, places.config) and _same(old, places.state):
        return moved
    if not _same(old, places.config):
        for src in sorted(old.glob(SETTINGS_NAME + "*")):
            if src.name == SETTINGS_NAME or ".damaged-" in src.name:
                if _move_file(src, places.config / src.name):
                    moved.append(f"{src} -> {places.config / src.name}")
    old_crashes = old / CRASH_FOLDER
    if not _same(old, places.state) and old_crashes.is_dir():
        for src in sorted(old_crashes.iterdir()):
            if not src.is_file():
                continue
            dst = places.crashes / src.name
            if src.name == UNSEEN_NAME:
                if _move_unseen(src, dst, old_crashes, places.crashes):
                    moved.append(f"{src} -> {dst}")
            elif _move_file(src, dst):
                moved.append(f"{src} -> {dst}")
        try:
            old_crashes.rmdir()
        except OSError:  # something else is in it (a folder a player made): it stays
            pass
    return moved


def _same(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return a == b


def _move_file(src: Path, dst: Path) -> bool:
    """Move one file; whether it moved. Where ``dst`` already exists (an earlier move stopped
    between copy and removal, or this version wrote it since), the file at ``dst`` is kept: an old
    copy with the same content is removed, a different one is renamed ``<name>.old-<n>`` beside
    itself, never deleted."""
    if dst.exists():
        if _same_content(src, dst):
            src.unlink()
        else:
            move_aside(src, "old")
        return False
    dst.parent.mkdir(parents=True, exist_ok=True)
    try:
        os.replace(src, dst)
    except OSError as exc:
        if exc.errno != errno.EXDEV:
            raise
        _copy_then_remove(src, dst)
    return True


def _copy_then_remove(src: Path, dst: Path) -> None:
    """Across file systems: copy into a temporary file beside ``dst``, sync it, rename it into
    place, and only then remove ``src``."""
    fd, tmp = tempfile.mkstemp(prefix=dst.name + ".", suffix=".tmp", dir=dst.parent)
    try:
        with os.fdopen(fd, "wb") as out, open(src, "rb") as into:
            shutil.copyfileobj(into, out)
            out.flush()
            os.fsync(out.fileno())
        shutil.copystat(src, tmp)
        os.replace(tmp, dst)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    src.unlink()


def _move_unseen(src: Path, dst: Path, old_folder: Path, new_folder: Path) -> bool:
    """The note of an unseen crash names its report's path: it moves with the report."""
    try:
        data = json.loads(src.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        data = None
    report = data.get("report") if isinstance(data, dict) else None
    if not isinstance(report, str) or Path(report).parent != old_folder or dst.exists():
        return _move_file(src, dst)
    atomic_write_json(dst, {"report": str(new_folder / Path(report).name)})
    src.unlink()
    return True


def _same_content(a: Path, b: Path) -> bool:
    try:
        return a.read_bytes() == b.read_bytes()
    except OSError:
        return False


