"""Tablée: start the card-table app, or run a headless command (see ``python main.py --help``)."""

import multiprocessing
import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from ui.cli import main  # noqa: E402  (after hiding pygame's banner)

if __name__ == "__main__":
    multiprocessing.freeze_support()  # the packaged app's bot worker process starts through here
    raise SystemExit(main())
