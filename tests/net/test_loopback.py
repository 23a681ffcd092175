"""Whole matches over a real WebSocket server on loopback: network bots play exactly the match
the same bots play on one computer."""

from __future__ import annotations

import asyncio

import pytest

from game import GAMES
from tests.net.helpers import hosted, local_log, play_remote

LEVELS = ("easy", "normal", "hard")
CASES = [("gin_rummy", 2), ("lagagne", 2), ("lagagne", 4), ("lagagne", 6),
         ("gang_de_mouettes", 2), ("gang_de_mouettes", 3), ("gang_de_mouettes", 5), ("gang_de_mouettes", 8)]


def short(game_id: str):
    """Options for a short match (the whole match is played)."""
    desc = GAMES[game_id]
    fields = {"gin_rummy": {"match_target": 60}, "lagagne": {"target": 60}, "gang_de_mouettes": {"match_end": 30}}
    known = {k: v for k, v in fields[game_id].items() if hasattr(desc.Options(), k)}
    return desc.Options(**known)


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_network_bots_play_the_same_match_as_on_one_computer(game_id: str, players: int) -> None:
    seed = 100 + players
    levels = [LEVELS[(s + players) % 3] for s in range(players)]
    # every other seat is remote; the host plays the others with the same bots
    kinds = ["remote" if s % 2 == 0 else levels[s] for s in range(players)]
    table = hosted(game_id, kinds, seed, short(game_id))
    results = asyncio.run(play_remote(table, {s: levels[s] for s in range(players) if kinds[s] == "remote"}))
    local = local_log(game_id, levels, seed, table.bot_seeds, short(game_id))
    assert table.state.is_over()
    assert table.state.log == local.log
    assert all(r["over"] and r["winners"] == local.winners() for r in results)


@pytest.mark.parametrize("game_id", ["gin_rummy", "lagagne"])
def test_clients_playing_as_people_send_moves_and_finish_the_same_match(game_id: str) -> None:
    """Moves sent as a person sends them (``move``, ``ready``) give the same match too where no
    race is run on the clock."""
    seed = 31
    table = hosted(game_id, ["remote", "remote"], seed, short(game_id))
    asyncio.run(play_remote(table, {0: "normal", 1: "easy"}, as_person=True))
    assert table.state.log == local_log(game_id, ["normal", "easy"], seed, table.bot_seeds, short(game_id)).log


def test_people_race_for_quick_discards_over_the_network() -> None:
    """Gang de mouettes with every seat a person on another computer: windows run on the host's
    clock, snaps arrive over the network, and the match ends."""
    options = GAMES["gang_de_mouettes"].Options(match_end=20, snap_window_seconds=0.3, end_turn_grace_seconds=2.0)
    table = hosted("gang_de_mouettes", ["remote"] * 3, 5, options, window_margin=0.05)
    results = asyncio.run(play_remote(table, {0: "normal", 1: "normal", 2: "easy"}, as_person=True))
    assert table.state.is_over() and all(r["over"] for r in results)
    assert any(" snap " in line or ": snap" in line for line in table.state.log)
