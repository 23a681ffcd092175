"""The app waits for input instead of redrawing a still screen 60 times a second."""

from __future__ import annotations

import pygame

from tests.ui.table_helpers import stacked_session, start
from ui.session import SeatInfo


def test_a_still_title_screen_is_idle_and_input_wakes_it(app) -> None:
    app.step(1 / 60)
    app._toasts.clear()
    assert app.idle()
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(10, 10), rel=(0, 0), buttons=(0, 0, 0)))
    assert not app.idle()  # an event is waiting: the next frame handles it at once
    app.step(1 / 60)


def test_a_text_field_with_its_blinking_caret_is_not_idle(app) -> None:
    app.top.open_join()
    app.step(1 / 60)
    app._toasts.clear()
    assert app.idle()
    app.ui.set_focus_set(app.top.address_entry)
    assert not app.idle()


def test_the_table_is_idle_only_when_nothing_moves_and_no_bot_or_timer_runs(app) -> None:
    scene = start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))
    app._toasts.clear()
    for _ in range(3):
        app.step(1 / 60)
    assert 0 in scene.state.to_move() and scene.idle() and app.idle()  # waiting for Alice
    scene.say("a message")
    assert not scene.idle()
    scene.message = None
    scene.play(scene.legal[0])  # Alice acts: cards fly, then Bob thinks
    assert not scene.idle()
    scene.sprites[0].lift_goal = 1.0
    assert not scene.idle()


def test_run_waits_for_events_when_idle(app, monkeypatch) -> None:
    """``run`` blocks on ``pygame.event.wait`` while idle, and draws when woken."""
    waits: list[int] = []
    real_wait = pygame.event.wait

    def wait(timeout: int = 0) -> pygame.event.Event:
        waits.append(timeout)
        if len(waits) >= 3:
            app.quit()
        return real_wait(1)

    app.step(1 / 60)
    app._toasts.clear()
    monkeypatch.setattr(pygame.event, "wait", wait)
    app.running = True
    app.run()
    assert waits and all(t == 500 for t in waits)


def test_an_idle_wait_that_times_out_draws_nothing_unless_something_changed(app, monkeypatch) -> None:
    """Half a second without input on a still screen: time-driven work runs (a storage notice
    becomes a toast) but the unchanged frame is neither drawn nor flipped again."""
    app.step(1 / 60)
    app._toasts.clear()
    flips: list[int] = []
    real_flip = pygame.display.flip
    monkeypatch.setattr(pygame.display, "flip", lambda: (flips.append(1), real_flip()))
    flipped_at_wait: list[int] = []

    def wait(timeout: int = 0) -> pygame.event.Event:
        flipped_at_wait.append(len(flips))
        if len(flipped_at_wait) == 3:
            app.storage._notice("notice.save_failed", error="disk full")  # found by time, not input
        if len(flipped_at_wait) == 4:
            app.quit()
        return pygame.event.Event(pygame.NOEVENT)

    monkeypatch.setattr(pygame.event, "wait", wait)
    monkeypatch.setattr(app, "close", lambda: None)
    app.running = True
    app.run()
    assert flipped_at_wait[:3] == [0, 0, 0], "a still frame was drawn again"
    assert flipped_at_wait[3] >= 1, "the notice that arrived while idle was not shown"
