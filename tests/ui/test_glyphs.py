"""Every letter a player can meet has a glyph in the shipped fonts: each string of every catalog,
rules page and tutorial, and every text the UI's code writes itself, rendered with the bundled Noto
Sans (regular and bold, the fonts of the app and of its theme). A missing glyph draws an empty box."""

import ast
import json
from collections.abc import Iterator
from importlib import resources
from pathlib import Path

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


def test_the_checker_sees_a_missing_glyph() -> None:
    """The font really lacks some characters, so the check above can fail."""
    pygame.freetype.init()
    with resources.as_file(resources.files("pygame_gui.data") / FONTS[0]) as font_path:
        font = pygame.freetype.Font(str(font_path), 16)
        assert font.get_metrics("←") == [None]
        assert font.get_metrics("é") != [None]
