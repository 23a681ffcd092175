"""Autosave after every move, and resume after a crash: a new App on the same data, Continue."""

from __future__ import annotations

from tests.ui.table_helpers import button, click_at, drag, hand_centre, run_until, stacked_session, start, top_of
from ui.app import App
from ui.session import MatchSession, SeatInfo
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
