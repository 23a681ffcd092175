"""A phone's words: a browser seat's table says "tap" where the desktop says "click" and names no key
on its buttons, through translation keys chosen by the input kind (``touch.<key>``), in every language."""

from __future__ import annotations

import re
import string

import pygame
import pytest

from ui.i18n import LANGUAGES, MOUSE, TOUCH, Translator, forms, load_catalog
from ui.table.gestures import ButtonSpec
from ui.table.paint import button_for

POINTING = re.compile(r"click|klick|clic|double|Enter|Intro|Entrée|\(N\)", re.IGNORECASE)
"""Words that name a mouse or a key, in the four languages."""
AT_THE_TABLE = ("gang.status.", "gang.hint.", "lagagne.status.", "gin.status.", "gin.panel.", "table.race_too_soon",
                "illegal.too_fast")
"""The messages a browser seat's table may show (its status line, hints, refusals, Gin Rummy's knock
panel); the desktop's own screens (menus, the curtain, tutorials) are never drawn for a phone."""


def placeholders(entry: str | dict[str, str]) -> set[str]:
    return {name for text in forms(entry) for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_table_message_that_names_the_mouse_has_a_touch_variant(language: str) -> None:
    catalog = load_catalog(language)
    missing = [key for key, entry in catalog.items() if key.startswith(AT_THE_TABLE)
               and any(POINTING.search(text) for text in forms(entry)) and f"touch.{key}" not in catalog]
    assert missing == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_touch_variant_names_a_message_says_no_click_and_asks_no_other_parameter(language: str) -> None:
    catalog = load_catalog(language)
    variants = {key[len("touch."):]: entry for key, entry in catalog.items() if key.startswith("touch.")}
    assert variants
    for key, entry in variants.items():
        assert key in catalog, f"touch.{key} varies no message"
        assert placeholders(entry) <= placeholders(catalog[key]), key
        assert not any(POINTING.search(text) for text in forms(entry)), f"touch.{key}: {entry}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_input_kind_chooses_the_words(language: str) -> None:
    tr = Translator(language)
    mouse = tr("gang.status.window", card=7)
    tr.input_kind = TOUCH
    touch = tr("gang.status.window", card=7)
    assert touch != mouse and "7" in touch and not POINTING.search(touch)
    assert tr("table.hint_button") == Translator(language)("table.hint_button")  # no variant: the same words
    tr.input_kind = MOUSE
    assert tr("gang.status.window", card=7) == mouse


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_button_names_its_key_for_a_mouse_only(language: str) -> None:
    tr = Translator(language)
    spec = ButtonSpec("pass_snap", tr("gang.button.pass_snap"), None, shortcut=pygame.K_n)
    assert button_for(spec, tr).label == f"{spec.label} (N)"
    tr.input_kind = TOUCH
    assert button_for(spec, tr).label == spec.label


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_browser_seat_says_touch_in_one_place_only(language: str) -> None:
    """A browser seat's panels size themselves for a finger (``touch``) and its words speak of taps
    (the translator's ``input_kind``): the first is read from the second, so they cannot disagree."""
    from ui.web.seat import Fonts, SeatApp

    app = SeatApp(Fonts(), language)
    assert app.touch and app.tr("gang.status.window", card=7) == _touch_words(language)
    app._tr.input_kind = MOUSE
    assert not app.touch and app.tr("gang.status.window", card=7) == Translator(language)("gang.status.window", card=7)


def _touch_words(language: str) -> str:
    tr = Translator(language)
    tr.input_kind = TOUCH
    return tr("gang.status.window", card=7)
