"""Pass-and-play: a curtain between two humans, and never a face-up card of the other human's hand."""

from __future__ import annotations

from tests.patience import PATIENCE
from tests.ui.table_helpers import button, click_at, drag, hand_centre, stacked_session, start, top_of, visible_point
from ui.session import SeatInfo
from ui.table.scene import TableScene


def assert_no_leak(scene: TableScene) -> None:
    """No face-up sprite shows a card held in the hand of a seat other than the viewer."""
    zones = scene.state.card_zones()
    for seat in (0, 1):
        if seat == scene.viewer:
            continue
        hidden = set(zones[f"hand:{seat}"])
        shown = {s.card for s in scene.sprites if s.shows_face}
        assert not hidden & shown, f"seat {seat}'s cards {hidden & shown} are face up for viewer {scene.viewer}"


def test_curtain_between_two_humans(app) -> None:
    scene = start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Carol")]))
    state = scene.state
    # the first player is asked for first; nobody's cards are shown behind the curtain
    assert scene.curtain.shown and scene.curtain.name == "Alice"
    assert scene.viewer is None and not any(s.shows_face and s.zone.startswith("hand:") for s in scene.sprites)
    assert_no_leak(scene)
    click_at(app, (10, 10))
    assert not scene.curtain.shown and scene.viewer == 0
    assert all(s.shows_face for s in scene.sprites if s.zone == "hand:0")
    assert_no_leak(scene)

    click_at(app, button(scene, "pass").rect.center)
    assert scene.curtain.shown and scene.curtain.name == "Carol"
    assert_no_leak(scene)
    app.step(1 / 60)
    click_at(app, (10, 10))
    assert scene.viewer == 1
    assert all(s.shows_face for s in scene.sprites if s.zone == "hand:1")
    assert_no_leak(scene)

    click_at(app, button(scene, "pass").rect.center)          # both passed: Alice must draw
    assert scene.curtain.name == "Alice"
    click_at(app, (10, 10))
    assert_no_leak(scene)
    drag(app, top_of(scene, "stock").rect.center, hand_centre(scene))
    assert_no_leak(scene)
    king = next(s for s in scene.sprites if s.card == "Kh")
    drag(app, visible_point(king), top_of(scene, "discard").rect.center)
    assert state.view(0)["discard_top"] == "Kh"
    assert scene.curtain.shown and scene.curtain.name == "Carol"
    assert_no_leak(scene)
    click_at(app, (10, 10))
    assert scene.viewer == 1
    assert_no_leak(scene)


def test_bots_only_table_is_watched_as_a_spectator(app) -> None:
    scene = start(app, stacked_session([SeatInfo("Bot A", "easy"), SeatInfo("Bot B", "easy")]))
    assert scene.viewer is None and not scene.curtain.shown
    for _ in range(12):
        scene.wait_for_bot(PATIENCE)
        app.step(1 / 60)
        assert not any(s.shows_face and s.zone.startswith("hand:") for s in scene.sprites
                       if scene.state.view(None)["phase"] not in ("hand_over", "match_over"))
    assert len(scene.state.log) >= 3
    assert scene.log.lines
