"""Real hosts and clients on loopback for the network tests."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from typing import Any

from game import GAMES, GameState
from game.core.referee import Referee
from net.client import play_bot
from net.host import Host
from net.table import HostedTable, NetSeat
from tests.patience import PATIENCE

CODE = "TEST42"


def hosted(game_id: str, kinds: Sequence[str], seed: int, options: Any = None, **table: Any) -> HostedTable:
    """A table whose seats are ``remote`` or a host bot level, dealt from ``seed``."""
    seats = [NetSeat(f"Seat {i}", kind) for i, kind in enumerate(kinds)]
    state = GAMES[game_id].new_match([s.name for s in seats], options=options, seed=seed)
    table.setdefault("auto_start", True)
    return HostedTable(state, seats, CODE, **table)


async def serve(table: HostedTable, **host: Any) -> tuple[Host, asyncio.Task[None]]:
    """Start a real server for ``table`` on a free loopback port."""
    server = Host(table, bind="127.0.0.1", port=0, **host)
    task = asyncio.create_task(server.run())
    while not server.ready.is_set():
        if task.done():
            task.result()
        await asyncio.sleep(0.005)
    return server, task


async def until(condition: Any, what: str = "the condition", limit: float = PATIENCE) -> None:
    """Return once ``condition()`` holds, letting the loop run between looks; fail naming ``what``
    after ``limit`` seconds (a hang, never slowness: see ``tests.patience``)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + limit
    while not condition():
        if loop.time() > end:
            raise AssertionError(f"{what}: still not so after {limit:.0f} s")
        await asyncio.sleep(0.003)


def address(server: Host) -> str:
    return f"127.0.0.1:{server.port}"


async def play_remote(table: HostedTable, levels: dict[int, str], *, as_person: bool = False,
                      timeout: float = PATIENCE) -> list[dict[str, Any]]:
    """Serve ``table``; a network bot of ``levels[seat]`` takes each remote seat, in seat order;
    return each client's last update once the match is over."""
    server, task = await serve(table)
    clients = []
    for seat in sorted(levels):
        seed = table.bot_seed(seat)
        clients.append(asyncio.create_task(
            play_bot(address(server), CODE, levels[seat], seat=seat, as_person=as_person, seed=seed, pace=0.05)))
        await asyncio.sleep(0)
    results = await asyncio.wait_for(asyncio.gather(*clients), timeout)
    await asyncio.wait_for(task, PATIENCE)
    return list(results)


def local_log(game_id: str, levels: Sequence[str], seed: int, bot_seeds: Mapping[int, int],
              options: Any = None) -> GameState:
    """The same match on one computer: every seat a bot with the seed it had at the table
    (``HostedTable.bot_seeds``)."""
    state = GAMES[game_id].new_match([f"Seat {i}" for i in range(len(levels))], options=options, seed=seed)
    bots = {s: GAMES[game_id].make_bot(level, bot_seeds[s]) for s, level in enumerate(levels)}
    referee = Referee(state, bots)
    while not state.is_over():
        if not referee.step():
            raise AssertionError("the local match stalled")
    return state
