"""The page draws its words with the font the host measured them with (the app's Noto Sans, served
at ``/font/``), so every word of a phone's table fits the node the host gave it (its width, and its height for
words on several lines; a word the host's size does not fit is shrunk to fit): headless Chromium
at 390×844 on a Gin Rummy and a Gang de mouettes table, in the four languages,
looked at after each of the first gestures."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from game import GAMES
from net.table import HostedTable, NetSeat
from tests.web.cdp import CHROMIUM, Browser, Page
from tests.web.player import CODE, Player, Table, counter, join

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (.ci/run installs it)")

TABLES = {"gin_rummy": ["Ann", "Bob"], "gang_de_mouettes": ["Ann", "Bob", "Cy", "Di"]}
GESTURES = 3
"""Gestures played before the last look (the first pictures, then the table under way)."""
SLACK = 0.5
"""CSS pixels a text may pass its node's edge by (sub-pixel rounding of the two boxes)."""

CLIPPED = """[...document.querySelectorAll('#table .node')].flatMap(el => {
    const span = el.querySelector(':scope > span');
    if (!span || !span.textContent.trim()) return [];
    const box = el.getBoundingClientRect(), text = span.getBoundingClientRect();
    if (text.left >= box.left - %(slack)s && text.right <= box.right + %(slack)s
        && text.top >= box.top - %(slack)s && text.bottom <= box.bottom + %(slack)s) return [];
    return [{id: el.dataset.id, text: span.textContent, node: [box.width, box.height],
             drawn: [text.width, text.height], font: getComputedStyle(span).fontSize}]; })"""


@pytest.fixture
def browser(request: pytest.FixtureRequest) -> Iterator[Browser]:
    chromium = Browser(request.param)
    yield chromium
    chromium.close()


def clipped(page: Page) -> list[dict[str, Any]]:
    page.until(lambda: page.holds("document.fonts.status === 'loaded'"), "the page's fonts loaded")
    return list(page.js(CLIPPED % {"slack": SLACK}) or [])


@pytest.mark.parametrize("browser", ["en", "fr", "de", "es"], indirect=True)
@pytest.mark.parametrize("game_id", list(TABLES))
def test_every_word_on_a_phone_fits_the_node_the_host_measured_it_for(browser: Browser, game_id: str) -> None:
    names = TABLES[game_id]
    state = GAMES[game_id].new_match(names, seed=3)
    seats = [NetSeat(names[0], "remote")] + [NetSeat(n, "easy") for n in names[1:]]
    host = Table(HostedTable(state, seats, CODE, auto_start=True, think_delay=0.2))
    try:
        page = browser.page(390, 844)
        join(page, host.url, "Anna")
        assert page.js("document.body.dataset.fonts") == "app", "the page waited for the app's font"
        family = page.js("getComputedStyle(document.querySelector('#table .node > span')).fontFamily")
        assert family.startswith('"Tablee Sans"'), family
        assert clipped(page) == []
        player = Player(page, 0)
        for _ in range(GESTURES):
            shown = counter(page, "pictures")
            player.move()
            page.until(lambda shown=shown: counter(page, "pictures") != shown, "the table's answer")
            assert clipped(page) == []
    finally:
        host.close()
