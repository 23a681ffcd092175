"""A seeded monkey for every screen of the app: random clicks, double-clicks, right-clicks, drags,
wheel turns, keys and window resizes, posted through the app's real event loop (``pygame.event.post``
then ``App.step``) on the SDL dummy driver.

Half blind, half steered: most actions aim at what the top scene says can be pressed (pygame_gui
widgets, the table's cards and buttons), some land anywhere, and a share are *navigation* steps
toward a screen not seen yet (the setup of each table size, the pause menu, the rules, the settings,
the statistics, a score sheet), so that a run of a few thousand events visits every screen.

It is deterministic from its seed: the monkey draws from its own ``random.Random``, time advances
a fixed step per frame, the table's bot threads are joined after every frame, and the seeds of new
deals come from the monkey's generator. An exception is recorded (with the last actions, to replay
it) and the app is opened again on the same data folder; so is quitting (the title's Quit button).

    report = Monkey(game_id="gin_rummy", seed=1, data_dir=path).run(10_000)
"""

from __future__ import annotations

import os
import random
import time
import traceback
import warnings
from collections import Counter, deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
from pygame_gui.elements import (  # noqa: E402
    UIButton,
    UICheckBox,
    UIDropDownMenu,
    UIHorizontalSlider,
    UITextEntryLine,
)

import game.core.rng as engine_rng  # noqa: E402
import game.core.state as engine_state  # noqa: E402
from game import GAMES  # noqa: E402
from tests.patience import PATIENCE  # noqa: E402
from ui.app import MIN_SIZE, App  # noqa: E402
from ui.settings import Settings, save_settings  # noqa: E402

GOAL_STEPS = 80
"""Navigation steps spent on one goal before choosing another."""
SHORT_MATCH = {
    "gin_rummy": {"game_target": "10"},
    "lagagne": {"target": "10", "max_rounds": "2"},
    "gang_de_mouettes": {"match_end": "10"},
}
"""Options the monkey types in the setup when it heads for a score sheet: a short match. Only
text fields: Gin Rummy's match length is a drop-down of presets (the score sheet opens from the
table at any time, so short games are enough)."""
DT = 1 / 30
"""Seconds each frame advances (fixed, so that a run does not depend on the machine's speed)."""

SCENE_KINDS = {
    "TitleScene": "title",
    "SetupScene": "setup",
    "TableScene": "table",
    "PauseScene": "pause",
    "RulesScene": "rules",
    "SettingsScene": "settings",
    "StatsScene": "stats",
    "ScoreSheetScene": "scores",
}

KEYS = (
    [pygame.K_TAB] * 4 + [pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN] * 3
    + [pygame.K_RETURN] * 3 + [pygame.K_SPACE] * 3 + [pygame.K_ESCAPE] * 2
    + [pygame.K_F11, pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_HOME, pygame.K_END, pygame.K_PAGEUP,
       pygame.K_PAGEDOWN, pygame.K_KP_ENTER]
)
TEXT = "0123456789" * 3 + "abcdefghijklmnopqrstuvwxyz -.,éÉ€"
WINDOW_EVENTS = (
    pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED, pygame.WINDOWMINIMIZED, pygame.WINDOWRESTORED,
    pygame.WINDOWLEAVE, pygame.WINDOWENTER, pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN, pygame.DROPFILE,
    pygame.TEXTEDITING, pygame.ACTIVEEVENT,
)
CTRL_KEYS = (pygame.K_z, pygame.K_h, pygame.K_a, pygame.K_c, pygame.K_x, pygame.K_v, pygame.K_s, pygame.K_y)


def scene_key(scene: Any) -> str:
    """The name a screen is counted under: its kind, the game of a setup, the game and table size of
    a table (``table:gin_rummy:2``)."""
    kind = SCENE_KINDS.get(type(scene).__name__, type(scene).__name__)
    if kind == "setup":
        return f"setup:{scene.game_id}"
    if kind == "table":
        return f"table:{scene.session.game_id}:{scene.state.players}"
    return kind


def expected_scenes(game_id: str) -> set[str]:
    """Every screen a run steered toward ``game_id`` must reach."""
    d = GAMES[game_id]
    tables = {f"table:{game_id}:{n}" for n in range(d.min_players, d.max_players + 1)}
    return {"title", f"setup:{game_id}", "pause", "rules", "settings", "stats", "scores", *tables}


@dataclass
class Failure:
    """An exception the app let through: where, and the actions that led to it."""

    event: int
    scene: str
    error: str
    traceback: str
    recent: list[str]


@dataclass
class Report:
    """What one run did."""

    game_id: str
    seed: int
    events: int = 0
    frames: int = 0
    moves: int = 0
    matches: int = 0
    restarts: int = 0
    scenes: Counter[str] = field(default_factory=Counter)
    actions: Counter[str] = field(default_factory=Counter)
    failures: list[Failure] = field(default_factory=list)
    conditions: Counter[str] = field(default_factory=Counter)
    """Frames seen under each condition: language, animation speed, full screen, and the matches
    by their number of human seats (0: bots only; 2 and more: pass-and-play)."""
    warnings: Counter[str] = field(default_factory=Counter)
    """The warnings shown (pygame_gui says so when a label cuts its text), by message."""
    seconds: float = 0.0

    def missing(self) -> set[str]:
        """The expected screens this run never showed."""
        return expected_scenes(self.game_id) - set(self.scenes)

    def summary(self) -> str:
        scenes = ", ".join(f"{k} {v}" for k, v in sorted(self.scenes.items()))
        return (
            f"{self.game_id} (seed {self.seed}): {self.events} events in {self.frames} frames, "
            f"{self.moves} moves played in {self.matches} matches, {len(self.failures)} exceptions, "
            f"{self.restarts} restarts, {len(self.warnings)} distinct warnings, {self.seconds:.1f} s\n"
            f"  scenes: {scenes}\n  missing: {', '.join(sorted(self.missing())) or 'none'}"
        )


@contextmanager
def seeded_deals(rng: random.Random) -> Iterator[None]:
    """New matches dealt without a seed take theirs from ``rng`` (instead of the system's)."""
    saved = (engine_rng.fresh_seed, engine_state.fresh_seed)

    def fresh_seed() -> int:
        return rng.randrange(2**63)

    engine_rng.fresh_seed = fresh_seed  # type: ignore[assignment]
    engine_state.fresh_seed = fresh_seed  # type: ignore[assignment]
    try:
        yield
    finally:
        engine_rng.fresh_seed, engine_state.fresh_seed = saved  # type: ignore[assignment]


def _post(kind: int, **attrs: Any) -> None:
    pygame.event.post(pygame.event.Event(kind, **attrs))


class Monkey:
    """Drives a headless app with seeded random input; ``run(n)`` posts ``n`` events."""

    def __init__(
        self,
        game_id: str,
        seed: int,
        data_dir: Path,
        size: tuple[int, int] = (1280, 800),
        steer: float = 0.25,
        fail_fast: bool = False,
    ) -> None:
        self.game_id = game_id
        self.seed = seed
        self.data_dir = Path(data_dir)
        self.size = size
        self.steer = steer
        self.fail_fast = fail_fast
        """Raise the first exception (with the recent actions) instead of recording it and going on."""
        self.rng = random.Random(f"{game_id}:{seed}")
        self.report = Report(game_id, seed)
        self.recent: deque[str] = deque(maxlen=40)
        self.app: App | None = None
        self._logs: dict[int, int] = {}
        self._pointer = (size[0] // 2, size[1] // 2)
        self._budget = 0
        self._goal: str | None = None
        self._goal_steps = 0

    # ================================================================== the app
    def _open(self) -> App:
        app = App(data_dir=self.data_dir, size=self.size, headless=True, fail_fast=True)
        self.size = app.screen.get_size()
        return app

    def _close(self) -> None:
        if self.app is not None:
            for scene in self.app.scenes:
                if SCENE_KINDS.get(type(scene).__name__) == "table":
                    scene.wait_for_bot(PATIENCE)
            try:
                self.app.quit()
            except Exception:  # a broken scene's leave: the failure was already recorded
                pass
            self.app.close()
            self.app = None

    def run(self, events: int) -> Report:
        """Post ``events`` events (a click counts its motion, press and release) and report."""
        start = time.perf_counter()
        if not (self.data_dir / "settings.json").exists():
            save_settings(self.data_dir, Settings(language="en", animation_speed="instant", bot_delay=0.0))
        self._budget = self.report.events + events
        with seeded_deals(self.rng), warnings.catch_warnings(record=True) as shown:
            warnings.simplefilter("always")
            warnings.filterwarnings("ignore", category=DeprecationWarning)
            self.app = self._open()
            try:
                self._frame()
                while self.report.events < self._budget:
                    self._act()
            finally:
                self._close()
        for warning in shown:
            self.report.warnings[f"{warning.category.__name__}: {warning.message}"] += 1
        self.report.seconds += time.perf_counter() - start
        return self.report

    def _frame(self, frames: int = 1) -> None:
        """Run frames, joining bot threads after each so that the next frame sees their answers."""
        for _ in range(frames):
            app = self.app
            assert app is not None
            try:
                app.step(DT)
                for scene in app.scenes:
                    if SCENE_KINDS.get(type(scene).__name__) == "table":
                        scene.wait_for_bot(PATIENCE)
            except Exception as error:
                self._failed(error)
                return
            self.report.frames += 1
            if not app.running:
                self.report.restarts += 1
                self.recent.append("(the app quit: opened again)")
                self._close()
                self.app = self._open()
                continue
            self._observe()

    def _failed(self, error: Exception) -> None:
        scene = scene_key(self.app.top) if self.app is not None and self.app.top is not None else "?"
        failure = Failure(
            self.report.events, scene, f"{type(error).__name__}: {error}",
            "".join(traceback.format_exception(error)), list(self.recent),
        )
        if self.fail_fast:
            raise AssertionError(self._describe(failure)) from error
        self.report.failures.append(failure)
        pygame.event.clear()
        self._close()
        self.app = self._open()

    def _describe(self, failure: Failure) -> str:
        recent = "\n  ".join(failure.recent)
        return (f"{self.game_id} seed {self.seed}: {failure.error} at event {failure.event} on {failure.scene}"
                f"\n{failure.traceback}\nlast actions:\n  {recent}")

    def _observe(self) -> None:
        app = self.app
        assert app is not None
        top = app.top
        if top is not None:
            self.report.scenes[scene_key(top)] += 1
        settings = app.settings
        for condition in (f"language {app.language}", f"animations {settings.animation_speed}",
                          "full screen" if settings.fullscreen else "window"):
            self.report.conditions[condition] += 1
        for scene in app.scenes:
            if SCENE_KINDS.get(type(scene).__name__) != "table":
                continue
            state = scene.state
            seen = self._logs.get(id(state))
            if seen is None:
                self.report.matches += 1
                humans = len(scene.session.humans)
                self.report.conditions[f"matches with {min(humans, 2)}{'+' if humans >= 2 else ''} humans"] += 1
                self._logs[id(state)] = len(state.log)
            elif len(state.log) > seen:
                self.report.moves += len(state.log) - seen
                self._logs[id(state)] = len(state.log)
            else:
                self._logs[id(state)] = len(state.log)

    # ================================================================== posting events
    def _count(self, n: int = 1) -> None:
        self.report.events += n

    def _motion(self, pos: tuple[int, int], buttons: tuple[int, int, int] = (0, 0, 0)) -> None:
        rel = (pos[0] - self._pointer[0], pos[1] - self._pointer[1])
        self._pointer = pos
        _post(pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=buttons, touch=False)
        self._count()

    def _press(self, pos: tuple[int, int], button: int = 1) -> None:
        _post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, touch=False)
        self._count()

    def _release(self, pos: tuple[int, int], button: int = 1) -> None:
        _post(pygame.MOUSEBUTTONUP, pos=pos, button=button, touch=False)
        self._count()

    def click(self, pos: tuple[int, int], button: int = 1, frames: int = 1) -> None:
        """Move to ``pos``, press and release ``button`` there."""
        self.recent.append(f"click {button} at {pos}")
        self._motion(pos)
        self._press(pos, button)
        self._release(pos, button)
        self._frame(frames)

    def double_click(self, pos: tuple[int, int]) -> None:
        self.recent.append(f"double-click at {pos}")
        self._motion(pos)
        for _ in range(2):
            self._press(pos)
            self._release(pos)
            self._frame()

    def drag(self, start: tuple[int, int], end: tuple[int, int], steps: int) -> None:
        """Press at ``start``, move in ``steps`` motions (a frame each) to ``end``, release there."""
        self.recent.append(f"drag {start} -> {end} in {steps}")
        self._motion(start)
        self._press(start)
        self._frame()
        for i in range(1, steps + 1):
            x = round(start[0] + (end[0] - start[0]) * i / steps)
            y = round(start[1] + (end[1] - start[1]) * i / steps)
            self._motion((x, y), (1, 0, 0))
            self._frame()
        self._release(end)
        self._frame()

    def key(self, key: int, mod: int = 0, text: str = "") -> None:
        """Press and release ``key`` (typing ``text`` between, as SDL does for a printable key)."""
        self.recent.append(f"key {pygame.key.name(key) or key} mod {mod} {text!r}")
        _post(pygame.KEYDOWN, key=key, mod=mod, unicode=text, scancode=0)
        self._count()
        if text:
            _post(pygame.TEXTINPUT, text=text)
            self._count()
        _post(pygame.KEYUP, key=key, mod=mod, unicode=text, scancode=0)
        self._count()
        self._frame()

    def type(self, text: str) -> None:
        """Type ``text`` in one frame (a key press, the typed character and the release per character)."""
        self.recent.append(f"type {text!r}")
        for char in text:
            code = pygame.key.key_code(char) if char.isascii() and char.strip() else pygame.K_SPACE
            _post(pygame.KEYDOWN, key=code, mod=0, unicode=char, scancode=0)
            _post(pygame.TEXTINPUT, text=char)
            _post(pygame.KEYUP, key=code, mod=0, unicode=char, scancode=0)
            self._count(3)
        self._frame()

    def window(self, kind: int) -> None:
        """What the window manager and the system send: focus lost or back, minimised, restored, the
        pointer leaving, a file dropped, an input method composing."""
        self.recent.append(f"window event {pygame.event.event_name(kind)}")
        if kind == pygame.DROPFILE:
            _post(kind, file=str(self.data_dir / "dropped.txt"))
        elif kind == pygame.TEXTEDITING:
            _post(kind, text="é", start=0, length=1)
        else:
            _post(kind)
        self._count()
        self._frame()

    def wheel(self, pos: tuple[int, int], dy: int) -> None:
        self.recent.append(f"wheel {dy} at {pos}")
        self._motion(pos)
        _post(pygame.MOUSEWHEEL, x=0, y=dy, flipped=False, precise_x=0.0, precise_y=float(dy), touch=False)
        self._count()
        self._frame()

    def resize(self, size: tuple[int, int]) -> None:
        """Resize the window as a player dragging its corner would (the events SDL sends)."""
        self.recent.append(f"resize to {size}")
        pygame.display.set_mode(size, pygame.RESIZABLE)
        self.size = size
        _post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
        _post(pygame.WINDOWRESIZED, x=size[0], y=size[1])
        _post(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1])
        self._count(3)
        self._frame()

    # ================================================================== what can be pressed
    def targets(self) -> list[tuple[str, pygame.Rect]]:
        """What the top scene shows that can be pressed: pygame_gui widgets, the table's cards and
        buttons, the score sheet's buttons."""
        app = self.app
        assert app is not None
        top = app.top
        found: list[tuple[str, pygame.Rect]] = []
        screen = app.screen.get_rect()
        for element in app.ui.get_sprite_group().sprites():
            if not isinstance(element, (UIButton, UICheckBox, UIDropDownMenu, UIHorizontalSlider, UITextEntryLine)):
                continue
            if not element.visible or not element.alive():
                continue
            rect = element.rect.clip(screen)
            if rect.width > 0 and rect.height > 0:
                found.append((type(element).__name__, rect))
        for sprite in getattr(top, "sprites", []):
            rect = getattr(sprite, "rect", None)
            if isinstance(rect, pygame.Rect) and rect.colliderect(screen):
                found.append(("card", rect.clip(screen)))
        for button in getattr(top, "buttons", []):
            if button.rect.width > 0:
                found.append(("button", button.rect.clip(screen)))
        return found

    def _point_in(self, rect: pygame.Rect) -> tuple[int, int]:
        return (self.rng.randrange(rect.left, max(rect.left + 1, rect.right)),
                self.rng.randrange(rect.top, max(rect.top + 1, rect.bottom)))

    def _anywhere(self) -> tuple[int, int]:
        w, h = self.app.screen.get_size() if self.app is not None else self.size
        return (self.rng.randrange(w), self.rng.randrange(h))

    def _somewhere(self) -> tuple[int, int]:
        """A point on something pressable (mostly) or anywhere."""
        targets = self.targets()
        if targets and self.rng.random() < 0.8:
            return self._point_in(self.rng.choice(targets)[1])
        return self._anywhere()

    # ================================================================== one action
    def _act(self) -> None:
        name, action = self._choose()
        self.report.actions[name] += 1
        action()

    def _choose(self) -> tuple[str, Callable[[], None]]:
        r = self.rng
        if r.random() < self.steer:
            step = self.navigate()
            if step is not None:
                return "navigate", step
        roll = r.random()
        if roll < 0.30:
            pos = self._somewhere()
            return "click", lambda: self.click(pos)
        if roll < 0.40:
            pos = self._somewhere()
            return "double-click", lambda: self.double_click(pos)
        if roll < 0.45:  # the right and middle buttons, and an old-style wheel click (4, 5)
            pos = self._somewhere()
            button = r.choice((2, 3, 3, 4, 5))
            return "right-click", lambda: self.click(pos, button)
        if roll < 0.55:
            start, end = self._somewhere(), self._somewhere()
            steps = r.randint(1, 8)
            return "drag", lambda: self.drag(start, end, steps)
        if roll < 0.60:
            pos, dy = self._somewhere(), r.choice((-3, -1, -1, 1, 1, 3))
            return "wheel", lambda: self.wheel(pos, dy)
        if roll < 0.66:
            pos = self._somewhere()
            return "move", lambda: (self._motion(pos), self._frame())
        if roll < 0.80:
            key, mod = r.choice(KEYS), r.choice((0, 0, 0, pygame.KMOD_SHIFT))
            return "key", lambda: self.key(key, mod)
        if roll < 0.90:
            text = "".join(r.choice(TEXT) for _ in range(r.randint(1, 6)))
            return "type", lambda: self.type(text)
        if roll < 0.94:
            key = r.choice(CTRL_KEYS)
            return "ctrl-key", lambda: self.key(key, pygame.KMOD_CTRL)
        if roll < 0.96:
            size = (r.randint(MIN_SIZE[0], 1920), r.randint(MIN_SIZE[1], 1200))
            return "resize", lambda: self.resize(size)
        if roll < 0.97:
            kind = r.choice(WINDOW_EVENTS)
            return "window", lambda: self.window(kind)
        if roll < 0.98:
            start, (w, h) = self._somewhere(), self.app.screen.get_size()
            end = r.choice(((-40, h // 2), (w + 40, h // 2), (w // 2, -30), (w // 2, h + 30)))
            return "drag-out", lambda: self.drag(start, end, 4)
        frames = r.randint(1, 20)
        return "wait", lambda: self._frame(frames)

    # ================================================================== steering
    def goal(self) -> str:
        """The screen to head for, kept until it is reached or ``GOAL_STEPS`` steps went by: an
        expected one not seen yet, else mostly ``play`` (at a table of the game) or a score sheet."""
        top = self.app.top if self.app is not None else None
        here = scene_key(top) if top is not None else ""
        if self._goal is not None and self._goal != here and self._goal_steps < GOAL_STEPS:
            self._goal_steps += 1
            return self._goal
        missing = sorted(self.report.missing() - {here})
        expected = sorted(expected_scenes(self.game_id))
        tables = [g for g in missing if g.startswith(f"table:{self.game_id}:")]
        if tables and self.rng.random() < 0.7:
            # the table size nearest the setup's count: fewer clicks on − and +
            count = getattr(top, "count", None) or getattr(getattr(top, "state", None), "players", 0)
            goal = min(tables, key=lambda g: abs(int(g.rsplit(":", 1)[1]) - count))
        elif missing:
            goal = self.rng.choice(missing)
        elif self.rng.random() < 0.6:
            goal = "play" if self.rng.random() < 0.8 else "scores"
        else:
            goal = self.rng.choice(expected)
        self._goal, self._goal_steps = goal, 0
        return goal

    def navigate(self) -> Callable[[], None] | None:
        """One step from the top scene toward ``goal()`` (None: no idea from here)."""
        app = self.app
        assert app is not None
        top = app.top
        if top is None:
            return None
        kind = SCENE_KINDS.get(type(top).__name__, "")
        goal = self.goal()
        step = getattr(self, f"_from_{kind}", None)
        return step(top, goal) if step is not None else self._escape()

    def _escape(self) -> Callable[[], None]:
        return lambda: self.key(pygame.K_ESCAPE)

    def _press_widget(self, widget: Any) -> Callable[[], None] | None:
        if widget is None or not widget.alive() or not widget.visible:
            return None
        if hasattr(widget, "is_enabled") and not widget.is_enabled:
            return None
        pos = self._point_in(widget.rect.inflate(-4, -4))
        return lambda: self.click(pos)

    def _from_title(self, top: Any, goal: str) -> Callable[[], None] | None:
        wanted = {"rules": "title.rules", "stats": "title.stats", "settings": "title.settings"}.get(goal)
        if wanted is not None:
            text = self.app.tr(wanted)
            button = next((w for w in top.nav if getattr(w, "text", None) == text), None)
            return self._press_widget(button)
        saved = top.saved
        wants_table = goal in ("pause", "scores", "play") or (goal.startswith("table:") and saved is not None
                                                      and goal == f"table:{saved.game_id}:{saved.state.players}")
        if wants_table and saved is not None and saved.game_id == self.game_id and self.rng.random() < 0.8:
            return self._press_widget(top.continue_button)
        return self._press_widget(top.game_buttons.get(self.game_id))

    def _from_setup(self, top: Any, goal: str) -> Callable[[], None] | None:
        if top.game_id != self.game_id or goal in ("title", "stats", "settings"):
            return self._press_widget(top.nav[-3] if len(top.nav) >= 3 else None) or self._escape()
        if goal == "rules":
            return self._press_widget(top.nav[-2]) or self._escape()
        open_menu = next((m for m in top.level_menus if m.current_state is m.menu_states["expanded"]), None)
        if open_menu is not None and open_menu.current_state.options_selection_list is not None:
            # a seat's level list is open: choose in it (human, or a bot level)
            pos = self._point_in(open_menu.current_state.options_selection_list.rect.inflate(-8, -8))
            return lambda: self.click(pos)
        if top.level_menus and self.rng.random() < 0.25:
            # seat humans and bots differently from match to match (bots only, pass-and-play)
            return self._press_widget(self.rng.choice(top.level_menus[: top.count]))
        if goal.startswith("table:"):
            wanted = int(goal.rsplit(":", 1)[1])
            minus, plus = top.count_buttons
            if wanted < top.count:
                return self._press_widget(minus)
            if wanted > top.count:
                return self._press_widget(plus)
        if goal == "scores":
            for name, value in SHORT_MATCH.get(self.game_id, {}).items():
                widget = top.option_widgets.get(name)
                if widget is None or widget.get_text() == value:
                    continue
                if top.focused_widget() is not widget:
                    return lambda: self.key(pygame.K_TAB)

                def type_value(value: str = value) -> None:
                    self.key(pygame.K_a, pygame.KMOD_CTRL)
                    self.type(value)

                return type_value
        start = top.start_button
        if start is not None and start.alive() and start.is_enabled:
            return self._press_widget(start)
        if top.verdict.for_field("seed") is not None and top.seed_entry is not None:
            entry = top.seed_entry
            pos = self._point_in(entry.rect.inflate(-4, -4))

            def clear_seed() -> None:
                self.click(pos)
                self.key(pygame.K_a, pygame.KMOD_CTRL)
                self.key(pygame.K_BACKSPACE)

            return clear_seed
        defaults = next((w for w in top.nav if getattr(w, "text", None) == self.app.tr("setup.defaults")), None)
        return self._press_widget(defaults)

    def _from_table(self, top: Any, goal: str) -> Callable[[], None] | None:
        wanted_here = goal == scene_key(top) or (goal in ("scores", "play") and top.session.game_id == self.game_id)
        if not wanted_here or top.state.is_over():
            if goal == "scores":
                sheet = next((b for b in top.buttons if b.key == "sheet"), None)
                if sheet is not None:
                    pos = self._point_in(sheet.rect)
                    return lambda: self.click(pos)
            return self._escape()
        return self.play(top)

    def play(self, top: Any) -> Callable[[], None] | None:
        """A step that moves the match on: dismiss the curtain, press a button, or click (or double
        click) a card the keyboard could focus (one that takes part in a move)."""
        if top.curtain.shown:
            return lambda: self.click(self._anywhere())
        sheet = next((b for b in top.buttons if b.key == "sheet"), None)
        if sheet is not None:
            pos = self._point_in(sheet.rect)
            return lambda: self.click(pos)
        # undo and hint never move a match on (random input still presses them)
        items = [i for i in top.input.focus_items() if getattr(i, "key", None) not in ("undo", "hint")]
        if not items:
            return lambda: self._frame(5)
        item = self.rng.choice(items)
        pos = self._point_in(_visible_part(item, top))
        if self.rng.random() < 0.5 and not hasattr(item, "key"):
            return lambda: self.double_click(pos)
        return lambda: self.click(pos)

    def _from_settings(self, top: Any, goal: str) -> Callable[[], None] | None:
        """Now and then a step through the animation speeds (row 1 of the settings), else back."""
        if goal == "settings" or self.rng.random() < 0.5:
            return self._escape()
        if top.row != 1:
            return lambda: self.key(pygame.K_DOWN if top.row < 1 else pygame.K_UP)
        return lambda: self.key(pygame.K_RIGHT)

    def _from_pause(self, top: Any, goal: str) -> Callable[[], None] | None:
        here = f"table:{top.session.game_id}:{top.session.state.players}"
        ours = top.session.game_id == self.game_id
        if goal in ("rules", "settings"):
            key = f"pause.{goal}"
        elif goal == here or (ours and goal in ("pause", "scores", "play")):
            key = "pause.resume"
        else:
            key = "pause.save_quit"
        text = self.app.tr(key)
        button = next((w for w in top.nav if getattr(w, "text", None) == text), None)
        return self._press_widget(button) or self._escape()

    def _from_scores(self, top: Any, goal: str) -> Callable[[], None] | None:
        if goal != "scores":
            over = top.session.state.is_over()
            button = top.buttons[-1] if over else top.buttons[0]
            pos = self._point_in(button.rect)
            return lambda: self.click(pos)
        return self._escape()


def _visible_part(item: Any, scene: Any) -> pygame.Rect:
    """Where a card or button can be clicked (a fanned card's left strip: later cards cover the rest)."""
    rect = item.rect
    if hasattr(item, "key"):
        return rect.inflate(-4, -4)
    later = [s.rect for s in scene.sprites if s.order > item.order and s.rect.colliderect(rect)]
    strip = pygame.Rect(rect.x + 2, rect.y + 2, max(3, rect.width // 6), rect.height - 4)
    return strip if not any(r.contains(strip) for r in later) else rect
