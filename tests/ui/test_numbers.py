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
    assert written in words.tr("sheet.target", n=1000)
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


@pytest.mark.parametrize(("language", "one", "many"), [("en", "Match to 1 point", "Match to 2 points"),
                                                       ("fr", "Partie en 1 point", "Partie en 2 points"),
                                                       ("de", "Partie bis 1 Punkt", "Partie bis 2 Punkte"),
                                                       ("es", "Partida a 1 punto", "Partida a 2 puntos")])
def test_the_score_sheets_heading_says_one_point_in_the_singular(language: str, one: str, many: str) -> None:
    """A Gin Rummy match to 1 point: its sheet said "Match to 1 points"; the heading now takes the
    language's plural form of its count, as the sheet read aloud does."""
    words = Words(language)
    assert words.tr("sheet.target", n=1) == one and words.tr("sheet.target", n=2) == many
    assert words.tr("sheet.hollywood", n=1).endswith(one.split()[-2] + " " + one.split()[-1])


def test_a_match_to_one_point_is_read_out_in_the_singular(app) -> None:
    session = played("gin_rummy", 2, GAMES["gin_rummy"].Options(match_target=1, game_target=1))
    sheet = ScoreSheetScene(app, session)
    sheet.enter()
    lines = sheet.read_out()
    assert "Match to 1 point." in lines, lines
