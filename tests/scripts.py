"""Load one of the project's benchmark scripts as a module, for tests; check that runs of a script's
arms pair in ``benchmarks/yardsticks_pool.py``."""

from __future__ import annotations

import importlib.util
import json
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]


def load_script(relative: str) -> ModuleType:
    """The script at ``relative`` (from the repository root), executed afresh as a module named
    after its file (not put in ``sys.modules``)."""
    path = ROOT / relative
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def assert_arms_pair(main: Callable[[list[str]], int], arms: list[str], tmp_path: Path,
                     capsys: pytest.CaptureFixture[str]) -> None:
    """Each arm (the script's first argument) run by ``main`` on the same two Gang de mouettes deals
    writes what ``benchmarks/yardsticks.py`` writes, and the last pairs with the first deal by deal."""
    outs = []
    for k, arm in enumerate(arms):
        out = tmp_path / f"arm{k}.json"
        assert main([arm, "gang_de_mouettes", "hard", "gang", "--players", "2", "--count", "2",
                     "--seed", "9992", "--out", str(out)]) == 0
        outs.append(out)
    runs = [json.loads(p.read_text()) for p in outs]
    assert [len(r["per_deal"]["gang"]["diff"]) for r in runs] == [2] * len(arms)
    capsys.readouterr()
    pool = load_script("benchmarks/yardsticks_pool.py")
    assert pool.main([str(outs[-1]), "--against", str(outs[0])]) == 0
    assert "paired over 2 deals" in capsys.readouterr().out
