"""A start without a sound device is quiet (issue 36): ALSA's complaints (nine lines that read like
a crash) no longer reach the terminal; one plain line in the log says the game plays silently."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from disk.instance import holder
from ui.sound import _quiet_alsa

ROOT = Path(__file__).resolve().parents[2]
PATIENCE = 300.0


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="ALSA is Linux's")
@pytest.mark.parametrize("driver", [None, "alsa"])
def test_the_app_starts_without_a_word_on_stderr_when_there_is_no_sound_device(tmp_path: Path, driver: str | None) -> None:
    env = {k: v for k, v in os.environ.items() if k != "SDL_AUDIODRIVER"}
    env.update(SDL_VIDEODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    if driver is not None:
        env["SDL_AUDIODRIVER"] = driver
    data = tmp_path / "data"
    app = subprocess.Popen([sys.executable, "main.py", "--data-dir", str(data)], cwd=ROOT, env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    waited = 0.0
    while "port" not in (holder(data) or {}) and app.poll() is None and waited < PATIENCE:
        time.sleep(0.05)
        waited += 0.05
    app.send_signal(signal.SIGTERM)
    out, err = app.communicate(timeout=PATIENCE)
    assert app.returncode == 0, err
    assert "ALSA" not in err and err.strip() == ""
    log = (data / "tablee.log").read_text()
    sound_lines = [line for line in log.splitlines() if "tablee.sound" in line]
    assert len(sound_lines) <= 1
    if sound_lines:  # no device here: said once, plainly
        assert "Tablée plays silently" in sound_lines[0]


def test_only_alsas_lines_are_kept_from_the_terminal(capfd: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("SDL_AUDIODRIVER", "alsa")
    with _quiet_alsa():
        os.write(2, b"ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM default\n")
        os.write(2, b"something else went wrong\n")
    assert capfd.readouterr().err == "something else went wrong\n"
