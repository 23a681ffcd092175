"""The application: one window, a stack of scenes, settings, storage, translations and toasts.

``App.step`` runs exactly one frame (events → pygame_gui → top scene, update, draw, flip), so the
tests drive the real app by posting pygame events and stepping; ``App.run`` loops it at 60 fps.
Heavy modules (the engines, the table) are imported only when first needed, to keep start-up fast.
"""

from __future__ import annotations

import contextlib
import gc
import json
import math
import os
import sys
import threading
import time
import warnings
import weakref
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from disk.places import Places
from ui.announce import Priority
from ui.i18n import LANGUAGES, Translator
from ui.resources import resource_path
from ui.scene import Scene
from ui.screen_fit import FRAME_GUESS, Frame, fits, fitting_position, fitting_size, usable_area, window_display, window_frame
from ui.settings import Settings, load_settings, save_settings
from ui.speech import Speaker, find_voice
from ui.spoken import aloud, news, sentence, typed
from ui.storage import Storage
from ui.text import SafeFont, app_font_path, drawable, wrap_text
from ui.theme import drop_unused_fonts, scaled_theme

if TYPE_CHECKING:
    from ui.session import MatchSession
    from ui.spoken import Heard
    from ui.table.bots import ProcessRunner, ThreadRunner

WINDOW_TITLE = "Tablée"
MIN_SIZE = (1024, 640)
DEFAULT_SIZE = (1280, 800)
FPS = 60
FIRST_FRAME_ENV = "TABLEE_FIRST_FRAME"
FIRST_FRAME_LINE = "tablee: first frame, CPU seconds"
"""With ``TABLEE_FIRST_FRAME=1`` the app prints this line and the CPU time it used so far once its first
frame is on screen: how ``benchmarks/executable.py`` times start-up in a real window."""
IDLE_WAIT = 0.5
"""While idle, the app runs a frame at least this often (seconds) even without input."""
IDLE_NAP = 1 / FPS
"""While idle, the loop looks for input this often (seconds). ``pygame.event.wait`` looks every
millisecond, which alone costs 2–3 % of a core; napping a frame at a time costs about a fifth of
that and still answers input within one frame, as the 60 fps loop does."""
WAKE = pygame.event.custom_type()
"""Posted from another thread (a network link) when the app has news to show: it ends an idle wait."""
MAX_DT = 0.1
KEYPAD_EDITING = {pygame.K_KP7: pygame.K_HOME, pygame.K_KP1: pygame.K_END, pygame.K_KP4: pygame.K_LEFT,
                  pygame.K_KP6: pygame.K_RIGHT, pygame.K_KP_PERIOD: pygame.K_DELETE}
"""The keypad's keys with Num Lock off, as a text box reads them: End moves the caret to the end
there as in every other program (the text boxes knew only the keys of the main block)."""
UI_SCALE_STEP = 0.125
"""The interface sizes the widgets are drawn at between 100 % and the setting's are multiples of this."""
FONTS_KEPT = 48
"""Fonts the app keeps open; beyond, the least recently asked for is closed. A font that has
rendered text holds its glyphs (about 0.6 MB), and the table asks for sizes that follow the window,
so an unbounded cache grew with every window size and card size a player tried."""
MAX_REAL_DT = 5.0
"""Game clocks follow real time, except across a stall this long (a suspended computer)."""

# Colours shared by the shell's scenes (the table has its own art).
FELT_DARK = (10, 52, 32)
CREAM = (246, 236, 208)
GOLD = (214, 174, 84)
INK = (24, 30, 26)


def wait_for_input(seconds: float) -> bool:
    """Nap ``IDLE_NAP`` at a time until an event is queued (``True``, the event left in the queue)
    or ``seconds`` pass (``False``)."""
    end = time.perf_counter() + seconds
    while not pygame.event.peek():
        left = end - time.perf_counter()
        if left <= 0:
            return False
        time.sleep(min(IDLE_NAP, left))
    return True


def _glibc(name: str) -> Any | None:
    """The C library's function ``name`` on Linux (glibc), else None."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes

        return getattr(ctypes.CDLL(None), name)
    except (OSError, AttributeError):
        return None


def trim_heap() -> bool:
    """Hand the C heap's free pages back to the system (glibc's ``malloc_trim``); whether it could.
    glibc keeps what a finished match and its screen-sized layers freed for later allocations, so the
    resident size stays at its highest; elsewhere (another C library, Windows, macOS) nothing is done."""
    import ctypes

    trim = _glibc("malloc_trim")
    if trim is None:
        return False
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int
    trim(0)
    return True


LARGE_BLOCK = 2 * 1024 * 1024
"""Bytes from which a C allocation gets pages of its own (glibc's mmap threshold, see ``map_large_blocks``)."""


def map_large_blocks() -> bool:
    """Have glibc give every allocation of ``LARGE_BLOCK`` bytes or more (a window-sized layer: 8 MB at
    1920×1080) pages of its own, handed back the moment it is freed; whether it could. By default glibc
    raises that threshold to the size of the first such block freed, and from then on the layers are
    carved from the heap, where the holes they leave keep the resident size up for good (the heap grew
    by a layer's size over a long session); elsewhere nothing is done."""
    import ctypes

    mallopt = _glibc("mallopt")
    if mallopt is None:
        return False
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    mallopt.restype = ctypes.c_int
    m_mmap_threshold = -3
    return bool(mallopt(m_mmap_threshold, LARGE_BLOCK))


def settle_memory() -> None:
    """Collect every reference cycle now, then set what survives aside from later collections
    (``gc.freeze``, undone at the next call so nothing stays there for good): at a table, a full
    collection would otherwise walk the engines, art, fonts and caches in the middle of play (8–20 ms
    in one frame). Then the heap freed is handed back to the system (``trim_heap``). Called as a
    table opens, where a pause does not show."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()
    trim_heap()


def _display_surface() -> pygame.Surface:
    """The window's surface: the display is open for as long as the app runs."""
    surface = pygame.display.get_surface()
    if surface is None:
        raise pygame.error("the window is closed")
    return surface


@dataclass
class _Toast:
    text: str
    remaining: float
    total: float


class App:
    """The Tablée application (the layers it sits on: ``docs/architecture.md``)."""

    def __init__(
        self, data_dir: Path | None = None, size: tuple[int, int] | None = None, headless: bool = False,
        fail_fast: bool = False, places: Places | None = None,
    ) -> None:
        if headless:
            os.environ["SDL_VIDEODRIVER"] = "dummy"
            os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        self.headless = headless
        map_large_blocks()
        self.bots_in_process = not headless
        """Whether the table's bots think in a worker process (a window's) or in threads (``bot_runner``)."""
        self.fail_fast = fail_fast
        """Let a scene's exception through instead of recovering from it (the tests' setting)."""
        if places is None:
            places = Places.single(Path(data_dir)) if data_dir is not None else Places.default()
        self.places = places
        """Where the settings (``config``), matches and statistics (``data``) and crash reports
        (``state``) are kept; one folder for all three with ``--data-dir``."""
        self.data_dir = places.data
        self.storage = Storage(self.data_dir)
        self.settings: Settings
        self.settings, settings_damaged = load_settings(places.config)
        self._redraw = False
        """Whether the next frame must be drawn although no input came: network news woke the app
        (``wake``) or a scene changed what it shows outside input (``redraw``)."""
        self._raise_asked = threading.Event()
        """Set by the single-instance listener's thread when a second launch asks for the window."""
        self._tr = Translator(self.settings.language)
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._toasts: list[_Toast] = []
        self.scenes: list[Scene] = []
        self.running = True
        self._last_step: float | None = None
        self._speaker: Speaker | None = None
        self.last_f1: float | None = None
        """When F1 was last pressed (``elapsed``): F1 twice at a table says its spoken keys."""
        self._heard: tuple[weakref.ref[Scene] | None, Heard | None] = (None, None)
        """The top scene (weakly: a table that closed is freed as the next one opens) and what a
        listener heard of it at the last frame (``follow_screen``)."""
        self._announced: set[str] = set()
        """What was announced this frame: a sentence shown two ways at once (a log line and a message
        over the table) is said once."""
        self._bot_process: ProcessRunner | None = None
        self.real_dt = 0.0
        """Seconds that really passed during the last frame (see ``step``)."""
        self._shown: tuple[Scene, pygame.Surface, tuple[int, int]] | None = None
        """The scene whose frame alone fills the screen since the last frame, with the screen and its size."""
        self._drawn_over: list[pygame.Rect] = []
        """Where the toasts covered that frame."""
        self._painted: list[pygame.Rect] | None = None
        """The areas of the screen the last frame changed (None: maybe all of it)."""
        self._drawn_top: weakref.ref[Scene] | None = None
        """The top scene of the last frame drawn (weakly, as ``_heard``): a frame with another top
        scene is a scene switch, drawn whole and sent whole to the window (see ``draw``)."""
        self._tell_first_frame = os.environ.get(FIRST_FRAME_ENV) == "1"
        """Print ``FIRST_FRAME_LINE`` once the first frame is on screen (benchmarks/executable.py)."""
        self.elapsed = 0.0
        """Seconds of app time: the sum of every frame's ``dt`` (double-clicks are timed on it, so
        that the clicks of one frame are as far apart as the player made them, not as the machine)."""

        # Windows: declare per-monitor DPI awareness before the window opens, so that the system
        # does not stretch a blurry low-resolution window on a 150 % or 200 % screen
        os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")
        if sys.platform.startswith("linux"):
            # present the software-drawn window straight through shared memory: SDL's OpenGL path
            # costs ~100 MB and ~8 ms a frame where the GL is a software renderer (no GPU)
            os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption(WINDOW_TITLE)
        self._set_icon()
        self.screen = self._open_window(size)
        if not self.settings.ui_scale_saved and not self.headless:
            self._follow_system_scale()
        self._theme = json.loads(resource_path("theme.json").read_text(encoding="utf-8"))
        self.ui_scale = self.fitting_ui_scale(self.screen.get_size())
        self.ui = pygame_gui.UIManager(
            self.screen.get_size(),
            scaled_theme(self._theme, self.ui_scale),
            enable_live_theme_updates=False,
            starting_language=self._tr.language,
        )
        self.clock = pygame.time.Clock()
        from ui.sound import SoundBoard

        self.sound = SoundBoard(self.settings)
        if settings_damaged:
            self.storage.notices.append(("notice.damaged_settings", {}))
        from ui.crash import take_unseen

        crashed = take_unseen(self.places.state)
        if crashed is not None:
            self.storage.notices.append(("notice.crash_last", {"file": crashed or self.tr("notice.crash_unsaved")}))
        from ui.scenes.title import TitleScene

        self.push(TitleScene(self))

    # ------------------------------------------------------------------ window
    def _set_icon(self) -> None:
        path = resource_path("icon.png")
        if path.is_file():
            try:
                pygame.display.set_icon(pygame.image.load(str(path)))
            except pygame.error:
                pass

    def _open_window(self, size: tuple[int, int] | None) -> pygame.Surface:
        """Open the resizable window at ``size``, else at the remembered size and position, made to
        fit the screen's usable area with its frame (``_fit_window``)."""
        asked = size
        wanted = size or DEFAULT_SIZE
        if size is None:
            size = self.settings.window_size or DEFAULT_SIZE
            size = wanted = (max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1]))
            if not self.headless:
                size = fitting_size(size, self._usable_area(0), Frame(*FRAME_GUESS))
        pos = self.settings.window_pos
        if pos is not None and (self.headless or not self._position_visible(pos)):
            pos = None
        if pos is not None:
            os.environ["SDL_VIDEO_WINDOW_POS"] = f"{pos[0]},{pos[1]}"
        screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        os.environ.pop("SDL_VIDEO_WINDOW_POS", None)
        with warnings.catch_warnings():
            # Deprecated in pygame-ce 2.5 in favour of Window-only rendering, but still the one way to
            # set a minimum size and go full screen on the window pygame.display draws into.
            warnings.simplefilter("ignore", DeprecationWarning)
            self.window = pygame.Window.from_display_module()
        if pos is not None:
            # The remembered position is the inside of the window (``Window.position``), but an X11
            # window manager places the frame at the position a new window asks for: the inside
            # would come down by the title bar's height at every start. Placed again now that it is
            # framed, the inside goes where it was (SDL subtracts the frame; elsewhere a no-op).
            self.window.position = pos
        if not self.headless:
            smallest = MIN_SIZE
            if asked is None:
                screen, smallest = self._fit_window(wanted, pos is not None)
            self.window.minimum_size = smallest
            if self.settings.fullscreen:
                self.window.set_fullscreen(desktop=True)
                screen = _display_surface()
        return screen

    @staticmethod
    def _usable_area(display: int) -> pygame.Rect:
        """The usable area of ``display`` (without panels), else its full size."""
        usable = usable_area(display)
        if usable is not None:
            return usable
        desktops = pygame.display.get_desktop_sizes()
        return pygame.Rect((0, 0), desktops[display] if display < len(desktops) else DEFAULT_SIZE)

    def _fit_window(self, wanted: tuple[int, int], placed: bool) -> tuple[pygame.Surface, tuple[int, int]]:
        """Now that the window manager has framed the window, make it as near ``wanted`` as the
        usable area of its screen holds, frame and all (it was opened for a usual frame, this one
        may be thinner or thicker), and move it in if any of it lies outside (``placed``: at its
        remembered position, else where the window manager put it). Issue 62: the first
        window was as tall as the screen, so its title bar pushed its bottom off the screen. The
        window's screen and its smallest size (``MIN_SIZE``, less on a screen too small for it)."""
        usable = self._usable_area(window_display(self.window))
        frame = window_frame(self.window) or Frame(*FRAME_GUESS)
        smallest = fitting_size(MIN_SIZE, usable, frame)
        size = fitting_size(wanted, usable, frame)
        if size != tuple(self.window.size):
            pygame.display.set_mode(size, pygame.RESIZABLE)
        x, y = self.window.position
        position = (x, y)
        if not fits(position, size, usable, frame):
            self.window.position = fitting_position(position if placed else None, size, usable, frame)
        return _display_surface(), smallest

    def _follow_system_scale(self) -> None:
        """First start (no text size saved): take the text size from the system's display scale
        (``ui.dpi``); saved with the settings, and changeable in them like any other."""
        from ui.dpi import system_ui_scale

        found = system_ui_scale(self.screen.get_width(), self.window.size[0])
        if found is not None:
            self.settings.ui_scale = found
        self.settings.ui_scale_saved = True

    @staticmethod
    def _position_visible(pos: tuple[int, int]) -> bool:
        """Whether a remembered window position is still on a screen (monitors change)."""
        width = sum(w for w, _ in pygame.display.get_desktop_sizes()) or MIN_SIZE[0]
        height = max((h for _, h in pygame.display.get_desktop_sizes()), default=MIN_SIZE[1])
        return -50 <= pos[0] < width - 100 and 0 <= pos[1] < height - 100

    def toggle_fullscreen(self) -> None:
        """Switch between a window and the desktop-sized full screen (F11), and remember it."""
        self.set_fullscreen(not self.settings.fullscreen)

    def set_fullscreen(self, on: bool) -> None:
        """Go full screen or back to a window, and remember the choice."""
        if on == self.settings.fullscreen:
            return
        if on:
            self._remember_geometry()
        self.settings.fullscreen = on
        if not self.headless:
            if on:
                self.window.set_fullscreen(desktop=True)
            else:
                self.window.set_windowed()
        self._on_resize(_display_surface().get_size())
        self.save_settings()

    def _remember_geometry(self) -> None:
        if self.settings.fullscreen or self.headless:
            return
        width, height = self.screen.get_size()
        x, y = self.window.position
        self.settings.window_size = (width, height)
        self.settings.window_pos = (x, y)

    def _on_resize(self, size: tuple[int, int]) -> None:
        self.screen = _display_surface()
        size = self.screen.get_size()
        self.ui.set_window_resolution(size)
        self._apply_ui_scale(size)
        for scene in self.scenes:
            scene.resize(size)

    def fitting_ui_scale(self, size: tuple[int, int]) -> float:
        """The interface size to draw at (1.0 = 100 %): the setting's, shrunk (a step of
        ``UI_SCALE_STEP`` at a time) so that a window of ``size`` still holds every screen as laid
        out for the smallest window (``MIN_SIZE``)."""
        wanted = self.settings.ui_scale / 100
        fitting = min(wanted, size[0] / MIN_SIZE[0], size[1] / MIN_SIZE[1])
        # in steps of UI_SCALE_STEP: each interface size loads the widgets' fonts at its own sizes
        # for good, so a size that followed the window to the pixel grew them with every resize
        return max(1.0, math.floor(fitting / UI_SCALE_STEP + 1e-9) * UI_SCALE_STEP)

    def _apply_ui_scale(self, size: tuple[int, int]) -> bool:
        """Reload the widget theme if the interface size for ``size`` changed; whether it did (the
        caller then rebuilds every scene, whose widgets take the new theme)."""
        scale = self.fitting_ui_scale(size)
        if scale == self.ui_scale:
            return False
        self.ui_scale = scale
        self.ui.get_theme().load_theme(scaled_theme(self._theme, scale))
        drop_unused_fonts(self.ui.get_theme())
        return True

    def set_ui_scale(self, percent: int) -> None:
        """Change the interface size setting, and redraw every screen at it."""
        self.settings.ui_scale = percent
        self.save_settings()
        if self._apply_ui_scale(self.screen.get_size()):
            for scene in self.scenes:
                scene.resize(self.screen.get_size())

    # ------------------------------------------------------------------ scene stack
    @property
    def top(self) -> Scene | None:
        """The scene that receives input now."""
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        """Cover the top scene with ``scene``."""
        if self.scenes:
            self.scenes[-1].leave()
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        """Remove the top scene and uncover the one below (the title is never popped)."""
        if len(self.scenes) <= 1:
            return None
        scene = self.scenes.pop()
        scene.leave()
        self.scenes[-1].enter()
        return scene

    def replace(self, scene: Scene) -> None:
        """Put ``scene`` in place of the top scene (the one below is not uncovered in between)."""
        if len(self.scenes) > 1:
            self.scenes.pop().leave()
        elif self.scenes:
            self.scenes[-1].leave()
        self.scenes.append(scene)
        scene.enter()

    def pop_to_title(self) -> None:
        """Close every scene above the title screen."""
        if len(self.scenes) <= 1:
            return
        self.scenes[-1].leave()
        del self.scenes[1:]
        self.scenes[0].enter()

    def start_match(self, session: MatchSession) -> None:
        """Autosave ``session`` (on the writer's thread: a stuck disk does not hold the table) and
        seat the players at the table, above the title screen."""
        from ui.table.scene import TableScene

        scene = TableScene(self, session)
        if session.saved:
            self.storage.autosave_session(session.to_json())
            self.storage.keep_bound(session.save_id)
        if len(self.scenes) > 1:
            self.scenes[-1].leave()
            del self.scenes[1:]
        elif self.scenes:
            self.scenes[0].leave()
        self.scenes.append(scene)
        scene.enter()
        # once the shell's backdrop is let go (``enter``): one window-sized layer less at the peak
        scene.frame.prepare(self.screen, scene.layout)
        self._shown = None  # it held the last frame's scene: the last table would survive the settling
        settle_memory()

    def show_rules(self, game_id: str) -> None:
        """Open the rules page of ``game_id`` in the current language."""
        from ui.scenes.rules import RulesScene

        self.push(RulesScene(self, game_id))

    def show_settings(self) -> None:
        """Open the settings screen."""
        from ui.scenes.settings import SettingsScene

        self.push(SettingsScene(self))

    # ------------------------------------------------------------------ settings, language, text
    def save_settings(self) -> None:
        """Write the settings now (a failure is reported, never fatal)."""
        try:
            save_settings(self.places.config, self.settings)
        except OSError as exc:
            self.notify(self.tr("notice.save_failed", error=str(exc)), error=True)

    def tr(self, key: str, **params: Any) -> str:
        """The text of ``key`` in the current language (English, then the key, as fallbacks)."""
        return self._tr(key, **params)

    def number(self, value: float, decimals: int | None = None) -> str:
        """``value`` written the current language's way (``Translator.number``)."""
        return self._tr.number(value, decimals)

    def has_text(self, key: str) -> bool:
        """Whether a translation exists for ``key``."""
        return self._tr.has(key)

    @property
    def language(self) -> str:
        return self._tr.language

    def set_language(self, lang: str) -> None:
        """Switch language, save it, and rebuild the visible widgets in it at once."""
        if lang not in LANGUAGES:
            raise ValueError(f"unsupported language {lang!r}; expected one of {', '.join(LANGUAGES)}")
        self._tr.set_language(lang)
        self.settings.language = lang
        self.save_settings()
        self.ui.set_locale(lang)
        drop_unused_fonts(self.ui.get_theme())
        top = self.top
        if top is not None:
            top.leave()
            top.enter()

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        """A cached font (Noto Sans, bundled with pygame_gui, which has every French accent) that
        draws any text without raising (``SafeFont``); the ``FONTS_KEPT`` most recently asked for are kept."""
        key = (size, bold)
        font = self._fonts.pop(key, None)
        if font is None:
            if len(self._fonts) >= FONTS_KEPT:  # close the font least recently asked for
                del self._fonts[next(iter(self._fonts))]
            try:
                font = SafeFont(app_font_path(bold), size)
            except (OSError, FileNotFoundError, pygame.error):
                font = SafeFont(None, size)
                font.bold = bold
        self._fonts[key] = font  # now the most recently asked for
        return font

    def notify(self, text: str, seconds: float = 4.0, error: bool = False) -> None:
        """Show ``text`` in a toast above every scene for ``seconds`` and say it: politely, or at once
        for an ``error`` (something refused or failed)."""
        self._toasts.append(_Toast(text, seconds, seconds))
        self.announce(text, Priority.INTERRUPT if error else Priority.POLITE, "error" if error else "toast")

    def follow_screen(self) -> None:
        """Tell a player who listens what changed on a menu screen since the last frame (``Scene.spoken_screen``):
        a new screen (or question) its title, page and focused control, interrupting; a focus move the
        control; a value changed the new value; an error shown, at once. Called once a frame, for every screen."""
        top = self.top
        heard = top.spoken_screen() if top is not None and self.settings.read_aloud else None
        last, before = self._heard
        last_scene = last() if last is not None else None
        self._heard = (weakref.ref(top) if top is not None else None, heard)
        if heard is None:
            return
        alert = heard.alert if heard.alert and (before is None or before.alert != heard.alert) else ""
        if last_scene is not top or before is None or before.title != heard.title:
            # a screen or a window that opens interrupts, as a screen reader does; its alert follows it
            self.announce(aloud(heard.entering), Priority.INTERRUPT, "screen")
            self.announce(aloud(alert), Priority.QUEUED, "error")
            return
        value = typed(before.value, heard.value) if heard.typed else heard.value
        said = [heard.focus if before.control != heard.control else value if before.value != heard.value
                else heard.note if before.note != heard.note else "", news(before.page, heard.page)]
        self.announce(aloud(alert), Priority.INTERRUPT, "error")  # first: it drops polite lines waiting
        self.announce(aloud(" ".join(sentence(part) for part in said if part)), Priority.POLITE, "focus")

    def announce(self, text: str, priority: Priority = Priority.QUEUED, kind: str = "") -> None:
        """Tell the player ``text`` through the announcements channel (``ui.announce``), when they
        asked for speech (*Read aloud*); a sentence already announced this frame is not said twice. The
        text is made harmless first (``drawable``: no NUL, control or lone surrogate, at most
        ``TEXT_LIMIT`` characters), as names from a host or a LAN announcement reach it."""
        text = drawable(text) if self.settings.read_aloud else ""
        if not text or text in self._announced:
            return
        self._announced.add(text)
        self.speaker.say(text, self.language, priority, kind)

    # ------------------------------------------------------------------ the loop
    def step(self, dt: float | None = None, real: float | None = None, draw: bool = True) -> None:
        """Run one frame: events, update, draw, flip. ``dt`` (capped at ``MAX_DT`` so that a slow
        frame does not make animations jump) moves animations; ``real`` is the time that really
        passed, which game clocks (bot think delays, quick-discard windows) follow. With ``draw``
        false the frame is drawn only if the screen stopped being still (see ``run``)."""
        now = time.perf_counter()
        if dt is None:
            real = 1 / FPS if self._last_step is None else min(now - self._last_step, MAX_REAL_DT)
            dt = min(real, MAX_DT)
        self.real_dt = dt if real is None else real
        self._last_step = now
        self.elapsed += dt
        self._announced.clear()
        self._pump_events()
        if not self.running:
            return
        if self._raise_asked.is_set():
            self._raise_asked.clear()
            self._come_forward()
        for key, params in self.storage.take_notices():
            self.notify(self.tr(key, **params), 6.0)
        self.ui.update(dt)
        top = self.top
        if top is not None:
            self._guarded(top, "update", top.update, dt)
        if self.top is not top or self._switched():
            self._redraw = True  # news, input or a call changed the screen (the waiting room became the table)
        if self.top is not None:
            self._guarded(self.top, "spoken_screen", self.follow_screen)
        for toast in self._toasts:
            toast.remaining -= dt
        self._toasts = [t for t in self._toasts if t.remaining > 0]
        if draw or self._redraw or not self.idle():
            self._redraw = False
            self.draw()
            if self._painted is None:
                pygame.display.flip()
            else:  # only the areas that changed go to the window
                pygame.display.update(self._painted)
            if self._tell_first_frame:
                self._tell_first_frame = False
                print(f"{FIRST_FRAME_LINE} {time.process_time():.4f}", flush=True)

    def _pump_events(self) -> None:
        # pygame_gui answers a click by posting its own event; a few passes let one step carry both.
        for _ in range(4):
            events = pygame.event.get()
            if not events:
                return
            for event in events:
                self._dispatch(event)
                if not self.running:
                    return

    def bring_forward(self) -> None:
        """A second launch on this data folder asks for this window (called from the listener's
        thread, ``disk.instance``): the next frame brings it forward."""
        self._raise_asked.set()
        self.wake()

    def _come_forward(self) -> None:
        """Restore the window if minimised, ask for the focus (a desktop may refuse, then the
        taskbar entry flashes until the player comes), and say why in a toast."""
        if not self.headless:
            if not pygame.display.get_active():
                self.window.restore()
            self.window.focus()
            with contextlib.suppress(pygame.error):  # a system without flashing
                self.window.flash(pygame.FLASH_UNTIL_FOCUSED)
        self.notify(self.tr("desktop.already_open_here"), 4.0)

    def wake(self) -> None:
        """Let an app waiting for input run a frame now; safe from any thread (a network link calls
        it as a message arrives). A wake-up already queued is not doubled."""
        with contextlib.suppress(pygame.error):  # the window is already closed: nothing to wake
            if not pygame.event.peek(WAKE, pump=False):  # pumping belongs to the main thread
                pygame.event.post(pygame.event.Event(WAKE))

    def redraw(self) -> None:
        """Draw the next frame even if the app waits for input: the screen changed outside input
        (a scene rebuilt its widgets for news from the network, a router's answer)."""
        self._redraw = True

    def _dispatch(self, event: pygame.event.Event) -> None:
        if event.type == WAKE:
            self._redraw = True  # the news may land in this very frame, after its wait timed out
            return
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED, pygame.WINDOWEXPOSED,
                          pygame.WINDOWRESTORED, pygame.WINDOWDISPLAYCHANGED):
            self._shown = None  # the window's pixels may be new: the next frame is drawn whole
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            if _display_surface().get_size() != self.ui.window_resolution:
                self._on_resize(_display_surface().get_size())
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LCTRL, pygame.K_RCTRL) and self._speaker is not None:
            self._speaker.silence()  # Ctrl alone stops speech, as in screen readers; it still reaches the scene
        if (event.type == pygame.KEYDOWN and event.key == pygame.K_m
                and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT) and not self._typing()):
            self.toggle_mute()
            return
        if event.type == pygame.KEYDOWN:
            from ui.shortcuts import handle_shortcut

            if handle_shortcut(self, event, self._typing()):
                return
        if (event.type == pygame.KEYDOWN and event.key in KEYPAD_EDITING and not event.mod & pygame.KMOD_NUM
                and self._typing()):
            event = pygame.event.Event(pygame.KEYDOWN, {**event.dict, "key": KEYPAD_EDITING[event.key]})
        consumed = self.ui.process_events(event)
        top = self.top
        if top is not None and not consumed:
            self._guarded(top, "handle_event", top.handle_event, event)

    def _typing(self) -> bool:
        """Whether a text field has the keyboard (an M typed there is a letter, not mute)."""
        from pygame_gui.elements import UITextEntryLine

        return any(isinstance(w, UITextEntryLine) for w in self.ui.get_focus_set() or ())

    def bot_runner(self) -> ThreadRunner | ProcessRunner:
        """Where the table's bots and hints think: one worker process shared by every table of the
        app (a search never slows the frames), or threads when headless (tests, screenshots)."""
        from ui.table.bots import ProcessRunner, ThreadRunner

        if not self.bots_in_process:
            return ThreadRunner()
        if self._bot_process is None:
            self._bot_process = ProcessRunner()
        return self._bot_process

    def browser_side(self) -> tuple[Any, dict[str, Any]]:
        """What a table this app hosts needs for seats played in a web browser (``ui.web``): the
        views that draw their pictures, and the providers of the page's card images and words."""
        from ui.web.assets import browser_side

        return browser_side()

    @property
    def speaker(self) -> Speaker:
        """The voice that reads the log aloud (looked for on first use; silent when there is none)."""
        if self._speaker is None:
            self._speaker = Speaker(find_voice())
        return self._speaker

    def toggle_mute(self) -> None:
        """M: sound off or on again, remembered, and said in a toast."""
        self.settings.muted = not self.settings.muted
        self.save_settings()
        self.notify(self.tr("settings.sound_off" if self.settings.muted else "settings.sound_on"), 1.5)

    def draw(self) -> None:
        """Draw the visible scenes bottom-up, the widgets, then the toasts. The first frame after a
        scene switch trusts nothing on the screen: every scene draws whole and the whole screen goes
        to the window (a table drawing only its changes over the waiting room's pixels left "Opening
        the table…" on the felt)."""
        switched = self._switched()
        if switched:
            self._shown = None
        self._drawn_top = None if self.top is None else weakref.ref(self.top)
        first = len(self.scenes) - 1
        while first > 0 and self.scenes[first].transparent:
            first -= 1
        drawn = self.scenes[max(first, 0) :]
        if first < 0 or not self.scenes:
            self.screen.fill(FELT_DARK)
        for scene in drawn:
            if not self._guarded(scene, "draw", scene.draw, self.screen):
                self.screen.fill(FELT_DARK)  # the safe scene is drawn from the next frame on
                drawn = []
                break
        root = self.ui.get_root_container()
        group = self.ui.get_sprite_group()
        if group.should_update_visibility:  # widgets made or killed since ``ui.update`` (a scene switched in
            group.should_update_visibility = False  # its update): else the ones killed are drawn once more,
            group.update_visibility()  # over a table that then keeps them ("Opening the table…" on the felt)
        widgets = any(getattr(w, "visible", True) for w in group.sprites() if w is not root)
        self.ui.draw_ui(self.screen)
        self._shown = (drawn[0], self.screen, self.screen.get_size()) if len(drawn) == 1 and not widgets else None
        self._drawn_over = self._draw_toasts()
        painted = drawn[0].painted if self._shown is not None and not switched else None
        self._painted = None if painted is None else painted + self._drawn_over

    def _switched(self) -> bool:
        """Whether the top scene is another than at the last frame drawn (a scene switch)."""
        return self._drawn_top is None or self._drawn_top() is not self.top

    def drawn_over(self, scene: Scene, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Where ``surface`` no longer shows the frame ``scene`` drew on it last (the toasts drawn
        over it), or None when it does not hold that frame at all (another scene or a widget drew
        too, the window changed, or it is not the screen): a scene that keeps its frame redraws only
        what changed, and everything when this is None."""
        if self._shown is None or self._shown != (scene, surface, surface.get_size()):
            return None
        return list(self._drawn_over)

    def _draw_toasts(self) -> list[pygame.Rect]:
        """The toasts over everything; the areas they cover."""
        covered: list[pygame.Rect] = []
        width, height = self.screen.get_size()
        font = self.font(18)
        y = 24
        for toast in self._toasts:
            lines = wrap_text(font, toast.text, min(720, width - 80))
            line_h = font.get_linesize()
            box = pygame.Rect(0, 0, max(font.size(line)[0] for line in lines) + 48, line_h * len(lines) + 28)
            box.midtop = (width // 2, y)
            alpha = int(255 * min(1.0, toast.remaining / 0.4, (toast.total - toast.remaining + 0.05) / 0.2))
            layer = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.rect(layer, (*INK, 235), layer.get_rect(), border_radius=12)
            pygame.draw.rect(layer, (*GOLD, 255), layer.get_rect(), width=2, border_radius=12)
            for i, line in enumerate(lines):
                text = font.render(line, True, CREAM)
                layer.blit(text, ((box.width - text.get_width()) // 2, 14 + i * line_h))
            layer.set_alpha(max(0, min(255, alpha)))
            covered.append(self.screen.blit(layer, box))
            y = box.bottom + 8
        return covered

    # ------------------------------------------------------------------ the last line of defence
    def _guarded(self, scene: Scene, where: str, call: Any, *args: Any) -> bool:
        """Run a scene's ``call``; if it fails, recover (see ``_recover``) and return False."""
        try:
            call(*args)
        except Exception as error:
            if self.fail_fast:
                raise
            self._recover(scene, where, error)
            return False
        return True

    def _recover(self, scene: Scene, where: str, error: Exception) -> None:
        """A scene failed: write a crash report, tell the player in one sentence, and go back to a
        safe scene (the table reloaded from its autosave, else the title). The app keeps running."""
        from ui.crash import write_crash_report
        from ui.session import MatchSession
        from ui.table.scene import TableScene

        match = None
        if isinstance(scene, TableScene) and scene.session.saved:
            match = self.storage.load_session(scene.session.save_id)
        path = write_crash_report(self.places.state, error, f"{type(scene).__name__}.{where}", match)
        where_text = str(path) if path is not None else self.tr("notice.crash_unsaved")
        try:
            if match is not None:
                self.start_match(MatchSession.from_json(match))
                self.notify(self.tr("notice.crash_table", file=where_text), 8.0, error=True)
                return
        except Exception:  # the autosave itself cannot be played: the title is safe
            pass
        self.pop_to_title()
        self.notify(self.tr("notice.crash_title", file=where_text), 8.0, error=True)

    @property
    def toasts(self) -> list[str]:
        """The texts of the toasts on screen now."""
        return [t.text for t in self._toasts]

    def run(self) -> None:
        """Loop ``step`` at a steady 60 fps until the player quits, then close the window; while
        nothing moves (``idle``), wait for input instead of drawing the same frame again (a wait
        that times out lets time-driven work run, and draws only what it changed)."""
        while self.running:
            if self.idle():
                woken = wait_for_input(IDLE_WAIT)
                self.clock.tick()
                self.step(1 / FPS, draw=woken)
                continue
            dt = self.clock.tick(FPS) / 1000
            self.step(min(dt, MAX_DT), real=min(dt, MAX_REAL_DT))
        self.close()

    def idle(self) -> bool:
        """Whether nothing on screen moves until input arrives: no toast, no event waiting, and the
        top scene says it is idle (a table with no animation, no timer and no bot thinking)."""
        top = self.top
        return not self._toasts and not pygame.event.peek() and top is not None and top.idle()

    def quit(self) -> None:
        """Stop the loop, leaving the top scene and remembering the window and settings."""
        if not self.running:
            return
        self.running = False
        self._remember_geometry()
        if self.top is not None:
            self.top.leave()
        self.save_settings()
        self.storage.flush()  # the last autosave is on disk before the process ends
        if self._bot_process is not None:
            self._bot_process.close()
        if self._speaker is not None:
            self._speaker.close()

    def close(self) -> None:
        """Close the window (after ``quit``)."""
        pygame.display.quit()

