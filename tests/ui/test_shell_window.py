"""Window behaviour that can be checked headless: F11 remembers full screen, a resize rebuilds the
widgets for the new size, and the language follows the system locale until the player picks one."""

from __future__ import annotations

import pygame

from tests.ui.conftest import press
from ui.i18n import system_language
from ui.settings import load_settings


def test_f11_toggles_full_screen_and_remembers_it(app, data_dir):
    press(app, pygame.K_F11)
    assert app.settings.fullscreen is True
    assert load_settings(data_dir)[0].fullscreen is True
    press(app, pygame.K_F11)
    assert app.settings.fullscreen is False


def test_a_resize_rebuilds_the_scene_for_the_new_size(app):
    pygame.display.set_mode((1024, 640), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1024, y=640))
    app.step(1 / 60)
    assert app.screen.get_size() == (1024, 640)
    assert tuple(app.ui.window_resolution) == (1024, 640)
    screen = app.screen.get_rect()
    assert all(screen.contains(button.rect) for button in app.top.nav)


def test_language_follows_the_system_locale(monkeypatch):
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LC_ALL", "C")
    monkeypatch.setenv("LANG", "fr_CA.UTF-8")
    assert system_language() == "fr"
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert system_language() == "en"


def test_the_window_declares_dpi_awareness_before_it_opens(app) -> None:
    import os

    assert os.environ["SDL_WINDOWS_DPI_AWARENESS"] == "permonitorv2"
