"""Fixtures for the UI tests: a headless app on a temporary data directory, and event helpers.

Tests drive the real app: they post pygame events and call ``app.step()``.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402  (the SDL drivers must be chosen first)
import pytest  # noqa: E402

from tests.tinygame import registered  # noqa: E402
from tests.tinygame.table import HuitAdapter  # noqa: E402
from ui.app import App  # noqa: E402
from ui.games import register_adapter, unregister_adapter  # noqa: E402


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    """An empty user data directory."""
    path = tmp_path / "data"
    path.mkdir()
    return path


def open_app(data_dir: Path, size: tuple[int, int] = (1280, 800)) -> Iterator[App]:
    """A headless app of ``size`` showing the title screen (English unless a test switches); a
    scene's exception fails the test instead of being recovered from. Closed after the test."""
    application = App(data_dir=data_dir, size=size, headless=True, fail_fast=True)
    if application.language != "en":
        application.set_language("en")
    application.step()
    yield application
    application.quit()
    application.close()


@pytest.fixture
def app(data_dir: Path) -> Iterator[App]:
    """A headless app at 1280×800 (see ``open_app``)."""
    yield from open_app(data_dir)


def click(app: App, pos: tuple[int, int], steps: int = 1) -> None:
    """Press and release the left mouse button at ``pos``, then run ``steps`` frames."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    for _ in range(steps):
        app.step(1 / 60)


def press(app: App, key: int, mod: int = 0, steps: int = 1) -> None:
    """Press and release ``key`` on the keyboard, then run ``steps`` frames."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0))
    for _ in range(steps):
        app.step(1 / 60)


def center(widget: object) -> tuple[int, int]:
    """The centre of a pygame_gui widget on screen."""
    return widget.rect.center  # type: ignore[attr-defined]


@pytest.fixture
def started(app, monkeypatch):
    """Every session ``app.start_match`` receives (instead of opening the table)."""
    sessions = []
    monkeypatch.setattr(app, "start_match", sessions.append)
    return sessions


@pytest.fixture
def huit() -> Iterator[object]:
    """Huit, the test-only game, with its table adapter, registered while the test runs."""
    with registered() as desc:
        register_adapter(desc.id, HuitAdapter)
        try:
            yield desc
        finally:
            unregister_adapter(desc.id)
