"""Each game's per-seat figures for the statistics page agree with the match they describe."""

from __future__ import annotations

from game import GAMES
from game.core.referee import Referee


def finished(game_id: str, players: int, seed: int):
    desc = GAMES[game_id]
    state = desc.new_match(players, seed=seed)
    Referee(state, {s: desc.make_bot("normal", s) for s in range(players)}).advance(0.0)
    assert state.is_over()
    return state


def test_gin_figures_add_up() -> None:
    state = finished("gin_rummy", 2, 4)
    a, b = state.seat_stats(0), state.seat_stats(1)
    assert a["hands"] == b["hands"] == a["hands_won"] + b["hands_won"]
    assert a["undercuts_made"] == b["undercuts_suffered"] and b["undercuts_made"] == a["undercuts_suffered"]
    assert a["points"] + b["points"] == sum(sum(h["points"]) for h in state.history)
    assert {a["best_game"], b["best_game"]} >= {max(g["points"]) for g in state.finished_games()[:1]}


def test_gang_figures_follow_the_rounds_and_the_snaps() -> None:
    state = finished("gang_de_mouettes", 3, 4)
    stats = [state.seat_stats(s) for s in range(3)]
    assert sum(s["calls"] for s in stats) == len(state.history) == stats[0]["rounds"]
    assert all(s["calls_won"] <= s["calls"] for s in stats)
    snaps = [line for line in state.log if " snap " in f" {line.split(': ', 1)[1]}"]
    assert sum(s["quick_discards_won"] for s in stats) <= len(snaps)
    assert [s["round_points"] for s in stats] == [sum(h["points"][i] for h in state.history) for i in range(3)]


def test_lagagne_figures_name_the_best_column() -> None:
    state = finished("lagagne", 3, 4)
    for seat in range(3):
        stats = state.seat_stats(seat)
        assert stats["best_column"] == max(state.column_total(seat, i) for i in range(4))
        assert stats["steals"] == sum(line.startswith(f"{seat}: steal") for line in state.log)
