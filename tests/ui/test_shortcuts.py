"""The shortcuts people try first (issue 36), through real key events: F1 the rules of the current
game, Ctrl+N a new game, Ctrl+Q quit (Cmd on macOS), F2 or ``?`` the list of every shortcut, in
English and French."""

from __future__ import annotations

import sys

import pygame
import pytest

from tests.ui.conftest import center, click, press
from ui.scenes.pause import PauseScene
from ui.scenes.rules import RulesScene
from ui.scenes.setup import SetupScene
from ui.scenes.title import TitleScene
from ui.session import MatchSession, SeatInfo
from ui.settings import load_settings
from ui.shortcuts import ShortcutsScene, shortcut_rows
from ui.table.scene import TableScene


def seat_gin(app, seed: int = 5) -> MatchSession:
    session = MatchSession.new("gin_rummy", [SeatInfo("Alice"), SeatInfo("Bob", "easy")], seed=seed)
    app.settings.animation_speed = "instant"
    app.start_match(session)
    app.step(1 / 60)
    return session


def type_char(app, char: str, key: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=char, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=char, scancode=0))
    app.step(1 / 60)


def test_f1_opens_the_rules_of_the_game_at_the_table_and_closes_them(app) -> None:
    seat_gin(app)
    press(app, pygame.K_F1)
    assert isinstance(app.top, RulesScene) and app.top.game_id == "gin_rummy"
    press(app, pygame.K_F1)
    assert isinstance(app.top, TableScene)


def test_f1_on_the_setup_of_a_game_opens_that_games_rules(app) -> None:
    app.push(SetupScene(app, "lagagne"))
    press(app, pygame.K_F1)
    assert isinstance(app.top, RulesScene) and app.top.game_id == "lagagne"


def test_ctrl_n_on_the_title_opens_the_setup_of_a_game(app) -> None:
    press(app, pygame.K_n, pygame.KMOD_LCTRL)
    assert isinstance(app.top, SetupScene)


def test_ctrl_n_at_a_table_asks_then_deals_again_with_the_same_seats(app) -> None:
    session = seat_gin(app)
    press(app, pygame.K_n, pygame.KMOD_LCTRL)
    pause = app.top
    assert isinstance(pause, PauseScene) and pause.confirm is not None
    assert app.scenes[-2].session is session                      # nothing thrown away yet
    click(app, center(pause.confirm.confirm_button), steps=2)
    table = app.top
    assert isinstance(table, TableScene) and table.session is not session
    assert table.session.seats == session.seats and table.session.state.seed != session.state.seed


def test_ctrl_n_after_a_match_is_over_deals_again_at_once(app, monkeypatch: pytest.MonkeyPatch) -> None:
    session = seat_gin(app)
    monkeypatch.setattr(session.state, "is_over", lambda: True)
    press(app, pygame.K_n, pygame.KMOD_LCTRL)
    assert isinstance(app.top, TableScene) and app.top.session is not session


def test_ctrl_n_at_a_network_table_says_why_not(app, monkeypatch: pytest.MonkeyPatch) -> None:
    session = seat_gin(app)
    monkeypatch.setattr(MatchSession, "saved", property(lambda self: False))
    press(app, pygame.K_n, pygame.KMOD_LCTRL)
    assert app.top.session is session
    assert any("network table" in toast for toast in app.toasts)


def test_ctrl_q_quits_and_saves(app, data_dir) -> None:
    app.settings.volume = 33
    press(app, pygame.K_q, pygame.KMOD_LCTRL)
    assert not app.running
    assert load_settings(data_dir)[0].volume == 33


def test_on_macos_it_is_cmd_q(app, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "darwin")
    press(app, pygame.K_q, pygame.KMOD_LCTRL)
    assert app.running
    press(app, pygame.K_q, pygame.KMOD_LMETA)
    assert not app.running


def test_f2_and_question_mark_open_and_close_the_list(app) -> None:
    press(app, pygame.K_F2)
    assert isinstance(app.top, ShortcutsScene)
    press(app, pygame.K_F2)
    assert isinstance(app.top, TitleScene)
    type_char(app, "?", pygame.K_COMMA, pygame.KMOD_LSHIFT)      # Shift+, on a French keyboard
    assert isinstance(app.top, ShortcutsScene)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, TitleScene)


def test_a_question_mark_typed_in_a_name_is_a_letter(app) -> None:
    setup = SetupScene(app, "gin_rummy")
    app.push(setup)
    field = next(w for w in app.ui.get_sprite_group().sprites() if type(w).__name__ == "UITextEntryLine")
    click(app, center(field))
    type_char(app, "?", pygame.K_SLASH, pygame.KMOD_LSHIFT)
    assert app.top is setup


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_list_names_every_shortcut_in_the_players_language(app, language: str) -> None:
    app.set_language(language)
    seat_gin(app)
    press(app, pygame.K_F2)
    sections = shortcut_rows(app)
    keys = [keys for _, rows in sections for keys, _ in rows]
    assert keys[:4] == ["F1", "F2, ?", "Ctrl+N", "Ctrl+Q"]
    assert {"F11", "M", "H", "L", "Ctrl+Z", "C"} <= set(keys)
    assert ("Échap" if language == "fr" else "Esc") in keys
    texts = " ".join(text for _, rows in sections for _, text in rows)
    assert ("Règles du jeu en cours" if language == "fr" else "Rules of the current game") in texts
    assert all(app.has_text(key) for key in ("shortcuts.heading", "shortcuts.close", "keys.arrows"))
    for size in ((1024, 640), (1920, 1080)):
        app.top.draw(pygame.Surface(size))


def test_the_list_has_the_letters_of_the_tables_own_buttons(app) -> None:
    from ui.table.widgets import Button

    seat_gin(app)
    app.top.buttons = [Button("pass_snap", "Let it go (N)", None, shortcut=pygame.K_n),
                       Button("knock", "Knock", None)]
    rows = dict(shortcut_rows(app))
    assert rows[app.tr("shortcuts.this_table")] == [("N", "Let it go")]
