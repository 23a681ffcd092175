"""Play tables in a real X window and check, every few frames, that the X server shows exactly what
the app drew on its screen: the app sends the window only the areas that changed, so an area it
forgot would show there as a stale picture.

Run by ``test_real_window.py`` under Xvfb started with ``-fbdir``, whose framebuffer (an XWD image
the server keeps up to date in a file) it reads: ``python -m tests.ui.real_window FRAMEBUFFER DATA``.
"""

from __future__ import annotations

import random
import struct
import sys
import time
from pathlib import Path

import pygame

from benchmarks.frame_time import gestures
from game import GAMES
from ui.app import App
from ui.session import MatchSession, SeatInfo

TABLES = (("gin_rummy", 2), ("gang_de_mouettes", 5), ("lagagne", 4))
FRAMES = 240
EVERY = 5
SERVER_DRAWS = 120.0
"""Seconds the X server may take to show a frame the app has flipped (it shows it in well under a
second; a busy machine delays it, and a frame that never shows fails after this)."""


def shown(framebuffer: Path, width: int, height: int) -> list[bytes]:
    """The top-left ``width`` × ``height`` pixels the X server shows, a row of BGRX bytes each."""
    data = framebuffer.read_bytes()
    fields = struct.unpack(">25I", data[:100])
    header, byte_order, bits, stride, colours = fields[0], fields[7], fields[11], fields[12], fields[19]
    if byte_order != 0 or bits != 32:
        raise SystemExit(f"an XWD image of {bits} bits, byte order {byte_order}: not the BGRX this reads")
    start = header + colours * 12
    return [data[start + y * stride:start + y * stride + width * 4] for y in range(height)]


def differing_rows(app: App, framebuffer: Path) -> list[int]:
    """The rows where the window differs from the app's screen (the fourth byte of a pixel is padding)."""
    width, height = app.screen.get_size()
    drawn = pygame.image.tobytes(app.screen, "BGRA")
    rows = shown(framebuffer, width, height)
    bad = []
    for y, row in enumerate(rows):
        mine = drawn[y * width * 4:(y + 1) * width * 4]
        if any(mine[c::4] != row[c::4] for c in range(3)):
            bad.append(y)
    return bad


def main(framebuffer: Path, data_dir: Path) -> int:
    app = App(data_dir=data_dir, size=(1280, 800))
    checked = 0
    for game_id, players in TABLES:
        seats = [SeatInfo("Alice")] + [SeatInfo(f"Bot {i}", "normal") for i in range(1, players)]
        app.start_match(MatchSession.new(game_id, seats, seed=7))
        scene = app.top
        chooser = GAMES[game_id].make_bot("normal", 7)
        rnd = random.Random(7)
        pending: list[list[pygame.event.Event]] = []
        for frame in range(FRAMES):
            if app.top is not scene or scene.state.is_over():
                break
            if not pending and not scene.animating and scene.input.drag is None:
                offered = gestures(scene)
                if offered:
                    wanted = chooser.choose(scene.view, list(scene.legal)) if scene.legal else None
                    pending = list(([g for g in offered if g[0] == wanted] or [rnd.choice(offered)])[0][1])
            for event in pending.pop(0) if pending else []:
                pygame.event.post(event)
            app.step(1 / 60)
            if frame % EVERY:
                continue
            bad = differing_rows(app, framebuffer)
            settled = time.monotonic() + SERVER_DRAWS
            while bad and time.monotonic() < settled:  # the server may still be drawing: look again
                time.sleep(0.05)
                bad = differing_rows(app, framebuffer)
            if bad:
                print(f"{game_id}, frame {frame}: the window differs from the screen in rows {bad[0]}–{bad[-1]}")
                return 1
            checked += 1
    app.quit()
    app.close()
    print(f"checked {checked} frames")
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]), Path(sys.argv[2])))
