"""Every setting changed from the pause menu shows at the table as soon as the player is back at it
(once, the card size and the four-colour deck waited for Save and quit → Continue)."""

from __future__ import annotations

import pygame

from tests.ui.conftest import center, click, press
from tests.ui.table_helpers import stacked_session, start
from ui.scenes.pause import PauseScene
from ui.scenes.settings import SettingsScene
from ui.session import SeatInfo
from ui.table.scene import TableScene


def through_the_pause_menu(app, change) -> TableScene:
    """Esc at the table, Settings, ``change(settings_scene)``, then back to the table as a player
    would go: Esc (back to the pause menu) and Resume."""
    table = app.top
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    button = next(w for w, action in app.top.actions.items() if action == app.show_settings)
    click(app, center(button), steps=2)
    assert isinstance(app.top, SettingsScene)
    change(app.top)
    press(app, pygame.K_ESCAPE, steps=2)
    assert isinstance(app.top, PauseScene)
    press(app, pygame.K_ESCAPE, steps=3)
    assert app.top is table
    return table


def own_card(table: TableScene, suits: str = "shdc"):
    return next(s for s in table.sprites if s.zone == f"hand:{table.viewer}" and s.card is not None
                and s.card[-1] in suits)


def test_the_card_size_and_the_four_colour_deck_show_on_return(app) -> None:
    table = start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))
    card = own_card(table, "cd")                   # clubs and diamonds change colour in the four-colour deck
    before = card.rect.size
    face = pygame.image.tobytes(table.art.face(card.card, card.width), "RGBA")
    through_the_pause_menu(app, lambda s: s.set(card_size="extra_large", four_colour_deck=True))
    assert card.rect.width > before[0] and card.rect.height > before[1]
    assert pygame.image.tobytes(table.art.face(card.card, before[0]), "RGBA") != face


def test_the_text_size_and_the_language_show_on_return(app) -> None:
    table = start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))
    scale = table.layout.text_scale
    labels = [b.label for b in table.buttons]

    def change(settings: SettingsScene) -> None:
        settings.app.set_ui_scale(150)
        settings.app.set_language("fr")

    through_the_pause_menu(app, change)
    app.step(1 / 60)
    assert table.layout.text_scale > scale
    assert [b.label for b in table.buttons] != labels
    assert any(b.label == app.tr("gin.button.pass") for b in table.buttons if b.key == "pass") or labels == []


def test_the_animation_speed_applies_on_return(app) -> None:
    """The table starts at "instant" (cards are home at once); set to "slow", the next move's cards fly."""
    table = start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))
    through_the_pause_menu(app, lambda s: s.set(animation_speed="slow"))
    take = next(b for b in table.buttons if b.key == "take")
    click(app, take.rect.center)
    assert table.animating
