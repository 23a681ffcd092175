"""Files written safely and read back defensively, for the app and the network host alike.

Every write is atomic (a temporary file in the same folder, flushed and fsynced, then
``os.replace``, then the folder fsynced), so a crash or a kill at any moment leaves either the old
file or the new one, never half of one. A file that cannot be read back is moved aside to
``<name>.damaged-<n>`` and reported with ``DamagedFile``; nothing read is ever evaluated.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

APP_NAME = "Tablee"
"""The folder name of Tablée's per-user folders (ASCII on every system; see ``disk.places``)."""


def atomic_write_json(path: Path, data: Any) -> None:
    """Write ``data`` as JSON to ``path`` atomically; on any error the old file stays as it was."""
    atomic_write_text(path, json.dumps(data, ensure_ascii=False, separators=(",", ":")))


def atomic_write_text(path: Path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` atomically: a temporary file synced, then renamed."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp_name, path)
    except BaseException:
        try:
            os.unlink(tmp_name)
        except OSError:
            pass
        raise
    if hasattr(os, "O_DIRECTORY"):
        try:
            dir_fd = os.open(path.parent, os.O_DIRECTORY)
        except OSError:
            return
        try:
            os.fsync(dir_fd)
        except OSError:
            pass
        finally:
            os.close(dir_fd)


def move_aside(path: Path, label: str = "damaged") -> Path:
    """Rename ``path`` to the first free ``<name>.<label>-<n>`` (a damaged file, or an older copy kept
    beside a newer one) and return the new path."""
    n = 1
    while True:
        target = path.with_name(f"{path.name}.{label}-{n}")
        if not target.exists():
            os.replace(path, target)
            return target
        n += 1


def read_json(path: Path) -> Any:
    """The JSON content of ``path``; ``ValueError`` when it is not valid UTF-8 JSON."""
    try:
        with open(path, encoding="utf-8") as handle:
            return json.load(handle)
    except UnicodeDecodeError as exc:
        raise ValueError(str(exc)) from None


class DamagedFile(Exception):
    """A file that could not be read back; it has been moved aside to ``moved``."""

    def __init__(self, moved: Path) -> None:
        super().__init__(f"damaged file moved aside to {moved}")
        self.moved = moved


def load_json_object(
    path: Path, valid: Callable[[dict[str, Any]], bool] | None = None
) -> dict[str, Any] | None:
    """The JSON object stored at ``path``, or None when there is no file.

    A file that is unreadable, not a JSON object, or refused by ``valid`` is moved aside and
    ``DamagedFile`` is raised, so every caller tells the player the same way and starts afresh.
    """
    if not path.is_file():
        return None
    try:
        data = read_json(path)
    except (OSError, ValueError):
        data = None
    if not isinstance(data, dict) or (valid is not None and not valid(data)):
        raise DamagedFile(move_aside(path))
    return data
