"""Undo at the table: Ctrl+Z or the button takes back the player's last decision and the bots'
replies, the match counts as assisted, and undo is not offered where it would not be fair."""

from __future__ import annotations

import pygame

from game import Move
from tests.patience import PATIENCE
from tests.ui.conftest import click, press
from tests.ui.table_helpers import stacked_session, start
from ui.session import MatchSession, SeatInfo
from ui.storage import Storage


def play_until_mine(app, scene, moves: int) -> None:
    """The player (seat 0) plays ``moves`` of their moves; the bot answers in between."""
    done = 0
    for _ in range(400):
        if done >= moves:
            break
        if scene.legal:
            scene.play(scene.legal[0])
            done += 1
        scene.wait_for_bot(PATIENCE)
        app.step(1 / 60)


def test_ctrl_z_takes_back_the_last_decision_and_the_bots_replies(app) -> None:
    scene = start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))
    assert not scene.undo_offered() and not any(b.key == "undo" for b in scene.buttons)
    play_until_mine(app, scene, 5)
    for _ in range(20):  # let the bot answer
        scene.wait_for_bot(PATIENCE)
        app.step(1 / 60)
    log = list(scene.state.log)
    last_mine = max(i for i, line in enumerate(log) if line.startswith("0: "))
    assert scene.undo_offered() and any(b.key == "undo" for b in scene.buttons)
    press(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert scene.state.log == log[:last_mine]
    assert scene.session.assisted and "assisted" in scene.message
    assert 0 in scene.state.to_move() and scene.legal  # the player decides again
    saved = MatchSession.from_json(app.storage.load_session())
    assert saved.assisted and saved.state.log == log[:last_mine]


def test_the_undo_button_and_nothing_to_take_back(app) -> None:
    scene = start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))
    press(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert scene.state.log == [] and not scene.session.assisted
    assert scene.message == "There is no move to take back."
    play_until_mine(app, scene, 1)
    button = next(b for b in scene.buttons if b.key == "undo")
    click(app, button.rect.center)
    assert not any(line.startswith("0: ") for line in scene.state.log)


def test_no_undo_in_pass_and_play(app) -> None:
    scene = start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob")]))
    scene.dismiss_curtain()
    scene.play(scene.legal[0])
    assert not scene.undo_offered()
    scene.undo()
    assert len(scene.state.log) == 1 and scene.message == app.tr("table.undo_pass_and_play")


def test_the_setup_can_allow_undo_in_pass_and_play(app, started) -> None:
    from tests.ui.test_shell_setup import choose
    from ui.scenes.setup import HUMAN, SetupScene

    setup = SetupScene(app, "gin_rummy")
    app.push(setup)
    app.step(1 / 60)
    click(app, setup.undo_box.rect.center)
    choose(app, setup.level_menus[1], HUMAN)
    click(app, setup.start_button.rect.center)
    session = started[0]
    assert session.pass_and_play_undo and len(session.humans) == 2
    assert MatchSession.from_json(session.to_json()).pass_and_play_undo
    from ui.app import App
    App.start_match(app, session)
    scene = app.top
    scene.dismiss_curtain()
    scene.play(scene.legal[0])
    assert scene.undo_offered()
    press(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert scene.state.log == [] and session.assisted


def test_assisted_matches_are_counted_apart(tmp_path) -> None:
    storage = Storage(tmp_path)
    seats = [SeatInfo("Alice"), SeatInfo("Bob", "hard")]
    storage.record_result("gin_rummy", seats, [0])
    storage.record_result("gin_rummy", seats, [0], assisted=True)
    storage.record_result("gin_rummy", seats, [1], assisted=True)
    row = storage.stats()["gin_rummy"]["levels"]["hard"]
    assert (row["played"], row["won"]) == (1, 1)
    assert row["assisted"] == {"played": 2, "won": 1}


def test_h_asks_the_hard_bot_and_lights_its_card(app) -> None:
    scene = start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))
    play_until_mine(app, scene, 1)  # Alice took or passed; now she may have to discard
    for _ in range(50):
        if scene.legal and any(m.name == "discard" for m in scene.legal):
            break
        if scene.legal:
            scene.play(scene.legal[0])
        scene.wait_for_bot(PATIENCE)
        app.step(1 / 60)
    assert any(m.name == "discard" for m in scene.legal)
    press(app, pygame.K_h)
    scene.wait_for_bot(PATIENCE)
    for _ in range(3):
        app.step(1 / 60)
    assert scene.message.startswith("Hint: ")
    assert scene.selected in scene._own_hand() and scene.session.assisted
    assert any(b.key == "hint" for b in scene.buttons)
    # one plain sentence naming the card it throws; asked again, the bot's own reasoning
    card = scene.selected
    named = scene.adapter.word_params({"card": card})["card"]
    assert named in scene.message
    press(app, pygame.K_h)
    assert scene.message.startswith("Why: ") and named in scene.message


def test_a_hint_that_comes_after_the_match_moved_on_is_dropped(app) -> None:
    scene = start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))
    scene.hint()
    scene.play(scene.legal[0])  # the player did not wait
    scene.wait_for_bot(PATIENCE)
    app.step(1 / 60)
    assert not (scene.message or "").startswith("Hint") and not scene.session.assisted


def test_the_memory_aid_is_off_by_default_and_makes_a_match_assisted(app) -> None:
    """Gang de mouettes is played from memory: the marks of what the player knows are an assist."""
    from ui.session import MatchSession as Session

    assert app.settings.memory_aid is False
    session = Session.new("gang_de_mouettes", [SeatInfo("Alice"), SeatInfo("Bob", "easy")], seed=4)
    scene = start(app, session)
    assert not scene.adapter.show_marks
    scene.adapter.memorise(0)
    for _ in range(30):
        if scene.legal:
            scene.play(scene.legal[0])
            break
        scene.wait_for_bot(PATIENCE)
        app.step(1 / 60)
    assert scene.state.log and not session.assisted
    scene.adapter.show_marks = True
    for _ in range(60):
        if scene.legal:
            scene.play(scene.legal[0])
        scene.wait_for_bot(PATIENCE)
        app.step(1 / 60)
        if session.assisted:
            break
    assert session.assisted


def test_a_hint_on_the_upcard_offer_names_the_button_it_would_press(app) -> None:
    """Found by the soak: the hint looked the move up among buttons built for that move alone,
    and Gin Rummy's upcard buttons come as a pair (take and pass). The advice begins with the
    button's words ("Take the Queen of diamonds from the discard pile")."""
    scene = start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))
    assert {m.action for m in scene.legal} == {"take", "pass"}
    labels = {b.action: b.label for b in scene.buttons if isinstance(b.action, Move)}
    for move in scene.legal:
        assert scene.adapter.hint_text(move, scene.view).startswith(labels[move])
    scene.hint()
    scene.wait_for_bot(PATIENCE)
    app.step(1 / 60)
    assert scene.message.startswith("Hint: ")


def test_a_finished_match_is_counted_once_and_cannot_be_taken_back(app) -> None:
    """Its result is in the statistics and its file is kept: undoing the last move would let the
    match end a second time and be counted twice."""
    scene = start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))
    for _ in range(3000):
        if scene.state.is_over():
            break
        if scene.legal:
            scene.play(scene.legal[0])
        scene.wait_for_bot(PATIENCE)
        app.step(1 / 60)
    assert scene.state.is_over()
    app.storage.flush()
    counted = app.storage.stats()["gin_rummy"]["levels"]["easy"]
    assert counted["played"] == 1
    log = list(scene.state.log)
    assert not scene.undo_offered() and not any(b.key == "undo" for b in scene.buttons)
    press(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert scene.state.log == log and not scene.session.assisted
    assert scene.message == "The match is over and counted in your statistics: it cannot be taken back."
    app.step(1 / 60)
    app.storage.flush()
    assert app.storage.stats()["gin_rummy"]["levels"]["easy"] == counted
