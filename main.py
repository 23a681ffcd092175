"""Tablée: start the card-table app, or run a headless command (see ``python main.py --help``)."""

import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from ui.cli import main  # noqa: E402  (after hiding pygame's banner)

if __name__ == "__main__":
    if getattr(sys, "frozen", False):  # the packaged app's bot worker process starts through here
        import multiprocessing  # only then: loading it costs a start from source ~10 ms

        multiprocessing.freeze_support()
    raise SystemExit(main())
