"""The arena's independent players (``game.yardsticks``): legal, blind to hidden cards, seeded."""

from __future__ import annotations

import random
from typing import Any

import pytest

from game import GAMES
from game.core import Bot, Move, Rng
from game.core.referee import Referee
from game.yardsticks import PLAYERS

TABLES = {"gang_de_mouettes": (2, 3, 4, 6), "lagagne": (2, 3, 4, 6), "gin_rummy": (2,)}
NAMES = [(game_id, name) for game_id, players in PLAYERS.items() for name in players]


class Checked(Bot):
    """Passes a player's answers through, failing the test on any move it was not offered."""

    def __init__(self, bot: Bot) -> None:
        super().__init__(None)
        self.bot, self.level = bot, bot.level
        self.moves = 0

    def choose(self, view: dict[str, Any], legal_moves: list[Move]) -> Move:
        move = self.bot.choose(view, legal_moves)
        assert move in legal_moves, f"{self.level} chose {move} out of {legal_moves}"
        self.moves += 1
        return move

    def react(self, view: dict[str, Any], legal_moves: list[Move]) -> tuple[Move, float] | None:
        answer = self.bot.react(view, legal_moves)
        if answer is not None:
            assert answer[0] in legal_moves, f"{self.level} reacted {answer[0]} out of {legal_moves}"
            assert 0.0 <= answer[1] <= 3.0
        return answer


def play(game_id: str, names: list[str], seed: int) -> tuple[list[str], list[Checked]]:
    """A quick match of ``names`` through the referee; its move log and the checked players."""
    desc = GAMES[game_id]
    state = desc.new_match(len(names), options=desc.quick_options() if desc.quick_options else None, seed=seed)
    bots = {s: Checked(desc.make_bot(name, seed * 10 + s)) for s, name in enumerate(names)}
    referee = Referee(state, dict(bots))
    for _ in range(50_000):
        if state.is_over() or not referee.step():
            break
    assert not referee.faults, referee.faults
    assert state.is_over(), f"{game_id} with {names} did not finish"
    return list(state.log), list(bots.values())


def test_the_players_are_arena_yardsticks_never_table_levels() -> None:
    for game_id, players in PLAYERS.items():
        desc = GAMES[game_id]
        for name in players:
            assert name in desc.yardsticks and name not in desc.bot_levels
            assert desc.make_bot(name, 1).level == name
        assert desc.make_bot("normal", 1).level == "normal"
    assert "simple" in GAMES["gin_rummy"].yardsticks


@pytest.mark.parametrize("game_id", sorted(PLAYERS))
def test_the_players_play_only_legal_moves_through_whole_matches(game_id: str) -> None:
    names = list(PLAYERS[game_id])
    rnd = random.Random(game_id)
    for seed in range(12):
        players = rnd.choice(TABLES[game_id])
        table = [names[(seed + s) % len(names)] for s in range(players)]
        _, bots = play(game_id, table, 500 + seed)
        assert all(b.moves > 0 for b in bots)


@pytest.mark.parametrize("game_id", sorted(PLAYERS))
def test_the_same_seed_plays_the_same_match(game_id: str) -> None:
    names = list(PLAYERS[game_id])
    table = (names * 2)[: TABLES[game_id][-1] if game_id != "gin_rummy" else 2]
    assert play(game_id, table, 77)[0] == play(game_id, table, 77)[0]


def _random_walk_states(game_id: str, players: int, seed: int, steps: int) -> list[Any]:
    """States met along a random game, copied, for the hidden-card test."""
    desc = GAMES[game_id]
    state = desc.new_match(players, seed=seed)
    rnd = random.Random(seed)
    seen = []
    for _ in range(steps):
        if state.is_over():
            break
        seen.append(desc.load(state.to_json()))
        seat = rnd.choice(state.to_move())
        legal = state.legal_moves(seat)
        if not legal:
            break
        state.apply(rnd.choice(legal))
    return seen


@pytest.mark.parametrize(("game_id", "name"), NAMES)
def test_the_players_read_only_their_view(game_id: str, name: str) -> None:
    """Two states that differ only in the cards hidden from a seat get the same answer from it."""
    desc = GAMES[game_id]
    compared = 0
    for players in (TABLES[game_id][0], TABLES[game_id][-1]):
        for state in _random_walk_states(game_id, players, 31 + players, 400):
            for seat in state.to_move():
                legal = state.legal_moves(seat)
                if not legal:
                    continue
                twin = state.redeal_hidden(seat, Rng(seat * 7 + compared))
                assert twin.view(seat) == state.view(seat)
                a, b = desc.make_bot(name, 5), desc.make_bot(name, 5)
                if seat in state.to_move()[:1]:
                    assert a.choose(state.view(seat), legal) == b.choose(twin.view(seat), twin.legal_moves(seat))
                else:
                    assert a.react(state.view(seat), legal) == b.react(twin.view(seat), twin.legal_moves(seat))
                compared += 1
    assert compared > 100
