"""The end of a LaGagne game: the last round, overtaking, cancelled ends, and the endless-game guard."""

from __future__ import annotations

import random

from lagagne_helpers import build_position as build

from game import GAMES
from game.lagagne import LaGagneState, Options

FILL = ["P5d", "P5d", "P5d", "P10d", "P10d"]


def test_overtaking_in_the_last_round_wins() -> None:
    options = Options(first_dealer=2, target=50)
    cols = {0: {"h": {"points": ["P20h", "P20h"]}}, 2: {"s": {"points": ["P50s"]}}}
    hands = [["P10h", "Z", "Z", "Z", "Z"], ["Z", "P5c", "P5c", "P5c", "P5c"],
             ["P10s", "P5s", "P5s", "P5s", "P5s"]]
    state = build(hands, columns=cols, options=options)
    events = state.apply("0: play P10h")
    assert state.scores == [50, 0, 50]
    last = next(e for e in events if e.kind == "last_round")
    assert last.info == {"reached_by": 0, "ends_with": 2}
    assert state.view(1)["last_round"] == {"reached_by": 0, "ends_with": 2}
    state.apply("1: discard Z")
    assert not state.is_over()
    events = state.apply("2: play P10s")
    assert state.is_over() and state.winners() == [2] and state.to_move() == []
    assert events[-1].kind == "match_end"
    assert state.history == [{"points": [50, 0, 60], "winners": [2], "rounds": 1, "end": "target"}]
    assert state.result() == {"over": True, "scores": [50, 0, 60], "winners": [2]}


def test_equal_best_scores_share_the_win() -> None:
    options = Options(first_dealer=1, target=50)
    cols = {0: {"h": {"points": ["P20h", "P20h"]}}, 1: {"s": {"points": ["P20s", "P20s"]}}}
    state = build([["P10h", "Z", "Z", "Z", "Z"], ["P10s"] + FILL[:4]], columns=cols, options=options)
    state.apply("0: play P10h")
    state.apply("1: play P10s")
    assert state.winners() == [0, 1]


def test_reaching_the_target_on_the_last_seat_of_the_round_ends_at_once() -> None:
    options = Options(first_dealer=1, target=50)
    cols = {1: {"s": {"points": ["P20s", "P20s"]}}}
    state = build([["Z"] * 5, ["P10s"] + FILL[:4]], columns=cols, options=options)
    state.apply("0: discard Z")
    state.apply("1: play P10s")
    assert state.is_over() and state.winners() == [1]


def test_the_end_is_cancelled_when_the_leader_falls_back_under_the_target() -> None:
    options = Options(first_dealer=1, target=50)
    cols = {0: {"h": {"points": ["P20h", "P20h"]}}, 1: {"h": {}}}
    hands = [["P10h", "P10h", "Z", "Z", "Z"], ["Voler", "P5d", "P5d", "P5d", "P10d"]]
    state = build(hands, columns=cols, options=options)
    state.apply("0: play P10h")
    assert state.view(0)["last_round"] is not None
    events = state.apply("1: steal 0:P20h")
    assert state.scores == [30, 20]
    assert "last_round_cancelled" in [e.kind for e in events]
    assert not state.is_over() and state.view(0)["last_round"] is None and state.current == 0
    state.apply("0: play P10h")
    assert state.scores == [40, 20] and state.view(0)["last_round"] is None


def test_the_end_comes_again_once_someone_reaches_the_target_later() -> None:
    options = Options(first_dealer=1, target=50)
    cols = {0: {"h": {"points": ["P20h", "P10h", "P10h"]}}, 1: {"h": {}}}
    hands = [["P10h", "P20h", "Z", "Z", "Z"], ["Voler", "P5d", "P5d", "P5d", "P10d"]]
    state = build(hands, columns=cols, options=options)
    state.apply("0: play P10h")
    state.apply("1: steal 0:P20h")
    state.apply("0: play P20h")  # 50 again: a new last round
    assert state.view(1)["last_round"] == {"reached_by": 0, "ends_with": 1}
    state.apply("1: discard P5d")
    assert state.is_over() and state.winners() == [0]


def test_the_endless_game_guard_ends_after_max_rounds() -> None:
    options = Options(first_dealer=1, max_rounds=3)
    cols = {1: {"s": {"points": ["P5s"]}}}
    state = build([["Z"] * 5, FILL], columns=cols, options=options)
    for _ in range(3):
        assert not state.is_over()
        state.apply(f"0: discard {state.view(0)['hand'][0]}")
        state.apply(f"1: discard {state.view(1)['hand'][0]}")
    assert state.is_over() and state.winners() == [1]
    assert state.history[-1]["end"] == "round_limit" and state.history[-1]["rounds"] == 3
    assert state.view(0)["end"] == "round_limit"


def _tiny(*cards: str) -> Options:
    return Options(first_dealer=1, hand_size=1, deck=tuple((c, cards.count(c)) for c in dict.fromkeys(cards)))


def test_a_seat_with_no_card_and_nothing_to_draw_passes_its_turn() -> None:
    state = GAMES["lagagne"].new_match(2, options=_tiny("Sh", "Ss", "P5h", "Z"), seed=1,
                                       deck=["Sh", "Ss", "P5h", "Z"])
    for move in ("0: play Sh", "1: play Ss", "0: play P5h"):
        state.apply(move)
    assert state.view(0)["hand"] == [] and state.to_move() == [1]
    events = state.apply("1: discard Z")  # seat 0 has nothing to play and nothing to draw
    assert any(e.kind == "pass" and e.seat == 0 for e in events)
    assert state.to_move() == [1] and state.view(1)["hand"] == ["Z"]


def test_the_game_ends_when_no_seat_holds_a_card() -> None:
    state = GAMES["lagagne"].new_match(2, options=_tiny("Sh", "Ss", "P5h", "P5s"), seed=1,
                                       deck=["Sh", "Ss", "P5h", "P5s"])
    for move in ("0: play Sh", "1: play Ss", "0: play P5h", "1: play P5s"):
        state.apply(move)
    assert state.is_over() and state.winners() == [0, 1]
    assert state.history[-1]["end"] == "no_cards"


def _counted(state: LaGagneState) -> list[int]:
    return [sum(state.column_total(p, i) for i in range(4)) for p in range(state.n)]


def test_kept_scores_follow_every_column_change() -> None:
    """Scores are kept up to date move by move (searching bots read them millions of times): after
    every move of many random games, laying, doubling and stealing included, they equal the columns
    counted afresh, and a clone's moves never change the scores of the game it was cloned from."""
    steals = doubled_steals = 0
    for seed in range(40):
        rng = random.Random(seed)
        state = GAMES["lagagne"].new_match(2 + seed % 3, seed=seed)
        assert isinstance(state, LaGagneState)
        while not state.is_over():
            seat = state.to_move()[0]
            move = rng.choice(state.legal_moves(seat))
            if move.action.startswith("steal"):
                steals += 1
                victim = int(move.action.split()[1].split(":")[0])
                doubled_steals += any(state.dbl[victim])
            before = state.scores
            ahead = state.clone()
            ahead.apply(move)
            assert state.scores == before == _counted(state)
            state.apply(move)
            assert state.scores == ahead.scores == _counted(state)
    assert steals > 100 and doubled_steals > 10
