"""The last line of defence: a scene that fails is reported and closed, and the app goes on."""

from __future__ import annotations

import json

from tests.ui.table_helpers import button, click_at, stacked_session, start
from ui.scenes.settings import SettingsScene
from ui.scenes.title import TitleScene
from ui.session import SeatInfo
from ui.table.scene import TableScene


def test_a_failing_table_is_reloaded_from_its_autosave_with_at_most_the_last_move_lost(app, data_dir) -> None:
    app.fail_fast = False
    scene = start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))
    click_at(app, button(scene, "pass").rect.center)
    played = list(scene.state.log)
    assert played[0] == "0: pass"

    def broken(dt: float) -> None:
        raise RuntimeError("a bug in the table")

    scene.update = broken  # type: ignore[method-assign]
    app.step(1 / 60)  # no exception escapes
    reloaded = app.top
    assert isinstance(reloaded, TableScene) and reloaded is not scene
    assert reloaded.state.log[: len(played) - 1] == played[:-1]
    reports = list((data_dir / "crashes").glob("crash-*.json"))
    assert len(reports) == 1
    report = json.loads(reports[0].read_text())
    assert "a bug in the table" in report["error"] and report["where"] == "TableScene.update"
    assert report["traceback"] and report["version"] and report["match"]["match"]["log"][0] == "0: pass"
    assert any(str(reports[0]) in toast for toast in app.toasts)
    for _ in range(5):
        app.step(1 / 60)  # the app keeps running


def test_a_failing_screen_goes_back_to_the_title(app, data_dir) -> None:
    app.fail_fast = False
    settings = SettingsScene(app)
    app.push(settings)

    def broken(surface: object) -> None:
        raise ValueError("cannot draw")

    settings.draw = broken  # type: ignore[method-assign]
    app.step(1 / 60)
    app.step(1 / 60)
    assert isinstance(app.top, TitleScene)
    assert len(list((data_dir / "crashes").glob("crash-*.json"))) == 1
    assert app.toasts


def test_an_error_that_stops_the_app_is_reported_and_the_next_start_offers_to_resume(data_dir, monkeypatch, capsys) -> None:
    """An exception that escapes the app's loop: a report with the autosaved match, one sentence
    on the way out, and at the next start a notice that points at it while Continue resumes."""
    from ui import cli
    from ui.app import App
    from ui.session import MatchSession

    session = MatchSession.new("gin_rummy", [SeatInfo("Alice"), SeatInfo("Bob", "easy")], seed=3)

    def run_and_fail(self: App) -> None:
        self.storage.save_session(session.to_json())
        raise MemoryError("out of memory in the loop")

    monkeypatch.setattr(App, "run", run_and_fail)
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    assert cli.main(["--data-dir", str(data_dir)]) == 1
    said = capsys.readouterr().err
    [report] = list((data_dir / "crashes").glob("crash-*.json"))
    assert str(report) in said and "Continue resumes it" in said
    assert json.loads(report.read_text())["match"]["match"]["seed"] == 3
    monkeypatch.undo()
    again = App(data_dir=data_dir, size=(1280, 800), headless=True, fail_fast=True)
    try:
        again.set_language("en")
        again.step(1 / 60)
        assert any(str(report) in toast and "Continue" in toast for toast in again.toasts)
        assert isinstance(again.top, TitleScene) and again.top.continue_button is not None
        again.step(1 / 60)
        assert not (data_dir / "crashes" / "unseen-crash.json").exists()
    finally:
        again.quit()
        again.close()
