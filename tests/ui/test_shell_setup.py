"""New-game setup: the form turns the chosen seats, options and seed into a match session."""

from __future__ import annotations

import pygame
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from pygame_gui.elements import UILabel

from game import GAMES
from tests.ui.conftest import center, click, open_app
from ui.i18n import LANGUAGES, Translator, load_catalog
from ui.names import default_player_name
from ui.scenes.setup import FormCheck, SetupScene, option_fields, printable


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
    target = next(item for item in items if item["object_id"] == option_id or item.get("text_id") == option_id)
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
    assert scene.names[0] == default_player_name(app.tr, 0)
    assert (data_dir / "setups.json.damaged-1").exists()
    assert app.storage.take_notices() == [("notice.damaged_setups", {})]


# ---------------------------------------------------------------------- the engine's refusals on the form
def number_texts(scene) -> dict[str, str]:
    return {name: w.get_text() for name, w in scene.option_widgets.items() if hasattr(w, "get_text")}


def test_a_deck_too_small_for_the_hands_is_refused_on_the_form_not_by_a_crash(app, started):
    """LaGagne, 4 players, 40 cards in hand: the engine refuses to deal; the form says so."""
    scene = open_setup(app, "lagagne")
    scene.set_count(4)
    scene.option_widgets["hand_size"].set_text("40")
    app.step(1 / 60)
    assert not scene.start_button.is_enabled
    scene.start()  # Enter on a disabled Start still reaches here
    click(app, center(scene.start_button))
    assert started == []
    message = "The deck holds 82 cards, too few to deal 40 to each of 4 players."
    assert scene.error_label.text == message
    assert scene.field_error("hand_size") == message
    error = scene.option_errors["hand_size"][0]
    assert error.relative_rect.top >= scene.option_widgets["hand_size"].relative_rect.bottom
    assert scene.option_widgets["hand_size"].get_text() == "40"  # the setup stays as typed
    scene.option_widgets["hand_size"].set_text("20")
    app.step(1 / 60)
    assert scene.start_button.is_enabled and scene.field_error("hand_size") == "" and scene.error_label.text == ""
    click(app, center(scene.start_button))
    assert len(started) == 1 and started[0].state.options.hand_size == 20


def test_refusals_are_in_the_players_language_next_to_each_field_at_fault(app, started):
    app.set_language("fr")
    scene = open_setup(app, "lagagne")
    scene.set_count(3)
    scene.option_widgets["hand_size"].set_text("40")
    scene.option_widgets["first_dealer"].set_text("5")
    scene.option_widgets["target"].set_text("dix")
    app.step(1 / 60)
    errors = {name: scene.field_error(name) for name in scene.option_errors if scene.field_error(name)}
    assert errors == {
        "target": "« Points pour gagner » attend un nombre entier, pas « dix ».",
        "hand_size": "Le paquet compte 82 cartes, trop peu pour en donner 40 à chacun des 3 joueurs.",
        "first_dealer": "« Premier donneur (numéro de place) » : une table de 3 joueurs n'a pas de place 5 "
        "(places 0 à 2).",
    }
    assert not scene.start_button.is_enabled
    # the rows below a refused option move down to make room for its sentence
    rows = [scene.option_widgets[name].relative_rect.top for name in ("target", "hand_size")]
    assert rows[1] - rows[0] > scene._row_geometry[0] + scene._row_geometry[1]


def test_seat_count_changes_are_checked_at_once(app, started):
    scene = open_setup(app, "gang_de_mouettes")
    scene.set_count(6)
    scene = app.top
    scene.option_widgets["first_dealer"].set_text("5")
    app.step(1 / 60)
    assert scene.start_button.is_enabled
    scene.set_count(5)
    app.step(1 / 60)
    assert not app.top.start_button.is_enabled
    assert app.top.field_error("first_dealer")


def test_number_fields_say_their_range_in_a_tooltip(app):
    scene = open_setup(app, "gin_rummy")
    knock = next(f for f in scene.fields if f.name == "knock_limit")
    assert scene.checker.hint(knock) == "A whole number, 0 to 99."
    dealer = next(f for f in scene.fields if f.name == "first_dealer")
    assert scene.checker.hint(dealer) == "A whole number, 0 to 1. Blank: chosen at random."
    gang = open_setup_for(app, "gang_de_mouettes")
    grace = next(f for f in gang.fields if f.name == "end_turn_grace_seconds")
    assert gang.checker.hint(grace) == "A number, more than 0, at most 600."


def test_house_rules_are_drop_downs_with_translated_choices(app, started):
    kinds = {f.name: (f.kind, f.choices) for f in option_fields(GAMES["gang_de_mouettes"].Options)}
    assert kinds["snap_window_seconds"] == ("choice", (3.0, 5.0, 10.0))  # presets of a number
    assert kinds["call_timing"] == ("choice", ("after_turn", "start_of_turn"))
    assert kinds["snap_successes"] == ("choice", ("one", "several"))
    assert kinds["pique_gives"] == ("choice", ("choose", "last"))
    for language in LANGUAGES:
        catalog = load_catalog(language)
        for name in ("call_timing", "snap_successes", "pique_gives"):
            for value in kinds[name][1]:
                key = f"option.gang_de_mouettes.{name}.{value}"
                assert key in catalog, f"{key} has no {language} label"
    scene = open_setup(app, "gang_de_mouettes")
    menu = scene.option_widgets["call_timing"]
    assert [text for text, _ in menu.options_list] == ["after the turn", "instead of a turn"]
    assert [text for text, _ in scene.option_widgets["snap_window_seconds"].options_list] == ["3", "5", "10"]
    choose(app, menu, "1")
    scene.reveal(scene.option_widgets["snap_window_seconds"])
    app.step(1 / 60)
    choose(app, scene.option_widgets["snap_window_seconds"], "2")
    click(app, center(scene.start_button))
    options = started[0].state.options
    assert options.call_timing == "start_of_turn" and options.snap_window_seconds == 10.0


def open_setup_for(app, game_id: str) -> SetupScene:
    scene = SetupScene(app, game_id)
    app.push(scene)
    return scene


def test_non_finite_numbers_are_refused(app, started):
    scene = open_setup(app, "gang_de_mouettes")
    for text in ("nan", "inf", "-inf", "1e999"):
        scene.option_widgets["end_turn_grace_seconds"].set_text(text)
        app.step(1 / 60)
        assert not scene.start_button.is_enabled, text
        assert scene.field_error("end_turn_grace_seconds")
    assert started == []


# ---------------------------------------------------------------------- any setup: a match or a message
NUMBER_TEXT = st.one_of(
    st.integers(-3, 60).map(str),
    st.integers().map(str),
    st.sampled_from(["", " ", "random", "au hasard", "abc", "1e3", "nan", "inf", "-0", "3.5", "0,5", "1_000", "+7"]),
    st.floats(allow_nan=True, allow_infinity=True).map(str),
    st.text(max_size=6).map(printable),  # what a field can hold (see the zero-width test)
)


def form_input(game_id: str) -> st.SearchStrategy:
    """Seat count, a value for every option as the form holds it, and a seed text."""
    descriptor = GAMES[game_id]
    parts = {}
    for field in option_fields(descriptor.Options):
        if field.kind == "bool":
            parts[field.name] = st.booleans()
        elif field.kind == "choice":
            parts[field.name] = st.sampled_from(field.choices)
        elif field.kind != "fixed":
            parts[field.name] = NUMBER_TEXT
    return st.tuples(
        st.integers(descriptor.min_players, descriptor.max_players),
        st.fixed_dictionaries(parts),
        st.one_of(st.just(""), st.integers(-5, 10**12).map(str), st.text("0123456789 -x", max_size=4)),
    )


@pytest.mark.parametrize("game_id", sorted(GAMES))
@settings(max_examples=300, deadline=None, derandomize=True)
@given(data=st.data())
def test_the_check_agrees_with_the_engine_and_speaks_the_players_language(game_id, data):
    descriptor = GAMES[game_id]
    count, chosen, seed_text = data.draw(form_input(game_id))
    fields = option_fields(descriptor.Options)
    checker = FormCheck(descriptor, fields, Translator("fr"), lambda name: name)
    values = {f.name: chosen.get(f.name, f.default) for f in fields if f.kind in ("bool", "choice", "fixed")}
    texts = {f.name: chosen[f.name] for f in fields if f.name in chosen and f.name not in values}
    verdict = checker.check(count, values, texts, seed_text)
    assert all(p.key != "setup.error.options" for p in verdict.problems), verdict.problems
    if verdict.ok:
        descriptor.new_match(count, verdict.options, seed=verdict.seed)
    else:
        assert all(p.text for p in verdict.problems)
        assert len({p.field for p in verdict.problems if p.field}) == len([p for p in verdict.problems if p.field])


@pytest.mark.parametrize("game_id", sorted(GAMES))
@settings(
    max_examples=25,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
    phases=[Phase.explicit, Phase.reuse, Phase.generate],  # shrinking through the real form takes minutes
)
@given(data=st.data())
def test_the_form_starts_a_match_or_shows_a_message_and_never_raises(app, started, game_id, data):
    count, chosen, seed_text = data.draw(form_input(game_id))
    scene = SetupScene(app, game_id)
    scene.count = count
    for name, value in chosen.items():
        if isinstance(value, str):
            scene.texts[name] = value
        else:
            scene.values[name] = value
    scene.seed_text = seed_text
    app.push(scene)  # the widgets now hold the setup, as if typed and clicked
    app.step(1 / 60)
    verdict = scene.verdict
    assert scene.start_button.is_enabled == verdict.ok
    before = len(started)
    click(app, center(scene.start_button))
    scene.start()
    if verdict.ok:
        assert len(started) - before == 2 and started[-1].state.options == verdict.options
    else:
        assert len(started) == before
        assert scene.error_label.text == verdict.problems[0].text
        for problem in verdict.problems:
            if problem.field in scene.option_errors:
                assert scene.field_error(problem.field) == problem.text
    app.pop_to_title()


def test_zero_width_characters_are_never_typed_into_a_field(app, started):
    """Found by the property test: a field holding only a soft hyphen (or a zero-width space) has
    no width, and pygame_gui's renderer raised on it, closing the app."""
    scene = open_setup(app, "gin_rummy")
    for entry in (scene.name_entries[0], scene.option_widgets["knock_limit"], scene.seed_entry):
        entry.set_text("")
        click(app, center(entry))
        for char in ("\xad", "\u200b", "\ufeff", "\U000e0001", "\x08"):
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
            app.step(1 / 60)
            assert entry.get_text() == ""
        assert not entry.validate_text_string("\xad")  # a paste is refused the same way
    app.storage.remember_setup(
        "gin_rummy",
        {"count": 2, "names": ["\xad", "Bo\u200bb"], "levels": [None, "easy"], "options": {"knock_limit": "\xad"}},
    )
    again = open_setup_for(app, "gin_rummy")
    app.step(1 / 60)
    assert again.names[:2] == ["", "Bob"]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_the_undo_checkbox_s_words_keep_clear_of_the_players_heading(data_dir, language, game_id, size):
    """A long heading ("Jugadores") once ran into the words of the undo checkbox beside it; both stay
    whole and apart in every language, at 1024×640 and 1920×1080."""
    app = next(opened := open_app(data_dir, size))
    app.set_language(language)
    scene = open_setup_for(app, game_id)
    app.step(1 / 60)
    labels = {element.text: element for element in scene.root.elements if isinstance(element, UILabel)}
    heading, words = labels[app.tr("setup.players")], labels[app.tr("setup.undo")]

    def text_end(label: UILabel) -> int:
        width = label.font.get_rect(label.text).width
        return label.rect.left + width if width <= label.rect.width else 10 ** 6  # cut: as if endless

    assert text_end(heading) < words.rect.left
    assert text_end(words) <= scene.undo_box.rect.left
    opened.close()
