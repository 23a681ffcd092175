"""A match at the table, without pygame: who looks at the screen, the curtain, playing, undo, hints,
the tutorial's coach, the statistics and the autosave.

``TableMatch`` owns all of that and drives one ``MatchDriver``, whoever runs the match:

- ``LocalDriver``: the ``Referee`` on this computer (its bots, windows and grace times);
- ``NetworkDriver``: the links to a host (``ui.table.remote.RemoteReferee``); the host's referee
  decides, this computer shows what it is told (no undo, no hint, its own statistics column);
- ``TutorialDriver``: a local match on a tutorial's stacked deal, with the ``Coach`` that refuses any
  move but its step's, and neither undo nor hint button. While the step is the player's to play it
  holds every bot and every timer (quick-discard windows, reaction and think times, the end of a
  turn): however long the player takes, nothing moves until they play it.

Each call answers with what the viewer should see and hear (``Shown`` for a move played, ``Said`` for
a sentence); ``ui.table.scene.TableScene`` animates, draws and speaks it. Nothing here imports pygame
(``tests/test_layers.py`` checks it), so a match at the table is tested headless, move by move.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Protocol

from game import GAMES, GameState, IllegalMove, Move
from game.core import Event
from game.core.advice import Advisor, Analysis
from game.core.bots import Bot
from game.core.matchfile import export_match
from game.core.referee import BotTask, Played, Referee
from ui.session import MatchSession
from ui.sound_cues import sounds_for
from ui.spoken import Words, spoken
from ui.storage import Storage
from ui.table.bots import ProcessRunner, ThreadRunner
from ui.table.remote import RemoteReferee, RemoteSession
from ui.tutorial import Coach

Record = Callable[[], tuple[dict[int, dict[str, int]], str | None]]
"""Made on the storage writer's thread: the human seats' figures and the match file (``Storage.finish_match``)."""


class MatchDriver(Protocol):
    """Whoever runs the match: what the table asks of it and what it may refuse."""

    think_delay: float
    undo_refusal: str | None
    """Why undo is never offered with this driver (an i18n key), else ``None``."""
    hint_refusal: str | None
    """Why hints are never given with this driver (an i18n key), else ``None``."""
    local: bool
    """Whether the match is played on this computer (it is counted, saved and assisted here)."""

    @property
    def coach(self) -> Coach | None: ...

    def held(self) -> bool:
        """Whether the match waits for the player (a tutorial's step): no bot moves, no clock runs."""
        ...

    @property
    def bots(self) -> Mapping[int, Bot]: ...

    @property
    def faults(self) -> list[tuple[int, BaseException]]: ...

    def submit(self, move: Move) -> Played | None: ...

    def advance(self, seconds: float, limit: int | None = None) -> list[Played]: ...

    def think_while(self, seconds: float) -> None: ...

    def take_back(self, seats: Collection[int], bots: Mapping[int, Bot]) -> list[str]: ...

    def ready(self, seat: int) -> None: ...

    def pass_window(self, seat: int) -> None: ...

    def unready(self) -> list[int]: ...

    def thinking(self) -> int | None: ...

    def screen_seats(self) -> list[int] | None: ...

    def window_clock(self) -> tuple[float, float] | None: ...

    def grace_clock(self) -> tuple[int, float, float] | None: ...

    def next_due(self) -> float | None: ...

    def poll(self) -> Incoming: ...

    def record(self, state: GameState, humans: list[int]) -> Record: ...

    def link_status(self, seat: int) -> tuple[str | None, float | None] | None: ...


@dataclass
class Incoming:
    """What came from the host since the last frame: its refusals of this seat's moves, and news of
    the links and seats (``{"type": "link" | "seats" | "refresh", ...}``)."""

    refusals: list[IllegalMove] = field(default_factory=list)
    news: list[dict[str, Any]] = field(default_factory=list)


def _settle(match: GameState | None, humans: list[int]) -> tuple[dict[int, dict[str, int]], str | None]:
    if match is None:
        return {}, None
    return {s: match.seat_stats(s) for s in humans}, export_match(match)


class LocalDriver:
    """The match runs here: the ``Referee`` with this computer's bots."""

    undo_refusal: str | None = None
    hint_refusal: str | None = None
    local = True

    def __init__(self, referee: Referee) -> None:
        self.referee = referee

    @property
    def think_delay(self) -> float:
        return self.referee.think_delay

    @think_delay.setter
    def think_delay(self, seconds: float) -> None:
        self.referee.think_delay = seconds

    @property
    def coach(self) -> Coach | None:
        return None

    def held(self) -> bool:
        return False

    @property
    def bots(self) -> Mapping[int, Bot]:
        return self.referee.bots

    @property
    def faults(self) -> list[tuple[int, BaseException]]:
        return self.referee.faults

    def submit(self, move: Move) -> Played | None:
        return self.referee.submit(move)

    def advance(self, seconds: float, limit: int | None = None) -> list[Played]:
        return self.referee.advance(seconds, limit=limit)

    def think_while(self, seconds: float) -> None:
        self.referee.think_while(seconds)

    def take_back(self, seats: Collection[int], bots: Mapping[int, Bot]) -> list[str]:
        return self.referee.take_back(seats, bots)

    def ready(self, seat: int) -> None:
        self.referee.ready(seat)

    def pass_window(self, seat: int) -> None:
        self.referee.pass_window(seat)

    def unready(self) -> list[int]:
        return self.referee.unready()

    def thinking(self) -> int | None:
        return self.referee.thinking()

    def screen_seats(self) -> list[int] | None:
        return self.referee.screen_seats()

    def window_clock(self) -> tuple[float, float] | None:
        return self.referee.window_clock()

    def grace_clock(self) -> tuple[int, float, float] | None:
        return self.referee.grace_clock()

    def next_due(self) -> float | None:
        return self.referee.next_due()

    def poll(self) -> Incoming:
        return Incoming()

    def record(self, state: GameState, humans: list[int]) -> Record:
        done = _settle(state, humans)
        return lambda: done

    def link_status(self, seat: int) -> tuple[str | None, float | None] | None:
        return None


class TutorialDriver(LocalDriver):
    """A tutorial's stacked deal, played here; its coach refuses every move but the step's, and while
    the step is the player's to play, the match waits for it: no bot is played, no window closes,
    no grace runs out and no think time counts (the referee's clock stands still)."""

    undo_refusal: str | None = "tutorial.no_undo"

    def __init__(self, referee: Referee, coach: Coach, seat: int) -> None:
        super().__init__(referee)
        self._coach = coach
        self.seat = seat
        """The player's seat (the one the coach speaks to)."""

    @property
    def coach(self) -> Coach | None:
        return self._coach

    def held(self) -> bool:
        """Whether the coach's step is the player's to play now (see the class docstring)."""
        state = self.referee.state
        if self._coach.step is None or state.is_over():
            return False
        legal = state.legal_moves(self.seat) if self.seat in state.to_move() else []
        return self._coach.due(legal, self.seat in self.referee.unready())

    def advance(self, seconds: float, limit: int | None = None) -> list[Played]:
        """Let time pass until the coach's step falls due: from then on it stands still."""
        if seconds < 0:
            raise ValueError("time only moves forward")
        end = self.referee.now + seconds
        played: list[Played] = []
        while not self.held() and (limit is None or len(played) < limit):
            got = self.referee.advance(max(0.0, end - self.referee.now), limit=1)
            if not got:
                break
            played += got
        return played

    def think_while(self, seconds: float) -> None:
        if not self.held():
            self.referee.think_while(seconds)

    def next_due(self) -> float | None:
        return None if self.held() else self.referee.next_due()

    def ready(self, seat: int) -> None:
        """The player has looked at their cards: a step that asked for it is done."""
        if seat == self.seat and seat in self.referee.unready():
            self._coach.looked()
        self.referee.ready(seat)


class NetworkDriver:
    """A match hosted elsewhere (or by this app's host): the seat's links stand in for the referee."""

    undo_refusal: str | None = "table.undo_network"
    hint_refusal: str | None = "table.hint_network"
    local = False

    def __init__(self, remote: RemoteReferee) -> None:
        self.remote = remote

    @property
    def think_delay(self) -> float:
        return self.remote.think_delay

    @think_delay.setter
    def think_delay(self, seconds: float) -> None:
        self.remote.think_delay = seconds

    @property
    def coach(self) -> Coach | None:
        return None

    def held(self) -> bool:
        return False

    @property
    def bots(self) -> Mapping[int, Bot]:
        return {}  # a network table's bots play on the host

    @property
    def faults(self) -> list[tuple[int, BaseException]]:
        return self.remote.faults

    def submit(self, move: Move) -> Played | None:
        self.remote.submit(move)
        return None  # sent to the host: it comes back with the host's next update

    def advance(self, seconds: float, limit: int | None = None) -> list[Played]:
        return self.remote.advance(seconds, limit=limit)

    def think_while(self, seconds: float) -> None:
        """The host's bots think on the host."""

    def take_back(self, seats: Collection[int], bots: Mapping[int, Bot]) -> list[str]:
        raise IllegalMove("a network match cannot be taken back", key="undo_network")

    def ready(self, seat: int) -> None:
        self.remote.ready(seat)

    def pass_window(self, seat: int) -> None:
        self.remote.pass_window(seat)

    def unready(self) -> list[int]:
        return self.remote.unready()

    def thinking(self) -> int | None:
        return self.remote.thinking()

    def screen_seats(self) -> list[int] | None:
        return self.remote.screen_seats()

    def window_clock(self) -> tuple[float, float] | None:
        return self.remote.window_clock()

    def grace_clock(self) -> tuple[int, float, float] | None:
        return self.remote.grace_clock()

    def next_due(self) -> float | None:
        return None

    def poll(self) -> Incoming:
        remote = self.remote
        remote.collect()
        incoming = Incoming(list(remote.refusals), list(remote.news))
        remote.refusals.clear()
        remote.news.clear()
        return incoming

    def record(self, state: GameState, humans: list[int]) -> Record:
        rebuild = self.remote.state.finished_match()
        return lambda: _settle(rebuild(), humans)

    def link_status(self, seat: int) -> tuple[str | None, float | None] | None:
        """A seat's link state (``connected``, ``dropped``, ``bot``…) and latency in seconds: none
        where the host gives none (a seat played on the host's own computer); this computer's own
        seat shows its link's own measure, the freshest."""
        statuses = self.remote.seats
        if seat >= len(statuses):
            return None
        status = statuses[seat]
        link = self.remote.links.get(seat)
        latency = status.get("latency")
        if latency is not None and link is not None and link.latency is not None:
            latency = link.latency
        return status.get("state"), latency


def make_driver(session: MatchSession, bot_delay: float, runner: ThreadRunner | ProcessRunner) -> MatchDriver:
    """The driver of ``session``: its host's links, a tutorial's coach, or a referee with fresh bots."""
    if isinstance(session, RemoteSession):
        return NetworkDriver(session.referee)
    state = session.state
    descriptor = GAMES[session.game_id]
    bots = {seat: descriptor.make_bot(level, session.bot_seed(seat)) for seat, level in session.bot_levels.items()}
    referee = Referee(state, bots, think_delay=bot_delay, runner=runner)
    coach: Coach | None = getattr(session, "coach", None)
    if coach is None or not session.humans:
        state.keep_undo()  # the one kind of table whose moves a player may take back
        return LocalDriver(referee)
    return TutorialDriver(referee, coach, session.humans[0])


@dataclass
class Curtain:
    """Pass-and-play's cover: while ``name`` is set the screen shows no one's cards and waits for
    that player (in ``seat``) to take it."""

    name: str | None = None
    seat: int | None = None

    @property
    def shown(self) -> bool:
        return self.name is not None

    def show(self, name: str, seat: int | None = None) -> None:
        self.name, self.seat = name, seat

    def hide(self) -> None:
        self.name = self.seat = None


@dataclass(frozen=True)
class Shown:
    """A move played at the table, as the screen shows it.

    ``told`` and ``told_view`` are the move's events and the view as the seat that watched it saw
    them (for its words and sounds); ``seen`` is the same events for whoever looks at the screen now
    (another player after a pass), which the cards animate."""

    played: Played
    told: list[Event]
    told_view: dict[str, Any]
    seen: list[Event]
    sounds: list[str]
    new_deal: bool
    newly_assisted: bool = False
    """This move's aid (a memory aid) made the match count as assisted: the player is told."""


def hint_sentence(tr: Callable[..., str], what: str, other: str | None, ask_why: bool) -> str:
    """A hint in sentences: ``what`` (the game's imperative advice) as the hint, ``other`` (another
    move the searches chose) as a close call, then how to ask why. A phrase's own closing stop is
    dropped so that the sentence's is the only one."""
    def phrase(text: str) -> str:
        return text.rstrip().rstrip(".").rstrip()

    parts = [tr("table.hint", move=phrase(what))]
    if other is not None:
        parts.append(tr("table.hint_close", other=phrase(other)))
    if ask_why:
        parts.append(tr("table.hint_ask"))
    return " ".join(parts)


def hint_words(answer: Analysis, words: Words, text: Callable[[Move], str],
               params: Callable[[dict[str, Any]], dict[str, Any]]) -> tuple[str, str | None]:
    """A hint in words: its sentence (``hint_sentence``, the move as the game's ``text`` says it) and,
    when the bot gave a reason the player's language has a sentence for, that reason's sentence (with
    the engine's ``params`` made readable), said only when asked again: one plain sentence first."""
    reason = answer.reason
    why = None
    if reason is not None and words.has_text(f"why.{reason[0]}"):
        why = words.tr("table.hint_why", why=words.tr(f"why.{reason[0]}", **params(reason[1])))
    other = answer.alternative()  # the other move, where the searches were split
    return hint_sentence(words.tr, text(answer.move), None if other is None else text(other), why is not None), why


@dataclass(frozen=True)
class Said:
    """A sentence for the player: shown over the table (``message``), and kept in the log when ``log``."""

    message: str
    log: bool = False
    sound: str | None = None


class TableMatch:
    """One match at the table (see the module docstring)."""

    def __init__(self, session: MatchSession, driver: MatchDriver, words: Words, storage: Storage,
                 runner: ThreadRunner | ProcessRunner) -> None:
        self.session = session
        self.state = session.state
        self.descriptor = GAMES[session.game_id]
        self.driver = driver
        self.words = words
        self.storage = storage
        self.runner = runner
        self.curtain = Curtain()
        self.viewer: int | None = None
        self.revealed: int | None = None
        """The human whose private cards were last shown (pass-and-play)."""
        self.view: dict[str, Any] = {}
        self.legal: list[Move] = []
        self.recorded = self.state.is_over()
        self._faults = 0
        self._hint: BotTask | None = None
        self._seat_states: list[str | None] = []
        if isinstance(driver, NetworkDriver):
            self._seat_states = [s.get("state") for s in driver.remote.seats]
        self.choose_viewer()
        self.look()

    # ================================================================== who sees what
    @property
    def coach(self) -> Coach | None:
        return self.driver.coach

    def wanted_viewer(self) -> int | None:
        """The seat whose private view the screen should show now (None: spectator)."""
        humans = self.session.humans
        if not humans:
            return None
        if len(humans) == 1:
            return humans[0]
        screen = self.driver.screen_seats()
        if screen is None:
            return self.viewer
        movers = [s for s in screen if s in humans]
        if not movers:
            return None
        if self.revealed in movers:
            return self.revealed
        return movers[0]

    def choose_viewer(self) -> None:
        """Pick the viewer; with several humans, raise the curtain before showing another's cards."""
        wanted = self.wanted_viewer()
        if len(self.session.humans) > 1 and wanted is not None and wanted != self.revealed:
            self.curtain.show(self.session.seats[wanted].name, wanted)
            self.viewer = None
        elif not self.curtain.shown:
            self.viewer = wanted
        if self.viewer is not None:
            self.revealed = self.viewer

    def rename(self, tr: Callable[..., str]) -> bool:
        """Name the seats whose names are defaults in ``tr``'s language (``MatchSession.name_defaults``),
        on the curtain too, and read the view again with them; whether a name changed."""
        if not self.session.name_defaults(tr):
            return False
        seat = self.curtain.seat
        if self.curtain.shown and seat is not None:
            self.curtain.show(self.session.seats[seat].name, seat)
        self.look()
        return True

    def dismiss_curtain(self) -> bool:
        """The next player has the screen: their cards may be shown (False: no curtain was up)."""
        if not self.curtain.shown:
            return False
        self.curtain.hide()
        self.revealed = self.wanted_viewer()
        self.viewer = self.revealed
        self.look()
        return True

    @property
    def bottom_seat(self) -> int:
        """The seat drawn at the bottom of the table: the viewer, else the last one shown."""
        if self.viewer is not None:
            return self.viewer
        if self.revealed is not None:
            return self.revealed
        humans = self.session.humans
        return humans[0] if humans else 0

    def look(self, view: dict[str, Any] | None = None) -> None:
        """Read the viewer's view (unless the caller has just read it) and legal moves again."""
        self.view = self.state.view(self.viewer) if view is None else view
        viewer = self.viewer
        if viewer is None or self.curtain.shown or viewer not in self.state.to_move():
            self.legal = []
        else:
            self.legal = self.state.legal_moves(viewer)

    # ================================================================== playing
    def submit(self, move: Move) -> Played | Said | None:
        """Hand a player's ``move`` to the driver: what it played, or why not (``Said`` with the
        refusal sound), or ``None`` when it went to the host and comes back with its next update."""
        coach = self.coach
        if coach is not None and coach.step is not None and coach.refusal(move):
            if self.coach_due():
                return Said(self.words.tr("tutorial.not_yet", step=self.words.tr(coach.step.text)), sound="refuse")
            return Said(self.words.tr("tutorial.not_now"), sound="refuse")
        try:
            return self.driver.submit(move)
        except IllegalMove as exc:
            return Said(self.explain(exc), sound="refuse")

    def show(self, played: Played, assisted: bool) -> Shown:
        """A move the driver let through (a player's, a bot's or its own): autosave it, follow the
        coach, choose who looks next and read their view; count the match when it ends. ``assisted``:
        an aid of the game is on (the match counts as assisted when played here)."""
        events = played.events
        seer = self.viewer
        told = [e.for_seat(seer) for e in events]
        told_view = self.state.view(seer)
        newly_assisted = assisted and self.driver.local and not self.session.assisted
        if newly_assisted:
            self.session.assisted = True
        if self.session.saved:
            self.storage.autosave_session(self.session.to_json())
        coach = self.coach
        if coach is not None:
            coach.played(played.move)
        self.choose_viewer()
        seen, view = told, told_view
        if self.viewer != seer:  # another player's screen now: their view of the same events
            seen, view = [e.for_seat(self.viewer) for e in events], self.state.view(self.viewer)
        self.look(view)
        if coach is not None and self.session.humans:
            coach.check(self.legal, self.view.get("active"), self.session.humans[0])
        if self.state.is_over() and not self.recorded and (self.session.saved or not self.driver.local):
            self.recorded = True
            self.count()
        return Shown(played, told, told_view, seen, sounds_for(told, seer),
                     any(e.kind == "deal" for e in events), newly_assisted)

    def count(self) -> None:
        """A finished match joins the statistics and the kept matches (a network match is rebuilt
        first, on the writer's thread; one that cannot be counts without figures or file). A network
        table this screen only showed (the table on the host's screen) is nobody's match here."""
        humans = list(self.session.humans)
        if not humans and not self.driver.local:
            return
        self.storage.finish_match(self.session.game_id, list(self.session.seats), self.state.winners(),
                                  self.session.assisted, self.driver.record(self.state, humans),
                                  network=not self.driver.local,
                                  save_id=self.session.save_id if self.session.saved else None)

    def keep_table(self, kept: dict[str, Any]) -> None:
        """How the table shows the match changed (a hand put in another order): saved with it."""
        self.session.table = kept
        if self.session.saved:
            self.storage.autosave_session(self.session.to_json())

    def advance(self, seconds: float, animating: bool) -> list[Played]:
        """Let ``seconds`` of real time pass for the driver (nothing while the curtain is up or the
        match is over; only a bot's thinking while cards fly): the moves it played, one at most."""
        if self.state.is_over() or self.curtain.shown:
            return []
        if animating:
            self.driver.think_while(seconds)
            return []
        return self.driver.advance(seconds, limit=1)

    def new_faults(self) -> list[tuple[int, BaseException]]:
        """The bots that failed since last asked (the referee played their first legal move)."""
        faults = self.driver.faults[self._faults:]
        self._faults = len(self.driver.faults)
        return faults

    def clocks_running(self) -> bool:
        """Whether a window's or a grace time's countdown is shown and moving (every frame)."""
        if self.driver.held():
            return False
        return self.driver.window_clock() is not None or self.driver.grace_clock() is not None

    def idle(self) -> bool:
        """Whether nothing is due, thought about or counted down here (news from a host may come at
        any time, so a network match is never idle)."""
        driver = self.driver
        if not driver.local or self.hint_pending:
            return False
        if driver.held():  # the tutorial waits for the player: every clock stands still
            return True
        return (driver.next_due() is None and driver.thinking() is None and driver.window_clock() is None
                and driver.grace_clock() is None)

    # ================================================================== words
    def explain(self, exc: IllegalMove, params: Callable[[dict[str, Any]], dict[str, Any]] = dict) -> str:
        """The refusal in the player's language (``illegal.<key>``, its parameters made readable by
        ``params``), else the engine's English text."""
        if exc.key and self.words.has_text(f"illegal.{exc.key}"):
            return spoken(self.words, self.session, f"illegal.{exc.key}", **params(exc.params))
        return str(exc)

    def recall(self, describe: Callable[[Move, list[Event], dict[str, Any]], list[str]], keep: int) -> list[str]:
        """The last ``keep`` moves of a match that already has some (resumed, or opened again after a
        crash), in the words ``describe`` gives, as the viewer saw them: replayed from the seed, each
        move's events redacted for the viewer. Nothing for a network match or a saved log that no
        longer replays (the match itself is not touched)."""
        if not self.driver.local or not self.state.log:
            return []
        seer = self.viewer
        start = max(0, len(self.state.log) - keep)
        lines: list[str] = []
        try:
            past = self.state.replay(start)
            for text in self.state.log[start:]:
                move = past.parse_move(text)
                seen = [e.for_seat(seer) for e in past.apply(move)]
                lines += describe(move, seen, past.view(seer))
        except ValueError:  # an edited save whose moves no longer replay: nothing to recall
            return []
        return lines

    def incoming(self) -> tuple[list[str], list[str], bool]:
        """What the host sent: its refusals (sentences to show), news (sentences to show and log),
        and whether the seat's moves changed (the view must be read again)."""
        got = self.driver.poll()
        refusals = [self.explain(r) for r in got.refusals]
        news: list[str] = []
        changed = False
        for item in got.news:
            if item.get("type") == "refresh":
                changed = True
                continue
            news.append(self._news_line(item))
        return refusals, news, changed

    def _news_line(self, news: dict[str, Any]) -> str:
        """One sentence for a link or seat change (empty when nothing worth saying happened)."""
        tr, has = self.words.tr, self.words.has_text
        if news.get("type") == "link":
            status = news.get("status")
            if status == "lost":
                key = f"net.error.{news.get('key')}"
                return tr("net.lost", reason=tr(key) if has(key) else news.get("message", ""))
            return tr(f"net.link.{status}") if has(f"net.link.{status}") else ""
        if news.get("type") == "seats":
            mine = self.driver.remote.state.mine if isinstance(self.driver, NetworkDriver) else []
            lines = []
            for seat, (old, new) in enumerate(zip(self._seat_states, news.get("seats", []))):
                if old != new.get("state") and seat not in mine:
                    key = f"net.seat.{new.get('state')}"
                    if has(key):
                        lines.append(tr(key, name=new.get("name", "")))
            self._seat_states = [s.get("state") for s in news.get("seats", [])]
            return " ".join(lines)
        return ""

    def seat_buttons(self) -> list[tuple[str, str, Callable[[], None]]]:
        """For the host of a network table, a button for each seat whose player dropped out: the
        computer plays it (its player takes it back with their key); ``(key, label, action)``."""
        host = getattr(self.session, "host", None)
        if host is None or not isinstance(self.driver, NetworkDriver):
            return []
        mine = self.driver.remote.state.mine
        return [(f"net_bot_{seat}", self.words.tr("net.table.bot_for", name=status.get("name", "")),
                 partial(_give_to_bot, host, seat))
                for seat, status in enumerate(self.driver.remote.seats)
                if status.get("state") == "dropped" and seat not in mine]

    def seat_badge(self, seat: int, level: str) -> str:
        """A network seat's badge after its level: connected with its latency, or dropped."""
        status = self.driver.link_status(seat)
        if status is None:
            return level
        state, latency = status
        if state == "dropped":
            return self.words.tr("net.badge.dropped")
        if state == "connected" and latency is not None:
            return f"{level} · {round(latency * 1000)} ms"
        return level

    # ================================================================== undo
    def undo_may_come(self) -> bool:
        """Whether Undo belongs to this match at all (its place is kept while it is not offered):
        against bots (one person at the table, or pass-and-play with undo allowed), never in network
        play nor in a tutorial (whose steps follow one deal), nor once the match is over (it is counted)."""
        humans = self.session.humans
        allowed = len(humans) == 1 or (len(humans) > 1 and self.session.pass_and_play_undo)
        return self.driver.undo_refusal is None and allowed and not self.state.is_over()

    def undo_offered(self) -> bool:
        """Undo is offered once a person at the table has played something to take back."""
        mine = {str(h) for h in self.session.humans}
        return self.undo_may_come() and any(line.split(": ", 1)[0] in mine for line in self.state.log)

    def undo(self) -> Said:
        """Take back the player's last decision and the bots' replies to it (Ctrl+Z); the match then
        counts as assisted and is saved at once. What to tell the player: what was taken back, or why
        nothing was."""
        tr = self.words.tr
        if self.driver.undo_refusal is not None:
            return Said(tr(self.driver.undo_refusal))
        if self.state.is_over():
            return Said(tr("table.undo_over"))
        humans = self.session.humans
        if len(humans) != 1 and not self.session.pass_and_play_undo:
            return Said(tr("table.undo_pass_and_play"))
        fresh = {seat: self.descriptor.make_bot(level, self.session.bot_seed(seat) + len(self.state.log))
                 for seat, level in self.session.bot_levels.items()}
        try:
            taken = self.driver.take_back(humans, fresh)
        except IllegalMove as exc:
            return Said(self.explain(exc))
        self.session.assisted = True
        for at in [at for at in self.session.advice if at >= len(self.state.log)]:
            del self.session.advice[at]  # hints of moves taken back
        if self.session.saved:
            self.storage.save_session(self.session.to_json())
        self.choose_viewer()
        self.look()
        return Said(tr("table.undone", n=len(taken)), log=True)

    # ================================================================== hint
    def hint_may_come(self) -> bool:
        """Whether Hint belongs to this match at all (its place is kept while it is not offered):
        never in a tutorial, at a network table, nor once the match is over."""
        return self.driver.hint_refusal is None and self.coach is None and not self.state.is_over()

    def hint_offered(self) -> bool:
        """Whether the Hint button is shown: the viewer may move now, behind no curtain."""
        return self.hint_may_come() and bool(self.legal) and not self.curtain.shown and not self.driver.unready()

    def hint(self) -> Said | None:
        """Ask the hard bot what it would play in the viewer's place (H): it thinks off the render
        thread (``hint_answer`` gives its answer). ``None`` while it still thinks of the last one."""
        tr = self.words.tr
        if self.driver.hint_refusal is not None:
            return Said(tr(self.driver.hint_refusal))
        if self.driver.unready():
            # Play waits for them (Gang de mouettes' first cards): a move suggested now, a call even,
            # would answer a question the table is not asking; said so even to a seat with no move yet.
            return Said(tr("table.hint_looking"))
        if self.viewer is None or not self.legal:
            return Said(tr("table.hint_nothing"))
        if self._hint is not None and not self._hint.done:
            return None
        # The position's one analysis (``game.core.advice``): keyed by the match's advice secret, never by
        # the match seed that gives the deals; the review judges this move by the same answer.
        bot = Advisor(self.session.game_id, self.session.advice_secret)
        self._hint = BotTask(bot, self.viewer, "choose", self.state.view(self.viewer), list(self.legal),
                             ("hint", len(self.state.log)), 0.0)
        self.runner(self._hint)
        return Said(tr("table.hint_thinking"))

    @property
    def hint_pending(self) -> bool:
        """Whether a hint was asked and its answer not yet shown."""
        return self._hint is not None

    def hint_answer(self) -> Analysis | None:
        """The hint's analysis (its move, the bot's reason, whether it was a close call), once it has
        answered and only if the match has not moved on meanwhile. It is kept with the move count,
        for the review to judge the move by; the match then counts as assisted."""
        task = self._hint
        if task is None or not task.done:
            return None
        self._hint = None
        analysis = task.bot.analysis if isinstance(task.bot, Advisor) else None
        if task.key != ("hint", len(self.state.log)) or analysis is None or analysis.move not in self.legal:
            return None
        self.session.assisted = True
        self.session.advice[len(self.state.log)] = analysis  # saved with the next move
        return analysis

    # ================================================================== tutorial
    def coach_due(self) -> bool:
        """Whether the coach's step is the player's to play now (its move is legal, or they are to
        say they have looked at their cards)."""
        coach = self.coach
        humans = self.session.humans
        if coach is None or not humans:
            return False
        return coach.due(self.legal, humans[0] in self.driver.unready())

    def tutorial_skip(self) -> Move | None:
        """The step's move to play for the player, or ``None`` when there is none to play: a step
        that asked them to look at their cards is done at once, one not theirs yet is only passed."""
        coach = self.coach
        if coach is None or coach.step is None:
            return None
        due = self.coach_due()
        step = coach.skip()
        if step is None:
            return None
        if step.ready and due:
            self.driver.ready(self.session.humans[0])
            self.choose_viewer()
            self.look()
            return None
        if due and step.move is not None:
            return step.move
        coach.index += 1
        return None

    def tutorial_end(self) -> None:
        """Leave the coach: the match goes on as an ordinary one (never saved nor counted)."""
        if self.coach is not None:
            self.coach.ended = True

    def coach_lines(self) -> list[str]:
        """What the coach says now, one instruction at a time: the intro with the first step, the
        step (or that the opponents are playing), and the outro once the player may play again."""
        coach = self.coach
        if coach is None or coach.ended:
            return []
        tr = self.words.tr
        if coach.finished and not coach.lost and not (self.legal or self.state.is_over()):
            return [tr("tutorial.wait")]  # the opponents finish what the last step began
        lines = [tr(coach.say())] if coach.say() else []
        step = coach.step
        if step is not None:
            head = tr("tutorial.step", n=coach.index + 1, total=len(coach.tutorial.steps))
            told = coach.told()
            text = f"{tr(told)} {tr(step.text)}" if told else tr(step.text)
            lines.append(f"{head} · {text}" if self.coach_due() else tr("tutorial.wait"))
        return lines


def _give_to_bot(host: Any, seat: int) -> None:
    """The host stops waiting for a dropped player: the computer plays their seat."""
    host.host.call(lambda table: table.seat_bot(seat, "normal"))
