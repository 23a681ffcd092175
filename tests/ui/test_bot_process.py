"""The app's bots think in a separate process, so a searching bot never slows the frames."""

from __future__ import annotations

from game import GAMES
from game.core.referee import BotTask
from tests.patience import PATIENCE, eventually
from ui.table.bots import ProcessRunner


def ask(runner: ProcessRunner, task: BotTask) -> BotTask:
    runner(task)
    assert runner.wait(PATIENCE)
    eventually(lambda: task.done, "the worker's answer")
    return task


def test_a_bot_answers_from_the_worker_process_and_keeps_its_memory() -> None:
    desc = GAMES["gang_de_mouettes"]
    state = desc.new_match(3, seed=4)
    seat = state.to_move()[0]
    bot = desc.make_bot("easy", 1)   # the easy bot remembers what it saw, turn by turn
    runner = ProcessRunner()
    try:
        first = ask(runner, BotTask(bot, seat, "choose", state.view(seat), state.legal_moves(seat), 0, 0.0))
        assert first.error is None and first.move in state.legal_moves(seat)
        assert bot.memory, "the bot's memory came back from the worker"
        twin = desc.make_bot("easy", 1)
        assert twin.choose(state.view(seat), state.legal_moves(seat)) == first.move
        hard = desc.make_bot("hard", 2)
        second = ask(runner, BotTask(hard, seat, "choose", state.view(seat), state.legal_moves(seat), 1, 0.0))
        assert second.move in state.legal_moves(seat) and hard.reason is not None
    finally:
        runner.close()


def test_a_bot_that_fails_in_the_worker_reports_its_error() -> None:
    desc = GAMES["gin_rummy"]
    state = desc.new_match(2, seed=1)
    seat = state.to_move()[0]
    runner = ProcessRunner()
    try:
        task = ask(runner, BotTask(desc.make_bot("hard", 1), seat, "choose", {"broken": True},
                                   state.legal_moves(seat), 0, 0.0))
        assert task.move is None and isinstance(task.error, KeyError)
    finally:
        runner.close()


def test_the_app_shares_one_worker_process_and_tests_use_threads(app) -> None:
    from ui.table.bots import ThreadRunner

    assert isinstance(app.bot_runner(), ThreadRunner)   # headless
    app.bots_in_process = True                          # as in a window
    try:
        runner = app.bot_runner()
        assert isinstance(runner, ProcessRunner) and app.bot_runner() is runner
    finally:
        app.bots_in_process = False
        runner.close()
