"""The score sheet on a phone's browser seat (the picture the page draws): eight seats' names over
their columns stay apart and readable, and the rows are read at a phone's text size. Before, the
sheet kept the desktop's proportions: 7–10 px rows, and the names shrunk until they ran into each
other. Rectangles only."""

from __future__ import annotations

import pytest

from net.browser import Screen
from tests.ui.test_score_chart import session_after
from ui.session import SeatInfo
from ui.table.scores import ScoreSheetScene
from ui.web.seat import BrowserSeats

NAMES = ["Spieler 1", "Alice", "Bruno", "Chloé", "Dimitri", "Émilie", "Félix", "Gaëlle"]


@pytest.mark.parametrize("size", [(360, 640), (390, 844), (844, 390)])
@pytest.mark.parametrize("names", [NAMES, [f"Player {n}" for n in range(1, 9)]])
def test_eight_names_and_the_rows_are_readable_on_a_phone(size: tuple[int, int], names: list[str]) -> None:
    seat = BrowserSeats()(Screen((*size, "de")))
    session = session_after("gang_de_mouettes", 8, 3)
    session.seats[:] = [SeatInfo(name) for name in names]
    nodes = ScoreSheetScene(seat.app, session).picture_nodes(0)
    heads = [n for n in nodes if n.ident.startswith("sheet:name:")]
    assert len(heads) == 8
    said = [str(n.content) for n in heads]
    assert len(set(said)) == 8 and not any("…" in words for words in said), said
    assert all(words[0] == name[0] for words, name in zip(said, names, strict=True))
    assert all(n.text_size is not None and n.text_size >= 10 for n in heads), [(n.content, n.text_size) for n in heads]
    for a, b in zip(heads, heads[1:]):
        assert a.rect[0] + a.rect[2] <= b.rect[0], f"{a.content} runs into {b.content}"
    rows = [n for n in nodes if n.kind == "text" and n.ident.startswith(("sheet:sum:", "sheet:total:", "sheet:hand:"))]
    assert rows and min(n.text_size or 0 for n in rows) >= 12
    sheet = next(n for n in nodes if n.ident == "sheet")
    assert all(sheet.rect[0] <= n.rect[0] and n.rect[0] + n.rect[2] <= sheet.rect[0] + sheet.rect[2] for n in heads + rows)
