"""Bots think in a worker thread on a copy of their view, at a human pace; the table scales with the window."""

from __future__ import annotations

import threading

import pygame
import pytest

from game.core import Bot, Move
from tests.patience import PATIENCE
from tests.ui.table_helpers import button, click_at, stacked_session, start
from ui.session import SeatInfo


class SlowBot(Bot):
    """Waits until released, then passes (or plays the first legal move); remembers what it was given."""

    def __init__(self) -> None:
        super().__init__(0)
        self.release = threading.Event()
        self.views: list[dict] = []
        self.thread: str | None = None

    def choose(self, view: dict, legal_moves: list[Move]) -> Move:
        self.views.append(view)
        self.thread = threading.current_thread().name
        self.release.wait(PATIENCE)
        return next((m for m in legal_moves if m.action == "pass"), legal_moves[0])


def test_a_thinking_bot_never_blocks_the_window(app) -> None:
    scene = start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))
    bot = SlowBot()
    scene.driver.referee.replace_bot(1, bot)
    click_at(app, button(scene, "pass").rect.center)
    for _ in range(20):                       # frames go on while the bot is stuck thinking
        app.step(1 / 60)
    assert scene.state.to_move() == [1] and scene.driver.thinking() == 1
    assert bot.thread is not None and bot.thread != threading.current_thread().name
    view = bot.views[0]
    assert view["seat"] == 1 and view["hand"] is not None and "hands" not in view
    view["hand"].clear()                      # the bot got a copy: spoiling it changes nothing
    assert len(scene.state.view(1)["hand"]) == 10
    bot.release.set()
    scene.wait_for_bot(PATIENCE)
    app.step(1 / 60)
    assert scene.state.log[-1] == "1: pass"


def test_bots_wait_for_the_think_delay(app) -> None:
    scene = start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))
    app.settings.bot_delay = 0.5
    click_at(app, button(scene, "pass").rect.center)
    for _ in range(5):
        scene.wait_for_bot(PATIENCE)
        app.step(0.05)
    assert scene.state.log == ["0: pass"]     # 0.25 s: Bob is still "thinking"
    for _ in range(8):
        scene.wait_for_bot(PATIENCE)
        app.step(0.05)
    assert len(scene.state.log) >= 2          # 0.65 s: Bob has played


def test_the_table_scales_with_the_window(app) -> None:
    scene = start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))
    for size in ((1024, 640), (1920, 1080), (1280, 800)):
        pygame.display.set_mode(size, pygame.RESIZABLE)
        app._on_resize(size)
        app.step(1 / 60)
        screen = pygame.Rect(0, 0, *size)
        assert scene.layout.size == size
        assert all(screen.contains(s.rect) for s in scene.sprites)
        assert all(screen.contains(b.rect) for b in scene.buttons)
        hand = [s for s in scene.sprites if s.zone == "hand:0"]
        assert hand[0].width == scene.layout.card_w


class BrokenBot(Bot):
    def choose(self, view: dict, legal_moves: list[Move]) -> Move:
        raise RuntimeError("this bot is broken")


def test_a_broken_bot_does_not_stop_the_game(app, capsys) -> None:
    scene = start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))
    scene.driver.referee.replace_bot(1, BrokenBot(0))
    click_at(app, button(scene, "pass").rect.center)
    scene.wait_for_bot(PATIENCE)
    app.step(1 / 60)
    assert len(scene.state.log) == 2                       # Bob played his first legal move
    assert "this bot is broken" in capsys.readouterr().err


def test_game_clocks_follow_real_time_even_when_frames_are_slow(app) -> None:
    """A slow frame (say 1.5 s) moves animations by at most 0.1 s, but the bots' think delay and
    the quick-discard windows follow the time that really passed."""
    from tests.ui.table_helpers import stacked_session, start
    from ui.session import SeatInfo

    scene = start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))
    app.settings.bot_delay = 1.0
    scene.play(next(m for m in scene.legal if m.name == "pass"))
    app.step(1 / 60)
    scene.wait_for_bot(PATIENCE)
    before = len(scene.state.log)
    app.step(0.1, real=1.5)
    assert len(scene.state.log) == before + 1


def longest_bot_flight(app, game_id: str, players: int) -> float:
    """The longest card flight (seconds) started by a bot's move, over a few bot moves."""
    from ui.session import MatchSession

    seats = [SeatInfo("Alice")] + [SeatInfo(f"Bot {i}", "easy") for i in range(1, players)]
    app.settings.bot_delay = 0.0
    app.settings.animation_speed = "normal"
    app.start_match(MatchSession.new(game_id, seats, seed=3))
    scene = app.top
    flights: list[float] = []
    for _ in range(900):
        before = len(scene.state.log)
        scene.wait_for_bot(PATIENCE)
        app.step(1 / 60)
        if len(scene.state.log) > before and scene.state.log[-1].split(":")[0] != "0":
            flights += [s.motion.duration for s in scene.sprites if s.motion is not None and s.motion.elapsed == 0]
        if len(flights) >= 6:
            break
        if not scene.animating:  # the player's turn, or their first look at their cards: go on
            if scene.legal:
                scene.play(scene.legal[0])
            for b in scene.buttons:
                if b.key == "memorised":
                    b.action()
    assert flights, "no bot move was seen flying"
    return max(flights)


def test_at_a_crowded_table_bot_moves_fly_briskly(app) -> None:
    """Seven bots: their cards fly at half the animation time (3/7, but never under half, so that a
    player still sees them go); at a two-seat table, at full length."""
    from ui.table.tween import BASE_DURATION

    assert longest_bot_flight(app, "gang_de_mouettes", 8) == pytest.approx(BASE_DURATION / 2)
    assert longest_bot_flight(app, "gin_rummy", 2) == pytest.approx(BASE_DURATION)
