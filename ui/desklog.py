"""Tablée's log: a few plain lines a player can send with a report (``<state folder>/tablee.log``).

Written only by the copy holding the data folder's lock; the previous run's log is kept as
``tablee.log.1``. Modules log through ``logging.getLogger("tablee.<part>")`` at INFO: without
``start_log`` (tests, screenshots) those lines go nowhere, never to the terminal.
"""

from __future__ import annotations

import logging
import os
import platform
import sys
from typing import Any

from ui.version import tablee_version

LOGGER = "tablee"


def start_log(places: Any) -> logging.Logger:
    """Open this run's log in ``places.state`` (keeping the last run's as ``.1``); the app's logger.
    A disk that refuses leaves the app without a log, never stops it."""
    logger = logging.getLogger(LOGGER)
    logger.setLevel(logging.INFO)
    logger.propagate = False
    for handler in list(logger.handlers):
        logger.removeHandler(handler)
        handler.close()
    path = places.log
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists():
            os.replace(path, path.with_name(path.name + ".1"))
        handler = logging.FileHandler(path, encoding="utf-8", delay=False)
    except OSError:
        return logger
    handler.setFormatter(logging.Formatter("%(asctime)s %(name)s: %(message)s", "%Y-%m-%d %H:%M:%S"))
    logger.addHandler(handler)
    logger.info("Tablée %s, Python %s on %s %s", tablee_version(), sys.version.split()[0], platform.system(),
                platform.release())
    logger.info("settings in %s, matches and statistics in %s, reports and this log in %s",
                places.config, places.data, places.state)
    return logger


def stop_log() -> None:
    """Close the log file (a clean exit)."""
    logger = logging.getLogger(LOGGER)
    for handler in list(logger.handlers):
        logger.removeHandler(handler)
        handler.close()
