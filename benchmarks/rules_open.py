"""How long a rules page takes to open: from the press of its button to its first frame shown, and
what its pictures of the table cost in the frames after it.

    python benchmarks/rules_open.py [--size 1024x640] [--lang en] [--repeats 5]

Each repeat starts a fresh headless app (fonts, card art and the pictures' cache empty, as on the
first opening after a start) and opens every game's rules page in turn, timing the frame that
shows it; then it opens them again (the pictures drawn already). The pictures not on screen are
drawn one a frame after the page opened: their frames are timed too. Printed: the median and range
over the repeats, in milliseconds, per game.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.measure import spread  # noqa: E402


def one_run(size: tuple[int, int], lang: str) -> dict[str, list[float]]:
    """Open every rules page twice in a fresh app; the milliseconds of each kind of frame."""
    from ui.app import App
    from ui.scenes.common import games
    from ui.scenes.rules import RulesScene

    try:
        from ui.table.rules_pictures import PICTURES
    except ImportError:  # a tree from before the pictures (to measure "before")
        pass
    else:
        PICTURES.clear()
    times: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory() as data:
        app = App(data_dir=Path(data), size=size, headless=True)
        app.set_language(lang)
        app.step(1 / 60)
        for label in ("first", "again"):
            for game_id in games():
                start = time.perf_counter()
                scene = RulesScene(app, game_id)
                app.push(scene)
                app.step(1 / 60)
                times.setdefault(f"{game_id} {label} opening", []).append((time.perf_counter() - start) * 1000)
                later = []
                while not scene.idle():
                    start = time.perf_counter()
                    app.step(1 / 60)
                    later.append((time.perf_counter() - start) * 1000)
                if later:
                    times.setdefault(f"{game_id} {label} frames after (slowest)", []).append(max(later))
                app.pop()
                app.step(1 / 60)
        app.quit()
        app.close()
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="1024x640")
    parser.add_argument("--lang", default="en")
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args(argv)
    w, h = (int(v) for v in args.size.split("x"))
    merged: dict[str, list[float]] = {}
    for _ in range(args.repeats):
        for key, values in one_run((w, h), args.lang).items():
            merged.setdefault(key, []).extend(values)
    for key, values in merged.items():
        print(f"{key:55s} {spread(values, 'ms', 1)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
