"""Hosting many network tables on one machine: moves a second, latency, the host's CPU and memory.

    python benchmarks/network.py [--tables 1 10 50] [--seconds 20] [--game gang_de_mouettes --players 8]
    python benchmarks/network.py --guessers 1 250 [--seconds 20]

For each count N, one host process serves N tables of 8 seats on loopback (real WebSocket servers,
as ``--serve`` runs them); a second process seats a network bot client (``normal``) in every seat
and plays until ``--seconds`` pass (the matches are set to outlast them). Ten more connections
ping the host twice a second. Printed: moves played a second over all tables, the
round trip of the pings (p50, p95: the time a message takes to get through a loaded host and
back), the host process's CPU (share of one core) and peak resident memory, and the connections
the host cut off because their send queue was full (``cut off``) or refused as ``busy``.
``--send-queue N`` sets the host's send bound for a comparison.

``--guessers N…`` measures instead what a code-guessing attacker gets from a host serving one
table (every seat waiting): from N loopback source addresses (127.0.0.2, 127.0.0.3, …), eight
connections an address, each sending 40 hellos with wrong codes in one burst, again and again.
Printed: codes the host compared with its own a second (each is one guess tested, whatever the
answer), with a 95% interval over the one-second bins, the ``wrong_code`` answers the attacker
read, and the refusals that tested nothing (``wait``, ``busy``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import GAMES  # noqa: E402
from net.client import play_bot  # noqa: E402
from net.host import Host  # noqa: E402
from net.table import HostedTable, NetSeat  # noqa: E402

CODE = "BENCH2"


LONG = {"gang_de_mouettes": {"match_end": 9999}, "lagagne": {"target": 9999},
        "gin_rummy": {"match_target": 9999}}
"""Options that make a match outlast the measurement."""


def new_table(game: str, players: int, seed: int) -> HostedTable:
    desc = GAMES[game]
    seats = [NetSeat(f"Seat {i}", "remote") for i in range(players)]
    state = desc.new_match([s.name for s in seats], options=desc.Options(**LONG.get(game, {})), seed=seed)
    return HostedTable(state, seats, CODE, auto_start=True)


async def host_worker(tables: int, game: str, players: int, send_queue: int | None = None) -> None:
    """Serve ``tables`` tables until told to stop; print the ports, then the moves played and the
    moments (seconds from the start) at which a table code was compared with one received."""
    import hmac

    import net.table

    tested: list[float] = []
    start = time.perf_counter()

    class Counting:
        """``hmac`` for the tables, noting each comparison (the guessers send hellos only, so each
        is one code tested)."""

        @staticmethod
        def compare_digest(a: bytes, b: bytes) -> bool:
            tested.append(time.perf_counter() - start)
            return hmac.compare_digest(a, b)

    net.table.hmac = Counting  # type: ignore[assignment]
    if send_queue is not None:
        import net.host

        net.host.SEND_QUEUE = send_queue
    hosts = [Host(new_table(game, players, seed=i + 1), bind="127.0.0.1", port=0) for i in range(tables)]
    tasks = [asyncio.create_task(h.run(until_over=False)) for h in hosts]
    while not all(h.ready.is_set() for h in hosts):
        await asyncio.sleep(0.01)
    print(json.dumps({"ports": [h.port for h in hosts]}), flush=True)
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    while True:
        line = await reader.readline()
        if not line or line.strip() == b"stop":
            break
    total = sum(len(h.table.state.log) for h in hosts)
    stats = {key: sum(h.stats[key] for h in hosts) for key in hosts[0].stats} if hosts else {}
    for h in hosts:
        h.stop()
    await asyncio.gather(*tasks, return_exceptions=True)
    print(json.dumps({"moves": total, "tested": tested, "stats": stats}), flush=True)


async def pinger(address: str, source: str, rtts: list[float], stop: asyncio.Event) -> None:
    """A connection that only pings (it never takes a seat, so the host closes it after its hello
    time; it then opens another), from its own loopback address."""
    from websockets.asyncio.client import connect

    while not stop.is_set():
        try:
            async with connect(f"ws://{address}", proxy=None, compression=None, local_addr=(source, 0)) as ws:
                while not stop.is_set():
                    sent = time.perf_counter()
                    await ws.send(json.dumps({"type": "ping", "t": sent}))
                    while json.loads(await ws.recv()).get("type") != "pong":
                        pass
                    rtts.append(time.perf_counter() - sent)
                    await asyncio.sleep(0.5)
        except Exception:
            await asyncio.sleep(0.05)


async def clients(ports: list[int], players: int, seconds: float) -> list[float]:
    rtts: list[float] = []
    stop = asyncio.Event()

    seats = [asyncio.create_task(play_bot(f"127.0.0.1:{p}", CODE, "normal", seat=s)) for p in ports for s in range(players)]
    pings = [asyncio.create_task(pinger(f"127.0.0.1:{ports[i % len(ports)]}", f"127.0.1.{i + 1}", rtts, stop))
             for i in range(10)]
    await asyncio.sleep(seconds)
    stop.set()
    for task in seats:
        task.cancel()
    await asyncio.gather(*seats, *pings, return_exceptions=True)
    return rtts


PIPELINE = 40
"""Hellos an attacker sends in one burst on one connection."""


async def guesser(address: str, source: str, hits: list[float], refused: dict[str, int], stop: asyncio.Event) -> None:
    """Guess codes from ``source`` until ``stop``: a burst of wrong hellos a connection."""
    import secrets

    from websockets.asyncio.client import connect

    while not stop.is_set():
        try:
            async with connect(f"ws://{address}", proxy=None, compression=None, local_addr=(source, 0),
                               open_timeout=5) as ws:
                for _ in range(PIPELINE):
                    code = "".join(secrets.choice("ABCDEFGHJKLMNPQRSTUVWXYZ") for _ in range(6))  # never BENCH2
                    await ws.send(json.dumps({"type": "hello", "version": 1, "code": code}))
                async for text in ws:
                    key = json.loads(text).get("key")
                    if key == "wrong_code":
                        hits.append(time.perf_counter())
                    else:
                        refused[str(key)] = refused.get(str(key), 0) + 1
        except Exception:
            refused["failed"] = refused.get("failed", 0) + 1
            await asyncio.sleep(0.01)


async def attack(port: int, sources: int, seconds: float) -> tuple[list[float], dict[str, int], float]:
    hits: list[float] = []
    refused: dict[str, int] = {}
    stop = asyncio.Event()
    start = time.perf_counter()
    tasks = [asyncio.create_task(guesser(f"127.0.0.1:{port}", f"127.0.0.{2 + i}", hits, refused, stop))
             for i in range(sources) for _ in range(8)]
    await asyncio.sleep(seconds)
    stop.set()
    await asyncio.wait(tasks, timeout=10)
    for task in tasks:
        task.cancel()
    return [t - start for t in hits if t - start <= seconds], refused, seconds


def guessing(sources: int, seconds: float) -> dict[str, Any]:
    host = subprocess.Popen([sys.executable, __file__, "--host-worker", "1", "--game", "gin_rummy", "--players", "2"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert host.stdout is not None and host.stdin is not None
    port = json.loads(host.stdout.readline())["ports"][0]
    hits, refused, span = asyncio.run(attack(port, sources, seconds))
    host.stdin.write(b"stop\n")
    host.stdin.flush()
    tested = json.loads(host.stdout.readline())["tested"]
    host.wait(30)
    first = min(tested, default=0.0)
    bins = [0] * int(span)
    for t in tested:
        if t - first < span:
            bins[int(t - first)] += 1
    mean = statistics.fmean(bins)
    half = 1.96 * statistics.stdev(bins) / len(bins) ** 0.5 if len(bins) > 1 else float("nan")
    return {"sources": sources, "tested": sum(bins), "told": len(hits), "per_s": mean, "half": half,
            "refused": refused}


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


def run(tables: int, seconds: float, game: str, players: int, send_queue: int | None = None) -> dict[str, float]:
    extra = [] if send_queue is None else ["--send-queue", str(send_queue)]
    host = subprocess.Popen([sys.executable, __file__, "--host-worker", str(tables), "--game", game,
                             "--players", str(players), *extra], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert host.stdout is not None and host.stdin is not None
    ports = json.loads(host.stdout.readline())["ports"]
    cpu0, t0 = cpu_seconds(host.pid), time.perf_counter()
    rtts = asyncio.run(clients(ports, players, seconds))
    cpu1, t1 = cpu_seconds(host.pid), time.perf_counter()
    rss = peak_rss_mb(host.pid)
    host.stdin.write(b"stop\n")
    host.stdin.flush()
    end = json.loads(host.stdout.readline())
    moves, stats = end["moves"], end["stats"]
    host.wait(30)
    rtts.sort()
    q = statistics.quantiles(rtts, n=20) if len(rtts) >= 20 else [float("nan")] * 19
    return {"tables": tables, "moves_per_s": moves / (t1 - t0), "p50_ms": 1000 * statistics.median(rtts) if rtts else
            float("nan"), "p95_ms": 1000 * q[18], "host_cpu": (cpu1 - cpu0) / (t1 - t0), "host_rss_mb": rss,
            "cut": stats["cut"], "busy": stats["busy"]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[1, 10, 50])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--game", default="gang_de_mouettes")
    parser.add_argument("--players", type=int, default=8)
    parser.add_argument("--guessers", type=int, nargs="+", default=None,
                        help="measure a code-guessing attacker from this many loopback addresses instead")
    parser.add_argument("--send-queue", type=int, default=None,
                        help="the host's per-connection send bound (default: net.host.SEND_QUEUE), to compare")
    parser.add_argument("--host-worker", type=int, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.host_worker is not None:
        asyncio.run(host_worker(args.host_worker, args.game, args.players, args.send_queue))
        return 0
    if args.guessers:
        print(f"code guessing against one table, {args.seconds:.0f} s each, 8 connections an address, "
              f"{PIPELINE} hellos a connection")
        for n in args.guessers:
            r = guessing(n, args.seconds)
            print(f"{n:>4} address(es): {r['tested']} codes tested by the host, {r['per_s']:.1f} ± {r['half']:.1f} "
                  f"a second ({r['told']} answered wrong_code); refused without a test: {r['refused']}", flush=True)
        return 0
    print(f"{args.game}, {args.players} seats a table, network bots (normal) in every seat, {args.seconds:.0f} s each")
    print(f"{'tables':>6} {'moves/s':>9} {'ping p50':>9} {'ping p95':>9} {'host CPU':>9} {'host RSS':>9} "
          f"{'cut off':>8} {'busy':>6}")
    for n in args.tables:
        r = run(n, args.seconds, args.game, args.players, args.send_queue)
        print(f"{n:>6} {r['moves_per_s']:>9.0f} {r['p50_ms']:>7.1f}ms {r['p95_ms']:>7.1f}ms "
              f"{100 * r['host_cpu']:>8.0f}% {r['host_rss_mb']:>7.0f}MB {r['cut']:>8} {r['busy']:>6}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
