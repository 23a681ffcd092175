"""Numbers as the player's language writes them, and the scores that matter where the player looks:
the score sheet said "1000" where setup said "1,000", LaGagne's sheet showed "–" for a game a seat
scored 0 in and 0 as its total, and Gin Rummy's plates showed the match total (0) during a game to
100 whose score was 29."""

from __future__ import annotations

import pytest

from game import GAMES
from game.core.referee import Referee
from tests.test_table_match import Words
from tests.ui.table_helpers import start
from ui.session import MatchSession, SeatInfo
from ui.table.scores import ScoreSheetScene


@pytest.mark.parametrize(("language", "written"), [("en", "1,000"), ("fr", "1\u202f000"), ("de", "1.000"),
                                                   ("es", "1000")])
def test_a_whole_number_in_a_sentence_is_written_the_languages_way(language: str, written: str) -> None:
    words = Words(language)
    assert written in words.tr("sheet.target", points=1000)
    assert words.translator.number(12345).replace("\u202f", "").replace(",", "").replace(".", "") == "12345"
    assert "123456" in words.tr("fair.checked", seed=123456)  # a seed is copied as written


def played(game_id: str, players: int, options: object = None, until_over: bool = True) -> MatchSession:
    state = GAMES[game_id].new_match(players, options=options, seed=9)
    referee = Referee(state, {s: GAMES[game_id].make_bot("easy", s) for s in range(players)})
    while (not state.is_over() if until_over else not state.history) and referee.step():
        pass
    return MatchSession(state, [SeatInfo("Ann")] + [SeatInfo(f"Bot {s}", "easy") for s in range(1, players)])


def test_the_score_sheet_writes_numbers_the_languages_way_and_a_zero_as_a_zero(app) -> None:
    session = played("lagagne", 3, GAMES["lagagne"].Options(target=1000))
    state = session.state
    assert max(state.scores) >= 1000
    sheet = ScoreSheetScene(app, session)
    rows = {label: cells for label, cells, _ in sheet.rows()}
    total = rows[app.tr("sheet.match_total")]
    assert total == [app.number(x) for x in state.scores] and any("," in cell for cell in total)
    game = [cells for label, cells, style in sheet.rows() if style == "hand"]
    assert game and all(cell != "–" for cells in game for cell in cells)  # a 0 is a score, shown as 0


def test_a_lagagne_seat_with_no_points_shows_0_on_the_sheet(app) -> None:
    session = played("lagagne", 3)
    state = session.state
    entry = state.history[-1]
    entry["points"][2] = 0  # as a seat that laid nothing ends the game
    sheet = ScoreSheetScene(app, session)
    cells = next(cells for label, cells, style in sheet.rows() if style == "hand")
    assert cells[2] == "0"


def test_gin_plates_show_the_game_under_way(app) -> None:
    options = GAMES["gin_rummy"].Options()
    session = played("gin_rummy", 2, options, until_over=False)
    view = session.state.view(0)
    assert any(view["game_scores"]) and not any(view["scores"])  # one hand scored, no game over yet
    scene = start(app, session)
    for seat in (0, 1):
        plate = scene.hud.plate(seat)
        assert plate.score == app.number(view["game_scores"][seat])
