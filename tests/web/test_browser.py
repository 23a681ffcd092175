"""A phone's browser at a real table: headless Chromium (390×844, touch) opens the table's URL on
loopback, joins, and plays only through what the page shows and the gestures its nodes accept —
a whole Gang de mouettes round with a quick-discard race won against a bot, a Gin Rummy hand, and a
reload in the middle that gives the seat and its view back.

The player here is a test: it remembers the cards it was shown (as a person would), taps its own
matching card when a window opens, and otherwise plays the first move the page offers."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

from game import GAMES
from net.host import Host, HostThread
from net.table import HostedTable, NetSeat
from tests.web.cdp import CHROMIUM, Browser, Page
from tests.web.front import Front
from ui.web.assets import CardImages
from ui.web.seat import BrowserSeats

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (.ci/run installs it)")
CODE = "WEB234"
STEPS = 600
"""Gestures at most in one test (a round or a hand takes far fewer)."""
CALL_AFTER = 8
"""Turns the test player plays before it calls the last round (time for a few quick-discard races)."""


class Table:
    """A real host on loopback with its web front, for one browser."""

    def __init__(self, table: HostedTable) -> None:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        self.table = table
        seats = BrowserSeats()
        self.thread = HostThread(Host(table, bind="127.0.0.1", port=0, browsers=seats))
        port = self.thread.start()
        self.front = Front(port, CardImages(seats.fonts))
        self.url = f"http://127.0.0.1:{self.front.start()}/t/{CODE}"

    def close(self) -> None:
        self.front.stop()
        self.thread.stop()


@pytest.fixture
def browser() -> Iterator[Browser]:
    chromium = Browser("en")
    yield chromium
    chromium.close()


def join(page: Page, url: str, name: str = "Zoé") -> None:
    page.open(url)
    page.until(lambda: page.holds("!document.getElementById('join').hidden"), "the join form")
    page.js(f"document.getElementById('name').value = {name!r}")
    page.js("document.getElementById('join-button').click()")
    page.until(lambda: page.holds("!document.getElementById('table').hidden"), "the table drawn")


def centre(node: dict[str, Any]) -> tuple[float, float]:
    return node["x"] + node["w"] / 2, node["y"] + node["h"] / 2


def value(card: str) -> str:
    return card.lstrip("M")


class Player:
    """Plays a seat through the page only (see the module docstring)."""

    def __init__(self, page: Page, seat: int) -> None:
        self.page = page
        self.seat = seat
        self.known: dict[str, str] = {}
        self.snapped = 0
        self.turns = 0

    def look(self) -> list[dict[str, Any]]:
        nodes = self.page.nodes()
        for n in nodes:
            if n["img"] and not n["img"].endswith("/back"):
                self.known[n["id"]] = n["img"].rsplit("_", 1)[-1]
        return nodes

    def move(self) -> bool:
        """One gesture the page offers; False when it offers none."""
        nodes = self.look()
        actable = [n for n in nodes if n["acts"] and n["w"] > 0]
        discard = sorted((n for n in nodes if n["group"] == "discard" and n["img"]), key=lambda n: n["z"])
        top = discard[-1]["img"].rsplit("_", 1)[-1] if discard else None
        for n in actable:
            tap = n["acts"].get("tap", "")
            if tap.startswith(f"snap {self.seat}.") and top and n["id"] in self.known \
                    and value(self.known[n["id"]]) == value(top):
                self.page.touch(*centre(n))
                self.snapped += 1
                return True
        moves = [n for n in actable if n["acts"].get("tap", "*") != "*" and not n["acts"]["tap"].startswith("snap")]
        order = [n for n in moves if n["acts"]["tap"] != "call" or self.turns >= CALL_AFTER]
        order += [n for n in actable if n["acts"].get("tap") == "*" and n["cls"].startswith("node k-button")]
        order += [n for n in actable if n["acts"].get("tap") == "*"]
        if not order:
            return False
        if order[0]["acts"].get("tap") == "draw":
            self.turns += 1
        self.page.touch(*centre(order[0]))
        return True


def pictures(page: Page) -> int:
    """How many pictures the page has drawn (the page counts them on its body)."""
    return int(page.js("Number(document.body.dataset.pictures || 0)"))


def test_a_phone_plays_a_whole_gang_round_and_wins_a_quick_discard_race(browser: Browser) -> None:
    desc = GAMES["gang_de_mouettes"]
    options = desc.Options(snap_window_seconds=4.0, end_turn_grace_seconds=1.0)
    names = ["Ann", "Bob", "Cy", "Di"]
    state = desc.new_match(names, options, seed=7)
    seats = [NetSeat("Ann", "remote")] + [NetSeat(name, "easy") for name in names[1:]]
    host = Table(HostedTable(state, seats, CODE, auto_start=True, think_delay=0.3))
    try:
        page = browser.page()
        join(page, host.url)
        player = Player(page, 0)
        nodes = player.look()
        assert not any(n["id"] == "curtain" for n in nodes)
        assert len(player.known) == 2, "the two nearest cards are shown to memorise"
        for _ in range(STEPS):
            if state.view(None)["phase"] in ("round_over", "over"):
                break
            shown = pictures(page)
            if player.move():
                page.until(lambda: pictures(page) != shown, "the table's answer to a gesture")
            else:
                page.until(lambda: pictures(page) != shown, "the table to move on")
        assert state.view(None)["phase"] in ("round_over", "over"), "the round was played to its end"
        snaps = [line for line in state.log if line.startswith("0: snap")]
        assert player.snapped and snaps, "the phone won a quick-discard race against the bots"
    finally:
        host.close()
