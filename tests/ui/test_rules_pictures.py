"""The pictures of the table in each rules page's "How to play": drawn by the table from a stacked
deal, captioned in every language, inside the page at the smallest and a large window at every
text size, drawn once, and showing what their captions say."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from game.gin_rummy.melds import card_mask, deadwood
from ui.app import App
from ui.i18n import LANGUAGES
from ui.scenes.common import games
from ui.scenes.rules import PICTURE, RulesScene
from ui.settings import UI_SCALES
from ui.table.rules_pictures import PICTURES, PictureBook, PictureError

ROOT = Path(__file__).resolve().parents[2]
SIZES = [(1024, 640), (1920, 1080)]
LEAST = 3
"""Pictures each game's How to play shows at least."""


def _how_to_play(language: str, game_id: str) -> str:
    text = (ROOT / "assets" / "rules" / language / f"{game_id}.md").read_text(encoding="utf-8")
    return re.split(r"^## ", text, flags=re.MULTILINE)[1]


def _pictures(language: str, game_id: str) -> list[tuple[str, str]]:
    """Each picture of the How to play: its name and caption."""
    return [(m.group(2), m.group(1)) for m in PICTURE.finditer(_how_to_play(language, game_id))]


def test_every_game_has_a_pictures_file_that_plays_through() -> None:
    for game_id in games():
        book = PictureBook.load(game_id)
        assert len(book.pictures) >= LEAST, game_id
        assert sum(1 for s in book.seats if s is None) == 1, "one seat is the reader's"


@pytest.mark.parametrize("language", LANGUAGES)
def test_how_to_play_shows_the_pictures_with_a_caption_in_every_language(language: str) -> None:
    for game_id in games():
        shown = _pictures(language, game_id)
        names = [name for name, _ in shown]
        assert names == list(PictureBook.load(game_id).pictures), (game_id, names)
        english = dict(_pictures("en", game_id))
        for name, caption in shown:
            assert len(caption.split()) >= 6, (game_id, name, "a caption says what the picture shows")
            assert language == "en" or caption != english[name], (game_id, name, "caption not translated")
            assert len(caption) <= 180, (game_id, name, "a caption is one sentence or two, not a paragraph")


SEATS = '"seats": [{"you": true}, {"name": "B", "level": "easy"}], "seed": 1'
DAMAGED = {
    "not json": "{",
    "a move out of turn": '{' + SEATS + ', "pictures": [{"name": "x", "moves": ["1: draw"]}]}',
    "a move that is no move": '{' + SEATS + ', "pictures": [{"name": "x", "moves": ["0: knock Zz"]}]}',
    "a card the game lacks": '{' + SEATS + ', "deck": ["Zz"], "pictures": [{"name": "x"}]}',
    "an unknown option": '{' + SEATS + ', "options": {"colour": 1}, "pictures": [{"name": "x"}]}',
    "moves not a list": '{' + SEATS + ', "pictures": [{"name": "x", "moves": 7}]}',
    "no pictures": '{' + SEATS + '}',
    "a seat with no level": '{"seats": [{"you": true}, {"name": "B"}], "seed": 1, "pictures": []}',
    "an unknown level": '{"seats": [{"you": true}, {"name": "B", "level": null}], "seed": 1, "pictures": []}',
    "no reader's seat": '{"seats": [{"name": "A", "level": "easy"}, {"name": "B", "level": "easy"}], "seed": 1, '
                        '"pictures": []}',
}


@pytest.mark.parametrize("text", DAMAGED.values(), ids=DAMAGED.keys())
def test_a_damaged_pictures_file_is_refused_by_name_and_the_page_does_without(monkeypatch, tmp_path, text) -> None:
    import ui.table.rules_pictures as picture

    (tmp_path / "pictures").mkdir()
    (tmp_path / "pictures" / "gin_rummy.json").write_text(text, encoding="utf-8")
    monkeypatch.setattr(picture, "resource_path", lambda rel: tmp_path / rel)
    with pytest.raises(PictureError, match="gin_rummy"):
        PictureBook.load("gin_rummy")
    assert picture.PictureCache().book("gin_rummy") is None


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_pictures_fit_the_page_at_every_text_size(data_dir, size: tuple[int, int]) -> None:
    app = App(data_dir=data_dir, size=size, headless=True, fail_fast=True)
    try:
        for text_size in UI_SCALES:
            app.set_ui_scale(text_size)
            for game_id in games():
                scene = RulesScene(app, game_id)
                app.push(scene)
                app.step(1 / 60)
                assert scene.page is not None
                assert len(scene.page.pictures) >= LEAST, game_id
                page_width = scene.box.width - scene.px(48)
                visible = scene.box.height - scene.px(32)
                for placed in scene.page.pictures:
                    rect = placed.rect
                    assert 0 <= rect.x and rect.right <= page_width, (text_size, game_id, placed)
                    assert rect.h <= visible, (text_size, game_id, placed, "taller than the page's window")
                    assert rect.w >= min(page_width, 300), (text_size, game_id, placed, "too small to read")
                    scene.scroll = min(scene.max_scroll, rect.y)
                    screen = pygame.Surface(size)
                    scene.draw(screen)
                    image = scene.picture(placed.name, rect.w)
                    assert image is not None and image.get_size() == rect.size, (game_id, placed)
                app.pop()
    finally:
        app.quit()
        app.close()


def test_a_picture_is_drawn_after_the_page_opens_once_per_language(data_dir) -> None:
    app = App(data_dir=data_dir, size=(1024, 640), headless=True, fail_fast=True)
    try:
        PICTURES.clear()
        scene = RulesScene(app, "gang_de_mouettes")
        app.push(scene)
        app.step(1 / 60)
        assert scene.page is not None
        first = scene.page.pictures[0]
        assert scene.page.visible_pictures(scene.scroll, scene.box.height) == [first]
        assert not PICTURES.ready(app, "gang_de_mouettes", first.name, first.rect.w), "the page opens first"
        assert not scene.idle()
        app.step(1 / 60)
        image = scene.drawn_picture(first.name, first.rect.w)
        assert image is not None, "the picture on screen is drawn in the next frame"
        assert scene.picture(first.name, first.rect.w) is image
        for _ in range(len(scene.page.pictures) + 1):  # drawn a frame at a time once the page is shown
            app.step(1 / 60)
        assert scene.idle() or scene._typing()
        assert all(PICTURES.ready(app, "gang_de_mouettes", p.name, p.rect.w) for p in scene.page.pictures)
        app.set_language("fr")
        assert not PICTURES.ready(app, "gang_de_mouettes", first.name, first.rect.w)
        assert scene.picture(first.name, first.rect.w) is not image
        assert scene.page.visible_pictures(0, 10**6) == scene.page.pictures
        assert scene.page.visible_pictures(scene.page.height, 100) == []
    finally:
        app.quit()
        app.close()


def test_the_gang_pictures_show_what_their_captions_say() -> None:
    book = PictureBook.load("gang_de_mouettes")
    deal = book.state("deal").view(0)
    assert deal["slots"][0][:2] == ["M7", "M0"] and deal["slots"][0][2:] == [None, None]
    assert book.state("draw").view(0)["drawn"] == "M8"
    window = book.state("window").view(0)
    assert window["active"] == 1 and window["window"]["card"] == "M7" and 0 in window["window"]["open_to"]
    assert book.state("window").slots[0][0] == 7
    end = book.state("end").view(0)["last_round"]
    assert end["caller"] == 0 and end["sums"] == [3, 25] and end["points"] == [0, 25]
    assert book.options.snap_window_seconds == 3.0


def test_the_lagagne_pictures_show_what_their_captions_say() -> None:
    book = PictureBook.load("lagagne")
    assert len(book.state("deal").view(0)["hand"]) == 5 and "Sh" in book.state("deal").view(0)["hand"]
    assert book.state("column").scores[0] == 40
    steal = book.state("steal")
    assert steal.scores[0] == 90 and steal.scores[1] == 0


def test_the_gin_pictures_show_what_their_captions_say() -> None:
    book = PictureBook.load("gin_rummy")
    deal = book.state("deal").view(0)
    assert deal["discard_top"] == "8h" and len(deal["hand"]) == 10
    take = book.state("take").view(0)
    after = [c for c in take["hand"] if c != "Kd"]
    assert "8h" in take["hand"] and deadwood(card_mask(after)) == 16
    result = book.state("knock").view(0)["result"]
    assert result["deadwood"] == [9, 49] and result["layoffs"] == [] and result["points"] == [40, 0]
    assert result["discard"] == "Qs"


def test_a_picture_scrolls_with_the_text_and_stays_inside_the_page(data_dir) -> None:
    from tests.ui.test_rules_pages import Recorder

    app = App(data_dir=data_dir, size=(1024, 640), headless=True, fail_fast=True)
    try:
        scene = RulesScene(app, "lagagne")
        app.push(scene)
        for _ in range(5):
            app.step(1 / 60)
        assert scene.page is not None
        first = scene.page.pictures[0]
        image = scene.drawn_picture(first.name, first.rect.w)
        assert image is not None
        inner = scene.box.inflate(-scene.px(48), -scene.px(32))
        inner.x = scene.box.x + scene.px(24)
        for scroll in (0, first.rect.y + first.rect.h // 2):
            scene.scroll = scroll
            screen = Recorder((1024, 640))
            scene.draw(screen)
            pictures = [r for r in screen.placed if r.w == first.rect.w]
            assert pictures and all(inner.contains(r) for r in pictures), (scroll, pictures, inner)
            placed = first.rect.move(inner.x, inner.y - scroll)  # where the text puts it
            assert placed.clip(inner) in pictures, (scroll, pictures, placed)
        assert placed.clip(inner).h < first.rect.h and placed.top < inner.top, "half scrolled away: its lower half"
    finally:
        app.quit()
        app.close()
