"""The in-app rules pages: one per game in every language, opening with a short "How to play",
ending with the rulings ("Fine points"), and drawn inside the window at the smallest and a large
screen size."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pygame
import pytest

from ui.app import App
from ui.i18n import LANGUAGES
from ui.scenes.common import games
from ui.scenes.rules import RulesScene

ROOT = Path(__file__).resolve().parents[2]
SIZES = [(1024, 640), (1920, 1080)]
HOW_TO_PLAY = {"en": "How to play", "fr": "Comment jouer", "de": "So wird gespielt", "es": "Cómo se juega"}
FINE_POINTS = {"en": "Fine points", "fr": "Points de détail", "de": "Feinheiten", "es": "Detalles"}
RULING = re.compile(r"\*\*(Decision|Choix|Entscheidung|Decisión)\b")


def _page(language: str, game_id: str) -> str:
    return (ROOT / "assets" / "rules" / language / f"{game_id}.md").read_text(encoding="utf-8")


def _sections(text: str) -> list[str]:
    return re.findall(r"^## (.+)$", text, flags=re.MULTILINE)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_game_has_a_page_opening_with_how_to_play_and_ending_with_fine_points(language: str) -> None:
    for game_id in games():
        text = _page(language, game_id)
        sections = _sections(text)
        assert sections[0] == HOW_TO_PLAY[language], (game_id, sections)
        assert sections[-1] == FINE_POINTS[language], (game_id, sections)
        head, fine = text.split(f"## {FINE_POINTS[language]}\n", 1)
        assert not RULING.search(head), (game_id, RULING.search(head))
        rulings = [line for line in fine.splitlines() if line.startswith("- ")]
        assert len(rulings) >= 3, (game_id, "each ruling is a bullet of the fine points")


def test_no_page_lacks_a_translation_of_another() -> None:
    """The same sections in every language: a translation leaves nothing out."""
    for game_id in games():
        counts = {language: len(_sections(_page(language, game_id))) for language in LANGUAGES}
        assert len(set(counts.values())) == 1, (game_id, counts)


class Recorder(pygame.Surface):
    """A screen that notes where every image was put, before any clipping."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size, pygame.SRCALPHA)
        self.placed: list[pygame.Rect] = []

    def blit(self, source: pygame.Surface, dest: Any, *args: Any, **kwargs: Any) -> pygame.Rect:
        rect = pygame.Rect(dest.topleft if isinstance(dest, pygame.Rect) else dest, source.get_size())
        self.placed.append(rect)
        return super().blit(source, dest, *args, **kwargs)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_rules_scene_draws_each_page_inside_the_window(data_dir, language: str, size: tuple[int, int]) -> None:
    app = App(data_dir=data_dir, size=size, headless=True, fail_fast=True)
    try:
        app.set_language(language)
        for game_id in games():
            scene = RulesScene(app, game_id)
            app.push(scene)
            app.step(1 / 60)
            assert scene.page is not None
            assert HOW_TO_PLAY[language] in scene.page.text(), game_id
            for fraction in (0.0, 0.5, 1.0):
                scene.scroll_to_fraction(fraction)
                screen = Recorder(size)
                scene.draw(screen)
                window = screen.get_rect()
                outside = [r for r in screen.placed if not window.contains(r)]
                assert outside == [], (game_id, fraction, outside)
                words = [w for w in scene.page.words if w.text]
                assert all(w.x + scene.page.font(w.style).size(w.text)[0] <= scene.box.width - scene.px(48)
                           for w in words), (game_id, "a word runs past the page's right edge")
            app.pop()
    finally:
        app.quit()
        app.close()
