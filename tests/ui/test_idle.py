"""The app waits for input instead of redrawing a still screen 60 times a second."""

from __future__ import annotations

import pygame

import ui.app
from tests.ui.table_helpers import stacked_session, start
from ui.session import SeatInfo


def test_a_still_title_screen_is_idle_and_input_wakes_it(app) -> None:
    app.step(1 / 60)
    app._toasts.clear()
    assert app.idle()
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(10, 10), rel=(0, 0), buttons=(0, 0, 0)))
    assert not app.idle()  # an event is waiting: the next frame handles it at once
    app.step(1 / 60)


def test_a_text_field_with_its_blinking_caret_is_not_idle(app, monkeypatch) -> None:
    """(Without listening to the network: a table another test announces meanwhile would wake it.)"""
    import net.discovery

    def deaf(**_: object) -> None:
        raise OSError("no network in this test")

    monkeypatch.setattr(net.discovery, "TableBrowser", deaf)
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
    """``run`` waits for input (half a second at most) while idle, and draws when woken."""
    waits: list[float] = []
    real_wait = ui.app.wait_for_input

    def wait(seconds: float) -> bool:
        waits.append(seconds)
        if len(waits) >= 3:
            app.quit()
        return real_wait(0.001)

    app.step(1 / 60)
    app._toasts.clear()
    monkeypatch.setattr(ui.app, "wait_for_input", wait)
    app.running = True
    app.run()
    assert waits and all(t == 0.5 for t in waits)


def test_waiting_for_input_ends_with_an_event_which_stays_queued(app) -> None:
    pygame.event.clear()
    assert ui.app.wait_for_input(0.02) is False
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=(10, 10), rel=(0, 0), buttons=(0, 0, 0))
    pygame.event.post(motion)
    assert ui.app.wait_for_input(60.0) is True
    assert [e.type for e in pygame.event.get()] == [pygame.MOUSEMOTION]


def test_waiting_for_input_naps_a_frame_at_a_time(app, monkeypatch) -> None:
    """Not pygame's millisecond polling (``event.wait``): naps of one frame, then what is left."""
    naps: list[float] = []
    clock = [0.0]

    def sleep(seconds: float) -> None:
        naps.append(seconds)
        clock[0] += seconds

    pygame.event.clear()
    monkeypatch.setattr(ui.app.time, "sleep", sleep)
    monkeypatch.setattr(ui.app.time, "perf_counter", lambda: clock[0])
    assert ui.app.wait_for_input(0.11) is False
    assert naps[:6] == [ui.app.IDLE_NAP] * 6 and all(0 < nap < ui.app.IDLE_NAP for nap in naps[6:])
    assert abs(sum(naps) - 0.11) < 1e-9


def test_an_idle_wait_that_times_out_draws_nothing_unless_something_changed(app, monkeypatch) -> None:
    """Half a second without input on a still screen: time-driven work runs (a storage notice
    becomes a toast) but the unchanged frame is neither drawn nor flipped again."""
    app.step(1 / 60)
    app._toasts.clear()
    flips: list[int] = []
    real_flip = pygame.display.flip
    monkeypatch.setattr(pygame.display, "flip", lambda: (flips.append(1), real_flip()))
    flipped_at_wait: list[int] = []

    def wait(seconds: float) -> bool:
        flipped_at_wait.append(len(flips))
        if len(flipped_at_wait) == 3:
            app.storage._notice("notice.save_failed", error="disk full")  # found by time, not input
        if len(flipped_at_wait) == 4:
            app.quit()
        return False

    monkeypatch.setattr(ui.app, "wait_for_input", wait)
    monkeypatch.setattr(app, "close", lambda: None)
    app.running = True
    app.run()
    assert flipped_at_wait[:3] == [0, 0, 0], "a still frame was drawn again"
    assert flipped_at_wait[3] >= 1, "the notice that arrived while idle was not shown"
