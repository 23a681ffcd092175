"""Soak test: the seeded monkey of the UI tests (``tests/ui/monkey.py``) on every screen of the app,
100,000 events per game by default, headless (SDL dummy driver), each game in a fresh data folder.

For each game it prints the events posted, the frames run, the moves played (by players and bots)
in how many matches, the screens visited, the exceptions that escaped (goal 0; each one is printed
with its traceback and the actions before it, and the app is opened again to go on), the crash
reports written, the warnings shown, and the time taken.

    python benchmarks/soak.py [--events 100000] [--seed 1] [--games gin_rummy lagagne ...]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import GAMES  # noqa: E402
from tests.ui.monkey import Monkey, Report  # noqa: E402


def soak(game_id: str, events: int, seed: int) -> tuple[Report, int]:
    """Run the monkey on ``game_id``; its report and the number of crash reports written."""
    with tempfile.TemporaryDirectory(prefix="tablee-soak-") as folder:
        data = Path(folder)
        report = Monkey(game_id, seed, data).run(events)
        crashes = len(list((data / "crashes").glob("*"))) if (data / "crashes").is_dir() else 0
    return report, crashes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--events", type=int, default=100_000, help="events to post per game")
    parser.add_argument("--seed", type=int, default=1, help="the monkey's seed")
    parser.add_argument("--games", nargs="*", default=sorted(GAMES), choices=sorted(GAMES), metavar="GAME")
    args = parser.parse_args(argv)
    failed = False
    for game_id in args.games:
        report, crashes = soak(game_id, args.events, args.seed)
        print(f"== {game_id} (seed {args.seed})")
        print(f"events posted   {report.events}")
        print(f"frames          {report.frames}")
        print(f"moves played    {report.moves} in {report.matches} matches")
        print(f"scenes visited  {len(report.scenes)}: "
              + ", ".join(f"{name} ({frames})" for name, frames in sorted(report.scenes.items())))
        print(f"not visited     {', '.join(sorted(report.missing())) or 'none'}")
        print("conditions      " + ", ".join(f"{name} ({n})" for name, n in sorted(report.conditions.items())))
        print(f"exceptions      {len(report.failures)}")
        print(f"crash reports   {crashes}")
        print(f"app restarts    {report.restarts} (the Quit button)")
        print(f"warnings        {sum(report.warnings.values())} ({len(report.warnings)} distinct)")
        print(f"time            {report.seconds:.1f} s ({1000 * report.seconds / max(1, report.events):.2f} ms/event)")
        for warning, count in report.warnings.most_common(5):
            print(f"  warning ×{count}: {warning[:160]}")
        for failure in report.failures:
            print(f"\n-- exception at event {failure.event} on {failure.scene}: {failure.error}")
            print(failure.traceback)
            print("last actions:\n  " + "\n  ".join(failure.recent))
        print(flush=True)
        failed = failed or bool(report.failures) or crashes > 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
