"""The table as a phone's browser seat sees it (the largest cards and text, a touch screen's words),
held upright (360×640, 390×844) and on its side (844×390), for each game at two, a middle and its
largest table: the picture's invariants (``test_picture.problems``: nothing off the screen, nothing over
information, each seat's cards nearest its plate, every text fitting), and, upright on a common phone,
the viewer's cards wide enough for a thumb and the buttons high enough to tap. Rectangles only."""

from __future__ import annotations

import pytest

from tests.ui.test_picture import SEATS, app, look, problems, reached, tables  # noqa: F401 (app: a fixture)
from ui.app import App
from ui.i18n import MOUSE, TOUCH
from ui.session import MatchSession
from ui.table.layout import is_portrait

PHONES = [(360, 640), (390, 844), (844, 390)]
THUMB = 56
"""CSS pixels: the narrowest a card of the viewer's may be on a 390-wide phone held upright."""
TAP = 44
"""CSS pixels: the lowest a button may be there (the common guideline for a finger's target)."""
GAMES = ["gang_de_mouettes", "gin_rummy", "lagagne"]
KNOWN: dict[tuple[str, int, tuple[int, int]], str] = {
    ("gang_de_mouettes", 8, (844, 390)): "the landscape arc at 390 px high: seats 2 and 6's squares lie as near the "
                                         "plate below them as their own (the desktop's layout, never checked this low)",
}
"""Defects left for later (strict: fixing one shows)."""
CASES = [pytest.param(g, n, size, id=f"{g}-{n}p-{size[0]}x{size[1]}",
                      marks=[pytest.mark.xfail(strict=True, reason=KNOWN[g, n, size])] if (g, n, size) in KNOWN else [])
         for g in GAMES for n in tables(g) for size in PHONES]


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
        if is_portrait(size) and size[0] >= 390:
            mine = [n.rect[2] for n in picture.owned_by(0, "card")]
            found += [f"{language}: the viewer's cards are {min(mine)} px wide" for _ in mine[:1] if min(mine) < THUMB]
            found += [f"{language}: button {n.ident} is {n.rect[3]} px high" for n in picture.of_kind("button")
                      if n.rect[3] < TAP]
    app._tr.input_kind = MOUSE
    app.set_language("en")
    assert not found, "\n".join(found[:30])
