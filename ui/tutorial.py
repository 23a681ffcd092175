"""First-game tutorials: a stacked deal played on the real table, with a coach pointing the way.

A tutorial is a file ``assets/tutorials/<game_id>.json``: the seats, the rule options, the seed and
the stacked deck, then the player's steps: the move expected (in notation) or ``"ready": true`` (the
player has looked at their cards: Gang de mouettes' "I've memorised them"), the i18n key of what the
coach says (one instruction a step), and optionally what to point at. The opponents are ordinary
bots seeded by the table, so with the player following the steps the match always goes the same
way (tests play each file through, on the table and headless). While a step is the player's to play,
the table's driver holds every bot and every timer (``ui.table.match.TutorialDriver``): nothing
happens until the player plays it. The coach refuses any other move with its own sentence, *Skip*
plays the step for the player, and *End tutorial* leaves. When a step cannot be played (the match
went elsewhere) the coach says so and the match simply goes on.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from game import GAMES, Move
from ui.resources import resource_path
from ui.session import MatchSession, SeatInfo


class TutorialError(ValueError):
    """A tutorial file that cannot be used (a packaging fault: tests check every file)."""


@dataclass(frozen=True)
class Step:
    """One of the player's moves in a tutorial and what the coach says about it."""

    move: Move | None
    """The move the step asks for; ``None`` for a ``ready`` step."""
    text: str
    point: str | None = None
    """A card or zone to point at instead of the one the move names."""
    ready: bool = False
    """The step asks the player to say they have looked at their cards (no move of the match)."""
    after: tuple[str, str] | None = None
    """What an opponent did before the step, told before it only if it happened: the move (in
    notation; a move whose words begin so matches) and the i18n key of its sentence."""


@dataclass
class Tutorial:
    """A tutorial file, read and checked."""

    game_id: str
    seats: list[SeatInfo]
    options: Any
    seed: int
    deck: list[str] | None
    steps: list[Step]
    intro: str
    outro: str

    @classmethod
    def load(cls, game_id: str) -> Tutorial:
        """The tutorial of ``game_id``; ``TutorialError`` when there is none or it is damaged."""
        try:
            data = json.loads(resource_path(f"tutorials/{game_id}.json").read_text(encoding="utf-8"))
            desc = GAMES[game_id]
            seats = [SeatInfo(str(s["name"]), s.get("level")) for s in data["seats"]]
            options = desc.Options(**data.get("options", {}))
            steps = [Step(None if s.get("ready") is True else desc.parse_move(s["move"]), str(s["text"]),
                          s.get("point"), s.get("ready") is True, _after(s.get("after"))) for s in data["steps"]]
            return cls(game_id, seats, options, int(data["seed"]), data.get("deck"), steps,
                       str(data["intro"]), str(data["outro"]))
        except (OSError, KeyError, TypeError, ValueError) as exc:
            raise TutorialError(f"the {game_id} tutorial cannot be read ({exc})") from None

    def session(self, you: str | SeatInfo) -> TutorialSession:
        """A fresh match dealt from the tutorial's deck; the human seat is ``you`` (a seat, or a name)."""
        person = you if isinstance(you, SeatInfo) else SeatInfo(you)
        seats = [person if s.is_human else s for s in self.seats]
        state = GAMES[self.game_id].new_match([s.name for s in seats], self.options, seed=self.seed, deck=self.deck)
        return TutorialSession(state, seats, coach=Coach(self))


def _after(data: Any) -> tuple[str, str] | None:
    """A step's ``after``: ``{"move": "1: play P50c", "text": "<key>"}`` (``ValueError`` if damaged)."""
    if data is None:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("move"), str) or not isinstance(data.get("text"), str):
        raise ValueError("a step's 'after' names a move and its text")
    return data["move"], data["text"]


def has_tutorial(game_id: str) -> bool:
    """Whether ``game_id`` ships a tutorial."""
    return resource_path(f"tutorials/{game_id}.json").is_file()


@dataclass
class Coach:
    """Where the player stands in a tutorial: the next step, and what is refused meanwhile."""

    tutorial: Tutorial
    index: int = 0
    lost: bool = False
    """The match left the script (a step could not be played): the coach only says so."""
    ended: bool = False
    skipped: list[int] = field(default_factory=list)
    since: list[Move] = field(default_factory=list)
    """The moves played since the last step was done (what the opponents did meanwhile)."""

    @property
    def step(self) -> Step | None:
        """The step the player is on (None once the steps are done, or the coach stepped aside)."""
        if self.ended or self.lost or self.index >= len(self.tutorial.steps):
            return None
        return self.tutorial.steps[self.index]

    @property
    def finished(self) -> bool:
        return self.index >= len(self.tutorial.steps)

    def due(self, legal: list[Move], waiting: bool = False) -> bool:
        """Whether the step is the player's to play now: its move is legal, or (a ``ready`` step) the
        player is ``waiting`` to say they have looked at their cards."""
        step = self.step
        if step is None:
            return False
        if step.ready or step.move is None:
            return step.ready and waiting
        expected = step.move
        return not waiting and any(self.matches(m, expected) for m in legal)

    @staticmethod
    def matches(move: Move, expected: Move) -> bool:
        """The same move, or the same action on the same card in another arrangement (a knock
        laid out otherwise is still the knock the step asks for)."""
        if move == expected:
            return True
        return (move.seat == expected.seat and move.name == expected.name and len(expected.args) == 1
                and move.args[:1] == expected.args)

    def refusal(self, move: Move) -> bool:
        """Whether the coach refuses the player's ``move``: while steps remain, only the step's move
        is played (a quick discard tried during an opponent's window would leave the stacked deal)."""
        step = self.step
        return step is not None and (step.move is None or not self.matches(move, step.move))

    def played(self, move: Move) -> None:
        """A move of the match was played: the step is done if it was the step's move."""
        step = self.step
        if step is not None and step.move is not None and self.matches(move, step.move):
            self.index += 1
            self.since = []
        else:
            self.since.append(move)

    def told(self) -> str:
        """The i18n key of what an opponent did before the step, if the step tells it and it happened
        (a bot that answered otherwise is never said to have done it), else ``""``."""
        step = self.step
        if step is None or step.after is None:
            return ""
        words = step.after[0].split()
        return step.after[1] if any(str(m).split()[:len(words)] == words for m in self.since) else ""

    def looked(self) -> None:
        """The player said they have looked at their cards: a ``ready`` step is done."""
        step = self.step
        if step is not None and step.ready:
            self.index += 1
            self.since = []

    def check(self, legal: list[Move], active: int | None, seat: int) -> None:
        """Step aside if it is the player's own turn and the step cannot be played (the match went
        elsewhere, e.g. a bot answered otherwise). Moves out of turn (a quick discard during
        another's window) do not count."""
        step = self.step
        if step is not None and not step.ready and active == seat and legal and not self.due(legal):
            self.lost = True

    def skip(self) -> Step | None:
        """The step, to be played for the player (None when there is nothing to skip)."""
        step = self.step
        if step is None:
            return None
        self.skipped.append(self.index)
        return step

    def say(self) -> str:
        """The i18n key of what the coach says now."""
        if self.ended:
            return ""
        if self.lost:
            return "tutorial.lost"
        if self.finished:
            return self.tutorial.outro
        if self.index == 0:
            return self.tutorial.intro
        return ""


class TutorialSession(MatchSession):
    """A tutorial match: never autosaved and never counted in the statistics."""

    def __init__(self, state: Any, seats: list[SeatInfo], coach: Coach) -> None:
        super().__init__(state, seats)
        self.coach = coach
        # the story follows what its bots do: their seeds come from its (public) deal
        self.bot_seeds = {seat: state.seed + 7919 * (seat + 1) for seat in self.bot_levels}

    @property
    def saved(self) -> bool:
        return False

    def to_json(self) -> dict[str, Any]:
        raise TypeError("a tutorial is not saved")


def start_tutorial(app: Any, game_id: str) -> None:
    """Seat the player at the tutorial table of ``game_id``."""
    app.start_match(Tutorial.load(game_id).session(SeatInfo.person(app.tr, 0)))
