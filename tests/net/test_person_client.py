"""A client that plays like a person (``play_bot(as_person=True)``) waits for every person to look
at their cards before it moves: a move sent while another still looks was refused by the host, and
the next update (the same log, no window) was taken for a move already decided, so the seat never
moved and the table waited for good (about one Gang de mouettes deal in five with two such clients)."""

from __future__ import annotations

import asyncio
from typing import Any

from game import Move
from net.client import _Player


class Sent:
    """Stands for the seat's connection: what the player sends."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    async def send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)


class First:
    """A bot that plays the first legal move."""

    def choose(self, view: dict[str, Any], legal: list[Move]) -> Move:
        return legal[0]


def update(legal: list[str], unready: list[int]) -> dict[str, Any]:
    return {"type": "update", "view": {"log": []}, "legal": legal, "unready": unready, "window": None,
            "over": False}


def test_a_person_like_client_moves_once_every_person_has_looked() -> None:
    client = Sent()
    player = _Player(client, First(), as_person=True, pace=0.0)  # type: ignore[arg-type]

    async def scenario() -> None:
        await player._act(update(["draw"], [0, 1]), 0)  # its own cards first
        assert client.sent == [{"type": "ready"}]
        await player._act(update(["draw"], [1]), 0)  # Bob still looks: a move now is refused
        assert client.sent == [{"type": "ready"}]
        await player._act(update(["draw"], []), 0)  # everyone has looked: it plays
        assert client.sent == [{"type": "ready"}, {"type": "move", "move": "draw"}]

    asyncio.run(scenario())
