"""Provably fair deals: each hand is shuffled from its own seed, whose fingerprint is public first
and whose seed is public once the hand is over (``game.core.fairness``)."""

from __future__ import annotations

import json
import random

import pytest

from game import GAMES, GameState
from game.core import Rng
from game.core.fairness import fingerprint, hand_seed, verify

TABLES = [("gin_rummy", 2), ("gang_de_mouettes", 3), ("lagagne", 3)]


def play_until(state: GameState, stop, seed: int = 1, limit: int = 5000) -> GameState:
    """Random legal moves until ``stop(state)`` holds."""
    rnd = random.Random(seed)
    for _ in range(limit):
        if stop(state):
            return state
        seat = rnd.choice(state.to_move())
        state.apply(rnd.choice(state.legal_moves(seat)))
    raise AssertionError("the condition never held")


@pytest.mark.parametrize(("game_id", "players"), TABLES)
def test_the_hand_in_play_shows_its_fingerprint_and_hides_its_seed(game_id: str, players: int) -> None:
    state = GAMES[game_id].new_match(players, seed=77)
    seed = hand_seed(77, 1)
    assert state.hand_seeds == [seed]
    for seat in [None, *range(players)]:
        view = state.view(seat)
        assert view["deals"] == [{"hand": 1, "fingerprint": fingerprint(seed), "seed": None}]
        assert view["match_seed"] is None
        assert str(seed) not in json.dumps(view)


@pytest.mark.parametrize(("game_id", "players"), TABLES)
def test_a_finished_hand_reveals_a_seed_that_matches_its_fingerprint(game_id: str, players: int) -> None:
    state = GAMES[game_id].new_match(players, seed=5)
    state = play_until(state, lambda s: not s.hand_in_play())
    first = state.view(0)["deals"][0]
    assert first["seed"] == hand_seed(5, 1)
    assert verify(first["seed"], first["fingerprint"])
    if state.is_over():
        assert state.view(0)["match_seed"] == 5


@pytest.mark.parametrize(("game_id", "players"), [("gin_rummy", 2), ("gang_de_mouettes", 3)])
def test_the_next_hand_depends_only_on_its_own_seed(game_id: str, players: int) -> None:
    """Whatever the generator's state after a hand, the next deal is the same: it is drawn from the
    next hand's seed alone, so the fingerprint shown before it commits to every card."""
    state = play_until(GAMES[game_id].new_match(players, seed=9), lambda s: not s.hand_in_play())
    twin = state.clone()
    twin.rng = Rng(123456)
    for s in (state, twin):
        s.apply(s.legal_moves(s.to_move()[0])[0])
    assert state.to_json()["state"] == twin.to_json()["state"]
    assert state.hand_seeds == twin.hand_seeds == [hand_seed(9, 1), hand_seed(9, 2)]
    deals = state.view(None)["deals"]
    assert [d["seed"] for d in deals] == [hand_seed(9, 1), None]


def test_a_fingerprint_is_checked_whatever_its_spelling() -> None:
    fp = fingerprint(31337)
    assert verify(31337, fp.upper()) and verify(31337, fp.replace("-", " "))
    assert not verify(31338, fp)


def test_a_match_file_keeps_the_fingerprints_and_refuses_a_changed_one() -> None:
    from game.core.matchfile import MatchFileError, export_match, import_match

    state = play_until(GAMES["gin_rummy"].new_match(2, seed=9), lambda s: len(s.hand_seeds) == 2)
    text = export_match(state)
    assert f'[Fingerprint "2 {fingerprint(hand_seed(9, 2))}"]' in text
    assert import_match(text).to_json() == state.to_json()
    forged = text.replace(fingerprint(hand_seed(9, 2)), fingerprint(hand_seed(9, 3)))
    with pytest.raises(MatchFileError, match="hand 2 was not dealt from the seed its fingerprint promised"):
        import_match(forged)
