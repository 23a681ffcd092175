"""Rule options of Gang de mouettes: defaults are the rules page, every house-rule number is here."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Literal

CallTiming = Literal["after_turn", "start_of_turn"]
AFTER_TURN: CallTiming = "after_turn"
START_OF_TURN: CallTiming = "start_of_turn"

SnapSuccesses = Literal["one", "several"]
ONE: SnapSuccesses = "one"
SEVERAL: SnapSuccesses = "several"

PiqueGives = Literal["choose", "last"]
CHOOSE: PiqueGives = "choose"
LAST: PiqueGives = "last"

WINDOW_PRESETS = (3.0, 5.0, 10.0)
"""The quick-discard window lengths the setup form offers (the designer's 3, 5 and 10 seconds)."""

_CHOICES: dict[str, tuple[str, ...]] = {
    "call_timing": (AFTER_TURN, START_OF_TURN),
    "snap_successes": (ONE, SEVERAL),
    "pique_gives": (CHOOSE, LAST),
}


@dataclass(frozen=True)
class Options:
    """The rules a table plays by (``docs/rules/gang-de-mouettes.md``; defaults = that page).

    - ``match_end``: the match ends after the round in which some total reaches this.
    - ``caller_penalty``: added to the caller's cards when the caller is not the lowest.
    - ``tie_counts_as_lowest``: a caller tied for the lowest score still scores 0.
    - ``caller_plays_last``: after a call every other seat plays once more, then the caller.
    - ``call_timing``: when « Gang de mouettes ! » may be called. ``"after_turn"`` (printed): once
      the caller's turn is played, in phase ``end_turn``. ``"start_of_turn"`` (the designer's
      reading): at the start of the caller's own turn, instead of drawing or taking; that turn is
      then skipped (nothing drawn, nothing discarded) and the last round starts. The last round is
      the same under both timings (see ``caller_plays_last``).
    - ``quick_discards``: quick discards (rase-mottes) are played at all.
    - ``pique_allowed``: with 3+ players, a quick discard may take an opponent's card (piqué).
    - ``snap_successes``: how many quick discards a window lets through. ``"one"`` (printed): the
      first matching card wins and the window closes; the others take their card back (their
      snaps are never played). ``"several"`` (the designer's reading): every matching card thrown
      in time goes to the discard; the window stays open, its clock running on, for the seats that
      have not tried yet (each seat still tries once per window; after a give chosen in phase
      ``give`` the window opens again).
    - ``pique_gives``: which card the thief of a successful piqué gives to the victim.
      ``"choose"`` (printed): any of their cards, chosen in phase ``give``. ``"last"`` (the
      designer's reading): their last card, that is the card in their highest-numbered occupied
      slot (slot ``len - 1``: slots have no gaps, a penalty or given card is added at the end);
      it goes at once, with no ``give`` move.
    - ``missed_snap_public``: a missed quick discard was shown face up, so everyone knows it.
    - ``drop_card_window``: the card thrown by the 20's power opens its own quick-discard window
      before the 20 is discarded on top of it (otherwise both go down, the 20 on top, one window).
    - ``peek_slots``: how many of the first slots each seat looks at after the deal.
    - ``first_dealer``: the first dealer's seat, or ``None`` for a seeded random choice (with a
      stacked deck and no ``first_dealer``, the last seat deals, so that a full stacked deck
      deals the same cards to the same seats whatever the seed).
    - ``snap_window_seconds``, ``end_turn_grace_seconds``: for the table only (the engine never
      reads a clock): how long a quick-discard window stays open, and how long the table waits
      before it sends ``done`` for a human who did not call. Any positive number of seconds is
      played; the setup form offers the window lengths of ``WINDOW_PRESETS`` (the field's
      ``choices`` metadata).
    """

    match_end: int = 100
    caller_penalty: int = 10
    tie_counts_as_lowest: bool = True
    caller_plays_last: bool = True
    call_timing: CallTiming = AFTER_TURN
    quick_discards: bool = True
    pique_allowed: bool = True
    snap_successes: SnapSuccesses = ONE
    pique_gives: PiqueGives = CHOOSE
    missed_snap_public: bool = True
    drop_card_window: bool = True
    peek_slots: int = 2
    first_dealer: int | None = None
    snap_window_seconds: float = field(default=3.0, metadata={"choices": WINDOW_PRESETS})
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
        for name, allowed in _CHOICES.items():
            value = getattr(self, name)
            if value not in allowed:
                raise ValueError(f"{name} must be one of {', '.join(map(repr, allowed))}, not {value!r}")
        for name in ("snap_window_seconds", "end_turn_grace_seconds"):
            seconds = getattr(self, name)
            if not 0 < seconds < math.inf:  # also refuses NaN, which compares false with everything
                raise ValueError(f"{name} must be a positive number of seconds, not {seconds}")


def quick_options() -> Options:
    """A short match, for tests and demos."""
    return Options(match_end=30)
