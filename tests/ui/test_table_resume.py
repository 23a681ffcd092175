"""Autosave after every move, and resume after a crash: a new App on the same data, Continue."""

from __future__ import annotations

import pytest

from game import GAMES
from tests.patience import PATIENCE
from tests.ui.table_helpers import (
    button,
    click_at,
    drag,
    hand_centre,
    run_until,
    stacked_session,
    start,
    top_of,
    visible_point,
)
from ui.app import App
from ui.session import MatchSession, SeatInfo
from ui.speech import Speaker
from ui.table.scene import TableScene


def test_resume_after_a_crash(app, data_dir) -> None:
    scene = start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))
    state = scene.state
    click_at(app, button(scene, "pass").rect.center)
    run_until(app, lambda: state.to_move() == [0] and state.view(0)["phase"] == "draw")
    drag(app, top_of(scene, "stock").rect.center, hand_centre(scene))
    assert state.view(0)["phase"] == "discard"
    saved = MatchSession.from_json(app.storage.load_session())
    assert saved.state.to_json() == state.to_json()

    # the process dies here; a new app starts on the same data directory
    again = App(data_dir=data_dir, size=(1024, 640), headless=True)
    try:
        again.step(1 / 60)
        title = again.top
        assert title.continue_button is not None
        click_at(again, title.continue_button.rect.center)
        again.step(1 / 60)
        resumed = again.top
        assert isinstance(resumed, TableScene)
        assert resumed.state.to_json() == state.to_json()
        assert resumed.viewer == 0 and sorted(resumed._own_hand()) == sorted(state.view(0)["hand"])
    finally:
        again.quit()
        again.close()


@pytest.mark.parametrize("game_id", ["gin_rummy", "gang_de_mouettes", "lagagne"])
def test_a_resumed_match_opens_with_the_log_its_player_saw(game_id, app, data_dir) -> None:
    """The log is not lost with the window: Continue shows the last lines as the table wrote them
    while they were played, for the same seat (no hidden card named), and does not read them aloud
    again."""
    seats = [SeatInfo("Alice"), SeatInfo("Bob", "normal"), SeatInfo("Chloé", "normal")]
    scene = start(app, MatchSession.new(game_id, seats[: GAMES[game_id].max_players], seed=5))
    chooser = GAMES[game_id].make_bot("normal", 5)
    for _ in range(3000):
        if len(scene.state.log) >= 30:
            break
        scene.wait_for_bot(PATIENCE)
        ready = [b for b in scene.buttons if b.primary and callable(b.action)]  # "I've memorised my cards"
        if ready:
            scene.perform(ready[0].action)
        elif scene.legal and not scene.animating:
            scene.play(chooser.choose(scene.view, list(scene.legal)))
        app.step(1 / 30)
    scene.wait_for_bot(PATIENCE)
    assert len(scene.state.log) >= 30 and len(scene.log.lines) >= 20
    seen = list(scene.log.lines)
    app.storage.flush()  # the last move's autosave is written (a bot's move may be the last one)

    again = App(data_dir=data_dir, size=(1024, 640), headless=True)
    spoken: list[tuple[str, str]] = []
    again._speaker = Speaker(lambda text, lang: spoken.append((text, lang)))
    again.settings.read_aloud = True
    try:
        again.step(1 / 60)
        again.speaker.wait()
        spoken.clear()  # the title screen said itself; what matters is what the table says
        click_at(again, again.top.continue_button.rect.center)
        resumed = again.top
        assert isinstance(resumed, TableScene) and resumed.state.log == scene.state.log
        assert resumed.log.lines == seen[-resumed.log.keep:]
        again.speaker.wait()
        said = [text for text, _ in spoken]
        # never a line again: at most whose turn it is, and (Gang, memorising) the two cards shown
        assert not set(said) & set(seen) and len(said) <= 3, said
    finally:
        again.quit()
        again.close()


def test_a_saved_log_that_no_longer_replays_leaves_the_panel_empty(app) -> None:
    session = stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")])
    session.state.log.append("0: discard Zz")  # an edited save: a move that was never legal
    scene = start(app, session)
    assert scene.log.lines == [] and scene.state.log[-1] == "0: discard Zz"


def _hand_order(scene: TableScene) -> list[str]:
    return [s.card for s in sorted(scene.adapter._own_sprites(), key=lambda s: s.target[0])]


def test_a_resumed_gin_hand_keeps_the_order_the_player_gave_it(app, data_dir) -> None:
    """Sorted by suit, then a card dragged to the end of the hand: Continue shows the same order, and a
    save whose kept order is damaged only loses the order."""
    scene = start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))
    click_at(app, button(scene, "sort_suit").rect.center)
    run_until(app, lambda: not scene.animating)
    first = min(scene.adapter._own_sprites(), key=lambda s: s.target[0])
    last = max(scene.adapter._own_sprites(), key=lambda s: s.target[0])
    drag(app, visible_point(first), (last.rect.right - 4, last.rect.centery))
    run_until(app, lambda: not scene.animating)
    order = _hand_order(scene)
    assert order[-1] == first.card and scene.adapter.sort_mode == "custom"

    again = App(data_dir=data_dir, size=(1024, 640), headless=True)
    try:
        again.step(1 / 60)
        click_at(again, again.top.continue_button.rect.center)
        run_until(again, lambda: not again.top.animating)
        assert _hand_order(again.top) == order
    finally:
        again.quit()
        again.close()


def test_a_damaged_kept_hand_order_is_ignored(app) -> None:
    session = stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")])
    session.table = {"sort": "sideways", "order": [3, None]}
    shown = start(app, session)
    assert shown.adapter.sort_mode == "melds" and shown.adapter.custom == []
    assert _hand_order(shown)[:3] == ["As", "2s", "3s"]


def test_the_hand_order_chosen_is_the_next_matchs_and_survives_a_restart(app, data_dir) -> None:
    """A player who sorts by rank finds the next match sorted by rank, also after quitting; a hand
    arranged by dragging stays with its own match."""
    scene = start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))
    click_at(app, button(scene, "sort_rank").rect.center)
    run_until(app, lambda: not scene.animating)
    assert app.settings.gin_sort == "rank"
    first = min(scene.adapter._own_sprites(), key=lambda s: s.target[0])
    last = max(scene.adapter._own_sprites(), key=lambda s: s.target[0])
    drag(app, visible_point(first), (last.rect.right - 4, last.rect.centery))
    run_until(app, lambda: not scene.animating)
    assert scene.adapter.sort_mode == "custom" and app.settings.gin_sort == "rank"

    again = App(data_dir=data_dir, size=(1024, 640), headless=True)
    try:
        again.step(1 / 60)
        nxt = start(again, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))
        assert nxt.adapter.sort_mode == "rank"
        order = _hand_order(nxt)
        assert order == sorted(order, key=lambda c: "A23456789TJQK".index(c[0]))
    finally:
        again.quit()
        again.close()
