"""Layouts use the felt and never run off it: every game at 2, half and all of its seats, at
1024×640 and 1920×1080, at every card size and at the interface sizes (bigger text on the table
takes room from the cards, never from what must stay clear), and in every language (German buttons
are the longest)."""

from __future__ import annotations

import itertools

import pytest

from game import GAMES
from tests.patience import PATIENCE
from ui.app import App
from ui.i18n import FALLBACK, LANGUAGES
from ui.session import MatchSession, SeatInfo
from ui.table.scene import TableScene

SIZES = [(1024, 640), (1920, 1080)]
CASES = [
    (game_id, n)
    for game_id, desc in sorted(GAMES.items())
    for n in sorted({desc.min_players, (desc.min_players + desc.max_players) // 2, desc.max_players})
]
OTHER_SIZES = [
    (game_id, n)
    for game_id, desc in sorted(GAMES.items())
    for n in range(desc.min_players, desc.max_players + 1)
    if (game_id, n) not in CASES
]
"""Every other table size (Gang de mouettes at 3, 4, 6 and 7, LaGagne at 3 and 5): each seat count
places its plates apart, so each is checked, at the smallest and the largest look."""
LOOKS = [("normal", 100), ("large", 100), ("extra_large", 100), ("normal", 150), ("normal", 200),
         ("extra_large", 200)]
"""(card size, interface size) pairs."""
WORDY_LOOKS = [("normal", 100), ("extra_large", 200)]
"""The looks each other language is checked at: the smallest text, and the largest."""


def table(data_dir, size, game_id: str, players: int, card_size: str, ui_scale: int = 100, language: str = FALLBACK):
    app = App(data_dir=data_dir, size=size, headless=True, fail_fast=True)
    app.set_language(language)
    app.settings.animation_speed = "instant"
    app.settings.bot_delay = 0.0
    app.settings.card_size = card_size
    app.settings.ui_scale = ui_scale
    seats = [SeatInfo("You")] + [SeatInfo(f"Bot {i}", "easy") for i in range(1, players)]
    app.start_match(MatchSession.new(game_id, seats, seed=3))
    return app


def assert_fits(scene: TableScene, frame: int) -> None:
    """Cards at rest on the felt and clear of the buttons; buttons and name plates on screen, apart
    from each other and below the top bar; the message clear of the buttons."""
    layout = scene.layout
    felt, screen = layout.felt, layout.screen
    buttons = [b.rect for b in scene.buttons]
    plates = [spot.plate for spot in layout.seats]
    for sprite in scene.sprites:
        if sprite.motion is None:
            assert felt.contains(sprite.rect), (frame, sprite.zone, sprite.rect, felt)
            assert sprite.rect.collidelist(buttons) == -1, (frame, sprite.zone, sprite.rect, buttons)
    for a, b in itertools.combinations(buttons + plates, 2):
        assert not a.colliderect(b), (frame, a, b)
    for rect in buttons + plates:
        assert screen.contains(rect) and rect.top >= layout.top_bar, (frame, rect)
    placed = scene.panels.message_box(layout)
    if placed is not None:
        assert placed[0].collidelist(buttons) == -1, (frame, placed[0], buttons)


@pytest.mark.parametrize(("card_size", "ui_scale"), LOOKS, ids=[f"{c}-{u}" for c, u in LOOKS])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize(("game_id", "players"), CASES, ids=[f"{g}-{n}p" for g, n in CASES])
def test_nothing_runs_off_the_felt_or_into_the_buttons(tmp_path, game_id: str, players: int, size, card_size: str,
                                                       ui_scale: int) -> None:
    app = table(tmp_path, size, game_id, players, card_size, ui_scale)
    assert app.top.layout.text_scale > 1.0 or ui_scale == 100
    play_and_check(app)


@pytest.mark.parametrize(("card_size", "ui_scale"), WORDY_LOOKS, ids=[f"{c}-{u}" for c, u in WORDY_LOOKS])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize(("game_id", "players"), OTHER_SIZES, ids=[f"{g}-{n}p" for g, n in OTHER_SIZES])
def test_nothing_runs_off_the_felt_or_into_the_buttons_at_every_table_size(tmp_path, game_id: str, players: int,
                                                                           size, card_size: str,
                                                                           ui_scale: int) -> None:
    play_and_check(table(tmp_path, size, game_id, players, card_size, ui_scale))


@pytest.mark.parametrize("language", [lang for lang in LANGUAGES if lang != FALLBACK])
@pytest.mark.parametrize(("card_size", "ui_scale"), WORDY_LOOKS, ids=[f"{c}-{u}" for c, u in WORDY_LOOKS])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize(("game_id", "players"), CASES, ids=[f"{g}-{n}p" for g, n in CASES])
def test_nothing_runs_off_the_felt_or_into_the_buttons_in_any_language(tmp_path, game_id: str, players: int, size,
                                                                       card_size: str, ui_scale: int,
                                                                       language: str) -> None:
    app = table(tmp_path, size, game_id, players, card_size, ui_scale, language)
    assert app.language == language
    play_and_check(app)


def play_and_check(app: App) -> None:
    """The deal, then bots' turns and the player's first decisions, checked frame by frame."""
    try:
        scene = app.top
        for frame in range(120):
            if scene.legal and frame % 3 == 0:
                scene.play(scene.legal[0])
            scene.wait_for_bot(PATIENCE)
            app.step(1 / 30)
            assert_fits(scene, frame)
    finally:
        app.quit()
        app.close()
