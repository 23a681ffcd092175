"""Does hosting a network table slow the host's own window? Frame times with and without, one run.

    python benchmarks/hosting_frames.py [--frames 600] [--size 1920x1080]

The app (SDL dummy driver) shows a 2-seat Gin Rummy table whose deal animation restarts whenever
it ends. Frames are timed (wall clock of ``app.step``, p50 and p95) first with nothing else
running, then while this process hosts an 8-seat Gang de mouettes table (the server on its thread,
as the app hosts one) played by 8 network bots in another process (the friends' computers): at the
app's bot pace (a move about every 0.8 s, as at a real table), then flat out (a stress figure).
The ratio of the p95 says whether the host stays responsive.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import GAMES  # noqa: E402
from net.host import Host, HostThread  # noqa: E402
from net.table import HostedTable, NetSeat  # noqa: E402
from ui.app import App  # noqa: E402
from ui.session import MatchSession, SeatInfo  # noqa: E402
from ui.table.scene import TableScene  # noqa: E402

CODE = "FRAMES"
BOTS = """
import asyncio, sys
sys.path.insert(0, {root!r})
from net.client import play_bot
async def main():
    await asyncio.gather(*[play_bot("127.0.0.1:{port}", "FRAMES", "normal", seat=s) for s in range(8)],
                         return_exceptions=True)
asyncio.run(main())
"""


def frames(app: App, count: int) -> list[float]:
    """Wall-clock milliseconds of ``count`` frames (at 60 a second) of a table whose deal keeps animating."""
    scene = app.top
    assert isinstance(scene, TableScene), "the match did not open at the table"
    out = []
    for _ in range(count):
        if not scene.animating:
            scene._refresh(animate_deal=True)
        start = time.perf_counter()
        app.step(1 / 60)
        spent = time.perf_counter() - start
        out.append(1000 * spent)
        time.sleep(max(0.0, 1 / 60 - spent))  # the app's 60 frames a second, in real time
    return out


def hosted_frames(app: App, count: int, pace: float) -> tuple[list[float], int]:
    """Frame times while this process hosts an 8-seat table of network bots (another process),
    the bots' moves paced like the app's (``pace`` seconds; 0: as fast as they come)."""
    desc = GAMES["gang_de_mouettes"]
    net_seats = [NetSeat(f"Seat {i}", "remote") for i in range(8)]
    state = desc.new_match([s.name for s in net_seats], options=desc.Options(match_end=100_000), seed=3)
    table = HostedTable(state, net_seats, CODE, auto_start=True, think_delay=pace)
    host = HostThread(Host(table, bind="127.0.0.1", port=0))
    port = host.start()
    root = str(Path(__file__).resolve().parents[1])
    bots = subprocess.Popen([sys.executable, "-c", BOTS.format(root=root, port=port)])
    deadline = time.monotonic() + 20
    while not table.started and time.monotonic() < deadline:
        time.sleep(0.05)
    before = len(table.state.log)
    times = frames(app, count)
    moves = len(table.state.log) - before
    bots.kill()
    host.stop()
    return times, moves


def summary(times: list[float]) -> tuple[float, float]:
    return statistics.median(times), statistics.quantiles(times, n=20)[18]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--size", default="1920x1080")
    args = parser.parse_args()
    w, h = (int(x) for x in args.size.split("x"))
    import tempfile

    with tempfile.TemporaryDirectory() as data:
        app = App(data_dir=Path(data), size=(w, h), headless=True)
        app.settings.animation_speed = "normal"
        seats = [SeatInfo("Alice"), SeatInfo("Bot", "normal")]
        app.start_match(MatchSession.new("gin_rummy", seats, seed=7))
        frames(app, 60)  # warm up
        alone = frames(app, args.frames)

        results = {pace: hosted_frames(app, args.frames, pace) for pace in (0.8, 0.0)}
        app.close()
    a50, a95 = summary(alone)
    print(f"{w}x{h}, {args.frames} frames each, Gin Rummy table animating")
    print(f"alone:                           p50 {a50:6.3f} ms   p95 {a95:6.3f} ms")
    for pace, (times, moves) in results.items():
        b50, b95 = summary(times)
        what = f"hosting 8 seats, bot pace {pace:.1f} s" if pace else "hosting 8 seats, flat out     "
        print(f"{what}:   p50 {b50:6.3f} ms   p95 {b95:6.3f} ms   ratio p95 {b95 / a95:.2f}   "
              f"({moves} moves hosted meanwhile)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
