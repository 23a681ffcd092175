"""Resident memory over a long session: matches of every game played through the app's own loop.

    python benchmarks/memory.py [--matches 50] [--size 1920x1080] [--games gin_rummy lagagne ...]
                                [--tracemalloc] [--full-matches]

The real ``App`` and its scenes run on the SDL dummy driver (``App.step`` with a fixed frame time):
each match seats one human and bots, the human's moves are clicks and double-clicks posted as pygame
events on what the table offers (its focusable cards and buttons, the knock panel's Knock), the bots
think in the table's threads, and each finished match opens its score sheet. On the way the window
changes size (the events SDL sends when a player drags its corner), the card size and the interface
size change as the settings screen changes them, and the language alternates between English and
French, so that every cache keyed by a size or a language fills as a player's would.

As in a window, the bots think in the app's worker process (``--threads``: in threads, as in the
tests). After each round (one match of each game) it prints the app's resident memory
(``/proc/self/statm``, else the peak from ``resource``), the worker's, the drawings and fonts the
app holds and, with ``--tracemalloc``, where the Python allocations grew most since round 5.
Targets (issue 36): at most 250 MB at 1920×1080, and at most 10 % growth from round 5 to round 50.

Matches are short by default (targets of 10 points, LaGagne two rounds) so that 150 matches take
minutes; ``--full-matches`` plays the games' default options.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import resource
import statistics
import sys
import time
import tracemalloc
from pathlib import Path
from tempfile import TemporaryDirectory
from typing import Any, cast

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402
from pygame_gui.core.ui_font_dictionary import UIFontDictionary  # noqa: E402

from game import GAMES  # noqa: E402
from ui.app import App  # noqa: E402
from ui.session import MatchSession, SeatInfo  # noqa: E402
from ui.settings import CARD_SIZES, UI_SCALES, Settings, save_settings  # noqa: E402

DT = 1 / 30
"""Seconds each frame advances (fixed: the run does not depend on the machine's speed)."""
FRAMES_PER_MATCH = 40_000
"""A match not over after this many frames is reported as stuck (and abandoned)."""
SHORT: dict[str, dict[str, Any]] = {
    "gin_rummy": {"game_target": 10, "match_target": 10},
    "lagagne": {"target": 10, "max_rounds": 2},
    "gang_de_mouettes": {"match_end": 10},
}
SIZES = [(1920, 1080), (1280, 800), (1600, 900), (1024, 640), (1920, 1080), (1366, 768), (1440, 900)]
"""Window sizes visited in turn (one change every few rounds); the run starts and ends on ``--size``."""
RSS_TARGET_MB = 250
GROWTH_TARGET = 0.10


def rss_mb(pid: int | str = "self") -> float:
    """The resident memory of process ``pid`` (this one by default) now in MB (this process's peak
    on systems without ``/proc``)."""
    try:
        pages = int(Path(f"/proc/{pid}/statm").read_text().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 1e6
    except (OSError, ValueError, IndexError):
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak / (1e6 if sys.platform == "darwin" else 1e3)


def _post(kind: int, **attrs: Any) -> None:
    pygame.event.post(pygame.event.Event(kind, **attrs))


class Session:
    """One app, played match after match."""

    def __init__(self, data_dir: Path, size: tuple[int, int], seed: int, full: bool, threads: bool) -> None:
        save_settings(data_dir, Settings(language="en", animation_speed="instant", bot_delay=0.0))
        self.app = App(data_dir=data_dir, size=size, headless=True, fail_fast=True)
        self.app.bots_in_process = not threads  # as in a window: the bots' memory is the worker's
        self.rng = random.Random(seed)
        self.full = full
        self.frames = 0
        self.moves = 0
        self.stuck = 0

    def worker_mb(self) -> float:
        """The resident memory of the bots' worker process (0 without one)."""
        runner = self.app._bot_process
        pool = getattr(runner, "_pool", None)
        pids = list(getattr(pool, "_processes", None) or {})
        return sum(rss_mb(pid) for pid in pids)

    # ------------------------------------------------------------------ input, as SDL sends it
    def frame(self) -> None:
        from ui.table.scene import TableScene

        self.app.step(DT)
        self.frames += 1
        for scene in self.app.scenes:
            if isinstance(scene, TableScene):
                scene.wait_for_bot(60.0)

    def click(self, pos: tuple[int, int], double: bool = False) -> None:
        _post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False)
        for _ in range(2 if double else 1):
            _post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False)
            _post(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False)
            self.frame()

    def key(self, key: int) -> None:
        _post(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)
        _post(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0)
        self.frame()

    def resize(self, size: tuple[int, int]) -> None:
        """What a player dragging the window's corner sends."""
        pygame.display.set_mode(size, pygame.RESIZABLE)
        _post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
        _post(pygame.WINDOWRESIZED, x=size[0], y=size[1])
        _post(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1])
        self.frame()

    # ------------------------------------------------------------------ the settings a player changes
    def change_settings(self, round_no: int) -> None:
        """Every round the language; every other round the card size; every third the interface
        size; every fourth the window size (the first change keeps ``--size``, so that round 5 is
        played in the window the last round is)."""
        app = self.app
        app.set_language("fr" if app.language == "en" else "en")
        if round_no % 2 == 0:
            app.settings.card_size = CARD_SIZES[(round_no // 2) % len(CARD_SIZES)]
        if round_no % 3 == 0:
            app.set_ui_scale(UI_SCALES[(round_no // 3) % len(UI_SCALES)])
        if round_no % 4 == 0:
            self.resize(SIZES[(round_no // 4 - 1) % len(SIZES)])
        self.frame()

    # ------------------------------------------------------------------ one match
    def look(self) -> tuple[str, str, int]:
        """The language, card size and interface size now."""
        return self.app.language, self.app.settings.card_size, self.app.settings.ui_scale

    def restore(self, look: tuple[str, str, int]) -> None:
        """Go back to ``look`` (the last round is played as round 5 was, so the growth compares like
        with like)."""
        language, card_size, ui_scale = look
        self.app.set_language(language)
        self.app.settings.card_size = card_size
        self.app.set_ui_scale(ui_scale)
        self.frame()

    def play(self, game_id: str, players: int, level: str, seed: int) -> None:
        """Play one match of ``game_id`` to its end (one human, bots of ``level``), then look at its
        score sheet and leave it."""
        from ui.table.knock_panel import KnockPanel
        from ui.table.scene import TableScene

        options = _options(game_id, self.full)
        seats = [SeatInfo("You")] + [SeatInfo(f"Bot {i}", level) for i in range(1, players)]
        self.app.start_match(MatchSession.new(game_id, seats, options, seed))
        self.frame()
        table = self.app.top
        assert isinstance(table, TableScene)
        for _ in range(FRAMES_PER_MATCH):
            top = self.app.top
            if table.state.is_over() and not table.animating:
                break
            if isinstance(top, KnockPanel):
                self.click(next(b for b in top.buttons if b.key == "confirm").rect.center)
            elif top is not table:
                self.key(pygame.K_ESCAPE)  # something opened over the table: back to it
            elif not table.animating and (table.legal or table.driver.thinking() is None
                                          and table.driver.next_due() is None):
                self.human_input(table)  # a move, or a step only the human can take (memorised)
            else:
                self.frame()
        else:
            self.stuck += 1
        self.moves += len(table.state.log)
        table.show_score_sheet()
        for _ in range(3):
            self.frame()
        self.key(pygame.K_ESCAPE)

    def human_input(self, table: Any) -> None:
        """A click or a double-click on one of the cards or buttons the table offers now (never undo
        or hint, which do not move a match on)."""
        items = [i for i in table.input.focus_items() if getattr(i, "key", None) not in ("undo", "hint", "sheet")]
        if not items:
            self.frame()
            return
        item = self.rng.choice(items)
        rect = item.rect
        if hasattr(item, "key"):
            self.click(rect.center)
            return
        later = [s.rect for s in table.sprites if s.order > item.order and s.rect.colliderect(rect)]
        strip = pygame.Rect(rect.x + 2, rect.y + 2, max(3, rect.width // 6), rect.height - 4)
        point = strip.center if not any(r.contains(strip) for r in later) else rect.center
        self.click(point, double=self.rng.random() < 0.5)


def _options(game_id: str, full: bool) -> Any:
    """The game's options for a benchmark match: short ones unless ``full``."""
    if full:
        return None
    if game_id == "gin_rummy":
        from game.gin_rummy import GinOptions

        return GinOptions(**SHORT[game_id])
    if game_id == "lagagne":
        from game.lagagne.options import Options as LaGagneOptions

        return LaGagneOptions(**SHORT[game_id])
    from game.gang_de_mouettes.options import Options

    return Options(**SHORT[game_id])


def surfaces_held() -> list[pygame.Surface]:
    """Every pygame Surface reachable from a Python object, once each. A Surface left without pixels
    (a display's after its display quit) is skipped: it holds no memory, and asking its size raises."""
    frozen = gc.get_freeze_count()
    gc.unfreeze()  # frozen objects are not listed; frozen again below, as the app left them
    found: dict[int, pygame.Surface] = {}
    for holder in gc.get_objects():
        for item in gc.get_referents(holder):
            if isinstance(item, pygame.Surface) and id(item) not in found:
                try:
                    item.get_size()
                except pygame.error:
                    continue
                found[id(item)] = item
    if frozen:
        gc.freeze()
    return list(found.values())


def held(app: App) -> str:
    """What the app holds that grows with sizes and languages: the drawings (pygame Surfaces)
    reachable from Python objects, the fonts opened by the app and by pygame_gui."""
    surfaces = surfaces_held()
    pixels = sum(s.get_width() * s.get_height() * s.get_bytesize() for s in surfaces)
    gui_fonts = len(cast(UIFontDictionary, app.ui.get_theme().get_font_dictionary()).loaded_fonts)
    return f"{len(surfaces)} surfaces {pixels / 1e6:.0f} MB, fonts {len(app._fonts)} + {gui_fonts} (widgets)"


def _top_growth(before: tracemalloc.Snapshot, limit: int = 12) -> str:
    after = tracemalloc.take_snapshot()
    stats = after.compare_to(before, "lineno")[:limit]
    return "\n".join(f"    {s}" for s in stats)


def main(argv: list[str] | None = None) -> int:
    """Play, print a line per round and the verdict; 1 when a target is missed."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=50, help="matches of each game (default 50)")
    parser.add_argument("--size", default="1920x1080", help="the window's size at the start and the end")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", nargs="*", default=sorted(GAMES), choices=sorted(GAMES), metavar="GAME")
    parser.add_argument("--tracemalloc", action="store_true", help="show where Python allocations grew")
    parser.add_argument("--full-matches", action="store_true", help="the games' default match lengths")
    parser.add_argument("--threads", action="store_true",
                        help="bots think in threads of this process (as in tests) instead of a worker process")
    args = parser.parse_args(argv)
    size = tuple(int(v) for v in args.size.lower().split("x"))
    assert len(size) == 2
    SIZES[0] = SIZES[-1] = (size[0], size[1])
    if args.tracemalloc:
        tracemalloc.start(8)
    started = time.perf_counter()
    with TemporaryDirectory(prefix="tablee-memory-") as folder:
        run = Session(Path(folder), (size[0], size[1]), args.seed, args.full_matches, args.threads)
        print(f"start: {rss_mb():.1f} MB resident", flush=True)
        rss: list[float] = []
        baseline: tracemalloc.Snapshot | None = None
        last_round = args.matches
        fifth: tuple[str, str, int] | None = None
        for round_no in range(1, last_round + 1):
            if round_no == last_round and run.app.screen.get_size() != size:
                run.resize((size[0], size[1]))
            if round_no == last_round and fifth is not None:
                run.restore(fifth)
            for game_id in args.games:
                d = GAMES[game_id]
                players = d.min_players + (round_no - 1) % (min(d.max_players, 5) - d.min_players + 1)
                level = d.bot_levels[(round_no - 1) % len(d.bot_levels)] if round_no % 5 else d.bot_levels[0]
                run.play(game_id, players, level, seed=args.seed * 100_000 + round_no)
            gc.collect()
            rss.append(rss_mb())
            w, h = run.app.screen.get_size()
            print(f"round {round_no:3d}: {rss[-1]:7.1f} MB (bots' worker {run.worker_mb():5.1f} MB)  "
                  f"{held(run.app)}  window {w}x{h}  "
                  f"{run.app.language}  cards {run.app.settings.card_size}  ui {run.app.settings.ui_scale}%  "
                  f"{time.perf_counter() - started:6.0f} s", flush=True)
            if round_no == 5:
                fifth = run.look()
            if args.tracemalloc and round_no == min(5, last_round):
                baseline = tracemalloc.take_snapshot()
            if round_no < last_round:
                run.change_settings(round_no)
        if baseline is not None:
            print("python allocations grown most since round 5:\n" + _top_growth(baseline))
        run.app.quit()
        run.app.close()
    print(f"{len(args.games)} games x {args.matches} matches: {run.moves} moves, {run.frames} frames, "
          f"{run.stuck} stuck, {time.perf_counter() - started:.0f} s")
    final = rss[-1]
    print(f"resident at the end: {final:.1f} MB (target at most {RSS_TARGET_MB} MB at 1920x1080); "
          f"highest {max(rss):.1f} MB, median {statistics.median(rss):.1f} MB")
    ok = final <= RSS_TARGET_MB and run.stuck == 0
    if len(rss) >= 5:
        growth = final / rss[4] - 1
        print(f"growth from round 5 to round {len(rss)}: {100 * growth:+.1f} % (target at most "
              f"{100 * GROWTH_TARGET:.0f} %)")
        ok = ok and growth <= GROWTH_TARGET
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
