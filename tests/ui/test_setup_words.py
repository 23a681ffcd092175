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
