"""The 58 seagull cards: values, counts, text form and powers."""

from __future__ import annotations

VALUES: tuple[int, ...] = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 15, 20)
COUNTS: dict[int, int] = {0: 2, 1: 4, 2: 4, 3: 4, 4: 4, 5: 4, 6: 4, 7: 4, 8: 8, 9: 8, 10: 8, 15: 2, 20: 2}
POWERS: dict[int, str] = {8: "look", 9: "spy", 10: "steal", 15: "scout", 20: "drop"}
"""The power of each card value: the move that uses it when the card was just drawn from the pile."""

_TEXT = {v: f"M{v}" for v in VALUES}
_VALUE = {t: v for v, t in _TEXT.items()}


def card_text(value: int) -> str:
    """``M`` + value: ``card_text(15) == "M15"``."""
    return _TEXT[value]


def card_value(text: str) -> int:
    """The value of a card text; ``ValueError`` for anything that is not a seagull card.

    >>> card_value("M15")
    15
    """
    try:
        return _VALUE[text]
    except (KeyError, TypeError):
        raise ValueError(f"{text!r} is not a Gang de mouettes card (M0 … M10, M15, M20)") from None


def full_values() -> list[int]:
    """Every card of the deck as a value, in a fixed order (58 cards)."""
    return [v for v in VALUES for _ in range(COUNTS[v])]
