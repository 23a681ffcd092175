"""The seeds of the bots at a local table (issue 33): drawn from the operating system, never from the
deal, kept in the autosave so that a resumed match seats the same bots, and a damaged entry refused."""

from __future__ import annotations

import random
from typing import Any

import pytest

from game import SaveError
from ui.session import MatchSession, SeatInfo
from ui.table.match import make_driver

SEATS = [SeatInfo("Ana"), SeatInfo("Bruno", "normal"), SeatInfo("Chloé", "hard")]


def seeds_of(session: MatchSession) -> dict[int, Any]:
    """The random state each bot of the table's driver starts with."""
    driver: Any = make_driver(session, 0.0, lambda task: None)  # type: ignore[arg-type]
    return {seat: bot.rng.getstate() for seat, bot in driver.referee.bots.items()}


def state_of(seed: int) -> Any:
    return random.Random(seed).getstate()


def test_the_bots_seeds_are_not_a_function_of_the_deal() -> None:
    one = MatchSession.new("gang_de_mouettes", SEATS, seed=12345)
    two = MatchSession.new("gang_de_mouettes", SEATS, seed=12345)
    assert one.state.to_json() == two.state.to_json()  # the same deal…
    first, second = seeds_of(one), seeds_of(two)
    assert set(first) == {1, 2}
    assert first != second  # …and bots whose seeds it does not give
    for seat, state in first.items():
        assert state not in (state_of(one.state.seed + 7919 * (seat + 1)), state_of(one.state.seed + seat))


def test_a_resumed_match_seats_the_same_bots() -> None:
    session = MatchSession.new("lagagne", SEATS, seed=7)
    resumed = MatchSession.from_json(session.to_json())
    assert seeds_of(resumed) == seeds_of(session) == {seat: state_of(seed) for seat, seed in session.bot_seeds.items()}


def test_a_match_saved_before_the_seeds_were_kept_gets_fresh_ones() -> None:
    saved = MatchSession.new("lagagne", SEATS, seed=7).to_json()
    del saved["bot_seeds"]
    assert set(seeds_of(MatchSession.from_json(saved))) == {1, 2}


@pytest.mark.parametrize("damaged", [
    [1, 2], "seeds", {"1": "12"}, {"1": 1.5}, {"1": True}, {"1": -1}, {"1": 2 ** 63}, {"9": 1}, {"x": 1},
    {"01234": 1}, {str(i): 1 for i in range(50)}, {"1": float("inf")},
])
def test_damaged_bot_seeds_are_refused_as_a_damaged_save(damaged: Any) -> None:
    saved = MatchSession.new("lagagne", SEATS, seed=7).to_json()
    saved["bot_seeds"] = damaged
    with pytest.raises(SaveError):
        MatchSession.from_json(saved)
