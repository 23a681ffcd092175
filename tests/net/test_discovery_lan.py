"""Discovery across a real local network: two network namespaces joined by a bridge, as two computers
plugged into one switch (no router, no default route: a LAN party's network). A table hosted in one
(``main.py --serve``, as a player starts it) is heard in the other by the Join screen's listener
(``TableBrowser``), and the address it announces takes a desktop client there to play the match.

Needs root and ``ip netns`` with veth and bridge links; skipped, saying why, where they are missing."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.patience import PATIENCE

ROOT = Path(__file__).resolve().parents[2]
SUBNET = "198.18.77"
"""The bridged LAN's addresses (a range set aside for network tests, RFC 2544): host .1, guest .2."""
CODE = "LAN234"

LISTEN = """
import asyncio, json, sys, time
from net.client import play_bot
from net.discovery import TableBrowser

browser = TableBrowser()
end = time.monotonic() + float(sys.argv[1])
heard = []
while time.monotonic() < end and not heard:
    heard = [t for t in browser.tables() if t.code == sys.argv[2]]
    time.sleep(0.05)
browser.close()
if not heard:
    print(json.dumps({"heard": None}), flush=True)
    sys.exit(0)
print(json.dumps({"heard": heard[0].where}), flush=True)
last = asyncio.run(play_bot(heard[0].where, heard[0].code, "normal", pace=0.0))
print(json.dumps({"over": last["over"]}), flush=True)
"""


def _ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True, text=True)


@pytest.fixture
def lan() -> Iterator[tuple[str, str]]:
    """Two namespaces (host, guest) on one bridge (in a third namespace: nothing of this machine's
    own network is touched); removed afterwards."""
    if shutil.which("ip") is None:
        pytest.skip("the ip command (iproute2) is not installed")
    if os.geteuid() != 0:
        pytest.skip("making network namespaces needs root")
    tag = f"tw{os.getpid() % 100000}"
    host, guest, switch = f"{tag}h", f"{tag}g", f"{tag}s"
    made: list[str] = []
    try:
        for name in (host, guest, switch):
            _ip("netns", "add", name)
            made.append(name)
        _ip("-n", switch, "link", "add", "br0", "type", "bridge")
        for ns, end, port, last in ((host, "eth0", "ph", 1), (guest, "eth0", "pg", 2)):
            _ip("link", "add", f"{tag}{port}", "netns", ns, "type", "veth", "peer", "name", port, "netns", switch)
            _ip("-n", ns, "link", "set", f"{tag}{port}", "name", end)
            _ip("-n", switch, "link", "set", port, "master", "br0")
            _ip("-n", switch, "link", "set", port, "up")
            _ip("-n", ns, "addr", "add", f"{SUBNET}.{last}/24", "dev", end)
            _ip("-n", ns, "link", "set", end, "up", "multicast", "on")
            _ip("-n", ns, "link", "set", "lo", "up")
        _ip("-n", switch, "link", "set", "br0", "up")
    except subprocess.CalledProcessError as exc:
        for name in made:
            subprocess.run(["ip", "netns", "del", name], capture_output=True)
        pytest.skip(f"network namespaces cannot be bridged here: {' '.join(exc.cmd)}: {exc.stderr.strip()}")
    try:
        yield host, guest
    finally:
        for name in made:
            subprocess.run(["ip", "netns", "del", name], capture_output=True)


def test_a_table_hosted_on_one_computer_is_heard_and_joined_from_another_on_the_lan(lan: tuple[str, str],
                                                                                     tmp_path: Path) -> None:
    host_ns, guest_ns = lan
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TABLEE_NO_GATEWAY": "1"}
    host = subprocess.Popen(["ip", "netns", "exec", host_ns, sys.executable, "main.py", "--data-dir", str(tmp_path),
                             "--serve", "--game", "gin_rummy", "--seats", "remote,normal", "--code", CODE],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert host.stdout is not None
        printed = []
        for line in host.stdout:
            printed.append(line)
            if line.startswith("code:"):
                break
        assert any(f"{SUBNET}.1:" in line for line in printed if line.startswith("address:")), printed
        assert any(f"http://{SUBNET}.1:" in line for line in printed if line.startswith("web:")), printed
        guest = subprocess.run(["ip", "netns", "exec", guest_ns, sys.executable, "-c", LISTEN, str(PATIENCE), CODE],
                               cwd=ROOT, env=env, capture_output=True, text=True, timeout=PATIENCE * 2)
        said = [json.loads(line) for line in guest.stdout.splitlines() if line.startswith("{")]
        assert said and said[0]["heard"] is not None, f"the table was never heard: {guest.stderr[-2000:]}"
        assert said[0]["heard"].startswith(f"{SUBNET}.1:"), said
        assert said[-1] == {"over": True}, guest.stderr[-2000:]
        assert host.wait(PATIENCE) == 0
    finally:
        with contextlib.suppress(ProcessLookupError):
            host.kill()
        host.wait()
