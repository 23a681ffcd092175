"""A phone's browser at a real table: headless Chromium (390×844, touch) opens the table's URL on
loopback, joins, and plays only through what the page shows and the gestures its nodes accept —
a whole Gang de mouettes round with a quick-discard race won against a bot, a Gin Rummy hand, and a
reload in the middle that gives the seat and its view back.

The player (``tests.web.player``) plays as a person would, from what the page shows."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game import GAMES
from net.table import HostedTable, NetSeat
from tests.tinygame import registered
from tests.tinygame.table import HuitAdapter
from tests.web.cdp import CHROMIUM, Browser
from tests.web.player import CODE, Player, Table, join, play
from ui.games import register_adapter, unregister_adapter

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (.ci/run installs it)")


@pytest.fixture
def browser() -> Iterator[Browser]:
    chromium = Browser("en")
    yield chromium
    chromium.close()


def test_a_phone_plays_a_whole_gang_round_and_wins_a_quick_discard_race(browser: Browser) -> None:
    desc = GAMES["gang_de_mouettes"]
    options = desc.Options(snap_window_seconds=1.5, end_turn_grace_seconds=1.0)
    names = ["Ann", "Bob", "Cy", "Di"]
    state = desc.new_match(names, options, seed=7)
    seats = [NetSeat("Ann", "remote")] + [NetSeat(name, "easy") for name in names[1:]]
    host = Table(HostedTable(state, seats, CODE, auto_start=True, think_delay=0.3))
    try:
        page = browser.page()
        join(page, host.url)
        player = Player(page, 0)
        assert not any(n["id"] == "curtain" for n in player.look()), "a browser seat never shows the curtain"
        assert len(player.known) == 2, "the two nearest cards are shown to memorise"
        play(page, player, lambda: state.view(None)["phase"] in ("round_over", "over"))
        snaps = [line for line in state.log if line.startswith("0: snap")]
        assert player.snapped and snaps, "the phone won a quick-discard race against the bots"
    finally:
        host.close()


def test_a_phone_plays_a_gin_hand_and_gets_its_seat_back_after_a_reload(browser: Browser) -> None:
    desc = GAMES["gin_rummy"]
    state = desc.new_match(["Ann", "Bot"], seed=4)
    host = Table(HostedTable(state, [NetSeat("Ann", "remote"), NetSeat("Bot", "easy")], CODE, auto_start=True,
                             think_delay=0.2))
    try:
        page = browser.page()
        join(page, host.url)
        player = Player(page, 0)
        play(page, player, lambda: len(state.log) >= 6 and state.to_move() == [0])

        def shown() -> list[str]:
            return sorted(n["img"].rsplit("_", 1)[-1] for n in player.look() if n["group"] == "hand:0")

        page.until(lambda: shown() == sorted(state.view(0)["hand"]), "the seat's hand shown as the host deals it")
        key = page.js("localStorage.getItem('tablee.seat.' + " + repr(CODE) + ")")
        page.js("window.beforeReload = true")
        page.reload()
        page.until(lambda: page.holds("!window.beforeReload && !document.getElementById('table').hidden"),
                   "the table drawn after the reload")
        assert page.js("document.getElementById('join').hidden"), "the seat came back without joining again"
        assert host.table.seats[0].name == "Zoé" and host.table.seats[0].conn is not None
        assert state.to_move() == [0], "the match waited for the seat"
        assert shown() == sorted(state.view(0)["hand"]), "the same hand is shown after the reload"
        assert page.js("localStorage.getItem('tablee.seat.' + " + repr(CODE) + ")") != key, "a key works once"
        play(page, player, lambda: bool(state.history) or state.is_over())
        assert state.history or state.is_over(), "the hand was played to its end"
    finally:
        host.close()


def test_a_fourth_game_written_only_in_python_plays_in_the_browser_unchanged(browser: Browser) -> None:
    with registered() as desc:
        register_adapter(desc.id, HuitAdapter)
        try:
            state = desc.new_match(["Ann", "Bot"], desc.Options(first_dealer=1, target=200), seed=4)
            host = Table(HostedTable(state, [NetSeat("Ann", "remote"), NetSeat("Bot", "normal")], CODE,
                                     auto_start=True))
            try:
                page = browser.page()
                join(page, host.url)
                play(page, Player(page, 0), lambda: bool(state.history))
                assert any(line.startswith("0: play") for line in state.log)
            finally:
                host.close()
        finally:
            unregister_adapter(desc.id)
