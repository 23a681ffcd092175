"""LaGagne rule options: the defaults are the rules page; every house choice is one field."""

from __future__ import annotations

from dataclasses import dataclass

from game.lagagne.cards import DEFAULT_DECK, deck_size, normalise_deck, parse_deck_text


@dataclass(frozen=True)
class Options:
    """The rules of one LaGagne game.

    ``deck`` is ``None`` for the deck of the rules page (``cards.DECK_TEXT``) or the ``(card, count)``
    pairs of a player's own deck (see ``Options.with_deck_text``); lists read back from JSON are
    accepted. ``symbol_steal_any_time``: a symbol card may be stolen whenever the thief could lay
    it (True), or only by a player with no open column (False). ``x2_needs_open_column``: a ×2 goes
    only on an open column (True), or also on a closed column that still holds cards (False).
    ``mulligan_any_time``: the mulligan is for a player who cannot get started, with no open column
    and no symbol card in hand (False, the rules page's reading), or for anyone at the start of a
    turn (True).
    """

    target: int = 150
    hand_size: int = 5
    mulligans_per_game: int = 1
    max_rounds: int = 200
    deck: tuple[tuple[str, int], ...] | None = None
    first_dealer: int | None = None
    symbol_steal_any_time: bool = True
    x2_needs_open_column: bool = True
    mulligan_any_time: bool = False

    def __post_init__(self) -> None:
        for name, low in (("target", 1), ("hand_size", 1), ("mulligans_per_game", 0), ("max_rounds", 1)):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"{name} must be a whole number, not {value!r}")
            if value < low:
                raise ValueError(f"{name} must be at least {low}, not {value}")
        dealer = self.first_dealer
        if dealer is not None and (isinstance(dealer, bool) or not isinstance(dealer, int) or dealer < 0):
            raise ValueError(f"first_dealer must be a seat number or None, not {self.first_dealer!r}")
        for name in ("symbol_steal_any_time", "x2_needs_open_column", "mulligan_any_time"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name} must be true or false, not {getattr(self, name)!r}")
        if self.deck is not None:
            if isinstance(self.deck, str):
                raise ValueError(
                    "deck must be (card, count) pairs; read a deck file with Options.with_deck_text"
                )
            object.__setattr__(self, "deck", normalise_deck(self.deck))
        size = deck_size(self.cards)
        if size < 2 * self.hand_size:
            raise ValueError(f"the deck holds {size} cards, too few to deal {self.hand_size} to two players")

    @property
    def cards(self) -> tuple[tuple[str, int], ...]:
        """The deck in use: the player's own or the default one."""
        return DEFAULT_DECK if self.deck is None else self.deck

    @classmethod
    def with_deck_text(cls, text: str, **others: object) -> Options:
        """Options playing with the deck file ``text`` (``ValueError`` naming what is wrong)."""
        return cls(deck=parse_deck_text(text), **others)  # type: ignore[arg-type]
