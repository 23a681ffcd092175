"""The match at the table without pygame (``ui.table.match``), driven move by move: who looks at the
screen, the curtain, playing, refusals, undo, hints, the tutorial's coach, the autosave and the
statistics. No window, no scene: only what the table would be told to show and say."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from game import GAMES, Move
from game.core.referee import Played
from tests.patience import PATIENCE
from ui.i18n import Translator
from ui.session import MatchSession, SeatInfo
from ui.storage import Storage
from ui.table.bots import ThreadRunner
from ui.table.match import LocalDriver, Said, Shown, TableMatch, TutorialDriver, make_driver
from ui.tutorial import Tutorial

STEPS = 4000


class Words:
    """The player's language, as the app gives it to the table."""

    def __init__(self, language: str = "en") -> None:
        self.translator = Translator(language)

    def tr(self, key: str, **params: Any) -> str:
        return self.translator(key, **params)

    def has_text(self, key: str) -> bool:
        return self.translator.has(key)


class CountingStorage(Storage):
    """The real storage, noting each finished match it was asked to count."""

    def __init__(self, data_dir: Path) -> None:
        super().__init__(data_dir)
        self.finished: list[tuple[str, list[int], bool, bool]] = []

    def finish_match(self, game_id: str, seats: Any, winners: Any, assisted: bool, record: Any,
                     network: bool = False, save_id: str | None = None) -> None:
        self.finished.append((game_id, list(winners), assisted, network))
        super().finish_match(game_id, seats, winners, assisted, record, network, save_id)


def table(tmp_path: Path, game_id: str, seats: list[SeatInfo], seed: int = 5, options: Any = None,
          ) -> tuple[TableMatch, CountingStorage, ThreadRunner]:
    session = MatchSession.new(game_id, seats, options=options, seed=seed)
    runner = ThreadRunner()
    storage = CountingStorage(tmp_path)
    return TableMatch(session, make_driver(session, 0.0, runner), Words(), storage, runner), storage, runner


def saved_log(storage: Storage) -> list[str]:
    """The moves of the match saved on disk."""
    saved = storage.load_session()
    assert saved is not None
    log: list[str] = saved["match"]["log"]
    return log


def until_someone_may_play(match: TableMatch, runner: ThreadRunner) -> list[Shown]:
    """Let the driver play the bots' moves (each bot answered before time goes on) until the viewer
    may move, the curtain is up or the match is over; what the screen was told, move by move."""
    shown: list[Shown] = []
    for _ in range(STEPS):
        if match.legal or match.curtain.shown or match.state.is_over():
            return shown
        runner.wait(30)
        shown += [match.show(played, assisted=False) for played in match.advance(1.0, animating=False)]
    raise AssertionError("the bots never handed the turn back")


def test_a_local_match_is_played_to_its_end_move_by_move_and_counted_once(tmp_path: Path,
                                                                            huit_registered: None) -> None:
    match, storage, runner = table(tmp_path, "huit", [SeatInfo("Ann"), SeatInfo("Bot", "easy")],
                                   options=GAMES["huit"].Options(target=12))
    assert isinstance(match.driver, LocalDriver) and match.viewer == 0 and match.bottom_seat == 0
    rng = random.Random(3)
    mine = theirs = 0
    for _ in range(STEPS):
        theirs += len(until_someone_may_play(match, runner))
        if match.state.is_over():
            break
        assert match.legal == match.state.legal_moves(0) and match.view == match.state.view(0)
        move = rng.choice(match.legal)
        played = match.submit(move)
        assert isinstance(played, Played) and played.move == move
        shown = match.show(played, assisted=False)
        assert shown.told == [e.for_seat(0) for e in played.events] == shown.seen
        if mine == 0:  # autosaved after the move, on the writer's thread
            storage.flush()
            assert saved_log(storage) == match.state.log
        mine += 1
    assert match.state.is_over() and mine > 3 and theirs > 3
    storage.flush()
    assert storage.finished == [("huit", match.state.winners(), False, False)]
    assert match.recorded and match.advance(1.0, animating=False) == []


def test_an_illegal_move_is_refused_in_words_with_the_refusal_sound_and_changes_nothing(tmp_path: Path) -> None:
    match, _, runner = table(tmp_path, "gin_rummy", [SeatInfo("Ann"), SeatInfo("Bot", "easy")])
    until_someone_may_play(match, runner)
    log = list(match.state.log)
    said = match.submit(Move("discard 2c", 0) if "discard 2c" not in {m.action for m in match.legal}
                        else Move("knock 2c", 0))
    assert isinstance(said, Said) and said.sound == "refuse" and said.message and not said.log
    assert match.state.log == log


def test_undo_takes_the_players_move_back_counts_the_match_assisted_and_saves_it(tmp_path: Path) -> None:
    match, storage, runner = table(tmp_path, "gin_rummy", [SeatInfo("Ann"), SeatInfo("Bot", "easy")])
    until_someone_may_play(match, runner)
    assert not match.undo_offered()  # nothing of the player's to take back yet
    before = list(match.state.log)
    played = match.submit(match.legal[0])
    assert isinstance(played, Played)
    match.show(played, assisted=False)
    until_someone_may_play(match, runner)
    assert match.undo_offered()
    moves = len(match.state.log) - len(before)
    assert match.state.undo_depth() == len(match.state.log)  # the table's state keeps its snapshots
    said = match.undo()
    assert said.log and said.message == Words().tr("table.undone", n=moves)
    assert match.state.log == before and match.session.assisted
    assert saved_log(storage) == before
    assert match.legal == match.state.legal_moves(0)


def test_pass_and_play_raises_the_curtain_between_players_and_shows_no_moves_behind_it(tmp_path: Path) -> None:
    match, _, runner = table(tmp_path, "gin_rummy", [SeatInfo("Ann"), SeatInfo("Bea")])
    first = match.wanted_viewer()
    assert first is not None and match.curtain.name == match.session.seats[first].name  # before any card shows
    assert match.viewer is None and match.legal == []
    assert match.dismiss_curtain() and match.viewer == first and match.legal == match.state.legal_moves(first)
    for _ in range(40):
        played = match.submit(match.legal[0])
        assert isinstance(played, Played)
        shown = match.show(played, assisted=False)
        if match.curtain.shown:
            break
    else:
        raise AssertionError("the turn never passed to the other player")
    other = 1 - first
    assert match.curtain.name == match.session.seats[other].name
    assert match.viewer is None and match.legal == [] and match.view == match.state.view(None)
    assert shown.seen == [e.for_seat(None) for e in shown.played.events]  # the spectator's view of it
    assert match.dismiss_curtain() and match.viewer == other and match.legal == match.state.legal_moves(other)
    assert not match.dismiss_curtain()


def test_a_hint_is_a_legal_move_and_makes_the_match_assisted(tmp_path: Path) -> None:
    match, _, runner = table(tmp_path, "lagagne", [SeatInfo("Ann"), SeatInfo("Bot", "easy")])
    until_someone_may_play(match, runner)
    said = match.hint()
    assert said is not None and said.message == Words().tr("table.hint_thinking") and match.hint_pending
    assert not match.idle()
    runner.wait(60)
    answer = match.hint_answer()
    assert answer is not None and answer.move in match.legal and match.session.assisted and not match.hint_pending


def test_the_tutorials_coach_refuses_other_moves_and_undo_and_follows_its_steps(tmp_path: Path) -> None:
    tutorial = Tutorial.load("gin_rummy")
    session = tutorial.session("You")
    runner = ThreadRunner()
    match = TableMatch(session, make_driver(session, 0.0, runner), Words(), Storage(tmp_path), runner)
    assert isinstance(match.driver, TutorialDriver) and match.coach is not None
    until_someone_may_play(match, runner)
    step = tutorial.steps[0].move
    other = next(m for m in match.legal if m.action != step.action)
    said = match.submit(other)
    assert isinstance(said, Said) and said.sound == "refuse"
    assert said.message == Words().tr("tutorial.not_yet", step=Words().tr(tutorial.steps[0].text))
    assert match.undo().message == Words().tr("tutorial.no_undo") and not match.hint_offered()
    played = match.submit(step)
    assert isinstance(played, Played)
    match.show(played, assisted=False)
    assert match.coach.index == 1 and match.coach_lines()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_refusal_speaks_to_the_one_person_at_the_table(tmp_path: Path, language: str) -> None:
    session = MatchSession.new("gin_rummy", [SeatInfo("Ann"), SeatInfo("Bot", "easy")], seed=5)
    runner = ThreadRunner()
    match = TableMatch(session, make_driver(session, 0.0, runner), Words(language), Storage(tmp_path), runner)
    for _ in range(10):  # the player plays until it is the bot's turn
        if 0 not in session.state.to_move():
            break
        until_someone_may_play(match, runner)
        played = match.submit(match.legal[0])
        assert isinstance(played, Played)
        match.show(played, assisted=False)
    text = match.explain(session.state.refusal(Move("take", 0)))
    assert text == Words(language).tr("illegal.not_your_turn_you")


def test_a_hint_asked_while_memorising_says_so_even_with_no_move_to_play(tmp_path: Path) -> None:
    """The dealer, who plays last, has no move while the table waits for the first cards to be
    memorised: H said "nothing to play" there (seen in a real window), not why no hint is given."""
    options = GAMES["gang_de_mouettes"].Options(first_dealer=0)
    match, _, runner = table(tmp_path, "gang_de_mouettes", [SeatInfo("Ann"), SeatInfo("Bot", "hard")], 5, options)
    runner.wait(PATIENCE)
    match.advance(1.0, animating=False)  # the bot, ready at once, waits on Ann's first cards
    assert 0 in match.driver.unready() and not match.legal
    said = match.hint()
    assert said is not None and said.message == Words().tr("table.hint_looking")


def test_no_hint_while_the_table_asks_a_player_to_look_at_their_first_cards(tmp_path: Path) -> None:
    """Gang de mouettes waits for each player to memorise their first cards; a move suggested then
    (a call, where a call is legal at the start of a turn) would answer a question nobody is asked.
    H is refused with the reason until the player says they have memorised, then answered."""
    options = GAMES["gang_de_mouettes"].Options(call_timing="start_of_turn")
    match, _, runner = table(tmp_path, "gang_de_mouettes", [SeatInfo("Ann"), SeatInfo("Bot", "hard")], 5, options)
    until_someone_may_play(match, runner)
    assert match.driver.unready() == [0] and Move("call", 0) in match.legal
    assert not match.hint_offered()
    said = match.hint()
    assert said is not None and said.message == Words().tr("table.hint_looking") and not match.hint_pending
    match.driver.ready(0)
    said = match.hint()
    assert said is not None and said.message == Words().tr("table.hint_thinking")
    runner.wait(60)
    answer = match.hint_answer()
    assert answer is not None and answer.move in match.legal
