"""A whole match of each game over a real server on loopback, every message to every seat
recorded: each is rebuilt from the engine (the match replayed move by move, the seat's own view
functions) and must be exactly what the seat may know — its view, the public view, its legal
moves, the moves and events as it may read them — and never another seat's key."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from game import GAMES, GameState
from net.client import play_bot
from net.host import Host
from net.protocol import encode
from net.table import HostedTable, Outgoing
from tests.net.helpers import CODE, address, hosted, serve

SHORT = {"gin_rummy": {"match_target": 60}, "lagagne": {"target": 60},
         "gang_de_mouettes": {"match_end": 20, "snap_window_seconds": 0.3, "end_turn_grace_seconds": 1.0}}
CASES = [("gin_rummy", ["remote", "remote"]), ("lagagne", ["remote", "easy", "remote"]),
         ("gang_de_mouettes", ["remote", "remote", "easy"])]
KEPT_BACK = ("log", "history")
"""Parts of a view the host sends once and the client keeps (compared after rebuilding them)."""


def record(server: Host) -> list[tuple[int, dict[str, Any]]]:
    """Every message the host sends from now on, as it goes on the wire, with its seat."""
    sent: list[tuple[int, dict[str, Any]]] = []
    send = server._send
    table = server.table

    def recording(outgoing: list[Outgoing]) -> None:
        for conn, message in outgoing:
            info = table._conns.get(conn)
            if message is not None and info is not None and info.seat is not None:
                sent.append((info.seat, json.loads(encode(message))))
        send(outgoing)

    server._send = recording  # type: ignore[method-assign]
    return sent


async def play(table: HostedTable) -> list[tuple[int, dict[str, Any]]]:
    server, task = await serve(table)
    sent = record(server)
    remote = [s for s, seat in enumerate(table.seats) if seat.remote]
    clients = [asyncio.create_task(play_bot(address(server), CODE, "normal", seat=s, as_person=(s == remote[0]),
                                            name=f"P{s}", pace=0.05)) for s in remote]
    await asyncio.wait_for(asyncio.gather(*clients), 300)
    await asyncio.wait_for(task, 30)
    return sent


def without(view: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k not in KEPT_BACK}


class Replay:
    """The match replayed from its full log, one seat's knowledge at each move count."""

    def __init__(self, table: HostedTable, seed: int, options: Any) -> None:
        self.log = list(table.state.log)
        self.state: GameState = GAMES[table.state.GAME_ID].new_match(list(table.state.names), options=options, seed=seed)
        self.events: list[list[Any]] = []

    def to(self, count: int) -> GameState:
        while len(self.events) < count:
            self.events.append(self.state.apply(self.state.parse_move(self.log[len(self.events)])))
        assert len(self.events) == count, "the replay cannot go back"
        return self.state


def check_seat(seat: int, messages: list[dict[str, Any]], table: HostedTable, seed: int, options: Any) -> int:
    """Compare each message to ``seat`` with the engine's; the number of updates checked."""
    replay = Replay(table, seed, options)
    tokens = {s.token for i, s in enumerate(table.seats) if i != seat and s.token}
    known, log, history, views, updates = 0, [], [], set(), 0
    for message in messages:
        text = json.dumps(message)
        assert not any(token in text for token in tokens), "another seat's key was sent"
        kind = message["type"]
        if kind == "welcome":
            assert message["seat"] == seat
        if kind == "update":
            updates += 1
            view = message["view"]
            if "log" in view:
                log = list(view["log"])
                assert not message["played"] or len(log) >= len(message["played"])
                first = len(log) - len(message["played"])
            else:
                first = len(log)
                log += [entry["move"] for entry in message["played"]]
            if "history" in view:
                history = list(view["history"])
            state = replay.to(first)
            for k, entry in enumerate(message["played"]):
                state = replay.to(first + k + 1)
                assert entry["move"] == state.visible_log(seat)[first + k]
                assert entry["events"] == [e.for_seat(seat).to_json() for e in replay.events[first + k]]
            known = len(log)
            state = replay.to(known)
            expected = state.view(seat)
            assert without(view) == without(expected), f"seat {seat}'s view after {known} moves"
            assert log == expected["log"] == state.visible_log(seat)
            assert history == expected.get("history", [])
            assert message["public"] == without(state.view(None))
            assert message["to_move"] == state.to_move()
            legal = [m.action for m in state.legal_moves(seat)] if seat in state.to_move() else []
            assert message["legal"] == legal
            views.add(json.dumps(without(expected), sort_keys=True))
        if kind == "question":
            # asked at a move count this seat has been told of
            assert json.dumps(message["view"], sort_keys=True) in views or json.dumps(
                without(replay.to(known).view(seat)), sort_keys=True) == json.dumps(message["view"], sort_keys=True)
            legal = {m.action for m in replay.to(known).legal_moves(seat)}
            assert set(message["legal"]) <= legal or message["kind"] == "react"
    assert known == len(table.state.log), "the seat was not told of every move"
    return updates


@pytest.mark.parametrize(("game_id", "kinds"), CASES)
def test_a_whole_match_tells_each_seat_exactly_what_its_view_allows(game_id: str, kinds: list[str]) -> None:
    seed = 40 + len(kinds)
    options = GAMES[game_id].Options(**SHORT[game_id])
    table = hosted(game_id, kinds, seed, options, window_margin=0.05)
    sent = asyncio.run(play(table))
    assert table.state.is_over()
    for seat, info in enumerate(table.seats):
        if info.remote:
            updates = check_seat(seat, [m for s, m in sent if s == seat], table, seed, options)
            assert updates >= 2  # the first deal and the end at least
