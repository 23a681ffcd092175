"""Browser seats: how fast a phone gets its table, and what pictures cost the host.

    python benchmarks/web_seats.py first [--runs 5]
    python benchmarks/web_seats.py seats [--seats 8] [--seconds 40]

``first``: a host on loopback (in this process) and a headless Chromium at 390×844; the time from
opening the table's URL to the join form, and from pressing *Sit down* to the first drawn table
(the page's own files, the words, the hello, the first picture and its card images), wall time.

``seats``: one ``--serve`` host process (as a friend would run it) hosts Gang de mouettes for
``--seats`` browser seats; this process plays each of them as its page would (a ``hello`` with a
phone's screen, the node's move on a tap, ``gesture`` for the main button). Printed: the update
latency host → browser (from the moment a seat sends a move to the moment each seat has the picture
that follows it: p50 and p95 over every move and seat), the host process's CPU (share of one core,
its CPU seconds beside the wall seconds) and peak resident memory, and the bytes each seat received
per move played.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

LANGS = ["en", "fr", "de", "es"]


def cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as handle:
        fields = handle.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def peak_rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status") as handle:
        for line in handle:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def first(runs: int) -> None:
    from game import GAMES
    from net.table import HostedTable, NetSeat
    from tests.web.cdp import Browser
    from tests.web.player import CODE, Table

    forms, tables = [], []
    for run in range(runs):
        state = GAMES["gang_de_mouettes"].new_match(["Ann", "Bob", "Cy", "Di"], seed=run)
        seats = [NetSeat("Ann", "remote")] + [NetSeat(n, "easy") for n in ("Bob", "Cy", "Di")]
        host = Table(HostedTable(state, seats, CODE, auto_start=True))
        browser = Browser("en")
        try:
            page = browser.page()
            t0 = time.perf_counter()
            page.open(host.url)
            page.until(lambda: page.holds("!document.getElementById('join').hidden"), "the join form")  # noqa: B023
            t1 = time.perf_counter()
            page.js("document.getElementById('name').value = 'Ann'; document.getElementById('join-button').click()")
            page.until(lambda: page.holds("!document.getElementById('table').hidden && "  # noqa: B023
                                                    "[...document.images].length > 0 && "
                                                    "[...document.images].every(i => i.complete)"), "the table")
            t2 = time.perf_counter()
            forms.append(t1 - t0)
            tables.append(t2 - t1)
        finally:
            browser.close()
            host.close()
    print(f"open URL → join form: median {1000 * statistics.median(forms):.0f} ms "
          f"(min {1000 * min(forms):.0f}, max {1000 * max(forms):.0f}) over {runs} runs")
    print(f"Sit down → table drawn with its cards: median {1000 * statistics.median(tables):.0f} ms "
          f"(min {1000 * min(tables):.0f}, max {1000 * max(tables):.0f})")


class Seat:
    """One browser seat played as its page plays it."""

    def __init__(self, index: int) -> None:
        self.index = index
        self.nodes: dict[str, dict[str, Any]] = {}
        self.received: list[tuple[float, int]] = []
        """(arrival time, bytes) of every picture."""
        self.bytes = 0
        self.sent: list[float] = []

    def take(self, text: str) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(text)
        self.bytes += len(text.encode("utf-8"))
        if message["type"] == "picture":
            self.received.append((time.perf_counter(), len(text)))
            if message.get("whole"):
                self.nodes = {}
            for n in message.get("nodes", []) + message.get("added", []) + message.get("changed", []):
                self.nodes[n["id"]] = n
            for ident in message.get("removed", []):
                self.nodes.pop(ident, None)
        return message

    def choice(self) -> dict[str, Any] | None:
        for n in self.nodes.values():
            tap = n.get("acts", {}).get("tap")
            if tap and tap != "*" and not tap.startswith("snap") and tap != "call":
                return {"type": "move", "move": tap}
        for n in self.nodes.values():
            if n.get("acts", {}).get("tap") == "*" and "primary" in n.get("state", []):
                return {"type": "gesture", "node": n["id"], "act": "tap"}
        return None


async def play(seat: Seat, url: str, code: str, until: float) -> None:
    from websockets.asyncio.client import connect

    async with connect(url, max_size=None) as ws:
        screen = {"w": 390, "h": 844, "lang": LANGS[seat.index % 4]}
        await ws.send(json.dumps({"type": "hello", "version": 1, "code": code, "name": f"P{seat.index}",
                                  "seat": seat.index, "screen": screen}))
        last: dict[str, Any] | None = None
        while time.perf_counter() < until:
            try:
                text = await asyncio.wait_for(ws.recv(), 0.5)
            except TimeoutError:
                text = None
            if text is not None and seat.take(str(text))["type"] == "picture":
                last = None  # a new picture: the same move may be wanted again (the next turn's draw)
            wanted = seat.choice()
            if wanted is not None and wanted != last:
                last = wanted
                seat.sent.append(time.perf_counter())
                await ws.send(json.dumps(wanted))


def seats(count: int, seconds: float) -> None:
    code = "BENCH2"
    data = tempfile.mkdtemp(prefix="tablee-web-bench-")
    host = subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), "--serve", "--data-dir", data, "--game", "gang_de_mouettes",
         "--seats", ",".join(["remote"] * count), "--port", "0", "--code", code,
         "--option", "snap_window_seconds=0.5", "--option", "end_turn_grace_seconds=0.5", "--option", "match_end=1000"],
        stdout=subprocess.PIPE, text=True, cwd=ROOT)
    assert host.stdout is not None
    port = None
    for line in host.stdout:
        found = re.search(r"address: .*?:(\d+)", line)
        if found:
            port = int(found.group(1))
            break
    if port is None:
        raise SystemExit("the host did not start")
    players = [Seat(i) for i in range(count)]
    cpu0, t0 = cpu_seconds(host.pid), time.perf_counter()
    until = t0 + seconds

    async def run() -> None:
        await asyncio.gather(*(play(s, f"ws://127.0.0.1:{port}", code, until) for s in players))

    asyncio.run(run())
    cpu1, t1 = cpu_seconds(host.pid), time.perf_counter()
    rss = peak_rss_mb(host.pid)
    host.terminate()
    host.wait(30)
    moves = [t for s in players for t in s.sent]
    latencies = []
    for sent in moves:
        for s in players:
            after = next((at for at, _ in s.received if at >= sent), None)
            if after is not None:
                latencies.append(after - sent)
    q = statistics.quantiles(latencies, n=20) if len(latencies) >= 20 else [float("nan")] * 19
    per_move = statistics.mean(s.bytes for s in players) / max(1, len(moves))
    print(f"{count} browser seats, {seconds:.0f} s: {len(moves)} moves and gestures sent")
    print(f"update latency host → browser: p50 {1000 * q[9]:.0f} ms, p95 {1000 * q[18]:.0f} ms "
          f"({len(latencies)} move × seat pairs)")
    print(f"host CPU {cpu1 - cpu0:.1f} s over {t1 - t0:.1f} s wall ({100 * (cpu1 - cpu0) / (t1 - t0):.0f}% of one core), "
          f"peak resident memory {rss:.0f} MB")
    print(f"bytes received per move per seat: {per_move:.0f}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="what", required=True)
    one = sub.add_parser("first")
    one.add_argument("--runs", type=int, default=5)
    many = sub.add_parser("seats")
    many.add_argument("--seats", type=int, default=8)
    many.add_argument("--seconds", type=float, default=40.0)
    args = parser.parse_args()
    if args.what == "first":
        first(args.runs)
    else:
        seats(args.seats, args.seconds)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
