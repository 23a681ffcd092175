"""The new-game setup form without a mouse: Tab walks every control in reading order, drop-downs
cycle, checkboxes toggle, text entries take typing, and Start deals the match."""

from __future__ import annotations

import pygame

from tests.ui.conftest import center, click, press
from ui.scenes.setup import SetupScene


def type_text(app, text: str) -> None:
    """Type ``text`` as the keyboard would (one TEXTINPUT event), then run a frame."""
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    app.step(1 / 60)


def tab_to(app, scene: SetupScene, widget, shift: bool = False) -> None:
    """Press Tab (or Shift+Tab) until ``widget`` has the keyboard focus."""
    for _ in range(len(scene.nav)):
        if scene.focused_widget() is widget:
            return
        press(app, pygame.K_TAB, pygame.KMOD_SHIFT if shift else 0)
    assert scene.focused_widget() is widget


def open_setup_by_keyboard(app, game_id: str) -> SetupScene:
    title = app.top
    target = title.game_buttons[game_id]
    for _ in range(len(title.nav)):
        if title.nav[title.focus] is target:
            break
        press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    assert isinstance(app.top, SetupScene)
    return app.top


def test_tab_order_follows_the_form(app):
    scene = open_setup_by_keyboard(app, "lagagne")
    minus, plus = scene.count_buttons
    seats = [w for pair in zip(scene.name_entries, scene.level_menus, strict=True) for w in pair]
    options = [scene.option_widgets[f.name] for f in scene.fields if f.name in scene.option_widgets]
    assert scene.nav[:3] == [scene.undo_box, minus, plus]
    assert scene.nav[3 : 3 + len(seats)] == seats
    rest = scene.nav[3 + len(seats) :]
    assert rest[1 : 1 + len(options)] == options  # after the Defaults button
    assert rest[1 + len(options)] is scene.seed_entry
    assert rest[-1] is scene.start_button and scene.focused_widget() is scene.start_button
    press(app, pygame.K_TAB)
    assert scene.focused_widget() is scene.undo_box
    press(app, pygame.K_TAB)
    assert scene.focused_widget() is minus
    press(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    press(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert scene.focused_widget() is scene.start_button


def test_whole_setup_with_the_keyboard_only(app, started):
    scene = open_setup_by_keyboard(app, "lagagne")
    assert scene.count == 4
    # seat count: Tab to "+" and press Enter; the focus stays on it
    tab_to(app, scene, scene.count_buttons[1])
    press(app, pygame.K_RETURN)
    assert scene.count == 5 and len(scene.name_entries) == 5
    assert scene.focused_widget() is scene.count_buttons[1]
    # a name: Tab into the entry, select all, type
    press(app, pygame.K_TAB)
    entry = scene.name_entries[0]
    assert scene.focused_widget() is entry and entry.is_focused
    press(app, pygame.K_a, pygame.KMOD_CTRL)
    type_text(app, "Zoé")
    assert entry.get_text() == "Zoé"
    # Tab leaves the entry for the seat's level; a second Tab reaches the next seat's name
    press(app, pygame.K_TAB)
    assert scene.focused_widget() is scene.level_menus[0] and not entry.is_focused
    press(app, pygame.K_TAB, steps=1)
    press(app, pygame.K_TAB)
    menu = scene.level_menus[1]
    assert scene.focused_widget() is menu
    # Right cycles the closed drop-down: normal → hard
    press(app, pygame.K_RIGHT, steps=2)
    assert menu.selected_option == ("Bot — hard", "hard")
    assert menu.current_state is menu.menu_states["closed"]
    assert scene.focused_widget() is menu
    pygame.image.save(app.screen, "/tmp/setup_focus_dropdown.png")
    # a rule option checkbox: Space toggles it
    box = scene.option_widgets["x2_needs_open_column"]
    before = bool(box.get_state())
    tab_to(app, scene, box)
    press(app, pygame.K_SPACE, steps=2)
    assert bool(box.get_state()) is not before
    # the seed: type it, Esc leaves the entry without leaving the form
    tab_to(app, scene, scene.seed_entry)
    assert scene.seed_entry.is_focused
    type_text(app, "4242")
    press(app, pygame.K_ESCAPE)
    assert app.top is scene and not scene.seed_entry.is_focused
    assert scene.focused_widget() is scene.seed_entry
    # Start
    tab_to(app, scene, scene.start_button)
    press(app, pygame.K_RETURN)
    assert len(started) == 1
    session = started[0]
    assert session.seats[0].name == "Zoé"
    assert [s.level for s in session.seats] == [None, "hard", "normal", "normal", "normal"]
    assert session.state.options.x2_needs_open_column is (not before)
    assert session.state.seed == 4242


def test_left_cycles_back_and_escape_twice_goes_back(app):
    scene = open_setup_by_keyboard(app, "lagagne")
    menu = scene.level_menus[0]
    tab_to(app, scene, menu, shift=True)
    press(app, pygame.K_LEFT, steps=2)  # human → (wraps to) a player on another computer
    assert menu.selected_option[1] == "remote"
    press(app, pygame.K_LEFT, steps=2)  # → hard
    assert menu.selected_option[1] == "hard"
    assert scene.name_entries[0].get_text() == scene._default_name(0, "hard")
    press(app, pygame.K_SPACE, steps=2)  # hard → remote → human
    press(app, pygame.K_SPACE, steps=2)
    assert menu.selected_option[1] == "human"
    tab_to(app, scene, scene.name_entries[0], shift=True)
    press(app, pygame.K_SPACE)
    type_text(app, " ")
    assert scene.name_entries[0].get_text().endswith(" ") and app.top is scene
    press(app, pygame.K_ESCAPE)
    assert app.top is scene
    press(app, pygame.K_ESCAPE)
    assert app.top is not scene


def test_focused_option_scrolls_into_view(app):
    scene = open_setup_by_keyboard(app, "gang_de_mouettes")
    assert not scene.option_scroll.rect.contains(scene.option_widgets[scene.fields[-1].name].rect)
    last = scene.option_widgets[scene.fields[-1].name]
    tab_to(app, scene, last)
    app.step(1 / 60)
    app.step(1 / 60)
    assert scene.option_scroll.rect.contains(last.rect)


def test_keyboard_continues_from_a_widget_the_mouse_used(app):
    scene = open_setup_by_keyboard(app, "lagagne")
    first = scene.option_widgets["symbol_steal_any_time"]
    second = scene.option_widgets["x2_needs_open_column"]
    was_first, was_second = bool(first.get_state()), bool(second.get_state())
    click(app, center(first), steps=2)
    assert bool(first.get_state()) is not was_first
    press(app, pygame.K_TAB)
    assert scene.focused_widget() is second
    press(app, pygame.K_SPACE, steps=2)
    assert bool(second.get_state()) is not was_second
    assert bool(first.get_state()) is not was_first
