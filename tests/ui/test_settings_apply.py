"""Every setting changed from the pause menu's settings screen shows at the table on return, without
Save and quit → Continue (issue 35): card size, the four-colour deck, text size, language, sound,
animation speed, the bots' think delay."""

from __future__ import annotations

import pygame

from tests.ui.conftest import press
from tests.ui.table_helpers import stacked_session, start
from ui.scenes.pause import PauseScene
from ui.scenes.settings import SettingsScene
from ui.session import SeatInfo
from ui.table.scene import TableScene


def _open_settings(app) -> SettingsScene:
    from tests.ui.conftest import click

    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    button = next(b for b in app.top.root.elements if getattr(b, "text", None) == app.tr("pause.settings"))
    click(app, button.rect.center, steps=2)
    assert isinstance(app.top, SettingsScene)
    return app.top


def _back_to_table(app) -> TableScene:
    press(app, pygame.K_ESCAPE, steps=2)  # the settings close
    assert isinstance(app.top, PauseScene)
    press(app, pygame.K_ESCAPE, steps=2)  # the pause menu closes
    assert isinstance(app.top, TableScene)
    return app.top


def _row(app, settings: SettingsScene, row: int, key: int) -> None:
    settings.row = row
    press(app, key, steps=1)


def _hand(scene: TableScene) -> list:
    return [s for s in scene.sprites if s.zone == f"hand:{scene.viewer}"]


def test_card_size_and_four_colours_show_at_once(app) -> None:
    scene = start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))
    app.step(1 / 60)
    before = [s.width for s in _hand(scene)]
    diamond = next(s.card for s in _hand(scene) if s.card.endswith("d"))
    face = scene.art.face(diamond, before[0])
    plain = pygame.image.tobytes(face, "RGBA")
    settings = _open_settings(app)
    _row(app, settings, 7, pygame.K_RIGHT)  # larger cards
    _row(app, settings, 7, pygame.K_RETURN)  # four colours
    assert app.settings.card_size == "large" and app.settings.four_colour_deck
    table = _back_to_table(app)
    assert table is scene
    app.step(1 / 60)
    after = [s.width for s in _hand(scene)]
    assert all(a > b for a, b in zip(after, before)), (before, after)
    shown = scene.art.face(diamond, before[0])
    assert pygame.image.tobytes(shown, "RGBA") != plain


def test_text_size_language_and_sound_show_at_once(app) -> None:
    scene = start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))
    assert scene.play(scene.legal[0])
    app.step(1 / 60)
    english_log = list(scene.log.lines)
    english_buttons = [b.label for b in scene.buttons]
    text_before = scene.layout.text_scale
    assert english_log and english_buttons
    settings = _open_settings(app)
    _row(app, settings, 4, pygame.K_RIGHT)  # larger text
    _row(app, settings, 6, pygame.K_RETURN)  # muted
    while app.language != "fr":
        _row(app, app.top, 0, pygame.K_RIGHT)
    assert app.settings.ui_scale == 125 and app.settings.muted
    table = _back_to_table(app)
    app.step(1 / 60)
    assert table.layout.text_scale > text_before
    assert [b.label for b in table.buttons] != english_buttons
    assert table.log.lines and not set(table.log.lines) & set(english_log), (english_log, table.log.lines)
    assert not app.sound.play("place")


def test_the_watch_names_each_changed_setting_once() -> None:
    from ui.settings import Settings
    from ui.table.watch import WATCHED, SettingsWatch

    settings = Settings()
    watch = SettingsWatch(settings)
    assert watch.changes(settings) == frozenset()
    settings.card_size, settings.muted, settings.window_size = "large", True, (800, 600)
    assert watch.changes(settings) == {"card_size", "muted"}
    assert watch.changes(settings) == frozenset()
    assert set(WATCHED) <= {f.name for f in __import__("dataclasses").fields(Settings)}
