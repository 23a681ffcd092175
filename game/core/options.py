"""Rule options as a declared schema: each field of a game's ``Options`` says what it accepts.

A game's ``Options`` is a frozen dataclass whose fields are declared with :func:`flag`,
:func:`whole`, :func:`number`, :func:`seat`, :func:`choice` or :func:`custom`; each puts an
:class:`OptionSpec` in the field's metadata (as OpenSpiel's ``parameter_specification`` lists a
game's parameters with their defaults): its kind, its range or its choices, the presets a form
may offer, and what a blank (``None``) means. :class:`Options` (the base class) checks every field
against its spec when an ``Options`` is made, then the game's own rules between fields
(``_check_together``); :meth:`Options.check_table` checks what depends on the table size (a first
dealer beyond the last seat, a deck too small for the hands).

Every refusal is an :class:`OptionError` (a ``ValueError``, like ``IllegalMove``): the option at
fault, a key and its parameters, so that the setup form shows it in the player's language
(``setup.refusal.<key>``); its text is the English sentence, for logs and the command line.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Demo(Options):
...     target: int = whole(100, low=1, high=9999)
...     dealer: int | None = seat(None, high=3)
>>> Demo(target=0)
Traceback (most recent call last):
...
game.core.errors.OptionError: target must be between 1 and 9999, not 0
>>> parse_option_texts(Demo, ["target=250", "dealer="])
{'target': 250, 'dealer': None}
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from game.core.errors import ENGLISH, TEXT_LIMIT, OptionError, shown

__all__ = ["ENGLISH", "KEY", "OptionError", "OptionSpec", "Options", "choice", "custom", "flag", "number",
           "parse_option_texts", "plain_text", "refusals", "schema", "seat", "shown", "whole"]

KEY = "option"
"""The metadata key under which a field's :class:`OptionSpec` is kept."""
TRUE_WORDS = ("true", "yes", "on", "1")
FALSE_WORDS = ("false", "no", "off", "0")
RANDOM_WORDS = ("", "random")
"""What a blank may be typed as on the command line where blank means random."""
# ---------------------------------------------------------------------- declaring fields
@dataclass(frozen=True)
class OptionSpec:
    """What one option accepts.

    ``kind`` is ``"bool"``, ``"int"``, ``"float"``, ``"choice"`` or ``"custom"`` (a structured value
    such as a deck, checked by ``check``). ``low``/``high`` bound a number (None: unbounded on that
    side; ``low_open``: ``low`` itself is refused). ``choices`` are a choice's values; ``presets``
    the values a form offers for a number it takes at any value in range. ``blank`` is what
    ``None`` means (``"random"``: drawn from the seed; ``"default"``: the rules page's), or None
    when the option may not be blank. A ``seat`` is a seat number, also checked against the table.
    ``check`` turns a custom value into its canonical form or raises ``OptionError``; ``parse``
    reads one from text (the command line).
    """

    kind: str
    low: float | None = None
    high: float | None = None
    low_open: bool = False
    choices: tuple[Any, ...] = ()
    presets: tuple[Any, ...] = ()
    blank: str | None = None
    seat: bool = False
    check: Callable[[str, Any], Any] | None = None
    parse: Callable[[str, str], Any] | None = None

    def range_key(self) -> str:
        """The refusal key of a number outside this range."""
        if self.seat:
            return "seat_range"
        if self.low is not None and self.high is not None:
            return "more_than_at_most" if self.low_open else "between"
        if self.low is not None:
            return "more_than" if self.low_open else "at_least"
        return "at_most"

    def refuse(self, name: str, key: str, value: Any) -> OptionError:
        params: dict[str, Any] = {"value": value}
        if key in ("between", "at_least", "more_than", "more_than_at_most", "seat_range"):
            params["low"] = _plain(self.low)
        if key in ("between", "at_most", "more_than_at_most", "seat_range"):
            params["high"] = _plain(self.high)
        if key == "one_of":
            params["choices"] = self.choices
        return OptionError(name, key, params)

    def validate(self, name: str, value: Any) -> Any:
        """``value`` in its canonical form, or ``OptionError`` naming why it is refused."""
        if value is None:
            if self.blank is not None:
                return None
            if self.kind == "choice":
                raise self.refuse(name, "one_of", value)
        if self.kind == "bool":
            if type(value) is not bool:
                raise self.refuse(name, "bool", value)
            return value
        if self.kind == "choice":
            if not any(type(value) is type(c) and value == c for c in self.choices):
                raise self.refuse(name, "one_of", value)
            return value
        if self.kind == "custom":
            assert self.check is not None
            return self.check(name, value)
        if self.kind == "int":
            if type(value) is not int:
                raise self.refuse(name, "seat_range" if self.seat else "whole", value)
        elif isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            raise self.refuse(name, "number", value)
        if not self.in_range(value):
            raise self.refuse(name, self.range_key(), value)
        return value

    def refusal_of_text(self) -> str:
        """The refusal key of a text that is not a value of this kind at all."""
        if self.seat:
            return "seat_range"
        return {"bool": "bool", "choice": "one_of", "int": "whole", "float": "number"}.get(self.kind, "one_of")

    def in_range(self, value: float) -> bool:
        if self.low is not None and (value <= self.low if self.low_open else value < self.low):
            return False
        return self.high is None or value <= self.high

    def read(self, name: str, text: str) -> Any:
        """The value written as ``text`` (the command line, a form), or ``OptionError``."""
        text = text.strip()
        if len(text) > TEXT_LIMIT and self.kind != "custom":  # a custom value's parse quotes it itself
            if self.kind in ("int", "float") and text.lstrip("+-").isdigit():
                raise self.refuse(name, self.range_key(), text)  # far beyond any bound
            raise self.refuse(name, self.refusal_of_text(), text)
        if self.blank is not None and text.lower() in RANDOM_WORDS:
            return None
        if self.kind == "bool":
            word = text.lower()
            if word in TRUE_WORDS or word in FALSE_WORDS:
                return word in TRUE_WORDS
            raise self.refuse(name, "bool", text)
        if self.kind == "choice":
            match = [c for c in self.choices if plain_text(c) == text]
            if not match:
                raise self.refuse(name, "one_of", text)
            return match[0]
        if self.kind == "custom":
            if self.parse is None:
                raise self.refuse(name, "one_of", text)
            return self.parse(name, text)
        try:
            value: float = int(text) if self.kind == "int" else float(text.replace(",", "."))
        except ValueError:
            raise self.refuse(name, self.refusal_of_text(), text) from None
        if self.kind == "float" and not math.isfinite(value):
            raise self.refuse(name, "number", text)
        return self.validate(name, value)


def _plain(bound: float | None) -> float | int | None:
    """A bound as written: ``3`` rather than ``3.0``."""
    if isinstance(bound, float) and bound.is_integer():
        return int(bound)
    return bound


def plain_text(value: Any) -> str:
    """A value as written in a form, a deal code's option or on the command line (``3`` for 3.0)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def _field(default: Any, spec: OptionSpec) -> Any:
    return dataclasses.field(default=default, metadata={KEY: spec})


def flag(default: bool) -> Any:
    """An option that is on or off."""
    return _field(default, OptionSpec("bool"))


def whole(default: int, *, low: int | None = None, high: int | None = None, presets: Sequence[int] = ()) -> Any:
    """A whole number from ``low`` to ``high``; ``presets`` are the values a form offers."""
    return _field(default, OptionSpec("int", low=low, high=high, presets=tuple(presets)))


def number(default: float, *, low: float | None = None, high: float | None = None, low_open: bool = False,
           presets: Sequence[float] = ()) -> Any:
    """A finite number from ``low`` (excluded when ``low_open``) to ``high``; ``presets`` are the
    values a form offers."""
    return _field(default, OptionSpec("float", low=low, high=high, low_open=low_open, presets=tuple(presets)))


def seat(default: int | None, *, high: int) -> Any:
    """A seat number from 0 to ``high`` (the last seat of the largest table), or None for a seat
    drawn from the seed; the table it is played at must have that seat."""
    return _field(default, OptionSpec("int", low=0, high=high, blank="random", seat=True))


def choice(default: Any, choices: Sequence[Any]) -> Any:
    """One of ``choices``."""
    return _field(default, OptionSpec("choice", choices=tuple(choices)))


def custom(default: Any, *, check: Callable[[str, Any], Any], parse: Callable[[str, str], Any] | None = None,
           blank: str | None = "default") -> Any:
    """A structured value (a deck) that ``check`` puts in canonical form or refuses."""
    return _field(default, OptionSpec("custom", blank=blank, check=check, parse=parse))


# ---------------------------------------------------------------------- the schema of a game
def schema(options_cls: type) -> dict[str, OptionSpec]:
    """Every option of a game with its spec, in declaration order (``KeyError`` names a field
    declared without one)."""
    return dict(_specs(options_cls))


_SPECS: dict[type, tuple[tuple[str, OptionSpec], ...]] = {}


def _specs(options_cls: type) -> tuple[tuple[str, OptionSpec], ...]:
    """``schema`` worked out once per class (every match checks its options against it)."""
    found = _SPECS.get(options_cls)
    if found is None:
        out = []
        for f in dataclasses.fields(options_cls):
            if f.init:
                if KEY not in f.metadata:
                    raise KeyError(f"{options_cls.__name__}.{f.name} declares no values (use flag, whole, …)")
                out.append((f.name, f.metadata[KEY]))
        found = _SPECS[options_cls] = tuple(out)
    return found


@dataclass(frozen=True)
class Options:
    """The base of every game's ``Options``: its fields are checked against their specs, then
    ``_check_together`` checks the rules between fields (see the module docstring)."""

    def __post_init__(self) -> None:
        for name, spec in _specs(type(self)):
            value = spec.validate(name, getattr(self, name))
            if value is not getattr(self, name):
                object.__setattr__(self, name, value)
        self._check_together()

    def _check_together(self) -> None:
        """Raise ``OptionError`` when fields accepted one by one cannot be played together."""

    def check_table(self, players: int) -> None:
        """Raise ``OptionError`` when these options cannot be played by ``players`` seats."""
        for name, spec in _specs(type(self)):
            value = getattr(self, name)
            if spec.seat and value is not None and value >= players:
                raise OptionError(name, "not_a_seat", {"value": value, "players": players, "last": players - 1})


def parse_option_texts(options_cls: type, pairs: Iterable[str]) -> dict[str, Any]:
    """``name=value`` texts (the command line's ``--option``) into checked values; the first one
    refused raises ``OptionError`` (an unknown name, a value of the wrong kind or out of range)."""
    specs = schema(options_cls)
    out: dict[str, Any] = {}
    for pair in pairs:
        if not isinstance(pair, str) or "=" not in pair:
            raise OptionError(None, "key_value", {"value": pair})
        name, _, text = pair.partition("=")
        name = name.strip()
        if name not in specs:
            raise OptionError(None, "unknown_option", {"value": name, "choices": tuple(specs)})
        out[name] = specs[name].read(name, text)
    return out


def refusals(options_cls: type, values: Mapping[str, Any], players: int | None = None) -> tuple[Any, list[OptionError]]:
    """The ``Options`` made of ``values`` (every field given or defaulted) for a table of
    ``players``, or None and every refusal: at most one per option, each option refused on its own
    first, then the rules between options with the refused ones at their defaults."""
    specs = schema(options_cls)
    defaults = {f.name: f.default for f in dataclasses.fields(options_cls) if f.name in specs}
    trial = {**defaults, **{k: v for k, v in values.items() if k in specs}}
    found: list[OptionError] = []
    for name, spec in specs.items():
        try:
            spec.validate(name, trial[name])
        except OptionError as exc:
            found.append(exc)
            trial[name] = defaults[name]
    for _ in range(len(specs) + 1):
        try:
            options = options_cls(**trial)
            if players is not None:
                options.check_table(players)
        except OptionError as exc:
            found.append(exc)
            if exc.field is None or exc.field not in trial or trial[exc.field] == defaults[exc.field]:
                break
            trial[exc.field] = defaults[exc.field]
            continue
        return (None if found else options), found
    return None, found
