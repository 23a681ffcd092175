"""A seat at a table hosted elsewhere: what the table scene reads instead of the match and referee.

The host owns the match; this computer only knows its seat's view. ``RemoteState`` answers the
questions the table asks of a match (the view, legal moves, whose turn, the scores) from the
host's last ``update``; ``RemoteReferee`` answers the referee's (clocks, readiness) and turns the
player's moves into messages. Moves come back in the host's updates, so the table animates a
player's own move exactly as it animates everybody else's. A move the table already knows is
illegal is still sent: the host refuses it with the real reason, which the table then shows.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

from game import GAMES, Event, IllegalMove, Move
from game.core.referee import Played
from net.remote import RemoteLink
from ui.session import MatchSession, SeatInfo

REMOTE_LEVEL = "remote"
"""The ``SeatInfo.level`` of a seat played from another computer (shown as such, never a bot)."""


class RemoteState:
    """The match as this seat knows it (see the module docstring)."""

    def __init__(self, welcome: dict[str, Any]) -> None:
        self.GAME_ID: str = welcome["game"]
        self.descriptor = GAMES[self.GAME_ID]
        self.players: int = welcome["players"]
        self.names: list[str] = list(welcome["names"])
        self.me: int = welcome["seat"]
        self.options = SimpleNamespace(**welcome.get("options", {}))
        self.update: dict[str, Any] = {}
        self.ask: Callable[[Move], None] | None = None
        """Sends a move to the host (set by the session), to learn why it is refused."""

    def parse_move(self, text: str) -> Move:
        return self.descriptor.parse_move(text)

    def view(self, seat: int | None) -> dict[str, Any]:
        if not self.update:
            return {}
        return dict(self.update["view"] if seat == self.me else self.update["public"])

    def to_move(self) -> list[int]:
        return list(self.update.get("to_move", []))

    def legal_moves(self, seat: int) -> list[Move]:
        if seat != self.me:
            return []
        return [Move(action, seat) for action in self.update.get("legal", [])]

    def is_legal(self, move: Move) -> bool:
        return move.seat == self.me and move in self.legal_moves(self.me)

    def refusal(self, move: Move) -> IllegalMove:
        """The reason known here (match over, not this seat's turn); else the move is sent to the
        host, whose refusal names the real reason (``RemoteReferee`` shows it when it comes)."""
        if self.is_over():
            return IllegalMove("The match is over; no more moves can be played.", "match_over")
        if self.me not in self.to_move():
            name = self.names[self.me]
            return IllegalMove(f"It is not {name}'s turn.", "not_your_turn", {"name": name})
        if self.ask is not None:
            self.ask(move)
        return IllegalMove("", "")

    def is_over(self) -> bool:
        return bool(self.update.get("over"))

    def winners(self) -> list[int]:
        return list(self.update.get("winners", []))

    @property
    def scores(self) -> list[int]:
        return list(self.update.get("view", {}).get("scores", [0] * self.players))

    @property
    def history(self) -> list[dict[str, Any]]:
        return list(self.update.get("view", {}).get("history", []))

    @property
    def log(self) -> list[str]:
        return list(self.update.get("view", {}).get("log", []))

    @property
    def seed(self) -> int:
        return 0


@dataclass
class RemoteReferee:
    """The referee's side of a remote seat (see the module docstring)."""

    link: RemoteLink
    state: RemoteState
    think_delay: float = 0.0
    bots: dict[int, Any] = field(default_factory=dict)
    faults: list[tuple[int, BaseException]] = field(default_factory=list)
    refusals: list[IllegalMove] = field(default_factory=list)
    """The host's refusals of this seat's moves, to show."""
    news: list[dict[str, Any]] = field(default_factory=list)
    """Link and seat news (a drop, a return, a lost host), for the table to say."""
    seats: list[dict[str, Any]] = field(default_factory=list)
    _received_at: float = 0.0
    _updates: list[dict[str, Any]] = field(default_factory=list)

    def submit(self, move: Move | str) -> None:
        """Send a move to the host; what it did comes back in its next update."""
        if isinstance(move, str):
            move = self.state.parse_move(move)
        if self.state.is_over():
            raise self.state.refusal(move)
        self.link.send({"type": "move", "move": move.action})

    def ready(self, seat: int) -> None:
        self.link.send({"type": "ready"})

    def pass_window(self, seat: int) -> None:
        self.link.send({"type": "pass"})

    def unready(self) -> list[int]:
        return list(self.state.update.get("unready", []))

    def thinking(self) -> int | None:
        return self.state.update.get("thinking")

    def screen_seats(self) -> list[int] | None:
        return [self.state.me]

    def window_clock(self) -> tuple[float, float] | None:
        window = self.state.update.get("window")
        if not window:
            return None
        left, length = window
        return max(0.0, left - (time.monotonic() - self._received_at)), length

    def grace_clock(self) -> tuple[int, float, float] | None:
        grace = self.state.update.get("grace")
        if not grace:
            return None
        seat, left, length = grace
        return seat, max(0.0, left - (time.monotonic() - self._received_at)), length

    def collect(self, earlier: list[dict[str, Any]] | None = None) -> None:
        """Take what arrived (after ``earlier`` messages already taken from the link): refusals and
        news at once, updates queued for ``advance``."""
        for message in [*(earlier or []), *self.link.take()]:
            kind = message.get("type")
            if kind == "update":
                self._updates.append(message)
            elif kind == "seats":
                self.seats = message.get("seats", self.seats)
                self.news.append(message)
            elif kind == "error":
                self.refusals.append(IllegalMove(str(message.get("message", "")), message.get("key") or None,
                                                 dict(message.get("params") or {})))
            elif kind == "link":
                self.news.append(message)

    def advance(self, dt: float, limit: int | None = None) -> list[Played]:
        """The moves of the host's next update, which becomes what this seat knows; one update a
        call, so the table shows each before the next (``limit`` is the local referee's)."""
        self.collect()
        if not self._updates:
            return []
        message = self._updates.pop(0)
        self.state.update = message
        self.state.names = list(message.get("view", {}).get("names", self.state.names))
        self._received_at = time.monotonic()
        self.seats = message.get("seats", self.seats)
        played = []
        for entry in message.get("played", []):
            seat_text, _, action = entry["move"].partition(": ")
            move = Move(action, int(seat_text)) if seat_text.isdigit() else Move(entry["move"])
            events = [Event.from_json(e) for e in entry.get("events", [])]
            played.append(Played(move, events, entry.get("by", "human")))
        if not played:
            self.news.append({"type": "refresh"})
        return played


class RemoteSession(MatchSession):
    """A match played at a table hosted elsewhere (or by this app's own host): never autosaved
    here (the host saves it), counted in the statistics as a network match."""

    def __init__(self, link: RemoteLink, welcome: dict[str, Any], first: dict[str, Any],
                 after: list[dict[str, Any]] | None = None) -> None:
        """``first`` is the host's first update; ``after`` what arrived after it in the same batch."""
        state = RemoteState(welcome)
        state.update = first
        seats = [SeatInfo(name, None if i == state.me else REMOTE_LEVEL) for i, name in enumerate(state.names)]
        for i, status in enumerate(first.get("seats", [])):
            if i != state.me and status.get("kind") != "remote":
                seats[i] = SeatInfo(status.get("name", seats[i].name), status["kind"])
            elif i != state.me and status.get("client") not in (None, "human"):
                seats[i] = SeatInfo(status.get("name", seats[i].name), status["client"])
        super().__init__(state, seats)  # type: ignore[arg-type]
        self.link = link
        self.host: Any = None
        """This app's own host thread when it hosts the table (stopped when the player leaves)."""
        self.referee = RemoteReferee(link, state, seats=list(first.get("seats", [])))
        self.referee._received_at = time.monotonic()
        self.referee.collect(after)
        state.ask = self.referee.submit

    def close(self) -> None:
        """Leave the table (and stop hosting it, if this app hosts it)."""
        self.link.close()
        if self.host is not None:
            self.host.stop()
            self.host = None

    @property
    def saved(self) -> bool:
        return False

    def to_json(self) -> dict[str, Any]:
        raise TypeError("a network match is saved by its host")
