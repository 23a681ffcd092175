"""The title screen: it lists the registered games and is navigable by mouse and keyboard."""

from __future__ import annotations

import pygame

from game import GAMES
from tests.ui.conftest import center, click, press
from ui.scenes.setup import SetupScene
from ui.scenes.title import TitleScene


def test_title_lists_every_registered_game(app):
    title = app.top
    assert isinstance(title, TitleScene)
    assert set(title.game_buttons) == set(GAMES)
    assert app.running


def test_clicking_a_game_opens_its_setup(app):
    game_id = next(iter(GAMES))
    click(app, center(app.top.game_buttons[game_id]))
    assert isinstance(app.top, SetupScene)
    assert app.top.game_id == game_id
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, TitleScene)


def test_keyboard_moves_focus_and_activates(app):
    title = app.top
    first = list(GAMES)[0]
    assert title.nav[title.focus] is title.game_buttons[first]
    if len(GAMES) > 1:
        press(app, pygame.K_DOWN)
        assert app.top.nav[app.top.focus] is app.top.game_buttons[list(GAMES)[1]]
        press(app, pygame.K_UP)
    press(app, pygame.K_RETURN)
    assert isinstance(app.top, SetupScene) and app.top.game_id == first


def test_quit_button_stops_the_app(app):
    quit_button = app.top.nav[-1]
    assert quit_button.text == "Quit"
    click(app, center(quit_button))
    assert not app.running


def test_the_continue_hint_fits_a_crowded_table(app):
    """Eight long names used to overflow the hint under Continue (pygame_gui cut the text and warned)."""
    import warnings

    from ui.session import MatchSession, SeatInfo

    seats = [SeatInfo(f"Player with a long name {i}", None if i == 0 else "easy") for i in range(8)]
    app.storage.save_session(MatchSession.new("gang_de_mouettes", seats, seed=3).to_json())
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        app.top.rebuild()
    assert not [w for w in caught if "too small" in str(w.message)]
    title = app.top
    assert title.continue_button is not None
    assert "…" in title.continue_hint(title.continue_button.rect.width)
    assert "long name 7" in title.continue_hint(None)
