"""First-game tutorials: the coach points at each step and refuses other moves, steps can be
skipped, and a tutorial is never saved nor counted. Each file is played through on the table with
the mouse in ``test_tutorial_play.py`` and headless through its driver in ``tests/test_tutorial_driver.py``."""

from __future__ import annotations

import pygame

from tests.ui.conftest import center, click, press
from tests.ui.table_helpers import click_at, drag, knock, run_until, top_of, visible_point
from ui.scenes.rules import RulesScene
from ui.scenes.setup import SetupScene
from ui.table.scene import TableScene


def button(scene, key: str):
    return next(b for b in scene.buttons if b.key == key)


def test_the_gin_tutorial_on_the_table(app) -> None:
    app.settings.animation_speed = "instant"
    app.settings.bot_delay = 0.0
    setup = SetupScene(app, "gin_rummy")
    app.push(setup)
    app.step(1 / 60)
    assert setup.offer_tutorial and "gin_rummy" in app.settings.tutorials_offered
    click(app, center(next(b for b in setup.actions if b.text == app.tr("tutorial.offer_button"))))
    scene = app.top
    assert isinstance(scene, TableScene) and scene.match.coach is not None
    state = scene.state
    lines = scene.panels.coach_lines()
    assert lines[0] == app.tr("tutorial.gin.intro") and app.tr("tutorial.gin.take") in lines[1]
    assert scene.panels.coach_target() == top_of(scene, "discard").rect
    click_at(app, button(scene, "pass").rect.center)             # not what the step asks
    assert state.log == [] and scene.message == app.tr("tutorial.not_yet", step=app.tr("tutorial.gin.take"))
    click_at(app, button(scene, "take").rect.center)
    assert state.log == ["0: take"] and scene.match.coach.index == 1
    press(app, pygame.K_z, pygame.KMOD_CTRL)                      # the tutorial follows one deal: no undo
    assert state.log == ["0: take"] and scene.message == app.tr("tutorial.no_undo")
    king = next(s for s in scene.sprites if s.card == "Kd")
    assert scene.panels.coach_target() == king.rect
    layout = scene.layout
    pile = (round(layout.discard_pos[0]) + layout.card_w // 2, round(layout.discard_pos[1]) + layout.card_h // 2)
    drag(app, visible_point(king), pile)
    assert state.log[1] == "0: discard Kd"
    run_until(app, lambda: scene.match.coach.due(scene.legal))
    assert app.tr("tutorial.gin.draw") in scene.panels.coach_lines()[-1]
    click_at(app, button(scene, "tutorial_skip").rect.center)    # the coach draws for the player
    assert state.log[-1] == "0: draw" and "3c" in state.view(0)["hand"]
    knock(app, scene)
    assert state.log[-1].startswith("0: knock Qs") and scene.match.coach.finished
    assert scene.panels.coach_lines() == [app.tr("tutorial.gin.outro")]
    click_at(app, button(scene, "tutorial_end").rect.center)
    assert scene.panels.coach_lines() == [] and all(b.key != "tutorial_end" for b in scene.buttons)
    assert app.storage.load_session() is None and app.storage.stats() == {}


def test_the_setup_offers_the_tutorial_once_and_the_rules_page_always(app) -> None:
    app.settings.tutorials_offered = ["gin_rummy"]
    setup = SetupScene(app, "gin_rummy")
    assert not setup.offer_tutorial
    app.push(RulesScene(app, "gin_rummy"))
    app.step(1 / 60)
    rules = app.top
    click(app, center(next(b for b in rules.actions if b.text == app.tr("tutorial.rules_button"))))
    assert isinstance(app.top, TableScene) and app.top.match.coach is not None
