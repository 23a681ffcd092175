"""The table keeps its static layer (felt, bar, plates) and its layer of resting cards between frames
and redraws only the areas that changed, on those layers and on the screen. A frame drawn that way
must look exactly like one drawn from nothing: a player plays each game with real drags and clicks (animations on, the memory aid
on, the pointer wandering over the cards so that they rise), and after every frame the kept layers
and the screen are compared pixel for pixel with layers and a screen drawn again from scratch."""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest

from benchmarks.frame_time import gestures
from game import GAMES
from tests.patience import PATIENCE
from tests.ui.table_helpers import post
from ui.session import MatchSession, SeatInfo
from ui.settings import Settings
from ui.table.scene import TableScene

TABLES = [("gin_rummy", 2, 40), ("gang_de_mouettes", 4, 12), ("lagagne", 3, 12)]
"""Each table, its seats and the player's moves (a Gin Rummy hand played to its spread)."""


def differs(a: pygame.Surface, b: pygame.Surface) -> pygame.Rect | None:
    """The smallest rectangle holding every pixel where ``a`` and ``b`` differ (None: alike)."""
    if a.get_size() != b.get_size():
        return a.get_rect()
    if pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB"):
        return None
    diff = (pygame.surfarray.array3d(a) != pygame.surfarray.array3d(b)).any(axis=2)
    if not diff.any():
        return None
    xs, ys = diff.any(axis=1).nonzero()[0], diff.any(axis=0).nonzero()[0]
    return pygame.Rect(int(xs[0]), int(ys[0]), int(xs[-1] - xs[0] + 1), int(ys[-1] - ys[0] + 1))


def redrawn_alike(app: Any, scene: TableScene) -> str:
    """Where the kept layers, and the screen drawn again only where it changed, differ from the
    layers and the screen drawn from nothing now (empty: nowhere)."""
    if scene.curtain.shown or scene.frame.resting.layer is None or scene.hud.layer is None:
        return ""
    kept = [layer.copy() for layer in (scene.hud.layer, scene.frame.resting.layer, app.screen)]
    scene.hud.layer = scene.frame.resting.layer = scene.frame.shown = None
    scene.hud.stale = scene.dirty = True
    app.draw()
    assert scene.hud.layer is not None and scene.frame.resting.layer is not None
    found = [(name, differs(old, new)) for name, old, new in zip(
        ("static layer", "resting layer", "screen"), kept, (scene.hud.layer, scene.frame.resting.layer, app.screen),
        strict=True)]
    return ", ".join(f"the {name} at {rect}" for name, rect in found if rect is not None)


@pytest.mark.parametrize(("game_id", "players", "wanted"), TABLES)
def test_kept_layers_look_like_layers_drawn_from_nothing(app: Any, game_id: str, players: int, wanted: int) -> None:
    app.settings = Settings(language="en", bot_delay=0.0, memory_aid=True)
    seats = [SeatInfo("Alice")] + [SeatInfo(f"Bot {i}", "normal") for i in range(1, players)]
    app.start_match(MatchSession.new(game_id, seats, seed=3))
    scene = app.top
    chooser = GAMES[game_id].make_bot("normal", 3)
    rnd = random.Random(3)
    pending: list[list[Any]] = []
    moves = frames = 0
    phases: set[str] = set()
    while moves < wanted and frames < 60 * wanted and not scene.state.is_over():
        if not pending and not scene.animating and scene.input.drag is None:
            offered = gestures(scene)
            if offered and rnd.random() < 0.3:
                choice = chooser.choose(scene.view, list(scene.legal)) if scene.legal else None
                chosen = [g for g in offered if g[0] == choice] or [rnd.choice(offered)]
                pending = list(chosen[0][1])
                moves += chosen[0][0] is not None
            elif scene.sprites:  # the pointer passes over a card, or a card is clicked
                target = rnd.choice(scene.sprites).rect.center
                post(pygame.MOUSEMOTION, pos=target, rel=(0, 0), buttons=(0, 0, 0))
                if rnd.random() < 0.2:
                    post(pygame.MOUSEBUTTONDOWN, pos=target, button=1)
                    post(pygame.MOUSEBUTTONUP, pos=target, button=1)
        for event in pending.pop(0) if pending else []:
            pygame.event.post(event)
        app.step(1 / 60)
        scene.wait_for_bot(PATIENCE)
        frames += 1
        where = redrawn_alike(app, scene)
        assert not where, f"frame {frames} after {moves} moves: {where} differ from those drawn from nothing"
        phases.add(scene.view.get("phase", ""))
    assert moves >= wanted // 2
    if game_id == "gin_rummy":
        assert "hand_over" in phases, "the hand's spread was not reached"


def test_a_toast_and_a_menu_over_the_table_leave_no_trace(app: Any) -> None:
    """A toast fades over a table whose bots play on, then the pause menu opens and closes: each
    frame equals one drawn from nothing, and while only toasts covered the table the frames
    were drawn again only where needed."""
    app.settings = Settings(language="en", bot_delay=0.0)
    seats = [SeatInfo("Bot 0", "normal"), SeatInfo("Bot 1", "normal"), SeatInfo("Bot 2", "normal")]
    app.start_match(MatchSession.new("gang_de_mouettes", seats, seed=5))
    scene = app.top
    app.notify("A word over the table", 0.5)
    kept = paused = 0
    for frame in range(90):
        if frame == 60:
            post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")
        if frame == 70:
            post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")
        app.step(1 / 60)
        scene.wait_for_bot(PATIENCE)
        kept += app.drawn_over(scene, app.screen) is not None
        paused += app.top is not scene
        if app.top is scene:
            where = redrawn_alike(app, scene)
            assert not where, f"frame {frame}: {where} differ from those drawn from nothing"
    assert paused and app.top is scene
    assert kept >= 30
