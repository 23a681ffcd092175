"""What the table tells a player who listens (through ``app.announce``, see ``ui.announce``): whose turn,
a quick-discard window opening and closing, the status line when it changes, the cards shown to the
player for a moment (as they turn face up), the pass-and-play curtain,
a tutorial coach's words, where the keyboard focus went and what Enter would do there, and the answers
to the question keys (F3–F8; F1 twice lists them).

Every answer is made of the viewer's view and the words the screen shows (the status line, the
buttons' labels, the adapters' card names), never of hidden cards: two matches that differ only in
cards the viewer cannot see give the same answers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game import Move
from ui.announce import Priority
from ui.table.sprites import CardSprite
from ui.table.widgets import Button

if TYPE_CHECKING:
    from ui.table.scene import TableScene

RECENT = 5
"""Moves read again by the last-moves key."""

QUESTIONS = ("hand", "piles", "players", "scores", "turn", "recent")
"""The question keys' answers, in the order of their keys (F3 to F8)."""


class TableVoice:
    """Watches one table scene for what to announce and answers its questions (see the module docstring)."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
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
        if self.scene.fixed_size is None:
            self.scene.app.announce(text, priority, kind)

    def watch(self) -> None:
        """Called every frame: announce a window that opened or closed, the player's turn coming, and
        the status line when it says something new. The status line is what is said: it already
        tells the player what to do ("Your turn: draw from the pile.", "Quick discard! ...")."""
        scene = self.scene
        tr = scene.app.tr
        if scene.curtain.name != self._curtain:
            self._curtain = scene.curtain.name
            if scene.curtain.shown:
                self.announce(tr("speech.curtain", name=scene.curtain.name or ""), Priority.INTERRUPT, "curtain")
        if scene.curtain.shown:
            self._my_turn = False  # the next player is told their turn once the curtain is taken
            return
        coach = scene.panels.coach_lines()
        if coach != self._coach:
            self._coach = coach
            if coach:
                self.announce(" ".join(coach), Priority.QUEUED, "coach")
        if list(scene.legal) != self._legal:
            self._legal = list(scene.legal)
            self._plain = [b.label for b in scene.buttons]
        shown = scene.adapter.spoken_shown(scene.view)
        for line in shown:
            if line not in self._shown:
                self.announce(line, Priority.QUEUED, "shown")
        self._shown = shown
        status = scene.gestures.status
        race = scene.adapter.race(scene.view)
        my_turn = scene.viewer is not None and bool(scene.legal) and not scene.state.is_over()
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
        scene = self.scene
        tr = scene.app.tr
        if isinstance(item, Button):
            return tr("speech.focus_button", label=item.label)
        adapter, view = scene.adapter, scene.view
        card = adapter.spoken_card(item.card if item.face_up else None)
        where = adapter.spoken_zone(item.zone, view)
        what = tr("speech.focus_card", card=card, where=where) if where else card
        action = scene.gestures.of(item).press(True)
        if isinstance(action, Move):
            return tr("speech.focus_enter", what=what, action=adapter.hint_text(action, view).rstrip(" ."))
        if action is not None:
            return tr("speech.focus_choose", what=what)
        return tr("speech.focus_nothing", what=what)

    def offered(self) -> None:
        """A key chose something without playing (a card with several moves, a power): say the
        buttons the choice brought, which a player who looks sees appear."""
        new = [b.label for b in self.scene.buttons if b.label not in self._plain]
        if new:
            self.announce(self.scene.app.tr("speech.offered", buttons=", ".join(new)), Priority.INTERRUPT, "answer")

    # ------------------------------------------------------------------ questions
    def ask(self, question: str) -> None:
        """Answer a question key at once (it interrupts what is being said)."""
        lines = self.answer(question)
        self.announce(" ".join(lines), Priority.INTERRUPT, "answer")

    def answer(self, question: str) -> list[str]:
        """The sentences answering ``question`` (one of ``QUESTIONS``)."""
        scene = self.scene
        if scene.curtain.shown:
            return [scene.app.tr("speech.curtain", name=scene.curtain.name or "")]
        adapter, view = scene.adapter, scene.view
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
            lines = scene.log.lines[-RECENT:]
            return list(lines) if lines else [scene.app.tr("speech.recent_none")]
        raise ValueError(f"no such question: {question}")

    def turn(self) -> list[str]:
        """Whose turn, what the status line says, and the time left in a window or a grace."""
        scene = self.scene
        tr = scene.app.tr
        view: dict[str, Any] = dict(scene.view)
        if scene.state.is_over():
            lines = [tr("speech.over")]
        else:
            seats = scene.adapter.turn_seats(scene.view)
            if seats == [scene.viewer]:
                lines = [tr("speech.turn_of_you")]
            else:
                lines = [tr("speech.turn_of", names=", ".join(view["names"][s] for s in seats))] if seats else []
        if scene.gestures.status:
            lines.append(scene.gestures.status)
        window = scene.driver.window_clock()
        if window is not None:
            lines.append(tr("speech.window_left", n=max(0, round(window[0]))))
        grace = scene.driver.grace_clock()
        if grace is not None:
            lines.append(tr("speech.grace_left", name=view["names"][grace[0]], n=max(0, round(grace[1]))))
        return lines

    def help(self) -> None:
        """The question keys, said (F1 twice)."""
        tr = self.scene.app.tr
        keys = [tr(f"speech.key.{q}", f=f"F{3 + i}") for i, q in enumerate(QUESTIONS)]
        self.announce(" ".join([tr("speech.help"), *keys, tr("speech.key.stop")]), Priority.INTERRUPT, "answer")
