"""A window that fits the screen: its size and place within the screen's usable area (the work
area, without the desktop's panels and docks) with its own frame (title bar and borders) counted.

pygame gives only the screens' full sizes; SDL, which pygame is built on and has already loaded,
knows the usable area (``SDL_GetDisplayUsableBounds``: ``_NET_WORKAREA`` on X11, the work area on
Windows, the visible frame on macOS) and the frame of a window the window manager has framed
(``SDL_GetWindowBordersSize``). They are called through ``ctypes`` on that same library; where it
cannot be found (another build of pygame), the full screen and a typical frame stand in.
"""

from __future__ import annotations

import ctypes
import re
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import NamedTuple

import pygame

FRAME_GUESS = (32, 2, 6, 2)
"""Top, left, bottom and right frame of a window before it has one (a usual title bar, thin
borders): the first window is opened at most this much smaller than the usable area, then fitted
to its real frame."""
_SDL_NAME = re.compile(r"(lib)?SDL2(-2[-.\w]*)?\.(so[.\d]*|dylib|dll)", re.IGNORECASE)


class Frame(NamedTuple):
    top: int
    left: int
    bottom: int
    right: int


class _Rect(ctypes.Structure):
    _fields_ = [("x", ctypes.c_int), ("y", ctypes.c_int), ("w", ctypes.c_int), ("h", ctypes.c_int)]


def _candidates() -> Iterable[Path]:
    """Where pygame's SDL library may be: what this process has loaded (Linux), else beside pygame."""
    maps = Path("/proc/self/maps")
    if sys.platform.startswith("linux") and maps.is_file():
        try:
            for line in maps.read_text(encoding="utf-8", errors="replace").splitlines():
                path = line.split()[-1] if line.split() else ""
                if path.startswith("/"):
                    yield Path(path)
        except OSError:
            pass
    package = Path(pygame.__file__).parent
    for folder in (package, package / ".dylibs", package.parent / "pygame_ce.libs", package.parent / "pygame.libs"):
        if folder.is_dir():
            yield from folder.iterdir()


_sdl: ctypes.CDLL | None = None
_looked = False


def sdl() -> ctypes.CDLL | None:
    """pygame's own SDL library (the one whose video subsystem is running), or None."""
    global _sdl, _looked
    if _looked:
        return _sdl
    _looked = True
    for path in _candidates():
        if _SDL_NAME.fullmatch(path.name):
            try:
                lib = ctypes.CDLL(str(path))
                lib.SDL_GetDisplayUsableBounds.argtypes = [ctypes.c_int, ctypes.POINTER(_Rect)]
                lib.SDL_GetDisplayUsableBounds.restype = ctypes.c_int
                lib.SDL_GetWindowFromID.argtypes = [ctypes.c_uint32]
                lib.SDL_GetWindowFromID.restype = ctypes.c_void_p
                lib.SDL_GetWindowBordersSize.argtypes = [ctypes.c_void_p, *[ctypes.POINTER(ctypes.c_int)] * 4]
                lib.SDL_GetWindowBordersSize.restype = ctypes.c_int
                lib.SDL_GetWindowDisplayIndex.argtypes = [ctypes.c_void_p]
                lib.SDL_GetWindowDisplayIndex.restype = ctypes.c_int
            except (OSError, AttributeError):
                continue
            _sdl = lib
            break
    return _sdl


def usable_area(display: int = 0) -> pygame.Rect | None:
    """The usable area of ``display`` (without panels and docks), or None when SDL cannot say."""
    lib = sdl()
    if lib is None:
        return None
    rect = _Rect()
    if lib.SDL_GetDisplayUsableBounds(display, ctypes.byref(rect)) != 0 or rect.w <= 0 or rect.h <= 0:
        return None
    return pygame.Rect(rect.x, rect.y, rect.w, rect.h)


def window_display(window: pygame.Window) -> int:
    """The index of the display ``window`` is on (0 when SDL cannot say)."""
    lib = sdl()
    handle = lib.SDL_GetWindowFromID(window.id) if lib is not None else None
    if lib is None or not handle:
        return 0
    return max(0, lib.SDL_GetWindowDisplayIndex(handle))


def window_frame(window: pygame.Window) -> Frame | None:
    """The frame the window manager drew around ``window``, or None when SDL cannot say."""
    lib = sdl()
    if lib is None:
        return None
    handle = lib.SDL_GetWindowFromID(window.id)
    if not handle:
        return None
    sides = [ctypes.c_int() for _ in range(4)]
    if lib.SDL_GetWindowBordersSize(handle, *(ctypes.byref(side) for side in sides)) != 0:
        return None
    frame = Frame(*(side.value for side in sides))
    return frame if all(0 <= side < 400 for side in frame) else None


def fitting_size(wanted: tuple[int, int], usable: pygame.Rect, frame: Frame) -> tuple[int, int]:
    """The inside size of a window as near ``wanted`` as the usable area holds with ``frame`` around it."""
    return (max(1, min(wanted[0], usable.width - frame.left - frame.right)),
            max(1, min(wanted[1], usable.height - frame.top - frame.bottom)))


def fits(position: tuple[int, int], size: tuple[int, int], usable: pygame.Rect, frame: Frame) -> bool:
    """Whether a window whose inside is at ``position`` with ``size`` lies in the usable area, frame and all."""
    outside = pygame.Rect(position[0] - frame.left, position[1] - frame.top,
                          size[0] + frame.left + frame.right, size[1] + frame.top + frame.bottom)
    return usable.contains(outside)


def fitting_position(position: tuple[int, int] | None, size: tuple[int, int], usable: pygame.Rect,
                     frame: Frame) -> tuple[int, int]:
    """Where to put the inside of a window of ``size`` so that it lies in the usable area, frame and all:
    ``position`` moved in as little as it takes (None: centred)."""
    outer_w = size[0] + frame.left + frame.right
    outer_h = size[1] + frame.top + frame.bottom
    if position is None:
        x = usable.x + (usable.width - outer_w) // 2 + frame.left
        y = usable.y + (usable.height - outer_h) // 2 + frame.top
    else:
        x, y = position
    x = max(usable.x + frame.left, min(x, usable.right - frame.right - size[0]))
    y = max(usable.y + frame.top, min(y, usable.bottom - frame.bottom - size[1]))
    return x, y
