"""Faults on a real loopback server: clients that drop mid-turn or mid-window come back with their
seat's key and finish; a host that dies is hosted again from its autosave and everyone comes back."""

from __future__ import annotations

import asyncio
import json
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed, ConnectionClosedError, ConnectionClosedOK
from websockets.frames import Close

from game import GAMES
from game.core.timing import Window
from net.client import _Player, play_bot
from net.host import Host
from net.table import HostedTable
from tests.net.helpers import CODE, address, hosted, local_log, serve, until
from tests.patience import PATIENCE

ROOT = Path(__file__).resolve().parents[2]


def cut(server: Host, seat: int) -> None:
    """Drop ``seat``'s connection as a closed laptop does: no goodbye."""
    conn = server.table.seats[seat].conn
    assert conn is not None
    server._conns[conn].transport.abort()


async def drop_and_finish(game_id: str, players: int, when, seed: int) -> HostedTable:
    table = hosted(game_id, ["remote"] * players, seed)
    server, task = await serve(table)
    levels = {s: "normal" for s in range(players)}
    clients = [asyncio.create_task(play_bot(address(server), CODE, levels[s], seat=s)) for s in range(players)]
    await until(lambda: table.started and when(table))
    seat = next(s for s in range(players) if table.seats[s].conn is not None)
    cut(server, seat)
    await until(lambda: table.seats[seat].conn is None)
    results = await asyncio.wait_for(asyncio.gather(*clients), PATIENCE)
    await asyncio.wait_for(task, PATIENCE)
    assert all(r["over"] for r in results)
    assert table.state.log == local_log(game_id, list(levels.values()), seed, table.bot_seeds).log
    return table


def test_a_client_dropped_mid_turn_comes_back_and_the_match_finishes() -> None:
    asyncio.run(drop_and_finish("gin_rummy", 2, lambda t: len(t.state.log) >= 7, seed=8))


def test_a_client_dropped_mid_window_comes_back_and_the_match_finishes() -> None:
    asyncio.run(drop_and_finish("gang_de_mouettes", 3, lambda t: isinstance(t.state.timer(), Window), seed=9))


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_host(data_dir: Path, port: int, *extra: str) -> subprocess.Popen[str]:
    """``python main.py --serve …`` as a player starts it; returns once it prints its code."""
    command = [sys.executable, "main.py", "--data-dir", str(data_dir), "--serve", "--port", str(port), *extra]
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert process.stdout is not None
    for line in process.stdout:
        if line.startswith("code:"):
            return process
    raise AssertionError(f"the host did not start: {process.stderr.read() if process.stderr else ''}")


def test_a_host_that_dies_is_hosted_again_from_its_autosave(tmp_path: Path) -> None:
    """``kill -9`` the host mid-match; ``--serve --resume`` hosts the table again from its
    autosave, the network bots come back with their keys and the match ends as it would have."""
    seed, port = 12, free_port()
    host = start_host(tmp_path, port, "--game", "gin_rummy", "--seats", "remote,remote", "--code", CODE,
                      "--seed", str(seed))

    seeds: dict[int, int] = {}

    async def scenario() -> list[dict]:
        where = f"127.0.0.1:{port}"
        clients = [asyncio.create_task(play_bot(where, CODE, "normal", seat=s, reconnect_for=PATIENCE)) for s in (0, 1)]
        saved = tmp_path / "hosted-table.json"
        await until(lambda: saved.exists() and len(json.loads(saved.read_text())["match"]["log"]) >= 30)
        seeds.update({int(k): v for k, v in json.loads(saved.read_text())["bot_seeds"].items()})
        host.kill()  # the host's computer crashes
        host.wait()
        await asyncio.sleep(0.5)
        assert not any(c.done() for c in clients)  # they wait for the host to come back
        again = start_host(tmp_path, port, "--resume")
        results = await asyncio.wait_for(asyncio.gather(*clients), PATIENCE)
        assert again.wait(PATIENCE) == 0
        return results

    results = asyncio.run(scenario())
    assert all(r["over"] for r in results)
    local = local_log("gin_rummy", ["normal", "normal"], seed, seeds)
    assert [r["winners"] for r in results] == [local.winners()] * 2
    assert results[0]["view"]["log"] == local.visible_log(0)


def test_the_headless_host_and_network_bots_play_a_match_from_the_command_line(tmp_path: Path) -> None:
    port = free_port()
    host = start_host(tmp_path, port, "--game", "lagagne", "--seats", "remote,easy,remote", "--code", "abc-234")
    guest = tmp_path / "guest"  # both bots keep their seats' keys in one data folder, each its own seat
    bots = [subprocess.Popen([sys.executable, "main.py", "--join", f"127.0.0.1:{port}", "--code", "ABC234", "--bot", level,
                              "--data-dir", str(guest)],
                             cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            for level in ("hard", "normal")]
    for bot in bots:
        out, err = bot.communicate(timeout=PATIENCE)
        assert bot.returncode == 0, err
        assert "match over" in out
    assert not list((guest / "seat-keys").glob("*.json"))  # the match is over: no key is kept
    out, _ = host.communicate(timeout=PATIENCE)
    assert host.returncode == 0 and "match over" in out
    assert not (tmp_path / "hosted-table.json").exists()  # a finished table is not offered again


def test_command_line_refusals_are_one_sentence_and_exit_1(tmp_path: Path) -> None:
    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "main.py", "--data-dir", str(tmp_path), *args], cwd=ROOT,
                              capture_output=True, text=True, timeout=PATIENCE)

    wrong = run("--join", f"127.0.0.1:{free_port()}", "--code", "XYZ", "--bot", "easy")
    assert wrong.returncode == 1 and "cannot reach a table" in wrong.stderr
    seats = run("--serve", "--game", "gin_rummy", "--seats", "remote,remote,remote")
    assert seats.returncode == 1 and "2 to 2 seats" in seats.stderr
    nobody = run("--serve", "--game", "gin_rummy", "--seats", "hard,easy")
    assert nobody.returncode == 1 and "remote" in nobody.stderr
    level = run("--serve", "--game", "gin_rummy", "--seats", "remote,genius")
    assert level.returncode == 1 and "genius" in level.stderr
    resume = run("--serve", "--resume")
    assert resume.returncode == 1 and "no saved table" in resume.stderr
    usage = run("--join", "127.0.0.1:1")
    assert usage.returncode == 2 and "--code" in usage.stderr


class _ClosedBeforeTheAnswer:
    """A seat's connection whose host sends one message, then is gone (``closed``: a table that ends
    with code 1000, or a host that dies without a closing frame) while the answer is on its way."""

    seat = 0

    def __init__(self, message: dict, closed: ConnectionClosed) -> None:
        self.messages, self.closed = [message], closed

    async def receive(self) -> dict | None:
        return self.messages.pop(0) if self.messages else None

    async def send(self, message: dict) -> None:
        raise self.closed


@pytest.mark.parametrize("closed", [ConnectionClosedOK(Close(1000, ""), Close(1000, ""), True),
                                    ConnectionClosedError(None, None)], ids=["closed", "died"])
@pytest.mark.parametrize("as_person", [False, True], ids=["bot", "person"])
def test_a_seat_whose_host_closes_while_it_answers_ends_as_on_a_dropped_connection(
        closed: ConnectionClosed, as_person: bool) -> None:
    """The host gone while an answer (a bot seat's) or a ready (a seat played as a person) is sent
    is a dropped connection (``play`` answers ``None``, and the seat tries to come back), not an
    error that kills the seat's thread."""
    state = GAMES["gin_rummy"].new_match(2, seed=5)
    seat = state.to_move()[0]
    view, legal = state.view(seat), [m.action for m in state.legal_moves(seat)]
    message = ({"type": "update", "over": False, "unready": [seat], "view": view, "legal": legal, "window": None}
               if as_person else {"type": "question", "kind": "choose", "key": 1, "view": view, "legal": legal})
    client = _ClosedBeforeTheAnswer(message, closed)
    client.seat = seat
    player = _Player(client, GAMES["gin_rummy"].make_bot("normal", 1), as_person, pace=0.0)  # type: ignore[arg-type]
    assert asyncio.run(player.play()) is None
    assert client.messages == []
