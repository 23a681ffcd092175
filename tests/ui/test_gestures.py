"""Gesture conformance, over every game (the tests-only one too): at many points of seeded random
matches, every legal move of the player at the screen is made by some gesture of the table (a click,
a double click, a drag onto a target, a button, one local gesture such as choosing a mode first),
and no gesture makes a move the engine does not list."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import pytest

from game import GAMES, Move
from game.core.state import GameState
from tests.tinygame import registered
from tests.tinygame.table import HuitAdapter
from tests.ui.table_helpers import start
from ui.games import register_adapter, unregister_adapter
from ui.games.base import Action
from ui.session import MatchSession, SeatInfo
from ui.table.scene import TableScene

POINTS = 6
"""Points checked per match (every few moves of a seeded random match)."""


def gestures(scene: TableScene) -> list[Action]:
    """What every gesture of the table does now: clicks and double clicks on each card, each drop of
    each draggable card, each button (``None`` results left out)."""
    view, legal, adapter = scene.view, scene.legal, scene.adapter
    done: list[Action | None] = []
    for sprite in list(scene.sprites):
        done += [adapter.click(sprite, view, legal, double) for double in (False, True)]
        if adapter.draggable(sprite, view, legal):
            done += [d.action for d in adapter.drops(sprite, view, legal)]
    done += [b.action for b in scene.buttons]
    return [a for a in done if a is not None]


def reachable(app: object, session: Callable[[], MatchSession]) -> tuple[set[Move], list[Move]]:
    """The moves some gesture (or a local gesture, then one more) makes, and the illegal ones made."""
    scene = start(app, session())
    legal = set(scene.legal)
    first = gestures(scene)
    moves = {a for a in first if isinstance(a, Move)}
    bad = [m for m in moves if m not in legal]
    if legal - moves:  # a move made in two gestures: choose (a mode, a card), then act
        for index in range(len(first) + 2 * len(scene.sprites)):
            scene = start(app, session())
            scene.finish_animations()
            again = gestures(scene)
            clicks = [(s, d) for s in scene.sprites for d in (False, True)]
            if index < len(again):
                action = again[index]
                if isinstance(action, Move):
                    continue
                scene.perform(action)
            else:
                sprite, double = clicks[index - len(again)]
                if scene.adapter.click(sprite, scene.view, scene.legal, double) is not None:
                    continue  # a click that acts was counted above
            then = {a for a in gestures(scene) if isinstance(a, Move)}
            bad += [m for m in then if m not in legal]
            moves |= then
            if not legal - moves:
                break
    return moves & legal, bad


def points(game_id: str, players: int, seed: int) -> Iterator[Callable[[], MatchSession]]:
    """Sessions at ``POINTS`` points of a seeded random match, the seat to act at the screen."""
    descriptor = GAMES[game_id]
    rng = random.Random(seed)
    names = [f"P{i}" for i in range(players)]
    state = descriptor.new_match(names, seed=seed)
    shown = 0
    for step in range(4000):
        if state.is_over() or shown == POINTS:
            return
        seats = [s for s in state.to_move() if state.legal_moves(s)]
        if not seats:
            return
        seat = rng.choice(seats)
        if step % 7 == 0:
            shown += 1
            yield _fresh(state.clone(), [SeatInfo(n, None if i == seat else "easy") for i, n in enumerate(names)])
        state.apply(rng.choice(state.legal_moves(seat)))


def _fresh(kept: GameState, seats: list[SeatInfo]) -> Callable[[], MatchSession]:
    """A new session at ``kept`` each time (a table's bots may move in its first frame)."""
    return lambda: MatchSession(kept.clone(), seats)


@pytest.fixture
def huit() -> Iterator[object]:
    with registered() as desc:
        register_adapter(desc.id, HuitAdapter)
        try:
            yield desc
        finally:
            unregister_adapter(desc.id)


@pytest.mark.parametrize(("game_id", "players", "seed"), [
    ("gang_de_mouettes", 3, 31), ("lagagne", 3, 32), ("gin_rummy", 2, 33), ("huit", 2, 34)])
def test_every_legal_move_has_a_gesture_and_no_gesture_an_illegal_move(app, huit, game_id: str, players: int,
                                                                      seed: int) -> None:
    checked = 0
    for session in points(game_id, players, seed):
        app.settings.bot_delay = 0.0
        scene = start(app, session())
        legal = set(scene.legal)
        moves, bad = reachable(app, session)
        assert not bad, f"{game_id}: gestures make illegal moves {bad}"
        assert moves == legal, f"{game_id}: no gesture makes {sorted(map(str, legal - moves))}"
        checked += bool(legal)
    assert checked >= 3
