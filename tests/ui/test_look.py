"""The look of the cards: the four-colour deck and highlights that differ without colour."""

from __future__ import annotations

import itertools

import pygame

from tests.patience import PATIENCE
from tests.ui.conftest import click
from ui.cards import FOUR_COLOURS, SUIT_COLOURS, CardArt
from ui.scenes.settings import SettingsScene
from ui.table.sprites import HIGHLIGHT_COLOURS, draw_highlight


def test_the_four_colour_deck_gives_each_suit_its_own_colour(app) -> None:
    assert len(set(FOUR_COLOURS.values())) == 4 and len(set(SUIT_COLOURS.values())) == 2
    art = CardArt(app.font, app.tr)
    plain = pygame.image.tobytes(art.face("7d", 80), "RGBA")
    art.four_colour = True
    art.clear()
    four = art.face("7d", 80)
    assert pygame.image.tobytes(four, "RGBA") != plain
    colours = {tuple(four.get_at((x, y)))[:3] for x in range(four.get_width()) for y in range(four.get_height())}
    assert FOUR_COLOURS["d"] in colours


def test_the_setting_is_remembered_and_redraws_the_table(app) -> None:
    from tests.ui.table_helpers import stacked_session, start
    from ui.session import SeatInfo

    scene = start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))
    app.push(SettingsScene(app))
    app.step(1 / 60)
    click(app, app.top.four_colour_box.rect.center)
    assert app.settings.four_colour_deck
    app.pop()
    app.step(1 / 60)
    assert scene.art.four_colour
    from ui.settings import load_settings
    assert load_settings(app.data_dir)[0].four_colour_deck


def test_highlights_differ_in_shape_not_only_in_colour(monkeypatch) -> None:
    """Drawn all in one colour, every two highlight kinds still look different: a player who
    cannot tell the colours apart tells the shapes."""
    import ui.table.sprites as sprites

    monkeypatch.setattr(sprites, "HIGHLIGHT_COLOURS", {kind: (255, 255, 255) for kind in HIGHLIGHT_COLOURS})
    pictures = {}
    for kind in HIGHLIGHT_COLOURS:
        surface = pygame.Surface((120, 160))
        surface.fill((30, 90, 60))
        card = pygame.Rect(20, 20, 80, 112)
        pygame.draw.rect(surface, (250, 250, 240), card)
        draw_highlight(surface, card, kind, card.width)
        pictures[kind] = pygame.image.tobytes(surface, "RGB")
    for a, b in itertools.combinations(pictures, 2):
        assert pictures[a] != pictures[b], (a, b)


def test_the_card_size_setting_enlarges_the_table_within_the_felt(app) -> None:
    from tests.ui.table_helpers import stacked_session, start
    from tests.ui.test_shell_setup import choose
    from ui.session import SeatInfo
    from ui.settings import load_settings

    scene = start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))
    normal = scene.layout.card_w
    app.push(SettingsScene(app))
    app.step(1 / 60)
    choose(app, app.top.size_menu, "extra_large")
    assert app.settings.card_size == "extra_large" and load_settings(app.data_dir)[0].card_size == "extra_large"
    app.pop()
    app.step(1 / 60)
    assert scene.layout.card_w > normal * 1.15      # as large as leaves the buttons clear of the piles
    hand = [s for s in scene.sprites if s.zone == "hand:0"]
    assert hand and all(s.width == scene.layout.card_w or s.width > normal for s in hand)
    assert all(scene.layout.felt.contains(s.rect) for s in scene.sprites)
    assert all(s.rect.collidelist([b.rect for b in scene.buttons]) == -1 for s in scene.sprites)


def test_the_log_can_be_enlarged_and_read_aloud(app) -> None:
    from tests.ui.conftest import press
    from tests.ui.table_helpers import stacked_session, start
    from ui.session import SeatInfo
    from ui.speech import Speaker

    spoken = []
    app._speaker = Speaker(lambda text, lang: spoken.append((text, lang)))
    scene = start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))
    small = scene.layout.log_box(scene.log_large)
    press(app, pygame.K_l)
    large = scene.layout.log_box(scene.log_large)
    assert scene.log_large and large.height > 2 * small.height and large.width > 2 * small.width
    scene.play(next(m for m in scene.legal if m.name == "pass"))
    app.speaker.wait()
    assert spoken == []                      # off by default
    app.settings.read_aloud = True
    scene.wait_for_bot(PATIENCE)
    for _ in range(20):
        app.step(1 / 60)
        scene.wait_for_bot(PATIENCE)
    app.speaker.wait()
    # the log's last line is read (the turn's status may follow it, as the bot's thread allows)
    assert (scene.log.lines[-1], "en") in spoken
    press(app, pygame.K_l)
    assert scene.layout.log_box(scene.log_large) == small


def test_without_a_voice_reading_aloud_is_silent_and_harmless() -> None:
    from ui.speech import Speaker

    quiet = Speaker(None)
    assert not quiet.available
    quiet.say("Bob passes.", "en")
    quiet.wait()
