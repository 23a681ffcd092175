"""The About page: version, the data folder, the project's licence and every third-party notice."""

from __future__ import annotations

import pygame

from tests.ui.conftest import center, click, press
from ui.scenes.about import AboutScene


def test_about_shows_version_data_folder_and_licences_and_scrolls(app) -> None:
    click(app, center(app.top.about_button))
    about = app.top
    assert isinstance(about, AboutScene)
    assert about.text.startswith("MIT License") and "pygame-ce" in about.text and "websockets" in about.text
    app.step(1 / 60)
    lines = about.lines(about.area.width)
    assert len(lines) > 200 and about.scroll == 0
    press(app, pygame.K_PAGEDOWN)
    assert about.scroll == 20
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0))
    app.step(1 / 60)
    assert about.scroll == 23
    press(app, pygame.K_END)
    assert about.scroll > 23
    press(app, pygame.K_HOME)
    assert about.scroll == 0
    pygame.image.save(app.screen, str(app.data_dir / "about.png"))
    press(app, pygame.K_ESCAPE)
    assert app.top is app.scenes[0]
