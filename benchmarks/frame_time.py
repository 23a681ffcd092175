"""Frame time of the card table, start-up time to the first frame, and CPU use while idle.

Runs headless (SDL dummy driver) at 1920×1080 by default:

- start-up: from the start of this script (before pygame is imported) to the first frame of the
  title screen, and to the first frame of a dealt Gin Rummy table;
- frame time (p50, p95, max; wall clock and CPU time of the main thread) of ``app.step`` while the
  deal animation runs over a full table, the deal being restarted whenever it ends, with a card
  dragged across the felt every other frame;
- the same frame times on an 8-seat Gang de mouettes table and a 6-seat LaGagne table;
- idle CPU: process CPU time over wall time while the table sits still for a few seconds in the
  app's own 60 fps loop (``clock.tick``).

    python benchmarks/frame_time.py [--size 1920x1080] [--frames 600] [--idle 4]
"""

from __future__ import annotations

import time

START = time.perf_counter()

import argparse  # noqa: E402
import os  # noqa: E402
import statistics  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
from pathlib import Path  # noqa: E402

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from ui.app import FPS, App  # noqa: E402


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def crowded_table(app: App, game_id: str, players: int, frames: int) -> tuple[list[float], list[float], int]:
    """Frame times and render-thread CPU times (ms) of a full ``players``-seat table of ``game_id``
    while its deal animates (restarted whenever it ends) and the viewer's cards are hovered in turn."""
    from ui.session import MatchSession, SeatInfo

    seats = [SeatInfo("Alice")] + [SeatInfo(f"Bot {i}", "normal") for i in range(1, players)]
    app.start_match(MatchSession.new(game_id, seats, seed=2024))
    app.step(1 / FPS)
    scene = app.top
    own = [s for s in scene.sprites if s.zone == "hand:0" or s.zone.startswith("slot:0.")]
    size = app.screen.get_size()
    times: list[float] = []
    cpu: list[float] = []
    for i in range(frames):
        if not scene.animating:
            scene._refresh(animate_deal=True)
        own[i % len(own)].lift_goal = 1.0 if i % 2 else 0.0
        x = 200 + (i * 7) % (size[0] - 400)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, size[1] // 2), rel=(7, 0),
                                             buttons=(0, 0, 0)))
        t, c = time.perf_counter(), time.thread_time()
        app.step(1 / FPS)
        times.append((time.perf_counter() - t) * 1000)
        cpu.append((time.thread_time() - c) * 1000)
    return times, cpu, len(scene.sprites)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--idle", type=float, default=4.0, help="seconds of idle frames")
    args = parser.parse_args()
    size = tuple(int(x) for x in args.size.lower().split("x"))

    with tempfile.TemporaryDirectory() as data:
        app = App(data_dir=Path(data), size=size, headless=True)
        app.step(1 / FPS)
        first_frame = time.perf_counter() - START

        from ui.session import MatchSession, SeatInfo

        app.settings.animation_speed = "normal"
        app.settings.bot_delay = 0.8
        session = MatchSession.new("gin_rummy", [SeatInfo("Alice"), SeatInfo("Bob", "normal")], seed=2024)
        t = time.perf_counter()
        app.start_match(session)
        app.step(1 / FPS)
        first_table = time.perf_counter() - t
        scene = app.top

        hand = [s for s in scene.sprites if s.zone == "hand:0"]
        times: list[float] = []
        cpu_times: list[float] = []
        restarts = 0
        for i in range(args.frames):
            if not scene.animating:
                scene._refresh(animate_deal=True)
                restarts += 1
            card = hand[i % len(hand)]
            x = 200 + (i * 7) % (size[0] - 400)
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, size[1] // 2), rel=(7, 0),
                                                 buttons=(0, 0, 0)))
            card.lift_goal = 1.0 if i % 2 else 0.0
            t, c = time.perf_counter(), time.thread_time()
            app.step(1 / FPS)
            times.append((time.perf_counter() - t) * 1000)
            cpu_times.append((time.thread_time() - c) * 1000)

        crowded = [(f"{players}-seat {game_id}", *crowded_table(app, game_id, players, args.frames))
                   for game_id, players in (("gang_de_mouettes", 8), ("lagagne", 6))]
        app.start_match(session)
        scene = app.top
        scene.finish_animations()
        for _ in range(10):
            app.step(1 / FPS)
        clock = pygame.time.Clock()
        cpu0, wall0 = time.process_time(), time.perf_counter()
        frames = 0
        while time.perf_counter() - wall0 < args.idle:
            clock.tick(FPS)
            app.step(1 / FPS)
            frames += 1
        cpu = time.process_time() - cpu0
        wall = time.perf_counter() - wall0
        app.quit()
        app.close()

    print(f"window {size[0]}x{size[1]}, {len(scene.sprites)} cards on the table")
    print(f"start-up to the first frame (title):   {first_frame * 1000:7.0f} ms")
    print(f"start_match to the first table frame:  {first_table * 1000:7.0f} ms")
    print(f"frame time while animating ({len(times)} frames, deal restarted {restarts}×):")
    print(f"  p50 {statistics.median(times):6.2f} ms   p95 {percentile(times, 0.95):6.2f} ms   "
          f"max {max(times):6.2f} ms")
    print(f"  CPU time of the render thread per frame (robust when other processes load the machine): "
          f"p50 {statistics.median(cpu_times):.2f} ms   p95 {percentile(cpu_times, 0.95):.2f} ms")
    for name, crowd_times, crowd_cpu, cards in crowded:
        print(f"{name} table ({cards} cards), frame time while animating: p50 {statistics.median(crowd_times):6.2f} ms"
              f"   p95 {percentile(crowd_times, 0.95):6.2f} ms   max {max(crowd_times):6.2f} ms")
        print(f"  CPU time of the render thread per frame: p50 {statistics.median(crowd_cpu):.2f} ms   "
              f"p95 {percentile(crowd_cpu, 0.95):.2f} ms")
    print(f"idle: {frames} frames in {wall:.1f} s, CPU {cpu / wall * 100:.1f}% of one core")


if __name__ == "__main__":
    main()
