"""The table as a phone's browser seat sees it (the largest cards and text, a touch screen's words),
held upright (360×640, 390×844) and on its side (844×390, 740×360), for each game at every table
size: the picture's invariants (``test_picture.problems``: nothing off the screen, nothing over
information, each seat's cards nearest its plate, every text fitting); upright on a common phone, the
viewer's cards wide enough for a thumb, the buttons high enough to tap and the status readable in the
top bar; on its side, the viewer's cards and the buttons large enough for a thumb too. Rectangles only."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game import GAMES as GAMES_
from tests.ui.test_picture import SEATS, app, look, problems, reached  # noqa: F401 (app: a fixture)
from ui.app import App
from ui.i18n import MOUSE, TOUCH
from ui.picture.model import Picture
from ui.session import MatchSession
from ui.table.layout import is_portrait
from ui.table.scene import TableScene

PHONES = [(360, 640), (390, 844), (844, 390), (740, 360)]
THUMB = 56
"""CSS pixels: the narrowest a card of the viewer's may be on a 390-wide phone held upright."""
TAP = 44
"""CSS pixels: the lowest a button may be there (the common guideline for a finger's target)."""
STATUS = 12
"""Pixels: the smallest the status may be written there (in at most ``STATUS_LINES`` lines)."""
STATUS_LINES = 3
SIDE_THUMB = 44
"""CSS pixels: the narrowest a card of the viewer's may be on a 844×390 phone on its side. Its height
holds the other seats, the piles, a row of buttons and the viewer's cards (Gang de mouettes' four in
one row there), so a card there is narrower than upright; 44 is the width of a finger's pad."""
SIDE_TAP = 40
"""CSS pixels: the lowest a button may be on a 844×390 phone on its side (``layout.TAP_LANDSCAPE``):
the 44 of the guideline less the gap each button keeps around it, the height being scarce."""
GAMES = ["gang_de_mouettes", "gin_rummy", "lagagne"]
KNOWN: dict[tuple[str, int, tuple[int, int]], str] = {}
"""Defects left for later (strict: fixing one shows)."""
def seat_counts(game_id: str) -> list[int]:
    """Every table size of the game (a phone's layouts change with the seats: an arc, two columns, a row)."""
    desc = GAMES_[game_id]
    return list(range(desc.min_players, desc.max_players + 1))


CASES = [pytest.param(g, n, size, id=f"{g}-{n}p-{size[0]}x{size[1]}",
                      marks=[pytest.mark.xfail(strict=True, reason=KNOWN[g, n, size])] if (g, n, size) in KNOWN else [])
         for g in GAMES for n in seat_counts(g) for size in PHONES]


@pytest.mark.parametrize(("game_id", "players", "size"), CASES)
def test_a_phone_sees_the_table_whole_and_large_enough(app: App, game_id: str, players: int,  # noqa: F811
                                                      size: tuple[int, int]) -> None:
    state = reached(game_id, players, "play")
    assert state is not None
    found = []
    app._tr.input_kind = TOUCH  # a browser seat's words
    for language in ("en", "de"):
        scene = look(app, size, MatchSession(state.clone(), SEATS(players)), "extra_large", 200, language)
        picture = scene.picture()
        found += [f"{language}: {p}" for p in problems(picture, scene.text)]
        thumb, tap = (THUMB, TAP) if size == (390, 844) else (SIDE_THUMB, SIDE_TAP) if size == (844, 390) else (0, 0)
        mine = [n.rect[2] for n in picture.owned_by(0, "card")]
        found += [f"{language}: the viewer's cards are {min(mine)} px wide" for _ in mine[:1] if min(mine) < thumb]
        found += [f"{language}: button {n.ident} is {n.rect[3]} px high" for n in picture.of_kind("button")
                  if n.rect[3] < tap]
        if is_portrait(size) and size[0] >= 390:
            found += [f"{language}: {why}" for why in unreadable_status(picture, scene)]
    app._tr.input_kind = MOUSE
    app.set_language("en")
    assert not found, "\n".join(found[:30])


def unreadable_status(picture: Picture, scene: TableScene) -> list[str]:
    """Why the top bar's status is not readable at arm's length (written smaller than ``STATUS`` or
    on more than ``STATUS_LINES`` lines, as the bar writes it), or nothing."""
    node = picture["bar:status"]
    size, lines = scene.text.block_lines(node.content, node.text_size, node.rect[2], node.rect[3])
    return [f"the status {node.content!r} is written at {size} px on {len(lines)} lines"
            for _ in [1] if size < STATUS or len(lines) > STATUS_LINES]


def test_the_status_check_sees_a_status_too_small(app: App) -> None:  # noqa: F811
    """The status check finds a status squeezed into a bar too narrow (a check that finds nothing proves nothing)."""
    state = reached("lagagne", 2, "play")
    assert state is not None
    app._tr.input_kind = TOUCH
    scene = look(app, (390, 844), MatchSession(state.clone(), SEATS(2)), "extra_large", 200, "de")
    app._tr.input_kind = MOUSE
    picture = scene.picture()
    assert unreadable_status(picture, scene) == []
    node = picture["bar:status"]
    narrow = Picture(picture.size, tuple(replace(n, rect=(n.rect[0], n.rect[1], 120, n.rect[3])) if n is node else n
                                         for n in picture))
    assert unreadable_status(narrow, scene)
