"""The interface size reaches the table: its buttons, name plates, log and top bar grow with the
setting, drawn at their size; and the message over the table (a hint) keeps clear of the buttons
and of the card it is about."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from tests.patience import PATIENCE
from tests.ui.conftest import open_app, press
from tests.ui.table_helpers import button, click_at, stacked_session, start
from tests.ui.test_shell_setup import choose
from ui.app import App
from ui.scenes.settings import SettingsScene
from ui.session import SeatInfo
from ui.table.layout import text_scale
from ui.table.scene import TableScene


@pytest.fixture(params=[(1024, 640), (1920, 1080)], ids=["1024x640", "1920x1080"])
def window(request, data_dir) -> Iterator[App]:
    yield from open_app(data_dir, request.param)


def measures(scene: TableScene) -> dict[str, float]:
    """The text sizes the table draws now (buttons, plates, log, top bar)."""
    layout = scene.layout
    main = [b for b in scene.buttons if b.key in ("take", "pass")]
    return {
        "button text": max(scene.text.font(b.text_size, True).get_height() for b in main),
        "side button text": max(scene.text.font(b.text_size, True).get_height() for b in scene.buttons
                                if b.key == "hint"),
        "plate": min(spot.plate.h for spot in layout.seats),
        "log text": scene.text.font(layout.log_text(scene.log_large)).get_height(),
        "top bar": layout.top_bar,
    }


def test_the_interface_size_enlarges_the_tables_text(window) -> None:
    """Settings → Text 200 % from the table: every text of the table grows (half again in the
    smallest window, where its text is smallest), the cards make room and stay on the felt."""
    app = window
    scene = start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))
    scene.log.add("Bob passes.")
    before = measures(scene)
    app.push(SettingsScene(app))
    app.step(1 / 60)
    choose(app, app.top.scale_menu, "200")
    assert app.settings.ui_scale == 200
    press(app, pygame.K_ESCAPE, steps=2)
    assert app.top is scene
    after = measures(scene)
    grow = text_scale(app.screen.get_size(), 200)
    assert grow >= 1.29
    for name, size in before.items():
        if name == "button text":  # "Take the Queen of diamonds" may go on two lines to stay larger
            assert after[name] >= size * 1.1, (name, size, after[name])
        else:
            assert after[name] >= size * (grow - 0.12), (name, size, after[name])
    layout = scene.layout
    buttons = [b.rect for b in scene.buttons]
    for sprite in scene.sprites:
        assert layout.felt.contains(sprite.rect) and sprite.rect.collidelist(buttons) == -1


def looks(app: App, scene: TableScene) -> dict[str, bytes]:
    """Each button's pixels on screen now, by key."""
    return {b.key: pygame.image.tobytes(app.screen.subsurface(b.rect), "RGB") for b in scene.buttons}


def covered(app: App, scene: TableScene, before: dict[str, bytes]) -> list[str]:
    """The buttons that no longer look as they did (something is drawn over them)."""
    return [key for key, now in looks(app, scene).items() if before.get(key) != now]


@pytest.mark.parametrize("percent", [100, 200])
def test_the_hint_keeps_clear_of_the_buttons_and_of_its_card(window, percent: int) -> None:
    """H: the hint's bubble covers no button (they look exactly as before it came) and, when it
    names a card, not that card either."""
    app = window
    app.settings.ui_scale = percent
    scene = start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))
    app.step(1 / 60)
    assert {"take", "pass", "hint"} <= {b.key for b in scene.buttons}
    before = looks(app, scene)
    press(app, pygame.K_h)
    scene.wait_for_bot(PATIENCE)
    app.step(1 / 60)
    assert scene.message.startswith("Hint: ")
    assert covered(app, scene, before) == []
    # the upcard taken, Alice discards: the hint names a card of her hand
    click_at(app, button(scene, "take").rect.center)
    before = looks(app, scene)
    press(app, pygame.K_h)
    scene.wait_for_bot(PATIENCE)
    app.step(1 / 60)
    assert scene.message.startswith("Hint: ") and scene.selected
    assert covered(app, scene, before) == []
    placed = scene.panels.message_box(scene.layout)
    assert placed is not None
    card = next(s for s in scene.sprites if s.card == scene.selected)
    assert not placed[0].colliderect(card.rect)
