"""A game's fields listed once: snapshots written before the fields were listed still load, and
save back identically; clones are independent."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game import GAMES

ADDED_SINCE = {"deals": [], "match_seed": None}
"""View keys added after the fixture was written, with what an old match gets."""
NEWER = {"options", "hollywood"}
"""View keys left out of the comparison: the options, and Gin Rummy's Hollywood scores (added since)."""

BEFORE = json.loads((Path(__file__).parents[1] / "fixtures" / "snapshots_before_fields.json").read_text())


@pytest.mark.parametrize("game_id", ["gang_de_mouettes", "gin_rummy", "lagagne"])
def test_a_snapshot_written_before_still_loads_and_saves_the_same(game_id: str) -> None:
    snapshot = BEFORE[game_id]
    state = GAMES[game_id].load(json.loads(json.dumps(snapshot)))
    saved = state.to_json()
    # rule options and keys added since keep their defaults; everything else is saved back as it was
    assert saved["options"].items() >= snapshot["options"].items()
    assert {**saved, "options": None} == {**snapshot, "options": None, "hand_seeds": []}
    views = [{k: v for k, v in state.view(seat).items() if k not in NEWER} for seat in [None, *range(state.players)]]
    assert json.loads(json.dumps(views)) == [{**{k: v for k, v in view.items() if k not in NEWER}, **ADDED_SINCE}
                                             for view in BEFORE[f"{game_id}_views"]]
    twin = state.clone()
    assert twin.to_json() == saved
    seat = twin.to_move()[0]
    twin.apply(twin.legal_moves(seat)[0])
    assert state.to_json() == saved, "a clone shares something with its original"
