"""Gin Rummy rule options (defaults = the project's rules page, ``docs/rules/gin-rummy.md``)."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.options import OptionError, Options, flag, seat, whole

MATCH_PRESETS = (100, 500, 1000)
"""The match lengths the setup form offers: one game, a short match, the classic match (any other
target is still accepted, e.g. from the command line or a deal code)."""


@dataclass(frozen=True)
class GinOptions(Options):
    """Every house-rule number of Gin Rummy.

    ``match_target`` at or below ``game_target`` makes the match a single game. With
    ``oklahoma`` the knock limit of a hand is the value of its first upcard instead of
    ``knock_limit``. ``petit_grand_gin`` turns on the petit gin (``gin Kh``, ``gin_bonus``) /
    grand gin (``gin`` without discard, ``big_gin_bonus``) variant. A hand is void, like the wall,
    after ``void_after_takes`` consecutive draws from the discard pile (0: never), so that three
    cards cycling between the players cannot make it last for ever.

    Every field declares what it accepts (``game.core.options``): the largest numbers are far beyond
    any table's wish and only keep a mistyped value from making an endless match.

    House rules, off by default:

    - ``oklahoma_sub_rules`` (only with ``oklahoma``): an ace as the first upcard allows gin only
      (the knock limit of the hand is 0); a spade as the first upcard doubles the hand's score:
      everything the winner of the hand scores for it (the difference and the gin, grand gin or
      undercut bonus) is doubled. The game's own bonuses (game, shutout, box) are not: a hand won
      under a spade still counts as one hand for the box bonus.
    - ``wall_variant``: when a discard leaves two cards in the stock, the other player may still
      take that discard, but only to knock or go gin with it in the same turn; they either take it
      (offered only when some knock or gin then exists) or ``pass``, and the hand is void as at the
      wall. Nobody draws from the last two cards.
    - ``hollywood``: three games to ``game_target`` are scored at once. A player who wins a hand
      scores its points in every unfinished game they have already entered (scored a hand in) and
      in the first unfinished game they have not entered yet: the first hand a player wins goes
      to game 1, the second to games 1 and 2, the third and later ones to all three; a player shut
      out of a game that has ended enters the next unfinished game with their next win. Each game
      ends as usual when a player reaches ``game_target`` in it, with its own game bonus, its own
      shutout (the loser scored no hand in that game) and its own box bonus (per hand scored in
      that game). The match ends when all three games have ended; its totals are the sums of the
      three game totals, and ``match_target`` is not used. The dealer alternates every hand
      throughout (a void hand is dealt again by the same dealer), whichever games end.
    """

    knock_limit: int = whole(10, low=0, high=99)
    oklahoma: bool = flag(False)
    forbid_discard_taken: bool = flag(True)
    petit_grand_gin: bool = flag(False)
    game_target: int = whole(100, low=1, high=9999)
    match_target: int = whole(1000, low=1, high=99999, presets=MATCH_PRESETS)
    game_bonus: int = whole(100, low=0, high=9999)
    box_bonus: int = whole(25, low=0, high=999)
    gin_bonus: int = whole(25, low=0, high=999)
    undercut_bonus: int = whole(25, low=0, high=999)
    big_gin_bonus: int = whole(50, low=0, high=999)
    shutout_doubles: bool = flag(True)
    void_after_takes: int = whole(30, low=0, high=999)
    oklahoma_sub_rules: bool = flag(False)
    wall_variant: bool = flag(False)
    hollywood: bool = flag(False)
    first_dealer: int | None = seat(None, high=1)

    def _check_together(self) -> None:
        if self.oklahoma_sub_rules and not self.oklahoma:
            raise OptionError("oklahoma_sub_rules", "needs", {"other": "oklahoma"})


def quick_options() -> GinOptions:
    """A short match for tests and demos: one game to 25 points."""
    return GinOptions(game_target=25, match_target=25)
