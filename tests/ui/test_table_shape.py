"""The table keeps its shape: the scene stays small and knows no kind of match, the adapters never
reach the scene, and input reaches the adapters only through the gesture table they declare."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCENE = ROOT / "ui" / "table" / "scene.py"
ADAPTERS = sorted((ROOT / "ui" / "games").glob("*.py")) + [ROOT / "tests" / "tinygame" / "table.py"]
OLD_INPUT_HOOKS = {"click", "drops", "focusable", "draggable", "attempted", "target_rects", "shift"}
"""The hooks the table asked again at every press, hover and key before the gesture table."""


def test_the_scene_is_under_600_lines_and_tells_no_kind_of_match_apart() -> None:
    text = SCENE.read_text(encoding="utf-8")
    assert len(text.splitlines()) < 600
    assert "self.remote" not in text and "self.coach" not in text


def test_no_adapter_reaches_the_scene() -> None:
    for path in ADAPTERS:
        assert "self.scene." not in path.read_text(encoding="utf-8"), path


def test_no_adapter_answers_input_but_through_its_gesture_table() -> None:
    for path in ADAPTERS:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        methods = {node.name for cls in ast.walk(tree) if isinstance(cls, ast.ClassDef)
                   for node in cls.body if isinstance(node, ast.FunctionDef)}
        assert not methods & OLD_INPUT_HOOKS, f"{path.name} still defines {sorted(methods & OLD_INPUT_HOOKS)}"
    assert len(ADAPTERS) >= 5
