"""New-game setup: the form turns the chosen seats, options and seed into a match session."""

from __future__ import annotations

import pygame
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import GAMES
from tests.ui.conftest import center, click
from ui.scenes.setup import SetupScene, option_fields


def open_setup(app, game_id: str) -> SetupScene:
    title = app.top
    click(app, center(title.game_buttons[game_id]))
    assert isinstance(app.top, SetupScene)
    return app.top


def choose(app, menu, option_id: str) -> None:
    """Open a drop-down menu and click one of its options, as a player would."""
    click(app, center(menu))
    expanded = menu.menu_states["expanded"]
    items = expanded.options_selection_list.item_list
    target = next(
        item for item in items if item["object_id"] == option_id or item.get("text_id") == option_id
    )
    click(app, center(target["button_element"]), steps=2)


def test_option_form_follows_the_options_dataclass():
    kinds = {f.name: f.kind for f in option_fields(GAMES["gin_rummy"].Options)}
    assert kinds["knock_limit"] == "int"
    assert kinds["oklahoma"] == "bool"
    assert kinds["first_dealer"] == "optional_int"
    lagagne = GAMES.get("lagagne")
    if lagagne is not None:
        assert {f.name: f.kind for f in option_fields(lagagne.Options)}["deck"] == "fixed"


def test_form_builds_the_session_with_seats_options_and_seed(app, started):
    scene = open_setup(app, "gin_rummy")
    # type a name into seat 0 with real key events
    entry = scene.name_entries[0]
    click(app, center(entry))
    entry.set_text("")
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Zoé"))
    app.step(1 / 60)
    choose(app, scene.level_menus[1], "hard")
    click(app, center(scene.option_widgets["oklahoma"]))
    scene.option_widgets["knock_limit"].set_text("7")
    scene.seed_entry.set_text("424242")
    click(app, center(scene.start_button))
    assert len(started) == 1
    session = started[0]
    assert [(s.name, s.level) for s in session.seats] == [("Zoé", None), (scene.names[1], "hard")]
    assert session.state.seed == 424242
    assert session.state.options.oklahoma is True
    assert session.state.options.knock_limit == 7
    assert session.state.options.first_dealer is None


def test_bad_number_is_explained_and_nothing_starts(app, started):
    scene = open_setup(app, "gin_rummy")
    scene.option_widgets["knock_limit"].set_text("ten")
    click(app, center(scene.start_button))
    assert started == []
    assert "ten" in scene.error_label.text
    scene.option_widgets["knock_limit"].set_text("10")
    scene.seed_entry.set_text("-3")
    click(app, center(scene.start_button))
    assert started == [] and "-3" in scene.error_label.text


def test_engine_refusal_of_options_is_shown(app, started):
    scene = open_setup(app, "gin_rummy")
    scene.option_widgets["knock_limit"].set_text("500")
    click(app, center(scene.start_button))
    assert started == []
    assert scene.error_label.text


def test_seat_count_stays_in_the_game_range(app):
    game_id = max(GAMES, key=lambda g: GAMES[g].max_players - GAMES[g].min_players)
    scene = open_setup(app, game_id)
    d = GAMES[game_id]
    for _ in range(d.max_players + 2):
        scene.more()
    assert app.top.count == d.max_players and len(app.top.name_entries) == d.max_players
    for _ in range(d.max_players + 2):
        app.top.fewer()
    assert app.top.count == d.min_players and len(app.top.name_entries) == d.min_players


def test_the_last_setup_is_offered_again_and_defaults_restore_the_rules(app, started):
    scene = open_setup(app, "gin_rummy")
    scene.name_entries[1].set_text("Rival")
    choose(app, scene.level_menus[1], "easy")
    scene.option_widgets["knock_limit"].set_text("8")
    click(app, center(scene.start_button))
    assert len(started) == 1
    again = SetupScene(app, "gin_rummy")
    app.push(again)
    assert again.names[1] == "Rival" and again.levels[1] == "easy"
    assert again.option_widgets["knock_limit"].get_text() == "8"
    again.defaults()
    assert again.option_widgets["knock_limit"].get_text() == "10"
    assert again.options() == GAMES["gin_rummy"].Options()


def test_a_damaged_setup_memory_is_set_aside(app, data_dir):
    (data_dir / "setups.json").write_text("{{{", encoding="utf-8")
    scene = SetupScene(app, "gin_rummy")
    assert scene.names[0] == "You"
    assert (data_dir / "setups.json.damaged-1").exists()
    assert app.storage.take_notices() == [("notice.damaged_setups", {})]


def test_a_setup_the_engine_cannot_deal_is_refused_on_the_form(app, started):
    """The outside check's crash: LaGagne, 4 players, hand size 40. The form says why, keeps what
    was typed, and the app goes on."""
    scene = open_setup(app, "lagagne")
    while scene.count < 4:
        scene.more()
    scene = app.top
    scene.option_widgets["hand_size"].set_text("40")
    click(app, center(scene.start_button))
    assert started == [] and app.top is scene
    assert "too few" in scene.error_label.text or "trop peu" in scene.error_label.text
    assert scene.option_widgets["hand_size"].get_text() == "40"


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_setup_typed_on_the_form_starts_a_match_or_says_why(app, started, data):
    """Whatever a player types in the option fields, for any game and table size, Start either
    deals a match or shows a message on the form: it never raises."""
    game_id = data.draw(st.sampled_from(sorted(GAMES)))
    scene = SetupScene(app, game_id)
    app.push(scene)
    desc = GAMES[game_id]
    for _ in range(data.draw(st.integers(0, desc.max_players - desc.min_players))):
        scene.more()
    scene = app.top
    texts = st.one_of(st.integers(-5, 300).map(str), st.sampled_from(["", "x", "1.5", "-0", "99999999"]))
    for field in option_fields(desc.Options):
        widget = scene.option_widgets.get(field.name)
        if widget is not None and (field.kind.endswith("int") or field.kind.endswith("float")):
            widget.set_text(data.draw(texts))
    before = len(started)
    scene.start()
    assert len(started) == before + 1 or scene.error_label.text, "Start did nothing and said nothing"
    app.pop()
