"""Files in the user data directory: the autosaved match, the statistics, the last setups and a
player's own deck.

Every write is atomic (``disk.atomic_write_json``), so a crash or a kill at any moment leaves
either the old file or the new one, never half of one. A file that cannot be read back is moved aside to ``<name>.damaged-<n>`` and a
notice is queued (an i18n key and its parameters, shown by the app as a toast on the title screen);
the app then starts as if the file were absent.

Statistics (a project decision): only matches between at least
one human and at least one bot count as "played against bots". Such a match is counted once, under
the level of the strongest bot at the table (hard > normal > easy), and it is "won" when a human
seat is among the winners. Matches between humans only are counted as pass-and-play matches;
bot-only matches (watching bots play) are not counted. A match played at a network table is
counted apart, under ``network`` (played and won by this computer's seats), whoever filled the
other seats: friends elsewhere and bots are not the same opponents as bots alone.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from disk import (
    DamagedFile,
    atomic_write_json,
    atomic_write_text,
    load_json_object,
    move_aside,
    read_json,
)

if TYPE_CHECKING:  # only for annotations: importing ui.session loads every engine and bot
    from ui.session import SeatInfo

SESSION_FILE = "current_match.json"
STATS_FILE = "statistics.json"
SETTINGS_FILE = "settings.json"
SETUPS_FILE = "setups.json"
HOSTED_FILE = "hosted-table.json"
"""The network table this app hosts, autosaved by its host (see ``ui.scenes.network``)."""
MATCHES_DIR = "matches"
MATCH_SUFFIX = ".match"
DECK_SUFFIX = "_deck.txt"
"""A player's own deck of a game is ``<game_id>_deck.txt``, a deck file they may also edit by hand."""
DECK_FILE_LIMIT = 100_000
"""Bytes: a deck file is a few hundred; anything far larger is damaged."""
MATCH_FILE_LIMIT = 2_000_000
"""Bytes: a match file is a few kilobytes; anything far larger is refused before it is read."""
LEVEL_ORDER = ("easy", "normal", "hard")
RESULTS_KEPT = 1000
"""Matches per game kept for the chart of results over time."""
T = TypeVar("T")


def hosted_file(data_dir: Path) -> Path:
    """Where the app with this data folder autosaves the table it hosts. Here rather than beside the
    hosting code, so that the title screen can look for it without loading the network stack."""
    return data_dir / HOSTED_FILE


def has_kept_keys(data_dir: Path) -> bool:
    """Whether seat keys of network tables are kept in ``data_dir`` (``net.keys``'s folder), looked
    at without loading the network stack."""
    try:
        return any((data_dir / "seat-keys").glob("*.json"))
    except OSError:
        return False


class BackgroundWriter:
    """Writes files on one background thread, in the order asked, each atomically: a move never
    waits on the disk (a synced write takes from 10 ms to a quarter of a second). A newer write of
    a path replaces one of the same path still waiting; other work on files (``run``) keeps its
    place in the order; ``flush`` waits until all is on disk. A failure is reported (``on_error``)
    and the writer goes on: a dead writer would leave ``flush``, and so quitting, waiting for ever."""

    def __init__(self, on_error: Callable[[Exception], None]) -> None:
        self._on_error = on_error
        self._pending: list[tuple[Path | None, str | Callable[[], None]]] = []
        self._busy = False
        self._cond = threading.Condition()
        self._thread: threading.Thread | None = None

    def put(self, path: Path, text: str) -> None:
        with self._cond:
            self._pending = [(p, t) for p, t in self._pending if p is None or p != path]
            self._queue(path, text)

    def run(self, job: Callable[[], None]) -> None:
        """Do ``job`` on the writer's thread after the writes asked before it (it reports its own
        failures: an ``OSError`` escaping it becomes the writer's error notice)."""
        with self._cond:
            self._queue(None, job)

    def _queue(self, path: Path | None, work: str | Callable[[], None]) -> None:
        self._pending.append((path, work))
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
            self._thread.start()
        self._cond.notify_all()

    def flush(self) -> None:
        """Wait until every write asked so far is done (at once on the writer's own thread)."""
        if threading.current_thread() is self._thread:
            return
        with self._cond:
            while self._pending or self._busy:
                self._cond.wait()

    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._pending:
                    self._cond.wait()
                path, work = self._pending.pop(0)
                self._busy = True
            try:
                if isinstance(work, str):
                    assert path is not None
                    atomic_write_text(path, work)
                else:
                    work()
            except OSError as exc:
                self._on_error(exc)
            except Exception as exc:  # a bug, not the disk: a crash report too, as for any thread
                threading.excepthook(threading.ExceptHookArgs((type(exc), exc, exc.__traceback__,
                                                               threading.current_thread())))
                self._on_error(exc)
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()


class Storage:
    """The autosaved match and the statistics in one data directory."""

    def __init__(self, data_dir: Path) -> None:
        self.data_dir = Path(data_dir)
        self.data_dir.mkdir(parents=True, exist_ok=True)
        self.notices: list[tuple[str, dict[str, Any]]] = []
        self._notices_lock = threading.Lock()
        self.writer = BackgroundWriter(lambda exc: self._notice("notice.save_failed", error=str(exc)))

    @property
    def session_path(self) -> Path:
        return self.data_dir / SESSION_FILE

    @property
    def stats_path(self) -> Path:
        return self.data_dir / STATS_FILE

    def _notice(self, key: str, **params: Any) -> None:
        with self._notices_lock:  # the background writer reports from its own thread
            self.notices.append((key, params))

    def take_notices(self) -> list[tuple[str, dict[str, Any]]]:
        """The queued notices (i18n key, parameters), emptying the queue."""
        with self._notices_lock:
            notices, self.notices = self.notices, []
        return notices

    # ------------------------------------------------------------------ the autosaved match
    def autosave_session(self, data: dict[str, Any]) -> None:
        """Autosave the running match off the render thread (see ``BackgroundWriter``); a refusal
        of the disk comes back as a notice."""
        try:
            text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        except (TypeError, ValueError) as exc:
            self._notice("notice.save_failed", error=str(exc))
            return
        self.writer.put(self.session_path, text)

    def flush(self) -> None:
        """Wait for the autosaves still being written (before reading the file, or quitting)."""
        self.writer.flush()

    def save_session(self, data: dict[str, Any]) -> bool:
        """Save the running match atomically now, after any autosave still being written; False
        (and a notice) if the disk refused."""
        self.flush()
        try:
            atomic_write_json(self.session_path, data)
        except (OSError, TypeError, ValueError) as exc:
            self._notice("notice.save_failed", error=str(exc))
            return False
        return True

    def has_session(self) -> bool:
        """Whether an autosaved match exists (it may still turn out damaged)."""
        self.flush()
        return self.session_path.is_file()

    def load_session(self) -> dict[str, Any] | None:
        """The autosaved match, or None; a damaged file is moved aside with a notice."""
        self.flush()
        try:
            return load_json_object(self.session_path)
        except DamagedFile as damaged:
            self._notice("notice.damaged_save", file=damaged.moved.name)
            return None

    def discard_damaged_session(self) -> None:
        """Move a saved match that cannot be resumed aside and queue the notice saying so."""
        self.flush()
        if self.session_path.exists():
            moved = move_aside(self.session_path)
            self._notice("notice.damaged_save", file=moved.name)

    def clear_session(self) -> None:
        """Forget the autosaved match (it ended, or the player abandoned it), after any autosave
        still being written."""
        self.flush()
        try:
            self.session_path.unlink()
        except FileNotFoundError:
            pass

    # ------------------------------------------------------------------ match files
    @property
    def matches_dir(self) -> Path:
        return self.data_dir / MATCHES_DIR

    def save_match_file(self, game_id: str, text: str, when: float | None = None) -> Path:
        """Write a match file into the matches folder under a new dated name; ``OSError`` if refused."""
        stamp = time.strftime("%Y-%m-%d_%H-%M-%S", time.localtime(time.time() if when is None else when))
        path = self.matches_dir / f"{stamp}_{game_id}{MATCH_SUFFIX}"
        n = 2
        while path.exists():
            path = self.matches_dir / f"{stamp}_{game_id}-{n}{MATCH_SUFFIX}"
            n += 1
        atomic_write_text(path, text)
        return path

    def finish_match(self, game_id: str, seats: Sequence[SeatInfo], winners: Sequence[int], assisted: bool,
                     record: Callable[[], tuple[Mapping[int, Mapping[str, int]], str | None]],
                     network: bool = False) -> None:
        """A match ended: count it (``record_result``) with the human seats' figures, keep its file
        (``keep_finished``, when there is one) and forget its autosave, all on the writer's thread
        after the autosaves before, so that the frame that ends a match never waits on the disk.
        ``record`` gives the figures and the file's text there (a network match is rebuilt then,
        off the frame). A ``network`` match was never autosaved here (its host saves it): the
        autosave of a match played here stays."""
        def finish() -> None:
            figures, text = record()
            self.record_result(game_id, seats, winners, assisted=assisted, figures=figures, network=network)
            if text is not None:
                self.keep_finished(game_id, text)
            if not network:
                self.clear_session()  # its flush does not wait on the writer's own thread

        self.writer.run(finish)

    def keep_finished(self, game_id: str, text: str) -> Path | None:
        """Keep a finished match's file for replays; None (and a notice) if the disk refused."""
        try:
            return self.save_match_file(game_id, text)
        except OSError as exc:
            self._notice("notice.save_failed", error=str(exc))
            return None

    def match_files(self) -> list[Path]:
        """The match files in the matches folder, newest first (once those being written are)."""
        self.flush()
        if not self.matches_dir.is_dir():
            return []
        return sorted(self.matches_dir.glob(f"*{MATCH_SUFFIX}"), key=lambda p: p.name, reverse=True)

    @staticmethod
    def read_match_file(path: Path) -> str:
        """A match file's text; ``ValueError`` naming the problem (missing, too large, not text)."""
        try:
            size = path.stat().st_size
            if size > MATCH_FILE_LIMIT:
                raise ValueError(f"{path.name} is {size // 1000} kB: too large to be a match file")
            return path.read_bytes().decode("utf-8")
        except UnicodeDecodeError:
            raise ValueError(f"{path.name} is not a text file") from None
        except OSError as exc:
            raise ValueError(f"{path.name} cannot be read ({exc.strerror or exc})") from None

    # ------------------------------------------------------------------ a player's own deck
    def deck_path(self, game_id: str) -> Path:
        return self.data_dir / f"{game_id}{DECK_SUFFIX}"

    def user_deck(self, game_id: str, read: Callable[[str], T]) -> T | None:
        """The player's own deck of ``game_id`` as ``read`` makes it from the file's text (None: no
        file). A file that cannot be read, or that ``read`` refuses with ``ValueError``, is moved
        aside with a notice naming the reason, and None is returned (the default deck is used)."""
        path = self.deck_path(game_id)
        if not path.is_file():
            return None
        try:
            if path.stat().st_size > DECK_FILE_LIMIT:
                raise ValueError(f"{path.name} is far too large to be a deck file")
            return read(path.read_bytes().decode("utf-8"))
        except (OSError, UnicodeDecodeError, ValueError) as exc:
            reason = "not a text file" if isinstance(exc, UnicodeDecodeError) else str(exc)
            try:
                moved = move_aside(path)
            except OSError:
                moved = path
            self._notice("notice.damaged_deck", file=moved.name, reason=reason)
            return None

    def save_user_deck(self, game_id: str, text: str) -> bool:
        """Keep ``text`` as the player's own deck of ``game_id``, atomically; False (and a notice)
        if the disk refused."""
        try:
            atomic_write_text(self.deck_path(game_id), text)
        except OSError as exc:
            self._notice("notice.save_failed", error=str(exc))
            return False
        return True

    def forget_user_deck(self, game_id: str) -> bool:
        """Go back to the rules page's deck for ``game_id`` (its file removed); False (and a notice)
        if the disk refused."""
        try:
            self.deck_path(game_id).unlink(missing_ok=True)
        except OSError as exc:
            self._notice("notice.save_failed", error=str(exc))
            return False
        return True

    # ------------------------------------------------------------------ last setups
    def last_setup(self, game_id: str) -> dict[str, Any] | None:
        """The seats and options last used to start ``game_id`` (None if never, or if damaged)."""
        try:
            data = load_json_object(self.data_dir / SETUPS_FILE)
        except DamagedFile:
            self._notice("notice.damaged_setups")
            return None
        setup = None if data is None else data.get(game_id)
        return setup if isinstance(setup, dict) else None

    def remember_setup(self, game_id: str, setup: dict[str, Any]) -> None:
        """Keep the seats and options of a match just started, to offer them next time."""
        path = self.data_dir / SETUPS_FILE
        data: dict[str, Any] = {}
        if path.is_file():
            try:
                loaded = read_json(path)
            except (OSError, ValueError):
                loaded = None
            if isinstance(loaded, dict):
                data = loaded
        data[game_id] = setup
        try:
            atomic_write_json(path, data)
        except OSError as exc:
            self._notice("notice.save_failed", error=str(exc))

    # ------------------------------------------------------------------ statistics
    def stats(self) -> dict[str, Any]:
        """``{game_id: {"levels": {level: {"played", "won"}}, "pass_and_play": n}}``, once the
        records still being written are on disk."""
        self.flush()
        try:
            data = load_json_object(self.stats_path, lambda d: all(isinstance(v, dict) for v in d.values()))
        except DamagedFile:
            self._notice("notice.damaged_stats")
            return {}
        return data or {}

    def record_result(self, game_id: str, seats: Sequence[SeatInfo], winners: Sequence[int],
                      assisted: bool = False, figures: Mapping[int, Mapping[str, int]] | None = None,
                      when: float | None = None, network: bool = False) -> None:
        """Count a finished match (see the module docstring for what counts); an ``assisted`` one
        (a move taken back, a hint) is counted apart, under ``assisted`` in its level's row, a
        ``network`` one under ``network`` (seats with a level are then friends elsewhere or bots).

        ``figures`` are the human seats' ``seat_stats``: summed per game (``best_*`` keep their
        maximum). Each counted match also joins the game's ``results`` (for the chart over time)
        and its winning streak against bots."""
        bots = [s.level for s in seats if s.level is not None]
        humans = [i for i, s in enumerate(seats) if s.level is None]
        if not humans:
            return
        data = self.stats()
        game = data.setdefault(game_id, {})
        won = any(w in humans for w in winners)
        if network:
            row = game["network"] if isinstance(game.get("network"), dict) else {}
            game["network"] = {"played": int(row.get("played", 0)) + 1, "won": int(row.get("won", 0)) + won}
            level = "network"
        elif not bots:
            game["pass_and_play"] = int(game.get("pass_and_play", 0)) + 1
            level = "pass_and_play"
        else:
            level = max(bots, key=lambda lv: LEVEL_ORDER.index(lv) if lv in LEVEL_ORDER else -1)
            levels = game.setdefault("levels", {})
            row = levels.setdefault(level, {"played": 0, "won": 0})
            if assisted:
                row = row.setdefault("assisted", {"played": 0, "won": 0})
            row["played"] = int(row.get("played", 0)) + 1
            if won:
                row["won"] = int(row.get("won", 0)) + 1
            streak = int(game.get("streak", 0)) + 1 if won else 0
            game["streak"] = streak
            game["best_streak"] = max(streak, int(game.get("best_streak", 0)))
        totals = game.setdefault("figures", {})
        for seat in humans:
            for key, value in (figures or {}).get(seat, {}).items():
                old = totals.get(key, 0)
                old = old if isinstance(old, int) else 0
                totals[key] = max(old, int(value)) if key.startswith("best_") else old + int(value)
        if figures:
            totals["seats"] = int(totals.get("seats", 0)) + len(humans)
        results = game.get("results") if isinstance(game.get("results"), list) else []
        results.append({"t": int(time.time() if when is None else when), "level": level, "won": won,
                        "assisted": assisted})
        game["results"] = results[-RESULTS_KEPT:]
        try:
            atomic_write_json(self.stats_path, data)
        except OSError as exc:
            self._notice("notice.save_failed", error=str(exc))
