"""A table opens with the heap collected and set aside, so that no full collection pauses play; what
the app keeps of its drawings and fonts stays bounded however many sizes a long session tries."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
import weakref
from pathlib import Path

import pygame
import pytest

from tests.scripts import load_script
from tests.ui.table_helpers import stacked_session, start
from ui.app import FONTS_KEPT
from ui.scenes import art
from ui.session import SeatInfo


class _Node:
    other: _Node | None = None


def test_opening_a_table_collects_cycles_and_sets_the_survivors_aside(app) -> None:
    first, second = _Node(), _Node()
    first.other, second.other = second, first  # a reference cycle, alive while ``kept`` holds it
    kept = [first]
    watch = weakref.ref(first)
    del first, second
    start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))
    assert gc.get_freeze_count() > 0
    kept.clear()  # now garbage, but set aside: play's collections never walk it
    gc.collect()
    assert watch() is not None
    start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))  # the next table frees it
    assert watch() is None


def test_the_next_table_does_not_keep_the_last_one_for_its_whole_match(app) -> None:
    first = start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))
    watch = weakref.ref(first)  # the last table, with its screen-sized layers
    del first
    start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))
    assert watch() is None  # freed as the new table opens, not set aside with the survivors


def test_the_shell_backdrop_is_let_go_while_a_table_shows(app) -> None:
    art.felt(app.screen.get_size())
    start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))
    assert art.felt.cache_info().currsize == 0  # not shown under a table: 8 MB at 1920×1080


def _window_sized(app) -> int:
    """How many Surfaces of the window's size Python objects hold now (what the benchmark walks)."""
    size = app.screen.get_size()
    return sum(surface.get_size() == size for surface in load_script("benchmarks/memory.py").surfaces_held())


def test_a_table_holds_two_layers_of_the_window_size_besides_the_window(app) -> None:
    scene = start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))
    for _ in range(3):
        app.step(1 / 60)
    assert scene.hud.layer is not None and scene.frame.resting.layer is not None
    assert _window_sized(app) == 3  # the window, the static layer and the resting layer: no felt apart


def test_a_surface_left_without_pixels_is_not_counted(app) -> None:
    dead = [pygame.Surface.__new__(pygame.Surface)]  # as a display's Surface after its display quit
    start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))
    assert _window_sized(app) == 3  # the walk skips it (once, a test before left one, and this failed)
    assert dead


def test_the_static_layer_redrawn_part_by_part_is_the_one_drawn_whole(app) -> None:
    scene = start(app, stacked_session([SeatInfo("Alice", "easy"), SeatInfo("Bob", "easy")]))
    for _ in range(40):  # the bots play: the status, the plates and their scores are drawn again
        scene.wait_for_bot(30.0)
        app.step(1 / 60)
    layer = scene.hud.layer
    assert layer is not None
    redrawn = pygame.image.tobytes(layer, "RGB")
    scene.hud.layer = None
    scene.hud.update(scene.layout, scene.gestures.status)
    assert scene.hud.layer is not None
    assert pygame.image.tobytes(scene.hud.layer, "RGB") == redrawn


# ---------------------------------------------------------------- caches keyed by a size stay bounded
# (what grew over a long session in benchmarks/memory.py: each entry is counted, never the memory)

def _resize(app, size: tuple[int, int]) -> None:
    """What SDL sends when the player drags the window's corner, then a frame."""
    pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1]))
    app.step(1 / 60)


def test_the_app_keeps_a_bounded_number_of_fonts_the_latest_asked_for(app) -> None:
    for size in range(6, 6 + 3 * FONTS_KEPT):
        app.font(size)
    assert len(app._fonts) <= FONTS_KEPT
    recent = app.font(6 + 3 * FONTS_KEPT - 1)
    assert app.font(6 + 3 * FONTS_KEPT - 1) is recent  # still open: not loaded again
    kept = app.font(40, bold=True)
    for size in range(100, 100 + FONTS_KEPT - 1):
        app.font(size)
        assert app.font(40, bold=True) is kept  # a font in use every frame is never closed


def test_the_felt_backdrop_is_kept_for_the_window_size_only(app) -> None:
    for size in [(1024, 640), (1280, 800), (1600, 900), (1920, 1080), (1366, 768)]:
        _resize(app, size)
        assert art.felt.cache_info().currsize == 1
    assert art.felt((1366, 768)) is art.felt((1366, 768))


def test_a_table_keeps_the_fonts_of_its_cards_at_the_window_size_only(app) -> None:
    scene = start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))
    _resize(app, (1024, 640))
    first = set(scene.art._fonts)
    for size in [(1280, 800), (1600, 900), (1920, 1080), (1366, 768), (1440, 900)]:
        _resize(app, size)
    _resize(app, (1024, 640))
    assert set(scene.art._fonts) == first


def test_resizing_the_window_loads_the_widgets_fonts_at_a_few_interface_sizes_only(app) -> None:
    app.set_ui_scale(200)
    fonts = app.ui.get_theme().get_font_dictionary().loaded_fonts
    sizes = [(1024 + 37 * i, 640 + 23 * i) for i in range(28)]  # 1024×640 to 2023×1261
    for size in sizes:
        _resize(app, size)
    scales = set()
    for size in sizes:
        _resize(app, size)
        scales.add(app.ui_scale)
    assert scales == {1 + k / 8 for k in range(8)}  # 100 % to 187.5 % in steps of 12.5 %, not 28 sizes
    loaded = len(fonts)
    for size in [(1100, 700), (1500, 950), (2000, 1250)]:  # sizes not seen, at scales already drawn
        _resize(app, size)
    assert len(fonts) == loaded


def test_cycling_interface_sizes_and_languages_keeps_only_the_current_widget_fonts(app) -> None:
    fonts = app.ui.get_theme().get_font_dictionary().loaded_fonts
    _resize(app, (1920, 1200))  # room for every interface size up to 200 %
    app.set_ui_scale(100)
    app.set_language("en")
    app.step(1 / 60)
    at_start = len(fonts)
    for _ in range(3):
        for percent, lang in [(125, "fr"), (150, "de"), (175, "es"), (200, "fr"), (100, "en")]:
            app.set_ui_scale(percent)
            app.set_language(lang)
            app.step(1 / 60)
            assert len(fonts) <= at_start  # the fonts of sizes and languages left behind are let go
    assert len(fonts) == at_start
    assert app.ui.get_theme().get_font(["button"]) is not None  # the current ones still draw


def test_opening_a_table_hands_the_freed_heap_back_to_the_system(app, monkeypatch) -> None:
    import ui.app as app_module

    calls: list[int] = []

    def trim() -> bool:
        calls.append(1)
        return True

    monkeypatch.setattr(app_module, "trim_heap", trim)
    start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))
    assert calls == [1]  # once, after the collection, as the table opens


def test_trimming_the_heap_is_done_on_glibc_and_a_no_op_elsewhere(monkeypatch) -> None:
    import sys

    import ui.app as app_module

    monkeypatch.setattr(sys, "platform", "win32")
    assert app_module.trim_heap() is False
    monkeypatch.setattr(sys, "platform", "linux")
    assert app_module.trim_heap() is True  # this machine's C library is glibc


def _scratch(app) -> list[pygame.Surface]:
    """The temporary surfaces pygame_gui's widget shapes still hold (their shapes built)."""
    shapes = [getattr(w, "drawable_shape", None) for w in app.ui.get_sprite_group().sprites()]
    return [s for shape in shapes if shape is not None
            for s in (getattr(shape, "temp_additive_shape", None), getattr(shape, "temp_subtractive_shape", None),
                      getattr(shape, "temp_shadow_subtractive_shape", None)) if s is not None]


def test_the_widgets_let_go_of_the_scratch_surfaces_of_their_rounded_shapes(app) -> None:
    _resize(app, (1920, 1080))
    for percent in (200, 125, 200):  # each interface size rebuilds every widget's shape
        app.set_ui_scale(percent)
        for _ in range(10):  # a shape draws one state a frame, then is done
            app.step(1 / 60)
        assert _scratch(app) == []
    assert any(getattr(w, "drawable_shape", None) is not None for w in app.ui.get_sprite_group().sprites())


_LAYER_PAGES = """
import ctypes, sys
import pygame
from ui.app import map_large_blocks

class MallInfo2(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in (
        "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks", "fordblks", "keepcost")]

mallinfo2 = ctypes.CDLL(None).mallinfo2
mallinfo2.restype = MallInfo2

def mapped():
    return int(mallinfo2().hblkhd)  # the bytes glibc has given pages of their own

if sys.argv[1] == "fixed":
    map_large_blocks()
bigger = pygame.Surface((2560, 1440))  # freed first: glibc would carve smaller ones from its heap after
del bigger
before = mapped()
layer = pygame.Surface((1920, 1080))
own = mapped() >= before + 1920 * 1080 * 4
del layer
print(own, mapped() == before)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's heap")
def test_a_window_sized_layer_has_pages_of_its_own_handed_back_when_freed() -> None:
    """In a fresh process, as the app starts: a process that already freed and merged big blocks in its
    heap (a test worker) may serve a layer from there, which says nothing of the threshold."""
    def run(mode: str) -> str:
        env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
        done = subprocess.run([sys.executable, "-c", _LAYER_PAGES, mode], capture_output=True, text=True,
                              env=env, cwd=Path(__file__).resolve().parents[2], check=True)
        return done.stdout.strip()

    assert run("fixed") == "True True"
    assert run("glibc's default") == "False True"  # the layer was carved from the heap


def test_mapping_large_blocks_apart_is_done_on_glibc_and_a_no_op_elsewhere(monkeypatch) -> None:
    import ui.app as app_module

    monkeypatch.setattr(sys, "platform", "win32")
    assert app_module.map_large_blocks() is False
    monkeypatch.setattr(sys, "platform", "linux")
    assert app_module.map_large_blocks() is True  # this machine's C library is glibc
