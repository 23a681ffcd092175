"""Tablée's version: one answer for ``--version``, the window title and the packaged executable.

``pyproject.toml``'s ``[project] version`` is the source of truth. An installed copy reports its
distribution metadata; a source checkout or a PyInstaller bundle (which carries no metadata) falls
back to ``VERSION``, which a test keeps equal to ``pyproject.toml`` and the build script checks again.
"""

from __future__ import annotations

from importlib import metadata

VERSION = "0.1.0"
DISTRIBUTION = "tablee"


def tablee_version() -> str:
    """The running copy's version, e.g. ``"0.1.0"``."""
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return VERSION
