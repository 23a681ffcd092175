"""Every choice of the setup's seat menus is shown whole: "Joueur sur un autre o…" was cut."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.ui.conftest import click, open_app
from ui.app import App
from ui.i18n import LANGUAGES
from ui.scenes.setup import SetupScene

PADDING = 8
"""Pixels a choice needs beside its text (the list's border and the text's margin)."""


@pytest.fixture(params=[(1024, 640), (1920, 1080)], ids=["small", "large"])
def sized_app(data_dir: Path, request: pytest.FixtureRequest) -> Iterator[App]:
    yield from open_app(data_dir, request.param)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game_id", ["gin_rummy", "lagagne", "gang_de_mouettes"])
def test_every_seat_choice_fits_its_menu(sized_app: App, game_id: str, language: str) -> None:
    app = sized_app
    app.set_language(language)
    scene = SetupScene(app, game_id)
    app.push(scene)
    app.step(1 / 60)
    menu = scene.level_menus[-1]
    closed = menu.menu_states["closed"]
    shown = closed.selected_option_button
    assert shown.font.size(shown.text)[0] + PADDING <= shown.rect.width, shown.text
    click(app, menu.rect.center, 3)
    items = [i for i in menu.menu_states["expanded"].options_selection_list.item_list if i.get("button_element")]
    assert len(items) >= 4
    for item in items:
        button = item["button_element"]
        assert button.font.size(button.text)[0] + PADDING <= button.rect.width, (button.text, button.rect.width)
