"""Undo keeps its place while Hint comes and goes over a played hand, and Hint its own (issue 35),
checked on the buttons' rectangles after every move of a short match."""

from __future__ import annotations

import pygame

from tests.patience import PATIENCE
from tests.ui.table_helpers import stacked_session, start
from ui.session import SeatInfo


def _rects(scene) -> dict[str, pygame.Rect]:
    return {b.key: pygame.Rect(b.rect) for b in scene.buttons if b.key in ("undo", "hint")}


def test_undo_keeps_its_place_when_hint_goes(app) -> None:
    scene = start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))
    seen: list[dict[str, pygame.Rect]] = [_rects(scene)]
    for _ in range(40):
        if scene.legal:
            scene.play(scene.legal[0])
            seen.append(_rects(scene))  # before the bot answers: Hint gone while Bob is to play
        scene.wait_for_bot(PATIENCE)
        app.step(1 / 60)
        seen.append(_rects(scene))
        if any(set(r) == {"undo"} for r in seen) and any(set(r) == {"undo", "hint"} for r in seen):
            break
    assert any(set(r) == {"undo"} for r in seen) and any(set(r) == {"undo", "hint"} for r in seen), seen
    for key in ("undo", "hint"):
        places = {tuple(r[key]) for r in seen if key in r}
        assert len(places) == 1, (key, places)
    both = next(r for r in seen if set(r) == {"undo", "hint"})
    assert not both["undo"].colliderect(both["hint"])
