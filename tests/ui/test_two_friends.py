"""Two friends at one network table, as they would play it: two app processes (``python main.py``,
each with its own data folder) in one X display under a window manager, driven only by keys sent to
their windows with xdotool. One hosts a table from the title screen, the other joins it, the host
deals, the guest's app is killed (``kill -9``) and started again and takes its seat back (*Rejoin*),
the host closes the app and hosts the table again from its title screen (*Host again*).

What happened is read only from what the apps write (the host's autosaved table, the guest's seat
keys) and from the window's pixels (``import -window``). Each step waits on a condition, looking
a counted number of times; nothing is timed.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
TOOLS = ("Xvfb", "openbox", "xdotool", "import", "ss")
LOOKS = 3000
"""Times a step looks for its condition (a tenth of a second apart) before the test fails: ample
for a loaded machine, and it only ever ends a test that would hang."""

PRESSES = 1500
"""Keys the two friends may press to play a hand of Gin Rummy (a few hundred are needed)."""
WIDTH, HEIGHT = 1280, 800
"""The app's window on a first launch."""
CLOSE_TABLE = (660, 735)
"""A point of the host's waiting room's last button, Close the table, in a 1280×800 window."""
HOST_AGAIN = (765, 495)
"""A point of the title screen's Host again button (under Saved matches, the games, Join and About)."""

pytestmark = pytest.mark.skipif(any(shutil.which(t) is None for t in TOOLS),
                                reason=f"needs {', '.join(TOOLS)} (Debian's xvfb, openbox, xdotool, imagemagick)")


def wait(condition: Callable[[], Any], what: str) -> Any:
    """Look for ``condition`` up to ``LOOKS`` times; its first true value."""
    found = within(condition, LOOKS)
    if not found:
        raise AssertionError(f"{what}: not so after {LOOKS} looks")
    return found


def within(condition: Callable[[], Any], looks: int) -> Any:
    """``condition``'s first true value in ``looks`` looks, else a false one."""
    for _ in range(looks):
        found = condition()
        if found:
            return found
        time.sleep(0.1)
    return None


class Display:
    """A free X display (Xvfb chooses it) with openbox managing its windows."""

    def __init__(self, tmp: Path) -> None:
        read, write = os.pipe()
        self.server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "2600x840x24", "-nolisten", "tcp"],
                                       pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as chosen:
            number = chosen.readline().strip()
        assert number, "Xvfb did not start"
        self.env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}
        self.env.update(DISPLAY=f":{number}", SDL_AUDIODRIVER="dummy", LANG="en_US.UTF-8", LANGUAGE="en",
                        TABLEE_NO_GATEWAY="1")
        self.manager = subprocess.Popen(["openbox"], env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.tmp = tmp

    def run(self, *args: str) -> str:
        return subprocess.run(args, env=self.env, capture_output=True, text=True, check=False).stdout

    def close(self) -> None:
        for process in (self.manager, self.server):
            process.terminate()
            process.wait(60)


class Friend:
    """One app (``python main.py --data-dir``) and its window, at ``x`` on the display."""

    def __init__(self, display: Display, data: Path, x: int) -> None:
        self.display, self.data, self.x = display, data, x
        self.process: subprocess.Popen[bytes] | None = None
        self.window = ""
        self.shots = 0

    def start(self) -> None:
        env = dict(self.display.env, SDL_VIDEO_WINDOW_POS=f"{self.x},0")
        self.process = subprocess.Popen([sys.executable, "main.py", "--data-dir", str(self.data)], cwd=ROOT, env=env,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        pid = str(self.process.pid)
        self.window = wait(lambda: self.display.run("xdotool", "search", "--onlyvisible", "--pid", pid).split()[:1],
                           "the app's window")[0]
        wait(lambda: self.lit(), "the app's first frame")

    def keys(self, *keys: str) -> None:
        """Press keys in this window (it is raised and given the keyboard first)."""
        self.display.run("xdotool", "windowactivate", "--sync", self.window)
        for key in keys:
            self.display.run("xdotool", "key", "--clearmodifiers", key)
            time.sleep(0.05)

    def type(self, text: str) -> None:
        self.display.run("xdotool", "windowactivate", "--sync", self.window)
        self.display.run("xdotool", "type", "--delay", "40", text)

    def shot(self) -> bytes:
        """The window's pixels as the X server shows them (raw RGB, a byte a colour)."""
        self.shots += 1
        out = subprocess.run(["import", "-window", self.window, "-depth", "8", "rgb:-"], env=self.display.env, capture_output=True,
                             check=False)
        return out.stdout

    def lit(self) -> bool:
        """Whether the window shows something (not a black, unpainted window)."""
        pixels = self.shot()
        return len(pixels) > 0 and pixels.count(0) < len(pixels) * 0.9

    def lit_at(self, spot: tuple[int, int]) -> bool:
        """Whether the button at ``spot`` shows the keyboard focus (its face lit green)."""
        x, y = spot
        pixels = self.shot()
        at = (y * WIDTH + x) * 3
        if len(pixels) != WIDTH * HEIGHT * 3:
            return False
        red, green = pixels[at], pixels[at + 1]
        return green > 100 and green > red + 40

    def press_until_lit(self, key: str, spot: tuple[int, int]) -> None:
        """Move the keyboard focus with ``key`` until the button at ``spot`` has it."""
        for _ in range(12):
            if self.lit_at(spot):
                return
            before = self.shot()
            self.keys(key)
            wait(self.changes_from(before), "the keyboard focus moving")
        raise AssertionError(f"{key} never took the keyboard focus to the button at {spot}")

    def changes_from(self, before: bytes) -> Callable[[], bool]:
        return lambda: (now := self.shot()) != before and len(now) == len(before)

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(60)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(60)


def moved_or_changed(host: Friend, mover: Friend, before: bytes, moves: int) -> Callable[[], bool]:
    """Whether a move was played since ``moves``, or the mover's window changed from ``before``."""
    return lambda: len(played(host).log) > moves or mover.shot() != before


def played(host: Friend) -> Any:
    """The match as the host's app last autosaved it."""
    from game import load_match

    table = hosted(host)
    assert table is not None
    return load_match(table["match"])


def hosted(friend: Friend) -> dict[str, Any] | None:
    """The table the host's app autosaves (``hosted-table.json``), if written."""
    try:
        data = json.loads((friend.data / "hosted-table.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


@pytest.fixture
def friends(tmp_path: Path) -> Iterator[tuple[Friend, Friend]]:
    display = Display(tmp_path)
    pair = (Friend(display, tmp_path / "ann", 0), Friend(display, tmp_path / "zoe", 1300))
    try:
        yield pair
    finally:
        for friend in pair:  # what each player saw when the test stopped, kept beside its data
            if friend.window:
                display.run("import", "-window", friend.window, str(tmp_path / f"{friend.data.name}.png"))
        for friend in pair:
            friend.stop()
        display.close()


def test_two_friends_host_join_deal_crash_rejoin_and_host_again(friends: tuple[Friend, Friend]) -> None:
    ann, zoe = friends
    ann.start()
    zoe.start()

    # Ann hosts Gin Rummy: its setup, the second seat a network player, Start
    before = ann.shot()
    ann.keys("Return")  # the title's first game has the focus
    wait(ann.changes_from(before), "the setup screen")
    ann.keys(*["Tab"] * 5, "Right", "Right")  # the second seat's menu: bot normal, hard, network player
    ann.keys(*["shift+Tab"] * 5, "Return")  # back round to Start
    table = wait(lambda: (t := hosted(ann)) and t.get("code") and t, "the hosted table's autosave")
    code = table["code"]
    assert [s["kind"] for s in table["seats"]] == ["remote", "remote"] and not table["started"]

    # Zoé joins by address and code (other tables of this machine's network may be listed too)
    before = zoe.shot()
    zoe.keys("Down", "Down", "Down", "Return")  # Join a table
    wait(zoe.changes_from(before), "the Join screen")
    port = wait(lambda: listening(ann), "the host's port")
    zoe.keys(*["shift+Tab"] * 6, "Return")  # the address box
    zoe.type(f"127.0.0.1:{port}")
    zoe.keys("Tab", "Return")
    zoe.type(code.lower())
    zoe.keys("Tab", "ctrl+a")
    zoe.type("Zoe")
    waiting = ann.shot()
    zoe.keys("Tab", "Tab", "Return")  # Join
    wait(lambda: (t := hosted(ann)) and t["seats"][1]["name"] == "Zoe" and t["seats"][1]["client"] == "human",
         "Zoé seated at Ann's table")
    wait(lambda: any((zoe.data / "seat-keys").glob("*")), "Zoé's app keeping her seat's key")

    # Ann deals, once her waiting room shows Zoé there (Start the match is greyed out until then)
    wait(ann.changes_from(waiting), "Ann's waiting room showing Zoé")
    # the keyboard focus: round to Close the table (lit, the last stop), then one back to Start the match
    ann.press_until_lit("shift+Tab", CLOSE_TABLE)
    ann.keys("shift+Tab", "Return")
    wait(lambda: (t := hosted(ann)) and t["started"], "the match started")

    # they play the first hand to its end, each at their own window, by keys alone: Enter plays what
    # has the keyboard focus, Tab moves it on (the host refuses what is not a move, as for anyone)
    presses = 0
    while not (match := played(ann)).history:
        movers = match.to_move()
        if not movers:  # nobody to move for a moment (the table between two steps): look again
            within(lambda: played(ann).to_move(), 10)
            continue
        mover = (ann, zoe)[movers[0]]
        moves = len(match.log)
        for attempt in range(60):
            before = mover.shot()
            mover.keys("Tab" if attempt % 2 else "Return")
            presses += 1
            within(moved_or_changed(ann, mover, before, moves), 30)
            if len(played(ann).log) > moves:
                break
        else:
            raise AssertionError(f"seat {movers[0] + 1} found no move in 60 keys ({moves} moves played)")
        assert presses < PRESSES, f"{presses} keys and the hand is not over"
    assert len(match.log) >= 10

    # Zoé's app dies; started again, it offers her seat back on its title screen
    zoe.kill()
    zoe.start()
    before = zoe.shot()
    zoe.keys(*["Down"] * 5, "Return")  # Join, About, then Rejoin
    wait(zoe.changes_from(before), "Zoé's table again")

    # Ann closes her app and hosts the table again from its title screen
    ann.keys("ctrl+q")
    assert ann.process is not None
    wait(lambda: ann.process is not None and ann.process.poll() is not None, "Ann's app closed")
    assert (t := hosted(ann)) and t["started"] and t["code"] == code
    ann.start()
    ann.press_until_lit("Down", HOST_AGAIN)  # below Saved matches, the games, Join and About
    dropped = zoe.shot()
    before = ann.shot()
    ann.keys("Return")
    wait(ann.changes_from(before), "Ann's table hosted again")
    wait(zoe.changes_from(dropped), "Zoé back at the table")


def listening(friend: Friend) -> int | None:
    """The port the app's table listens on for the network, as its waiting room shows it (the usual
    one unless taken), read from the system's socket list (the app's other socket, which a second
    launch uses to bring its window forward, listens on loopback only)."""
    assert friend.process is not None
    out = subprocess.run(["ss", "-Hltnp"], capture_output=True, text=True, check=False).stdout
    for line in out.splitlines():
        address, _, port = line.split()[3].rpartition(":")
        if f"pid={friend.process.pid}," in line and not address.startswith(("127.", "[::1]")):
            return int(port)
    return None
