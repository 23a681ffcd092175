"""The knock panel: Knock opens it on the automatic arrangement; cards move between melds and
deadwood by mouse or keyboard with live deadwood and marked invalid melds; Knock plays the
arrangement (plain when unchanged), Automatic resets it, Esc cancels without a move."""

from __future__ import annotations

import pygame

from tests.ui.table_helpers import button, click_at, drag, hand_centre, key, run_until, stacked_session, start, top_of
from ui.session import SeatInfo
from ui.table.knock_panel import KnockPanel
from ui.table.scene import TableScene

ALICE = ["3c", "4c", "5c", "6c", "9s", "9h", "9d", "As", "Ah", "2d"]   # least deadwood 4 once the Kh is drawn
BOB = ["Ks", "Kd", "Qh", "Qd", "Js", "Jc", "8h", "4s", "Td", "2c"]
DECK = [c for pair in zip(ALICE, BOB) for c in pair] + ["7d", "Kh"]


def open_panel(app) -> tuple[TableScene, KnockPanel]:
    """Alice draws the Kh and presses Knock."""
    scene = start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")], deck=DECK))
    click_at(app, button(scene, "pass").rect.center)
    run_until(app, lambda: scene.state.to_move() == [0] and scene.state.view(0)["phase"] == "draw")
    drag(app, top_of(scene, "stock").rect.center, hand_centre(scene))
    click_at(app, button(scene, "knock").rect.center)
    panel = app.top
    assert isinstance(panel, KnockPanel)
    return scene, panel


def panel_button(panel: KnockPanel, key_name: str):
    return next(b for b in panel.buttons if b.key == key_name)


def test_the_panel_shows_the_automatic_arrangement_and_escape_plays_nothing(app) -> None:
    scene, panel = open_panel(app)
    log = list(scene.state.log)
    assert panel.layout.melds == [["3c", "4c", "5c", "6c"], ["9s", "9h", "9d"]]
    assert panel.layout.deadwood == ["As", "Ah", "2d"] and panel.layout.deadwood_points() == 4
    assert panel.problem() is None and panel.layout.action() == "knock Kh"
    key(app, pygame.K_ESCAPE)
    assert app.top is scene and scene.state.log == log and scene.state.view(0)["phase"] == "discard"


def test_a_run_cut_short_by_dragging_is_knocked_as_laid_out(app) -> None:
    scene, panel = open_panel(app)
    geo = panel.geometry()
    drag(app, geo["cards"]["3c"].center, geo["rows"][panel.layout.dead_row].center)
    assert panel.layout.melds == [["4c", "5c", "6c"], ["9s", "9h", "9d"]]
    assert panel.layout.deadwood_points() == 7 and panel.problem() is None
    click_at(app, panel_button(panel, "confirm").rect.center)
    assert app.top is scene and scene.state.log[-1] == "0: knock Kh 4c5c6c 9s9h9d"
    result = scene.state.view(0)["result"]
    assert result["melds"][0] == [["4c", "5c", "6c"], ["9s", "9h", "9d"]] and result["deadwood"][0] == 7


def test_an_invalid_meld_is_marked_refused_and_automatic_puts_it_back(app) -> None:
    scene, panel = open_panel(app)
    log = list(scene.state.log)
    click_at(app, panel.geometry()["cards"]["As"].center)               # pick the As up...
    assert panel.held == "As"
    click_at(app, panel.geometry()["rows"][panel.layout.new_row].center)  # ...and start a meld with it
    assert panel.layout.melds[-1] == ["As"] and panel.layout.kinds() == ["run", "set", None]
    click_at(app, panel_button(panel, "confirm").rect.center)
    assert app.top is panel and scene.state.log == log
    assert scene.message.startswith("Meld 3 is not a meld")
    click_at(app, panel_button(panel, "auto").rect.center)
    assert panel.layout.kinds() == ["run", "set"] and not panel.layout.changed()
    click_at(app, panel_button(panel, "confirm").rect.center)
    assert scene.state.log[-1] == "0: knock Kh"                          # unchanged: the plain knock


def test_deadwood_over_the_limit_is_refused_with_the_engine_reason(app) -> None:
    scene, panel = open_panel(app)
    for card in ("9s", "9h", "9d"):
        geo = panel.geometry()
        drag(app, geo["cards"][card].center, geo["rows"][panel.layout.dead_row].center)
    assert panel.layout.melds == [["3c", "4c", "5c", "6c"]] and panel.layout.deadwood_points() == 31
    expected = "With these melds your deadwood would be 31, above the knock limit of 10."
    assert panel.problem() == expected
    key(app, pygame.K_k)
    assert app.top is panel and scene.message == expected and scene.state.view(0)["phase"] == "discard"


def test_the_keyboard_moves_a_card_and_knocks(app) -> None:
    scene, panel = open_panel(app)
    key(app, pygame.K_TAB)
    assert panel.focused() == "3c"
    key(app, pygame.K_DOWN)                                             # into the set: not a meld
    assert panel.layout.kinds() == ["run", None]
    key(app, pygame.K_DOWN)                                             # a meld of its own
    key(app, pygame.K_DOWN)                                             # past the new-meld row, to deadwood
    assert panel.layout.deadwood == ["As", "Ah", "2d", "3c"] and panel.focused() == "3c"
    key(app, pygame.K_UP)
    key(app, pygame.K_UP)
    key(app, pygame.K_UP)
    assert panel.layout.melds[0] == ["3c", "4c", "5c", "6c"] and not panel.layout.changed()
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    while panel.focused() is not panel_button(panel, "confirm"):
        key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    assert scene.state.log[-1] == "0: knock Kh 4c5c6c 9s9h9d"


def test_the_panel_speaks_french(app) -> None:
    app.set_language("fr")
    scene, panel = open_panel(app)
    assert panel_button(panel, "confirm").label == "Frapper"
    assert "Roi de cœur" in panel.title
    for card in ("9s", "9h", "9d"):
        geo = panel.geometry()
        drag(app, geo["cards"][card].center, geo["rows"][panel.layout.dead_row].center)
    assert "31" in (panel.problem() or "") and "limite" in (panel.problem() or "")
    app.step(1 / 60)                                                    # the panel draws in French too


def test_the_table_goes_on_beneath_the_panel_and_the_panel_closes_when_its_knock_is_gone(app) -> None:
    from game import Move

    scene, panel = open_panel(app)
    scene.say("news from the table")                 # a message on the table times out as usual
    for _ in range(60 * 8):
        app.step(1 / 60)
    assert app.top is panel and scene.message is None
    assert scene.play(Move("discard Kh", 0))        # the seat plays without the panel (as a host can)
    app.step(1 / 60)
    assert app.top is scene and scene.state.log[-1] == "0: discard Kh"
