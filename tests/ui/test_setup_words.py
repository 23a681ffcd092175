"""The setup form speaks of the options as chosen: the blurb cites the chosen target, and Gin
Rummy's match lengths are offered with the time they take."""

from __future__ import annotations

import pytest

from game import GAMES
from tests.ui.conftest import center, click
from ui.i18n import LANGUAGES
from ui.scenes.setup import SetupScene, option_fields


def open_setup(app, game_id: str) -> SetupScene:
    click(app, center(app.top.game_buttons[game_id]))
    assert isinstance(app.top, SetupScene)
    return app.top


def test_lagagne_blurb_follows_the_chosen_target(app):
    scene = open_setup(app, "lagagne")
    assert "150" in scene.blurb_text()
    scene.option_widgets["target"].set_text("80")
    scene.sync()
    assert "80" in scene.blurb_text() and "150" not in scene.blurb_text()


def test_gin_blurb_follows_the_chosen_match_length(app):
    scene = open_setup(app, "gin_rummy")
    assert "1,000" in scene.blurb_text()
    scene.values["match_target"] = 100
    assert "100 points" in scene.blurb_text() and "1,000" not in scene.blurb_text()


def test_gin_match_lengths_are_offered_with_their_time():
    fields = {f.name: f for f in option_fields(GAMES["gin_rummy"].Options)}
    assert fields["match_target"].kind == "choice"
    assert fields["match_target"].choices == (100, 500, 1000)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_match_length_has_words_and_minutes(app, language):
    app.set_language(language)
    scene = open_setup(app, "gin_rummy")
    for target in (100, 500, 1000):
        label = scene.choice_label("match_target", target)
        assert label != str(target) and any(ch.isdigit() for ch in label.split("(")[-1])


def test_a_deal_code_with_another_match_target_keeps_it_offered(app):
    scene = open_setup(app, "gin_rummy")
    field = next(f for f in scene.fields if f.name == "match_target")
    from game.core.dealcode import DealCode

    options = GAMES["gin_rummy"].Options(match_target=250)
    scene.leave()  # as the form takes a pasted code
    scene.take_code(DealCode("gin_rummy", 2, options, 7))
    scene.enter()
    scene.sync()
    assert 250 in field.choices and scene.values["match_target"] == 250
    assert "250" in scene.blurb_text()


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_option_has_an_example_in_a_player_s_words(app, language):
    """Each option's tooltip says what it is and shows it at work in one line ("Someone discards a 7:
    …"), in every language; the label it explains is never the whole tooltip."""
    app.set_language(language)
    for game_id in GAMES:
        scene = open_setup(app, game_id)
        for field in scene.fields:
            example = scene.option_example(field.name)
            assert example and "\n" not in example, (game_id, field.name)
            assert len(example) <= 140, (game_id, field.name, "one line, not a paragraph")
            assert example != scene.option_label(field.name), (game_id, field.name)
            tooltip = scene.option_tooltip(field.name)
            assert tooltip.endswith(example) and tooltip.startswith(scene.option_label(field.name))
            widgets = [w for w, _ in scene.option_rows[field.name]]
            if field.kind == "fixed":  # the deck's button has its own tooltip: the name tells the example
                widgets = widgets[-1:]
            tips = [w.tool_tip_text for w in widgets]
            assert len(tips) >= 1 and all(example in (tip or "") for tip in tips), (game_id, field.name, tips)
        app.pop()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)], ids=["1024x640", "1920x1080"])
@pytest.mark.parametrize("text_size", [100, 200])
def test_every_option_label_fits_its_place(data_dir, language, size, text_size):
    """An option's label is short enough to be read whole beside its control (its tooltip repeats
    it, but a player should not need it)."""
    from pygame_gui.elements import UILabel

    from tests.ui.conftest import open_app

    app = next(opened := open_app(data_dir, size))
    app.set_language(language)
    app.set_ui_scale(text_size)
    cut = []
    for game_id in GAMES:
        scene = open_setup(app, game_id)
        for field in scene.fields:
            label = [w for w, _ in scene.option_rows[field.name] if isinstance(w, UILabel)][-1]  # its name
            if label.font.get_rect(label.text).width > label.rect.width:
                cut.append((game_id, field.name, label.text))
        app.pop()
    opened.close()
    assert cut == []
