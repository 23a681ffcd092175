"""Frame time of the card table while a player really plays, and start-up time to the first frame.

    python benchmarks/frame_time.py [--size 1920x1080] [--ui-scale 100] [--moves 30] [--repeats 3] [--window]
                                    [--against REV]

Each table (Gin Rummy 2 seats, Gang de mouettes 8 seats, LaGagne 6 seats) seats a human against
`normal` bots at the default animation speed and bot delay, and the human plays ``--moves`` moves
through real pygame events posted to the app's event loop: a card dragged over the felt in a dozen
motions and dropped on its target, a button or card clicked, the move chosen by a `normal` bot
among the gestures the table offers. Every frame of ``app.step`` is timed, wall clock and CPU time
of the render thread, and counted as one of:

- *first*: the match's first frame (the table was opened just before it, as a player's click does);
- *deal*: the cards of the opening deal fly;
- *move*: a move was played in that frame (the human's drop or click, or a bot's answer);
- *drag*: the human holds a card and moves the mouse;
- *animating*: cards fly, flip or are dealt (after the opening deal);
- *still*: nothing moves (the app's own loop would wait for input instead of drawing these).

Printed per table and kind: frames, p50, p95 and max of the wall time and the p95 and max of the
CPU time, each the median over ``--repeats`` runs of the same seeded match (with the range of the
p95). Start-up (a process's launch to the first title frame, and a new match to its first frame)
is measured in fresh processes, ``--repeats`` times. The machine's load (``os.getloadavg``) is
printed before and after: on a shared machine the wall times follow it, the CPU times much less.

``--against REV`` compares this tree with the tree of git revision ``REV`` (or the tree in the folder
``REV``) in one sitting: each
repeat runs both, one after the other in a fresh process each, the first arm alternating, so that
both see the same load; the tables print the two side by side (REV → this tree).

Headless by default (SDL's dummy driver: a flip costs nothing); ``--window`` opens a real window on
the display in ``DISPLAY`` (``xvfb-run -s "-screen 0 1920x1080x24" python benchmarks/frame_time.py
--window`` where there is no screen), where the flip and the X server's work count too, and the
bots think in their worker process as in the app. CPU use while idle: ``benchmarks/idle_cpu.py``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TABLES = (("gin_rummy", 2), ("gang_de_mouettes", 8), ("lagagne", 6))
KINDS = ("first", "deal", "move", "drag", "animating", "still")
DRAG_STEPS = 12


@dataclass
class Frames:
    """Wall and CPU milliseconds of each frame, by kind."""

    wall: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    cpu: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    moves: int = 0


def click(pos: tuple[int, int]) -> list[list[Any]]:
    """A left click at ``pos``, as the events of one frame."""
    import pygame

    return [[pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
             pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
             pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]]


def drag(start: tuple[int, int], end: tuple[int, int]) -> list[list[Any]]:
    """Press at ``start``, move to ``end`` in ``DRAG_STEPS`` motions and release, a frame each."""
    import pygame

    frames = [[pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)),
               pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)]]
    for i in range(1, DRAG_STEPS + 1):
        pos = (round(start[0] + (end[0] - start[0]) * i / DRAG_STEPS),
               round(start[1] + (end[1] - start[1]) * i / DRAG_STEPS))
        frames.append([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))])
    frames.append([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)])
    return frames


def gestures(scene: Any) -> list[tuple[Any, list[list[Any]]]]:
    """Every move the viewer can make now with the mouse, as (move, events frame by frame); with no
    move to make, the primary button that lets play go on (Gang de mouettes' "I've memorised
    them"), as (``None``, its click)."""
    from game import Move

    legal, table = scene.legal, scene.gestures
    found: list[tuple[Any, list[list[Any]]]] = []
    for button in scene.buttons:
        if isinstance(button.action, Move) and button.action in legal:
            found.append((button.action, click(button.rect.center)))
    for sprite in sorted(scene.sprites, key=lambda s: -s.order):
        rect = sprite.rect
        grip = (rect.x + max(4, sprite.width // 6), rect.centery)
        if scene.input.sprite_at(grip) is not sprite:
            continue
        gestures = table.of(sprite)
        for drop in gestures.drops:
            if isinstance(drop.action, Move) and not drop.button:
                found.append((drop.action, drag(grip, drop.rect.center)))
        for double in (False, True):
            action = gestures.press(double)
            if isinstance(action, Move):
                found.append((action, click(grip) * (2 if double else 1)))
                break
    if not found:
        found = [(None, click(b.rect.center)) for b in scene.buttons if b.primary and callable(b.action)]
    return found


def play_table(app: Any, game_id: str, players: int, moves: int, seed: int) -> Frames:
    """Seat a human and ``players - 1`` normal bots, and play ``moves`` of the human's moves through
    real events, timing every frame."""
    import pygame

    from game import GAMES
    from ui.session import MatchSession, SeatInfo

    seats = [SeatInfo("Alice")] + [SeatInfo(f"Bot {i}", "normal") for i in range(1, players)]
    app.start_match(MatchSession.new(game_id, seats, seed=seed))
    scene = app.top
    chooser = GAMES[game_id].make_bot("normal", seed)
    rnd = random.Random(seed)
    frames = Frames()
    pending: list[list[Any]] = []
    dragging = False
    first = dealing = True
    limit = moves * 400
    for _ in range(limit):
        if frames.moves >= moves or scene.state.is_over() or app.top is not scene:
            break
        if not pending and not scene.animating and scene.input.drag is None:
            offered = gestures(scene)
            if offered:
                wanted = chooser.choose(scene.view, list(scene.legal)) if scene.legal else None
                chosen = [g for g in offered if g[0] == wanted] or [rnd.choice(offered)]
                pending = list(chosen[0][1])
                frames.moves += chosen[0][0] is not None
        events = pending.pop(0) if pending else []
        for event in events:
            pygame.event.post(event)
        dragging = dragging or any(e.type == pygame.MOUSEBUTTONDOWN for e in events) and len(pending) > 1
        before = len(scene.state.log)
        animating = scene.animating
        wall, cpu = time.perf_counter(), time.thread_time()
        app.step(1 / 60)
        wall, cpu = (time.perf_counter() - wall) * 1000, (time.thread_time() - cpu) * 1000
        moving = animating or scene.animating
        dealing = dealing and moving and len(scene.state.log) == before
        kind = ("first" if first else "move" if len(scene.state.log) > before else "drag" if dragging
                else "deal" if dealing else "animating" if moving else "still")
        first = False
        frames.wall[kind].append(wall)
        frames.cpu[kind].append(cpu)
        dragging = dragging and bool(pending)
    return frames


def startup(window: bool, tree: Path = ROOT, size: tuple[int, int] = (1920, 1080)) -> tuple[float, float, float]:
    """In a fresh process running ``tree``'s code in a window of ``size``: seconds from its launch
    (interpreter start included) to the title's first frame, from a new match to its table's first
    frame (``perf_counter`` is one monotonic clock for every process of the machine), and the
    process's resident memory (MB) at its peak by then.

    The process may cache its compiled modules, as a player's Python does from the second start on
    (``PYTHONDONTWRITEBYTECODE``, set in CI, is dropped): compiling every module again at each start
    is not what a player waits for."""
    code = (f"import sys; sys.path.insert(0, {str(tree)!r}); import time, tempfile; from pathlib import Path; "
            "from ui.app import App; "
            f"app = App(data_dir=Path(tempfile.mkdtemp()), size={size!r}, headless={not window}); "
            "app.step(1 / 60); t1 = time.perf_counter(); "
            "from ui.session import MatchSession, SeatInfo; "
            "app.start_match(MatchSession.new('gin_rummy', [SeatInfo('A'), SeatInfo('B', 'normal')], seed=1)); "
            "app.step(1 / 60); t2 = time.perf_counter(); app.quit(); import resource; "
            "print(t1, t2, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    launched = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env)
    first, table, peak = (float(x) for x in out.stdout.split()[-3:])
    return first - launched, table - first, peak / 1024  # ru_maxrss is in KB on Linux


def run_arm(tree: Path, size: tuple[int, int], ui_scale: int, moves: int, window: bool, out: Path) -> None:
    """One repeat of every table with the code of ``tree``, in a fresh process; the frames as JSON
    in ``out``."""
    args = [sys.executable, str(Path(__file__).resolve()), "--arm", str(tree), str(out), "--size",
            f"{size[0]}x{size[1]}", "--ui-scale", str(ui_scale), "--moves", str(moves)]
    subprocess.run(args + (["--window"] if window else []), check=True, cwd=tree)


def play_arm(tree: Path, size: tuple[int, int], ui_scale: int, moves: int, window: bool, out: Path) -> None:
    """``run_arm``'s process: play every table once with ``tree``'s code."""
    sys.path.insert(0, str(tree))
    from ui.app import App

    found: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as data:
        app = App(data_dir=Path(data), size=size, headless=not window)
        app.set_ui_scale(ui_scale)
        app.step(1 / 60)
        for game_id, players in TABLES:
            frames = play_table(app, game_id, players, moves, 2024)
            found[f"{players}-seat {game_id}"] = {"wall": frames.wall, "cpu": frames.cpu, "moves": frames.moves}
        app.quit()
        app.close()
    out.write_text(json.dumps(found))


def load_arm(path: Path) -> dict[str, Frames]:
    """The frames ``play_arm`` wrote."""
    runs = json.loads(path.read_text())
    found = {}
    for name, run in runs.items():
        frames = Frames(moves=run["moves"])
        frames.wall.update(run["wall"])
        frames.cpu.update(run["cpu"])
        found[name] = frames
    return found


def load() -> str:
    """The machine's load average over 1, 5 and 15 minutes."""
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("--moves", type=int, default=30, help="the human's moves per table")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--window", action="store_true", help="a real window on $DISPLAY")
    parser.add_argument("--ui-scale", type=int, default=100, help="the interface size in percent (100, 125, 150, 200)")
    parser.add_argument("--against", metavar="REV", help="compare with the tree of git revision REV (or the tree in "
                        "the folder REV), alternately")
    parser.add_argument("--arm", nargs=2, metavar=("TREE", "OUT"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.window and not os.environ.get("DISPLAY"):
        parser.error("--window needs a display (DISPLAY is not set); try xvfb-run")
    if not args.window:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    width, height = (int(x) for x in args.size.lower().split("x"))
    size = (width, height)
    if args.arm:
        play_arm(Path(args.arm[0]), size, args.ui_scale, args.moves, args.window, Path(args.arm[1]))
        return
    mode = "a real window on " + os.environ["DISPLAY"] if args.window else "headless (dummy video driver)"
    print(f"{size[0]}x{size[1]} at {args.ui_scale} %, {mode}; medians over {args.repeats} repeats "
          f"(range of the p95 in brackets); load average at the start {load()}")
    with tempfile.TemporaryDirectory() as work:
        trees = [ROOT]
        if args.against and Path(args.against).is_dir():
            trees = [Path(args.against).resolve(), ROOT]
        elif args.against:
            other = Path(work) / "against"
            other.mkdir()
            archive = subprocess.run(["git", "-C", str(ROOT), "archive", args.against], check=True,
                                     capture_output=True).stdout
            subprocess.run(["tar", "-x", "-C", str(other)], input=archive, check=True)
            trees = [other, ROOT]
        starts: dict[Path, list[tuple[float, float, float]]] = defaultdict(list)
        runs: dict[Path, dict[str, list[Frames]]] = {tree: defaultdict(list) for tree in trees}
        for tree in trees:
            startup(args.window, tree, size)  # the first start compiles and caches the modules (see ``startup``)
        for n in range(args.repeats):
            for tree in trees[n % len(trees):] + trees[:n % len(trees)]:  # the first arm alternates
                starts[tree].append(startup(args.window, tree, size))
                out = Path(work) / "arm.json"
                run_arm(tree, size, args.ui_scale, args.moves, args.window, out)
                for name, frames in load_arm(out).items():
                    runs[tree][name].append(frames)
    print(f"load average at the end {load()}")
    if args.against:
        print(f"each figure: {args.against} → this tree")
    report(trees, starts, runs)


def report(trees: list[Path], starts: dict[Path, list[tuple[float, float, float]]],
           runs: dict[Path, dict[str, list[Frames]]]) -> None:
    """Print the start-up times and each table's frames by kind, the trees side by side."""
    from benchmarks.measure import percentile

    def side(values: list[str]) -> str:
        return " → ".join(values)

    def ms(values: list[float]) -> str:
        return f"{statistics.median(values) * 1000:.0f} ms ({min(values) * 1000:.0f}–{max(values) * 1000:.0f})"

    print(f"start-up to the title's first frame: {side([ms([s[0] for s in starts[t]]) for t in trees])}")
    print(f"a new match to its first frame:      {side([ms([s[1] for s in starts[t]]) for t in trees])}")
    print("peak resident memory by then:        " +
          side([f"{statistics.median(s[2] for s in starts[t]):.0f} MB" for t in trees]))
    for name in runs[trees[-1]]:
        print(f"{name}: the human played {side([str(runs[t][name][0].moves) for t in trees])} moves")
        print(f"  {'kind':<9} {'frames':>9}  {'wall p50':>15}  {'wall p95':>30}  {'wall max':>17}  "
              f"{'CPU p95':>17}  {'CPU max':>17}")
        for kind in KINDS:
            cells: list[list[str]] = [[] for _ in range(6)]
            for tree in trees:
                frames = [f for f in runs[tree][name] if f.wall.get(kind)]
                if not frames:
                    for cell in cells:
                        cell.append("–")
                    continue
                p95 = [percentile(f.wall[kind], 0.95) for f in frames]
                cells[0].append(f"{statistics.median(len(f.wall[kind]) for f in frames):.0f}")
                cells[1].append(f"{statistics.median(percentile(f.wall[kind], 0.5) for f in frames):.2f}")
                cells[2].append(f"{statistics.median(p95):.2f} ({min(p95):.1f}–{max(p95):.1f})")
                cells[3].append(f"{statistics.median(max(f.wall[kind]) for f in frames):.1f}")
                cells[4].append(f"{statistics.median(percentile(f.cpu[kind], 0.95) for f in frames):.2f}")
                cells[5].append(f"{statistics.median(max(f.cpu[kind]) for f in frames):.1f}")
            if all(c == "–" for c in cells[0]):
                continue
            print(f"  {kind:<9} {side(cells[0]):>9}  {side(cells[1]):>15}  {side(cells[2]):>30}  "
                  f"{side(cells[3]):>17}  {side(cells[4]):>17}  {side(cells[5]):>17}")


if __name__ == "__main__":
    main()
