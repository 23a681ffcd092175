"""CPU used by the app while the player looks at a still screen, against a bare 60 fps loop.

    python benchmarks/idle_cpu.py [--seconds 5] [--window]

Each case runs in its own process with SDL's dummy video driver: the app's real loop (``App.run``)
on the title screen, the setup form and a Gin Rummy table waiting for the player's move, each also
with the loop forced to draw every frame at 60 fps (as it did before it waited for input), and a
bare loop that flips a full window 60 times a second and a bare window that only waits in
``pygame.event.wait`` (which looks for events every millisecond: the app's idle wait before it
napped a frame at a time), all in the same run. Printed: the
process's CPU time over wall time (share of one core) and the ratio to the bare loop. A real window
(X server, compositor) costs more per frame, so the saving there is larger: ``--window`` opens each
case in a real window on ``DISPLAY`` (``xvfb-run -s "-screen 0 1920x1080x24" python
benchmarks/idle_cpu.py --window`` where there is no screen) and adds the X server's own CPU time
over the case (read from ``/proc`` on Linux; its start-up second included).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = r"""
import os, sys, tempfile, threading, time, resource
if sys.argv[3] != "window": os.environ["SDL_VIDEODRIVER"] = "dummy"
if sys.platform.startswith("linux"): os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")  # as the app
os.environ["SDL_AUDIODRIVER"] = "dummy"
sys.path.insert(0, {root!r})
import pygame
from pathlib import Path
case, seconds = sys.argv[1], float(sys.argv[2])
size = (1920, 1080)
if case == "bare 60 fps loop":
    pygame.init(); screen = pygame.display.set_mode(size); clock = pygame.time.Clock()
    start = time.perf_counter(); cpu0 = time.process_time()
    while time.perf_counter() - start < seconds:
        pygame.event.pump(); screen.fill((20, 90, 50)); pygame.display.flip(); clock.tick(60)
elif case == "bare event.wait window":  # a window that only waits in pygame's own wait
    pygame.init(); screen = pygame.display.set_mode(size); screen.fill((20, 90, 50)); pygame.display.flip()
    start = time.perf_counter(); cpu0 = time.process_time()
    while time.perf_counter() - start < seconds:
        pygame.event.wait(500)
else:
    from ui.app import App
    from ui.session import MatchSession, SeatInfo
    if case.endswith("60 fps"):  # the loop as it was: a frame every 1/60 s whatever happens
        App.idle = lambda self: False
        case = case.split(",")[0]
    app = App(data_dir=Path(tempfile.mkdtemp()), size=size)
    app.settings.bot_delay = 0.0
    if case == "setup":
        app.top.open_setup("gin_rummy")
    elif case == "table":
        app.start_match(MatchSession.new("gin_rummy", [SeatInfo("Alice"), SeatInfo("Bob", "easy")], seed=7))
    for _ in range(240):  # let the deal land and every toast go
        app.step(1 / 60)
    app._toasts.clear()
    threading.Timer(seconds, lambda: pygame.event.post(pygame.event.Event(pygame.QUIT))).start()
    start = time.perf_counter(); cpu0 = time.process_time()
    app.run()
print(f"{{(time.process_time() - cpu0) / (time.perf_counter() - start):.4f}}")
"""


def x_server_ticks() -> int | None:
    """CPU clock ticks used so far by the X server (Xvfb or Xorg), or ``None`` when none is found."""
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)
            name = fields[0].split("(", 1)[1]
        except (OSError, IndexError):
            continue
        if name in ("Xvfb", "Xorg"):
            rest = fields[1].split()
            return int(rest[11]) + int(rest[12])
    return None


def measure(case: str, seconds: float, window: bool) -> tuple[float, float | None]:
    """The case's share of one core, and the X server's over the same time (``None`` headless)."""
    code = CHILD.format(root=str(ROOT))
    before, started = x_server_ticks() if window else None, time.perf_counter()
    out = subprocess.run([sys.executable, "-c", code, case, str(seconds), "window" if window else "dummy"],
                         capture_output=True, text=True, check=True)
    after = x_server_ticks() if window else None
    server = None
    if before is not None and after is not None:
        server = (after - before) / os.sysconf("SC_CLK_TCK") / (time.perf_counter() - started)
    return float(out.stdout.strip().splitlines()[-1]), server


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--window", action="store_true", help="real windows on $DISPLAY")
    args = parser.parse_args()
    if args.window and not os.environ.get("DISPLAY"):
        parser.error("--window needs a display (DISPLAY is not set); try xvfb-run")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    started = time.perf_counter()
    cases = ["bare 60 fps loop", "bare event.wait window"] + [f"{scene}{suffix}" for scene in ("title", "setup", "table")
                                     for suffix in (", 60 fps", "")]
    measured = {case: measure(case, args.seconds, args.window) for case in cases}
    results = {case: share for case, (share, _) in measured.items()}
    bare = results["bare 60 fps loop"]
    where = f"a real window on {os.environ['DISPLAY']}" if args.window else "SDL dummy driver"
    print(f"share of one core while nothing moves, 1920x1080, {where}, {args.seconds:.0f} s each")
    for case, share in results.items():
        line = f"{case:>22}: {100 * share:5.1f} %   ({share / bare:.2f} × the bare loop)"
        server = measured[case][1]
        if server is not None:
            line += f"   + X server {100 * server:4.1f} %"
        if f"{case}, 60 fps" in results:
            line += f"   ({share / results[f'{case}, 60 fps']:.2f} × the same scene drawn at 60 fps)"
        print(line)
    print(f"({time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
