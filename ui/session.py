"""A match at the table: the engine state plus who sits in each seat (human or bot level).

This is what the app autosaves after every move, in a file of its own named by ``save_id``, and
resumes with **Continue** or from the saved matches.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from game import GAMES, GameState, SaveError, load_match
from game.core.advice import Analysis
from ui.names import default_player_name, is_default_name
from ui.storage import SAVE_ID, new_save_id

SESSION_VERSION = 1
SEED_BITS = 63
"""Bits of a bot's seed (drawn from the operating system)."""


@dataclass(frozen=True)
class SeatInfo:
    """One seat: the player's name, and ``level`` ``None`` for a human or a bot level."""

    name: str
    level: str | None = None
    default: bool = False
    """A person's seat that kept its default name (``ui.names``): ``name`` is that name in the
    language last shown, and follows the player's language (``MatchSession.name_defaults``)."""

    @property
    def is_human(self) -> bool:
        return self.level is None

    @classmethod
    def person(cls, tr: Callable[..., str], seat: int) -> SeatInfo:
        """A person's ``seat`` under its default name, in ``tr``'s language."""
        return cls(default_player_name(tr, seat), None, True)


@dataclass
class MatchSession:
    """The state of one match and its seats."""

    state: GameState
    seats: list[SeatInfo]
    assisted: bool = False
    """A move was taken back (or another assist used): the statistics count the match apart."""
    pass_and_play_undo: bool = False
    """The setup allowed undo although several people play at this computer."""
    table: dict[str, Any] = field(default_factory=dict)
    """What the table keeps of how it shows the match (``TableAdapter.kept``: Gin Rummy's hand order)."""
    bot_seeds: dict[int, int] = field(default_factory=dict)
    """Each bot seat's seed, drawn from the operating system (``secrets``): what a bot does never
    tells anything of the deal's seed. Autosaved, so that a resumed match seats the same bots."""
    save_id: str = field(default_factory=new_save_id)
    """The name of the match's autosave among the saved matches (``Storage.save_path``)."""
    advice_secret: int = field(default_factory=lambda: secrets.randbits(SEED_BITS))
    """The key of every analysis's seed (``game.core.advice``), drawn from the operating system, never
    from the deal: hints and the review agree at every position, and tell nothing of hidden cards."""
    advice: dict[int, Analysis] = field(default_factory=dict)
    """The analysis each hint gave, by the move count it was asked at: the review judges that move by it."""

    def bot_seed(self, seat: int) -> int:
        """The seed of the bot playing ``seat`` (drawn the first time it is asked for)."""
        if seat not in self.bot_seeds:
            self.bot_seeds[seat] = secrets.randbits(SEED_BITS)
        return self.bot_seeds[seat]

    @property
    def game_id(self) -> str:
        return self.state.GAME_ID

    @property
    def saved(self) -> bool:
        """Whether this app autosaves the match and counts it (a network match is its host's)."""
        return True

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.is_human]

    @property
    def bot_levels(self) -> dict[int, str]:
        """Each bot's seat and its level."""
        return {i: s.level for i, s in enumerate(self.seats) if s.level is not None}

    @classmethod
    def new(cls, game_id: str, seats: list[SeatInfo], options: Any = None, seed: int | None = None) -> MatchSession:
        """Deal a new match of ``game_id`` for these seats."""
        state = GAMES[game_id].new_match([s.name for s in seats], options=options, seed=seed)
        session = cls(state, list(seats))
        for seat in session.bot_levels:
            session.bot_seed(seat)
        return session

    def name_defaults(self, tr: Callable[..., str]) -> bool:
        """Name every seat that kept its default name in ``tr``'s language, in the match too (its
        log and views speak of them); whether a name changed."""
        changed = False
        for seat, info in enumerate(self.seats):
            if info.default and info.is_human:
                name = default_player_name(tr, seat)
                if name != info.name:
                    self.seats[seat] = replace(info, name=name)
                    self.state.names[seat] = name
                    changed = True
        return changed

    def to_json(self) -> dict[str, Any]:
        return {
            "session_version": SESSION_VERSION,
            "seats": [{"name": s.name, "level": s.level, **({"default": True} if s.default else {})}
                      for s in self.seats],
            "assisted": self.assisted,
            "pass_and_play_undo": self.pass_and_play_undo,
            "table": dict(self.table),
            "bot_seeds": {str(seat): seed for seat, seed in self.bot_seeds.items()},
            "advice_secret": self.advice_secret,
            "advice": {str(at): analysis.to_json() for at, analysis in self.advice.items()},
            "match": self.state.to_json(),
            "save_id": self.save_id,
        }

    @classmethod
    def from_json(cls, data: Any) -> MatchSession:
        """Read back ``to_json``; ``SaveError`` on anything damaged."""
        if not isinstance(data, dict) or data.get("session_version") != SESSION_VERSION:
            raise SaveError("this is not a Tablée saved match")
        try:
            seats = [_seat(s, seat) for seat, s in enumerate(data["seats"])]
        except (KeyError, TypeError, AttributeError) as exc:
            raise SaveError(f"the seats of the saved match are damaged ({exc})") from None
        state = load_match(data.get("match"))
        if len(seats) != state.players:
            raise SaveError("the saved match is damaged (seats do not match the players)")
        for seat in seats:
            if seat.level is not None and seat.level not in GAMES[state.GAME_ID].bot_levels:
                raise SaveError(f"the saved match names an unknown bot level {seat.level!r}")
        table = data.get("table")
        save_id = data.get("save_id")
        if not isinstance(save_id, str) or SAVE_ID.fullmatch(save_id) is None:
            save_id = new_save_id()  # a match saved before matches had names
        session = cls(state, seats, bool(data.get("assisted", False)), data.get("pass_and_play_undo") is True,
                      table if isinstance(table, dict) else {}, _bot_seeds(data.get("bot_seeds"), state.players),
                      save_id)
        secret = data.get("advice_secret")
        if secret is not None:  # matches saved before it was kept draw a new one
            if isinstance(secret, bool) or not isinstance(secret, int) or not 0 <= secret < 2 ** SEED_BITS:
                raise SaveError("the advice key of the saved match is damaged")
            session.advice_secret = secret
        session.advice = _advice(data.get("advice"), state)
        return session


def _seat(data: Any, seat: int) -> SeatInfo:
    """A saved seat. Matches saved before default names were kept as such say nothing of it: a
    person's name that is their seat's default in some language is taken for one."""
    name, level, default = str(data["name"]), data["level"], data.get("default")
    if default is None:
        default = level is None and is_default_name(name, seat)
    elif not isinstance(default, bool):
        raise TypeError(f"seat {seat}'s default is {default!r}, not true or false")
    return SeatInfo(name, level, default and level is None)


def _advice(data: Any, state: GameState) -> dict[int, Analysis]:
    """A saved match's kept hints (none before they were kept); ``SaveError`` when they are damaged."""
    if data is None:
        return {}
    if not isinstance(data, dict) or len(data) > len(state.log) + 1:
        raise SaveError("the hints kept with the saved match are damaged")
    kept: dict[int, Analysis] = {}
    for key, value in data.items():
        if not isinstance(key, str) or not key.isdigit() or len(key) > 9 or int(key) > len(state.log):
            raise SaveError("the hints kept with the saved match are damaged")
        try:
            kept[int(key)] = Analysis.from_json(value, GAMES[state.GAME_ID], state.players)
        except ValueError as exc:
            raise SaveError(f"the hints kept with the saved match are damaged ({exc})") from None
    return kept


def _bot_seeds(data: Any, players: int) -> dict[int, int]:
    """A saved match's bot seeds (none in matches saved before they were kept: the bots then get
    fresh ones); ``SaveError`` when they are damaged."""
    if data is None:
        return {}
    if not isinstance(data, dict) or len(data) > players:
        raise SaveError("the bots' seeds of the saved match are damaged")
    seeds: dict[int, int] = {}
    for key, seed in data.items():
        if not isinstance(key, str) or not key.isdigit() or len(key) > 2 or int(key) >= players \
                or isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2 ** SEED_BITS:
            raise SaveError("the bots' seeds of the saved match are damaged")
        seeds[int(key)] = seed
    return seeds
