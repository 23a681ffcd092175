"""Issue 63, item 5: the app in a real window (Xvfb, managed by openbox) speaks through a real Speech
Dispatcher (Debian's ``speech-dispatcher``): a private server, on its own socket and configuration,
whose only output module (``sd_generic``) writes what it would say to a file. A Gang de mouettes
match is opened by keys from the title screen and its first minute (3,600 frames, counted) played by
the listening player of ``tests.ui.listener`` (``tests.ui.real_speech``); the file must hold, in the
app's language: the player's turn, the player's cards, the quick-discard window opening and closing,
and every line the app gave the voice about them."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.patience import PATIENCE, eventually
from tests.ui.listener import CATALOG, Phrasebook

ROOT = Path(__file__).resolve().parents[2]
GENERIC = Path("/usr/lib/speech-dispatcher-modules/sd_generic")
NEEDED = ("Xvfb", "openbox", "speech-dispatcher", "spd-say")

LIBAO = [*Path("/usr/lib").glob("*/speech-dispatcher/spd_libao.so")]
"""The audio output the generic module starts with (Debian's speech-dispatcher-audio-plugins)."""

pytestmark = pytest.mark.skipif(
    any(shutil.which(tool) is None for tool in NEEDED) or not GENERIC.exists() or not LIBAO,
    reason="needs Xvfb, openbox, and Debian's speech-dispatcher with its generic module and audio plugins "
           "(.ci/run installs them)")


def speech_dispatcher(home: Path) -> tuple[subprocess.Popen[bytes], dict[str, str], Path]:
    """A private Speech Dispatcher whose voice writes ``language|text`` lines to a file; its process,
    the environment that reaches it, and the file."""
    conf, run, spoken = home / "conf", home / "run", home / "spoken.txt"
    (conf / "modules").mkdir(parents=True)
    run.mkdir(mode=0o700)
    (home / ".libao").write_text("default_driver=null\n")  # the generic module needs an audio output to start
    (conf / "speechd.conf").write_text(
        f'LogDir "{home}"\nDefaultModule filewriter\nAddModule "filewriter" "sd_generic" "filewriter.conf"\n'
        'DefaultLanguage "en"\nAudioOutputMethod "libao"\n')
    (conf / "modules" / "filewriter.conf").write_text(
        f"GenericExecuteSynth \"printf '%s|%s\\\\n' \\'$LANGUAGE\\' \\'$DATA\\' >> {spoken}\"\n"
        + "".join(f'AddVoice "{lang}" "male1" "{lang}"\nGenericLanguage "{lang}" "{lang}" "utf-8"\n'
                  for lang in ("en", "fr")))
    env = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER", "SPEECHD_ADDRESS")}
    env.update(HOME=str(home), XDG_RUNTIME_DIR=str(run),
               SPEECHD_ADDRESS=f"unix_socket:{run / 'speech-dispatcher' / 'speechd.sock'}")
    server = subprocess.Popen(["speech-dispatcher", "--run-single", "--timeout", "0", "--config-dir", str(conf)],
                              env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    eventually(lambda: (run / "speech-dispatcher" / "speechd.sock").exists() or server.poll() is not None,
               "Speech Dispatcher's socket")
    assert server.poll() is None, f"speech-dispatcher stopped: see {home}/speech-dispatcher.log"
    return server, env, spoken


def x_server(env: dict[str, str]) -> list[subprocess.Popen[bytes]]:
    """Xvfb on a free display, and openbox managing it (``env`` gets the display)."""
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                              pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as chosen:
        env["DISPLAY"] = ":" + chosen.readline().strip()
    manager = subprocess.Popen(["openbox"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return [manager, server]


def said(spoken: Path, language: str) -> list[str]:
    """What the voice said, a sentence a line as Speech Dispatcher cut it, after checking its language."""
    lines = [line.split("|", 1) for line in spoken.read_text(encoding="utf-8").splitlines() if line]
    assert lines and {lang for lang, _ in lines} == {language}, {lang for lang, _ in lines}
    return [" ".join(text.replace("...", "…").split()) for _, text in lines]


@pytest.mark.parametrize("language", ["fr", "en"])
def test_the_first_minute_of_gang_de_mouettes_is_spoken_by_speech_dispatcher(tmp_path: Path, language: str) -> None:
    server, env, spoken = speech_dispatcher(tmp_path)
    started = [server]
    try:
        started += x_server(env)
        env.update(SDL_AUDIODRIVER="dummy", SDL_VIDEO_WINDOW_POS="0,0")
        heard = tmp_path / "heard.txt"
        run = subprocess.run([sys.executable, "-m", "tests.ui.real_speech", str(tmp_path / "data"), language, str(heard)],
                             cwd=ROOT, env=env, capture_output=True, text=True, timeout=PATIENCE)
        assert run.returncode == 0, run.stdout + run.stderr[-3000:]
        voice = said(spoken, language)
        announced = [line.split("\t", 2) for line in heard.read_text(encoding="utf-8").splitlines()]
    finally:
        for process in started:
            process.terminate()
            process.wait(30)
    book = Phrasebook(CATALOG.parent / language)
    text = " ".join(voice)

    def spoken_by_template(*keys: str) -> list[str]:
        return [s for s in voice if book.find(keys, s.rpartition(" · ")[2]) is not None]

    assert spoken_by_template("gang.status.turn", "gang.status.turn_draw"), voice  # the player's turn
    assert len(spoken_by_template("speech.gang.shown")) >= 2, voice  # the first two cards, by value
    assert spoken_by_template("gang.status.window"), voice  # a quick-discard window for the player
    assert spoken_by_template("speech.race_closed"), voice
    assert spoken_by_template("gang.status.drawn", "gang.status.drawn_power"), voice  # the card drawn
    # every turn, card and window line the app announced was spoken, but an interrupting line that a
    # later one interrupted (the frames run faster than speech here; the channel's rules are tested
    # in test_announce)
    lost = [line for i, (kind, priority, line) in enumerate(announced)
            if kind in ("turn", "shown", "race") and " ".join(line.split()) not in text
            and not (priority == "INTERRUPT" and any(p == "INTERRUPT" for _, p, _ in announced[i + 1:]))]
    assert not lost, lost
    assert any(kind == "shown" for kind, _, _ in announced)
