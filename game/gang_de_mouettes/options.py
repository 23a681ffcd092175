"""Rule options of Gang de mouettes: defaults are the rules page, every house-rule number is here."""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class Options:
    """The rules a table plays by (``shared/rules/gang-de-mouettes.md``; defaults = that page).

    - ``match_end``: the match ends after the round in which some total reaches this.
    - ``caller_penalty``: added to the caller's cards when the caller is not the lowest.
    - ``tie_counts_as_lowest``: a caller tied for the lowest score still scores 0.
    - ``caller_plays_last``: after a call every other seat plays once more, then the caller.
    - ``quick_discards``: quick discards (rase-mottes) are played at all.
    - ``pique_allowed``: with 3+ players, a quick discard may take an opponent's card (piqué).
    - ``missed_snap_public``: a missed quick discard was shown face up, so everyone knows it.
    - ``drop_card_window``: the card thrown by the 20's power opens its own quick-discard window
      before the 20 is discarded on top of it (otherwise both go down, the 20 on top, one window).
    - ``peek_slots``: how many of the first slots each seat looks at after the deal.
    - ``first_dealer``: the first dealer's seat, or ``None`` for a seeded random choice (with a
      stacked deck and no ``first_dealer``, the last seat deals, so that a full stacked deck
      deals the same cards to the same seats whatever the seed).
    - ``snap_window_seconds``, ``end_turn_grace_seconds``: for the table only (the engine never
      reads a clock): how long a quick-discard window stays open, and how long the table waits
      before it sends ``done`` for a human who did not call.
    """

    match_end: int = 100
    caller_penalty: int = 10
    tie_counts_as_lowest: bool = True
    caller_plays_last: bool = True
    quick_discards: bool = True
    pique_allowed: bool = True
    missed_snap_public: bool = True
    drop_card_window: bool = True
    peek_slots: int = 2
    first_dealer: int | None = None
    snap_window_seconds: float = 3.0
    end_turn_grace_seconds: float = 8.0

    def __post_init__(self) -> None:
        if self.match_end < 1:
            raise ValueError(f"match_end must be at least 1, not {self.match_end}")
        if self.caller_penalty < 0:
            raise ValueError(f"caller_penalty cannot be negative ({self.caller_penalty})")
        if not 0 <= self.peek_slots <= 4:
            raise ValueError(f"peek_slots must be 0 to 4, not {self.peek_slots}")
        if self.first_dealer is not None and not 0 <= self.first_dealer < 8:
            raise ValueError(f"first_dealer must be a seat number 0 to 7, not {self.first_dealer}")
        for name in ("snap_window_seconds", "end_turn_grace_seconds"):
            seconds = getattr(self, name)
            if not 0 < seconds < math.inf:  # also refuses NaN, which compares false with everything
                raise ValueError(f"{name} must be a positive number of seconds, not {seconds}")


def quick_options() -> Options:
    """A short match, for tests and demos."""
    return Options(match_end=30)
