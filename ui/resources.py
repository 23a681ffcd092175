"""Finding the files shipped under ``assets/``, from source or from a PyInstaller bundle.

Every file the app reads (theme, translations, rules, icon) is found through ``resource_path`` so
that the game works from any working directory and once frozen (PyInstaller unpacks the data files
under ``sys._MEIPASS``).
"""

from __future__ import annotations

import sys
from pathlib import Path


def _root() -> Path:
    """The folder that holds ``assets/``: the bundle when frozen, else the repository."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle)
    return Path(__file__).resolve().parent.parent


def resource_path(relative: str) -> Path:
    """The absolute path of ``assets/<relative>`` (forward slashes work on every platform)."""
    return _root() / "assets" / Path(*relative.split("/"))


def root_path(relative: str) -> Path:
    """The absolute path of a file shipped beside ``assets/`` (``LICENSE``, the third-party notices)."""
    return _root() / Path(*relative.split("/"))
