"""Every game's rule options are a declared schema (``game.core.options``), the tests-only Huit included:

- every field of every game declares its values: a kind, a finite range for a number, the choices of a
  choice, a default the schema accepts, and whether blank means random;
- every refusal is an ``OptionError`` naming the option at fault with a key that has a sentence in
  every language catalog, all its parameters filled in; hostile values (wrong type, non-finite,
  huge, out of range, unknown choice) are refused, never accepted nor crashing;
- the setup form, its tooltips and ``--option`` read the same schema.
"""

from __future__ import annotations

import ast
import dataclasses
import math
import re
from pathlib import Path
from typing import Any

import pytest

from game.core.options import ENGLISH, OptionError, OptionSpec, parse_option_texts, plain_text, refusals, schema
from tests.conformance.test_contract import UNDER_TEST
from ui.i18n import LANGUAGES, Translator, load_catalog
from ui.scenes.setup import FormCheck, option_fields, refusal_text

ROOT = Path(__file__).resolve().parents[2]
GAME_IDS = [game_id for game_id, _ in UNDER_TEST]
KINDS = {"bool", "int", "float", "choice", "custom"}
CATALOGS = {language: load_catalog(language) for language in LANGUAGES}
PLACEHOLDER = re.compile(r"\{\w+\}")


def hostile_values(spec: OptionSpec) -> list[Any]:
    """Values of the wrong type, non-finite, huge, just outside the range, or not a choice."""
    values: list[Any] = ["7", [], {}, float("nan"), float("inf"), -float("inf"), 10**100, -(10**100), object()]
    if spec.kind == "bool":
        values += [0, 1, None, "true"]
    if spec.kind == "int":
        values += [True, 2.5, 3.0]
    if spec.kind in ("int", "float"):
        assert spec.low is not None and spec.high is not None
        step = 1 if spec.kind == "int" else 1e-6
        values += [spec.low if spec.low_open else spec.low - step, spec.high + step, True]
        if spec.blank is None:
            values.append(None)
    if spec.kind == "choice":
        values += [None, "", "never", 1.5, True]
    return values


def sentence(refused: OptionError, language: str) -> str:
    label = {"en": lambda name: f"<{name}>", "fr": lambda name: f"«{name}»"}.get(language, str)
    text, key = refusal_text(Translator(language), label, refused)
    assert key in CATALOGS[language], f"{key} has no {language} sentence"
    assert not PLACEHOLDER.search(text), f"{key} in {language} leaves a parameter unfilled: {text}"
    return text


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_field_declares_its_values(game_id: str) -> None:
    options_cls = dict(UNDER_TEST)[game_id].Options
    specs = schema(options_cls)
    fields = [f for f in dataclasses.fields(options_cls) if f.init]
    assert [f.name for f in fields] == list(specs), "every field declares its values"
    defaults = options_cls()
    for name, spec in specs.items():
        assert spec.kind in KINDS, (name, spec.kind)
        assert spec.blank in (None, "random", "default"), (name, spec.blank)
        value = getattr(defaults, name)
        assert spec.validate(name, value) == value, f"{name}: the default {value!r} is refused"
        if spec.kind in ("int", "float"):
            assert spec.low is not None and spec.high is not None, f"{name}: a number needs both bounds"
            assert math.isfinite(spec.low) and math.isfinite(spec.high) and spec.low < spec.high
            assert all(spec.in_range(p) for p in spec.presets), f"{name}: a preset is out of range"
            assert spec.read(name, plain_text(value)) == value, f"{name}: the default does not read back"
        if spec.kind == "choice":
            assert spec.choices and value in spec.choices
            assert all(spec.read(name, plain_text(c)) == c for c in spec.choices)
        if spec.seat:
            assert spec.blank == "random" and spec.low == 0
            assert spec.high == dict(UNDER_TEST)[game_id].max_players - 1, f"{name}: the last seat of the largest table"
        if spec.kind == "custom":
            assert spec.check is not None


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_hostile_values_are_refused_naming_the_option_in_every_language(game_id: str) -> None:
    options_cls = dict(UNDER_TEST)[game_id].Options
    checked = 0
    for name, spec in schema(options_cls).items():
        for value in hostile_values(spec):
            with pytest.raises(OptionError) as info:
                options_cls(**{name: value})
            refused = info.value
            assert isinstance(refused, ValueError) and refused.field == name and refused.key, (name, value)
            assert name in str(refused), str(refused)
            for language in LANGUAGES:
                sentence(refused, language)
            checked += 1
    assert checked > 20


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_table_size_is_checked_with_a_sentence(game_id: str) -> None:
    """A first dealer beyond the last seat of a small table is refused when the match is dealt."""
    desc = dict(UNDER_TEST)[game_id]
    seats = [name for name, spec in schema(desc.Options).items() if spec.seat]
    if desc.min_players == desc.max_players:
        return
    for name in seats:
        options = desc.Options(**{name: desc.max_players - 1})
        with pytest.raises(OptionError) as info:
            desc.new_match(desc.min_players, options, seed=1)
        assert info.value.field == name and info.value.key == "not_a_seat"
        for language in LANGUAGES:
            sentence(info.value, language)
        _, refused = refusals(desc.Options, {name: desc.max_players - 1}, desc.min_players)
        assert [r.key for r in refused] == ["not_a_seat"]


def game_refusal_keys() -> set[str]:
    """The key of every ``OptionError(field, key, ...)`` written with a constant key in game/ and
    in the tests-only game."""
    keys = set()
    for path in [*(ROOT / "game").rglob("*.py"), ROOT / "tests" / "tinygame" / "__init__.py"]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            args = node.args
            if name == "OptionError" and len(args) > 1 and isinstance(args[1], ast.Constant):
                keys.add(args[1].value)
            if name == "_refused" and args and isinstance(args[0], ast.Constant):  # LaGagne's deck
                keys.add(args[0].value)
    return keys


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_refusal_key_has_a_sentence(language: str) -> None:
    keys = game_refusal_keys() | set(ENGLISH)
    assert {"needs", "deck_too_small", "no_symbol", "unknown_card", "not_a_seat"} <= keys
    missing = sorted(k for k in keys if f"setup.refusal.{k}" not in CATALOGS[language])
    assert not missing, f"option refusals without a {language} sentence: {missing}"


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("text", ["", "x", "nan", "inf", "-inf", "1e999", "1e308", "-1", "9" * 5000, "+" + "9" * 45,
                                  "2.5", "true", "never", "None", "0x10", "\x00", "10_000"])
def test_option_texts_from_the_command_line_are_read_or_refused_by_name(game_id: str, text: str) -> None:
    """``--option name=value`` reads every field by its spec: a value the schema accepts, or an
    ``OptionError`` naming the option with a sentence in every language, quoting at most a short text."""
    options_cls = dict(UNDER_TEST)[game_id].Options
    for name in schema(options_cls):
        try:
            values = parse_option_texts(options_cls, [f"{name}={text}"])
        except OptionError as refused:
            assert refused.field == name and name in str(refused)
            assert len(str(refused)) < 300
            for language in LANGUAGES:
                sentence(refused, language)
            continue
        try:
            options = options_cls(**values)
        except OptionError as refused:  # accepted alone, refused with the others (needs another option on)
            assert refused.field in schema(options_cls)
            for language in LANGUAGES:
                sentence(refused, language)
            continue
        assert getattr(options, name) == values[name]


@pytest.mark.parametrize("pairs", [["speed=3"], ["knock_limit"], [""], ["=3"], [" =x"], [5]])
def test_unknown_or_malformed_option_texts_are_refused(pairs: list[Any]) -> None:
    desc = dict(UNDER_TEST)["gin_rummy"]
    with pytest.raises(OptionError) as info:
        parse_option_texts(desc.Options, pairs)
    assert info.value.field is None and info.value.key in ("unknown_option", "key_value")
    for language in LANGUAGES:
        sentence(info.value, language)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_form_and_its_tooltips_read_the_schema(game_id: str) -> None:
    desc = dict(UNDER_TEST)[game_id]
    specs = schema(desc.Options)
    fields = option_fields(desc.Options)
    assert [f.name for f in fields] == list(specs)
    for language in LANGUAGES:
        checker = FormCheck(desc, fields, Translator(language), str)
        for field in fields:
            spec = specs[field.name]
            hint = checker.hint(field)
            if field.kind in ("int", "float", "optional_int", "optional_float"):
                assert hint is not None and _format_bound(spec.high) in hint, (field.name, hint)
                assert field.kind.startswith("optional") == (spec.blank == "random")
            else:
                assert hint is None
            if field.kind == "choice":
                assert field.choices == (spec.choices or spec.presets)


def _format_bound(bound: float | None) -> str:
    return plain_text(bound)
