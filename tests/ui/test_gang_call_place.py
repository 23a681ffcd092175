"""« Gang de mouettes ! » ends the round and cannot be taken back, so it is never where another button
was a moment before: a player who clicks "End quick discards" a moment late, or twice, just as the
window closes must not call. The call gets a place of its own, clear of the button bar, the other
buttons, the cards and the name plates, at every window size the table is made for."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game import GAMES
from game.gang_de_mouettes import Options
from tests.ui.conftest import open_app
from tests.ui.table_helpers import button, click_at, key, start, top_of
from tests.ui.test_table_gang import SteadyBot, gang_table, phase
from ui.session import MatchSession, SeatInfo
from ui.table.scene import TableScene

SIZES = [(1024, 640), (1920, 1080), (390, 844), (844, 390), (1280, 800)]
THREE = [SeatInfo("Alice"), SeatInfo("Bob", "normal"), SeatInfo("Cara", "normal")]


@pytest.fixture(params=SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def sized(request, data_dir: Path) -> Iterator[object]:
    """A headless app at each size the table is made for (a laptop, a full HD screen, a phone held
    upright and on its side)."""
    yield from open_app(data_dir, request.param)


def throw_drawn(app, scene: TableScene) -> None:
    """Alice memorises her cards, draws and throws the drawn card: her quick-discard window opens."""
    click_at(app, button(scene, "memorised").rect.center)
    click_at(app, top_of(scene, "stock").rect.center)
    click_at(app, button(scene, "throw").rect.center)


def test_a_late_click_on_end_quick_discards_does_not_call(sized) -> None:
    """The window runs out just before the player's click on "End quick discards" lands: the click
    finds no button there that calls (before, the gold call button had taken that very place)."""
    app = sized
    scene = gang_table(app, THREE)
    throw_drawn(app, scene)
    assert phase(scene) == "window"
    spot = button(scene, "close").rect.center
    app.step(1 / 60)  # the bots have all let it go: the window closes before the click lands
    assert phase(scene) == "end_turn" and "call" in {b.key for b in scene.buttons}
    click_at(app, spot)
    click_at(app, spot)  # a double click, as well
    assert scene.state.caller is None and not any(line.endswith(": call") for line in scene.state.log)


def test_a_double_click_on_end_quick_discards_does_not_call(sized) -> None:
    app = sized
    scene = gang_table(app, THREE)
    throw_drawn(app, scene)
    spot = button(scene, "close").rect.center
    click_at(app, spot)
    assert phase(scene) == "end_turn"
    click_at(app, spot)
    assert scene.state.caller is None and not any(line.endswith(": call") for line in scene.state.log)


def shown(scene: TableScene) -> dict[str, pygame.Rect]:
    return {b.key: pygame.Rect(b.rect) for b in scene.buttons}


@pytest.mark.parametrize("players", range(2, 9))
def test_the_call_has_a_place_no_other_button_had(sized, players: int) -> None:
    """Through Alice's turn (her drawn card, its window, the end of her turn), the call lies on the
    felt, clear of every button shown before it and of the bar they stand in, of every card and
    every name plate."""
    app = sized
    seats = [SeatInfo("Alice")] + [SeatInfo(f"Bot {n}", "normal") for n in range(1, players)]
    opts = Options(match_end=500, snap_window_seconds=3.0, end_turn_grace_seconds=60.0, first_dealer=players - 1)
    state = GAMES["gang_de_mouettes"].new_match([s.name for s in seats], options=opts, seed=5)
    scene = start(app, MatchSession(state, seats), {s: SteadyBot(s) for s in range(1, players)})
    before: list[pygame.Rect] = []
    click_at(app, button(scene, "memorised").rect.center)
    click_at(app, top_of(scene, "stock").rect.center)
    before += shown(scene).values()
    click_at(app, button(scene, "throw").rect.center)
    before += shown(scene).values()
    app.step(1 / 60)
    assert phase(scene) == "end_turn"
    call = shown(scene)["call"]
    layout = scene.layout
    assert layout.felt.contains(call), (call, layout.felt)
    assert call.collidelist(before) == -1, (call, before)
    assert not call.colliderect(scene.adapter.button_bar(layout))
    others = [r for key, r in shown(scene).items() if key != "call"]
    assert call.collidelist(others) == -1
    assert call.collidelist([s.home_rect for s in scene.sprites]) == -1
    assert call.collidelist([spot.plate for spot in layout.seats] + [layout.log_rect]) == -1


def test_enter_on_end_quick_discards_a_moment_late_does_not_call(app) -> None:
    """The keyboard's late press: the focus rests on "End quick discards" when the window runs out;
    Enter then must not call (the focus must not pass to the call by itself)."""
    scene = gang_table(app, THREE)
    throw_drawn(app, scene)
    close = button(scene, "close")
    for _ in range(len(scene.input.focus_items())):  # Tab within the frame: the bots let the window go at once
        if scene.input.focused() is close:
            break
        scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="", scancode=0))
    assert scene.input.focused() is close
    app.step(1 / 60)
    assert phase(scene) == "end_turn"
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)
    assert scene.state.caller is None and not any(line.endswith(": call") for line in scene.state.log)


def test_a_call_that_finds_no_room_on_the_felt_joins_the_bar(app) -> None:
    """Where the felt has no room clear of everything (never at the sizes above), the call stands in
    the bar with the others, none over another."""
    scene = gang_table(app, THREE)
    throw_drawn(app, scene)
    app.step(1 / 60)
    scene.adapter.apart_place = lambda layout: ((0.0, 0.0), [layout.screen])  # type: ignore[method-assign]
    scene._rebuild_buttons()
    bar = scene.adapter.button_bar(scene.layout)
    placed = shown(scene)
    assert bar.contains(placed["call"]) and bar.contains(placed["done"])
    rects = list(placed.values())
    assert all(a.collidelist(rects[i + 1:]) == -1 for i, a in enumerate(rects))
