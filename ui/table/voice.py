"""What the table tells a player who listens (through ``app.announce``, see ``ui.announce``): whose turn,
a quick-discard window opening and closing, the status line when it changes, the cards shown to the
player for a moment (as they turn face up), the pass-and-play curtain,
a tutorial coach's words, where the keyboard focus went and what Enter would do there, and the answers
to the question keys (F3–F8; F1 twice lists them).

Every answer is made of the viewer's view and the words the screen shows (the status line, the
buttons' labels, the adapters' card names), never of hidden cards: two matches that differ only in
cards the viewer cannot see give the same answers.

It reads the table only through ``VoiceTable`` (which hands it no game state but whether the match is
over), the coach through ``Coaching``, and is given the game's adapter (its spoken words), the
player's language and where to say things (none for a table drawn off screen).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from game import Move
from ui.announce import Priority
from ui.spoken import Words
from ui.table.gestures import Gestures
from ui.table.sprites import CardSprite
from ui.table.widgets import Button, LogPanel

if TYPE_CHECKING:
    from ui.games.base import TableAdapter
    from ui.table.match import Curtain

RECENT = 5
"""Moves read again by the last-moves key."""

QUESTIONS = ("hand", "piles", "players", "scores", "turn", "recent")
"""The question keys' answers, in the order of their keys (F3 to F8)."""


class Ending(Protocol):
    """Whether the match is over (the game's state is one; the voice asks nothing else of it)."""

    def is_over(self) -> bool: ...


class Clocks(Protocol):
    """The time left in a quick-discard window or a grace (the match's driver is one)."""

    def window_clock(self) -> tuple[float, float] | None: ...
    def grace_clock(self) -> tuple[int, float, float] | None: ...


class Coaching(Protocol):
    """What a tutorial's coach says now (``ui.table.match.TableMatch`` is one)."""

    def coach_lines(self) -> list[str]: ...


class VoiceTable(Protocol):
    """What the voice reads of the table: the buttons, the gesture table (the status line and each
    card's action), the log, the curtain, the viewer, the view and the legal moves, the clocks, and
    whether the match is over. ``TableScene`` is one."""

    buttons: list[Button]
    gestures: Gestures
    log: LogPanel

    @property
    def state(self) -> Ending: ...
    @property
    def curtain(self) -> Curtain: ...
    @property
    def viewer(self) -> int | None: ...
    @property
    def view(self) -> dict[str, Any]: ...
    @property
    def legal(self) -> list[Move]: ...
    @property
    def driver(self) -> Clocks: ...


class TableVoice:
    """Watches one table for what to announce and answers its questions (see the module docstring)."""

    def __init__(self, table: VoiceTable, adapter: TableAdapter[Any], coach: Coaching, words: Words,
                 say: Callable[[str, Priority, str], None] | None) -> None:
        """``say``: the app's announcements (``App.announce``); None: a table drawn off screen, silent."""
        self.table = table
        self.adapter = adapter
        self.coach = coach
        self.words = words
        self.say = say
        self._status: str | None = None
        self._my_turn = False
        self._race: object | None = None
        self._curtain: str | None = None
        self._coach: list[str] = []
        self._shown: list[str] = []
        self._plain: list[str] = []
        """The buttons shown before anything was chosen (since the moves last changed)."""
        self._legal: list[Move] = []

    def announce(self, text: str, priority: Priority = Priority.QUEUED, kind: str = "") -> None:
        """Say ``text`` (a table drawn off screen, for a picture, says nothing)."""
        if self.say is not None:
            self.say(text, priority, kind)

    def watch(self) -> None:
        """Called every frame: announce the curtain, the coach's words, the cards shown for a moment,
        a window that opened or closed, the player's turn coming, and the status line when it says
        something new (see ``_watch_turn``)."""
        table = self.table
        if table.curtain.name != self._curtain:
            self._curtain = table.curtain.name
            if table.curtain.shown:
                self.announce(self.words.tr("speech.curtain", name=table.curtain.name or ""), Priority.INTERRUPT,
                              "curtain")
        if table.curtain.shown:
            self._my_turn = False  # the next player is told their turn once the curtain is taken
            return
        coach = self.coach.coach_lines()
        if coach != self._coach:
            self._coach = coach
            if coach:
                self.announce(" ".join(coach), Priority.QUEUED, "coach")
        if list(table.legal) != self._legal:
            self._legal = list(table.legal)
            self._plain = [b.label for b in table.buttons]
        shown = self.adapter.spoken_shown(table.view)
        for line in shown:
            if line not in self._shown:
                self.announce(line, Priority.QUEUED, "shown")
        self._shown = shown
        self._watch_turn()

    def _watch_turn(self) -> None:
        """A quick-discard window opening or closing, the player's turn coming, a new status line. The
        status line is what is said: it already tells the player what to do ("Your turn: draw from
        the pile.", "Quick discard! ...")."""
        table = self.table
        tr = self.words.tr
        status = table.gestures.status
        race = self.adapter.race(table.view)
        my_turn = table.viewer is not None and bool(table.legal) and not table.state.is_over()
        opened = race != self._race and race is not None
        if opened:
            self.announce(status or tr("speech.race_open"), Priority.INTERRUPT, "race")
        elif race != self._race:
            self.announce(tr("speech.race_closed"), Priority.QUEUED, "race")
        # a window closing in the frame the turn comes or the round ends: that is said too
        if not opened and my_turn and not self._my_turn:
            self.announce(status or tr("speech.your_turn"), Priority.INTERRUPT, "turn")
        elif not opened and status and status != self._status:
            self.announce(status, Priority.POLITE, "status")
        self._race, self._my_turn, self._status = race, my_turn, status

    # ------------------------------------------------------------------ focus
    def focus(self, item: CardSprite | Button | None) -> None:
        """The focus moved to ``item``: say what it is and what Enter would do (a newer focus move
        replaces one not yet said)."""
        if item is None:
            return
        self.announce(self.describe(item), Priority.POLITE, "focus")

    def describe(self, item: CardSprite | Button) -> str:
        """A focused card or button in words, with what Enter does there."""
        table = self.table
        tr = self.words.tr
        if isinstance(item, Button):
            return tr("speech.focus_button", label=item.label)
        adapter, view = self.adapter, table.view
        card = adapter.spoken_card(item.card if item.face_up else None)
        where = adapter.spoken_zone(item.zone, view)
        what = tr("speech.focus_card", card=card, where=where) if where else card
        action = table.gestures.of(item).press(True)
        if isinstance(action, Move):
            return tr("speech.focus_enter", what=what, action=adapter.hint_text(action, view).rstrip(" ."))
        if action is not None:
            return tr("speech.focus_choose", what=what)
        return tr("speech.focus_nothing", what=what)

    def offered(self) -> None:
        """A key chose something without playing (a card with several moves, a power): say the
        buttons the choice brought, which a player who looks sees appear."""
        new = [b.label for b in self.table.buttons if b.label not in self._plain]
        if new:
            self.announce(self.words.tr("speech.offered", buttons=", ".join(new)), Priority.INTERRUPT, "answer")

    # ------------------------------------------------------------------ questions
    def ask(self, question: str) -> None:
        """Answer a question key at once (it interrupts what is being said)."""
        lines = self.answer(question)
        self.announce(" ".join(lines), Priority.INTERRUPT, "answer")

    def answer(self, question: str) -> list[str]:
        """The sentences answering ``question`` (one of ``QUESTIONS``)."""
        table = self.table
        if table.curtain.shown:
            return [self.words.tr("speech.curtain", name=table.curtain.name or "")]
        adapter, view = self.adapter, table.view
        if question == "hand":
            return adapter.spoken_hand(view)
        if question == "piles":
            return adapter.spoken_piles(view)
        if question == "players":
            return adapter.spoken_players(view)
        if question == "scores":
            return adapter.spoken_scores(view)
        if question == "turn":
            return self.turn()
        if question == "recent":
            lines = table.log.lines[-RECENT:]
            return list(lines) if lines else [self.words.tr("speech.recent_none")]
        raise ValueError(f"no such question: {question}")

    def turn(self) -> list[str]:
        """Whose turn, what the status line says, and the time left in a window or a grace."""
        table = self.table
        tr = self.words.tr
        view: dict[str, Any] = dict(table.view)
        if table.state.is_over():
            lines = [tr("speech.over")]
        else:
            seats = self.adapter.turn_seats(table.view)
            if seats == [table.viewer]:
                lines = [tr("speech.turn_of_you")]
            else:
                lines = [tr("speech.turn_of", names=", ".join(view["names"][s] for s in seats))] if seats else []
        if table.gestures.status:
            lines.append(table.gestures.status)
        window = table.driver.window_clock()
        if window is not None:
            lines.append(tr("speech.window_left", n=max(0, round(window[0]))))
        grace = table.driver.grace_clock()
        if grace is not None:
            lines.append(tr("speech.grace_left", name=view["names"][grace[0]], n=max(0, round(grace[1]))))
        return lines

    def help(self) -> None:
        """The question keys, said (F1 twice)."""
        tr = self.words.tr
        keys = [tr(f"speech.key.{q}", f=f"F{3 + i}") for i, q in enumerate(QUESTIONS)]
        self.announce(" ".join([tr("speech.help"), *keys, tr("speech.key.stop")]), Priority.INTERRUPT, "answer")
