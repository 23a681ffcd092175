"""What the page fetches besides its own files: card images drawn by the host from the app's card
art, the page's words, and the app's own font, each asked for by a name that is checked in full first."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from importlib import resources
from urllib.parse import urlsplit

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from game import GAMES  # noqa: E402
from net.table import HostedTable, NetSeat  # noqa: E402
from tests.net.test_webhost import get  # noqa: E402
from tests.web.player import CODE, Table  # noqa: E402
from ui.i18n import load_catalog  # noqa: E402
from ui.text import app_font_path  # noqa: E402
from ui.web.assets import CardImages, FontFiles, page_words  # noqa: E402
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


@pytest.fixture(scope="module")
def served() -> Iterator[int]:
    """The port of a real host on loopback serving a browser seat's page and assets, as the app does."""
    state = GAMES["gin_rummy"].new_match(["Ann", "Bob"], seed=1)
    table = Table(HostedTable(state, [NetSeat("Ann", "remote"), NetSeat("Bob", "easy")], CODE))
    try:
        port = urlsplit(table.url).port
        assert port is not None
        yield port
    finally:
        table.close()


@pytest.mark.parametrize(("name", "bold", "file"), [("regular", False, "NotoSans-Regular.ttf"),
                                                    ("bold", True, "NotoSans-Bold.ttf")])
def test_the_page_is_served_the_very_font_files_the_host_measures_with(served: int, name: str, bold: bool,
                                                                        file: str) -> None:
    status, fields, body = get(served, f"/font/{name}")
    assert status == 200 and fields["content-type"] == "font/ttf"
    assert "font-src 'self'" in fields["content-security-policy"]
    with open(app_font_path(bold), "rb") as measured:
        assert body == measured.read(), "the bytes of the file the app's and the seats' fonts are opened from"
    assert body == (resources.files("pygame_gui.data") / file).read_bytes(), "pygame_gui's Noto Sans"
    assert body[:4] == b"\x00\x01\x00\x00", "a TrueType font"
    assert get(served, f"/font/{name}", headers=f"If-None-Match: {fields['etag']}\r\n")[0] == 304


FONT_HOSTILE = ["/font/", "/font/Regular", "/font/BOLD", "/font/regular.ttf", "/font/NotoSans-Regular.ttf",
                "/font/NotoSans-Regular", "/font/italic", "/font/..", "/font/../font/regular", "/font/..%2fregular",
                "/font/%2e%2e%2fNotoSans-Bold.ttf", "/font/regular%00", "/font/regular/x", "/font//regular",
                "/font/" + "regular" * 8, "/font/licenses", "/fonts/regular", "/static/regular"]


@pytest.mark.parametrize("path", FONT_HOSTILE)
def test_no_other_font_name_is_served(served: int, path: str) -> None:
    status, _, body = get(served, path)
    assert status == 404 and not body.startswith(b"\x00\x01\x00\x00")


@pytest.mark.parametrize("name", ["", "Regular", "regular.ttf", "../regular", "italic", "NotoSans-Bold.ttf", None, 3])
def test_the_font_provider_knows_two_names_only(name: object) -> None:
    assert FontFiles()(name) is None  # type: ignore[arg-type]
