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

from game import GAMES, Event, GameState, IllegalMove, Move
from game.core import options_from_json
from game.core.referee import Played
from net.remote import RemoteLink
from ui.session import MatchSession, SeatInfo

REMOTE_LEVEL = "remote"
"""The ``SeatInfo.level`` of a seat played from another computer (shown as such, never a bot)."""


def waiting_words(tr: Callable[..., str], welcome: dict[str, Any], seats: list[dict[str, Any]]) -> str:
    """What a seat waits for before the deal, in ``tr``'s language: the host's Start, or, at a table
    that deals by itself (``auto_start``: a table on the host's screen, a headless host), the
    players still to join, counted (nobody will press Start there)."""
    if not welcome.get("auto_start"):
        return tr("net.lobby.waiting_host")
    remote = [s for s in seats if isinstance(s, dict) and s.get("kind") == "remote"]
    joined = sum(1 for s in remote if s.get("state") == "connected")
    return tr("net.lobby.waiting_players", joined=joined, seats=len(remote))


class RemoteState:
    """The match as this computer's seats know it (see the module docstring). ``me`` is the first
    of them, whose updates lead; ``mine`` every seat played here (pass-and-play on this computer).
    A screen that watches the table (``welcome["watch"]``, the table on the host's screen) has no
    seat: ``me`` is None, ``mine`` empty, and its updates carry the spectator's view."""

    def __init__(self, welcome: dict[str, Any], mine: list[int] | None = None) -> None:
        self.GAME_ID: str = welcome["game"]
        self.descriptor = GAMES[self.GAME_ID]
        self.players: int = welcome["players"]
        self.names: list[str] = list(welcome["names"])
        self.me: int | None = None if welcome.get("watch") else welcome["seat"]
        self.mine: list[int] = [] if self.me is None else sorted(set(mine or [self.me]))
        self.option_data: dict[str, Any] = dict(welcome.get("options", {}))
        """The rule options as the host sent them (to rebuild the match once it is over)."""
        self.options = SimpleNamespace(**self.option_data)
        self.updates: dict[int | None, dict[str, Any]] = {}
        """The last update each of this computer's seats received."""
        self.shown: dict[Any, Any] = {}
        """Each hand's fingerprint as the host first showed it (the match is checked against them)."""
        self.ask: Callable[[Move], None] | None = None
        """Sends a move to the host (set by the session), to learn why it is refused."""

    @property
    def update(self) -> dict[str, Any]:
        """The leading seat's last update (whose turn, the clocks, the public view)."""
        return self.updates.get(self.me, {})

    @update.setter
    def update(self, message: dict[str, Any]) -> None:
        self.updates[self.me] = message
        for deal in message.get("view", {}).get("deals", []):
            if isinstance(deal, dict):
                self.shown.setdefault(deal.get("hand"), deal.get("fingerprint"))

    def parse_move(self, text: str) -> Move:
        return self.descriptor.parse_move(text)

    def view(self, seat: int | None) -> dict[str, Any]:
        if seat in self.updates:
            return dict(self.updates[seat]["view"])
        return dict(self.update["public"]) if self.update else {}

    def to_move(self) -> list[int]:
        return list(self.update.get("to_move", []))

    def legal_moves(self, seat: int) -> list[Move]:
        if seat not in self.updates:
            return []
        return [Move(action, seat) for action in self.updates[seat].get("legal", [])]

    def is_legal(self, move: Move) -> bool:
        return move.seat in self.mine and move in self.legal_moves(move.seat)

    def refusal(self, move: Move) -> IllegalMove:
        """The reason known here (match over, not this seat's turn); else the move is sent to the
        host, whose refusal names the real reason (``RemoteReferee`` shows it when it comes)."""
        if self.is_over():
            return IllegalMove("The match is over; no more moves can be played.", "match_over")
        if self.me is None:
            return IllegalMove("This screen shows the table to everyone: it plays no seat.", "watching")
        seat = move.seat if move.seat is not None else self.me
        if seat not in self.to_move():
            name = self.names[seat]
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

    def finished_match(self) -> Callable[[], GameState | None]:
        """The whole match, to rebuild from what the host reveals once it is over (its seed) and
        what this seat saw (the options, every move, the hands' fingerprints): for the statistics'
        figures and a match file to replay. What it needs is taken now; the rebuild, which replays
        every move, runs when called (off the frame). It gives None while the match goes on, when a
        move was hidden from this seat (a LaGagne card given between two others), or when the
        rebuilt match does not deal the hands whose fingerprints the host showed as they were
        dealt, or does not end as the host said: a host's word is never taken for what it cannot
        prove."""
        seed = self.update.get("view", {}).get("match_seed")
        over, winners, log, shown = self.is_over(), self.winners(), self.log, dict(self.shown)
        descriptor, names, option_data = self.descriptor, list(self.names), dict(self.option_data)

        def rebuild() -> GameState | None:
            if not over or isinstance(seed, bool) or not isinstance(seed, int):
                return None
            try:
                state = descriptor.new_match(names, options_from_json(descriptor.Options, option_data), seed=seed)
                for text in log:
                    state.apply(text)
            except (ValueError, TypeError):  # IllegalMove and SaveError are ValueErrors
                return None
            if (not state.is_over() or state.winners() != winners
                    or {d["hand"]: d["fingerprint"] for d in state.deals()} != shown):
                return None
            return state

        return rebuild


@dataclass
class RemoteReferee:
    """The referee's side of this computer's seats (see the module docstring): ``links`` holds one
    link a seat, the leading seat's first."""

    links: dict[int | None, RemoteLink]
    state: RemoteState
    think_delay: float = 0.0
    bots: dict[int, Any] = field(default_factory=dict)
    faults: list[tuple[int, BaseException]] = field(default_factory=list)
    refusals: list[IllegalMove] = field(default_factory=list)
    """The host's refusals of this computer's moves, to show."""
    news: list[dict[str, Any]] = field(default_factory=list)
    """Link and seat news (a drop, a return, a lost host), for the table to say."""
    seats: list[dict[str, Any]] = field(default_factory=list)
    _received_at: float = 0.0
    _updates: list[dict[str, Any]] = field(default_factory=list)

    @property
    def link(self) -> RemoteLink:
        """The leading seat's link."""
        return self.links[self.state.me]

    def _link_for(self, seat: int | None) -> RemoteLink:
        return self.links.get(seat if seat is not None else self.state.me, self.link)

    def submit(self, move: Move | str) -> None:
        """Send a move to the host for the seat that plays it; what it did comes back in the host's
        next update."""
        if isinstance(move, str):
            move = self.state.parse_move(move)
        if self.state.is_over():
            raise self.state.refusal(move)
        if self.state.me is None:
            raise self.state.refusal(move)
        seat = move.seat
        if seat is None:
            seat = next((s for s in self.state.mine if s in self.state.to_move()), self.state.me)
        self._link_for(seat).send({"type": "move", "move": move.action})

    def ready(self, seat: int) -> None:
        self._link_for(seat).send({"type": "ready"})

    def pass_window(self, seat: int) -> None:
        self._link_for(seat).send({"type": "pass"})

    def unready(self) -> list[int]:
        return list(self.state.update.get("unready", []))

    def thinking(self) -> int | None:
        return self.state.update.get("thinking")

    def screen_seats(self) -> list[int] | None:
        """Like the referee's: a seat of this computer still to look at its cards, else nothing
        private during a window, else this computer's seats that may act."""
        waiting = [s for s in self.unready() if s in self.state.mine]
        if waiting:
            return waiting[:1]
        if self.state.update.get("window"):
            return None
        movers = [s for s in self.state.to_move() if s in self.state.mine]
        return movers or ([] if self.state.me is None else [self.state.me])

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
        """Take what arrived (after ``earlier`` messages already taken from the leading link):
        refusals and news at once, the leading seat's updates queued for ``advance``, and the
        other seats' updates kept as their latest view."""
        for message in [*(earlier or []), *self.link.take()]:
            kind = message.get("type")
            if kind == "update":
                self._updates.append(message)
            elif kind == "seats":
                self.seats = message.get("seats", self.seats)
                self.news.append(message)
            else:
                self._other(message)
        for seat, link in self.links.items():
            if seat == self.state.me:
                continue
            for message in link.take():
                if message.get("type") == "update":
                    self.state.updates[seat] = message
                    self.news.append({"type": "refresh"})
                elif message.get("type") != "seats":
                    self._other(message)

    def _other(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "error":
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
    """A match played at a table hosted elsewhere (or by this app's own host), from one or more
    seats of this computer (pass-and-play among them): never autosaved here (the host saves it)."""

    def __init__(self, links: RemoteLink | list[RemoteLink], welcome: dict[str, Any], first: dict[str, Any],
                 after: list[dict[str, Any]] | None = None) -> None:
        """``links``: one link a seat of this computer, the leading one first (its ``welcome`` and
        first update are given); ``after`` is what it received after that update in the same batch."""
        links = links if isinstance(links, list) else [links]
        lead = links[0]
        mine = [] if welcome.get("watch") else [lead.seat if lead.seat is not None else welcome["seat"]]
        mine += [link.seat for link in links[1:] if link.seat is not None]
        state = RemoteState(welcome, mine)
        state.update = first
        state.names = list(first.get("view", {}).get("names", state.names))
        seats = [SeatInfo(name, None if i in state.mine else REMOTE_LEVEL) for i, name in enumerate(state.names)]
        for i, status in enumerate(first.get("seats", [])):
            if i in state.mine:
                continue
            if status.get("kind") != "remote":
                seats[i] = SeatInfo(status.get("name", seats[i].name), status["kind"])
            elif status.get("client") not in (None, "human"):
                seats[i] = SeatInfo(status.get("name", seats[i].name), status["client"])
        super().__init__(state, seats)  # type: ignore[arg-type]
        self.links = links
        self.host: Any = None
        """This app's own host thread when it hosts the table (stopped when the player leaves)."""
        by_seat: dict[int | None, RemoteLink] = {state.me: lead}
        by_seat.update({link.seat: link for link in links[1:] if link.seat is not None})
        self.referee = RemoteReferee(by_seat, state, seats=list(first.get("seats", [])))
        self.referee._received_at = time.monotonic()
        self.referee.collect(after)
        state.ask = self.referee.submit

    @property
    def link(self) -> RemoteLink:
        return self.links[0]

    @property
    def saved(self) -> bool:
        return False

    def close(self) -> None:
        """Leave the table (and stop hosting it, if this app hosts it)."""
        for link in self.links:
            link.close()
        if self.host is not None:
            self.host.stop()
            self.host = None

    def to_json(self) -> dict[str, Any]:
        raise TypeError("a network match is saved by its host")
