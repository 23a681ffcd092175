"""Moves: small immutable values with a canonical text form that round-trips.

A move is an action text from the game's notation (``draw``, ``discard Kh``, ``snap 3.1``) and
the seat that plays it. ``str(move)`` writes ``"<seat>: <action>"`` (or the bare action when the
seat is left open) and the game's ``parse_move`` reads either form back:

>>> m = Move("discard Kh", seat=1)
>>> str(m)
'1: discard Kh'
>>> split_seat(str(m))
(1, 'discard Kh')
>>> split_seat("  draw ")
(None, 'draw')

A move without a seat is played by whichever seat may legally play it now; the engine refuses it
when that is ambiguous.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

_SEAT_PREFIX = re.compile(r"^\s*(\d+)\s*:\s+(.*)$", re.S)


@dataclass(frozen=True, slots=True)
class Move:
    """One action of one seat. Hashable, comparable, and printable in canonical notation."""

    action: str
    seat: int | None = None

    def __str__(self) -> str:
        return self.action if self.seat is None else f"{self.seat}: {self.action}"

    @property
    def name(self) -> str:
        """The first word of the action (``discard`` for ``discard Kh``)."""
        return self.action.split(" ", 1)[0]

    @property
    def args(self) -> tuple[str, ...]:
        """The words after the name (``("Kh",)`` for ``discard Kh``)."""
        return tuple(self.action.split(" ")[1:])

    def with_seat(self, seat: int | None) -> Move:
        """The same action played by ``seat``."""
        return Move(self.action, seat)


def listed(move: Move, moves: Sequence[Move]) -> bool:
    """Whether ``move`` is one of ``moves``: by identity first, then by value (a move read from
    text). Engines list shared moves and callers play back the very ones listed; comparing two
    dataclasses runs Python code, so a scan by identity costs about a tenth of ``move in moves``."""
    for m in moves:
        if m is move:
            return True
    return move in moves


def split_seat(text: str) -> tuple[int | None, str]:
    """Split an optional ``"<seat>: "`` prefix from a move text; strip surrounding spaces."""
    if not isinstance(text, str):
        raise ValueError(f"a move must be text, not {type(text).__name__}")
    m = _SEAT_PREFIX.match(text)
    if m:
        return int(m.group(1)), m.group(2).strip()
    return None, text.strip()


ArgParser = Callable[[str], str]
"""Checks one word of a move and returns its canonical spelling, or raises ``ValueError``."""

REST = object()
"""Marks, as the last item of a signature, that any number of further words of that kind follow."""


def parse_with_grammar(
    text: str, grammar: Mapping[str, Sequence[Sequence[object]]], game_title: str
) -> Move:
    """Parse ``text`` against a table of move names and their allowed argument signatures.

    Each signature is a sequence of ``ArgParser``; a signature may end with ``REST, parser`` to
    accept any number of further words checked by ``parser``. Raises ``ValueError`` naming what
    was expected.
    """
    seat, action = split_seat(text)
    words = action.split()
    if not words:
        raise ValueError(f"empty move; expected one of: {', '.join(sorted(grammar))}")
    name, args = words[0], words[1:]
    if name not in grammar:
        raise ValueError(
            f"unknown {game_title} move {name!r}; expected one of: {', '.join(sorted(grammar))}"
        )
    errors: list[str] = []
    for signature in grammar[name]:
        fixed, rest = _split_signature(signature)
        if len(args) < len(fixed) or (rest is None and len(args) != len(fixed)):
            errors.append(_describe(name, signature))
            continue
        try:
            canon = [parse(word) for parse, word in zip(fixed, args)]
            if rest is not None:
                canon += [rest(word) for word in args[len(fixed):]]
        except ValueError as exc:
            errors.append(str(exc))
            continue
        return Move(" ".join([name, *canon]), seat)
    raise ValueError(f"bad {game_title} move {action!r}: " + "; ".join(dict.fromkeys(errors)))


def _split_signature(signature: Sequence[object]) -> tuple[list[ArgParser], ArgParser | None]:
    items = list(signature)
    if len(items) >= 2 and items[-2] is REST:
        return items[:-2], items[-1]  # type: ignore[return-value]
    return items, None  # type: ignore[return-value]


def _describe(name: str, signature: Sequence[object]) -> str:
    fixed, rest = _split_signature(signature)
    words = [name] + [getattr(p, "__doc__", None) or "<arg>" for p in fixed]
    if rest is not None:
        words.append(f"[{getattr(rest, '__doc__', None) or '<arg>'} ...]")
    return "expected " + " ".join(w.strip() for w in words)
