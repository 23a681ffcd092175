"""The headless arena: seatings, paired statistics, and short real runs of every game."""

from __future__ import annotations

import math
from typing import Any

import pytest

from game import GAMES
from game.arena import (
    FAIR_RACE,
    DealResult,
    FairRaceBot,
    UnitResult,
    format_summary,
    main,
    mean_ci,
    parse_options,
    play_deal,
    run,
    seatings,
    summarise,
    wilson,
)
from game.core import Bot, Move


def test_seatings_put_every_bot_in_every_seat() -> None:
    assert seatings(2, 2) == [[0, 1], [1, 0]]
    assert seatings(2, 4) == [[0, 1, 0, 1], [1, 0, 1, 0]]
    three = seatings(2, 3)
    assert len(three) == 3 and all(sorted({row[s] for row in three}) == [0, 1] for s in range(3))


def test_summary_pairs_each_deal_and_shares_ties() -> None:
    deal = DealResult(
        seatings=[[0, 1], [1, 0]],
        units=[UnitResult([10.0, 0.0], [0]), UnitResult([4.0, 4.0], [0, 1])],
    )
    summary = summarise(["hard", "normal"], [deal, deal])
    assert summary.units == 4
    assert summary.points == [7.0, 2.0]  # hard: 10 in seat 0, 4 in seat 1
    assert summary.win_rates == [0.75, 0.25]  # a shared win counts half
    diff = summary.diffs[0]
    assert diff["points"] == 5.0 and diff["points_ci"] == 0.0


def test_mean_ci() -> None:
    assert mean_ci([1.0, 3.0]) == (2.0, pytest.approx(1.96 * math.sqrt(2) / math.sqrt(2)))
    assert math.isinf(mean_ci([5.0])[1])


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_short_run_of_every_game_is_deterministic(game_id: str) -> None:
    desc = GAMES[game_id]
    players = desc.min_players + 1 if desc.max_players > 2 else 2
    a = run(game_id, ["normal", "easy"], 4, "hands", players, seed=3, timed=False)
    b = run(game_id, ["normal", "easy"], 4, "hands", players, seed=3, timed=False)
    assert a.units >= 4 and a.points == b.points and a.win_rates == b.win_rates
    text = format_summary(game_id, players, "hands", a)
    assert desc.title in text and "normal − easy" in text


def test_gin_games_are_single_games_to_the_target() -> None:
    summary = run("gin_rummy", ["normal", "easy"], 2, "games", 2, seed=1, timed=False)
    assert summary.units == 2
    assert max(summary.points) >= GAMES["gin_rummy"].Options().game_target


def test_options_are_typed_like_their_defaults() -> None:
    assert parse_options("gin_rummy", ["match_target=250", "oklahoma=yes"]) == {"match_target": 250, "oklahoma": True}
    with pytest.raises(ValueError):
        parse_options("gin_rummy", ["no_such_option=1"])


def test_command_line_prints_the_report(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["gang_de_mouettes", "--bots", "normal,easy", "--rounds", "2", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "points/round" in out and "p95 ms" in out


def test_calls_are_counted_per_bot_with_their_success() -> None:
    deal = DealResult(
        seatings=[[0, 1], [1, 0]],
        units=[UnitResult([0.0, 9.0], [0], caller=0, caller_lowest=True),
               UnitResult([20.0, 5.0], [1], caller=1, caller_lowest=False)],
    )
    summary = summarise(["hard", "normal"], [deal])
    assert summary.calls == [(2, 1), (0, 0)]  # hard called in seat 0, then in seat 1
    assert "hard calls: 2 in 2 rounds, caller lowest 0.500" in format_summary("gang_de_mouettes", 2, "rounds",
                                                                               summary)
    low, high = wilson(1, 2)
    assert 0 < low < 0.5 < high < 1
    assert summarise(["a", "b"], [DealResult([[0, 1]], [UnitResult([1.0, 2.0], [0])])]).calls == []


class _Racer(Bot):
    """Always wants to act, with its own fixed reaction delay."""

    def __init__(self, delay: float) -> None:
        super().__init__(0)
        self.delay = delay

    def choose(self, view: dict[str, Any], legal_moves: list[Move]) -> Move:
        return legal_moves[0]

    def react(self, view: dict[str, Any], legal_moves: list[Move]) -> tuple[Move, float] | None:
        return legal_moves[0], self.delay


def test_a_fair_race_keeps_the_move_and_gives_every_seat_the_same_chance() -> None:
    move = Move("snap 1.0", 0)
    quick, slow = FairRaceBot(_Racer(0.1), 1), FairRaceBot(_Racer(2.9), 2)
    slow_first = 0
    for _ in range(2000):
        a, b = quick.react({}, [move]), slow.react({}, [move])
        assert a is not None and b is not None
        (m1, d1), (m2, d2) = a, b
        assert m1 is move and m2 is move
        assert FAIR_RACE[0] <= d1 <= FAIR_RACE[1] and FAIR_RACE[0] <= d2 <= FAIR_RACE[1]
        slow_first += d2 < d1
    assert 0.45 < slow_first / 2000 < 0.55  # on their own delays the slow racer never came first
    assert FairRaceBot(_Racer(0.1), 1).react({}, [move]) == FairRaceBot(_Racer(0.7), 1).react({}, [move])


def test_a_fair_race_passes_no_reaction_and_plays_deterministically() -> None:
    class Quiet(_Racer):
        def react(self, view: dict[str, Any], legal_moves: list[Move]) -> tuple[Move, float] | None:
            return None

    assert FairRaceBot(Quiet(0.1), 3).react({}, [Move("snap 1.0", 0)]) is None
    one = play_deal("gang_de_mouettes", ("normal", "gang"), 4, 77, "hand", {}, False, fair_race=True)
    two = play_deal("gang_de_mouettes", ("normal", "gang"), 4, 77, "hand", {}, False, fair_race=True)
    assert [u.points for u in one.units] == [u.points for u in two.units]
