"""What a browser seat's page fetches besides its own files: the card images, rendered by the host
from the app's own card art (``ui.cards``), the page's words in the player's language, and the app's
own font (the very files the host measures the page's texts with).

Both are answered through the web side's providers (a URL prefix and a callable of the name asked
for). A name is checked in full before anything is drawn or read: ``<lang>_<card>`` or ``back`` for a
card, a language for the words, ``regular`` or ``bold`` for the font; anything else is unknown
(``None``). What is drawn is kept (a deck in four languages is a few hundred small PNGs at most, bounded by ``KEPT``).
"""

from __future__ import annotations

import io
import json
import re
from collections import OrderedDict
from collections.abc import Callable

import pygame

from net.browser import LANGUAGES
from ui.cards import CardArt
from ui.i18n import Translator, load_catalog
from ui.text import app_font_path
from ui.web.seat import BrowserSeats, Fonts

CARD_WIDTH = 240
"""Pixels: a card image is drawn this wide (sharp on a phone's 3× screen at a thumb's 80 CSS pixels)."""
CARD_NAME = re.compile(r"(en|fr|de|es)_([A2-9TJQK][shdc]|M([0-9]|1[0-9]|20)|S[shdc]|P(5|10|20|50)[shdc]|J(5|10|20|50)"
                       r"|Z|Voler|Recup|Echange|X2)|back")
"""A card image's name: the language of the words printed on it and the code of a card of one of the
games (a standard card, a seagull 0–20, LaGagne's symbols, points, jokers, zero and actions), or
``back``: nothing else is ever drawn."""
KEPT = 512
"""Card images kept drawn at most (the least recently asked for go first)."""
WORD_PREFIXES = ("web.", "net.state.")
"""The messages the page reads (its join form, its banners, the seats' states)."""
PNG = "image/png"
JSON = "application/json"
TTF = "font/ttf"
FONT_NAMES = {"regular": False, "bold": True}
"""The font files a page may ask for (``/font/regular``, ``/font/bold``): the app's, by weight."""

Asset = tuple[bytes, str]


class CardImages:
    """The card images of every browser seat (``__call__`` is the ``/card/`` provider)."""

    def __init__(self, fonts: Fonts) -> None:
        self.fonts = fonts
        self._art: dict[str, CardArt] = {}
        self._kept: OrderedDict[str, bytes] = OrderedDict()

    def __call__(self, name: str) -> Asset | None:
        if not isinstance(name, str) or CARD_NAME.fullmatch(name) is None:
            return None
        with self.fonts.lock:
            return self._image(name)

    def _image(self, name: str) -> Asset | None:
        data = self._kept.get(name)
        if data is None:
            data = self._draw(name)
            if data is None:
                return None
            self._kept[name] = data
            while len(self._kept) > KEPT:
                self._kept.popitem(last=False)
        self._kept.move_to_end(name)
        return data, PNG

    def _draw(self, name: str) -> bytes | None:
        if name == "back":
            surface = self._art_for("en").back(CARD_WIDTH)
        else:
            lang, card = name.split("_", 1)
            try:
                surface = self._art_for(lang).face(card, CARD_WIDTH)
            except ValueError:  # not a card of any game
                return None
        out = io.BytesIO()
        pygame.image.save(surface, out, "card.png")
        return out.getvalue()

    def _art_for(self, lang: str) -> CardArt:
        art = self._art.get(lang)
        if art is None:
            tr = Translator(lang)
            art = self._art[lang] = CardArt(self.fonts, lambda key: tr(key))
        return art


def page_words(name: str) -> Asset | None:
    """The ``/words/`` provider: the page's messages in the language ``name`` (en, fr, de, es)."""
    if name not in LANGUAGES:
        return None
    tr = Translator(name)
    keys = sorted(k for k in load_catalog("en") if k.startswith(WORD_PREFIXES))
    return json.dumps({k: tr(k) for k in keys}, ensure_ascii=False).encode("utf-8"), JSON


class FontFiles:
    """The ``/font/`` provider: the app's own font files (``ui.text.APP_FONTS``), read once when first
    asked for. Only the two names of ``FONT_NAMES`` are known; a name never becomes part of a path."""

    def __init__(self) -> None:
        self._read: dict[bool, bytes] = {}

    def __call__(self, name: str) -> Asset | None:
        bold = FONT_NAMES.get(name) if isinstance(name, str) else None
        if bold is None:
            return None
        data = self._read.get(bold)
        if data is None:
            with open(app_font_path(bold), "rb") as file:
                data = self._read[bold] = file.read()
        return data, TTF


def browser_side() -> tuple[BrowserSeats, dict[str, Callable[[str], Asset | None]]]:
    """What a host needs for browser seats: the views that draw their pictures, and the providers of
    the page's generated assets by URL prefix (``/card/<lang>_<code>``, ``/card/back``, ``/words/<lang>``,
    ``/font/regular``, ``/font/bold``)."""
    seats = BrowserSeats()
    return seats, {"/card/": CardImages(seats.fonts), "/words/": page_words, "/font/": FontFiles()}
