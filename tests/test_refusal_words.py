"""Every refusal the engines and the referee can give has its sentence in both languages."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from ui.i18n import load_catalog

ROOT = Path(__file__).resolve().parents[1]


def refusal_keys() -> set[str]:
    """The translation key of every ``IllegalMove(message, key, ...)`` written in game/."""
    keys = set()
    for path in (ROOT / "game").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "IllegalMove":
                key = node.args[1] if len(node.args) > 1 else next(
                    (k.value for k in node.keywords if k.arg == "key"), None)
                if isinstance(key, ast.Constant) and isinstance(key.value, str):
                    keys.add(key.value)
    return keys


def test_the_scan_finds_the_refusals() -> None:
    keys = refusal_keys()
    assert {"not_your_turn", "gin.knock_too_high", "gang.already_tried", "lagagne.steal_self"} <= keys


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_refusal_key_has_a_sentence(language: str) -> None:
    catalog = load_catalog(language)
    missing = sorted(k for k in refusal_keys() if f"illegal.{k}" not in catalog)
    assert not missing, f"refusals without a {language} sentence: {missing}"
