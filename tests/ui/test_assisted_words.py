"""A match that turns assisted says so at the table, and the statistics show its result beside the
others (once, a Gang de mouettes match played with "Show what I know" left "—" in every main cell)."""

from __future__ import annotations

from tests.ui.table_helpers import button, click_at
from tests.ui.test_table_gang import gang_table
from ui.scenes.stats import StatsScene
from ui.session import SeatInfo


def test_the_memory_aid_says_the_match_now_counts_as_assisted(app) -> None:
    app.settings.memory_aid = True
    scene = gang_table(app, [SeatInfo("Alice"), SeatInfo("Bob", "normal"), SeatInfo("Cara", "normal")])
    assert not scene.session.assisted
    click_at(app, button(scene, "memorised").rect.center)
    if not scene.adapter.assisted():
        click_at(app, button(scene, "marks").rect.center)
    click_at(app, next(s for s in scene.sprites if s.zone == "stock").rect.center)
    assert scene.session.assisted
    said = app.tr("table.now_assisted")
    assert scene.log.lines.count(said) == 1
    click_at(app, button(scene, "throw").rect.center)
    assert scene.log.lines.count(said) == 1                         # told once, not at every move


def test_assisted_results_show_in_the_level_cell(app) -> None:
    seats = [SeatInfo("Alice"), SeatInfo("Bob", "normal")]
    app.storage.record_result("gang_de_mouettes", seats, [0], assisted=True)
    app.storage.record_result("gang_de_mouettes", seats, [1], assisted=True)
    stats = StatsScene(app)
    app.push(stats)
    app.step(1 / 60)
    cells = dict(stats.rows())
    title = next(t for t in cells if "mouettes" in t.lower())
    main, sub = cells[title][1]                                     # easy, normal, hard, …: normal
    assert main == "1 / 2"
    assert app.tr("stats.assisted", n=2, won=app.tr("stats.assisted_won", n=1)) in sub
