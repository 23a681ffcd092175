"""The score sheet's chart: every player's total after each hand or round, drawn with pygame."""

from __future__ import annotations

import pygame

from game import GAMES
from game.core.referee import Referee
from tests.ui.conftest import press
from ui.session import MatchSession, SeatInfo
from ui.table.scores import ScoreSheetScene


def session_after(game_id: str, players: int, entries: int) -> MatchSession:
    desc = GAMES[game_id]
    state = desc.new_match(players, seed=2)
    referee = Referee(state, {s: desc.make_bot("easy", s) for s in range(players)})
    while len(state.history) < entries and not state.is_over():
        referee.step()
    return MatchSession(state, [SeatInfo(state.names[s], None if s == 0 else "easy") for s in range(players)])


def test_c_switches_the_sheet_to_the_chart_of_every_players_total(app) -> None:
    session = session_after("gang_de_mouettes", 5, 3)
    sheet = ScoreSheetScene(app, session)
    app.push(sheet)
    app.step(1 / 60)
    table_image = pygame.image.tobytes(app.screen, "RGB")
    press(app, pygame.K_c)
    assert sheet.chart and any(b.key == "chart" and b.label == "Table" for b in sheet.buttons)
    assert pygame.image.tobytes(app.screen, "RGB") != table_image
    series = sheet.series()
    assert len(series) == 5 and all(len(line) == len(session.state.history) + 1 for line in series)
    assert [line[-1] for line in series] == session.state.scores  # Gang de mouettes: the sum of the rounds
    pygame.image.save(app.screen, str(app.data_dir / "chart.png"))
    press(app, pygame.K_c)
    assert not sheet.chart


def test_gin_rummy_charts_the_running_game_score() -> None:
    session = session_after("gin_rummy", 2, 3)
    series = ScoreSheetScene.series(type("Sheet", (), {"session": session})())  # type: ignore[arg-type]
    last = session.state.history[-1]["game_scores"]
    assert [line[-1] for line in series] == last


def test_the_chart_says_what_it_plots(app) -> None:
    """A Gin Rummy line is the game to 100 under way, not the match total (once it ended at 54 for a
    player whose match total was 458, without a word): the chart says so under the plot."""
    session = session_after("gin_rummy", 2, 3)
    sheet = ScoreSheetScene(app, session)
    app.push(sheet)
    press(app, pygame.K_c)
    caption = sheet.chart_caption()
    assert str(session.state.options.game_target) in caption and "bonus" in caption
    assert ScoreSheetScene(app, session_after("gang_de_mouettes", 3, 2)).chart_caption() != caption
