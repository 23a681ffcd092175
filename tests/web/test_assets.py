"""What the page fetches besides its own files: card images drawn by the host from the app's card
art, and the page's words, each asked for by a name that is checked in full first."""

from __future__ import annotations

import json
import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from ui.i18n import load_catalog  # noqa: E402
from ui.web.assets import CardImages, page_words  # noqa: E402
from ui.web.seat import Fonts  # noqa: E402

CARDS = ["Kh", "Ts", "As", "2c", "M0", "M10", "M20", "Voler", "Recup", "Echange", "X2", "P5c", "P20h", "J50", "Z", "Sh"]
"""Cards of the three games: standard cards, seagulls, LaGagne's actions, points, jokers and zero."""


@pytest.fixture(scope="module")
def images() -> CardImages:
    return CardImages(Fonts())


@pytest.mark.parametrize("card", CARDS)
@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_card_of_every_game_is_drawn_as_a_png(images: CardImages, card: str, lang: str) -> None:
    found = images(f"{lang}_{card}")
    assert found is not None, f"{card} is not served"
    data, kind = found
    assert kind == "image/png" and data.startswith(b"\x89PNG\r\n\x1a\n")
    assert images(f"{lang}_{card}") == found, "drawn once, then kept"


def test_the_back_is_served(images: CardImages) -> None:
    found = images("back")
    assert found is not None and found[0].startswith(b"\x89PNG")


@pytest.mark.parametrize("name", ["", "../../etc/passwd", "en_Kh.png", "xx_Kh", "en_", "en_Qx", "en_M99", "EN_Kh",
                                  "en_" + "K" * 40, "back.png", "en_Kh/..", "en_Kh\x00", "en_K h"])
def test_a_name_that_is_no_card_is_unknown(images: CardImages, name: str) -> None:
    assert images(name) is None


def test_the_page_words_are_served_in_each_language_and_only_those() -> None:
    english = json.loads(page_words("en")[0])  # type: ignore[index]
    keys = {k for k in load_catalog("en") if k.startswith("web.")}
    assert keys and keys <= set(english)
    for lang in ("fr", "de", "es"):
        found = page_words(lang)
        assert found is not None and found[1] == "application/json"
        words = json.loads(found[0])
        assert set(words) == set(english)
        assert words["web.join"] != english["web.join"], f"{lang} has its own words"
    for name in ("xx", "", "../en", "en.json", "EN"):
        assert page_words(name) is None
