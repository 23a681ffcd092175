"""What keeps a 4K table's frames short, checked by counting and by pixels, never by the clock:
the felt's grain added only where it shows, the same pixels as through a mask of the felt's size."""

from __future__ import annotations

import pygame
import pytest

from ui.table.layout import TableLayout
from ui.table.paint import _add_grain, _grain_tile


def grain_through_a_whole_mask(surface: pygame.Surface, inner: pygame.Rect, corner: int) -> None:
    """The grain as the table first added it: tiles on a black surface of the felt's size, cut by a
    mask of the felt's size, added to the felt (the yardstick for ``_add_grain``)."""
    grain = pygame.Surface(inner.size)
    grain.fill((0, 0, 0))
    tile = _grain_tile()
    for x in range(0, inner.w, tile.get_width()):
        for y in range(0, inner.h, tile.get_height()):
            grain.blit(tile, (x, y))
    mask = pygame.Surface(inner.size)
    mask.fill((0, 0, 0))
    pygame.draw.rect(mask, (255, 255, 255), mask.get_rect(), border_radius=corner)
    grain.blit(mask, (0, 0), special_flags=pygame.BLEND_RGB_MIN)
    surface.blit(grain, inner.topleft, special_flags=pygame.BLEND_RGB_ADD)


@pytest.mark.parametrize("size", [(1024, 640), (1366, 768), (1920, 1080), (1000, 1600), (3840, 2160)])
@pytest.mark.parametrize("players", [2, 8])
def test_the_grain_added_where_it_shows_is_the_grain_through_a_whole_mask(size: tuple[int, int],
                                                                          players: int) -> None:
    layout = TableLayout(size, players)
    felt = layout.felt.inflate(-2, -2)
    inner = felt.inflate(-round(layout.unit * 0.32), -round(layout.unit * 0.32))
    corner = round(min(layout.felt.w, layout.felt.h) * 0.22) - 8
    base = pygame.Surface(size)
    base.fill((18, 84, 52))
    pygame.draw.rect(base, (40, 110, 70), inner.inflate(-inner.w // 3, -inner.h // 3), border_radius=20)
    ours, theirs = base.copy(), base.copy()
    _add_grain(ours, inner, corner)
    grain_through_a_whole_mask(theirs, inner, corner)
    assert pygame.image.tobytes(ours, "RGB") == pygame.image.tobytes(theirs, "RGB")


def test_the_grain_stays_inside_the_rounded_felt() -> None:
    inner, corner = pygame.Rect(10, 10, 300, 200), 60
    surface = pygame.Surface((320, 220))
    surface.fill((0, 0, 0))
    _add_grain(surface, inner, corner)
    assert surface.get_at((11, 11))[:3] == (0, 0, 0)  # outside the rounded corner: no grain
    assert surface.get_at((5, 100))[:3] == (0, 0, 0)  # outside the felt
    assert pygame.transform.average_color(surface, inner.inflate(-2 * corner, -2 * corner))[:3] != (0, 0, 0)


@pytest.mark.parametrize(("game_id", "players"), [("gin_rummy", 2), ("gang_de_mouettes", 8), ("lagagne", 6)])
def test_the_first_frame_of_a_match_draws_no_felt_and_makes_no_layer(app, monkeypatch, game_id: str,
                                                                     players: int) -> None:
    """The static and resting layers are drawn as the table opens (``TableScene.prepare``): the first
    frame of the deal only puts them on the screen (at 3840×2160 they took 0.2 s of it)."""
    import ui.table.hud as hud
    from ui.session import MatchSession, SeatInfo

    seats = [SeatInfo("Alice")] + [SeatInfo(f"Bot {i}", "normal") for i in range(1, players)]
    app.start_match(MatchSession.new(game_id, seats, seed=4))
    scene = app.top
    felts: list[object] = []
    monkeypatch.setattr(hud, "draw_felt", lambda *args: felts.append(args))
    layers = scene.hud.layer, scene.frame.resting.layer
    assert all(layer is not None for layer in layers)
    redrawn: list[pygame.Rect] = []
    resting_draw = scene.frame.resting.draw
    monkeypatch.setattr(scene.frame.resting, "draw", lambda frame, base, regions, *rest: (
        redrawn.extend(regions), resting_draw(frame, base, regions, *rest)))
    app.step(1 / 60)
    assert felts == []
    assert app.screen.get_rect() not in redrawn  # the resting layer drawn as the table opened is kept
    assert (scene.hud.layer, scene.frame.resting.layer) == layers  # the same surfaces, not new ones
    assert scene.animating  # the deal has begun
