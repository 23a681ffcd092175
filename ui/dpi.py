"""The text size a first start picks from the system's display scale (issue 36: high DPI by default).

Each system says it its own way: Windows its DPI (96 = 100 %; the app is DPI-aware, so nothing
else enlarges it), Linux's desktops the ``Xft.dpi`` X resource (``xrdb -query``) or GTK's
``GDK_SCALE`` × ``GDK_DPI_SCALE``, macOS a backing scale, which matters only where the window's
pixels are not already points the system enlarges (Tablée's window is in points: ratio 1). The
scale is rounded to the nearest offered step (``ui.settings.UI_SCALES``); anything that is not a
plausible scale (0, negative, not finite, absurdly large, not a number) is ignored.
"""

from __future__ import annotations

import math
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Mapping

from ui.settings import UI_SCALES

BASE_DPI = 96.0
MIN_SCALE, MAX_SCALE = 0.25, 8.0
"""No screen is scaled below 25 % or beyond 800 %: a figure outside is junk, not a wish."""
XRDB_TIMEOUT = 2.0


def _plausible(scale: float) -> float | None:
    return scale if math.isfinite(scale) and MIN_SCALE <= scale <= MAX_SCALE else None


def _number(value: object) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, str):
        try:
            return float(value.strip())
        except ValueError:
            return None
    return None


def nearest_step(scale: object) -> int | None:
    """The offered text size (percent) nearest to ``scale`` (1.0 = 100 %), or None for nonsense."""
    number = _number(scale)
    if number is None or _plausible(number) is None:
        return None
    percent = number * 100
    return min(UI_SCALES, key=lambda step: (abs(step - percent), step))


def scale_from_dpi(dpi: object) -> float | None:
    """A DPI (Windows' system DPI, ``Xft.dpi``) as a scale: 96 is 1.0."""
    number = _number(dpi)
    return None if number is None else _plausible(number / BASE_DPI)


def scale_from_xrdb(text: str) -> float | None:
    """The scale the ``Xft.dpi`` line of ``xrdb -query``'s output says, if any."""
    match = re.search(r"^Xft\.dpi:[ \t]*(\S+)[ \t]*$", text[:100_000], re.MULTILINE)
    return scale_from_dpi(match.group(1)) if match else None


def scale_from_gdk(env: Mapping[str, str]) -> float | None:
    """GTK's scale: ``GDK_SCALE`` (a whole factor) times ``GDK_DPI_SCALE`` (the text's); None
    when neither is set or either is nonsense."""
    raw_scale, raw_dpi = env.get("GDK_SCALE"), env.get("GDK_DPI_SCALE")
    if raw_scale is None and raw_dpi is None:
        return None
    scale = 1.0 if raw_scale is None else _number(raw_scale)
    dpi = 1.0 if raw_dpi is None else _number(raw_dpi)
    if scale is None or dpi is None or _plausible(scale) is None or _plausible(dpi) is None or scale != int(scale):
        return None
    return _plausible(scale * dpi)


def scale_from_backing(drawable: object, window: object) -> float | None:
    """macOS's backing scale as the window sees it: its drawable's pixels per point."""
    pixels, points = _number(drawable), _number(window)
    if pixels is None or points is None or not points:
        return None
    return _plausible(pixels / points)


def _windows_scale() -> float | None:
    """The system DPI the player chose (Settings → Display → Scale), whatever the process's awareness."""
    if sys.platform != "win32":
        return None
    try:
        import winreg

        with winreg.OpenKey(winreg.HKEY_CURRENT_USER, r"Control Panel\Desktop\WindowMetrics") as key:
            applied, _ = winreg.QueryValueEx(key, "AppliedDPI")
        found = scale_from_dpi(applied)
        if found is not None:
            return found
    except (OSError, ImportError):
        pass
    try:
        import ctypes

        return scale_from_dpi(ctypes.windll.user32.GetDpiForSystem())
    except (OSError, AttributeError):
        return None


def _linux_scale(env: Mapping[str, str]) -> float | None:
    gdk = scale_from_gdk(env)
    if gdk is not None:
        return gdk
    xrdb = shutil.which("xrdb")
    if not env.get("DISPLAY") or xrdb is None:
        return None
    try:
        done = subprocess.run([xrdb, "-query"], capture_output=True, text=True, timeout=XRDB_TIMEOUT,
                              errors="replace", stdin=subprocess.DEVNULL)
    except (OSError, subprocess.SubprocessError):
        return None
    return scale_from_xrdb(done.stdout) if done.returncode == 0 else None


def system_ui_scale(drawable_width: int, window_width: int, env: Mapping[str, str] | None = None) -> int | None:
    """The text size (percent) the system's display scale asks for, or None when it says nothing
    usable. ``drawable_width`` and ``window_width`` are the open window's pixels and points."""
    env = os.environ if env is None else env
    if sys.platform == "win32":
        scale = _windows_scale()
    elif sys.platform == "darwin":
        scale = scale_from_backing(drawable_width, window_width)
    else:
        scale = _linux_scale(env)
    return None if scale is None else nearest_step(scale)
