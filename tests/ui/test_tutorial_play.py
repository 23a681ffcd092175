"""Each game's tutorial played to its last step the way a newcomer plays it: Rules → the game →
Tutorial, then only mouse events posted to the window (clicks and drags on the cards' and buttons'
rectangles), at every animation speed the settings offer. Time is the frames the test runs (and,
to stand for a player who takes their time, one frame that says a minute really passed): nothing
waits on the wall clock. At each step the coach shows that step's words alone, points at a control
that is on screen, and holds the bots and every timer until the step is played; the words go once
the step is done."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from game import GAMES
from tests.patience import PATIENCE
from tests.ui.conftest import center, click
from tests.ui.table_helpers import button, click_at, discard_centre, drag, hand_centre, sprite_of, top_of, visible_point
from ui.scenes.rules import RulesScene
from ui.settings import ANIMATION_SPEEDS
from ui.table.scene import TableScene
from ui.table.sprites import CardSprite
from ui.tutorial import has_tutorial

FRAME = 1 / 60
A_MINUTE = 60.0
Gesture = Callable[..., None]


def frame(app, real: float | None = None) -> None:
    """One frame; bots asked so far have answered first (their thinking is a thread's, not time's)."""
    scene = app.top
    if isinstance(scene, TableScene):
        scene.wait_for_bot(PATIENCE)
    app.step(FRAME, real=real)


def frames_until(app, done: Callable[[], bool], most: int = 3000) -> None:
    for _ in range(most):
        if done():
            return
        frame(app)
    assert done(), "the table never got there"


def slot(scene: TableScene, seat: int, index: int) -> CardSprite:
    return next(s for s in scene.sprites if s.zone == f"slot:{seat}.{index}")


def press(name: str) -> Gesture:
    return lambda app, scene: click_at(app, button(scene, name).rect.center)


def click_top(zone: str) -> Gesture:
    return lambda app, scene: click_at(app, visible_point(top_of(scene, zone)))


def gang_drag_to_slot(index: int) -> Gesture:
    def gesture(app, scene: TableScene) -> None:
        held = next(s for s in scene.sprites if s.zone == f"hand:{scene.viewer}")
        drag(app, held.rect.center, slot(scene, scene.viewer, index).rect.center)
    return gesture


def gang_look(index: int) -> Gesture:
    def gesture(app, scene: TableScene) -> None:
        press("power")(app, scene)
        click_at(app, slot(scene, scene.viewer, index).rect.center)
    return gesture


def drag_card(card: str, to: Callable[[TableScene], tuple[int, int]]) -> Gesture:
    return lambda app, scene: drag(app, visible_point(sprite_of(scene, card)), to(scene))


def drag_onto_its_place(card: str) -> Gesture:
    """Drag ``card`` from the hand to where the table lights up the step's move (LaGagne's columns)."""
    def gesture(app, scene: TableScene) -> None:
        sprite = sprite_of(scene, card)
        step = scene.match.coach.step
        target = next(d for d in scene.gestures.of(sprite).drops
                      if scene.match.coach.matches(d.action, step.move))
        drag(app, visible_point(sprite), target.rect.center)
    return gesture


def gin_knock(card: str) -> Gesture:
    def gesture(app, scene: TableScene) -> None:
        click_at(app, visible_point(sprite_of(scene, card)))
        click_at(app, button(scene, "knock").rect.center)
        panel = app.top
        click_at(app, next(b for b in panel.buttons if b.key == "confirm").rect.center)
    return gesture


GESTURES: dict[str, list[Gesture]] = {
    "gang_de_mouettes": [
        press("memorised"), click_top("stock"), gang_drag_to_slot(1), press("close"), press("done"),
        click_top("stock"), gang_look(2), press("close"), press("done"),
        click_top("stock"), gang_drag_to_slot(2), press("close"), press("call"),
        click_top("stock"), press("throw"), press("close"),
    ],
    "gin_rummy": [
        drag_card("8h", hand_centre), drag_card("Kd", discard_centre), click_top("stock"), gin_knock("Qs"),
    ],
    "lagagne": [drag_onto_its_place(card) for card in ("Sh", "P20h", "X2", "Sc", "Voler")],
}


def test_every_tutorial_has_its_gestures() -> None:
    assert sorted(GESTURES) == sorted(g for g in GAMES if has_tutorial(g))


@pytest.mark.parametrize("speed", ANIMATION_SPEEDS)
@pytest.mark.parametrize("game_id", sorted(GESTURES))
def test_a_newcomer_plays_the_tutorial_to_its_end_with_the_mouse(app, game_id: str, speed: str) -> None:
    app.settings.animation_speed = speed
    app.push(RulesScene(app, game_id))
    app.step(FRAME)
    click(app, center(next(b for b in app.top.actions if b.text == app.tr("tutorial.rules_button"))))
    scene = app.top
    assert isinstance(scene, TableScene) and scene.match.coach is not None
    coach = scene.match.coach
    state = scene.state
    steps = coach.tutorial.steps
    assert len(steps) == len(GESTURES[game_id])
    for index, gesture in enumerate(GESTURES[game_id]):
        frames_until(app, lambda: (scene.match.coach_due() or coach.lost) and not scene.animating)
        assert not coach.lost and coach.index == index, (index, state.log)
        words = app.tr(steps[index].text)
        lines = scene.panels.coach_lines()
        assert [line for line in lines if words in line] == [lines[-1]], lines
        assert not any(app.tr(s.text) in line for s in steps if s is not steps[index] for line in lines)
        target = scene.panels.coach_target()
        assert target is not None and app.screen.get_rect().contains(target), "the coach points at its control"
        assert any(b.key == "tutorial_skip" for b in scene.buttons)
        log = list(state.log)
        for _ in range(30):  # the player takes their time: half a second of frames, then a minute at once
            frame(app)
        frame(app, real=A_MINUTE)
        assert state.log == log and coach.index == index and scene.match.coach_due(), "the coach held the table"
        gesture(app, scene)
        assert coach.index == index + 1, (index, state.log, scene.message)
        frame(app)
        assert not any(words in line for line in scene.panels.coach_lines()), "a step's words go once it is done"
    outro = app.tr(coach.tutorial.outro)
    frames_until(app, lambda: scene.panels.coach_lines() == [outro])
    assert coach.finished and not coach.lost
