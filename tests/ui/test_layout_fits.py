"""Layouts use the felt and never run off it: every game at 2, half and all of its seats, at
1024×640 and 1920×1080, and at every card size."""

from __future__ import annotations

import pytest

from game import GAMES
from ui.app import App
from ui.session import MatchSession, SeatInfo

SIZES = [(1024, 640), (1920, 1080)]
CASES = [
    (game_id, n)
    for game_id, desc in sorted(GAMES.items())
    for n in sorted({desc.min_players, (desc.min_players + desc.max_players) // 2, desc.max_players})
]


def table(data_dir, size, game_id: str, players: int, card_size: str):
    app = App(data_dir=data_dir, size=size, headless=True, fail_fast=True)
    app.settings.animation_speed = "instant"
    app.settings.bot_delay = 0.0
    app.settings.card_size = card_size
    seats = [SeatInfo("You")] + [SeatInfo(f"Bot {i}", "easy") for i in range(1, players)]
    app.start_match(MatchSession.new(game_id, seats, seed=3))
    return app


@pytest.mark.parametrize("card_size", ["normal", "large", "extra_large"])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize(("game_id", "players"), CASES, ids=[f"{g}-{n}p" for g, n in CASES])
def test_no_card_runs_off_the_felt(tmp_path, game_id: str, players: int, size, card_size: str) -> None:
    app = table(tmp_path, size, game_id, players, card_size)
    try:
        scene = app.top
        for frame in range(120):   # the deal, then bots' turns and the player's first decisions
            if scene.legal and frame % 3 == 0:
                scene.play(scene.legal[0])
            scene.wait_for_bot(5.0)
            app.step(1 / 30)
            felt = scene.layout.felt
            for sprite in scene.sprites:
                if sprite.motion is None:
                    assert felt.contains(sprite.rect), (frame, sprite.zone, sprite.rect, felt)
    finally:
        app.quit()
        app.close()
