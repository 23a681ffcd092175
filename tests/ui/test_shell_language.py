"""French and English: switching the language rebuilds the visible widgets at once, the rules
page follows the language, and both catalogs name the same keys."""

from __future__ import annotations

import json

import pygame
import pytest

from game import GAMES
from tests.ui.conftest import center, click, press
from tests.ui.test_shell_setup import choose
from ui.i18n import LANGUAGES
from ui.resources import resource_path
from ui.scenes.rules import RulesScene, markdown_blocks
from ui.scenes.settings import SettingsScene


@pytest.mark.parametrize("lang", LANGUAGES)
def test_catalogs_have_the_same_keys(lang):
    en = json.loads(resource_path("i18n/en/shell.json").read_text(encoding="utf-8"))
    other = json.loads(resource_path(f"i18n/{lang}/shell.json").read_text(encoding="utf-8"))
    assert set(en) == set(other)


def test_every_game_has_rules_in_both_languages():
    for game_id in GAMES:
        for lang in ("en", "fr"):
            assert resource_path(f"rules/{lang}/{game_id}.md").is_file(), (game_id, lang)


def test_switching_language_in_settings_changes_visible_strings(app):
    assert app.top.nav[-1].text == "Quit"
    click(app, center(app.top.nav[-2]))  # Settings
    assert isinstance(app.top, SettingsScene)
    choose(app, app.top.language_menu, "fr")
    assert app.language == "fr" and app.settings.language == "fr"
    assert isinstance(app.top, SettingsScene)
    assert app.top.nav[-1].text == "Retour"
    assert app.top.language_menu.selected_option[1] == "fr"
    click(app, center(app.top.nav[-1]))
    assert [b.text for b in app.top.nav[-4:]] == ["Règles", "Statistiques", "Réglages", "Quitter"]


@pytest.mark.parametrize(("lang", "back", "nav"), [
    ("de", "Zurück", ["Regeln", "Statistik", "Einstellungen", "Beenden"]),
    ("es", "Volver", ["Reglas", "Estadísticas", "Ajustes", "Salir"]),
])
def test_german_and_spanish_are_offered_in_settings_and_speak_at_once(app, lang, back, nav):
    app.show_settings()
    assert [value for _, value in app.top.language_menu.options_list] == list(LANGUAGES)
    assert {"Deutsch", "Español"} <= {name for name, _ in app.top.language_menu.options_list}
    choose(app, app.top.language_menu, lang)
    assert app.language == lang and app.settings.language == lang
    assert app.top.nav[-1].text == back
    click(app, center(app.top.nav[-1]))
    assert [b.text for b in app.top.nav[-4:]] == nav


def test_rules_scene_shows_the_chosen_language(app):
    game_id = "gin_rummy" if "gin_rummy" in GAMES else next(iter(GAMES))
    app.show_rules(game_id)
    assert isinstance(app.top, RulesScene)
    english = app.top.page.text()
    app.set_language("fr")
    french = app.top.page.text()
    assert english != french
    assert "Gin-rami" in french or "joueur" in french
    assert "player" in english


def test_markdown_subset_becomes_styled_blocks():
    blocks = markdown_blocks(
        "# Title\n\nSome **bold** and *it* `code` <x>.\n\n- one\n  two\n1. first\n\n"
        "| a | b |\n|---|---|\n| 1 | — |\n"
    )
    assert blocks[0].runs == [("Title", "heading1")]
    assert ("bold", "bold") in blocks[1].runs and ("it", "italic") in blocks[1].runs
    assert ("code", "code") in blocks[1].runs and blocks[1].runs[-1] == (" <x>.", "plain")
    assert blocks[2].mark == "•" and blocks[2].runs == [("one two", "plain")]
    assert blocks[3].mark == "1." and blocks[3].runs == [("first", "plain")]
    assert blocks[4].runs == [("a: ", "soft"), ("1", "bold")]   # the empty cell of column b is left out


def test_settings_work_from_the_keyboard(app):
    app.show_settings()
    scene = app.top
    press(app, pygame.K_DOWN)  # language
    press(app, pygame.K_RIGHT)
    assert app.language == "fr" and app.top.nav[-1].text == "Retour"
    press(app, pygame.K_DOWN)  # animation speed
    press(app, pygame.K_RIGHT)
    assert app.settings.animation_speed == "slow"
    press(app, pygame.K_DOWN)  # bot delay
    press(app, pygame.K_LEFT)
    assert app.settings.bot_delay == pytest.approx(0.7)
    press(app, pygame.K_DOWN)  # memory aid
    press(app, pygame.K_RETURN)
    assert app.settings.memory_aid is True and scene.memory_box.get_state() is True
    press(app, pygame.K_RIGHT)  # the arrows: let quick-discard windows go
    assert app.settings.let_go is True and scene.let_go_box.get_state() is True and app.settings.memory_aid
    press(app, pygame.K_DOWN)  # full screen
    press(app, pygame.K_DOWN)  # sound volume
    press(app, pygame.K_LEFT)
    assert app.settings.volume == 60
    press(app, pygame.K_DOWN)  # mute
    press(app, pygame.K_RETURN)
    assert app.settings.muted is True and scene.mute_box.get_state() is True
    press(app, pygame.K_DOWN)  # cards: the arrows change the size, Enter the four colours
    press(app, pygame.K_RIGHT)
    assert app.settings.card_size == "large"
    press(app, pygame.K_RETURN)
    assert app.settings.four_colour_deck
    press(app, pygame.K_DOWN)  # the Back button
    press(app, pygame.K_RETURN)
    assert not isinstance(app.top, SettingsScene)


def test_rules_keys_switch_games_and_scroll(app):
    ids = list(GAMES)
    app.show_rules(ids[0])
    press(app, pygame.K_RIGHT)
    assert app.top.game_id == ids[1 % len(ids)]
    scene = app.top
    assert scene.scroll == 0 and scene.max_scroll > 0
    press(app, pygame.K_PAGEDOWN)
    assert scene.scroll > 0
    press(app, pygame.K_END)
    assert scene.scroll == scene.max_scroll
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3, flipped=False))
    app.step(1 / 60)
    assert scene.scroll == scene.max_scroll - 3 * 60
