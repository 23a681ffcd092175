"""``benchmarks/gin_variants.py``: settings of Gin Rummy's ``hard`` bot from the command line, runs paired deal by deal."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

import pytest

from game.gin_rummy import bots
from tests.scripts import load_script


def load() -> ModuleType:
    return load_script("benchmarks/gin_variants.py")


@pytest.mark.parametrize("text", ["FOO=1", "choose=1", "level=2", "KNOCK_MARGIN=nan?",
                                  "KNOCK_MARGIN=nan", "DEALS=inf", "DEALS=lots", "=3", "VAL=2",
                                  "PASS_ODDS=-inf"])
def test_a_setting_that_is_not_a_number_of_hard_is_refused(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    variants = load()
    monkeypatch.setattr(bots.HardBot, "KNOCK_MARGIN", bots.HardBot.KNOCK_MARGIN)
    monkeypatch.setattr(bots.HardBot, "DEALS", bots.HardBot.DEALS)
    monkeypatch.setattr(bots, "PASS_ODDS", bots.PASS_ODDS)
    before = dict(vars(bots.HardBot)), dict(vars(bots))
    with pytest.raises(SystemExit):
        variants.configure(["KNOCK_MARGIN=2", "PASS_ODDS=0.2", text])
    assert (dict(vars(bots.HardBot)), dict(vars(bots))) == before


def test_settings_keep_their_type(monkeypatch: pytest.MonkeyPatch) -> None:
    variants = load()
    monkeypatch.setattr(bots.HardBot, "DEALS", bots.HardBot.DEALS)
    monkeypatch.setattr(bots.HardBot, "KNOCK_MARGIN", bots.HardBot.KNOCK_MARGIN)
    monkeypatch.setattr(bots, "PASS_ODDS", bots.PASS_ODDS)
    variants.configure(["DEALS=90", "KNOCK_MARGIN=-1.5", "PASS_ODDS=0.1"])
    assert bots.HardBot.DEALS == 90 and isinstance(bots.HardBot.DEALS, int)
    assert bots.HardBot.KNOCK_MARGIN == -1.5
    assert bots.PASS_ODDS == 0.1


def test_a_run_pairs_with_itself_and_not_with_other_deals(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    variants = load()
    monkeypatch.setattr(bots.HardBot, "KNOCK_MARGIN", bots.HardBot.KNOCK_MARGIN)
    assert variants.main(["base", "9850", "0", "1", "hand", "KNOCK_MARGIN=0"]) == 0
    run = json.loads(capsys.readouterr().out)
    assert run["unit"] == "hand" and len(run["per_deal"]) == 1 and run["args"] == ["9850", "0", "1", "KNOCK_MARGIN=0"]
    (tmp_path / "a.json").write_text(json.dumps(run))
    (tmp_path / "b.json").write_text(json.dumps({**run, "name": "same"}))
    (tmp_path / "c.json").write_text(json.dumps({**run, "args": ["9850", "1", "1"]}))
    assert variants.main(["--pair", str(tmp_path / "a.json"), str(tmp_path / "b.json")]) == 0
    assert "same - base: +0.000" in capsys.readouterr().out
    with pytest.raises(SystemExit, match="same deals"):
        variants.pair(str(tmp_path / "a.json"), str(tmp_path / "c.json"))
