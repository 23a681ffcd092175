"""LaGagne cards: their text names, values and words for players, and the editable deck file.

A deck is a tuple of ``(card, count)`` pairs in the canonical card order. The default deck is
``DECK_TEXT`` below, in the same deck-file format a player's own deck uses (the engine reads no
files: the app reads a player's file and hands its text over); both go through one parser:

>>> deck = parse_deck_text("Sh = 2\\nP5h = 4\\nZ = 1")
>>> deck
(('Sh', 2), ('P5h', 4), ('Z', 1))
>>> parse_deck_text("Sh = 2\\nP7h = 1")
Traceback (most recent call last):
...
game.core.errors.OptionError: the deck names 'P7h', which is not a LaGagne card
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from typing import Any

from game.core.options import OptionError

SUITS = ("h", "s", "c", "d")
SUIT_NAMES = {"h": "heart", "s": "spade", "c": "club", "d": "diamond"}
VALUES = (5, 10, 20, 50)

SYMBOLS = tuple(f"S{s}" for s in SUITS)
SUITED = tuple(f"P{v}{s}" for s in SUITS for v in VALUES)
JOKERS = tuple(f"J{v}" for v in VALUES)
ZERO = "Z"
VOLER, RECUP, ECHANGE, X2 = "Voler", "Recup", "Echange", "X2"
ACTIONS = (VOLER, RECUP, ECHANGE, X2)
ALL_CARDS: tuple[str, ...] = SYMBOLS + SUITED + JOKERS + (ZERO,) + ACTIONS
SYMBOL_SET, SUITED_SET, JOKER_SET = frozenset(SYMBOLS), frozenset(SUITED), frozenset(JOKERS)
"""The same kinds as sets: the engine and the searching bots ask which kind a card is millions of
times a move."""

POINTS: dict[str, int] = {**{f"P{v}{s}": v for s in SUITS for v in VALUES}, **{f"J{v}": v for v in VALUES}}
"""Points of every point card (suited and jokers)."""
SUIT_OF: dict[str, str] = {**{f"S{s}": s for s in SUITS}, **{f"P{v}{s}": s for s in SUITS for v in VALUES}}
"""The suit of every symbol and suited point card."""


def describe(card: str) -> str:
    """A card in words, for messages to players ("the 50 of clubs", "the heart symbol")."""
    if card in SYMBOLS:
        return f"the {SUIT_NAMES[card[1]]} symbol"
    if card in SUITED:
        return f"the {POINTS[card]} of {SUIT_NAMES[SUIT_OF[card]]}s"
    if card in JOKERS:
        return f"the joker {POINTS[card]}"
    names = {ZERO: "a zero card", X2: "a ×2", VOLER: "Voler", RECUP: "Récupérer", ECHANGE: "Échanger"}
    return names[card]


DECK_FIELD = "deck"


def _refused(key: str, message: str, **params: Any) -> OptionError:
    return OptionError(DECK_FIELD, key, params, message)


def normalise_deck(pairs: Iterable[Any]) -> tuple[tuple[str, int], ...]:
    """Check a deck given as ``(card, count)`` pairs; return it in canonical order without zeros.

    Raises ``OptionError`` (of the option ``deck``) naming the problem: an entry that is not a pair,
    an unknown card, a card named twice, a count that is not a whole number or is negative, no
    symbol card, no point card.
    """
    counts: dict[str, int] = {}
    for pair in pairs:
        if not isinstance(pair, (tuple, list)) or len(pair) != 2:
            raise _refused("deck_pair", f"a deck entry must be a (card, count) pair, not {pair!r}", value=repr(pair))
        card, count = pair
        if card not in ALL_CARDS:
            raise _refused("unknown_card", f"the deck names {card!r}, which is not a LaGagne card", card=str(card))
        if card in counts:
            raise _refused("deck_twice", f"the deck names {card} twice", card=card)
        if isinstance(count, bool) or not isinstance(count, int):
            raise _refused("deck_count", f"the count of {card} must be a whole number, not {count!r}", card=card)
        if count < 0:
            raise _refused("deck_count", f"the count of {card} cannot be negative ({count})", card=card)
        counts[card] = count
    deck = tuple((card, counts[card]) for card in ALL_CARDS if counts.get(card, 0) > 0)
    if not any(card in SYMBOLS for card, _ in deck):
        raise _refused("no_symbol", "the deck has no symbol card, so no column could ever be opened")
    if not any(card in POINTS for card, _ in deck):
        raise _refused("no_points", "the deck has no point card, so nobody could ever score")
    return deck


def parse_deck_text(text: str) -> tuple[tuple[str, int], ...]:
    """Read a deck file (TOML lines ``Card = count``) into checked ``(card, count)`` pairs."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise _refused("deck_unreadable",
                       f"the deck file is not readable ({exc}); write one 'Card = count' per line") from None
    for key, value in data.items():
        if isinstance(value, dict):
            raise _refused("deck_unreadable",
                           f"the deck file has a section [{key}]; write only 'Card = count' lines")
    return normalise_deck(data.items())


def deck_size(deck: tuple[tuple[str, int], ...]) -> int:
    """How many cards a deck holds."""
    return sum(count for _, count in deck)


def deck_cards(deck: tuple[tuple[str, int], ...]) -> list[str]:
    """Every card of a deck, in canonical order."""
    return [card for card, count in deck for _ in range(count)]


DECK_TEXT = """\
# The LaGagne deck: how many of each card the box holds (82 cards, for 2 to 6 players).
# The printed rules do not list the deck, so these numbers are the project's choice; edit them
# to match your own box. A card left out (or set to 0) is not in the deck.
#
# Card names: Sh Ss Sc Sd = heart, spade, club, diamond symbol cards;
# P5h .. P50d = suited point cards (5, 10, 20, 50 of h s c d); J5 .. J50 = joker point cards;
# Z = zero card; Voler, Recup, Echange, X2 = action cards.

# Symbol cards: 3 per suit
Sh = 3
Ss = 3
Sc = 3
Sd = 3

# Suited point cards, per suit: 4 x 5, 3 x 10, 2 x 20, 1 x 50
P5h = 4
P10h = 3
P20h = 2
P50h = 1
P5s = 4
P10s = 3
P20s = 2
P50s = 1
P5c = 4
P10c = 3
P20c = 2
P50c = 1
P5d = 4
P10d = 3
P20d = 2
P50d = 1

# Joker point cards ("tous symboles")
J5 = 2
J10 = 2
J20 = 1
J50 = 1

# Zero cards
Z = 6

# Action cards
Voler = 6
Recup = 4
Echange = 4
X2 = 4
"""
"""The deck of the rules page (82 cards) in the deck-file format a player's own box uses."""

DEFAULT_DECK: tuple[tuple[str, int], ...] = parse_deck_text(DECK_TEXT)
"""The deck of the rules page, as ``(card, count)`` pairs."""

COMPACT_DECK_TEXT = """\
# The compact LaGagne deck (54 cards, for 2 to 4 players): shorter games, the same mix of cards.
Sh = 2
Ss = 2
Sc = 2
Sd = 2
P5h = 3
P10h = 2
P20h = 1
P50h = 1
P5s = 3
P10s = 2
P20s = 1
P50s = 1
P5c = 3
P10c = 2
P20c = 1
P50c = 1
P5d = 3
P10d = 2
P20d = 1
P50d = 1
J5 = 1
J10 = 1
J20 = 1
J50 = 1
Z = 3
Voler = 4
Recup = 3
Echange = 2
X2 = 2
"""
"""A smaller deck for two to four players (see the rules page's section on the deck)."""

COMPACT_DECK: tuple[tuple[str, int], ...] = parse_deck_text(COMPACT_DECK_TEXT)
"""The compact deck, as ``(card, count)`` pairs."""

PRESETS: dict[str, tuple[tuple[str, int], ...]] = {"default": DEFAULT_DECK, "compact": COMPACT_DECK}
"""The ready-made decks a player may start from, by name."""

_GROUPS = (
    ("Symbol cards", SYMBOLS),
    ("Suited point cards", SUITED),
    ('Joker point cards ("tous symboles")', JOKERS),
    ("Zero cards", (ZERO,)),
    ("Action cards", ACTIONS),
)


def deck_counts(deck: tuple[tuple[str, int], ...]) -> dict[str, int]:
    """How many of every LaGagne card a deck holds (0 for a card left out), in canonical order."""
    held = dict(deck)
    return {card: held.get(card, 0) for card in ALL_CARDS}


def deck_text(deck: tuple[tuple[str, int], ...]) -> str:
    """A deck as a deck file that ``parse_deck_text`` reads back, every card named (0: left out)."""
    counts = deck_counts(normalise_deck(deck))
    lines = [
        f"# A LaGagne deck ({deck_size(deck)} cards), one 'Card = count' line per card; 0 leaves a card out.",
        "# Card names: see the rules page (Sh = heart symbol, P20c = 20 of clubs, J50 = joker 50, Z = zero).",
    ]
    for title, cards in _GROUPS:
        lines += ["", f"# {title}"] + [f"{card} = {counts[card]}" for card in cards]
    return "\n".join(lines) + "\n"
