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
    assert system_language() == "de"
    monkeypatch.setenv("LANG", "es_MX.UTF-8")
    assert system_language() == "es"
    monkeypatch.setenv("LANG", "it_IT.UTF-8")
    assert system_language() == "en"


def test_the_window_declares_dpi_awareness_before_it_opens(app) -> None:
    import os

    assert os.environ["SDL_WINDOWS_DPI_AWARENESS"] == "permonitorv2"


def test_on_linux_the_window_is_presented_through_shared_memory_unless_the_player_says_otherwise(
        data_dir, monkeypatch) -> None:
    """SDL's default presents a software-drawn window through OpenGL, which without a GPU means a
    software renderer: ~100 MB more memory and ~8 ms more per frame (``benchmarks/frame_time.py
    --window``). The app asks for the direct path on Linux; a value set outside is kept."""
    import os
    import sys

    from ui.app import App

    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.delenv("SDL_FRAMEBUFFER_ACCELERATION", raising=False)
    App(data_dir=data_dir, size=(1024, 640), headless=True).quit()
    assert os.environ["SDL_FRAMEBUFFER_ACCELERATION"] == "0"
    monkeypatch.setenv("SDL_FRAMEBUFFER_ACCELERATION", "opengl")
    App(data_dir=data_dir, size=(1024, 640), headless=True).quit()
    assert os.environ["SDL_FRAMEBUFFER_ACCELERATION"] == "opengl"


def test_the_interface_size_enlarges_the_shells_text_is_remembered_and_always_fits(app, data_dir):
    """Settings → Screen → Text 150 %: the widgets' fonts and sizes grow (rendered afresh at the new
    point size, not stretched); the choice is saved; in a window too small for it, the interface
    grows only as far as every screen still fits."""
    from ui.scenes.settings import SettingsScene
    from ui.scenes.title import TitleScene

    title = app.top
    points, height = title.nav[0].font.get_point_size(), title.nav[0].rect.height
    app.show_settings()
    settings = app.top
    assert isinstance(settings, SettingsScene)
    settings.row = 4
    press(app, pygame.K_RIGHT)                   # on the screen row the arrows change the interface size
    assert app.settings.ui_scale == 125 and app.ui_scale == 1.25
    press(app, pygame.K_RIGHT)
    assert app.settings.ui_scale == 150 and load_settings(data_dir)[0].ui_scale == 150
    assert app.ui_scale == 1.25                  # 1280×800 holds the 1024×640 layout at 125 % at most
    pygame.display.set_mode((1920, 1200), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1920, y=1200))
    app.step(1 / 60)
    assert app.ui_scale == 1.5
    app.pop()
    assert isinstance(app.top, TitleScene)
    button = app.top.nav[0]
    assert button.font.get_point_size() == round(points * 1.5) and button.rect.height >= round(height * 1.5) - 1
    screen = app.screen.get_rect()
    assert all(screen.contains(widget.rect) for widget in app.top.nav)
