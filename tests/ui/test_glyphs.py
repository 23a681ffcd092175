"""Every letter a player can meet has a glyph in the shipped fonts: each string of every catalog,
rules page and tutorial, and every text the UI's code writes itself, rendered with the bundled Noto
Sans (regular and bold, the fonts of the app and of its theme). A missing glyph draws an empty box."""

import ast
import json
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import pygame
import pygame.freetype
import pytest

ROOT = Path(__file__).resolve().parents[2]
FONTS = ("NotoSans-Regular.ttf", "NotoSans-Bold.ttf")


def strings_of(value: object) -> Iterator[str]:
    """Every string inside a JSON value, keys left out."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings_of(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings_of(item)


def code_texts(path: Path) -> Iterator[str]:
    """The string literals of a UI module, less docstrings (strings standing alone as statements)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    standing = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in standing:
            yield node.value


def texts() -> dict[str, set[str]]:
    """Source name → the characters it shows."""
    found: dict[str, set[str]] = {}
    for path in sorted((ROOT / "assets").rglob("*.json")):
        if "i18n" in path.parts or "tutorials" in path.parts:
            found[str(path.relative_to(ROOT))] = set("".join(strings_of(json.loads(path.read_text(encoding="utf-8")))))
    for path in sorted((ROOT / "assets" / "rules").rglob("*.md")):
        found[str(path.relative_to(ROOT))] = set(path.read_text(encoding="utf-8"))
    for path in sorted((ROOT / "ui").rglob("*.py")):
        found[str(path.relative_to(ROOT))] = set("".join(code_texts(path)))
    return found


@pytest.mark.parametrize("font_name", FONTS)
def test_every_character_a_player_can_meet_has_a_glyph(font_name: str) -> None:
    pygame.freetype.init()
    with resources.as_file(resources.files("pygame_gui.data") / font_name) as font_path:
        font = pygame.freetype.Font(str(font_path), 16)
        missing = {
            f"{source}: {char!r} (U+{ord(char):04X})"
            for source, chars in texts().items()
            for char in chars
            if char.isprintable() and not char.isspace() and font.get_metrics(char) == [None]
        }
    assert sorted(missing) == []


def test_the_drawn_glyph_checker_sees_an_empty_box() -> None:
    from pygame_gui.core.gui_font_pygame import GUIFontPygame

    pygame.font.init()
    with resources.as_file(resources.files("pygame_gui.data") / FONTS[0]) as font_path:
        font = GUIFontPygame(str(font_path), 16)
        assert lacks(font, "✓") and lacks(font, "←") and not lacks(font, "×") and not lacks(font, "é")


def test_the_checker_sees_a_missing_glyph() -> None:
    """The font really lacks some characters, so the check above can fail."""
    pygame.freetype.init()
    with resources.as_file(resources.files("pygame_gui.data") / FONTS[0]) as font_path:
        font = pygame.freetype.Font(str(font_path), 16)
        assert font.get_metrics("←") == [None]
        assert font.get_metrics("é") != [None]


NOT_A_CHARACTER = "\U0010fffd"
"""A code point no font draws: what a font draws for it is its empty box."""


def lacks(font: Any, char: str) -> bool:
    """Whether pygame_gui's ``font`` draws ``char`` as its empty box (pygame's font gives the box's
    metrics for a missing glyph, so the drawing is compared with the box's)."""
    inner = font._GUIFontPygame__internal_font  # pygame_gui keeps the pygame font private
    drawn, box = inner.render(char, False, (0, 0, 0)), inner.render(NOT_A_CHARACTER, False, (0, 0, 0))
    return drawn.get_size() == box.get_size() and pygame.image.tobytes(drawn, "RGBA") == pygame.image.tobytes(box, "RGBA")


SCREENS = [("title", "gin_rummy"), ("settings", "gin_rummy"), ("stats", "gin_rummy"), ("files", "gin_rummy"),
           *[(scene, game) for game in ("gin_rummy", "lagagne", "gang_de_mouettes")
             for scene in ("setup", "deck", "rules", "table", "scores", "pause")]]
"""Every screen the command line can open, for every game where it depends on the game."""


@pytest.mark.parametrize("language", ["en", "fr", "de", "es"])
def test_every_glyph_a_screen_draws_is_in_the_font_that_draws_it(data_dir: Path, monkeypatch, language: str) -> None:
    """What a widget renders, recorded as it renders it, from the first frame on: a mark the
    code asks for after building the widget (the checkbox's) must not be drawn first in a glyph
    the font lacks. Found: ticked setup options drew an empty box (pygame_gui's ✓ before Tablée's ×)."""
    from pygame_gui.core.gui_font_pygame import GUIFontPygame

    from tests.ui.conftest import open_app
    from ui.cli import _open_scene

    drawn: list[tuple[GUIFontPygame, str]] = []
    real_premul, real_premul_to = GUIFontPygame.render_premul, GUIFontPygame.render_premul_to

    def premul(self: GUIFontPygame, text: str, *args: Any, **kwargs: Any) -> Any:
        drawn.append((self, text))
        return real_premul(self, text, *args, **kwargs)

    def premul_to(self: GUIFontPygame, text: str, *args: Any, **kwargs: Any) -> Any:
        drawn.append((self, text))
        return real_premul_to(self, text, *args, **kwargs)

    monkeypatch.setattr(GUIFontPygame, "render_premul", premul)
    monkeypatch.setattr(GUIFontPygame, "render_premul_to", premul_to)
    missing: set[str] = set()
    for scene, game in SCREENS:
        app = next(iter(open_app(data_dir / f"{scene}-{game}", (1024, 640))))
        try:
            app.set_language(language)
            app.settings.animation_speed = "instant"
            _open_scene(app, scene, game, 3 if game != "gin_rummy" else 2, 5)
            app.step(1 / 60)
            for font, text in drawn:
                missing.update(f"{scene}/{game}: {char!r} (U+{ord(char):04X})" for char in set(text)
                               if char.isprintable() and not char.isspace() and lacks(font, char))
            drawn.clear()
        finally:
            app.quit()
            app.close()
    assert sorted(missing) == []
