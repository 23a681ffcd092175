"""Card art for the three games, and the table layout for 2 to 8 seats."""

from __future__ import annotations

import itertools

import pygame
import pytest

from ui.cards import CardArt, card_height
from ui.table.layout import TableLayout, text_scale

STANDARD = [r + s for s in "shdc" for r in "A23456789TJQK"]
SEAGULLS = [f"M{v}" for v in (*range(11), 15, 20)]
LAGAGNE = ([f"S{s}" for s in "hscd"] + [f"P{p}{s}" for p in (5, 10, 20, 50) for s in "hscd"]
           + [f"J{p}" for p in (5, 10, 20, 50)] + ["Z", "Voler", "Recup", "Echange", "X2"])


@pytest.fixture(scope="module")
def art() -> CardArt:
    pygame.display.init()
    pygame.font.init()
    return CardArt()


@pytest.mark.parametrize("width", [26, 57, 140])
def test_every_card_of_every_game_is_drawn_at_its_size(art: CardArt, width: int) -> None:
    for card in STANDARD + SEAGULLS + LAGAGNE:
        face = art.face(card, width)
        assert face.get_size() == (width, card_height(width)), card
    assert art.back(width).get_size() == (width, card_height(width))


def test_faces_are_cached_and_distinct(art: CardArt) -> None:
    assert art.face("Qh", 90) is art.face("Qh", 90)
    images = {card: pygame.image.tobytes(art.face(card, 90), "RGBA") for card in ["As", "Ks", "Kh", "M8", "M9", "P20h"]}
    assert len(set(images.values())) == len(images)
    with pytest.raises(ValueError):
        art.face("Xx", 90)


def test_printed_words_are_translated(art: CardArt) -> None:
    french = CardArt(tr=lambda key: {"card.power.look": "REGARDER"}.get(key, key))
    english = CardArt(tr=lambda key: {"card.power.look": "LOOK"}.get(key, key))
    assert pygame.image.tobytes(french.face("M8", 120), "RGBA") != pygame.image.tobytes(english.face("M8", 120), "RGBA")


@pytest.mark.parametrize("percent", [100, 150, 200])
@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("players", range(2, 9))
def test_seats_fit_the_window_without_overlapping(size: tuple[int, int], players: int, percent: int) -> None:
    for bottom in range(players):
        layout = TableLayout(size, players, bottom, text_scale=text_scale(size, percent))
        plates = [spot.plate for spot in layout.seats]
        screen = pygame.Rect(0, 0, *size)
        assert all(screen.contains(p) for p in plates)
        for a, b in itertools.combinations(plates, 2):
            assert not a.colliderect(b)
        assert layout.seats[bottom].bottom
        for spot in layout.seats:
            assert layout.felt.collidepoint(spot.cards)


def test_adapters_are_found_by_game_id() -> None:
    from ui.games import adapter_class, has_adapter

    assert has_adapter("gin_rummy") and adapter_class("gin_rummy").game_id == "gin_rummy"
    assert not has_adapter("no_such_game")
    with pytest.raises(ValueError):
        adapter_class("no_such_game")
