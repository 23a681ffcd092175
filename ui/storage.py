"""Files in the user data directory: the unfinished matches, the statistics, the last setups and a
player's own deck.

Every write is atomic (``disk.atomic_write_json``), so a crash or a kill at any moment leaves
either the old file or the new one, never half of one. A file that cannot be read back is moved aside to ``<name>.damaged-<n>`` and a
notice is queued (an i18n key and its parameters, shown by the app as a toast on the title screen);
the app then starts as if the file were absent.

Unfinished matches (a project decision): every match played here is autosaved in a file of its own,
``saves/<save id>.json``, until it ends or the player deletes it; starting a new match never touches
another. *Continue* resumes the one played last (the file written last). At most ``SAVES_KEPT`` are
kept: beyond, the one played longest ago is deleted and a notice says so. Only this process writes
them (one Tablée per data folder, ``disk.instance``), each through the one background writer.

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
import os
import re
import secrets
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
"""The one autosaved match of the versions before matches were kept side by side (migrated)."""
SAVES_DIR = "saves"
"""The unfinished matches, one file each, ``<save id>.json``."""
SAVE_SUFFIX = ".json"
SAVES_KEPT = 20
"""Unfinished matches kept at most: beyond, the one played longest ago is deleted (said in a notice)."""
SAVE_ID = re.compile(r"[0-9a-z][0-9a-z-]{0,63}")
"""What a saved match's id (its file's name) may be: nothing that could lead out of its folder."""
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


def new_save_id(when: float | None = None) -> str:
    """A new saved match's id: when it was started, and random letters so two never meet."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(time.time() if when is None else when))
    return f"{stamp}-{secrets.token_hex(4)}"


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
        self.migrate_single_slot()

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

    # ------------------------------------------------------------------ the unfinished matches
    @property
    def saves_dir(self) -> Path:
        return self.data_dir / SAVES_DIR

    def save_path(self, save_id: str) -> Path:
        """The file of the unfinished match ``save_id``; ``ValueError`` for an id that is not one."""
        if not isinstance(save_id, str) or SAVE_ID.fullmatch(save_id) is None:
            raise ValueError(f"{save_id!r} is not the name of a saved match")
        return self.saves_dir / f"{save_id}{SAVE_SUFFIX}"

    def _path_of(self, data: dict[str, Any]) -> Path:
        return self.save_path(data.get("save_id"))  # type: ignore[arg-type]

    def migrate_single_slot(self) -> None:
        """Before matches were kept side by side there was one autosave, ``current_match.json``:
        it becomes one of the saved matches (moved as it is, so its date of last play stays)."""
        old = self.data_dir / SESSION_FILE
        if not old.is_file():
            return
        try:
            when = old.stat().st_mtime
            self.saves_dir.mkdir(parents=True, exist_ok=True)
            target = self.save_path(new_save_id(when))
            while target.exists():
                target = self.save_path(new_save_id(when))
            os.replace(old, target)
        except OSError as exc:  # left where it is, tried again at the next start
            self._notice("notice.save_failed", error=str(exc))

    def autosave_session(self, data: dict[str, Any]) -> None:
        """Autosave a running match (``MatchSession.to_json``, its ``save_id`` names its file) off the
        render thread (see ``BackgroundWriter``); a refusal of the disk comes back as a notice."""
        try:
            path = self._path_of(data)
            text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        except (TypeError, ValueError) as exc:
            self._notice("notice.save_failed", error=str(exc))
            return
        self.writer.put(path, text)

    def flush(self) -> None:
        """Wait for the autosaves still being written (before reading the file, or quitting)."""
        self.writer.flush()

    def save_session(self, data: dict[str, Any]) -> bool:
        """Save a running match atomically now, after any autosave still being written; False
        (and a notice) if the disk refused."""
        self.flush()
        try:
            atomic_write_json(self._path_of(data), data)
        except (OSError, TypeError, ValueError) as exc:
            self._notice("notice.save_failed", error=str(exc))
            return False
        return True

    def _save_files(self) -> list[tuple[float, Path]]:
        """The saved matches' files with the time each was last written, the latest first."""
        if not self.saves_dir.is_dir():
            return []
        found = []
        for path in self.saves_dir.glob(f"*{SAVE_SUFFIX}"):
            if SAVE_ID.fullmatch(path.stem) is None or not path.is_file():
                continue
            try:
                found.append((path.stat().st_mtime, path))
            except OSError:
                continue
        return sorted(found, key=lambda item: (item[0], item[1].name), reverse=True)

    def has_session(self) -> bool:
        """Whether an unfinished match is saved (it may still turn out damaged)."""
        self.flush()
        return bool(self._save_files())

    def saved_count(self) -> int:
        """How many unfinished matches are saved, ``SAVES_KEPT`` at most (some may still turn out damaged)."""
        self.flush()
        return min(SAVES_KEPT, len(self._save_files()))

    def _read_save(self, path: Path) -> dict[str, Any] | None:
        """One saved match's data, its ``save_id`` the file's name; None (and a notice) when damaged."""
        try:
            if path.stat().st_size > MATCH_FILE_LIMIT:
                raise DamagedFile(move_aside(path))
            data = load_json_object(path)
        except DamagedFile as damaged:
            self._notice("notice.damaged_save", file=damaged.moved.name)
            return None
        except OSError:
            return None
        if data is not None:
            data["save_id"] = path.stem
        return data

    def saved_sessions(self) -> list[tuple[float, dict[str, Any]]]:
        """The unfinished matches (when each was last played, its data), the latest first, at most
        ``SAVES_KEPT`` (files put in the folder by other means beyond that are not read: the next
        match started trims them); a damaged file is moved aside with a notice."""
        self.flush()
        kept: list[tuple[float, dict[str, Any]]] = []
        for when, path in self._save_files():
            if len(kept) == SAVES_KEPT:
                break
            data = self._read_save(path)
            if data is not None:
                kept.append((when, data))
        return kept

    def load_session(self, save_id: str | None = None) -> dict[str, Any] | None:
        """The unfinished match ``save_id`` (None: the one played last, what *Continue* resumes),
        or None; a damaged file is moved aside with a notice."""
        self.flush()
        if save_id is not None:
            try:
                path = self.save_path(save_id)
            except ValueError:
                return None
            return self._read_save(path)
        for _, path in self._save_files():
            data = self._read_save(path)
            if data is not None:
                return data
        return None

    def discard_damaged_session(self, save_id: str) -> None:
        """Move a saved match that cannot be resumed aside and queue the notice saying so."""
        self.flush()
        path = self.save_path(save_id)
        if path.exists():
            moved = move_aside(path)
            self._notice("notice.damaged_save", file=moved.name)

    def clear_session(self, save_id: str) -> bool:
        """Forget the unfinished match ``save_id`` (it ended, or the player deleted or abandoned it),
        after any autosave still being written; False (and a notice) if the disk refused."""
        self.flush()
        try:
            self.save_path(save_id).unlink(missing_ok=True)
        except OSError as exc:
            self._notice("notice.save_failed", error=str(exc))
            return False
        return True

    def keep_bound(self, current: str) -> None:
        """Keep at most ``SAVES_KEPT`` unfinished matches: beyond, the ones played longest ago are
        deleted (never ``current``, the match being played), with a notice saying so. On the
        writer's thread, after the autosave that may have added one."""
        def bound() -> None:
            files = [path for _, path in self._save_files() if path.stem != current]
            dropped = files[SAVES_KEPT - 1:]
            for path in dropped:
                path.unlink(missing_ok=True)
            if dropped:
                self._notice("notice.saves_dropped", n=len(dropped), kept=SAVES_KEPT)

        self.writer.run(bound)

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
                     network: bool = False, save_id: str | None = None) -> None:
        """A match ended: count it (``record_result``) with the human seats' figures, keep its file
        (``keep_finished``, when there is one) and forget its autosave ``save_id``, all on the
        writer's thread after the autosaves before, so that the frame that ends a match never waits
        on the disk. ``record`` gives the figures and the file's text there (a network match is
        rebuilt then, off the frame). A ``network`` match was never autosaved here (its host saves
        it): it has no ``save_id``, and the matches saved here stay."""
        def finish() -> None:
            figures, text = record()
            self.record_result(game_id, seats, winners, assisted=assisted, figures=figures, network=network)
            if text is not None:
                self.keep_finished(game_id, text)
            if save_id is not None:
                self.clear_session(save_id)  # its flush does not wait on the writer's own thread

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
