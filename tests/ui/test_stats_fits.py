"""The statistics pages keep their words inside the window and their panel: every game's page in
every language, at 1024×640 and 1920×1080, at every interface size (a French caption once ran off
the window)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from ui.app import App
from ui.i18n import LANGUAGES
from ui.scenes.common import games
from ui.scenes.stats import StatsScene
from ui.settings import UI_SCALES

SIZES = [(1024, 640), (1920, 1080)]


class Recorder(pygame.Surface):
    """A screen that notes where every image was put, before any clipping."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size, pygame.SRCALPHA)
        self.placed: list[pygame.Rect] = []

    def blit(self, source: pygame.Surface, dest: Any, *args: Any, **kwargs: Any) -> pygame.Rect:
        rect = pygame.Rect(dest, source.get_size()) if not isinstance(dest, pygame.Rect) else \
            pygame.Rect(dest.topleft, source.get_size())
        self.placed.append(rect)
        return super().blit(source, dest, *args, **kwargs)


@pytest.mark.parametrize("ui_scale", UI_SCALES)
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_statistics_page_keeps_its_words_inside_its_panel(data_dir, language: str, size, ui_scale: int) -> None:
    app = App(data_dir=data_dir, size=size, headless=True, fail_fast=True)
    try:
        app.set_ui_scale(ui_scale)
        app.set_language(language)
        scene = StatsScene(app)
        app.push(scene)
        app.step(1 / 60)
        for game_id in games():
            scene.show_page(game_id)
            app.step(1 / 60)
            screen = Recorder(size)
            scene.draw(screen)
            window = screen.get_rect()
            panel = scene.panel
            inside = [r for r in screen.placed if panel.contains(r)]
            assert all(window.contains(r) for r in screen.placed), (game_id, [r for r in screen.placed if not window.contains(r)])
            assert len(inside) >= 8, (game_id, "the figures and the chart are drawn in the panel")
            crossing = [r for r in screen.placed if r.colliderect(panel) and not panel.contains(r) and r.width < window.width]
            assert crossing == [], (game_id, crossing)
    finally:
        app.quit()
        app.close()
