"""Undo, replay and match files, for every registered game."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import GAMES, IllegalMove
from game.core.matchfile import MatchFileError, export_match, import_match
from tests.conformance.test_contract import PLAY_CASES, PLAY_IDS, pick, quick_match

pytestmark = pytest.mark.usefixtures("huit_registered")


def played(game_id: str, players: int, seed: int, moves: int, variant: str | None = None):
    desc = GAMES[game_id]
    state = quick_match(game_id, players, seed, variant)
    rnd = random.Random(seed)
    bots = {s: desc.make_bot("easy", seed + s) for s in range(players)}
    snapshots = [state.to_json()]
    for _ in range(moves):
        if state.is_over():
            break
        state.apply(pick(state, rnd, bots))
        snapshots.append(state.to_json())
    return state, snapshots


@pytest.mark.parametrize(("game_id", "players", "variant"), PLAY_CASES, ids=PLAY_IDS)
def test_undo_takes_back_each_move_exactly(game_id: str, players: int, variant: str | None) -> None:
    state, snapshots = played(game_id, players, 3, 60, variant)
    for earlier in reversed(snapshots[:-1]):
        last = state.log[-1]
        assert state.undo() == last
        assert state.to_json() == earlier
    with pytest.raises(IllegalMove) as info:
        state.undo()
    assert info.value.key == "nothing_to_undo"
    assert state.to_json() == snapshots[0]


@pytest.mark.parametrize(("game_id", "players", "variant"), PLAY_CASES, ids=PLAY_IDS)
def test_replay_and_match_files_round_trip(game_id: str, players: int, variant: str | None) -> None:
    state, snapshots = played(game_id, players, 8, 400, variant)
    assert state.replay(len(state.log)).to_json() == state.to_json()
    assert state.replay(5).to_json() == snapshots[5]
    with pytest.raises(ValueError):
        state.replay(len(state.log) + 1)
    text = export_match(state)
    again = import_match(text)
    assert again.to_json() == state.to_json()
    assert export_match(again) == text


def test_a_stacked_deck_options_and_odd_names_round_trip() -> None:
    desc = GAMES["lagagne"]
    options = dataclasses.replace(desc.Options(), target=60, first_dealer=1)
    deck = ["Echange", "Z", "Sh", "P20h"]
    state = desc.new_match(['Ann "the Brave"', "Bob, Jr.", "C\\D"], options=options, seed=9, deck=deck)
    text = export_match(state)
    assert '[Option "target=60"]' in text and '[Deck "Echange Z Sh P20h"]' in text
    again = import_match(text)
    assert again.names == state.names and again.options == state.options and again.deck == deck
    assert again.to_json() == state.to_json()


@pytest.mark.parametrize(("text", "line", "says"), [
    ('[Game "chess"]\n[Seed "1"]\n[Player "A"]\n', 1, "unknown game 'chess'"),
    ('[Game "gin_rummy"]\n[Seed "x"]\n[Player "A"]\n[Player "B"]\n', 2, "whole number"),
    ('[Game "gin_rummy"]\n[Seed "1"]\n[Player "A"]\n[Player "B"]\n[Option "speed=3"]\n', 5, "unknown rule option"),
    ('[Game "gin_rummy"]\n[Seed "1"]\n[Player "A"]\n[Player "B"]\n[Option "knock_limit=true"]\n', 5, "should be int"),
    ('[Game "gin_rummy"]\n[Seed "1"]\n[Player "A"]\n', 3, "cannot start"),
    ('[Game "gin_rummy"]\n[Seed "1"]\n[Player "A"]\n[Player "B"]\n\n0: fly\n', 6, "unreadable move"),
    ('[Game "gin_rummy"]\n[Seed "1"]\n[Player "A"]\n[Player "B"]\n# a comment\n0: discard Kh\n', 6, "illegal move"),
    ('[Game "gin_rummy"]\n[Seed "1"]\n[Player "A"]\n[Player "B"]\n[Mood "sunny"]\n', 5, "unknown header"),
    ('[Game "gin_rummy"\n', 1, "a header is written"),
    ('[Seed "1"]\n', 1, "[Game"),
])
def test_a_bad_file_names_its_line_and_the_reason(text: str, line: int, says: str) -> None:
    with pytest.raises(MatchFileError) as info:
        import_match(text)
    assert info.value.line == line and says in str(info.value), str(info.value)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300))
def test_garbage_is_refused_as_a_match_file_error_only(text: str) -> None:
    try:
        import_match('[Game "gin_rummy"]\n[Seed "1"]\n[Player "A"]\n[Player "B"]\n' + text)
        import_match(text)
    except MatchFileError:
        pass
