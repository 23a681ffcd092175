"""Buttons keep their places when Undo and Hint come and go (a player reaching for Hint once found
Undo there), and a hint's bubble does not wear the red of a refusal."""

from __future__ import annotations

from tests.ui.table_helpers import button, click_at, run_until, stacked_session, start
from ui.session import SeatInfo
from ui.table.scene import MESSAGE_COLOURS


def bubble_colour(scene) -> tuple[int, int, int]:
    """The fill of the message's bubble as drawn (just inside its top edge, in the middle)."""
    _, panel = scene.panels.message_box(scene.layout)
    return tuple(panel.get_at((panel.get_width() // 2, 4)))[:3]


def places(scene) -> dict[str, tuple[int, int, int, int]]:
    return {b.key: tuple(b.rect) for b in scene.buttons}


def test_undo_and_hint_keep_their_places_as_they_come_and_go(app) -> None:
    scene = start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))
    state = scene.state
    first = places(scene)
    assert "hint" in first and "undo" not in first                # nothing to take back yet
    seen: list[dict[str, tuple[int, int, int, int]]] = []

    def watch() -> bool:
        seen.append(places(scene))
        return state.to_move() == [0] and "undo" in places(scene) and "hint" in places(scene)

    click_at(app, button(scene, "pass").rect.center)
    run_until(app, watch)
    later = places(scene)
    assert later["hint"] == first["hint"]                          # Undo came without moving Hint
    for shown in seen:                                             # nor did anything move meanwhile
        assert all(rect == later[key] for key, rect in shown.items() if key in later), shown


def test_a_hint_is_not_shown_as_a_refusal(app) -> None:
    scene = start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))
    click_at(app, button(scene, "hint").rect.center)
    run_until(app, lambda: not scene.match.hint_pending and scene.message is not None)
    assert scene.message_kind == "hint"
    assert bubble_colour(scene) == MESSAGE_COLOURS["hint"]
    scene.say(scene.explain(scene.state.refusal(scene.state.parse_move("1: draw"))))  # not Bob's turn: refused
    assert bubble_colour(scene) == MESSAGE_COLOURS["refusal"] != MESSAGE_COLOURS["hint"]


def test_a_hint_is_one_plain_sentence_and_its_reasons_come_on_request(app) -> None:
    """The first answer names the move in words (no "the hard bot would play", no search figures);
    asking again, before anything is played, gives the reason."""
    scene = start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))
    click_at(app, button(scene, "hint").rect.center)
    run_until(app, lambda: not scene.match.hint_pending and scene.message is not None)
    first = scene.message
    assert first is not None and first.startswith("Hint: ") and "bot" not in first
    assert first.count(".") <= 2 and "—" not in first
    click_at(app, button(scene, "hint").rect.center)
    assert scene.message is not None and scene.message.startswith("Why: ")
    assert scene.log.lines[-2:] == [first, scene.message]
