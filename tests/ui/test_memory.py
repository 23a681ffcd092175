"""A table opens with the heap collected and set aside, so that no full collection pauses play."""

from __future__ import annotations

import gc
import weakref

from tests.ui.table_helpers import stacked_session, start
from ui.session import SeatInfo


class _Node:
    other: _Node | None = None


def test_opening_a_table_collects_cycles_and_sets_the_survivors_aside(app) -> None:
    first, second = _Node(), _Node()
    first.other, second.other = second, first  # a reference cycle, alive while ``kept`` holds it
    kept = [first]
    watch = weakref.ref(first)
    del first, second
    start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))
    assert gc.get_freeze_count() > 0
    kept.clear()  # now garbage, but set aside: play's collections never walk it
    gc.collect()
    assert watch() is not None
    start(app, stacked_session([SeatInfo("Alice"), SeatInfo("Bob", "easy")]))  # the next table frees it
    assert watch() is None
