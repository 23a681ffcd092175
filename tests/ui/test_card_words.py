"""The words printed on cards are shown whole at every card size in every language: "ESPIONNER" was
cut on small Gang de mouettes cards."""

from __future__ import annotations

import pygame
import pytest

from tests.test_table_match import Words
from ui.cards import CardArt
from ui.i18n import LANGUAGES

POWERS = ("look", "spy", "steal", "scout", "drop")
LAGAGNE = ("voler", "recup", "echange", "x2")


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_cards_words_fit_their_band_at_every_card_width(language: str) -> None:
    pygame.font.init()
    words = Words(language)
    art = CardArt(tr=words.tr)
    surface = pygame.Surface((400, 100), pygame.SRCALPHA)
    for width in range(20, 161, 4):
        height = round(width * 1.4)
        band = width * 0.8 * 0.9  # the power band's text room on a card of that width
        size = round(height * 0.13) * 0.62
        for key in [f"card.power.{p}" for p in POWERS] + [f"card.lagagne.{c}" for c in LAGAGNE]:
            rect = art._text(surface, words.tr(key), size, (0, 0, 0), (200, 50), max_width=band)
            assert rect.width <= band, (language, width, words.tr(key), rect.width, band)


def test_every_gang_card_is_drawn_at_a_small_size() -> None:
    pygame.font.init()
    art = CardArt(tr=Words("fr").tr)
    for value in range(0, 21):
        face = art.face(f"M{value}", 34)
        assert face.get_width() == 34
