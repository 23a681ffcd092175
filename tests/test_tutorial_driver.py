"""The tutorial's driver without pygame (``ui.table.match.TutorialDriver``): each tutorial is played
to its last step through the table session, and while a coached step is the player's to play the
match waits for it: however much table time passes, no bot moves, no quick-discard window closes,
no grace runs out and no clock moves."""

from __future__ import annotations

from pathlib import Path

import pytest

from game import GAMES
from game.core.referee import Played
from tests.test_table_match import Words
from ui.i18n import LANGUAGES, Translator
from ui.storage import Storage
from ui.table.bots import ThreadRunner
from ui.table.match import TableMatch, TutorialDriver, make_driver
from ui.tutorial import Tutorial, has_tutorial

TUTORIALS = [g for g in GAMES if has_tutorial(g)]
STEPS = 4000
THINK = 0.8
"""The table's default think delay: bots take their time, as they do for a player."""


def tutorial_table(tmp_path: Path, game_id: str) -> tuple[TableMatch, ThreadRunner]:
    session = Tutorial.load(game_id).session("You")
    runner = ThreadRunner()
    match = TableMatch(session, make_driver(session, THINK, runner), Words(), Storage(tmp_path), runner)
    assert isinstance(match.driver, TutorialDriver)
    return match, runner


def clocks(match: TableMatch) -> tuple[object, ...]:
    """Everything that would show time passing or the match moving on."""
    driver = match.driver
    return (list(match.state.log), driver.window_clock(), driver.grace_clock(), driver.unready(),
            match.coach.index if match.coach else None)


def hold_for_a_long_time(match: TableMatch, runner: ThreadRunner) -> None:
    """Let ten minutes of table time pass, in frames and in one go, with and without cards flying."""
    before = clocks(match)
    for _ in range(600):
        runner.wait(30)  # every bot asked has its answer ready: only the hold keeps it from playing
        assert match.advance(1.0, animating=False) == []
        assert match.advance(1.0, animating=True) == []
    runner.wait(30)
    assert match.driver.advance(3600.0) == [] and match.driver.next_due() is None
    assert clocks(match) == before
    assert match.idle() and not match.clocks_running()


@pytest.mark.parametrize("game_id", TUTORIALS)
def test_every_tutorial_waits_for_each_step_and_plays_to_its_end(tmp_path: Path, game_id: str) -> None:
    match, runner = tutorial_table(tmp_path, game_id)
    coach = match.coach
    assert coach is not None
    seat = match.session.humans[0]
    steps = coach.tutorial.steps
    seen: list[int] = []
    for _ in range(STEPS):
        if coach.finished:
            break
        assert not coach.lost, f"step {coach.index + 1} cannot be played: log {match.state.log}"
        if match.coach_due():
            assert match.driver.held()
            seen.append(coach.index)
            hold_for_a_long_time(match, runner)
            step = steps[coach.index]
            if step.ready:
                match.driver.ready(seat)
                match.choose_viewer()
                match.look()
            else:
                move = next(m for m in match.legal if coach.matches(m, step.move))
                played = match.submit(move)
                assert isinstance(played, Played), played
                match.show(played, assisted=False)
            continue
        assert not match.driver.held()
        runner.wait(30)
        for played in match.advance(0.25, animating=False):
            match.show(played, assisted=False)
    assert coach.finished and not coach.lost
    assert seen == list(range(len(steps))), "every step is the player's to play, one after the other"
    for _ in range(STEPS):  # the opponents finish what the last step began; then the outro is said
        if match.legal or match.state.is_over():
            break
        assert match.coach_lines() == [Words().tr("tutorial.wait")]
        runner.wait(30)
        for played in match.advance(0.25, animating=False):
            match.show(played, assisted=False)
    assert match.coach_lines() == [Words().tr(coach.tutorial.outro)]
    if game_id == "gang_de_mouettes":  # what the outro tells is what happened
        last = match.state.view(seat)["last_round"]
        assert (last["sums"], last["caller"], last["points"]) == ([11, 20], 0, [0, 20])
    for step in steps:
        for lang in LANGUAGES:
            assert Translator(lang).has(step.text), (lang, step.text)


def test_the_player_cannot_leave_the_stacked_deal_while_an_opponent_plays(tmp_path: Path) -> None:
    """A quick discard tried in Bruno's window would add a penalty card: the coach refuses it."""
    match, runner = tutorial_table(tmp_path, "gang_de_mouettes")
    coach = match.coach
    assert coach is not None
    for _ in range(STEPS):
        if match.legal and not match.coach_due():
            break
        if match.coach_due():
            step = coach.tutorial.steps[coach.index]
            if step.ready:
                match.driver.ready(0)
                match.choose_viewer()
                match.look()
            else:
                match.show(match.submit(next(m for m in match.legal if coach.matches(m, step.move))), False)
            continue
        runner.wait(30)
        for played in match.advance(0.25, animating=False):
            match.show(played, assisted=False)
    snap = next(m for m in match.legal if m.name == "snap")
    log = list(match.state.log)
    said = match.submit(snap)
    assert said is not None and not isinstance(said, Played) and said.sound == "refuse"
    assert said.message == Words().tr("tutorial.not_now") and match.state.log == log
