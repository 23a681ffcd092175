"""Gin Rummy rule options (defaults = the project's rules page, ``shared/rules/gin-rummy.md``)."""

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
        for name in ("game_bonus", "box_bonus", "gin_bonus", "undercut_bonus", "big_gin_bonus"):
            if getattr(self, name) < 0:
                raise ValueError(f"{name} cannot be negative ({getattr(self, name)})")


def quick_options() -> GinOptions:
    """A short match for tests and demos: one game to 25 points."""
    return GinOptions(game_target=25, match_target=25)
