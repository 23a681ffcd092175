"""A phone's browser at a real table: headless Chromium (390×844, touch) opens the table's URL on
loopback, joins, and plays only through what the page shows and the gestures its nodes accept —
a whole Gang de mouettes round with a quick-discard race won against a bot, a Gin Rummy hand, and a
reload in the middle that gives the seat and its view back.

The player (``tests.web.player``) plays as a person would, from what the page shows."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from game import GAMES
from net.table import HostedTable, NetSeat
from tests.tinygame import registered
from tests.tinygame.table import HuitAdapter
from tests.web.cdp import CHROMIUM, Browser, Page
from tests.web.player import CODE, STEPS, Player, Table, counter, join, play, visible
from tests.web.test_seat import knock_with_a_long_meld
from ui.games import register_adapter, unregister_adapter

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (.ci/run installs it)")


@pytest.fixture
def browser() -> Iterator[Browser]:
    chromium = Browser("en")
    yield chromium
    chromium.close()


def test_a_phone_plays_a_gang_match_to_its_end_and_wins_a_quick_discard_race(browser: Browser) -> None:
    """A match ended by its first round (it ends after the round in which a total reaches 1 point):
    the whole round, a race won, then the match's result and its score sheet."""
    desc = GAMES["gang_de_mouettes"]
    options = desc.Options(snap_window_seconds=1.5, end_turn_grace_seconds=1.0, match_end=1)
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
        play(page, player, state.is_over)
        snaps = [line for line in state.log if line.startswith("0: snap")]
        assert player.snapped and snaps, "the phone won a quick-discard race against the bots"
        tap(page, "button:sheet")
        page.until(lambda: node(page, "sheet:winner"), "the score sheet with the winner")
        totals = {i.split(":")[-1]: t for i, t in texts(page, "sheet:total:").items() if not i.endswith(":label")}
        assert totals == {str(s): str(p) for s, p in enumerate(state.scores)}, "the match totals, seat by seat"
        winners = [("Zoé" if w == 0 else names[w]) for w in state.winners()]
        assert all(name in texts(page, "sheet:winner")["sheet:winner"] for name in winners)
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


def node(page: Page, ident: str) -> dict[str, Any] | None:
    return next((n for n in page.nodes() if n["id"] == ident), None)


def tap(page: Page, ident: str) -> None:
    """A finger on the node named ``ident``, once the page shows it (and it takes a gesture)."""
    found = page.until(lambda: (n := node(page, ident)) is not None and n["acts"] and n, f"{ident} on the page")
    page.touch(*visible(page, found))


def test_a_phone_lays_out_its_knock_by_dragging_a_card_to_the_deadwood(browser: Browser, tmp_path: Path) -> None:
    state, discard, moved = knock_with_a_long_meld()
    host = Table(HostedTable(state, [NetSeat("Ann", "remote"), NetSeat("Bot", "easy")], CODE, auto_start=True,
                             started=True))
    try:
        page = browser.page()
        join(page, host.url)
        player = Player(page, 0)
        card = page.until(lambda: next((n for n in player.look() if n["group"] == "hand:0"
                                        and n["img"] and n["img"].endswith("_" + discard)), None), "the discard shown")
        page.touch(*visible(page, card))
        page.until(lambda: " selected" in (node(page, card["id"]) or {}).get("cls", ""), "the card chosen")
        tap(page, "button:knock")
        dead = page.until(lambda: node(page, "knock:deadwood"), "the knock panel")
        mine = page.until(lambda: node(page, f"knock:{moved}"), "the card in its meld")
        assert mine["group"] != "knock:deadwood" and mine["img"].endswith("_" + moved)
        before = len(state.log)
        assert dead["acts"] is None, "a row takes a tap only while a card is picked up"
        row = page.js("(() => { const s = document.querySelector('[data-id=\"knock:deadwood\"]').style; "
                      "return [s.left, s.top, s.width, s.height].map(parseFloat); })()")
        assert row in [d["rect"] for d in mine["acts"]["drops"]], "the card may be dropped on the deadwood row"
        player.drag(mine, row)
        page.until(lambda: (node(page, f"knock:{moved}") or {}).get("group") == "knock:deadwood",
                   "the card moved to the deadwood row")
        page.until(lambda: page.holds("[...document.images].every(i => i.complete) && !document.getAnimations().length"),
                   "the card images, the card landed")
        page.screenshot(tmp_path / "knock-panel.png")
        assert len(state.log) == before
        tap(page, "knock:button:confirm")
        page.until(lambda: len(state.log) > before, "the knock played")
        line = state.log[before]
        assert line.startswith(f"0: knock {discard} ") and moved not in line.split(" ", 3)[3], line
        page.until(lambda: node(page, "knock") is None, "the panel closed")
    finally:
        host.close()


def shot(page: Page, path: Path) -> None:
    """The page as it is once its card images are in and nothing moves any more."""
    page.until(lambda: page.holds("[...document.images].every(i => i.complete) && !document.getAnimations().length"),
               "the page at rest")
    page.screenshot(path)


def texts(page: Page, prefix: str) -> dict[str, str]:
    return {n["id"]: n["text"] for n in page.nodes() if n["id"].startswith(prefix)}


def test_a_phone_reads_the_score_sheet_at_the_match_end_leaves_and_takes_its_seat_back(browser: Browser,
                                                                                        tmp_path: Path) -> None:
    desc = GAMES["gin_rummy"]
    state = desc.new_match(["Ann", "Bot"], desc.Options(game_target=1, match_target=1), seed=4)
    host = Table(HostedTable(state, [NetSeat("Ann", "remote"), NetSeat("Bot", "easy")], CODE, auto_start=True,
                             think_delay=0.2))
    try:
        page = browser.page()
        join(page, host.url)
        play(page, Player(page, 0), state.is_over)
        card = page.until(lambda: texts(page, "score_card"), "the hand's score card")
        assert card["score_card"] == "", "the card's words are its parts, each in its place"
        assert {"score_card:title", "score_card:end", "score_card:0:label", "score_card:0:value"} <= set(card)
        winner = state.names[state.winners()[0]] if state.winners()[0] else "Zoé"
        assert winner in card["score_card:end"] and winner in card["score_card:title"] + card["score_card:end"]
        shot(page, tmp_path / "score-card.png")
        tap(page, "button:sheet")
        page.until(lambda: node(page, "sheet:winner"), "the score sheet with the winner")
        totals = {i.split(":")[-1]: t for i, t in texts(page, "sheet:total:").items() if not i.endswith(":label")}
        assert totals == {str(s): str(p) for s, p in enumerate(state.scores)}, "the match totals, seat by seat"
        assert winner in texts(page, "sheet:winner")["sheet:winner"]
        assert {n["id"] for n in page.nodes() if n["acts"]} == {"sheet:button:back", "sheet:button:leave"}
        shot(page, tmp_path / "sheet.png")
        tap(page, "sheet:button:leave")
        page.until(lambda: page.holds("!document.getElementById('left').hidden"), "the page says the player left")
        page.until(lambda: host.table.seats[0].conn is None, "the host heard the player leave")
        shot(page, tmp_path / "left.png")
        page.js("document.getElementById('rejoin-button').click()")
        page.until(lambda: page.holds("!document.getElementById('table').hidden"), "the table drawn again")
        page.until(lambda: host.table.seats[0].conn is not None, "the seat taken back with its key")
    finally:
        host.close()


def test_a_phone_opens_its_menu_reads_the_score_sheet_and_leaves_mid_hand(browser: Browser, tmp_path: Path) -> None:
    desc = GAMES["gin_rummy"]
    state = desc.new_match(["Ann", "Bot"], seed=4)
    host = Table(HostedTable(state, [NetSeat("Ann", "remote"), NetSeat("Bot", "easy")], CODE, auto_start=True,
                             think_delay=0.2))
    try:
        page = browser.page()
        join(page, host.url)
        assert not {"button:hint", "button:undo"} & {n["id"] for n in page.nodes()}, \
            "a network table offers no hint and no undo, to a browser as to a desktop guest"
        tap(page, "web:menu")
        page.until(lambda: node(page, "menu:button:leave"), "the menu")
        assert {n["id"] for n in page.nodes() if n["acts"]} == {"menu:button:back", "menu:button:sheet",
                                                                 "menu:button:leave"}, "no undo, no hint at a network table"
        shot(page, tmp_path / "menu.png")
        tap(page, "menu:button:sheet")
        page.until(lambda: node(page, "sheet:button:back"), "the score sheet")
        assert node(page, "menu") is None and node(page, "sheet:button:leave") is None
        tap(page, "sheet:button:back")
        page.until(lambda: node(page, "sheet") is None, "back at the table")
        log = len(state.log)
        tap(page, "web:menu")
        tap(page, "menu:button:leave")
        page.until(lambda: page.holds("!document.getElementById('left').hidden"), "the page says the player left")
        page.until(lambda: host.table.seats[0].conn is None, "the host heard the player leave")
        assert len(state.log) == log, "leaving plays nothing"
    finally:
        host.close()


def log_state(page: Page) -> dict[str, Any]:
    return dict(page.js("""(() => { const el = document.querySelector('[data-id="log"]');
        const list = el && el.querySelector('.lines');
        if (!list) return {lines: [], top: 0, end: 0, h: 0};
        return {lines: [...list.children].map(p => p.textContent), top: list.scrollTop,
                end: list.scrollHeight - list.clientHeight, h: el.getBoundingClientRect().height}; })()"""))


def test_a_phone_scrolls_back_through_the_log_and_enlarges_it(browser: Browser, tmp_path: Path) -> None:
    desc = GAMES["gin_rummy"]
    state = desc.new_match(["Ann", "Bot"], seed=4)
    host = Table(HostedTable(state, [NetSeat("Ann", "remote"), NetSeat("Bot", "easy")], CODE, auto_start=True,
                             think_delay=0.2))
    try:
        page = browser.page()
        join(page, host.url)
        player = Player(page, 0)
        play(page, player, lambda: len(log_state(page)["lines"]) >= 8 and state.to_move() == [0])
        shown = log_state(page)
        assert any(line.startswith("Bot ") for line in shown["lines"]), "the other players' moves are read"
        assert shown["end"] > 0 and shown["top"] >= shown["end"] - 4, "the log shows its newest line"
        assert page.js("getComputedStyle(document.querySelector('[data-id=\"log\"]'), '::before').backgroundImage")\
            .startswith("linear-gradient"), \
            "the line cut by the log's top edge fades out (it showed half a line)"
        assert page.js("getComputedStyle(document.getElementById('table')).webkitTapHighlightColor") == "rgba(0, 0, 0, 0)", \
            "a tap leaves no blue box on the node it touched (it stayed under the score sheet)"
        box = node(page, "log")
        x, y = box["x"] + box["w"] / 2, box["y"] + box["h"] * 0.3

        def scrolled_back() -> bool:
            """Scrolled back, else a finger swipes again (a picture that lands mid-swipe may take it)."""
            if log_state(page)["top"] < shown["end"] - 4:
                return True
            page.touch(x, y, to=(x, y + box["h"] * 0.6))
            return False

        page.until(scrolled_back, "the log scrolled back by a finger")
        back = log_state(page)["top"]
        tap(page, "log")
        page.until(lambda: log_state(page)["h"] > box["h"] * 1.5, "the log enlarged over the table")
        assert page.js("getComputedStyle(document.querySelector('[data-id=\"log\"]')).backgroundColor") == "rgb(8, 30, 18)", \
            "enlarged, the log is solid: the score card's words do not show through its lines"
        shot(page, tmp_path / "log.png")
        assert log_state(page)["top"] <= back + 1, "reading back is not cut short by the next picture"
        tap(page, "log")
        page.until(lambda: abs(log_state(page)["h"] - box["h"]) < 2, "the log back in its corner")
    finally:
        host.close()


def test_the_quick_discard_ring_runs_down_on_the_page_between_two_pictures(browser: Browser, tmp_path: Path) -> None:
    """The ring's share of time left falls on the page while no picture comes (before, it showed the
    share of the last picture until the next one). Counted by pictures, never by the clock."""
    desc = GAMES["gang_de_mouettes"]
    options = desc.Options(snap_window_seconds=3.0, end_turn_grace_seconds=1.0)
    names = ["Ann", "Bob", "Cy"]
    state = desc.new_match(names, options, seed=7)
    seats = [NetSeat("Ann", "remote")] + [NetSeat(name, "easy") for name in names[1:]]
    host = Table(HostedTable(state, seats, CODE, auto_start=True, think_delay=0.3))
    try:
        page = browser.page()
        join(page, host.url)
        player = Player(page, 0)

        def ring() -> tuple[int, float] | None:
            """(pictures drawn, the ring's share on the page), while a ring is shown."""
            found = page.js("(() => { const r = document.querySelector('.node.ring');"
                            " return r ? [Number(document.body.dataset.pictures), Number(r.dataset.share)] : null; })()")
            return (int(found[0]), float(found[1])) if found else None

        ran: list[tuple[int, float]] = []
        for _ in range(STEPS):
            first = ring()
            if first is not None:
                later = page.until(lambda first=first: (r := ring()) is None or r[0] != first[0] or r[1] < first[1] - 0.05
                                   and r, "the ring runs down, or a new picture, or the window shuts")
                if later and later[0] == first[0]:
                    ran = [first, later]
                    shot(page, tmp_path / "ring.png")
                    break
            received = counter(page, "received")
            player.move()
            page.until(lambda received=received: counter(page, "received") != received or ring() is not None,
                       "the host's next message")
        assert ran, "a quick-discard window was shown"
        (pictures, before), (same, after) = ran
        assert same == pictures and after < before, "the ring ran down with no new picture"
    finally:
        host.close()


def test_a_message_fades_on_the_page_when_its_time_is_up_without_a_new_picture(browser: Browser) -> None:
    state, discard, moved = knock_with_a_long_meld()
    host = Table(HostedTable(state, [NetSeat("Ann", "remote"), NetSeat("Bot", "easy")], CODE, auto_start=True,
                             started=True))
    try:
        page = browser.page()
        join(page, host.url)
        card = page.until(lambda: next((n for n in page.nodes() if n["group"] == "hand:0" and n["img"]
                                        and n["img"].endswith("_" + discard)), None), "the discard shown")
        page.touch(*visible(page, card))
        for ident in ("button:knock", f"knock:{moved}", "knock:new", "knock:button:confirm", "knock:button:cancel"):
            tap(page, ident)
        page.until(lambda: node(page, "knock") is None and any(n["id"] == "message" for n in page.nodes()),
                   "the panel closed, the refusal said over the table")
        words = page.js("""(() => { const el = document.querySelector('[data-id="message"]');
            const span = el.querySelector('span'), box = el.getBoundingClientRect();
            const text = span.getBoundingClientRect();
            const lines = Math.round(text.height / parseFloat(getComputedStyle(span).lineHeight));
            return {px: parseFloat(getComputedStyle(el).fontSize), lines: lines, fitted: el.dataset.fitted || null,
                    inside: text.left >= box.left - 0.5 && text.right <= box.right + 0.5
                            && text.top >= box.top - 0.5 && text.bottom <= box.bottom + 0.5}; })()""")
        assert words["px"] >= 14 and words["fitted"] is None, f"the words at the desktop's size, not shrunk: {words}"
        assert words["lines"] >= 2 and words["inside"], f"a narrow bubble's words wrap onto its lines: {words}"
        # the message still in the page's picture but worn: the page faded it by its own clock (a
        # picture from the host after its time would have removed it; one before, set its time again)
        page.until(lambda: page.holds("document.querySelector('[data-id=\"message\"]').classList.contains('worn')"),
                   "the message faded")
    finally:
        host.close()


def test_a_phone_plays_a_whole_lagagne_game_and_reads_its_score_sheet(browser: Browser, tmp_path: Path) -> None:
    """A short game (to 60 points) of the real rules against two bots, played only by dragging cards
    onto the columns and the discard; every face-up card the page shows in another hand is one the
    seat knows (an Échanger), and the draw pile is never shown."""
    desc = GAMES["lagagne"]
    names = ["Ann", "Bob", "Cy"]
    state = desc.new_match(names, desc.Options(target=60), seed=5)
    seats = [NetSeat("Ann", "remote")] + [NetSeat(name, "easy") for name in names[1:]]
    host = Table(HostedTable(state, seats, CODE, auto_start=True, think_delay=0.1))
    try:
        page = browser.page()
        join(page, host.url)
        player = Player(page, 0, lay_first=True)
        shown_hands = 0

        def known() -> list[set[str]]:
            view = state.view(0)
            return [set(cards) for cards in view["known_cards"]]

        def looked() -> bool:
            nonlocal shown_hands
            before = known()
            faces = [(n["group"], n["img"].rsplit("_", 1)[-1]) for n in page.nodes()
                     if n["img"] and not n["img"].endswith("/back")]
            after = known()
            for group, card in faces:
                assert group != "stock", f"the draw pile's {card} shown face up"
                if group.startswith("hand:") and group != "hand:0":
                    seat = int(group.split(":")[1])
                    assert card in before[seat] | after[seat], f"{card} of {group} shown to a seat that may not know it"
                    shown_hands += 1
            return state.is_over()

        play(page, player, looked)
        assert any(line.startswith("0: play") for line in state.log), "the phone laid cards in its columns"
        page.until(lambda: node(page, "final_card:end"), "the game's result")
        winners = " & ".join(("Zoé" if w == 0 else names[w]) for w in state.winners())
        assert winners in node(page, "final_card:end")["text"] or winners in node(page, "bar:status")["text"]
        tap(page, "button:sheet")
        page.until(lambda: node(page, "sheet:winner"), "the score sheet with the winner")
        totals = {i.split(":")[-1]: t for i, t in texts(page, "sheet:total:").items() if not i.endswith(":label")}
        assert totals == {str(s): str(p) for s, p in enumerate(state.scores)}, "the game's totals, seat by seat"
        shot(page, tmp_path / "lagagne-sheet.png")
    finally:
        host.close()


def test_a_reload_in_the_middle_of_a_knock_gives_the_panel_back_as_it_was(browser: Browser) -> None:
    """The knock panel is the seat's own unfinished gesture: a reload (or a dropped Wi-Fi) while it
    is open brings it back with the cards where the player had put them (before, the table came
    back without it)."""
    state, discard, moved = knock_with_a_long_meld()
    host = Table(HostedTable(state, [NetSeat("Ann", "remote"), NetSeat("Bot", "easy")], CODE, auto_start=True,
                             started=True))
    try:
        page = browser.page()
        join(page, host.url)
        card = page.until(lambda: next((n for n in page.nodes() if n["group"] == "hand:0" and n["img"]
                                        and n["img"].endswith("_" + discard)), None), "the discard shown")
        page.touch(*visible(page, card))
        page.until(lambda: " selected" in (node(page, card["id"]) or {}).get("cls", ""), "the card chosen")
        tap(page, "button:knock")
        tap(page, f"knock:{moved}")
        tap(page, "knock:deadwood")
        page.until(lambda: (node(page, f"knock:{moved}") or {}).get("group") == "knock:deadwood", "the card moved")
        rows = sorted((n["id"], n["group"]) for n in page.nodes() if n["id"].startswith("knock:") and n["img"])
        before = len(state.log)
        page.js("window.beforeReload = true")
        page.reload()
        page.until(lambda: page.holds("!window.beforeReload && !document.getElementById('table').hidden"),
                   "the table drawn after the reload")
        page.until(lambda: node(page, "knock:deadwood"), "the knock panel back")
        assert sorted((n["id"], n["group"]) for n in page.nodes() if n["id"].startswith("knock:") and n["img"]) == rows, \
            "every card in the row the player had put it in"
        tap(page, "knock:button:confirm")
        page.until(lambda: len(state.log) > before, "the knock played")
        assert state.log[before].startswith(f"0: knock {discard} ") and moved not in state.log[before].split(" ", 3)[3]
    finally:
        host.close()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_phone_waiting_at_a_table_that_deals_by_itself_is_told_so(lang: str, tmp_path: Path) -> None:
    """A phone at a table on the host's screen read "Waiting for the host to start the match…", but
    nobody starts it there: the page says the match starts once every player has joined, and how many have."""
    desc = GAMES["gang_de_mouettes"]
    state = desc.new_match(["Ann", "Bob", "Cy"], seed=5)
    seats = [NetSeat("Ann", "remote"), NetSeat("Bob", "remote"), NetSeat("Cy", "easy")]
    host = Table(HostedTable(state, seats, CODE, auto_start=True, watch_token="the-screens-key"))
    chromium = Browser(lang)
    try:
        page = chromium.page()
        page.open(host.url)
        page.until(lambda: page.holds("!document.getElementById('join').hidden"), "the join form")
        page.js("document.getElementById('name').value = 'Zoé'")
        page.js("document.getElementById('join-button').click()")
        page.until(lambda: page.holds("!document.getElementById('wait').hidden"), "the waiting screen")
        words = {"en": "The match starts by itself once every player has joined (1 of 2 so far).",
                 "de": "Die Partie beginnt von selbst, sobald alle Spieler am Tisch sind (bisher 1 von 2)."}[lang]
        page.until(lambda: page.js("document.getElementById('wait-title').textContent") == words, "the waiting words")
        page.screenshot(tmp_path / f"waiting-{lang}.png")
    finally:
        chromium.close()
        host.close()
