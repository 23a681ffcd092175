"""Clicks are never lost to an animation: a click or a drag on a card in flight acts on that card
(the animations are fast-forwarded, but the click goes to what the player saw under the pointer)."""

from __future__ import annotations

import pygame

from tests.ui.table_helpers import (
    button,
    click_at,
    discard_centre,
    post,
    sprite_of,
    stacked_session,
    start,
    top_of,
)
from ui.session import SeatInfo


def _flying_upcard(app):
    """Alice takes the Qd upcard at the slow speed; a few frames later it is half-way to her hand."""
    scene = start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))
    app.settings.animation_speed = "slow"
    click_at(app, button(scene, "take").rect.center)
    for _ in range(3):
        app.step(1 / 60)
    queen = sprite_of(scene, "Qd")
    assert queen.moving and not queen.rect.colliderect(queen.home_rect)
    return scene, queen


def test_a_click_on_a_card_in_flight_acts_on_that_card(app) -> None:
    scene, queen = _flying_upcard(app)
    click_at(app, queen.rect.center)
    assert scene.selected == "Qd"                       # chosen, as a click on it at rest does
    assert not scene.animating


def test_a_drag_of_a_card_in_flight_drags_that_card(app) -> None:
    scene, queen = _flying_upcard(app)
    grab = queen.rect.center
    post(pygame.MOUSEMOTION, pos=grab, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=grab, button=1)
    app.step(1 / 60)
    end = discard_centre(scene)
    post(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0))
    app.step(1 / 60)
    assert scene.input.drag is not None and scene.input.drag["sprite"] is queen
    assert queen.rect.collidepoint(end)                 # the card follows the pointer
    post(pygame.MOUSEBUTTONUP, pos=end, button=1)
    app.step(1 / 60)
    assert scene.state.log == ["0: take"]
    assert scene.message                                # the upcard just taken cannot go back: said so


def test_a_click_on_a_card_while_another_seat_is_to_move_is_refused_in_words(app) -> None:
    scene = start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))
    app.settings.bot_delay = 5.0                        # Bob takes his time
    click_at(app, button(scene, "pass").rect.center)
    assert scene.state.to_move() == [1] and scene.message is None
    click_at(app, top_of(scene, "stock").rect.center)
    assert scene.message == "It is not your turn."  # the one person at the table is spoken to
    assert scene.state.log == ["0: pass"]
