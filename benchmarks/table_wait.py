"""How long a player waits between their own turns at a full table, in real time, and on what.

    python benchmarks/table_wait.py [--game gang_de_mouettes] [--players 8] [--level hard] [--turns 6]
                                    [--let-go 0.6] [--assist]

The app runs headless at its own 60 fps pace with the default settings (animation speed, bot think
delay, the game's default options), a human in seat 0 and bots in every other seat. The human plays
the moment their turn comes, or anything else is asked of them (the next round, a card to give),
with a `normal` bot's choice made through real clicks and drags (see ``frame_time.py``), and never
races a quick discard; with ``--let-go S`` they press "Let it go" after S seconds of each
quick-discard window, as a player with nothing to snap would; with ``--assist`` the "let windows go"
setting lets each window go for them when they know no match. Printed: the wait from the end of each
of the human's turns to the start of the next (median and range), and how the waiting time divides
between cards moving, bots' think delays, open quick-discard windows and the rest (end-of-turn
grace, bots still computing).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.frame_time import click, gestures  # noqa: E402


def cause(scene: Any) -> str:
    """What the table is waiting on in this frame."""
    referee = scene.referee
    if scene.animating:
        return "cards moving"
    if referee.window_clock() is not None:
        return "quick-discard window"
    if referee.thinking() is not None or referee.next_due() is not None:
        return "bot think delay"
    return "other"


def human_turn(view: dict[str, Any]) -> bool:
    return view.get("active") == 0


def measure(game_id: str, players: int, level: str, turns: int, seed: int,
            let_go: float | None = None, assist: bool = False) -> tuple[list[float], dict[str, float]]:
    """Waits (seconds) between the human's turns, and the waiting time by cause."""
    import pygame

    from game import GAMES
    from ui.app import FPS, MAX_DT, App
    from ui.session import MatchSession, SeatInfo
    from ui.table.scene import TableScene

    with tempfile.TemporaryDirectory() as data:
        app = App(data_dir=Path(data), size=(1920, 1080), headless=True)
        app.settings.let_go = assist
        seats = [SeatInfo("Alice")] + [SeatInfo(f"Bot {i}", level) for i in range(1, players)]
        app.start_match(MatchSession.new(game_id, seats, seed=seed))
        scene = app.top
        assert isinstance(scene, TableScene), "the match did not open at the table"
        chooser = GAMES[game_id].make_bot("normal", seed)
        clock = pygame.time.Clock()
        waits: list[float] = []
        causes: dict[str, float] = defaultdict(float)
        pending: list[list[Any]] = []
        waiting_since: float | None = None
        was_mine = human_turn(scene.view)
        deadline = time.perf_counter() + 120 * turns
        while len(waits) < turns and not scene.state.is_over() and time.perf_counter() < deadline:
            mine = human_turn(scene.view)
            now = time.perf_counter()
            if was_mine and not mine:
                waiting_since = now
            elif mine and not was_mine and waiting_since is not None:
                waits.append(now - waiting_since)
                waiting_since = None
            was_mine = mine
            racing = scene.driver.window_clock() is not None
            if not pending and not scene.animating and scene.input.drag is None and (mine or not racing):
                offered = gestures(scene)
                if offered:
                    wanted = chooser.choose(scene.view, list(scene.legal)) if scene.legal else None
                    pending = list(next((g for g in offered if g[0] == wanted), offered[0])[1])
            clock_left = scene.driver.window_clock()
            if let_go is not None and not pending and clock_left and clock_left[1] - clock_left[0] >= let_go:
                pending = next((click(b.rect.center) for b in scene.buttons if b.key == "pass_snap"), [])
            for event in pending.pop(0) if pending else []:
                pygame.event.post(event)
            dt = clock.tick(FPS) / 1000
            if waiting_since is not None:
                causes[cause(scene)] += dt
            app.step(min(dt, MAX_DT), real=dt)
        app.quit()
    return waits, causes


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="gang_de_mouettes")
    parser.add_argument("--players", type=int, default=8)
    parser.add_argument("--level", default="hard")
    parser.add_argument("--turns", type=int, default=6, help="the human's turns to wait for")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--let-go", type=float, default=None, help="seconds before passing each window")
    parser.add_argument("--assist", action="store_true", help="the 'let windows go' setting on")
    args = parser.parse_args()
    waits, causes = measure(args.game, args.players, args.level, args.turns, args.seed, args.let_go, args.assist)
    total = sum(causes.values()) or 1.0
    how = "never racing" if args.let_go is None else f"letting each window go after {args.let_go} s"
    how += ", with the 'let windows go' setting" if args.assist else ""
    print(f"{args.players}-seat {args.game}, {args.players - 1} {args.level} bots, default settings, the player {how}")
    if waits:
        print(f"wait between the human's turns: median {statistics.median(waits):.1f} s "
              f"({min(waits):.1f}–{max(waits):.1f}) over {len(waits)} turns")
    for name, seconds in sorted(causes.items(), key=lambda kv: -kv[1]):
        print(f"  {name:<22} {100 * seconds / total:5.1f} %")
    return 0


if __name__ == "__main__":
    sys.exit(main())
