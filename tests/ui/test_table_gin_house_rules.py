"""Gin Rummy's house rules at the table: the wall variant's last discard (take or pass buttons and
words), the doubled hand on the score card, and Hollywood scoring's three games on the score sheet."""

from __future__ import annotations

import pygame

from game import GAMES
from game.core.referee import Referee
from game.gin_rummy import GinOptions
from tests.gin_rummy.test_gin_house_rules import GIN_IN_ONE, OKLAHOMA, to_the_wall, wall_deal
from tests.gin_rummy.test_gin_rules import JUNK, deal, play
from tests.ui.table_helpers import button, click_at, knock, start
from ui.session import MatchSession, SeatInfo
from ui.table.scores import ScoreSheetScene

SEATS = [SeatInfo("Bob", "easy"), SeatInfo("Alice")]


def test_the_last_discard_is_taken_with_a_button_then_only_going_out_is_offered(app) -> None:
    state = wall_deal("9d")
    to_the_wall(state)
    scene = start(app, MatchSession(state, SEATS))
    assert scene.viewer == 1
    assert {"take", "pass"} <= {b.key for b in scene.buttons}
    assert "Two cards left in the stock" in scene.adapter.status(state.view(1), list(scene.legal))
    click_at(app, button(scene, "take").rect.center)
    assert state.view(1)["phase"] == "discard" and state.view(1)["just_taken"] == "9d"
    assert scene.adapter.status(state.view(1), list(scene.legal)) == "Knock or go gin with the card you took."
    knock(app, scene)
    assert state.history[-1]["winners"] == [1]


def test_a_last_discard_that_cannot_help_offers_only_the_pass(app) -> None:
    state = wall_deal("Qd")
    to_the_wall(state)
    scene = start(app, MatchSession(state, SEATS))
    keys = {b.key for b in scene.buttons}
    assert "pass" in keys and "take" not in keys
    assert "would not let you go out" in scene.adapter.status(state.view(1), list(scene.legal))
    click_at(app, button(scene, "pass").rect.center)
    assert state.history[-1]["kind"] == "wall"


def test_the_score_card_shows_a_doubled_hand(app) -> None:
    state = deal(GIN_IN_ONE, JUNK, "Ts", ["6c"], **OKLAHOMA)
    play(state, "0: pass", "1: pass", "0: draw", "0: gin 2s")
    scene = start(app, MatchSession(state, [SeatInfo("Ann"), SeatInfo("Bob", "easy")]))
    title, lines, conclusion = scene.adapter.score_lines(state.view(0))
    assert ("Spade upcard", "×2") in lines and "212" in conclusion


def test_hollywood_shows_three_games_a_player_on_the_score_sheet(app) -> None:
    desc = GAMES["gin_rummy"]
    state = desc.new_match(2, options=GinOptions(hollywood=True, game_target=40), seed=2)
    referee = Referee(state, {s: desc.make_bot("easy", s) for s in range(2)})
    while len(state.games) < 2:
        referee.step()
    sheet = ScoreSheetScene(app, MatchSession(state, [SeatInfo("Ann"), SeatInfo("Bob", "easy")]))
    rows = sheet.rows()
    assert rows[0] == ("Games", ["1", "2", "3", "1", "2", "3"], "head")
    hands = [cells for label, cells, style in rows if style == "hand" and label.startswith("Hand")]
    assert len(hands) == len(state.history) and all(len(cells) == 6 for cells in hands)
    for entry, cells in zip(state.history, hands):
        for g in (1, 2, 3):
            for s in (0, 1):
                scored = g in entry["hollywood"] and entry["points"][s]
                assert cells[s * 3 + g - 1] == (str(entry["points"][s]) if scored else "–")
    labels = {label: cells for label, cells, _ in rows}
    view = state.view(None)
    assert labels["Hand points"] == [str(g["scores"][s]) for s in (0, 1) for g in view["hollywood"]]
    totals = {g["game"]: g["totals"] for g in state.games}
    assert labels["Game total"] == [str(totals[g][s]) if g in totals else "" for s in (0, 1) for g in (1, 2, 3)]
    assert rows[-1] == ("Match total", [str(x) for x in state.scores], "total")
    app.push(sheet)
    app.step(1 / 60)
    table = pygame.image.tobytes(app.screen, "RGB")
    while not state.is_over():
        referee.step()
    app.step(1 / 60)
    assert pygame.image.tobytes(app.screen, "RGB") != table, "the finished match redraws the sheet"
