"""Gin Rummy rule options (defaults = the project's rules page, ``docs/rules/gin-rummy.md``)."""

from __future__ import annotations

from dataclasses import dataclass, fields


@dataclass(frozen=True)
class GinOptions:
    """Every house-rule number of Gin Rummy.

    ``match_target`` at or below ``game_target`` makes the match a single game. With
    ``oklahoma`` the knock limit of a hand is the value of its first upcard instead of
    ``knock_limit``. ``petit_grand_gin`` turns on the petit gin (``gin Kh``, ``gin_bonus``) /
    grand gin (``gin`` without discard, ``big_gin_bonus``) variant. A hand is void, like the wall,
    after ``void_after_takes`` consecutive draws from the discard pile (0: never), so that three
    cards cycling between the players cannot make it last for ever.

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

    knock_limit: int = 10
    oklahoma: bool = False
    forbid_discard_taken: bool = True
    petit_grand_gin: bool = False
    game_target: int = 100
    match_target: int = 1000
    game_bonus: int = 100
    box_bonus: int = 25
    gin_bonus: int = 25
    undercut_bonus: int = 25
    big_gin_bonus: int = 50
    shutout_doubles: bool = True
    void_after_takes: int = 30
    oklahoma_sub_rules: bool = False
    wall_variant: bool = False
    hollywood: bool = False
    first_dealer: int | None = None

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "first_dealer":
                if value is not None and (type(value) is not int or value not in (0, 1)):
                    raise ValueError(f"first_dealer must be 0, 1 or None (random), not {value!r}")
            elif f.type in ("bool", bool):
                if type(value) is not bool:
                    raise ValueError(f"{f.name} must be true or false, not {value!r}")
            elif type(value) is not int:
                raise ValueError(f"{f.name} must be a whole number, not {value!r}")
        if not 0 <= self.knock_limit <= 99:
            raise ValueError(f"knock_limit must be between 0 and 99, not {self.knock_limit}")
        if self.game_target < 1:
            raise ValueError(f"game_target must be at least 1, not {self.game_target}")
        if self.match_target < 1:
            raise ValueError(f"match_target must be at least 1, not {self.match_target}")
        if self.void_after_takes < 0:
            raise ValueError(f"void_after_takes cannot be negative ({self.void_after_takes})")
        if self.oklahoma_sub_rules and not self.oklahoma:
            raise ValueError("oklahoma_sub_rules needs oklahoma to be on")
        for name in ("game_bonus", "box_bonus", "gin_bonus", "undercut_bonus", "big_gin_bonus"):
            if getattr(self, name) < 0:
                raise ValueError(f"{name} cannot be negative ({getattr(self, name)})")


def quick_options() -> GinOptions:
    """A short match for tests and demos: one game to 25 points."""
    return GinOptions(game_target=25, match_target=25)
