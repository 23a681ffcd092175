"""A list of parts joined by "·" (the top bar's keys) breaks between parts without leaving the dot at
the end or start of a line: the German key hint broke after "·"."""

from __future__ import annotations

from importlib import resources

import pygame
import pytest

from tests.test_table_match import Words
from ui.i18n import LANGUAGES
from ui.text import SEPARATOR, wrap_text


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_key_hint_never_breaks_beside_its_dots(language: str) -> None:
    pygame.font.init()
    text = Words(language).tr("table.menu_hint")
    assert SEPARATOR in text
    with resources.as_file(resources.files("pygame_gui.data") / "NotoSans-Regular.ttf") as path:
        font = pygame.font.Font(str(path), 14)
        broke = 0
        for width in range(60, font.size(text)[0] + 10, 3):
            lines = wrap_text(font, text, width)
            broke += len(lines) > 1
            for line in lines:
                assert not line.startswith(SEPARATOR) and not line.endswith(SEPARATOR), (width, lines)
            parts = [p.strip() for p in text.split(SEPARATOR)]
            assert " ".join(lines).replace(f" {SEPARATOR} ", " ") == " ".join(parts)
        assert broke > 5


def test_a_separator_kept_inside_a_line_and_a_closing_one_stays() -> None:
    pygame.font.init()
    font = pygame.font.Font(None, 20)
    assert wrap_text(font, "a · b", 1000) == ["a · b"]
    assert wrap_text(font, "alpha · beta", font.size("alpha ·")[0]) == ["alpha", "beta"]
