"""Two ways to put a card table on the screen, timed in one sitting: the software path the table uses
(pygame Surfaces, only the changed rectangles sent to the window) and SDL's renderer
(``pygame._sdl2.video``: card faces uploaded once as textures, each frame drawn whole and presented),
with each render driver SDL offers here.

    python benchmarks/present_paths.py [--size 3840x2160] [--frames 120] [--repeats 2]

A frame moves six cards across a textured felt: the software path puts the felt back under where
they were, draws them and sends those rectangles; the renderer draws the felt, 24 resting cards and
the six moving ones, and presents. Each path runs in a fresh process, the paths alternating in
each repeat; printed: wall and CPU time per frame (median and p95 of the frames after ten warm-up
frames), and the machine's load. Needs a display (``xvfb-run`` where there is none).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def moving(width: int, frames: int) -> Iterator[list[tuple[int, int]]]:
    """The top-left corners of the six moving cards, frame by frame."""
    for f in range(frames):
        yield [(round(100 + (width - 400) * ((f * 7 + k * 13) % 120) / 120), 200 + k * 150) for k in range(6)]


def run_path(path: str, size: tuple[int, int], frames: int) -> list[tuple[float, float]]:
    """Wall and CPU milliseconds of each frame drawn and presented by ``path`` (``surface`` or the
    name of a render driver)."""
    os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")  # as the app (ui/app.py)
    import pygame
    from pygame._sdl2 import video

    from ui.cards import CardArt

    pygame.display.init()
    pygame.font.init()
    w, h = size
    card_w = round(min(w / 16, h / 10) * 1.45)
    art = CardArt()
    faces = [art.face(card, card_w) for card in ("As", "Kh", "7c", "Td", "Qs", "2h", "9c", "Jd")]
    felt = pygame.Surface(size)
    felt.fill((18, 84, 52))
    for x in range(0, w, 97):
        pygame.draw.line(felt, (30, 100, 60), (x, 0), (w - x, h), 3)
    times: list[tuple[float, float]] = []
    if path == "surface":
        screen = pygame.display.set_mode(size)
        screen.blit(felt, (0, 0))
        pygame.display.flip()
        last: list[pygame.Rect] = []
        for spots in moving(w, frames):
            wall, cpu = time.perf_counter(), time.thread_time()
            for rect in last:
                screen.blit(felt, rect, rect)
            drawn = [screen.blit(faces[k % len(faces)], spot) for k, spot in enumerate(spots)]
            pygame.display.update(last + drawn)
            last = drawn
            times.append(((time.perf_counter() - wall) * 1000, (time.thread_time() - cpu) * 1000))
        return times
    window = video.Window("present_paths", size)
    index = [d.name for d in video.get_drivers()].index(path)
    renderer = video.Renderer(window, index=index, accelerated=-1)
    ground = video.Texture.from_surface(renderer, felt)
    textures = [video.Texture.from_surface(renderer, face) for face in faces]
    resting = [(100 + (k % 12) * (card_w + 10), h - card_w * 2 - (k // 12) * 60) for k in range(24)]
    for spots in moving(w, frames):
        wall, cpu = time.perf_counter(), time.thread_time()
        ground.draw()
        for k, spot in enumerate(resting + spots):
            texture = textures[k % len(textures)]
            texture.draw(dstrect=(spot[0], spot[1], texture.width, texture.height))
        renderer.present()
        times.append(((time.perf_counter() - wall) * 1000, (time.thread_time() - cpu) * 1000))
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="3840x2160")
    parser.add_argument("--frames", type=int, default=120)
    parser.add_argument("--repeats", type=int, default=2)
    parser.add_argument("--path", help=argparse.SUPPRESS)
    args = parser.parse_args()
    width, height = (int(x) for x in args.size.lower().split("x"))
    if args.path:
        print(json.dumps(run_path(args.path, (width, height), args.frames)))
        return
    if not os.environ.get("DISPLAY"):
        parser.error("needs a display (DISPLAY is not set); try xvfb-run")
    import pygame
    from pygame._sdl2 import video

    pygame.display.init()
    paths = ["surface"] + [d.name for d in video.get_drivers()]
    pygame.display.quit()
    found: dict[str, list[tuple[float, float]]] = {p: [] for p in paths}
    start = " ".join(f"{x:.1f}" for x in os.getloadavg())
    for n in range(args.repeats):
        for path in paths[n % len(paths):] + paths[:n % len(paths)]:
            out = subprocess.run([sys.executable, __file__, "--path", path, "--size", args.size, "--frames",
                                  str(args.frames)], capture_output=True, text=True, check=True)
            found[path] += json.loads(out.stdout.splitlines()[-1])[10:]
    end = " ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"{args.size}, {args.frames} frames × {args.repeats} repeats a path; load average {start} → {end}")
    for path, times in found.items():
        wall, cpu = sorted(t[0] for t in times), sorted(t[1] for t in times)
        print(f"  {path:<10} wall {statistics.median(wall):7.2f} ms (p95 {wall[int(len(wall) * 0.95)]:7.2f})   "
              f"CPU {statistics.median(cpu):6.2f} ms (p95 {cpu[int(len(cpu) * 0.95)]:6.2f})")


if __name__ == "__main__":
    main()
