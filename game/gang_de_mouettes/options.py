"""Rule options of Gang de mouettes: defaults are the rules page, every house-rule number is here."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from game.core.options import Options as OptionsBase
from game.core.options import choice, flag, number, seat, whole

CallTiming = Literal["after_turn", "start_of_turn"]
AFTER_TURN: CallTiming = "after_turn"
START_OF_TURN: CallTiming = "start_of_turn"

SnapSuccesses = Literal["one", "several"]
ONE: SnapSuccesses = "one"
SEVERAL: SnapSuccesses = "several"

PiqueGives = Literal["choose", "last"]
CHOOSE: PiqueGives = "choose"
LAST: PiqueGives = "last"

EmptyHand = Literal["calls", "ends_round"]
CALLS: EmptyHand = "calls"
ENDS_ROUND: EmptyHand = "ends_round"

WINDOW_PRESETS = (3.0, 5.0, 10.0)
"""The quick-discard window lengths the setup form offers (the designer's 3, 5 and 10 seconds)."""



@dataclass(frozen=True)
class Options(OptionsBase):
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
    - ``empty_hand``: what happens when a seat's turn comes while it holds no card and nobody has
      called (the printed rules are silent; without this a round in which every seat has thrown
      everything and nobody calls would never end). ``"calls"`` (the common reading of the
      *Cabo*/*Tamalou* family, default): that seat calls « Gang de mouettes ! » at once, its turn
      skipped, and the last round is played as after any call. ``"ends_round"``: the round ends at
      once, with no caller, every seat scoring its cards.
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
      played, up to a minute for a window and ten for the grace; the setup form offers the window
      lengths of ``WINDOW_PRESETS`` (the field's presets).

    Every field declares what it accepts (``game.core.options``); the largest numbers are far
    beyond any table's wish and only keep a mistyped value from making an endless match.
    """

    match_end: int = whole(100, low=1, high=9999)
    caller_penalty: int = whole(10, low=0, high=999)
    tie_counts_as_lowest: bool = flag(True)
    caller_plays_last: bool = flag(True)
    call_timing: CallTiming = choice(AFTER_TURN, (AFTER_TURN, START_OF_TURN))
    empty_hand: EmptyHand = choice(CALLS, (CALLS, ENDS_ROUND))
    quick_discards: bool = flag(True)
    pique_allowed: bool = flag(True)
    snap_successes: SnapSuccesses = choice(ONE, (ONE, SEVERAL))
    pique_gives: PiqueGives = choice(CHOOSE, (CHOOSE, LAST))
    missed_snap_public: bool = flag(True)
    drop_card_window: bool = flag(True)
    peek_slots: int = whole(2, low=0, high=4)
    first_dealer: int | None = seat(None, high=7)
    snap_window_seconds: float = number(3.0, low=0, low_open=True, high=60, presets=WINDOW_PRESETS)
    end_turn_grace_seconds: float = number(8.0, low=0, low_open=True, high=600)


def quick_options() -> Options:
    """A short match, for tests and demos."""
    return Options(match_end=30)
