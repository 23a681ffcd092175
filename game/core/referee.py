"""The referee: one clock-free owner of a match and of everything that happens between moves.

The table, the arena, the tests and the network host all run a match through a ``Referee``. It
knows which seats are bots, asks a bot for a move (giving it the seat's view, never the state) when
that seat is to act, runs what the game puts on a timer (``GameState.timer()``: quick-discard
windows in which bots' reaction delays race the humans, the end-of-turn grace), and waits for the
humans to look at their cards when a round starts (``GameState.readiness()``). It never reads a
clock: time moves only when its caller says so (``advance(seconds)``), so a match is deterministic
and testable without a window.

>>> from game import GAMES
>>> desc = GAMES["gin_rummy"]
>>> ref = Referee(desc.new_match(2, seed=4), {s: desc.make_bot("easy", s) for s in (0, 1)})
>>> played = ref.advance(0.0)                # bots alone, no think delay: the whole match at once
>>> [str(p.move) for p in played][:2], ref.state.is_over()
(['1: pass', '0: pass'], True)

How long a bot "thinks" before its move is played is ``think_delay`` (the table's human pace; 0 in
the arena), for its first move of a turn; its later moves in that turn follow at ``FOLLOW_ON`` of it,
and at a table of more than ``CROWD`` bots each move is shortened too (``pause``); while the
table's cards fly, only a think delay runs on (``think_while``), and a bot whose turn follows a
quick-discard window counts its think delay from the window's opening (it thought while the others
raced). Bots compute inline by default;
the table passes a ``runner`` that computes them in a worker thread, and the referee plays a bot's
move only once the answer is in.

Windows: each bot racer is asked once per window (``Bot.react``) for a move and a reaction delay;
the move is played when its delay has passed, unless the window closed first. A window that stays
open while its ``board`` changes (a quick discard let through, with other seats still racing) has
its bots asked again on the new table, their delays counted from the window's opening. Reactions play in
delay order whatever order their answers come in (a bot computed in a thread, or across the
network): none plays while another racer's answer is awaited. When no human races,
the whole window (its length and the delays) runs at the table's pace, ``think_delay / 0.8`` of real
time, so a table of bots plays faster when asked to and still resolves every race as it would in
real time. A window closes when its time is up, or, a short pause after (a bot's first pause),
once no human may still try and no bot reaction is pending.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Mapping
from dataclasses import dataclass, field
from typing import Any

from game.core.bots import Bot
from game.core.errors import IllegalMove
from game.core.events import Event
from game.core.move import Move, split_seat
from game.core.state import GameState
from game.core.timing import Grace, Window

HUMAN_PACE = 0.8
"""The think delay (seconds) at which a window without humans runs in real time."""
FOLLOW_ON = 0.4
"""A bot's later moves in one turn (its discard after its draw) follow at this share of the think
delay: a player waits on what looks like thinking, not on every click of a bot's turn."""
CROWD = 3
"""With more bots than this, each bot's first move of a turn waits ``CROWD / bots`` of the think
delay (never less than ``FOLLOW_ON`` of it), and its later moves that share of ``FOLLOW_ON`` of it:
a full table comes back to its humans about as soon as a small one."""


def crowd_share(bots: int) -> float:
    """The share of the think delay a bot's first move takes at a table of ``bots`` bots (``CROWD``).

    >>> crowd_share(2), crowd_share(6)
    (1.0, 0.5)
    """
    return 1.0 if bots <= CROWD else CROWD / bots


@dataclass
class Played:
    """A move the referee let through, its events (not yet redacted) and who played it."""

    move: Move
    events: list[Event]
    by: str
    """``"human"``, ``"bot"`` or ``"referee"`` (a window closed, a grace ran out)."""


@dataclass
class BotTask:
    """One question to a bot: ``choose`` a move, or ``react`` in a window. Filled by ``solve``."""

    bot: Bot
    seat: int
    kind: str
    view: dict[str, Any]
    legal: list[Move]
    key: Hashable
    asked_at: float
    move: Move | None = None
    delay: float = 0.0
    error: BaseException | None = None
    done: bool = False
    deadline: float | None = None
    """When the referee stops waiting for the answer (``Referee.answer_limit``; ``None``: never)."""

    def solve(self) -> None:
        """Ask the bot (any thread may call this once); errors are kept, never raised."""
        try:
            if self.kind == "choose":
                move: Move | None = self.bot.choose(self.view, self.legal)
            else:
                answer = self.bot.react(self.view, self.legal)
                move = None if answer is None else answer[0]
                self.delay = 0.0 if answer is None else max(0.0, float(answer[1]))
            self.move = None if move is None else move if move.seat is not None else move.with_seat(self.seat)
        except Exception as exc:  # a broken bot must not stop the match: the referee falls back
            self.error = exc
        self.done = True


def solve_inline(task: BotTask) -> None:
    """The default runner: compute the bot's answer at once, on the caller's thread."""
    task.solve()


@dataclass
class _WindowRun:
    window: Window
    opened_at: float
    pace: float
    """Real seconds per window second (1 with a human racing)."""
    asked: set[int] = field(default_factory=set)
    tasks: dict[int, BotTask] = field(default_factory=dict)
    passed: set[int] = field(default_factory=set)
    idle_since: float | None = None


class Referee:
    """Runs one match: bots, timers and readiness, with time passed in (see the module docstring)."""

    def __init__(
        self,
        state: GameState,
        bots: Mapping[int, Bot],
        *,
        think_delay: float = 0.0,
        runner: Callable[[BotTask], None] = solve_inline,
        window_margin: float = 0.0,
        answer_limit: float | None = None,
    ) -> None:
        for seat in bots:
            if not 0 <= seat < state.players:
                raise ValueError(f"there is no seat {seat} for a bot at this {state.players}-seat table")
        self.state = state
        self.bots = dict(bots)
        self.think_delay = think_delay
        self.runner = runner
        self.window_margin = window_margin
        """Seconds added to a window in which a human races (a network host's allowance for latency)."""
        self.answer_limit = answer_limit
        """Seconds a bot's answer is awaited (a network bot may never answer); after that it reacts to
        nothing, or moves its first legal move (noted in ``faults``). ``None``: wait as long as it takes."""
        self.now = 0.0
        self.faults: list[tuple[int, BaseException]] = []
        """Bots that failed (seat, error): their seat played its first legal move instead."""
        self._task: BotTask | None = None
        self._window: _WindowRun | None = None
        self._grace: tuple[Hashable, float] | None = None
        self._ready: set[tuple[Hashable, int]] = set()
        self._timed: set[int] = set()
        """Places in the log of the moves this referee played when a clock ran out (a window's close,
        a grace's move): a seat's undo passes over them, since nobody decided them."""

    # ------------------------------------------------------------------ who is who
    def is_bot(self, seat: int) -> bool:
        return seat in self.bots

    @property
    def humans(self) -> list[int]:
        return [s for s in range(self.state.players) if s not in self.bots]

    def unready(self) -> list[int]:
        """Human seats still looking at their cards before play starts (play waits for them)."""
        key = self.state.readiness()
        if key is None or self.state.is_over():
            return []
        return [s for s in self.humans if (key, s) not in self._ready]

    def ready(self, seat: int) -> None:
        """``seat`` has looked at its cards; play goes on once every human has."""
        key = self.state.readiness()
        if key is not None:
            self._ready.add((key, seat))

    def screen_seats(self) -> list[int] | None:
        """The seats that need their private cards shown to act now; ``None`` when acting needs no
        private view (a window: the screen stays as it is in pass-and-play)."""
        waiting = self.unready()
        if waiting:
            return waiting[:1]
        if isinstance(self.state.timer(), Window):
            return None
        return self.state.to_move()

    def replace_bot(self, seat: int, bot: Bot) -> None:
        """Seat another bot in ``seat``; a question already put to the old one is forgotten."""
        self.bots[seat] = bot
        self._forget_bot(seat)

    def release_bot(self, seat: int) -> None:
        """Give ``seat`` back to a person (a network player who came back after a bot stood in)."""
        self.bots.pop(seat, None)
        self._forget_bot(seat)

    def _forget_bot(self, seat: int) -> None:
        if self._task is not None and self._task.seat == seat:
            self._task = None
        run = self._window
        if run is not None:
            run.tasks.pop(seat, None)
            run.asked.discard(seat)
        self._settle()

    def take_back(self, seats: Collection[int], bots: Mapping[int, Bot] | None = None) -> list[str]:
        """Take back the moves up to and including the last one played by one of ``seats`` (a
        player's undo: their last decision and every reply to it; a move this referee played for
        them when a clock ran out is no decision); ``bots`` replaces the bots, so
        that none remembers a move that no longer happened. The moves taken back, oldest first;
        ``IllegalMove`` (and nothing changes) when those seats have played nothing yet.
        """
        log = self.state.log
        last = next((i for i in range(len(log) - 1, -1, -1) if split_seat(log[i])[0] in seats and i not in self._timed),
                    None)
        if last is None:
            raise IllegalMove("There is no move of yours to take back.", "nothing_to_undo")
        taken = self.state.rewind(last)
        self._timed = {i for i in self._timed if i < last}
        if bots is not None:
            self.bots = dict(bots)
        self._task, self._window, self._grace = None, None, None
        self._settle()
        return taken

    def thinking(self) -> int | None:
        """The bot seat whose move is awaited, if any."""
        return None if self._task is None else self._task.seat

    # ------------------------------------------------------------------ clocks for the table
    def window_clock(self) -> tuple[float, float] | None:
        """Seconds left and the length of the open window (``None`` when none is open)."""
        run = self._current_window()
        if run is None:
            return None
        length = self._length(run)
        elapsed = (self.now - run.opened_at) / run.pace if run.pace > 0 else length
        return max(0.0, length - elapsed), length

    def grace_clock(self) -> tuple[int, float, float] | None:
        """The seat, seconds left and length of a running end-of-turn grace."""
        timer = self.state.timer()
        if not isinstance(timer, Grace) or self._grace is None or self._grace[0] != timer.key:
            return None
        return timer.seat, max(0.0, timer.seconds - (self.now - self._grace[1])), timer.seconds

    # ------------------------------------------------------------------ moves
    def submit(self, move: Move | str) -> Played:
        """A human's move: played at once when legal, else ``IllegalMove`` and nothing changes."""
        state = self.state
        if isinstance(move, str):
            move = state.parse_move(move)
        if move.seat is not None and move.seat in self.bots:
            name = state.names[move.seat] if 0 <= move.seat < state.players else str(move.seat)
            raise IllegalMove(f"{name} is played by the computer.", "seat_is_bot", {"name": name})
        waiting = self.unready()
        if waiting:
            name = state.names[waiting[0]]
            raise IllegalMove(f"Wait until {name} has looked at their cards.", "wait_ready", {"name": name})
        events = state.apply(move)
        self._settle()
        return Played(state.parse_move(state.log[-1]), events, "human")

    def pass_window(self, seat: int) -> None:
        """A human racer does not want to act in the open window (it may then close sooner)."""
        run = self._current_window()
        if run is not None:
            run.passed.add(seat)

    def advance(self, seconds: float, limit: int | None = None) -> list[Played]:
        """Let ``seconds`` pass, playing whatever falls due meanwhile, in time order.

        With ``limit``, stop after that many moves, the clock standing at the last one (the table
        shows one move a frame, so a move never waits for time that was spent animating another).
        """
        if seconds < 0:
            raise ValueError("time only moves forward")
        end = self.now + seconds
        played: list[Played] = []
        while True:
            self._settle()
            if self._expire(end):
                continue
            due = self._next_due()
            if due is None or due[0] > end:
                break
            self.now = max(self.now, due[0])
            played.append(due[1]())
            if limit is not None and len(played) >= limit:
                return played
        self.now = end
        self._settle()
        return played

    def think_while(self, seconds: float) -> None:
        """Let ``seconds`` pass in which nothing may be played (the table's cards are still flying),
        counting only toward a bot's think delay: its move is due as soon as the table catches up.
        A window's or a grace's clock does not run meanwhile: a human must see the card land
        before racing it."""
        if seconds < 0:
            raise ValueError("time only moves forward")
        self._settle()
        if self._task is not None and self._current_window() is None and self._grace is None:
            self.now += seconds

    def step(self) -> list[Played]:
        """Advance to the next thing that falls due and play it (``[]`` when humans must act)."""
        self._settle()
        while self._expire(None):
            self._settle()
        due = self._next_due()
        if due is None:
            return []
        self.now = max(self.now, due[0])
        return [due[1]()]

    def next_due(self) -> float | None:
        """When the next thing falls due (``None``: nothing will happen until a human acts)."""
        self._settle()
        due = self._next_due()
        times = [t for t in (None if due is None else due[0], self._deadline()) if t is not None]
        return min(times) if times else None

    # ------------------------------------------------------------------ inside
    def _pending(self) -> list[BotTask]:
        """The questions whose answers are awaited now."""
        run = self._current_window()
        tasks = list(run.tasks.values()) if run is not None else []
        if self._task is not None:
            tasks.append(self._task)
        return [task for task in tasks if not task.done]

    def _deadline(self) -> float | None:
        """The earliest time at which the referee stops waiting for an answer."""
        times = [task.deadline for task in self._pending() if task.deadline is not None]
        return min(times) if times else None

    def _expire(self, end: float | None) -> bool:
        """Give up on the questions whose deadline comes before whatever else is due (and before
        ``end``, when given): the clock moves to it. Whether any was given up."""
        deadline = self._deadline()
        if deadline is None or (end is not None and deadline > end):
            return False
        due = self._next_due()
        if due is not None and due[0] < deadline:
            return False
        self.now = max(self.now, deadline)
        for task in self._pending():
            if task.deadline is not None and task.deadline <= self.now:
                task.move, task.delay, task.done = None, 0.0, True
                if task.kind == "choose":
                    task.error = TimeoutError(f"no answer within {self.answer_limit:g} s")
        return True

    def _key(self) -> int:
        return len(self.state.log)

    def _current_window(self) -> _WindowRun | None:
        timer = self.state.timer()
        run = self._window
        if isinstance(timer, Window) and run is not None and run.window.key == timer.key:
            return run
        return None

    def _length(self, run: _WindowRun) -> float:
        """The window's length in window seconds, with the latency margin when a human races."""
        return run.window.seconds + (self.window_margin if run.pace == 1.0 else 0.0)

    def _pace(self, window: Window) -> float:
        if any(s not in self.bots for s in window.racers):
            return 1.0
        return min(1.0, max(0.0, self.think_delay) / HUMAN_PACE)

    def _settle(self) -> None:
        """Bring the referee's questions and clocks in line with the state as it is now."""
        state = self.state
        if self._task is not None and self._task.key != self._key():
            self._task = None
        timer = None if state.is_over() else state.timer()
        if isinstance(timer, Window):
            run = self._window
            if run is None or run.window.key != timer.key:
                run = self._window = _WindowRun(timer, self.now, self._pace(timer))
            elif run.window.board != timer.board:
                run.asked.clear()  # the reactions were decided on another table: ask again
                run.tasks.clear()
            run.window = timer
            for seat in timer.racers:
                if seat in self.bots and seat not in run.asked:
                    run.asked.add(seat)
                    task = BotTask(self.bots[seat], seat, "react", state.view(seat), state.legal_moves(seat),
                                   timer.key, self.now, deadline=self._answer_deadline())
                    run.tasks[seat] = task
                    self.runner(task)
            self._task = None
            return
        raced = self._window.opened_at if self._window is not None else None
        self._window = None
        if isinstance(timer, Grace) and timer.seat not in self.bots:
            if self._grace is None or self._grace[0] != timer.key:
                self._grace = (timer.key, self.now)
            return
        self._grace = None
        if self._task is not None or state.is_over() or self.unready():
            return
        movers = state.to_move()
        if any(s not in self.bots for s in movers):
            return  # a human leads whenever one may act (e.g. "next" between hands)
        mover = next((s for s in movers if state.legal_moves(s)), None)
        if mover is None:
            return
        # a bot whose turn follows a quick-discard window thought while the others raced
        self._task = BotTask(self.bots[mover], mover, "choose", state.view(mover), state.legal_moves(mover),
                             self._key(), self.now if raced is None else raced, deadline=self._answer_deadline())
        self.runner(self._task)

    def _answer_deadline(self) -> float | None:
        return None if self.answer_limit is None else self.now + max(0.0, self.answer_limit)

    def _next_due(self) -> tuple[float, Callable[[], Played]] | None:
        run = self._current_window()
        if run is not None:
            return self._window_due(run)
        timer = None if self.state.is_over() else self.state.timer()
        if isinstance(timer, Grace) and self._grace is not None and timer.seat not in self.bots:
            return self._grace[1] + timer.seconds, lambda: self._play(timer.move, "referee")
        task = self._task
        if task is None or not task.done:
            return None
        return task.asked_at + self.pause(task.seat), lambda: self._play_task(task)

    def pause(self, seat: int) -> float:
        """How long the bot in ``seat`` seems to think before its move now: the think delay for its
        first move of a turn, ``FOLLOW_ON`` of it for a later one, less at a crowded table."""
        log = self.state.log
        if log and split_seat(log[-1])[0] == seat:
            return max(0.0, self.think_delay) * FOLLOW_ON * crowd_share(len(self.bots))
        return self._first_pause()

    def _first_pause(self) -> float:
        """A bot's pause before its first move of a turn, and a window's before it closes once nobody
        may still act in it: the think delay, less at a crowded table."""
        return max(0.0, self.think_delay) * max(FOLLOW_ON, crowd_share(len(self.bots)))

    def _window_due(self, run: _WindowRun) -> tuple[float, Callable[[], Played]] | None:
        window = run.window
        length = self._length(run)
        for seat, task in list(run.tasks.items()):
            if task.done and (task.move is None or not self.state.is_legal(task.move)):
                del run.tasks[seat]  # no reaction, or one no longer possible
        # reactions play in delay order, so none plays while a racer's answer is still awaited
        # (however long a bot took to compute, or a network bot to answer); a reaction slower than
        # the window never plays, but keeps it open to the end (no tell)
        pending = any(not task.done for task in run.tasks.values())
        answered = sorted((task.delay, seat) for seat, task in run.tasks.items()
                          if task.done and task.delay <= length)
        if answered and not pending:
            delay, seat = answered[0]
            return run.opened_at + delay * run.pace, lambda: self._play_reaction(run, seat)
        if pending and run.pace == 0:
            return None  # window time stands still at a table with no pace: wait for the answers
        close_at = run.opened_at + length * run.pace
        humans_left = [s for s in window.racers if s not in self.bots and s not in run.passed]
        if not humans_left and not run.tasks:
            if run.idle_since is None:
                run.idle_since = self.now
            close_at = min(close_at, run.idle_since + min(length, self._first_pause()))
        return close_at, lambda: self._play(window.close, "referee")

    def _play_reaction(self, run: _WindowRun, seat: int) -> Played:
        move = run.tasks.pop(seat).move
        assert move is not None
        return self._play(move, "bot")

    def _play_task(self, task: BotTask) -> Played:
        self._task = None
        move = task.move
        if task.error is not None:
            self.faults.append((task.seat, task.error))
        if move is None or not self.state.is_legal(move):
            if move is not None and task.error is None:
                self.faults.append((task.seat, ValueError(f"the bot chose an illegal move {move}")))
            move = task.legal[0]
        return self._play(move, "bot")

    def _play(self, move: Move, by: str) -> Played:
        events = self.state.apply(move)
        if by == "referee":
            self._timed.add(len(self.state.log) - 1)
        self._settle()
        return Played(move, events, by)
