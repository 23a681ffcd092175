"""A window that fits (issue 62): on first start, and whenever the remembered size does not fit,
the window is sized to the screen's usable area (the work area without the desktop's panels) with
its own frame counted, in a real window under a window manager (Debian's openbox on Xvfb). Before,
at 1280×800 and 1024×640 the first window was as tall as the screen and the title bar pushed its
bottom 20 px off it."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from disk.instance import holder
from tests.ui.test_window_position import ATTEMPTS, PATIENCE, ROOT, TOOLS, run, wait_for, window_manager
from ui.screen_fit import Frame, fits, fitting_position, fitting_size

real_window = pytest.mark.skipif(any(shutil.which(tool) is None for tool in TOOLS),
                                 reason="needs Xvfb, openbox, xdotool and x11-utils (Debian)")

PANEL = """
import time, pygame
pygame.display.init()
pygame.display.set_mode((200, 30), pygame.NOFRAME)
while not any(event.type == pygame.QUIT for event in pygame.event.get()):  # SDL makes SIGTERM a QUIT
    time.sleep(0.05)
"""
"""A window that stands for a desktop panel: it reserves a strip of the screen (``_NET_WM_STRUT``)."""


@contextlib.contextmanager
def desktop(tmp_path: Path, size: tuple[int, int], panel: int = 0) -> Iterator[dict[str, str]]:
    """Xvfb of ``size`` with openbox, and a panel reserving ``panel`` pixels at the bottom; the
    environment that draws there."""
    server = None
    for _ in range(ATTEMPTS):
        read, write = os.pipe()
        server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", f"{size[0]}x{size[1]}x24",
                                   "-nolisten", "tcp"], pass_fds=(write,), stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as chosen:
            display = chosen.readline().strip()
        if display:
            break
        server.wait(PATIENCE)
    else:
        pytest.fail(f"Xvfb did not start in {ATTEMPTS} tries")
    manager = strut = None
    try:
        env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}
        env.update(DISPLAY=f":{display}", SDL_AUDIODRIVER="dummy", HOME=str(tmp_path))
        wait_for(lambda: run(env, "xwininfo", "-root"), "the X server")
        manager = window_manager(env, tmp_path)
        if panel:
            strut = subprocess.Popen([sys.executable, "-c", PANEL], env=env)
            wid = wait_for(lambda: run(env, "xdotool", "search", "--onlyvisible", "--pid", str(strut.pid)).split(),
                           "the panel")[0]
            run(env, "xprop", "-id", wid, "-f", "_NET_WM_STRUT", "32c", "-set", "_NET_WM_STRUT", f"0,0,0,{panel}")
            wait_for(lambda: f"{size[0]}, {size[1] - panel}" in run(env, "xprop", "-root", "_NET_WORKAREA"),
                     "the work area without the panel")
        yield env
    finally:
        for process in (strut, manager, server):
            if process is not None:
                process.terminate()
                process.wait(PATIENCE)


def outer_rect(env: dict[str, str], pid: int) -> tuple[pygame.Rect, pygame.Rect] | None:
    """The app window's inside and its outside (the frame the window manager drew counted), as the X server says."""
    for wid in run(env, "xdotool", "search", "--onlyvisible", "--pid", str(pid)).split():
        fields = dict(line.strip().split(":", 1) for line in run(env, "xwininfo", "-id", wid).splitlines() if ":" in line)
        extents = run(env, "xprop", "-id", wid, "_NET_FRAME_EXTENTS")
        if "Absolute upper-left X" not in fields or "=" not in extents or int(fields["Width"]) < 600:
            continue
        left, right, top, bottom = (int(v) for v in extents.split("=")[1].split(","))
        inside = pygame.Rect(int(fields["Absolute upper-left X"]), int(fields["Absolute upper-left Y"]),
                             int(fields["Width"]), int(fields["Height"]))
        return inside, pygame.Rect(inside.x - left, inside.y - top, inside.w + left + right, inside.h + top + bottom)
    return None


def window_of_a_start(env: dict[str, str], data: Path) -> tuple[pygame.Rect, pygame.Rect]:
    """Start Tablée on ``data``, wait until its window is framed and placed (the same five times
    running), close it as the desktop does; the window's inside and outside."""
    app = subprocess.Popen([sys.executable, "main.py", "--data-dir", str(data)], cwd=ROOT, env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        wait_for(lambda: app.poll() is not None or "port" in (holder(data) or {}), "the app to open its window")
        assert app.poll() is None, app.communicate()
        seen: list[tuple[pygame.Rect, pygame.Rect] | None] = []

        def steady() -> tuple[pygame.Rect, pygame.Rect] | None:
            seen.append(outer_rect(env, app.pid))
            last = seen[-5:]
            return last[0] if len(last) == 5 and last[0] is not None and last.count(last[0]) == 5 else None

        where = wait_for(steady, "the window to be placed")
        app.send_signal(signal.SIGTERM)
        _, err = app.communicate(timeout=PATIENCE)
        assert app.returncode == 0, err
    finally:
        if app.poll() is None:
            app.kill()
            app.wait()
    return where


@real_window
@pytest.mark.parametrize(("screen", "panel"), [((1280, 800), 0), ((1024, 640), 0), ((1280, 800), 40)])
def test_the_first_window_fits_the_usable_area_frame_and_all(tmp_path: Path, screen: tuple[int, int],
                                                             panel: int) -> None:
    work_area = pygame.Rect(0, 0, screen[0], screen[1] - panel)
    with desktop(tmp_path, screen, panel) as env:
        inside, outside = window_of_a_start(env, tmp_path / "data")
    assert work_area.contains(outside), f"{outside} is not inside the work area {work_area}"
    frame_height = outside.h - inside.h
    assert inside.h == work_area.h - frame_height  # as tall as the work area holds, not smaller
    assert inside.w == min(1280, work_area.w - (outside.w - inside.w))


@real_window
def test_a_remembered_size_too_large_for_the_screen_is_made_to_fit(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.json").write_text(json.dumps({"window_size": [1920, 1200], "window_pos": [300, 200],
                                                    "ui_scale": 100}), encoding="utf-8")
    with desktop(tmp_path, (1280, 800), 30) as env:
        inside, outside = window_of_a_start(env, data)
    assert pygame.Rect(0, 0, 1280, 770).contains(outside), outside
    assert inside.h == 770 - (outside.h - inside.h)
    saved = json.loads((data / "settings.json").read_text(encoding="utf-8"))
    assert tuple(saved["window_size"]) == inside.size  # remembered as it now is


def test_the_fitting_arithmetic() -> None:
    usable = pygame.Rect(0, 0, 1280, 760)
    frame = Frame(top=20, left=1, bottom=5, right=1)
    assert fitting_size((1280, 800), usable, frame) == (1278, 735)
    assert fitting_size((1100, 700), usable, frame) == (1100, 700)  # a window that fits keeps its size
    assert fits((1, 20), (1278, 735), usable, frame) and not fits((1, 20), (1278, 736), usable, frame)
    assert fitting_position((300, 200), (1278, 735), usable, frame) == (1, 20)  # moved in as little as it takes
    assert fitting_position(None, (1000, 600), usable, frame) == (140, 87)  # centred
    shifted = pygame.Rect(1280, 40, 1920, 1040)  # a second screen, right of the first, under a top panel
    assert fitting_position((3000, -50), (1200, 700), shifted, frame) == (1999, 60)
