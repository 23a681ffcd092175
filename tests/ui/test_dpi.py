"""High DPI by default (issue 36): a first start takes its text size from the system's display
scale, from each system's source, rounded to the offered steps; nonsense is ignored; a saved
choice is kept."""

from __future__ import annotations

import math
import sys
from pathlib import Path

import pytest

from ui.dpi import (
    nearest_step,
    scale_from_backing,
    scale_from_dpi,
    scale_from_gdk,
    scale_from_xrdb,
    system_ui_scale,
)
from ui.settings import load_settings

HOSTILE = [0, -1, -96, math.nan, math.inf, -math.inf, 1e300, "junk", "", None, [], {}, True, "1e999", "nan"]


@pytest.mark.parametrize(("scale", "step"), [(1.0, 100), (1.1, 100), (1.2, 125), (1.25, 125), (1.4, 150), (1.5, 150),
                                             (1.75, 150), (1.76, 200), (2.0, 200), (3.0, 200), (0.5, 100), ("1.5", 150)])
def test_a_scale_is_rounded_to_the_nearest_offered_step(scale: object, step: int) -> None:
    assert nearest_step(scale) == step


@pytest.mark.parametrize("value", HOSTILE)
def test_nonsense_is_no_scale(value: object) -> None:
    assert nearest_step(value) is None
    assert scale_from_dpi(value) is None
    assert scale_from_backing(value, 1280) is None and scale_from_backing(2560, value) is None


def test_windows_dpi() -> None:
    assert nearest_step(scale_from_dpi(96)) == 100
    assert nearest_step(scale_from_dpi(120)) == 125
    assert nearest_step(scale_from_dpi(144)) == 150
    assert nearest_step(scale_from_dpi(192)) == 200


def test_xft_dpi_from_xrdb() -> None:
    assert scale_from_xrdb("Xcursor.size:\t24\nXft.dpi:\t144\nXft.antialias:\t1\n") == 1.5
    assert scale_from_xrdb("Xft.dpi: 192") == 2.0
    for junk in ("", "Xft.dpi:\t0", "Xft.dpi:\t-144", "Xft.dpi:\tnan", "Xft.dpi:\tlarge", "Xft.dpi:\t1e12",
                 "Xft.dpis:\t144", "\x00" * 10_000, "Xft.dpi:" + "9" * 5000):
        assert scale_from_xrdb(junk) is None, junk


def test_gdk_scale_and_dpi_scale() -> None:
    assert scale_from_gdk({}) is None
    assert scale_from_gdk({"GDK_SCALE": "2"}) == 2.0
    assert scale_from_gdk({"GDK_DPI_SCALE": "1.25"}) == 1.25
    assert scale_from_gdk({"GDK_SCALE": "2", "GDK_DPI_SCALE": "0.75"}) == 1.5
    for junk in ({"GDK_SCALE": "0"}, {"GDK_SCALE": "-2", "GDK_DPI_SCALE": "-1"}, {"GDK_SCALE": "1.5"},
                 {"GDK_SCALE": "nan"}, {"GDK_DPI_SCALE": "inf"}, {"GDK_SCALE": "two"}, {"GDK_SCALE": "9" * 400}):
        assert scale_from_gdk(junk) is None, junk


def test_macos_backing_scale_is_the_windows_pixels_per_point() -> None:
    assert scale_from_backing(2560, 1280) == 2.0
    assert scale_from_backing(1280, 1280) == 1.0          # a window in points: macOS already enlarges it
    assert scale_from_backing(2560, 0) is None


def test_on_linux_gdk_wins_then_xft_dpi(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(sys, "platform", "linux")
    fake = tmp_path / "xrdb"
    fake.write_text("#!/bin/sh\nprintf 'Xft.dpi:\\t144\\n'\n")
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", str(tmp_path))
    assert system_ui_scale(1280, 1280, {"DISPLAY": ":0"}) == 150
    assert system_ui_scale(1280, 1280, {"DISPLAY": ":0", "GDK_SCALE": "2"}) == 200
    assert system_ui_scale(1280, 1280, {}) is None        # no X display to ask
    fake.write_text("#!/bin/sh\nprintf 'Xft.dpi:\\tjunk\\n'\n")
    assert system_ui_scale(1280, 1280, {"DISPLAY": ":0"}) is None


def test_a_first_start_follows_the_system_and_a_saved_size_stays(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from ui.app import App

    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("GDK_SCALE", "2")
    monkeypatch.delenv("GDK_DPI_SCALE", raising=False)
    app = App(data_dir=data_dir, size=(1920, 1200), headless=True)
    assert app.settings.ui_scale == 100 and not app.settings.ui_scale_saved
    app._follow_system_scale()                            # what a first start in a window does
    assert app.settings.ui_scale == 200
    app.quit()
    app.close()
    saved, _ = load_settings(data_dir)
    assert saved.ui_scale == 200 and saved.ui_scale_saved
    assert "ui_scale_saved" not in (data_dir / "settings.json").read_text()
    monkeypatch.setenv("GDK_SCALE", "1")
    again = App(data_dir=data_dir, size=(1920, 1200), headless=True)
    try:
        assert again.settings.ui_scale == 200 and again.settings.ui_scale_saved   # the player's size is kept
        again.set_ui_scale(125)
        assert load_settings(data_dir)[0].ui_scale == 125                       # and still changeable
    finally:
        again.quit()
        again.close()
