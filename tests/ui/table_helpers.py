"""Helpers for the table tests: start a stacked Gin Rummy match, drag cards with real mouse events,
run frames until something happens, and find sprites."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import pygame

from game import GAMES
from game.core import Bot
from game.gin_rummy import GinOptions
from tests.patience import PATIENCE
from ui.session import MatchSession, SeatInfo
from ui.table.scene import TableScene
from ui.table.sprites import CardSprite

# Alice (seat 0, non-dealer) holds As 2s 3s, 7s 7h 7d, 9c Tc Jc and Kh; Bob holds unconnected cards.
# The upcard is Qd; the stock then gives 5d, Qc, 6c, ...
ALICE = ["As", "2s", "3s", "7s", "7h", "7d", "9c", "Tc", "Jc", "Kh"]
BOB = ["Ks", "Qh", "Jd", "8c", "6s", "4h", "2c", "Td", "8h", "5c"]
STACKED = [c for pair in zip(ALICE, BOB) for c in pair] + ["Qd", "5d", "Qc", "6c"]


def stacked_session(seats: Sequence[SeatInfo], options: GinOptions | None = None, seed: int = 11,
                    deck: Sequence[str] = STACKED) -> MatchSession:
    """A Gin Rummy match for ``seats`` dealt from ``deck`` (seat 1 deals, so seat 0 plays first)."""
    options = options or GinOptions(game_target=25, match_target=25, first_dealer=1)
    state = GAMES["gin_rummy"].new_match([s.name for s in seats], options=options, seed=seed, deck=list(deck))
    # the bots' seeds are fixed here (a real table draws them from the system) so the stacked hand
    # plays the same way every time
    return MatchSession(state, list(seats), bot_seeds={seat: 100 + seat for seat in range(len(seats))})


def start(app, session: MatchSession, bots: Mapping[int, Bot] | None = None) -> TableScene:
    """Seat ``session`` at the table with instant animations and no bot delay; ``bots`` replace
    the table's own bots in those seats before the first frame."""
    app.settings.animation_speed = "instant"
    app.settings.bot_delay = 0.0
    app.start_match(session)
    for seat, bot in (bots or {}).items():
        app.top.driver.referee.replace_bot(seat, bot)
    app.step(1 / 60)
    assert isinstance(app.top, TableScene)
    return app.top


def post(event_type: int, **attrs) -> None:
    pygame.event.post(pygame.event.Event(event_type, **attrs))


def drag(app, start: tuple[int, int], end: tuple[int, int], steps: int = 5) -> None:
    """Press at ``start``, move in ``steps`` motions to ``end`` (a frame after each), release."""
    post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    app.step(1 / 60)
    for i in range(1, steps + 1):
        x = round(start[0] + (end[0] - start[0]) * i / steps)
        y = round(start[1] + (end[1] - start[1]) * i / steps)
        post(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(1, 0, 0))
        app.step(1 / 60)
    post(pygame.MOUSEBUTTONUP, pos=end, button=1)
    app.step(1 / 60)


def click_at(app, pos: tuple[int, int]) -> None:
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    app.step(1 / 60)


def key(app, key_code: int, mod: int = 0) -> None:
    post(pygame.KEYDOWN, key=key_code, mod=mod, unicode="", scancode=0)
    post(pygame.KEYUP, key=key_code, mod=mod, unicode="", scancode=0)
    app.step(1 / 60)


def run_until(app, done: Callable[[], bool], frames: int = 400) -> None:
    """Run frames (letting bot threads answer) until ``done()``; fail after ``frames``."""
    for _ in range(frames):
        if done():
            return
        scene = app.top
        if isinstance(scene, TableScene):
            scene.wait_for_bot(PATIENCE)
        app.step(1 / 60)
    assert done(), "the table did not get there in time"


def visible_point(sprite: CardSprite) -> tuple[int, int]:
    """A point of ``sprite`` that no later card of a fan covers (its left strip, mid-height)."""
    rect = sprite.rect
    return (rect.x + max(4, sprite.width // 6), rect.centery)


def top_of(scene: TableScene, zone: str) -> CardSprite:
    return max((s for s in scene.sprites if s.zone == zone), key=lambda s: s.order)


def sprite_of(scene: TableScene, card: str) -> CardSprite:
    return next(s for s in scene.sprites if s.card == card)


def button(scene: TableScene, key_name: str):
    return next(b for b in scene.buttons if b.key == key_name)


def hand_centre(scene: TableScene) -> tuple[int, int]:
    layout = scene.layout
    return (layout.size[0] // 2, round(layout.hand_y + layout.card_h / 2))


def discard_centre(scene: TableScene) -> tuple[int, int]:
    """The middle of the discard pile's place (also when the pile is empty)."""
    layout = scene.layout
    x, y = layout.discard_pos
    return (round(x + layout.card_w / 2), round(y + layout.card_h / 2))


def knock(app, scene: TableScene) -> None:
    """Press Knock, then the knock panel's Knock: the automatic arrangement."""
    click_at(app, button(scene, "knock").rect.center)
    panel = app.top
    click_at(app, next(b for b in panel.buttons if b.key == "confirm").rect.center)


def focus_on(app, scene: TableScene, wanted) -> None:
    """Press Tab, then Right until the keyboard focus rests on what ``wanted(item)`` accepts."""
    key(app, pygame.K_TAB)
    for _ in range(60):
        if wanted(scene.input.focused()):
            return
        key(app, pygame.K_RIGHT)
    raise AssertionError("the focus never reached the wanted item")
