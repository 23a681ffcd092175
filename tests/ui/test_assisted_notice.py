"""Assisted with a word (issue 35): "Show what I know" tells the player at once, in their language,
that the Gang de mouettes match now counts as assisted."""

from __future__ import annotations

import pytest

from tests.ui.table_helpers import button, click_at
from tests.ui.test_table_gang import gang_table
from ui.session import SeatInfo


@pytest.mark.parametrize("language", ["en", "fr", "de", "es"])
def test_showing_what_i_know_says_the_match_is_now_assisted(app, language: str) -> None:
    app.set_language(language)
    scene = gang_table(app, [SeatInfo("Alice"), SeatInfo("Bob", "normal"), SeatInfo("Cara", "normal")])
    click_at(app, button(scene, "memorised").rect.center)
    assert not scene.session.assisted
    click_at(app, button(scene, "marks").rect.center)
    notice = app.tr("gang.assisted_notice")
    assert notice != "gang.assisted_notice" and scene.message == notice
    assert scene.log.lines[-1] == notice
    click_at(app, button(scene, "marks").rect.center)  # hidden again: nothing more to say
    assert scene.log.lines.count(notice) == 1
