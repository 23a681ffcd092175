"""``benchmarks/research/oracle.py``: ``hard``'s search shown the hidden cards for a diagnostic run, and put back after."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from game import GAMES
from game.core import Rng
from game.core.referee import Referee
from game.gang_de_mouettes import bots as gang_bots
from game.gin_rummy import bots as gin_bots
from game.lagagne import bots as lagagne_bots
from game.lagagne.state import LaGagneState
from game.yardsticks import PLAYERS
from game.yardsticks.gang import GangPlayer
from game.yardsticks.lagagne import LaGagnePlayer
from tests.scripts import load_script


def load() -> ModuleType:
    return load_script("benchmarks/research/oracle.py")


def _played(game_id: str, players: int, steps: int) -> Referee:
    """A match a few moves in, played by ``normal`` through a referee (which the oracle watches)."""
    desc = GAMES[game_id]
    state = desc.new_match(players, seed=4242)
    referee = Referee(state, {s: desc.make_bot("normal", s) for s in range(players)})
    for _ in range(steps):
        assert referee.step()
    return referee


def test_gin_rummy_known_shows_the_true_opponent_hand_and_shuffles_the_stock() -> None:
    oracle = load()
    with oracle.sighted("gin_rummy", "known"):
        referee = _played("gin_rummy", 2, 12)
        state: Any = referee.state
        view = state.view(0)
        bot = gin_bots.HardBot(7)
        deals = gin_bots.HardBot._deals(bot, gin_bots._Seen(view), view)
    assert {hand for hand, _ in deals} == {state.hands[1]}
    assert all(sorted(stock) == sorted(state.stock) for _, stock in deals)
    assert len({tuple(stock) for _, stock in deals}) > 1


def _gin_discard_decision() -> tuple[Any, int]:
    """A match played by ``normal`` through a referee up to a seat's choice of a discard with no
    knock on offer; the state and that seat."""
    referee = _played("gin_rummy", 2, 0)
    state: Any = referee.state
    while True:
        for seat in (0, 1):
            actions = [m.action for m in state.legal_moves(seat)]
            if (any(a.startswith("discard ") for a in actions) and not any(a.startswith(("knock", "gin")) for a in actions)
                    and state.view(seat)["discard_log"]):
                return state, seat
        assert referee.step()


@pytest.mark.parametrize("part", ["feed", "playouts"])
def test_gin_rummy_a_part_sees_the_true_hand_and_the_rest_still_guesses(part: str,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    fed: list[int] = []
    played: list[tuple[int, list[int]]] = []

    def feed(card: int, hands: list[int]) -> float:
        fed.extend(hands)
        return 0.0

    def played_out(self: Any, seen: Any, deals: list[tuple[int, list[int]]], card: int, bonus: Any) -> float:
        played.extend(deals)
        return 0.0

    monkeypatch.setattr(gin_bots, "_feed", feed)
    monkeypatch.setattr(gin_bots.HardBot, "_played_out", played_out)
    oracle = load()
    with oracle.sighted("gin_rummy", part):
        state, seat = _gin_discard_decision()  # the oracle watches the referee that played it
        gin_bots.HardBot(3).choose(state.view(seat), state.legal_moves(seat))
    truth = state.hands[1 - seat]
    assert fed and played
    shown, guessed = set(fed), {h for h, _ in played}
    if part == "playouts":
        shown, guessed = guessed, shown
        assert all(sorted(stock) == sorted(state.stock) for _, stock in played)
    assert shown == {truth}
    assert len(guessed) > 1
    assert gin_bots._feed is feed and gin_bots.HardBot.__dict__["_played_out"] is played_out


def test_gang_known_shows_what_somebody_knows_and_all_shows_every_card() -> None:
    oracle = load()
    for sight in ("known", "all"):
        with oracle.sighted("gang_de_mouettes", sight):
            referee = _played("gang_de_mouettes", 4, 9)
            real: Any = referee.state
            view = real.view(0)
            bot = gang_bots.HardBot(3)
            world = gang_bots.HardBot.world(bot, view, bot.perspective(view))
        for s in range(4):
            for i, value in enumerate(real.slots[s]):
                if sight == "all" or real.know[s][i]:
                    assert world.slots[s][i] == value, (sight, s, i)
        cards = Counter(v for row in world.slots for v in row) + Counter(world.pile)
        assert cards == Counter(v for row in real.slots for v in row) + Counter(real.pile)


def test_lagagne_known_shows_every_hand_to_hard_only(monkeypatch: pytest.MonkeyPatch) -> None:
    oracle = load()
    seen: list[Any] = []

    def spy(st: Any, seat: int, move: Any, scores: Any, wt: Any = None) -> float:
        seen.append(st)
        return 0.0

    monkeypatch.setattr(lagagne_bots, "move_value", spy)
    with oracle.sighted("lagagne", "known"):
        referee = _played("lagagne", 2, 6)
        real: Any = referee.state
        seat = real.current
        seen.clear()  # the normal seats that played the first moves judged through the spy too
        lagagne_bots.HardBot(5).choose(real.view(seat), real.legal_moves(seat))
        guessed = LaGagneState.determinise(real.view(seat), Rng(5))
    world = seen[0]
    assert world.hands == real.hands
    assert sorted(world.pile) == sorted(real.pile) and world.pile != real.pile
    assert guessed.hands != real.hands  # normal, which guesses through the same call, still guesses


def _patched() -> tuple[Any, ...]:
    """Everything the oracle replaces for a run, as it stands."""
    return (gin_bots.HardBot.__dict__["_deals"], gin_bots.HardBot.__dict__["choose"], gin_bots._feed,
            gin_bots.HardBot.__dict__["_played_out"], gang_bots.HardBot.__dict__["world"],
            gang_bots.HardBot.__dict__["choose"], gang_bots.rollout, gang_bots.decide,
            lagagne_bots.HardBot.__dict__["choose"], lagagne_bots.rollout_values,
            LaGagneState.__dict__["determinise"], Referee.step)


def test_the_samplers_and_the_referee_are_put_back() -> None:
    oracle = load()
    before = _patched()
    for game_id, sights in oracle.SIGHTS.items():
        for sight in sights:
            opponent = next(iter(PLAYERS[game_id]))
            with pytest.raises(RuntimeError), oracle.sighted(game_id, sight, opponent):
                raise RuntimeError("a run that fails")
    assert _patched() == before


@pytest.mark.parametrize(("game_id", "opponent", "player"), [("gang_de_mouettes", "gang", GangPlayer),
                                                              ("lagagne", "lagagne", LaGagnePlayer)])
def test_opponent_sight_plays_the_other_seats_of_the_rollouts_as_the_opponent(
        game_id: str, opponent: str, player: type[Any], monkeypatch: pytest.MonkeyPatch) -> None:
    oracle = load()
    asked: list[int] = []
    choose = player.choose

    def spy(self: Any, view: dict[str, Any], legal_moves: list[Any]) -> Any:
        asked.append(view["seat"])
        return choose(self, view, legal_moves)

    monkeypatch.setattr(player, "choose", spy)
    bots: Any = gang_bots if game_id == "gang_de_mouettes" else lagagne_bots
    before = _patched()
    rollouts = (gang_bots.rollout, gang_bots.decide, lagagne_bots.rollout_values)
    with oracle.sighted(game_id, "opponent", opponent):
        referee = _played(game_id, 2, 5 if game_id == "gang_de_mouettes" else 6)  # a choice hard searches
        real: Any = referee.state
        seat = real.to_move()[0]
        assert not asked  # normal, at the table, is left as it is
        bots.HardBot(5).choose(real.view(seat), real.legal_moves(seat))
        assert (gang_bots.rollout, gang_bots.decide, lagagne_bots.rollout_values) == rollouts  # put back
    assert asked and set(asked) == {1 - seat}  # the rollouts asked the opponent, for its own seat only
    assert _patched() == before


def test_opponent_sight_models_only_an_independent_player_of_the_game() -> None:
    oracle = load()
    with pytest.raises(ValueError, match="not 'normal'"), oracle.sighted("lagagne", "opponent", "normal"):
        pass


def test_a_sight_or_an_opponent_the_game_has_not_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    oracle = load()
    with pytest.raises(ValueError, match="no sight 'all'"), oracle.sighted("gin_rummy", "all"):
        pass
    with pytest.raises(SystemExit):
        oracle.main(["lagagne", "lagagne", "--sight", "all", "--seed", "9861", "--count", "1"])
    assert "lagagne has no sight 'all'" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        oracle.main(["gin_rummy", "nobody", "--seed", "9861", "--count", "1"])
    assert "unknown bot level 'nobody'" in capsys.readouterr().err


def test_runs_of_different_deals_are_not_paired(tmp_path: Path) -> None:
    oracle = load()
    base = {"game": "gin_rummy", "opponent": "simple", "players": 2, "seed": 9861, "first": 0, "count": 2,
            "fair_race": False, "sight": "guess", "diffs": [1.0, 3.0], "wins": [0.5, 1.0]}
    other = dict(base, sight="known", diffs=[4.0, 8.0], wins=[1.0, 1.0])
    text = oracle.pair(base, other)
    assert "difference +4.000" in text and "difference +0.250" in text
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    a.write_text(json.dumps(base))
    b.write_text(json.dumps(dict(other, seed=9862)))
    with pytest.raises(SystemExit, match="same deals"):
        oracle.main(["--pair", str(a), str(b)])
