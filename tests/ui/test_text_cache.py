"""The table's text cache: ``fit`` and ``block`` pick the largest size that fits, the cache forgets
the least recently drawn text first."""

from __future__ import annotations

import pygame
from hypothesis import given, settings
from hypothesis import strategies as st

from ui.table import widgets
from ui.table.widgets import TextCache

_FONTS: dict[tuple[int, bool], pygame.font.Font] = {}


def font(size: int, bold: bool) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    return _FONTS.setdefault((size, bold), pygame.font.Font(None, size))


@settings(max_examples=300, deadline=None)
@given(st.text("abcdefgh ijkWMi.,é", min_size=1, max_size=60), st.integers(10, 60), st.integers(20, 600))
def test_fit_gives_the_largest_size_that_fits(text: str, size: int, width: int) -> None:
    cache = TextCache(font)
    largest = size
    while largest > 9 and font(largest, False).size(text)[0] > width:
        largest -= 1
    assert cache.fit(text, size, width) is cache.render(text, largest)


@settings(max_examples=300, deadline=None)
@given(st.text("abcdefgh ijkWMi.,é", min_size=1, max_size=80), st.integers(10, 48), st.integers(20, 400),
       st.integers(8, 120))
def test_block_gives_the_largest_size_whose_wrapped_lines_fit(text: str, size: int, width: int, height: int) -> None:
    """The size ``block`` finds by halving is the one a scan from the top finds."""
    cache = TextCache(font)
    largest = size
    while largest > 9:
        lines = widgets.wrap_text(font(largest, False), text, width)
        if len(lines) * font(largest, False).get_linesize() <= height and \
                all(font(largest, False).size(x)[0] <= width for x in lines):
            break
        largest -= 1
    lines = widgets.wrap_text(font(largest, False), text, width)
    if len(lines) > 1 and len(lines) * font(largest, False).get_linesize() > height:
        assert cache.block(text, size, width, height) is cache.fit(text, largest, width)
    else:
        expected = [cache.render(x, largest) for x in lines]
        block = cache.block(text, size, width, height)
        if len(expected) == 1:
            assert block is expected[0]
        else:
            line_h = font(largest, False).get_linesize()
            assert block.get_height() == line_h * (len(lines) - 1) + expected[-1].get_height()
            assert block.get_width() == max(x.get_width() for x in expected)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(st.text("abcdefghijkWMi.,é", min_size=1, max_size=12), min_size=1, max_size=10),
                min_size=1, max_size=3), st.integers(10, 48), st.integers(20, 400))
def test_wrapped_lines_take_as_many_words_as_fit(paragraphs: list[list[str]], size: int, width: int) -> None:
    """Each paragraph's lines join back into it; each line fits or is one word; no line could have
    taken the next line's first word."""
    text = "\n".join(" ".join(words) for words in paragraphs)
    f = font(size, False)
    lines = widgets.wrap_text(f, text, width)
    at = 0
    for words in paragraphs:
        paragraph = " ".join(words)
        own: list[str] = []
        while sum(len(x.split(" ")) for x in own) < len(words):
            own.append(lines[at])
            at += 1
        assert " ".join(own) == paragraph
        for line, following in zip(own, own[1:] + [None]):
            assert f.size(line)[0] <= width or " " not in line
            if following is not None:
                assert f.size(f"{line} {following.split(' ')[0]}")[0] > width
    assert at == len(lines)


def test_a_french_mark_never_begins_a_line_nor_a_guillemet_ends_one() -> None:
    """French sets "%", ":", "!", "?", ";" and "»" after a space, and "«" before one: at every width,
    each stays with its word, as a no-break space would keep it (a hint once read "environ 49" at
    the end of a line and "% du temps" on the next)."""
    text = "vous finiriez le plus bas environ 49 % du temps : annoncez « Gang de mouettes ! » ; non ?"
    f = font(20, False)
    breaks = set()
    for width in range(20, f.size(text)[0] + 1):
        lines = widgets.wrap_text(f, text, width)
        assert " ".join(lines) == text
        assert not any(line[:1] in ("%", ":", "!", "?", ";", "»") or line.endswith("«") for line in lines)
        breaks.add(len(lines))
    assert len(breaks) > 4  # the widths did make the text wrap, at many places


def test_the_least_recently_drawn_text_is_forgotten_first(monkeypatch) -> None:
    monkeypatch.setattr(widgets, "CACHED_TEXTS", 3)
    cache = TextCache(font)
    first = cache.render("a", 12)
    cache.render("b", 12)
    cache.render("c", 12)
    assert cache.render("a", 12) is first  # drawn again: now the most recent
    cache.render("d", 12)  # one too many: "b" goes
    assert cache.render("a", 12) is first
    assert list(cache._cache)[0][0] == "c"


@settings(max_examples=200, deadline=None)
@given(st.text("abcdefgh ijkWMi.,é", min_size=1, max_size=80), st.integers(10, 40), st.integers(20, 400))
def test_measures_and_wrapping_kept_are_those_of_the_font(text: str, size: int, width: int) -> None:
    cache = TextCache(font)
    for _ in range(2):  # measured, then remembered: the same either way
        assert cache.width(text, size) == font(size, False).size(text)[0]
        lines = cache.wrap(text, size, width)
        assert lines == widgets.wrap_text(font(size, False), text, width)
    lines.append("changed")  # a caller's list is its own
    assert cache.wrap(text, size, width) == widgets.wrap_text(font(size, False), text, width)


def test_a_name_plate_line_too_long_for_its_plate_leaves_out_its_last_parts() -> None:
    from ui.table.paint import fitting_parts

    cache = TextCache(font)
    line = "robot · normal · donneur · mulligan en réserve"
    assert fitting_parts(cache, line, 14, 1000) == line
    short = fitting_parts(cache, line, 14, cache.width("robot · normal", 9) + 2)
    assert short == "robot · normal"
    assert fitting_parts(cache, line, 14, 5) == "robot"  # the first part stays, however small the plate
