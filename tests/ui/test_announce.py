"""The announcements channel: order, interruption, no dropped queued lines, deduplication, and a
voice on its own thread that never holds a frame (a recording voice: no speech service needed)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import threading

import pytest

from tests.patience import PATIENCE
from ui.announce import HISTORY, Announcements, Priority
from ui.speech import FunctionVoice, ProgramVoice, Speaker, Voice


def drain(channel: Announcements) -> list[str]:
    out = []
    while (line := channel.take(timeout=0)) is not None:
        out.append(line.text)
        channel.done()
    return out


def test_queued_lines_are_all_spoken_in_order_however_many_come() -> None:
    channel = Announcements()
    for i in range(50):
        channel.announce(f"Bob plays card {i}.", Priority.QUEUED, "log")
    assert drain(channel) == [f"Bob plays card {i}." for i in range(50)]


def test_an_interrupting_line_goes_first_cuts_speech_drops_polite_lines_and_keeps_the_moves() -> None:
    channel = Announcements()
    cut = []
    channel.on_stop(lambda: cut.append(True))
    channel.announce("Try the 7.", Priority.POLITE, "hint")
    channel.announce("Bob discards the 4 of clubs.", Priority.QUEUED, "log")
    assert not cut
    channel.announce("Your turn.", Priority.INTERRUPT, "turn")
    assert cut == [True]
    channel.announce("Carol draws.", Priority.QUEUED, "log")
    channel.announce("Ask for a hint with H.", Priority.POLITE, "hint")
    assert drain(channel) == ["Your turn.", "Bob discards the 4 of clubs.", "Carol draws.", "Ask for a hint with H."]


def test_a_move_cut_halfway_is_said_again_after_the_interruption_and_a_polite_one_is_not() -> None:
    channel = Announcements()
    channel.announce("Bob discards the 4 of clubs.", Priority.QUEUED, "log")
    channel.announce("Carol draws.", Priority.QUEUED, "log")
    assert channel.take(timeout=0) is not None  # the voice is saying Bob's move
    channel.announce("Not your turn.", Priority.INTERRUPT, "refusal")
    channel.done()
    assert drain(channel) == ["Not your turn.", "Bob discards the 4 of clubs.", "Carol draws."]
    channel.announce("7 of hearts.", Priority.POLITE, "focus")
    assert channel.take(timeout=0) is not None
    channel.announce("Your turn.", Priority.INTERRUPT, "turn")
    channel.done()
    assert drain(channel) == ["Your turn."]


def test_interrupting_lines_keep_their_order_among_themselves() -> None:
    channel = Announcements()
    channel.announce("Quick discard open.", Priority.INTERRUPT, "race")
    channel.announce("Not your turn.", Priority.INTERRUPT, "refusal")
    assert drain(channel) == ["Quick discard open.", "Not your turn."]


def test_queued_lines_go_before_polite_ones_each_in_its_order() -> None:
    channel = Announcements()
    channel.announce("hint one", Priority.POLITE, "hint")
    channel.announce("move one", Priority.QUEUED)
    channel.announce("toast", Priority.POLITE, "toast")
    channel.announce("move two", Priority.QUEUED)
    assert drain(channel) == ["move one", "move two", "hint one", "toast"]


def test_a_line_already_waiting_is_not_queued_twice_and_a_newer_focus_replaces_the_old() -> None:
    channel = Announcements()
    channel.announce("Bob passes.", Priority.QUEUED)
    channel.announce("Bob  passes. ", Priority.QUEUED)
    channel.announce("7 of hearts, Enter discards it.", Priority.POLITE, "focus")
    channel.announce("8 of hearts, Enter discards it.", Priority.POLITE, "focus")
    channel.announce("", Priority.INTERRUPT)
    assert drain(channel) == ["Bob passes.", "8 of hearts, Enter discards it."]
    channel.announce("Bob passes.", Priority.QUEUED)  # said already, and said again: a new move
    assert drain(channel) == ["Bob passes."]


def test_recent_keeps_what_was_said_without_focus_moves() -> None:
    channel = Announcements()
    for i in range(HISTORY + 5):
        channel.announce(f"move {i}", Priority.QUEUED, "log")
    channel.announce("Ace of spades.", Priority.POLITE, "focus")
    assert channel.recent(3) == [f"move {HISTORY + 2}", f"move {HISTORY + 3}", f"move {HISTORY + 4}"]
    assert channel.recent(2, ("turn",)) == []
    assert len(channel.recent(1000)) == HISTORY


def test_silence_forgets_what_waits_and_cuts_the_voice() -> None:
    channel = Announcements()
    cut = []
    channel.on_stop(lambda: cut.append(True))
    channel.announce("one", Priority.QUEUED)
    channel.silence()
    assert cut == [True] and drain(channel) == []


class SlowVoice(Voice):
    """A voice that holds each line until the test lets it go, or until it is cut."""

    name = "slow"

    def __init__(self) -> None:
        self.spoken: list[str] = []
        self.cut: list[str] = []
        self.started = threading.Semaphore(0)
        self._go = threading.Event()

    def speak(self, text: str, language: str) -> None:
        self._go.clear()
        self.started.release()
        if not self._go.wait(timeout=PATIENCE):
            raise AssertionError("never let go")
        self.spoken.append(f"{language}:{text}")

    def stop(self) -> None:
        self._go.set()

    def finish(self) -> None:
        self._go.set()


def test_the_speaker_never_blocks_the_caller_and_an_interruption_cuts_the_line_being_said() -> None:
    voice = SlowVoice()
    speaker = Speaker(voice)
    try:
        speaker.say("Bob discards the 4.", "fr")      # returns while the voice still speaks
        assert voice.started.acquire(timeout=PATIENCE)
        speaker.say("Carol draws.", "fr")
        speaker.say("Essayez le 7.", "fr", Priority.POLITE, "hint")
        speaker.say("À vous de jouer.", "fr", Priority.INTERRUPT, "turn")  # cuts Bob's line, drops the hint
        for _ in range(3):  # Bob's line cut, then "À vous", Bob's line again, Carol's
            assert voice.started.acquire(timeout=PATIENCE)
            voice.finish()
        speaker.wait()
        assert voice.spoken == ["fr:Bob discards the 4.", "fr:À vous de jouer.", "fr:Bob discards the 4.",
                                "fr:Carol draws."]
    finally:
        speaker.close()


def test_a_plain_function_still_makes_a_voice_and_no_voice_is_silent() -> None:
    said: list[tuple[str, str]] = []
    speaker = Speaker(lambda text, lang: said.append((text, lang)))
    assert isinstance(speaker.voice, FunctionVoice) and speaker.available
    for i in range(10):
        speaker.say(f"line {i}", "de")
    speaker.wait()
    assert said == [(f"line {i}", "de") for i in range(10)]
    speaker.close()
    quiet = Speaker(None)
    quiet.say("nothing", "en")
    quiet.wait(0.1)
    assert not quiet.available


def test_a_speech_program_is_killed_when_cut() -> None:
    voice = ProgramVoice("sleep", lambda text, lang: ["sleep", "30"])
    done = threading.Event()
    thread = threading.Thread(target=lambda: (voice.speak("x", "en"), done.set()), daemon=True)
    thread.start()
    while voice._process is None and not done.is_set():
        done.wait(0.01)
    voice.stop()
    assert done.wait(PATIENCE)


def test_cutting_a_speech_program_never_waits_for_its_cancel_command(tmp_path) -> None:
    """``spd-say -C`` reaches the speech server, which may take seconds (it starts the server when
    none runs): the frame that cuts a line (an interruption, Ctrl) must not wait for it. The cancel
    command here runs until the test lets it end, after ``stop`` has returned; the next line is
    spoken only after it, so a late cancel never cuts the line that interrupted."""
    go, cancelled, spoken = tmp_path / "go", tmp_path / "cancelled", tmp_path / "spoken"
    wait_for_go = f"import pathlib, time\nwhile not pathlib.Path({str(go)!r}).exists(): time.sleep(0.01)\n" \
                  f"pathlib.Path({str(cancelled)!r}).touch()"
    say = f"import pathlib, sys\np = pathlib.Path({str(spoken)!r})\np.write_text(str(pathlib.Path({str(cancelled)!r}).exists()))"
    voice = ProgramVoice("slow cancel", lambda text, lang: [sys.executable, "-c", "import time; time.sleep(30)"]
                         if text == "long" else [sys.executable, "-c", say],
                         cancel=[sys.executable, "-c", wait_for_go])
    done = threading.Event()
    threading.Thread(target=lambda: (voice.speak("long", "en"), done.set()), daemon=True).start()
    while voice._process is None and not done.is_set():
        done.wait(0.01)
    voice.stop()
    assert not cancelled.exists(), "stop waited for the cancel command"
    assert done.wait(PATIENCE)
    after = threading.Thread(target=voice.speak, args=("next", "en"), daemon=True)
    after.start()
    go.touch()
    after.join(PATIENCE)
    assert spoken.read_text() == "True", "the next line was spoken before the cut reached the server"


@pytest.mark.skipif(shutil.which("spd-say") is None, reason="Speech Dispatcher's spd-say is not installed here")
def test_speech_dispatcher_speaks_a_line_and_is_cut() -> None:  # pragma: no cover - only where spd-say exists
    from ui.speech import find_voice

    voice = find_voice()
    assert voice is not None and voice.name in ("spd-say", "speech-dispatcher")
    done = threading.Event()  # speaking waits for the line's end, which a machine without sound may never reach
    threading.Thread(target=lambda: (voice.speak("Tablée, a card table that speaks.", "en"), done.set()),
                     daemon=True).start()
    while getattr(voice, "_process", None) is None and not done.is_set():
        done.wait(0.01)
    voice.stop()
    assert done.wait(PATIENCE), "the line was not cut"
    assert subprocess.run(["spd-say", "--version"], capture_output=True, check=False).returncode == 0


def test_a_line_that_looks_like_an_option_is_spoken_as_text() -> None:
    """A player's name is read out: a name such as "-w --pipe" never becomes a speech program's option."""
    from ui.speech import _espeak_command

    assert _espeak_command("espeak-ng", "-w /tmp/x --stdout", "fr") == ["espeak-ng", "-v", "fr", "--", "-w /tmp/x --stdout"]


def test_a_voice_that_fails_does_not_stop_the_next_lines() -> None:
    said: list[str] = []

    def flaky(text: str, lang: str) -> None:
        if text == "boom":
            raise OSError("the speech program went away")
        said.append(text)

    speaker = Speaker(flaky)
    try:
        for text in ("one", "boom", "two"):
            speaker.say(text, "en")
        speaker.wait()
        assert said == ["one", "two"]
    finally:
        speaker.close()


def test_lines_said_while_the_voice_is_busy_are_all_spoken_later() -> None:
    """The old voice kept 3 lines waiting and dropped the older ones: a move said while the voice
    was busy was never heard."""
    said: list[str] = []
    busy = threading.Event()
    started = threading.Event()

    def voice(text: str, lang: str) -> None:
        started.set()
        busy.wait(timeout=PATIENCE)
        said.append(text)

    speaker = Speaker(voice)
    try:
        speaker.say("move 0", "en")
        assert started.wait(timeout=PATIENCE)
        for i in range(1, 10):
            speaker.say(f"move {i}", "en")
        busy.set()
        speaker.wait()
        assert said == [f"move {i}" for i in range(10)]
    finally:
        speaker.close()
