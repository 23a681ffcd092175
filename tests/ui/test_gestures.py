"""Gesture conformance, over every game (the tests-only one too): at many points of seeded random
matches, every legal move of the player at the screen is made by some gesture of the gesture table
the adapter declared (a click, a double click or Enter, Shift+arrows, a drag onto a target, a
button, one local gesture such as choosing a mode first), and no gesture makes a move the engine
does not list. The table is immutable, and what the table's input treats as draggable, focusable
and clickable is what the table says."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import FrozenInstanceError

import pygame
import pytest

from game import GAMES, Move
from game.core.state import GameState
from tests.ui.table_helpers import start, visible_point
from ui.session import MatchSession, SeatInfo
from ui.table.gestures import NOTHING, Action, Drop, Gestures
from ui.table.scene import TableScene
from ui.table.sprites import CardSprite

POINTS = 6
"""Points checked per match (every few moves of a seeded random match)."""
GAMES_CHECKED = [("gang_de_mouettes", 3, 31), ("lagagne", 3, 32), ("gin_rummy", 2, 33), ("huit", 2, 34)]


def gestures(scene: TableScene) -> list[Action]:
    """What every gesture of the table does now, read from its gesture table: clicks, double clicks
    and Shift+arrows on each card, each drop of each card, each button (``None`` left out)."""
    table = scene.gestures
    done: list[Action | None] = []
    for sprite in list(scene.sprites):
        card = table.of(sprite)
        done += [card.press(False), card.press(True), *card.shift, *(d.action for d in card.drops)]
    done += [b.action for b in scene.buttons]
    return [a for a in done if a is not None]


def reachable(app: object, session: Callable[[], MatchSession]) -> tuple[set[Move], set[Move], list[Move]]:
    """The legal moves of a fresh table at ``session``, the moves some gesture (or a local gesture,
    then one more) makes there, and the illegal ones made. Each table is judged by its own legal
    moves: a table's bots may move in its first frame, and a fresh table where they did (its legal
    moves differ) is not used for the second gestures."""
    scene = start(app, session())
    legal = set(scene.legal)
    first = gestures(scene)
    moves = {a for a in first if isinstance(a, Move)}
    bad = [m for m in moves if m not in legal]
    if legal - moves:  # a move made in two gestures: choose (a mode, a card), then act
        for index, action in enumerate(first):
            if isinstance(action, Move):
                continue
            scene = start(app, session())
            scene.finish_animations()
            again = gestures(scene)
            if set(scene.legal) != legal or len(again) != len(first):
                continue
            scene.perform(again[index])
            then = {a for a in gestures(scene) if isinstance(a, Move)}
            bad += [m for m in then if m not in set(scene.legal)]
            moves |= then
            if not legal - moves:
                break
    return legal, moves & legal, bad


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


@pytest.mark.parametrize(("game_id", "players", "seed"), GAMES_CHECKED)
def test_every_legal_move_has_a_gesture_and_no_gesture_an_illegal_move(app, huit, game_id: str, players: int,
                                                                      seed: int) -> None:
    checked = 0
    for session in points(game_id, players, seed):
        app.settings.bot_delay = 0.0
        legal, moves, bad = reachable(app, session)
        assert not bad, f"{game_id}: gestures make illegal moves {bad}"
        assert moves == legal, f"{game_id}: no gesture makes {sorted(map(str, legal - moves))}"
        checked += bool(legal)
    assert checked >= 3


def _event(kind: int, **attrs: object) -> pygame.event.Event:
    return pygame.event.Event(kind, **attrs)


def _busy_table(app: object, game_id: str, players: int, seed: int) -> TableScene:
    """A table at the first point of a random match where some card has a gesture."""
    for session in points(game_id, players, seed):
        scene = start(app, session())
        if scene.gestures.cards:
            return scene
    raise AssertionError(f"no card of {game_id} has a gesture at any point")


@pytest.mark.parametrize(("game_id", "players", "seed"), GAMES_CHECKED)
def test_the_gesture_table_is_immutable(app, huit, game_id: str, players: int, seed: int) -> None:
    table = _busy_table(app, game_id, players, seed).gestures
    assert table.status
    with pytest.raises(FrozenInstanceError):
        table.status = "changed"  # type: ignore[misc]
    with pytest.raises(TypeError):
        table.cards[0] = NOTHING  # type: ignore[index]
    assert isinstance(table.buttons, tuple)
    for spec in table.buttons:
        with pytest.raises(FrozenInstanceError):
            spec.label = "changed"  # type: ignore[misc]
    for card in table.cards.values():
        with pytest.raises(FrozenInstanceError):
            card.click = None  # type: ignore[misc]
        assert isinstance(card.drops, tuple) and isinstance(card.attempts, tuple)
        for target in (*card.drops, *card.attempts):
            target.rect.move_ip(50, 50)  # a copy: the table keeps no rectangle one could move
            assert target.rect == pygame.Rect(target.area)
            with pytest.raises(FrozenInstanceError):
                target.zone = "elsewhere"  # type: ignore[misc]
    given = {1: NOTHING}
    kept = Gestures(given)
    given[2] = NOTHING
    assert list(kept.cards) == [1], "the table copied the cards it was given"


@pytest.mark.parametrize(("game_id", "players", "seed"), GAMES_CHECKED)
def test_what_the_input_treats_as_draggable_focusable_and_clickable_is_what_the_table_says(
        app, huit, game_id: str, players: int, seed: int) -> None:
    """Real pointer and key events on every card the pointer can reach: the card rises under the
    pointer and may be dragged exactly when the table gives it somewhere to go (its lit targets are
    the table's drops), a click and a double click do the table's actions, the focus walks the
    table's focusable cards and Space, Enter and Shift+arrows on them do the table's actions."""
    checked = 0
    for index, session in enumerate(points(game_id, players, seed)):
        if index % 2:
            continue
        scene = start(app, session())
        done: list[Action | None] = []
        scene.perform = done.append  # record what the gestures do, leave the match as it is
        table = scene.gestures
        focusable = {s.ident for s in scene.sprites if table.of(s).focus}
        assert {i.ident for i in scene.input.focus_items() if isinstance(i, CardSprite)} == focusable
        for sprite in list(scene.sprites):
            point = visible_point(sprite)
            if scene.input.sprite_at(point) is not sprite:
                continue
            table, card = scene.gestures, scene.gestures.of(sprite)
            scene.input.handle_event(_event(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(0, 0, 0)))
            assert sprite.lift_goal == (1.0 if card.drag else 0.0), sprite
            scene.input._last_click = None  # each card's first click is a single click
            done.clear()
            scene.input.handle_event(_event(pygame.MOUSEBUTTONDOWN, pos=point, button=1))
            scene.input.handle_event(_event(pygame.MOUSEBUTTONUP, pos=point, button=1))
            assert done == [card.press(False)], sprite
            done.clear()
            away = (point[0] + 10, point[1])
            scene.input.handle_event(_event(pygame.MOUSEBUTTONDOWN, pos=point, button=1))
            scene.input.handle_event(_event(pygame.MOUSEMOTION, pos=away, rel=(10, 0), buttons=(1, 0, 0)))
            assert (scene.input.drag is not None) == card.drag, sprite
            lit = [(d.zone, d.action) for d in scene.input.drop_targets()]
            assert lit == [(d.zone, d.action) for d in card.drops if not d.button or d.zone in lit_zones(scene, d)]
            scene.input.handle_event(_event(pygame.MOUSEBUTTONUP, pos=away, button=1))
            if not card.drag:
                assert done == [card.press(True)], sprite  # the second click on the card: a double click
            checked += 1
        for i, item in enumerate(scene.input.focus_items()):
            if not isinstance(item, CardSprite):
                continue
            card = scene.gestures.of(item)
            for key, mod, action in ((pygame.K_SPACE, 0, card.press(False)), (pygame.K_RETURN, 0, card.press(True)),
                                     (pygame.K_LEFT, pygame.KMOD_SHIFT, card.shift[0]),
                                     (pygame.K_RIGHT, pygame.KMOD_SHIFT, card.shift[1])):
                scene.input.focus = i
                done.clear()
                scene.input.handle_event(_event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
                assert done == [action], (item, key)
    assert checked >= 20


def lit_zones(scene: TableScene, drop: Drop) -> set[str]:
    """The zone of a drop onto a button, when that button is shown (else it cannot be lit)."""
    return {drop.zone} if any(b.key == drop.button for b in scene.buttons) else set()
