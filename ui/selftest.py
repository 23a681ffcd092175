"""``tablee --selftest``: prove that this copy of Tablée, from source or packaged, can run every game.

Starts the real app headless (SDL's dummy video and audio drivers, set before pygame is imported),
loads every asset the app uses (theme, translations, rules pages, icon, pygame_gui's fonts), opens
the title, rules, setup, settings and statistics screens in each language, draws every card face of
every game, plays one short bot-only match of each registered game through the real loop (``App`` +
``TableScene``, instant animation, no bot delay), saves a match into a temporary data directory and
resumes it. Prints one line per check and returns 0 when all pass, 1 otherwise
with the reason, so a missing data file or a hidden import in the executable fails CI.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

CARD_WIDTH = 96
WINDOW = (1280, 800)
FRAME_DT = 1 / 60
MAX_FRAMES_PER_MATCH = 40_000
MAX_SECONDS_PER_MATCH = 150.0
SETTLE_FRAMES = 600
RESUME_MOVES = 12
SEED = 20_251_121


class SelftestFailure(Exception):
    """A check found something wrong; the message says what."""


def _headless() -> None:
    """Use SDL's dummy drivers: the self-test never opens a window or a sound device."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def _say(text: str) -> None:
    # A windowed program started by a double-click has no stdout; print() then writes nothing.
    print(text, flush=True)


# ---------------------------------------------------------------------------- assets
def required_assets(game_ids: Iterable[str], languages: Iterable[str]) -> list[str]:
    """The asset paths (relative to ``assets/``) the app cannot do without: each game's rules page in
    English, the language every other one falls back to (a language may still lack its own pages)."""
    from ui.i18n import FALLBACK

    paths = ["theme.json", "icon.png"]
    paths += [f"rules/{lang}/{game_id}.md" for game_id in game_ids for lang in languages if lang == FALLBACK]
    return paths


def check_assets(game_ids: Sequence[str]) -> str:
    """Every required asset is there, and every file under ``assets/`` opens as what it claims to be."""
    import pygame

    from ui.i18n import LANGUAGES, load_catalog
    from ui.resources import resource_path

    root = resource_path("")
    if not root.is_dir():
        raise SelftestFailure(f"the assets folder is missing: {root}")
    missing = [rel for rel in required_assets(game_ids, LANGUAGES) if not resource_path(rel).is_file()]
    for lang in LANGUAGES:
        if not load_catalog(lang):
            missing.append(f"i18n/{lang}/*.json (no strings)")
    if missing:
        raise SelftestFailure("missing assets: " + ", ".join(missing))
    pygame.font.init()
    checked = 0
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        _open_asset(path, pygame)
        checked += 1
    return f"{checked} files under {root}"


def _open_asset(path: Path, pygame: Any) -> None:
    """Read one asset the way the app will (JSON parsed, text decoded, images and fonts loaded)."""
    suffix = path.suffix.lower()
    try:
        if suffix == ".json":
            json.loads(path.read_text(encoding="utf-8"))
        elif suffix in (".md", ".txt"):
            if not path.read_text(encoding="utf-8").strip():
                raise SelftestFailure(f"{path} is empty")
        elif suffix in (".png", ".jpg", ".jpeg", ".bmp", ".svg", ".webp"):
            pygame.image.load(str(path))
        elif suffix in (".ttf", ".otf"):
            pygame.font.Font(str(path), 12)
        else:
            path.read_bytes()
    except (OSError, ValueError, pygame.error) as exc:
        raise SelftestFailure(f"cannot read {path}: {exc}") from exc


def check_pygame_gui_data() -> str:
    """pygame_gui's default theme and the fonts the app draws with are bundled and load."""
    from importlib import resources

    import pygame

    data = resources.files("pygame_gui.data")
    json.loads((data / "default_theme.json").read_text(encoding="utf-8"))
    pygame.font.init()
    names = ("NotoSans-Regular.ttf", "NotoSans-Bold.ttf")
    for name in names:
        with resources.as_file(data / name) as font_path:
            pygame.font.Font(str(font_path), 14)
    return "default theme, " + ", ".join(names)


# ---------------------------------------------------------------------------- the app
def check_screens(app: Any, game_ids: Sequence[str]) -> str:
    """In each language, the title, every game's rules page and setup form, settings and statistics draw."""
    from ui.i18n import LANGUAGES
    from ui.scenes.setup import SetupScene
    from ui.scenes.stats import StatsScene

    start = app.language
    opened = 0
    for lang in LANGUAGES:
        app.set_language(lang)
        _show(app, None)
        for game_id in game_ids:
            _show(app, partial(app.show_rules, game_id))
            _show(app, partial(app.push, SetupScene(app, game_id)))
        _show(app, app.show_settings)
        _show(app, lambda: app.push(StatsScene(app)))
        opened += 3 + 2 * len(game_ids)
    app.set_language(start)
    return f"{opened} screens in {', '.join(LANGUAGES)}"


def _show(app: Any, open_scene: Callable[[], None] | None) -> None:
    """Open a scene above the title (None: the title itself), draw a few frames, go back to the title."""
    if open_scene is not None:
        open_scene()
    for _ in range(3):
        app.step(FRAME_DT)
    if not app.running:
        raise SelftestFailure(f"the app quit while showing {type(app.top).__name__}")
    app.pop_to_title()


def check_cards(app: Any, games: dict[str, Any]) -> str:
    """Every card of every game draws at one size (faces and the back)."""
    from ui.cards import CardArt, card_height

    art = CardArt(font=app.font, tr=app.tr)
    size = (CARD_WIDTH, card_height(CARD_WIDTH))
    counts = []
    for game_id, descriptor in games.items():
        cards: set[str] = set()
        for options in _option_sets(descriptor):
            cards.update(descriptor.State.full_deck(options))
        for card in sorted(cards):
            try:
                face = art.face(card, CARD_WIDTH)
            except Exception as exc:
                raise SelftestFailure(f"{game_id}: card {card!r} cannot be drawn ({exc!r})") from exc
            if face.get_size() != size:
                raise SelftestFailure(f"{game_id}: card {card!r} is {face.get_size()}, expected {size}")
        counts.append(f"{game_id} {len(cards)}")
    if art.back(CARD_WIDTH).get_size() != size:
        raise SelftestFailure("the card back has the wrong size")
    return ", ".join(counts)


def _option_sets(descriptor: Any) -> list[Any]:
    sets = [descriptor.Options()]
    if descriptor.quick_options is not None:
        sets.append(descriptor.quick_options())
    return sets


def bot_seats(descriptor: Any) -> list[Any]:
    """The smallest table of ``descriptor``'s game, every seat a bot of its lowest level."""
    from ui.session import SeatInfo

    level = descriptor.bot_levels[0]
    return [SeatInfo(f"Bot {i + 1}", level) for i in range(descriptor.min_players)]


def play_match(app: Any, game_id: str, descriptor: Any, seed: int = SEED) -> str:
    """One short all-bot match of ``game_id`` through ``App.step`` until it is over and cleared."""
    from ui.session import MatchSession

    options = descriptor.quick_options() if descriptor.quick_options is not None else None
    session = MatchSession.new(game_id, bot_seats(descriptor), options=options, seed=seed)
    app.start_match(session)
    table = app.top
    if type(table).__name__ != "TableScene":
        raise SelftestFailure(f"{game_id}: start_match left {type(table).__name__} on top, not the table")
    started = time.perf_counter()
    frames = 0
    while not session.state.is_over():
        if frames >= MAX_FRAMES_PER_MATCH or time.perf_counter() - started > MAX_SECONDS_PER_MATCH:
            raise SelftestFailure(
                f"{game_id}: the bot-only match did not finish in {frames} frames / "
                f"{time.perf_counter() - started:.0f} s ({len(session.state.log)} moves played, "
                f"{type(app.top).__name__} on top)"
            )
        if not app.running:
            raise SelftestFailure(f"{game_id}: the app quit during the match")
        app.step(FRAME_DT)
        frames += 1
    moves = len(session.state.log)
    for _ in range(SETTLE_FRAMES):
        if app.storage.load_session(session.save_id) is None:
            break
        app.step(FRAME_DT)
        frames += 1
    if app.storage.load_session(session.save_id) is not None:
        raise SelftestFailure(f"{game_id}: the match is over but its autosave was not cleared")
    seconds = time.perf_counter() - started
    app.pop_to_title()
    app.step(FRAME_DT)
    return f"{moves} moves, {frames} frames, {seconds:.1f} s"


def check_save_and_resume(app: Any, game_id: str, descriptor: Any) -> str:
    """A match saved into the data directory reads back equal, resumes, and the table opens on it."""
    from ui.session import MatchSession
    from ui.storage import Storage

    options = descriptor.quick_options() if descriptor.quick_options is not None else None
    session = MatchSession.new(game_id, bot_seats(descriptor), options=options, seed=SEED + 1)
    state = session.state
    for _ in range(RESUME_MOVES):
        if state.is_over() or not state.to_move():
            break
        seat = state.to_move()[0]
        state.apply(state.legal_moves(seat)[0])
    saved = session.to_json()
    if not app.storage.save_session(saved):
        raise SelftestFailure(f"saving into {app.data_dir} failed: {app.storage.take_notices()}")
    loaded = Storage(app.data_dir).load_session(session.save_id)
    expected = json.loads(json.dumps(saved))
    if loaded != expected:
        raise SelftestFailure("the saved match read back differently from what was saved")
    resumed = MatchSession.from_json(loaded)
    if resumed.to_json() != expected:
        raise SelftestFailure("the resumed match differs from the saved one")
    app.start_match(resumed)
    for _ in range(10):
        app.step(FRAME_DT)
    app.pop_to_title()
    app.storage.clear_session(session.save_id)
    return f"{game_id} after {len(state.log)} moves, in {app.data_dir}"


# ---------------------------------------------------------------------------- driver
def check_crash_report(app: Any) -> str:
    """A failing screen is reported (traceback, version, system, the autosaved match) in the data
    folder, the app goes back to the title, and the next start is told where the report is."""
    import json

    from ui.crash import CRASH_FOLDER, mark_unseen, take_unseen
    from ui.scenes.settings import SettingsScene

    scene = SettingsScene(app)
    app.push(scene)

    def broken(surface: Any) -> None:
        raise RuntimeError("self-test: a screen that fails on purpose")

    scene.draw = broken  # type: ignore[method-assign]
    app.step(FRAME_DT)
    app.step(FRAME_DT)
    reports = sorted((app.places.state / CRASH_FOLDER).glob("crash-*.json"))
    if not reports or type(app.top).__name__ != "TitleScene":
        raise SelftestFailure("a failing screen was not reported and closed")
    data = json.loads(reports[-1].read_text(encoding="utf-8"))
    if not (data.get("traceback") and data.get("version") and data.get("system") and "on purpose" in data["error"]):
        raise SelftestFailure(f"the crash report lacks something: {sorted(data)}")
    mark_unseen(app.places.state, reports[-1])
    if take_unseen(app.places.state) != str(reports[-1]):
        raise SelftestFailure("the next start would not be told about the crash")
    return f"{reports[-1].name} written, the title shown again"


def check_network(game_id: str = "gin_rummy") -> str:
    """A table hosted on loopback (WebSocket server) with two network bots, played to the end."""
    import asyncio

    from game import GAMES
    from net.client import play_bot
    from net.host import Host
    from net.table import HostedTable, NetSeat

    async def match() -> int:
        seats = [NetSeat("A", "remote"), NetSeat("B", "remote")]
        state = GAMES[game_id].new_match(["A", "B"], seed=SEED)
        table = HostedTable(state, seats, "SELF42", auto_start=True)
        host = Host(table, bind="127.0.0.1", port=0)
        task = asyncio.create_task(host.run())
        while not host.ready.is_set():
            if task.done():
                task.result()
            await asyncio.sleep(0.01)
        where = f"127.0.0.1:{host.port}"
        await asyncio.wait_for(asyncio.gather(*[play_bot(where, "SELF42", "easy", seat=s) for s in (0, 1)]), 60)
        await asyncio.wait_for(task, 10)
        if not state.is_over():
            raise SelftestFailure("the hosted match did not end")
        return len(state.log)

    return f"{asyncio.run(match())} moves over loopback"


def check_bot_process(game_id: str = "gin_rummy") -> str:
    """The app's bots think in a separate process: start it, ask a hard bot, get its answer."""
    from game import GAMES
    from game.core.referee import BotTask
    from ui.table.bots import ProcessRunner

    desc = GAMES[game_id]
    state = desc.new_match(2, seed=SEED)
    seat = state.to_move()[0]
    task = BotTask(desc.make_bot("hard", SEED), seat, "choose", state.view(seat), state.legal_moves(seat), 0, 0.0)
    runner = ProcessRunner()
    try:
        runner(task)
        if not runner.wait(60) or not _answered(task):
            raise SelftestFailure("the bot process gave no answer")
    finally:
        runner.close()
    if task.error is not None or task.move not in state.legal_moves(seat):
        raise SelftestFailure(f"the bot process answered {task.move!r} ({task.error!r})")
    return f"{task.move} from the worker process"


def _answered(task: Any) -> bool:
    deadline = time.monotonic() + 60
    while not task.done and time.monotonic() < deadline:
        time.sleep(0.02)
    return bool(task.done)


def _executable_folder_listing() -> dict[str, float] | None:
    """Names and times of the files beside a packaged executable (None when run from source)."""
    if not getattr(sys, "frozen", False):
        return None
    folder = Path(sys.executable).resolve().parent
    return {p.name: p.stat().st_mtime for p in folder.iterdir()}


class _Report:
    """Runs named checks, printing one line each, and counts what passed and what failed."""

    def __init__(self) -> None:
        self.passed = 0
        self.failures: list[str] = []

    def check(self, name: str, action: Callable[[], str]) -> bool:
        """Run ``action``; its return value is printed as the detail of a passed check."""
        started = time.perf_counter()
        try:
            detail = action()
        except Exception as exc:  # noqa: BLE001 (every failure is reported, with where it happened)
            self.fail(name, _describe(exc))
            return False
        _say(f"ok   {name}: {detail} ({time.perf_counter() - started:.1f} s)")
        self.passed += 1
        return True

    def fail(self, name: str, message: str) -> None:
        self.failures.append(f"{name}: {message}")
        _say(f"FAIL {name}: {message}")


def _describe(exc: BaseException) -> str:
    if isinstance(exc, SelftestFailure):
        return str(exc)
    frames = traceback.extract_tb(exc.__traceback__)
    place = f" [{Path(frames[-1].filename).name}:{frames[-1].lineno}]" if frames else ""
    return f"{type(exc).__name__}: {exc}{place}"


def run(game_ids: Sequence[str] | None = None) -> int:
    """Run every check (all registered games unless ``game_ids`` is given); 0 when all pass.

    The last line printed is ``selftest: N passed, M failed``.
    """
    _headless()
    started = time.perf_counter()
    report = _Report()
    beside_before = _executable_folder_listing()
    from ui.version import tablee_version

    how = "packaged" if getattr(sys, "frozen", False) else "from source"
    _say(f"Tablée {tablee_version()} self-test ({how})")
    games: dict[str, Any] = {}

    def load_engines() -> str:
        from game import GAMES

        unknown = [g for g in game_ids or () if g not in GAMES]
        if unknown or not GAMES:
            raise SelftestFailure(f"unknown games {unknown} (registered: {sorted(GAMES)})")
        games.update({g: GAMES[g] for g in (game_ids or GAMES)})
        return ", ".join(GAMES)

    if report.check("engines", load_engines):
        from game import GAMES

        report.check("assets", lambda: check_assets(list(GAMES)))
        report.check("pygame_gui data", check_pygame_gui_data)
        report.check("network table", check_network)
        with tempfile.TemporaryDirectory(prefix="tablee-selftest-") as tmp:
            _play_in_app(report, games, Path(tmp))
    if beside_before != _executable_folder_listing():
        report.fail("data location", "the executable wrote files into its own folder")
    elapsed = time.perf_counter() - started
    if report.failures:
        _say(f"self-test FAILED in {elapsed:.1f} s:")
        for failure in report.failures:
            _say(f"  - {failure}")
    else:
        _say(f"self-test passed in {elapsed:.1f} s")
    _say(f"selftest: {report.passed} passed, {len(report.failures)} failed")
    return 1 if report.failures else 0


def _play_in_app(report: _Report, games: dict[str, Any], data_dir: Path) -> None:
    """The checks that need the running app, on a throw-away data directory."""
    apps: list[Any] = []

    def start_app() -> str:
        from ui.app import App

        app = App(data_dir=data_dir, size=WINDOW, headless=True)
        apps.append(app)
        app.settings.animation_speed = "instant"
        app.settings.bot_delay = 0.0
        app.step(FRAME_DT)
        return f"{type(app.top).__name__} drawn at {app.screen.get_size()}"

    if not report.check("app", start_app):
        return
    app = apps[0]
    try:
        report.check("screens", lambda: check_screens(app, list(games)))
        report.check("cards", lambda: check_cards(app, games))
        for game_id, descriptor in games.items():
            report.check(f"match {game_id}", partial(play_match, app, game_id, descriptor))
        first = next(iter(games))
        report.check("save and resume", lambda: check_save_and_resume(app, first, games[first]))
        report.check("crash report", lambda: check_crash_report(app))
        report.check("bot worker process", check_bot_process)
    finally:
        app.quit()
        app.close()


class SelftestAction(argparse.Action):
    """``--selftest`` for an argument parser: runs ``run()`` and exits with its code, like ``--version``."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS,
                 default: str = argparse.SUPPRESS, help: str | None = None) -> None:
        super().__init__(option_strings=option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        parser.exit(run())


if __name__ == "__main__":
    sys.exit(run(sys.argv[1:] or None))
