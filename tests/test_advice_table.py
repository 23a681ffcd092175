"""One voice of advice at the table: the Hint's answer is kept with the move and the review judges the
move by it, so a player who follows every hint is never told they erred; a hint asked twice at one
position gives the same move, and a resumed match keeps its hints and its advice key."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from game import GAMES
from game.core.advice import SAME, judged_moves
from game.core.referee import Played
from game.gin_rummy import GinOptions
from tests.patience import PATIENCE
from tests.test_table_match import STEPS, Words
from ui.session import MatchSession, SeatInfo
from ui.storage import Storage
from ui.table.bots import ThreadRunner
from ui.table.match import TableMatch, make_driver

SHORT = {"gin_rummy": (2, GinOptions(game_target=25, match_target=25)),
         "lagagne": (3, GAMES["lagagne"].Options(target=150)),
         "gang_de_mouettes": (3, GAMES["gang_de_mouettes"].Options(match_end=40))}
"""Each game with a short match, so that whole matches are played hint by hint."""


def table(tmp_path: Path, game_id: str, seed: int) -> tuple[TableMatch, ThreadRunner]:
    players, options = SHORT[game_id]
    seats = [SeatInfo("Ann")] + [SeatInfo(f"Bot {n}", "normal") for n in range(1, players)]
    session = MatchSession.new(game_id, seats, options=options, seed=seed)
    runner = ThreadRunner()
    return TableMatch(session, make_driver(session, 0.0, runner), Words(), Storage(tmp_path), runner), runner


def settle(match: TableMatch, runner: ThreadRunner) -> None:
    """Play the bots until the player may move (having looked at their cards where a game asks to,
    and letting quick-discard windows they have no move in close) or the match is over."""
    for _ in range(STEPS):
        if match.state.is_over():
            return
        if 0 in match.driver.unready():
            match.driver.ready(0)
            match.look()
            continue
        if match.legal:
            return
        match.driver.pass_window(0)
        runner.wait(PATIENCE)
        for played in match.advance(1.0, animating=False):
            match.show(played, assisted=False)
    raise AssertionError("the player was never asked to move")


def ask(match: TableMatch, runner: ThreadRunner) -> Any:
    assert match.hint() is not None
    assert runner.wait(120)
    return match.hint_answer()


@pytest.mark.parametrize("game_id", sorted(SHORT))
def test_following_every_hint_for_a_whole_match_the_review_marks_none_of_those_moves(tmp_path: Path,
                                                                                    game_id: str) -> None:
    match, runner = table(tmp_path, game_id, seed=21)
    followed = 0
    for _ in range(3000):
        settle(match, runner)
        if match.state.is_over():
            break
        if len(match.legal) == 1 or match.legal[0].name == "next":
            move = match.legal[0]
        else:
            answer = ask(match, runner)
            assert answer is not None
            move = answer.move
            followed += 1
        played = match.submit(move)
        assert isinstance(played, Played)
        match.show(played, assisted=False)
    assert match.state.is_over(), "the match did not end"
    session = match.session
    final = match.state
    judged = list(judged_moves(final, 0, len(final.log), 0, session.advice_secret, session.advice))
    hinted = [(i, verdict) for i, verdict, _, _ in judged if i in session.advice]
    assert len(hinted) == followed >= 10
    assert all(verdict == SAME for _, verdict in hinted), hinted


@pytest.mark.parametrize("game_id", sorted(SHORT))
def test_a_hint_asked_twice_at_the_same_position_gives_the_same_move_even_after_a_resume(
        tmp_path: Path, game_id: str) -> None:
    match, runner = table(tmp_path, game_id, seed=8)
    asked = 0
    for _ in range(60):
        settle(match, runner)
        if match.state.is_over() or asked >= 3:
            break
        if len(match.legal) > 1 and match.legal[0].name != "next":
            first, again = ask(match, runner), ask(match, runner)
            assert first is not None and again is not None
            assert first.move == again.move and first.picks == again.picks
            resumed = MatchSession.from_json(match.session.to_json())
            assert resumed.advice_secret == match.session.advice_secret
            assert resumed.advice[len(match.state.log)].picks == first.picks
            runner2 = ThreadRunner()
            other = TableMatch(resumed, make_driver(resumed, 0.0, runner2), Words(), Storage(tmp_path / "b"), runner2)
            settle(other, runner2)
            third = ask(other, runner2)
            assert third is not None and third.picks == first.picks
            asked += 1
        played = match.submit(match.legal[-1])
        assert isinstance(played, Played)
        match.show(played, assisted=False)
    assert asked >= 2


def test_undo_forgets_the_hints_of_the_moves_taken_back(tmp_path: Path) -> None:
    match, runner = table(tmp_path, "gin_rummy", seed=4)
    settle(match, runner)
    at = len(match.state.log)
    answer = ask(match, runner)
    assert answer is not None and at in match.session.advice
    played = match.submit(answer.move)
    assert isinstance(played, Played)
    match.show(played, assisted=False)
    settle(match, runner)
    match.undo()
    assert len(match.state.log) == at and at not in match.session.advice


@pytest.mark.parametrize("damaged", [
    [1, 2], {"x": {}}, {"0": "draw"}, {"999999": {"seat": 0, "seed": 1, "picks": ["0: draw"]}},
    {"0": {"seat": 0, "seed": 1, "picks": ["0: teleport"]}}, {str(n): {} for n in range(500)},
])
def test_a_saved_match_with_damaged_hints_is_refused_with_a_reason(damaged: Any) -> None:
    from game import SaveError

    session = MatchSession.new("gin_rummy", [SeatInfo("Ann"), SeatInfo("Bot", "hard")], seed=3)
    data = session.to_json()
    data["advice"] = damaged
    with pytest.raises(SaveError, match="hints"):
        MatchSession.from_json(data)
    for secret in (-1, 2 ** 80, "7", 1.5, True):
        data = session.to_json()
        data["advice_secret"] = secret
        with pytest.raises(SaveError, match="advice"):
            MatchSession.from_json(data)


def test_a_match_saved_before_hints_were_kept_still_opens_with_a_new_advice_key() -> None:
    session = MatchSession.new("gin_rummy", [SeatInfo("Ann"), SeatInfo("Bot", "hard")], seed=3)
    data = session.to_json()
    del data["advice"], data["advice_secret"]
    resumed = MatchSession.from_json(data)
    assert resumed.advice == {} and 0 <= resumed.advice_secret < 2 ** 63
