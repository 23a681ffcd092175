"""The coach tells what happened, when it happened, and is read at a readable size: LaGagne's step 4
said "Chloé laid a 50 of clubs" right after she discarded a zero, the Gin Rummy tutorial said "That's
the game" after one hand of a game to 100, and Gin Rummy's step 4 squeezed its words into a thin bar."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.ui.conftest import open_app
from ui.app import App
from ui.i18n import LANGUAGES
from ui.table.scene import TableScene
from ui.tutorial import Tutorial, start_tutorial

FRAMES = 600


def coached(app: App, game_id: str) -> Iterator[tuple[TableScene, list[str]]]:
    """Play ``game_id``'s tutorial step by step on a headless table: the scene and the coach's
    lines at each step, then at its end."""
    app.settings.animation_speed = "instant"
    app.settings.bot_delay = 0.0
    start_tutorial(app, game_id)
    scene = app.top
    assert isinstance(scene, TableScene)
    shown = -1
    for _ in range(FRAMES):
        coach = scene.match.coach
        assert coach is not None and not coach.lost
        if coach.finished:
            break
        if scene.match.coach_due():
            if coach.index != shown:
                shown = coach.index
                yield scene, scene.match.coach_lines()
            scene.tutorial_skip()
        app.step(1 / 30)
    for _ in range(30):
        app.step(1 / 30)
    yield scene, scene.match.coach_lines()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game_id", ["gin_rummy", "lagagne", "gang_de_mouettes"])
def test_the_coach_tells_an_opponents_move_only_right_after_it(data_dir: Path, game_id: str, language: str) -> None:
    tutorial = Tutorial.load(game_id)
    app = next(iter(open_app(data_dir)))
    try:
        app.set_language(language)
        told = {step.after[1]: step.after[0] for step in tutorial.steps if step.after is not None}
        assert told, "the tutorial tells nothing of its opponents"
        said = set()
        last = 0
        for scene, lines in coached(app, game_id):
            log = scene.state.log
            since = [m for m in log[last:] if not m.startswith("0: ")]
            for key, move in told.items():
                if any(app.tr(key) in line for line in lines):
                    said.add(key)
                    assert any(m.split()[:len(move.split())] == move.split() for m in since), (key, since)
            last = len(log)
        assert said == set(told), "a sentence about an opponent was never said"
    finally:
        app.quit()
        app.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_gin_tutorial_ends_one_hand_of_a_game_that_goes_on(data_dir: Path, language: str) -> None:
    app = next(iter(open_app(data_dir)))
    try:
        app.set_language(language)
        *_, (scene, lines) = coached(app, "gin_rummy")
        view = scene.state.view(0)
        assert view["result"] is not None and not view["result"]["game_over"]
        assert len(lines) == 1 and app.number(view["game_target"]) in lines[0]  # the game goes on to 100
    finally:
        app.quit()
        app.close()


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_gin_knock_step_is_a_readable_box_not_a_thin_bar(data_dir: Path, size: tuple[int, int],
                                                             language: str) -> None:
    app = next(iter(open_app(data_dir, size)))
    try:
        app.set_language(language)
        for scene, _ in coached(app, "gin_rummy"):
            if scene.match.coach is not None and scene.match.coach.index == 3:
                break
        for selected in (None, "Qs"):
            scene.select(selected)
            app.step(1 / 30)
            layout = scene._layout
            assert layout is not None
            placed = scene.panels.coach_box(layout)
            assert placed is not None
            box, _ = placed
            widest = layout.size[0] * 0.26 * (1 + 0.3 * (layout.text_scale - 1)) * 1.4 + layout.em
            assert box.w <= widest and box.w < 3 * box.h, (selected, box)
            assert not any(box.colliderect(b.rect) for b in scene.buttons), (selected, box)
    finally:
        app.quit()
        app.close()
