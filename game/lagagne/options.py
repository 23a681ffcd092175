"""LaGagne rule options: the defaults are the rules page; every house choice is one field."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.core.options import OptionError, custom, flag, seat, shown, whole
from game.core.options import Options as OptionsBase
from game.lagagne.cards import DEFAULT_DECK, PRESETS, deck_size, normalise_deck, parse_deck_text


def _check_deck(name: str, value: Any) -> tuple[tuple[str, int], ...]:
    """A deck of ``(card, count)`` pairs in canonical order (lists read back from JSON are
    accepted); a deck file's text is refused (read it with ``Options.with_deck_text``)."""
    if isinstance(value, str) or not isinstance(value, (tuple, list)):
        raise OptionError(name, "deck_text", {},
                          "deck must be (card, count) pairs; read a deck file with Options.with_deck_text")
    return normalise_deck(value)


def _read_deck(name: str, text: str) -> tuple[tuple[str, int], ...] | None:
    """A deck named on the command line: one of ``cards.PRESETS`` (``default`` is the rules page's)."""
    if text == "default":
        return None
    if text not in PRESETS:
        raise OptionError(name, "deck_preset", {"value": text, "choices": tuple(PRESETS)},
                          f"{name} must be the name of a ready-made deck ({', '.join(PRESETS)}), not {shown(text)}")
    return PRESETS[text]


@dataclass(frozen=True)
class Options(OptionsBase):
    """The rules of one LaGagne game.

    ``deck`` is ``None`` for the deck of the rules page (``cards.DECK_TEXT``) or the ``(card, count)``
    pairs of a player's own deck (see ``Options.with_deck_text``); lists read back from JSON are
    accepted. ``symbol_steal_any_time``: a symbol card may be stolen whenever the thief could lay
    it (True), or only by a player with no open column (False). ``x2_needs_open_column``: a ×2 goes
    only on an open column (True), or also on a closed column that still holds cards (False).
    ``mulligan_any_time``: the mulligan is for a player who cannot get started, with no open column
    and no symbol card in hand (False, the rules page's reading), or for anyone at the start of a
    turn (True).

    Every field declares what it accepts (``game.core.options``); the largest numbers are far beyond
    any table's wish and only keep a mistyped value from making an endless game. On the command line
    the deck is named: ``default`` or ``compact`` (``cards.PRESETS``).
    """

    target: int = whole(150, low=1, high=9999)
    hand_size: int = whole(5, low=1, high=40)
    mulligans_per_game: int = whole(1, low=0, high=99)
    max_rounds: int = whole(200, low=1, high=9999)
    deck: tuple[tuple[str, int], ...] | None = custom(None, check=_check_deck, parse=_read_deck)
    first_dealer: int | None = seat(None, high=5)
    symbol_steal_any_time: bool = flag(True)
    x2_needs_open_column: bool = flag(True)
    mulligan_any_time: bool = flag(False)

    def _check_together(self) -> None:
        size = deck_size(self.cards)
        if size < 2 * self.hand_size:
            raise OptionError("hand_size", "deck_too_small", {"size": size, "hand": self.hand_size, "players": 2},
                              f"the deck holds {size} cards, too few to deal {self.hand_size} to two players")

    def check_table(self, players: int) -> None:
        super().check_table(players)
        size = deck_size(self.cards)
        if size < players * self.hand_size:
            raise OptionError("hand_size", "deck_too_small", {"size": size, "hand": self.hand_size, "players": players},
                              f"the deck holds {size} cards, too few to deal {self.hand_size} to each of {players} "
                              "players")

    @property
    def cards(self) -> tuple[tuple[str, int], ...]:
        """The deck in use: the player's own or the default one."""
        return DEFAULT_DECK if self.deck is None else self.deck

    @classmethod
    def with_deck_text(cls, text: str, **others: object) -> Options:
        """Options playing with the deck file ``text`` (``ValueError`` naming what is wrong)."""
        return cls(deck=parse_deck_text(text), **others)  # type: ignore[arg-type]
