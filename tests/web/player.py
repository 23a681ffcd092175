"""A player at a real table in a headless Chromium, for the browser tests and the screenshots: a host
on loopback with its web front, joining by the URL, and a player who plays only through what the
page shows and the gestures its nodes accept. It remembers the cards it was shown (as a person
would), taps its own matching card when a quick-discard window opens, and otherwise plays the first
move the page offers — a tap, else a drag, else a long press — or presses the table's main button
(Gang's "I have memorised them"); it leaves local choices (sorting) alone, and calls the last round
only after ``CALL_AFTER`` turns."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from net.host import Host, HostThread
from net.table import HostedTable
from net.webhost import WebSite
from tests.web.cdp import Page
from ui.web.assets import browser_side

CODE = "WEB234"
STEPS = 600
"""Gestures at most in one test (a round or a hand takes far fewer)."""
CALL_AFTER = 8
"""Turns the test player plays before it calls the last round (time for a few quick-discard races)."""


class Table:
    """A real host on loopback serving the page and the table's WebSocket on one port, as the app does."""

    def __init__(self, table: HostedTable) -> None:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        self.table = table
        browsers, providers = browser_side()
        self.thread = HostThread(Host(table, bind="127.0.0.1", port=0, browsers=browsers,
                                      web=WebSite(providers=providers)))
        self.url = f"http://127.0.0.1:{self.thread.start()}/t/{CODE}"

    def close(self) -> None:
        self.thread.stop()


def join(page: Page, url: str, name: str = "Zoé") -> None:
    """Open the table's URL, give a name and sit down; return once the table is drawn."""
    page.open(url)
    page.until(lambda: page.holds("!document.getElementById('join').hidden"), "the join form")
    page.js(f"document.getElementById('name').value = {name!r}")
    page.js("document.getElementById('join-button').click()")
    page.until(lambda: page.holds("!document.getElementById('table').hidden"), "the table drawn")


def centre(node: dict[str, Any]) -> tuple[float, float]:
    return node["x"] + node["w"] / 2, node["y"] + node["h"] / 2


def visible(page: Page, node: dict[str, Any]) -> tuple[float, float]:
    """A point where ``node`` is on top (a card of a fan shows only its edge), else its centre: a
    finger touches what it sees."""
    point = page.js(f"""(() => {{
        for (const fy of [0.5, 0.3, 0.7, 0.15, 0.85]) for (const fx of [0.5, 0.3, 0.15, 0.7, 0.85, 0.05, 0.95]) {{
            const x = {node["x"]} + {node["w"]} * fx, y = {node["y"]} + {node["h"]} * fy;
            const hit = document.elementFromPoint(x, y);
            if (hit && hit.closest('.node') && hit.closest('.node').dataset.id === {node["id"]!r}) return [x, y];
        }}
        return null; }})()""")
    return (point[0], point[1]) if point else centre(node)


def value(card: str) -> str:
    return card.lstrip("M")


class Player:
    """Plays a seat through the page only (see the module docstring)."""

    def __init__(self, page: Page, seat: int, lay_first: bool = False) -> None:
        self.page = page
        self.seat = seat
        self.lay_first = lay_first
        """Drop a card where it is laid before throwing one away (a LaGagne player builds columns)."""
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
                self.page.touch(*visible(self.page, n))
                self.snapped += 1
                return True
        mine = [n for n in actable if n["group"].endswith(f":{self.seat}") or f":{self.seat}." in n["group"]]
        taps = [n for n in mine + actable if n["acts"].get("tap", "*") != "*" and not n["acts"]["tap"].startswith("snap")]
        taps = [n for n in taps if n["acts"]["tap"] != "call" or self.turns >= CALL_AFTER]
        if taps:
            if taps[0]["acts"]["tap"] in ("draw", "take"):
                self.turns += 1
            self.page.touch(*visible(self.page, taps[0]))
            return True
        drops = [(n, drop) for n in mine + actable for drop in n["acts"].get("drops", []) if drop["move"] != "*"]
        if self.lay_first:
            drops.sort(key=lambda found: found[1]["move"].startswith("discard"))
        if drops:
            self.drag(*drops[0])
            return True
        for n in mine + actable:
            if n["acts"].get("hold", "*") != "*":
                self.page.touch(*visible(self.page, n), hold=True)
                return True
        primary = [n for n in actable if n["acts"].get("tap") == "*" and " primary" in n["cls"]]
        if not primary:
            return False
        self.page.touch(*visible(self.page, primary[0]))
        return True

    def drag(self, node: dict[str, Any], drop: list[int] | dict[str, Any]) -> None:
        """Drag ``node`` onto a rectangle of the table (given in the picture's pixels), or onto a drop
        its gestures name."""
        rect = drop["rect"] if isinstance(drop, dict) else drop
        x, y, scale = self.page.js("(() => { const b = document.getElementById('table').getBoundingClientRect(); "
                                   "return [b.x, b.y, Number(document.getElementById('table').dataset.scale)]; })()")
        to = (x + (rect[0] + rect[2] / 2) * scale, y + (rect[1] + rect[3] / 2) * scale)
        self.page.touch(*visible(self.page, node), to=to)


def counter(page: Page, name: str) -> int:
    """How many messages the page has sent (``sent``), received (``received``) or pictures drawn."""
    return int(page.js(f"Number(document.body.dataset.{name} || 0)"))


def play(page: Page, player: Player, done: Callable[[], bool]) -> None:
    """Play through the page until ``done()``: a gesture, then the next message from the host (the
    answer to what the page sent, the table moving on, or at least the seats' news it sends every
    few seconds)."""
    for _ in range(STEPS):
        if done():
            return
        received = counter(page, "received")
        player.move()
        page.until(lambda received=received: counter(page, "received") != received or done(), "the host's next message")
    raise AssertionError(f"not over after {STEPS} gestures: {[n for n in player.look() if n['acts']]}")
