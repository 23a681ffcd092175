"""Deal codes: a short text holding a game, its table size, its rule options and its seed.

A friend who pastes the code on the setup screen gets the same cards (the seed fixes every hand's
seed, see ``game.core.fairness``). Only options that differ from the defaults are written. The
last two characters are a check, so a code mistyped or cut short is refused rather than dealing
other cards.

>>> from game.gin_rummy.options import GinOptions
>>> code = encode("gin_rummy", 2, GinOptions(knock_limit=7), 12345)
>>> code
'gin-2-9ix-knock_limit=7-ih'
>>> decoded = decode(code)
>>> decoded.game_id, decoded.players, decoded.options.knock_limit, decoded.seed
('gin_rummy', 2, 7, 12345)
>>> decode("gin-2-9iy-knock_limit=7-ih")
Traceback (most recent call last):
...
game.core.dealcode.DealCodeError: this deal code is mistyped or incomplete (its check characters do not match)
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from typing import Any

from game.core.matchfile import json_tuples
from game.core.registry import GAMES
from game.core.state import options_from_json

SHORT_NAMES = {"gin_rummy": "gin", "gang_de_mouettes": "gang", "lagagne": "lagagne"}
"""The word each game is written with in a code (a game not listed is written by its id)."""
_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"


class DealCodeError(ValueError):
    """A code that cannot be used: ``key`` and ``params`` let the table say why in any language."""

    def __init__(self, key: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.key = key
        self.params = params


@dataclasses.dataclass(frozen=True)
class DealCode:
    """What a deal code holds."""

    game_id: str
    players: int
    options: Any
    seed: int


def _base36(n: int) -> str:
    out = ""
    while True:
        n, digit = divmod(n, 36)
        out = _DIGITS[digit] + out
        if n == 0:
            return out


def _escape(value: str) -> str:
    """Option values never hold a dash or a space: the code's separators."""
    return value.replace("%", "%25").replace("-", "%2d").replace(" ", "%20")


def _unescape(value: str) -> str:
    return value.replace("%20", " ").replace("%2d", "-").replace("%25", "%")


def _check(body: str) -> str:
    value = int.from_bytes(hashlib.sha256(body.encode()).digest()[:4], "big")
    return _DIGITS[value // 36 % 36] + _DIGITS[value % 36]


def encode(game_id: str, players: int, options: Any, seed: int) -> str:
    """The deal code of a match (see the module docstring)."""
    if seed < 0:
        raise ValueError(f"a seed is a whole number from 0, not {seed}")
    defaults = type(options)()
    changed = [
        f"{f.name}={_escape(json.dumps(getattr(options, f.name), separators=(',', ':'), ensure_ascii=False))}"
        for f in dataclasses.fields(options)
        if getattr(options, f.name) != getattr(defaults, f.name)
    ]
    body = "-".join([SHORT_NAMES.get(game_id, game_id), str(players), _base36(seed), *changed])
    return f"{body}-{_check(body)}"


def decode(text: str) -> DealCode:
    """The game, table size, options and seed of a code; ``ValueError`` says what is wrong.

    Spaces and line breaks are ignored (a code pasted from a message), and so is the case of the
    game and seed.
    """
    code = "".join(text.split()) if isinstance(text, str) else ""
    body, _, check = code.rpartition("-")
    parts = body.split("-")
    if len(parts) < 3 or len(check) != 2:
        raise DealCodeError("dealcode.not_a_code", "this is not a deal code (a code looks like gin-2-9ix-k9)")
    parts[0], parts[2] = parts[0].lower(), parts[2].lower()
    body = "-".join(parts)
    if _check(body) != check.lower():
        raise DealCodeError(
            "dealcode.mistyped", "this deal code is mistyped or incomplete (its check characters do not match)"
        )
    by_short = {SHORT_NAMES.get(g, g): g for g in GAMES}
    if parts[0] not in by_short:
        raise DealCodeError("dealcode.game", f"this deal code is for a game this Tablée does not know ({parts[0]!r})",
                            game=parts[0])
    desc = GAMES[by_short[parts[0]]]
    players, seed = parts[1], parts[2]
    if not players.isdigit() or not desc.min_players <= int(players) <= desc.max_players:
        raise DealCodeError("dealcode.players",
                            f"this deal code is for a table of {players} players, which this game does not have",
                            players=players)
    if not seed or any(c not in _DIGITS for c in seed) or len(seed) > 13:
        raise DealCodeError("dealcode.seed", "the seed in this deal code is damaged")
    values: dict[str, Any] = {}
    names = {f.name for f in dataclasses.fields(desc.Options)}
    for part in parts[3:]:
        name, sep, value = part.partition("=")
        if not sep or name not in names:
            raise DealCodeError("dealcode.option",
                                f"this deal code names a rule option this Tablée does not know ({name!r})", option=name)
        try:
            values[name] = json_tuples(json.loads(_unescape(value)))
        except ValueError:
            raise DealCodeError("dealcode.value", f"the value of the rule option {name!r} in this deal code is damaged",
                                option=name) from None
    try:
        options = options_from_json(desc.Options, values)
    except ValueError as exc:
        raise DealCodeError("dealcode.options", f"this deal code's rule options are not valid: {exc}",
                            reason=str(exc)) from None
    return DealCode(desc.id, int(players), options, int(seed, 36))
