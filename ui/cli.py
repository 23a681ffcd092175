"""Command line of ``main.py``: open the app, or render one scene headless to a PNG.

Parsing is separate from running so that tests (and the packaging's self-test) can check it.
``pygame`` is imported only after the arguments are read, so ``--help`` and ``--version`` are instant.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ui.i18n import LANGUAGES

if TYPE_CHECKING:
    from game.core.state import GameState
    from ui.app import App

SCENES = ("title", "setup", "deck", "table", "scores", "settings", "stats", "rules", "pause", "hint", "replay", "files",
          "tutorial", "chart", "shortcuts", "review", "fair", "continue", "saves", "log")
SETTLE_FRAMES = 90
SETTLE_DT = 1 / 30
HINT_FRAMES = 600
CHART_HANDS = 8


def _size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT such as 1280x800, not {text!r}") from None
    if width < 320 or height < 240:
        raise argparse.ArgumentTypeError(f"{text} is too small (at least 320x240)")
    return width, height


def _data_dir(text: str) -> Path:
    """A folder for settings, saves and statistics: made if missing; a file (or a path under a
    file) is refused with the reason, never a crash."""
    path = Path(text).expanduser()
    blocker = next((p for p in (path, *path.parents) if p.exists() and not p.is_dir()), None)
    if blocker is not None:
        raise argparse.ArgumentTypeError(f"cannot use {text!r} as the data folder: {str(blocker)!r} is a file")
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise argparse.ArgumentTypeError(f"cannot use {text!r} as the data folder ({exc.strerror or exc})") from None
    return path


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``main.py``."""
    from ui.version import tablee_version

    parser = argparse.ArgumentParser(
        prog="tablee",
        description="Tablée: a card table for Gang de mouettes, LaGagne and Gin Rummy. "
        "Without arguments, opens the game window.",
    )
    parser.add_argument("--version", action="version", version=f"Tablée {tablee_version()}")
    from ui.selftest import SelftestAction

    parser.add_argument(
        "--selftest", action=SelftestAction, help="run the headless self-test and exit (0 = passed)"
    )
    parser.add_argument(
        "--data-dir",
        type=_data_dir,
        help="folder for settings, saves and statistics (default: the user data directory)",
    )
    shot = parser.add_argument_group("headless screenshot")
    shot.add_argument("--screenshot", type=Path, metavar="PATH", help="render one scene to this PNG and exit")
    shot.add_argument(
        "--game", default=None, help="game id for the scene (default: the first registered game)"
    )
    shot.add_argument("--seed", type=int, default=None,
                      help="seed of the match dealt (screenshot: default 1; --serve: random)")
    shot.add_argument(
        "--scene", choices=SCENES, default="title", help="which scene to render (default title)"
    )
    shot.add_argument(
        "--size", type=_size, default=(1280, 800), metavar="WxH", help="window size (default 1280x800)"
    )
    shot.add_argument(
        "--players", type=int, default=None, help="number of seats (default: the game's minimum)"
    )
    shot.add_argument("--lang", choices=LANGUAGES, default=None, help="language of the screenshot")
    shot.add_argument("--match", type=Path, default=None, metavar="FILE",
                      help="with --scene replay: the match file replayed (default: bots play one from --seed)")
    shot.add_argument("--at", type=int, default=None, metavar="N",
                      help="with --scene replay: show the match after N moves (default: half-way); with "
                           "--scene tutorial: show the coach's step N (the earlier ones played for you)")
    shot.add_argument("--moves", type=int, default=0, metavar="N",
                      help="with a table scene: bots play every seat for N moves first, then until it is your turn")
    net = parser.add_argument_group("network table (headless)")
    net.add_argument("--serve", action="store_true", help="host a table (with --game and --seats) until its match is over")
    net.add_argument("--seats", metavar="SPEC", help="with --serve: each seat, comma-separated: remote, easy, normal or hard")
    net.add_argument("--port", type=int, default=None, help="with --serve: the port to listen on (default 47815)")
    net.add_argument("--code", help="the table code (--serve: fixed instead of random; --join: the code to give)")
    net.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="with --serve: a rule option")
    net.add_argument("--window-margin", type=float, default=None, metavar="SECONDS",
                     help="with --serve: seconds added to a quick-discard window for network players (default 0.25)")
    net.add_argument("--resume", action="store_true", help="with --serve: host the last table again after a crash")
    net.add_argument("--join", metavar="HOST:PORT", help="join a table as a network bot (with --code and --bot)")
    net.add_argument("--bot", metavar="LEVEL", help="with --join: the bot level that plays the seat")
    net.add_argument("--name", help="with --join: the name shown at the table")
    return parser


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """Read ``argv`` (the process's arguments when None); errors exit with a usage message."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.serve and args.join:
        parser.error("--serve and --join cannot be used together")
    if args.serve and not args.resume and (args.game is None or args.seats is None):
        parser.error("--serve needs --game and --seats (or --resume)")
    if args.join and (not args.code or not args.bot):
        parser.error("--join needs --code and --bot")
    if args.window_margin is not None and not 0 <= args.window_margin <= 5:
        parser.error(f"--window-margin must be 0 to 5 seconds, not {args.window_margin}")
    if args.port is not None and not 0 <= args.port <= 65535:
        parser.error(f"--port must be 0 to 65535, not {args.port}")
    if args.screenshot is None and not args.serve and (
        args.game is not None or args.scene != "title" or args.players is not None or args.moves
    ):
        parser.error("--game, --scene, --players and --moves go with --screenshot (or --game with --serve)")
    if args.moves < 0:
        parser.error(f"--moves must be 0 or more, not {args.moves}")
    net_only = (args.seats or args.port is not None or args.option or args.resume or args.bot or args.name
                or args.window_margin is not None)
    if net_only and not (args.serve or args.join):
        parser.error("--seats, --port, --option, --window-margin, --resume, --bot and --name go with --serve or --join")
    return args


ALREADY_OPEN = 3
"""The exit code of a launch that found Tablée already open on its data folder and could not
bring that window forward (0 when it could)."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the process exit code.

    The window and ``--serve`` take the data folder's lock (``disk.instance``) before anything is
    read or written there: one process writes the settings, statistics and autosave. ``--help``,
    ``--version`` and ``--selftest`` write nothing there, ``--join`` only its seat keys (under their
    own lock, ``net.keys``); ``--screenshot`` renders in
    a temporary folder, or with ``--data-dir`` takes that folder's lock too."""
    args = parse_args(argv)
    if args.screenshot is not None:
        return screenshot(args)
    from disk.places import Places

    places = Places.single(args.data_dir) if args.data_dir is not None else Places.default()
    if args.join:  # the seat's key is kept in the data folder, under its own lock (``net.keys``)
        from net import cli

        return cli.join(args, places.data)
    from disk.instance import InstanceLock, LockUnavailable

    try:
        lock = InstanceLock.acquire(places.data, "serve" if args.serve else "app")
    except LockUnavailable as exc:  # a file system without locks: Tablée still runs, unguarded
        print(f"Tablée cannot make sure it is open only once on this folder ({exc.strerror}).", file=sys.stderr)
        lock = None
    else:
        if lock is None:
            return already_open(places, args.serve)
    try:
        if args.serve:
            from net import cli
            from ui.web.assets import browser_side

            browsers, providers = browser_side()
            return cli.serve(args, places.data, browsers=browsers, providers=providers)
        return _run_app(places, lock, moved=_migrate(places) if args.data_dir is None else [])
    finally:
        if lock is not None:
            lock.release()


def _migrate(places: Any) -> list[str]:
    """Move the files of the old single folder where the desktop expects them (``disk.places``);
    what moved. A refusal of the disk leaves them where they were, and is said on stderr."""
    from disk.places import migrate

    try:
        return migrate(places)
    except OSError as exc:
        print(f"Tablée could not move its settings to {places.config}: {exc.strerror or exc}", file=sys.stderr)
        return []


def _run_app(places: Any, lock: Any, moved: list[str]) -> int:
    """Open the window on ``places`` (the lock held), with the crash hooks and the log."""
    from ui.app import App
    from ui.crash import install_crash_hooks
    from ui.desklog import start_log, stop_log

    remove_hooks = install_crash_hooks(places.state, places.data)
    log = start_log(places)
    for line in moved:
        log.info("moved %s", line)
    try:
        app = App(places=places)
        if lock is not None:
            with contextlib.suppress(OSError):  # no loopback: a second launch then only says Tablée is open
                lock.listen(app.bring_forward)
        try:
            app.run()
        except Exception as exc:  # the last line of defence failed too: report it and stop cleanly
            return _stopped(app, exc)
        return 0
    finally:
        remove_hooks()
        stop_log()


def already_open(places: Any, serve: bool) -> int:
    """Another Tablée holds the data folder: ask it to bring its window forward, else say so (in
    a small window, and on stderr) and stop. Writes nothing."""
    from disk.instance import ask_to_raise

    if not serve and ask_to_raise(places.data):
        print("Tablée is already open: its window was brought forward.")
        return 0
    folder = str(places.data)
    print(f"Tablée is already open with the data folder {folder}; close it first, or use another --data-dir.",
          file=sys.stderr)
    if not serve:
        from ui.already_open import show_already_open

        show_already_open(places)
    return ALREADY_OPEN


def _stopped(app: Any, error: Exception) -> int:
    """The app stopped on ``error``: write a crash report (with the autosaved match), say where in
    one sentence, and leave a note so the next start offers to resume."""
    from ui.crash import mark_unseen, write_crash_report

    try:
        match = app.storage.load_session()
    except Exception:  # a damaged save must not hide the report
        match = None
    report = write_crash_report(app.places.state, error, "app", match)
    mark_unseen(app.places.state, report)
    where = f"the report is in {report}" if report is not None else "the report could not be written"
    print(f"Tablée stopped because of an error; {where}. Your match is saved: Continue resumes it.", file=sys.stderr)
    try:
        app.close()
    except Exception:  # closing a broken window is best effort
        pass
    return 1


def screenshot(args: argparse.Namespace) -> int:
    """Render ``args.scene`` headless to ``args.screenshot``; 0 on success, 2 on bad arguments."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    if args.data_dir is None:
        with tempfile.TemporaryDirectory(prefix="tablee-shot-") as tmp:
            return _render(args, Path(tmp))
    from disk.instance import InstanceLock, LockUnavailable

    try:
        lock = InstanceLock.acquire(args.data_dir, "screenshot")
    except LockUnavailable:  # a file system without locks: rendered as before
        return _render(args, args.data_dir)
    if lock is None:  # the screenshot would write that folder's settings while Tablée uses them
        print(f"Tablée is open with the data folder {args.data_dir}: close it, or take the screenshot "
              "without --data-dir", file=sys.stderr)
        return 2
    try:
        return _render(args, args.data_dir)
    finally:
        lock.release()


def _render(args: argparse.Namespace, data_dir: Path) -> int:
    import pygame

    from ui.app import App
    from ui.scenes.common import games

    registered = games()
    game_id = args.game or next(iter(registered), None)
    if game_id not in registered:
        known = ", ".join(registered) or "none"
        print(f"unknown game {game_id!r}; registered games: {known}")
        return 2
    descriptor = registered[game_id]
    players = args.players or (4 if args.scene == "setup" else descriptor.min_players)
    players = (
        min(descriptor.max_players, max(descriptor.min_players, players)) if args.players is None else players
    )
    if not descriptor.min_players <= players <= descriptor.max_players:
        print(f"{descriptor.title} is played by {descriptor.min_players} to {descriptor.max_players} players")
        return 2
    app = App(data_dir=data_dir, size=args.size, headless=True)
    if args.lang:
        app.set_language(args.lang)
    if args.scene == "replay":
        error = _open_replay(app, args.match, args.at, game_id, players, args.seed)
        if error:
            print(error)
            app.quit()
            app.close()
            return 2
    else:
        _open_scene(app, args.scene, game_id, players, args.seed, args.moves)
        if args.scene == "tutorial" and args.at is not None:
            _tutorial_step(app, args.at)
        if args.scene == "stats" and args.game is not None:
            app.top.show_page(game_id)  # type: ignore[union-attr]
    for _ in range(3):
        app.step(SETTLE_DT)
    args.screenshot.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.screen, str(args.screenshot))
    app.quit()
    app.close()
    print(f"wrote {args.screenshot}")
    return 0


def _open_replay(app: App, match: Path | None, at: int | None, game_id: str, players: int, seed: int | None) -> str:
    """Open the replay viewer on ``match`` (or on a bots' match); the reason it cannot, else ""."""
    from game import GAMES
    from game.core.matchfile import MatchFileError, import_match
    from game.core.referee import Referee
    from ui.scenes.replay import ReplayScene

    if match is not None:
        try:
            state = import_match(app.storage.read_match_file(match))
        except (MatchFileError, ValueError) as exc:
            return f"{match}: {exc}"
    else:
        desc = GAMES[game_id]
        state = desc.new_match(players, seed=1 if seed is None else seed)
        Referee(state, {s: desc.make_bot("easy", s) for s in range(players)}).advance(0.0)
    viewer = ReplayScene(app, state, source=match.name if match is not None else "")
    viewer.go(len(state.log) // 2 if at is None else at)
    app.push(viewer)
    return ""


def _tutorial_step(app: App, step: int) -> None:
    """Play the open tutorial's steps before ``step`` (counted from 1) for the player, as its *Skip*
    button does, each once the coach asks for it."""
    from ui.table.scene import TableScene

    scene = app.top
    if not isinstance(scene, TableScene) or scene.match.coach is None:
        return
    coach = scene.match.coach
    for _ in range(SETTLE_FRAMES * 40):
        if coach.index >= step - 1 and scene.match.coach_due() or coach.finished or coach.lost:
            break
        if scene.match.coach_due():
            scene.tutorial_skip()
        scene.wait_for_bot()
        app.step(SETTLE_DT)
    for _ in range(SETTLE_FRAMES):
        app.step(SETTLE_DT)


def _play_ahead(state: GameState, game_id: str, done: Callable[[GameState], bool]) -> None:
    """Normal bots play every seat of ``state`` until ``done(state)`` or the match is over."""
    from game import GAMES
    from game.core.referee import Referee

    referee = Referee(state, {s: GAMES[game_id].make_bot("normal", s) for s in range(state.players)})
    while not done(state) and not state.is_over() and referee.step():
        pass


def _has_moves(state: GameState, moves: int) -> bool:
    return len(state.log) >= moves


def _save_examples(app: App, seed: int) -> None:
    """Save three unfinished matches, as a player would leave them: Gin Rummy against a bot at move
    42, LaGagne against three bots, and Gang de mouettes played by three people at this computer."""
    from ui.names import default_player_name
    from ui.scenes.setup import BOT_NAMES
    from ui.session import MatchSession, SeatInfo

    you = default_player_name(app.tr, 0)
    tables = [("gang_de_mouettes", [SeatInfo(you), SeatInfo("Zoé"), SeatInfo("Bastien")], 9),
              ("lagagne", [SeatInfo(you), *(SeatInfo(name, "normal") for name in BOT_NAMES[:3])], 30),
              ("gin_rummy", [SeatInfo(you), SeatInfo(BOT_NAMES[0], "hard")], 42)]
    for game_id, seats, moves in tables:
        session = MatchSession.new(game_id, seats, seed=seed)
        _play_ahead(session.state, game_id, partial(_has_moves, moves=moves))
        app.storage.save_session(session.to_json())


def _open_scene(app: App, scene: str, game_id: str, players: int, seed: int, moves: int = 0) -> None:
    """Put ``scene`` on top of ``app`` (a table scene gets one human and bots; with ``moves``, bots
    first play every seat that far into the match and on to the human's turn)."""
    if scene == "title":
        return
    if scene in ("continue", "saves"):  # the title, or the list, with a few unfinished matches saved
        _save_examples(app, seed)
        app.top.rebuild()  # type: ignore[union-attr]
        if scene == "saves":
            from ui.scenes.saves import SavedMatchesScene

            app.push(SavedMatchesScene(app))
        return
    if scene in ("setup", "deck"):
        from ui.scenes.setup import SetupScene

        setup = SetupScene(app, game_id)
        app.push(setup)
        setup.set_count(players)
        if scene == "deck" and setup.has_deck_editor:
            setup.edit_deck()
    elif scene == "settings":
        app.show_settings()
    elif scene == "stats":
        from ui.scenes.stats import StatsScene

        app.push(StatsScene(app))
    elif scene == "rules":
        app.show_rules(game_id)
    elif scene == "files":
        from ui.scenes.matchfiles import MatchFilesScene

        app.push(MatchFilesScene(app))
    elif scene == "tutorial":
        from ui.tutorial import start_tutorial

        app.settings.animation_speed = "instant"
        start_tutorial(app, game_id)
        for _ in range(SETTLE_FRAMES):
            app.step(SETTLE_DT)
    else:
        from ui.scenes.setup import BOT_NAMES
        from ui.session import MatchSession, SeatInfo

        seats = [SeatInfo.person(app.tr, 0)]
        seats += [SeatInfo(name, "normal") for name in BOT_NAMES[: players - 1]]
        app.settings.animation_speed = "instant"
        app.settings.bot_delay = 0.0
        session = MatchSession.new(game_id, seats, seed=seed)
        # a picture is drawn the same each time: its bots' seeds come from its deal (no one plays it)
        session.bot_seeds = {s: session.state.seed + 7919 * (s + 1) for s in session.bot_levels}
        session.advice_secret = session.state.seed + 104729
        if scene in ("chart", "fair"):  # a few hands or rounds played by bots first
            _play_ahead(session.state, game_id, lambda state: len(state.history) >= CHART_HANDS)
        elif scene == "review":  # one hand played, the next one dealt: the review looks back at the first
            _play_ahead(session.state, game_id, lambda state: len(state.history) >= 1 and state.hand_in_play())
        elif moves:
            _play_ahead(session.state, game_id,
                        lambda state: len(state.log) >= moves and state.hand_in_play() and state.to_move() == [0])
        app.start_match(session)
        for _ in range(SETTLE_FRAMES):  # let the deal animate and the bots answer before the capture
            app.step(SETTLE_DT)
        if scene in ("scores", "chart"):
            from ui.table.scores import ScoreSheetScene

            sheet = ScoreSheetScene(app, session)
            sheet.chart = scene == "chart"
            app.push(sheet)
        elif scene == "pause":
            from ui.scenes.pause import PauseScene

            app.push(PauseScene(app, session))
        elif scene == "fair":
            from ui.scenes.fairdeal import FairDealScene

            app.push(FairDealScene(app, session.state.view(None).get("deals", [])))
        elif scene == "review":
            from ui.scenes.replay import ReplayScene

            review = ReplayScene(app, session.state.clone(), review=(0, 1), advice=(session.advice_secret, {}))
            app.push(review)
            for _ in range(HINT_FRAMES):  # the hard bot judges each decision on its thread
                app.step(SETTLE_DT)
                if review.review_done:
                    break
                time.sleep(SETTLE_DT)
        elif scene == "log":  # the log enlarged over the table (L)
            app.top.toggle_log()  # type: ignore[union-attr]
        elif scene == "shortcuts":
            from ui.shortcuts import ShortcutsScene

            app.push(ShortcutsScene(app))
        elif scene == "hint":
            from ui.table.scene import TableScene

            table = app.top
            if not isinstance(table, TableScene):
                raise SystemExit("the hint screenshot needs a table")
            table.hint()
            for _ in range(HINT_FRAMES):  # the hard bot thinks on its thread; its answer is then shown
                app.step(SETTLE_DT)
                if not table.match.hint_pending:
                    break
                time.sleep(SETTLE_DT)
