"""Tablée: start the card-table app, or run a headless command (see ``python main.py --help``)."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from ui.cli import main  # noqa: E402  (after hiding pygame's banner)

if __name__ == "__main__":
    raise SystemExit(main())
