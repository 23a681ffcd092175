"""A guest that crashed comes back: its seat's key is kept in its data folder (0600, one file per
host and code), a restarted ``--join`` or a re-created client takes the seat back with its hand,
also from a bot that stood in, and a damaged or hostile kept file is moved aside and ignored."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import stat
import sys
from pathlib import Path
from typing import Any

import pytest

from disk import DamagedFile
from net.client import SeatClient, claim_kept, kept_seats, play_bot
from net.keys import FILE_LIMIT, SeatKeys
from net.protocol import PROTOCOL_VERSION, encode
from net.table import BACKOFF_FIRST
from tests.net.helpers import CODE, address, hosted, serve, until
from tests.net.wire import hello

ROOT = Path(__file__).resolve().parents[2]


async def first_update(client: SeatClient) -> dict[str, Any]:
    while True:
        message = await client.receive()
        assert message is not None, "the host closed the connection"
        if message["type"] == "update":
            return message


async def join_cli(port: int, data_dir: Path) -> asyncio.subprocess.Process:
    """``main.py --join`` as a separate process, as a friend would run it."""
    return await asyncio.create_subprocess_exec(
        sys.executable, str(ROOT / "main.py"), "--join", f"127.0.0.1:{port}", "--code", CODE, "--bot", "easy",
        "--data-dir", str(data_dir), stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE, cwd=ROOT,
        env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})


def test_a_join_process_killed_with_kill_9_and_restarted_takes_its_seat_back(tmp_path: Path) -> None:
    async def scenario() -> tuple[int, bytes, bytes]:
        table = hosted("gin_rummy", ["remote", "easy"], seed=5, auto_start=False)
        server, task = await serve(table)
        keys = SeatKeys(tmp_path)
        first = await join_cli(server.port, tmp_path)
        await until(lambda: table.seats[0].conn is not None and keys.path_for(address(server), CODE).exists(),
                    "the guest sat down and kept its key")
        path = keys.path_for(address(server), CODE)
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
        assert stat.S_IMODE(keys.folder.stat().st_mode) == 0o700
        first.send_signal(signal.SIGKILL)
        await first.wait()
        await until(lambda: table.seats[0].conn is None, "the host saw the guest drop")
        again = await join_cli(server.port, tmp_path)
        await until(lambda: table.seats[0].conn is not None or again.returncode is not None, "the guest came back")
        if table.seats[0].conn is not None:
            server.call(lambda t: t.start())
        out, err = await asyncio.wait_for(again.communicate(), 300)
        await asyncio.wait_for(task, 60)
        assert not path.exists(), "the key is forgotten when the match is over"
        return again.returncode or 0, out, err

    code, out, err = asyncio.run(scenario())
    assert code == 0, err.decode()
    assert b"took seat 1 back" in out and b"match over" in out


def test_a_client_that_vanished_gets_its_seat_and_hand_back_even_from_the_bot_standing_in(tmp_path: Path) -> None:
    async def scenario() -> None:
        table = hosted("gin_rummy", ["remote", "normal"], seed=11, think_delay=3600.0, auto_bot="normal",
                       reconnect_seconds=0.0)
        server, task = await serve(table)
        keys = SeatKeys(tmp_path)
        guest = SeatClient(address(server), CODE, name="Zoé", keys=keys)
        await guest.open()
        before = await first_update(guest)
        assert guest.ws is not None
        guest.ws.transport.abort()  # gone without a goodbye, as a killed process…
        guest.release()  # …whose hold on the seat the system lets go
        await until(lambda: table.seats[0].kind == "normal", "a bot stood in for the dropped guest")
        assert table.referee is not None and 0 in table.referee.bots

        back = SeatClient(address(server), CODE, keys=SeatKeys(tmp_path))  # a new process: only the folder is left
        kept = claim_kept(back)
        assert kept is not None
        back.seat, back.token = kept.seat, kept.token
        welcome = await back.open()
        after = await first_update(back)
        assert welcome["seat"] == 0 and welcome["names"][0] == "Zoé"
        assert after["view"] == before["view"] and after["legal"] == before["legal"]
        assert table.seats[0].kind == "remote" and table.seats[0].client == "human"
        assert 0 not in table.referee.bots
        assert [s["state"] for s in after["seats"]] == ["connected", "bot"]
        # the old key works no more, and the file holds the new one
        assert kept_seats(keys, address(server), CODE)[0].token == welcome["token"] != kept.token
        await back.close()
        back.release()
        server.stop()
        await asyncio.wait_for(task, 30)

    asyncio.run(scenario())


def test_a_key_the_host_does_not_know_is_forgotten_and_a_new_seat_asked_for(tmp_path: Path) -> None:
    async def scenario() -> None:
        table = hosted("gin_rummy", ["remote", "remote"], seed=3, auto_start=False)
        server, task = await serve(table)
        keys = SeatKeys(tmp_path)
        keys.keep(address(server), CODE, "gin_rummy", 1, "an-old-key-from-another-table", "Zoé")
        done = asyncio.create_task(play_bot(address(server), CODE, "easy", keys=keys, reconnect_for=0))
        await until(lambda: any(s.conn is not None for s in table.seats), "the bot sat down")
        await until(lambda: [s.token for s in kept_seats(keys, address(server), CODE)] == [table.seats[0].token],
                    "the new seat's key is kept and the refused one forgotten")
        done.cancel()
        server.stop()
        await asyncio.wait_for(task, 30)

    asyncio.run(scenario())


HOSTILE = {
    "not json": b"{not json",
    "not utf-8": b"\xff\xfe{}",
    "a list": b"[1, 2, 3]",
    "a string": b'"token"',
    "wrong format": json.dumps({"format": "x", "address": "a", "code": "TEST42", "game": "g", "saved_at": 1,
                                "seats": [{"seat": 0, "token": "abc", "name": "A"}]}).encode(),
    "seats not a list": None,
    "seat out of range": None,
    "seat a boolean": None,
    "token with control characters": None,
    "token too long": None,
    "name with NUL": None,
    "saved_at infinite": None,
    "two entries for one seat": None,
    "huge": b'{"pad": "' + b"x" * (FILE_LIMIT + 10) + b'"}',
    "deeply nested": b"[" * 100_000 + b"]" * 100_000,
}


def kept_file(address_: str, **change: Any) -> bytes:
    data: dict[str, Any] = {"format": "tablee-seat-keys", "address": address_, "code": CODE, "game": "gin_rummy",
                            "saved_at": 1.0, "seats": [{"seat": 0, "token": "abc_DEF-123", "name": "Zoé"}]}
    data.update(change)
    return json.dumps(data).replace("Infinity", "1e999").encode()


def hostile_bytes(kind: str, address_: str) -> bytes:
    seat = {"seat": 0, "token": "abc", "name": "A"}
    made = {
        "seats not a list": kept_file(address_, seats={"0": seat}),
        "seat out of range": kept_file(address_, seats=[{**seat, "seat": 10**40}]),
        "seat a boolean": kept_file(address_, seats=[{**seat, "seat": True}]),
        "token with control characters": kept_file(address_, seats=[{**seat, "token": "ab\x1b[2J"}]),
        "token too long": kept_file(address_, seats=[{**seat, "token": "a" * 5000}]),
        "name with NUL": kept_file(address_, seats=[{**seat, "name": "A\x00"}]),
        "saved_at infinite": kept_file(address_, saved_at=float("inf")),
        "two entries for one seat": kept_file(address_, seats=[seat, {**seat, "token": "other"}]),
    }
    raw = made.get(kind, HOSTILE[kind])
    assert raw is not None
    return raw


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_a_damaged_or_hostile_kept_file_is_moved_aside_and_ignored(tmp_path: Path, kind: str) -> None:
    keys = SeatKeys(tmp_path)
    where = "127.0.0.1:47815"
    path = keys.path_for(where, CODE)
    path.parent.mkdir(parents=True)
    path.write_bytes(hostile_bytes(kind, where))
    with pytest.raises(DamagedFile) as caught:
        keys.load(where, CODE)
    assert not path.exists() and caught.value.moved.exists()
    assert kept_seats(keys, where, CODE) == ()
    assert keys.kept() == ([], [])


def test_a_well_formed_kept_file_is_read_and_listed(tmp_path: Path) -> None:
    keys = SeatKeys(tmp_path)
    keys.keep("Host.example:47815 ", "test-42", "gin_rummy", 1, "abc_DEF-123", "Zoé")
    keys.keep("host.example:47815", "TEST42", "gin_rummy", 0, "xyz", "Ann")
    [table], damaged = keys.kept()
    assert damaged == [] and table.code == "TEST42" and [(s.seat, s.name) for s in table.seats] == [(0, "Ann"), (1, "Zoé")]
    keys.forget("host.example:47815", "TEST42", 0)
    assert [s.seat for s in keys.load("host.example:47815", "TEST42").seats] == [1]  # type: ignore[union-attr]
    keys.forget("host.example:47815", "TEST42", 1)
    assert not keys.path_for("host.example:47815", "TEST42").exists()


def test_the_command_line_says_a_kept_file_was_damaged_and_joins_afresh(tmp_path: Path) -> None:
    async def scenario() -> tuple[int, bytes]:
        table = hosted("gin_rummy", ["remote", "easy"], seed=8)
        server, task = await serve(table)
        path = SeatKeys(tmp_path).path_for(address(server), CODE)
        path.parent.mkdir(parents=True)
        path.write_bytes(b"\x00" * 64)
        process = await join_cli(server.port, tmp_path)
        _, err = await asyncio.wait_for(process.communicate(), 300)
        await asyncio.wait_for(task, 60)
        return process.returncode or 0, err

    code, err = asyncio.run(scenario())
    assert code == 0, err.decode()
    assert b"the kept seat key for this table was damaged and was moved aside" in err


def test_a_seat_another_process_plays_is_not_taken_from_it(tmp_path: Path) -> None:
    """Two network bots of one computer join one table from one data folder: each keeps its own."""
    async def scenario() -> list[dict[str, Any]]:
        table = hosted("gin_rummy", ["remote", "remote"], seed=4)
        server, task = await serve(table)
        bots = [asyncio.create_task(play_bot(address(server), CODE, "easy", keys=SeatKeys(tmp_path), reconnect_for=0))
                for _ in range(2)]
        results = await asyncio.wait_for(asyncio.gather(*bots), 300)
        await asyncio.wait_for(task, 60)
        return results

    results = asyncio.run(scenario())
    assert all(r["over"] for r in results)
    assert SeatKeys(tmp_path).kept() == ([], [])


def _resume(token: str, code: str = CODE) -> bytes:
    return encode({"type": "resume", "version": PROTOCOL_VERSION, "code": code, "token": token})


def test_a_rejoin_with_a_wrong_key_is_a_wrong_code_for_the_back_off() -> None:
    table = hosted("gin_rummy", ["remote", "remote"], seed=1)
    first = table.connect(0.0, "203.0.113.5")
    welcome = table.handle(first, encode(hello()), 0.0)[0][1]
    assert welcome is not None and welcome["type"] == "welcome"
    table.disconnect(first, 0.0)
    table.seat_bot(0, "easy")  # a bot stands in: the player's key may take the seat back
    guess = table.connect(1.0, "203.0.113.5")
    refused = table.handle(guess, _resume("a-guessed-key"), 1.0)
    assert [m["key"] for _, m in refused if m is not None] == ["bad_token"]
    # the right key, at once from the same address, waits like any hello after a wrong code…
    early = table.connect(1.0, "203.0.113.5")
    out = table.handle(early, _resume(welcome["token"]), 1.0)
    assert [m["key"] for _, m in out if m is not None] == ["wait"]
    assert table.seats[0].kind == "easy"
    # …and is heard once the wait is over (the seat comes back from the bot)
    later = table.connect(1.0 + BACKOFF_FIRST, "203.0.113.5")
    out = table.handle(later, _resume(welcome["token"]), 1.0 + BACKOFF_FIRST)
    assert out[0][1] is not None and out[0][1]["type"] == "welcome" and table.seats[0].kind == "remote"


def test_a_wrong_code_with_a_kept_key_counts_and_the_key_is_not_tried_against_the_seats() -> None:
    table = hosted("gin_rummy", ["remote", "remote"], seed=1)
    first = table.connect(0.0, "203.0.113.9")
    welcome = table.handle(first, encode(hello()), 0.0)[0][1]
    assert welcome is not None
    table.disconnect(first, 0.0)
    other = table.connect(0.0, "203.0.113.9")
    out = table.handle(other, _resume(welcome["token"], code="ZZZZZZ"), 0.0)
    assert [m["key"] for _, m in out if m is not None] == ["wrong_code"]
    assert table.seats[0].conn is None  # the right key behind a wrong code took nothing
    again = table.connect(0.0, "203.0.113.9")
    assert [m["key"] for _, m in table.handle(again, _resume(welcome["token"]), 0.0) if m is not None] == ["wait"]


@pytest.mark.parametrize("kind", ["folder", "fifo", "device"])
@pytest.mark.skipif(sys.platform == "win32", reason="FIFOs and /dev/zero are POSIX")
def test_a_kept_key_that_is_no_regular_file_is_ignored_without_blocking(tmp_path: Path, kind: str) -> None:
    keys = SeatKeys(tmp_path)
    where = "127.0.0.1:47815"
    path = keys.path_for(where, CODE)
    path.parent.mkdir(parents=True)
    if kind == "folder":
        path.mkdir()
    elif kind == "fifo":
        os.mkfifo(path)  # reading it would wait for ever for a writer
    else:
        path.symlink_to("/dev/zero")  # reading it would never end
    assert keys.load(where, CODE) is None
    assert kept_seats(keys, where, CODE) == ()
    assert keys.kept() == ([], [])
