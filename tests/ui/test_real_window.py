"""The app in a real X window (Debian's Xvfb): what the X server shows is what the app drew, frame
after frame, although only the areas that changed are sent to the window."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.patience import PATIENCE, eventually

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(shutil.which("Xvfb") is None, reason="needs Xvfb (Debian's xvfb)")
def test_the_window_shows_what_the_app_drew_while_tables_are_played(tmp_path: Path) -> None:
    fbdir = tmp_path / "fb"
    fbdir.mkdir()
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x800x24",
                               "-fbdir", str(fbdir), "-nolisten", "tcp"],
                              pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    try:
        with os.fdopen(read) as chosen:
            display = chosen.readline().strip()  # Xvfb picks a free display and says which once it is up
        framebuffer = fbdir / "Xvfb_screen0"
        eventually(framebuffer.exists, "Xvfb's screen file")
        assert display and framebuffer.exists(), "Xvfb did not start"
        env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}
        env.update(DISPLAY=f":{display}", SDL_VIDEO_WINDOW_POS="0,0", SDL_AUDIODRIVER="dummy")
        run = subprocess.run([sys.executable, "-m", "tests.ui.real_window", str(framebuffer), str(tmp_path / "data")],
                             cwd=ROOT, env=env, capture_output=True, text=True, timeout=PATIENCE)
        assert run.returncode == 0, run.stdout + run.stderr[-3000:]
        checked = int(run.stdout.split("checked ")[-1].split()[0])
        assert checked >= 60
    finally:
        server.terminate()
        server.wait(10)
