"""A browser seat at a real host on loopback, spoken to as the page speaks (no browser here): the host
sends it the picture of its seat's table, never a card it may not know, and refuses what is hostile.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Iterator
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from game import GAMES
from game.core import Rng
from net.host import Host, HostThread
from net.table import HostedTable, NetSeat
from tests.patience import PATIENCE
from ui.web.seat import BrowserSeats

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
CODE = "SEAT23"
PHONE = {"w": 390, "h": 844, "lang": "fr"}


class Hosted:
    """A real host for ``table`` on a loopback port, with browser seats' pictures."""

    def __init__(self, table: HostedTable) -> None:
        self.table = table
        self.thread = HostThread(Host(table, bind="127.0.0.1", port=0, browsers=BrowserSeats()))
        self.url = f"ws://127.0.0.1:{self.thread.start()}"

    def client(self, **options: Any) -> ClientConnection:
        return connect(self.url, open_timeout=PATIENCE, max_size=None, **options)

    def close(self) -> None:
        self.thread.stop()


def read_until(ws: ClientConnection, kind: str) -> list[dict[str, Any]]:
    """Every message up to the first of type ``kind`` (included)."""
    out = []
    while True:
        message = json.loads(ws.recv(timeout=PATIENCE))
        out.append(message)
        if message["type"] == kind:
            return out


def flush(ws: ClientConnection) -> list[dict[str, Any]]:
    """Everything the host sent before it answers a ping (the host answers in order)."""
    ws.send(json.dumps({"type": "ping", "t": 7}))
    return read_until(ws, "pong")


def nodes(messages: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The picture the page holds after ``messages``."""
    shown: dict[str, dict[str, Any]] = {}
    for m in messages:
        if m["type"] != "picture":
            continue
        if m.get("whole"):
            shown = {}
        for n in m.get("nodes", []) + m.get("added", []) + m.get("changed", []):
            shown[n["id"]] = n
        for ident in m.get("removed", []):
            shown.pop(ident, None)
    return shown


def untimed(value: Any) -> Any:
    """``value`` with the seconds of every countdown left out (a message's, a window's: they run
    with the host's clock, the same in both worlds but never to the millisecond)."""
    if isinstance(value, dict):
        return {k: untimed(v) for k, v in value.items() if k not in ("left", "length", "full")}
    if isinstance(value, list):
        return [untimed(v) for v in value]
    return value


def gang_world(state: Any) -> list[str]:
    """A browser (seat 0) and a desktop guest (seat 1) at ``state``'s table: the guest looks and
    draws; what the browser was sent, message by message (its seat key left out)."""
    hosted = Hosted(HostedTable(state, [NetSeat("Ann", "remote"), NetSeat("Bob", "remote")], CODE, auto_start=True))
    try:
        with hosted.client() as phone, hosted.client() as guest:
            phone.send(json.dumps({"type": "hello", "version": 1, "code": CODE, "name": "Ann", "seat": 0,
                                   "screen": PHONE}))
            read_until(phone, "welcome")
            guest.send(json.dumps({"type": "hello", "version": 1, "code": CODE, "name": "Bob", "seat": 1}))
            seen = read_until(phone, "picture")
            ready = next(n for n in nodes(seen).values() if n["id"].startswith("button:"))
            assert ready["acts"]["tap"] == "*"
            phone.send(json.dumps({"type": "gesture", "node": ready["id"], "act": "tap"}))
            guest.send(json.dumps({"type": "ready"}))
            seen += flush(phone)
            guest.send(json.dumps({"type": "move", "move": "draw"}))
            read_until(guest, "update")
            seen += flush(phone)
            return [json.dumps(untimed({k: v for k, v in m.items() if k not in ("token", "seats")}), sort_keys=True)
                    for m in seen if m["type"] not in ("pong",)]
    finally:
        hosted.close()


def test_a_browser_is_sent_the_same_bytes_whatever_the_cards_it_may_not_know() -> None:
    desc = GAMES["gang_de_mouettes"]
    real = desc.new_match(["Ann", "Bob"], desc.Options(first_dealer=0), seed=12)
    other = type(real).determinise(real.view(0), Rng(99))
    assert other.view(0) == real.view(0)
    assert other.view(1) != real.view(1), "the other world differs in cards seat 0 does not know"
    first, second = gang_world(real), gang_world(other)
    assert any('"picture"' in m for m in first)
    assert first == second
    assert not any("curtain" in m for m in first), "a browser seat never shows the curtain"


@pytest.fixture
def gin() -> Iterator[Hosted]:
    desc = GAMES["gin_rummy"]
    hosted = Hosted(HostedTable(desc.new_match(["Ann", "Bot"], seed=3), [NetSeat("Ann", "remote"),
                                                                          NetSeat("Bot", "easy")], CODE, auto_start=True))
    yield hosted
    hosted.close()


@pytest.mark.parametrize("screen", [
    {"w": 10, "h": 844, "lang": "fr"}, {"w": 390, "h": 10**6, "lang": "fr"}, {"w": 390.5, "h": 844, "lang": "fr"},
    {"w": True, "h": 844, "lang": "fr"}, {"w": 390, "h": 844, "lang": "xx"}, {"w": 390, "h": 844},
    {"w": "390", "h": 844, "lang": "en"}, [390, 844, "en"], "phone",
])
def test_a_hostile_screen_is_refused_and_the_seat_stays_free(gin: Hosted, screen: Any) -> None:
    with gin.client() as ws:
        ws.send(json.dumps({"type": "hello", "version": 1, "code": CODE, "screen": screen}))
        answer = json.loads(ws.recv(timeout=PATIENCE))
        assert answer["type"] == "error" and answer["key"] == "bad_field"
        assert answer["params"].get("field") == "screen"
        assert gin.table.seats[0].client is None
        ws.send(json.dumps({"type": "hello", "version": 1, "code": CODE, "screen": PHONE}))
        assert read_until(ws, "picture")[-1]["whole"]


@pytest.mark.parametrize("gesture", [
    {"type": "gesture", "node": "card:999999", "act": "tap"}, {"type": "gesture", "node": "felt", "act": "tap"},
    {"type": "gesture", "node": "card:1", "act": "explode"}, {"type": "gesture", "node": "x" * 65, "act": "tap"},
    {"type": "gesture", "node": "card:1", "act": "drop", "drop": 64}, {"type": "gesture", "node": "card:1", "act": "drop", "drop": -1},
    {"type": "gesture", "node": "card:1"}, {"type": "gesture", "node": 5, "act": "tap"},
])
def test_a_hostile_gesture_changes_nothing(gin: Hosted, gesture: dict[str, Any]) -> None:
    with gin.client() as ws:
        ws.send(json.dumps({"type": "hello", "version": 1, "code": CODE, "screen": PHONE}))
        read_until(ws, "picture")
        ws.send(json.dumps(gesture))
        answer = flush(ws)
        assert any(m["type"] == "error" for m in answer)
        assert not any(line.startswith("0: ") for line in gin.table.state.log), "the seat played nothing"


def test_a_flood_of_gestures_is_cut_like_any_flood(gin: Hosted) -> None:
    """The host may cut the connection before the flood is all sent; what it said before is kept
    (an unbounded queue, so that reading never pauses while the flood is sent)."""
    with gin.client(max_queue=None) as ws:
        ws.send(json.dumps({"type": "hello", "version": 1, "code": CODE, "screen": PHONE}))
        shown = nodes(read_until(ws, "picture"))
        card = next(i for i, n in shown.items() if i.startswith("card:") and n.get("acts"))
        with contextlib.suppress(ConnectionClosed):
            for _ in range(2000):
                ws.send(json.dumps({"type": "gesture", "node": card, "act": "tap"}))
        keys = []
        try:
            while True:
                message = json.loads(ws.recv(timeout=PATIENCE))
                keys.append(message.get("key"))
        except Exception:  # the host closed the connection
            pass
        assert "too_fast" in keys and "flood" in keys, "the host closed the connection after a flood"


def test_a_desktop_client_that_sends_a_gesture_is_told_it_gave_no_screen(gin: Hosted) -> None:
    with gin.client() as ws:
        ws.send(json.dumps({"type": "hello", "version": 1, "code": CODE}))
        read_until(ws, "update")
        ws.send(json.dumps({"type": "gesture", "node": "card:1", "act": "tap"}))
        assert read_until(ws, "error")[-1]["key"] == "no_screen"


def knock_with_a_long_meld(seed: int = 59) -> tuple[Any, str, str]:
    """A Gin Rummy match where seat 0 may knock with a meld of four or more cards, one of whose end
    cards may go to the deadwood within the knock limit: (state, the discard, that card)."""
    from game.gin_rummy.views import points

    desc = GAMES["gin_rummy"]
    state = desc.new_match(["Ann", "Bot"], seed=seed)
    bots = [desc.make_bot("normal", 1), desc.make_bot("easy", 2)]
    while not state.history:
        view = state.view(0)
        if state.to_move() == [0]:
            for offer in view.get("knocks") or []:
                for meld in offer["arrangements"][0]["melds"] if offer["kind"] == "knock" else []:
                    ends = sorted(meld, key=lambda c: "A23456789TJQK".index(c[0]))
                    for card in (ends[0], ends[-1]) if len(meld) >= 4 else ():
                        if offer["deadwood"] + points([card]) <= view["knock_limit"]:
                            return state, offer["card"], card
        seat = state.to_move()[0]
        legal = [m for m in state.legal_moves(seat) if m.action not in ("knock", "gin")] or state.legal_moves(seat)
        state.apply(bots[seat].choose(state.view(seat), legal))
    raise AssertionError("this deal offers no such knock")


def test_a_browser_lays_out_its_knock_in_the_panel_and_the_host_receives_that_arrangement() -> None:
    """The knock panel is drawn in the browser as nodes: a card dropped from a meld onto the deadwood
    row moves there, Knock plays that arrangement (before, the knock was played at once with the
    engine's arrangement, and a phone could not lay out its melds)."""
    state, discard, moved = knock_with_a_long_meld()
    hosted = Hosted(HostedTable(state, [NetSeat("Ann", "remote"), NetSeat("Bot", "easy")], CODE, auto_start=True,
                                started=True))
    try:
        with hosted.client() as ws:
            ws.send(json.dumps({"type": "hello", "version": 1, "code": CODE, "screen": PHONE}))
            seen = read_until(ws, "picture")
            card = next(i for i, n in nodes(seen).items() if n.get("group") == "hand:0" and n.get("content") == discard)
            ws.send(json.dumps({"type": "gesture", "node": card, "act": "tap"}))
            seen += flush(ws)
            assert nodes(seen)["button:knock"]["acts"] == {"tap": "*"}
            ws.send(json.dumps({"type": "gesture", "node": "button:knock", "act": "tap"}))
            seen += flush(ws)
            shown = nodes(seen)
            assert shown["knock"]["role"] == "dialog" and f"knock:{moved}" in shown
            assert not any(n.get("acts") for i, n in shown.items() if not i.startswith("knock")), \
                "the table under the panel takes no gesture"
            dead = shown["knock:deadwood"]["rect"]
            index = [d["rect"] for d in shown[f"knock:{moved}"]["acts"]["drops"]].index(dead)
            before = len(state.log)
            ws.send(json.dumps({"type": "gesture", "node": f"knock:{moved}", "act": "drop", "drop": index}))
            seen += flush(ws)
            shown = nodes(seen)
            assert shown[f"knock:{moved}"]["group"] == "knock:deadwood"
            assert len(state.log) == before, "moving a card plays nothing"
            # Cancel plays nothing either (before, the panel asked the network table's state why the
            # laid-out knock might be refused, which sent it to the host: Cancel then played it)
            ws.send(json.dumps({"type": "gesture", "node": "knock:button:cancel", "act": "tap"}))
            seen += flush(ws)
            assert "knock" not in nodes(seen) and len(state.log) == before, state.log[before:]
            ws.send(json.dumps({"type": "gesture", "node": "button:knock", "act": "tap"}))
            seen += flush(ws)
            ws.send(json.dumps({"type": "gesture", "node": f"knock:{moved}", "act": "drop", "drop": index}))
            seen += flush(ws)
            assert nodes(seen)[f"knock:{moved}"]["group"] == "knock:deadwood"
            ws.send(json.dumps({"type": "gesture", "node": "knock:button:confirm", "act": "tap"}))
            seen += flush(ws)
            line = state.log[before]
            assert line.startswith(f"0: knock {discard} ") and moved not in line.split(" ", 3)[3], line
            assert not any(i.startswith("knock") for i in nodes(seen)), "the panel closed"
    finally:
        hosted.close()


@pytest.mark.parametrize("gesture", [
    {"type": "gesture", "node": "menu:button:leave", "act": "hold"},
    {"type": "gesture", "node": "menu:button:leave", "act": "drop", "drop": 0},
    {"type": "gesture", "node": "menu:button:nothing", "act": "tap"},
    {"type": "gesture", "node": "web:menu", "act": "tap"},
    {"type": "gesture", "node": "button:sort_melds", "act": "tap"},
    {"type": "gesture", "node": "menu", "act": "tap"},
])
def test_a_hostile_gesture_on_a_panel_changes_nothing(gin: Hosted, gesture: dict[str, Any]) -> None:
    """With the menu open, a gesture it does not take (a long press, a drop, a node that is not there,
    the table beneath) is refused: the menu stays, the seat stays seated, nothing is played."""
    with gin.client() as ws:
        ws.send(json.dumps({"type": "hello", "version": 1, "code": CODE, "screen": PHONE}))
        seen = read_until(ws, "picture")
        assert nodes(seen)["web:menu"]["acts"] == {"tap": "*"}
        ws.send(json.dumps({"type": "gesture", "node": "web:menu", "act": "tap"}))
        seen += flush(ws)
        assert "menu:button:leave" in nodes(seen)
        log = list(gin.table.state.log)
        ws.send(json.dumps(gesture))
        answer = flush(ws)
        assert any(m["type"] == "error" and m["key"] == "bad_field" for m in answer)
        assert not any(m["type"] in ("picture", "left") for m in answer)
        assert gin.table.state.log == log and gin.table.seats[0].conn is not None
        ws.send(json.dumps({"type": "gesture", "node": "menu:button:back", "act": "tap"}))
        assert "menu" not in nodes(seen + flush(ws)), "the menu still closes"


def test_leave_from_the_menu_says_bye_and_the_seat_waits_for_its_key(gin: Hosted) -> None:
    with gin.client() as ws:
        ws.send(json.dumps({"type": "hello", "version": 1, "code": CODE, "screen": PHONE}))
        token = read_until(ws, "welcome")[-1]["token"]
        read_until(ws, "picture")
        ws.send(json.dumps({"type": "gesture", "node": "web:menu", "act": "tap"}))
        flush(ws)
        ws.send(json.dumps({"type": "gesture", "node": "menu:button:leave", "act": "tap"}))
        assert read_until(ws, "left")[-1] == {"type": "left"}
    with gin.client() as ws:
        ws.send(json.dumps({"type": "resume", "version": 1, "code": CODE, "token": token, "screen": PHONE}))
        assert read_until(ws, "picture")[-1]["whole"], "the seat is taken back with its key"


def test_a_message_over_the_table_carries_its_time_and_the_page_lets_it_fade() -> None:
    """A message (here: why a laid-out knock cannot be played, said when the panel closes) is sent
    with the seconds it stays up, so that the page fades it by itself when no picture comes after."""
    state, discard, moved = knock_with_a_long_meld()
    hosted = Hosted(HostedTable(state, [NetSeat("Ann", "remote"), NetSeat("Bot", "easy")], CODE, auto_start=True,
                                started=True))
    try:
        with hosted.client() as ws:
            ws.send(json.dumps({"type": "hello", "version": 1, "code": CODE, "screen": PHONE}))
            seen = read_until(ws, "picture")
            card = next(i for i, n in nodes(seen).items() if n.get("group") == "hand:0" and n.get("content") == discard)
            for gesture in ({"node": card, "act": "tap"}, {"node": "button:knock", "act": "tap"},
                            {"node": f"knock:{moved}", "act": "tap"}, {"node": "knock:new", "act": "tap"},
                            {"node": "knock:button:confirm", "act": "tap"}, {"node": "knock:button:cancel", "act": "tap"}):
                ws.send(json.dumps({"type": "gesture", **gesture}))
                seen += flush(ws)
            message = nodes(seen).get("message")
            assert message is not None and message["countdown"]["shape"] == "fade", message
            assert 0 < message["countdown"]["left"] <= message["countdown"]["length"]
            assert not any(line.startswith("0: knock") for line in state.log)
    finally:
        hosted.close()


def test_a_late_tap_never_calls_gang_on_a_phone() -> None:
    """A phone throws its drawn card and the window closes at once (only a bot races): a second tap
    meant for the buttons of a moment ago names a button that has gone (refused, nothing played),
    and in the new picture the call stands where no button of the turn stood, so that a tap on the
    same spot of the screen, late or doubled, cannot call either."""
    from game.gang_de_mouettes import Options

    opts = Options(match_end=500, snap_window_seconds=3.0, end_turn_grace_seconds=60.0, first_dealer=1)
    state = GAMES["gang_de_mouettes"].new_match(["Ann", "Bot"], options=opts, seed=5)
    hosted = Hosted(HostedTable(state, [NetSeat("Ann", "remote"), NetSeat("Bot", "normal")], CODE, auto_start=True))
    try:
        with hosted.client() as ws:
            ws.send(json.dumps({"type": "hello", "version": 1, "code": CODE, "name": "Ann", "seat": 0,
                                "screen": PHONE}))
            seen = read_until(ws, "picture")
            ws.send(json.dumps({"type": "gesture", "node": "button:memorised", "act": "tap"}))
            seen += flush(ws)
            stock = max((n for n in nodes(seen).values() if n.get("group") == "stock" and n.get("acts")),
                        key=lambda n: n["z"])
            ws.send(json.dumps({"type": "gesture", "node": stock["id"], "act": "tap"}))
            seen += flush(ws)
            before = [n["rect"] for i, n in nodes(seen).items() if i.startswith("button:")]
            assert "button:throw" in nodes(seen)
            ws.send(json.dumps({"type": "gesture", "node": "button:throw", "act": "tap"}))
            seen += flush(ws)
            while "button:call" not in nodes(seen):  # the bot lets the window go: the host closes it
                seen.append(json.loads(ws.recv(timeout=PATIENCE)))
            before += [n["rect"] for i, n in nodes(seen[:-1]).items() if i.startswith("button:") and i != "button:call"]
            x, y, w, h = nodes(seen)["button:call"]["rect"]
            assert not any(x < bx + bw and bx < x + w and y < by + bh and by < y + h for bx, by, bw, bh in before)
            for late in ("button:throw", "button:close"):
                ws.send(json.dumps({"type": "gesture", "node": late, "act": "tap"}))
                assert any(m["type"] == "error" for m in flush(ws))
            assert state.caller is None and not any(line.endswith(": call") for line in state.log)
    finally:
        hosted.close()


def test_the_deadwood_counter_sends_every_line_the_desktop_draws(gin: Hosted) -> None:
    """The counter over the piles says the deadwood and the knock limit (and, with eleven cards, the
    best discard's deadwood): each line a node of its own with its size, the panel itself wordless
    (before, the page got the first line only as the panel's content)."""
    with gin.client() as ws:
        ws.send(json.dumps({"type": "hello", "version": 1, "code": CODE, "screen": PHONE}))
        shown = nodes(read_until(ws, "picture") + flush(ws))
        view = gin.table.state.view(0)
        lines = {i: n for i, n in shown.items() if i.startswith("counter:")}
        assert set(lines) >= {"counter:deadwood", "counter:limit"}, sorted(shown)
        assert "content" not in shown["counter"], "the panel's words are its lines"
        assert str(view["deadwood"]) in lines["counter:deadwood"]["content"]
        assert str(view["knock_limit"]) in lines["counter:limit"]["content"]
        assert all(n["size"] > 0 and n["kind"] == "text" for n in lines.values())
        box = shown["counter"]["rect"]
        for n in lines.values():
            x, y, w, h = n["rect"]
            assert box[0] <= x and x + w <= box[0] + box[2] and box[1] <= y and y + h <= box[1] + box[3], n


def test_a_phone_held_upright_gives_the_whole_top_bar_to_what_happens_now(gin: Hosted) -> None:
    """On a 390 px wide phone the game's name took a third of the bar and the status was shrunk to
    about 8 px on four lines; upright, the status takes the bar from its left margin to the menu
    button, and a screen held sideways keeps the title."""
    with gin.client() as ws:
        ws.send(json.dumps({"type": "hello", "version": 1, "code": CODE, "screen": PHONE}))
        seen = read_until(ws, "picture") + flush(ws)
        token = next(m["token"] for m in seen if m["type"] == "welcome")
        shown = nodes(seen)
        assert "bar:title" not in shown
        x, _, w, _ = shown["bar:status"]["rect"]
        assert x <= 16 and x + w <= shown["web:menu"]["rect"][0] and w >= PHONE["w"] * 0.55, shown["bar:status"]
    with gin.client() as ws:
        ws.send(json.dumps({"type": "resume", "version": 1, "code": CODE, "token": token,
                            "screen": {"w": 844, "h": 390, "lang": "fr"}}))
        shown = nodes(read_until(ws, "picture") + flush(ws))
        assert "bar:title" in shown and shown["bar:status"]["rect"][0] > shown["bar:title"]["rect"][0]


@pytest.mark.parametrize("lang", ["en", "fr", "de", "es"])
def test_the_knock_panels_new_meld_row_says_what_to_do_whole_on_a_phone(lang: str) -> None:
    """Upright, each row's label and note shared one strip; the new-meld row's note ("Put a card here
    to start one") was cut at 9 px in French, German and Spanish. The row holds no card: its note
    goes where the cards would lie, whole and readable (on two lines if need be), and its label takes
    the strip."""
    import pygame

    from ui.text import app_font_path

    state, discard, _ = knock_with_a_long_meld()
    hosted = Hosted(HostedTable(state, [NetSeat("Ann", "remote"), NetSeat("Bot", "easy")], CODE, auto_start=True,
                                started=True))
    try:
        with hosted.client() as ws:
            ws.send(json.dumps({"type": "hello", "version": 1, "code": CODE, "screen": {**PHONE, "lang": lang}}))
            seen = read_until(ws, "picture")
            card = next(i for i, n in nodes(seen).items() if n.get("group") == "hand:0" and n.get("content") == discard)
            for gesture in ({"node": card, "act": "tap"}, {"node": "button:knock", "act": "tap"}):
                ws.send(json.dumps({"type": "gesture", **gesture}))
                seen += flush(ws)
            shown = nodes(seen)
    finally:
        hosted.close()
    pygame.font.init()
    for ident in ["knock:new:label", *(i for i in shown if i.startswith("knock:new:note"))]:
        words = shown[ident]
        width = pygame.font.Font(app_font_path(words["bold"]), words["size"]).size(words["content"])[0]
        assert width <= words["rect"][2] and words["size"] >= 12, words
    row, note = shown["knock:new"]["rect"], shown["knock:new:note"]["rect"]
    assert row[1] <= note[1] and note[1] + note[3] <= row[1] + row[3]


@pytest.mark.parametrize("lang", ["en", "fr", "de", "es"])
def test_the_knock_panels_refusal_is_never_cut_off_mid_sentence_on_a_phone(lang: str) -> None:
    """A meld of one card: the panel says why it cannot be knocked under the rows, on three lines at
    most; in German and Spanish the sentence stopped after "eine Folge 3 oder mehr" with no mark.
    Now it is whole (a little smaller if need be), or its last line ends with "…"."""
    state, discard, moved = knock_with_a_long_meld()
    hosted = Hosted(HostedTable(state, [NetSeat("Ann", "remote"), NetSeat("Bot", "easy")], CODE, auto_start=True,
                                started=True))
    try:
        with hosted.client() as ws:
            ws.send(json.dumps({"type": "hello", "version": 1, "code": CODE, "screen": {**PHONE, "lang": lang}}))
            seen = read_until(ws, "picture")
            card = next(i for i, n in nodes(seen).items() if n.get("group") == "hand:0" and n.get("content") == discard)
            for gesture in ({"node": card, "act": "tap"}, {"node": "button:knock", "act": "tap"},
                            {"node": f"knock:{moved}", "act": "tap"}, {"node": "knock:new", "act": "tap"}):
                ws.send(json.dumps({"type": "gesture", **gesture}))
                seen += flush(ws)
            shown = nodes(seen)
    finally:
        hosted.close()
    lines = [shown[i]["content"] for i in sorted(i for i in shown if i.startswith("knock:status:"))]
    assert 1 <= len(lines) <= 3 and all(shown[f"knock:status:{n}"]["role"] == "alert" for n in range(len(lines)))
    said = " ".join(lines)
    assert said.rstrip().endswith((".", "…", "!")), lines


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_no_words_of_the_score_sheet_run_into_each_other_on_a_phone(lang: str) -> None:
    """A one-round Gang de mouettes match played out by bots, its score sheet opened on a phone: a
    row's label ("Manche 1 · Cy a annoncé, le plus bas") ran into the first seat's points at 9 px; a
    label too long for its column now ends with "…", and no two words of one row overlap."""
    from game.core.referee import Referee

    desc = GAMES["gang_de_mouettes"]
    found = False
    for seed in range(40):  # a round whose caller was the lowest: the longest label
        state = desc.new_match(["Ann", "Bob", "Cy"], desc.Options(match_end=1), seed=seed)
        referee = Referee(state, {s: desc.make_bot("easy", s) for s in range(3)})
        while not state.is_over() and referee.step():
            pass
        if state.is_over() and any(" call" in line for line in state.log):
            found = True
            break
    assert found
    hosted = Hosted(HostedTable(state, [NetSeat("Ann", "remote"), NetSeat("Bob", "easy"), NetSeat("Cy", "easy")],
                                CODE, auto_start=True, started=True))
    try:
        with hosted.client() as ws:
            ws.send(json.dumps({"type": "hello", "version": 1, "code": CODE, "screen": {**PHONE, "lang": lang}}))
            seen = read_until(ws, "picture") + flush(ws)
            ws.send(json.dumps({"type": "gesture", "node": "button:sheet", "act": "tap"}))
            shown = nodes(seen + flush(ws))
    finally:
        hosted.close()
    words = [n for i, n in shown.items() if i.startswith("sheet:") and n["kind"] == "text"]
    assert any(i.endswith(":label") for i in shown if i.startswith("sheet:hand:")), sorted(shown)
    for a in words:
        for b in words:
            ax, ay, aw, ah = a["rect"]
            bx, by, bw, bh = b["rect"]
            if a is not b and ay == by:
                assert ax + aw <= bx or bx + bw <= ax, (a["content"], b["content"])


def test_a_match_that_is_over_refuses_no_late_gesture_with_a_bubble() -> None:
    """At a match's end a late tap of the page (a move of a picture ago, a card let go on the pile)
    reaches the host after the end: the host refuses it, but over the result the seat's picture says
    nothing (it used to show a rule's refusal, "You have drawn: now discard…", over the score)."""
    from game.core.referee import Referee

    desc = GAMES["gin_rummy"]
    state = desc.new_match(["Ann", "Bot"], desc.Options(match_target=1, game_target=1), seed=3)
    referee = Referee(state, {s: desc.make_bot("easy", s) for s in range(2)})
    while not state.is_over() and referee.step():
        pass
    assert state.is_over()
    hosted = Hosted(HostedTable(state, [NetSeat("Ann", "remote"), NetSeat("Bot", "easy")], CODE, auto_start=True,
                                started=True))
    try:
        with hosted.client() as ws:
            ws.send(json.dumps({"type": "hello", "version": 1, "code": CODE, "screen": PHONE}))
            seen = read_until(ws, "picture") + flush(ws)
            card = next(i for i, n in nodes(seen).items() if n.get("group") == "hand:0")
            for late in ({"type": "move", "move": "draw stock"}, {"type": "move", "move": "discard As"},
                         {"type": "gesture", "node": card, "act": "hold"},
                         {"type": "gesture", "node": card, "act": "drop", "drop": 0}):
                ws.send(json.dumps(late))
                seen += flush(ws)
            assert any(m["type"] == "error" for m in seen), "the host refused the late moves"
    finally:
        hosted.close()
    assert "message" not in nodes(seen), nodes(seen).get("message")


def test_a_clock_of_any_game_reaches_the_page_without_its_name_in_the_seat(huit_registered: None) -> None:
    """A fourth game (Huit, tests only) whose adapter shows a clock on a node of its own naming: the
    page is sent that node's countdown as the ring of Gang de mouettes is, so that it runs down there
    between two pictures; the seat knows no game's clock by name."""
    from tests.tinygame.table import HuitAdapter
    from ui.games import register_adapter, unregister_adapter
    from ui.picture.model import DEPTH_OVER, Countdown, Node

    class Timed(HuitAdapter):
        def picture_nodes(self, view: Any, layout: Any) -> list[Node]:
            return [*super().picture_nodes(view, layout),
                    Node("huit:timer", "marker", (10, 10, 100, 4), DEPTH_OVER, hides=False,
                         countdown=Countdown("bar", 3.0, 6.0, 100))]

    register_adapter("huit", Timed)
    state = GAMES["huit"].new_match(["Ann", "Bot"], options=GAMES["huit"].Options(target=10), seed=4)
    hosted = Hosted(HostedTable(state, [NetSeat("Ann", "remote"), NetSeat("Bot", "easy")], CODE, auto_start=True,
                                started=True))
    try:
        with hosted.client() as ws:
            ws.send(json.dumps({"type": "hello", "version": 1, "code": CODE, "screen": PHONE}))
            shown = nodes(read_until(ws, "picture"))
    finally:
        hosted.close()
        unregister_adapter("huit")
    assert shown["huit:timer"]["countdown"] == {"shape": "bar", "left": 3.0, "length": 6.0, "full": 100}
    assert not any("countdown" in n for i, n in shown.items() if i != "huit:timer")


@pytest.mark.parametrize("clock", [("dial", 1.0, 2.0, 0), ("ring", 3.0, 2.0, 0), ("bar", -1.0, 2.0, 5),
                                   ("fade", 1.0, float("inf"), 0), ("bar", 1.0, 2.0, -4)])
def test_a_countdown_that_cannot_run_down_is_refused(clock: tuple[str, float, float, int]) -> None:
    from ui.picture.model import Countdown

    with pytest.raises(ValueError):
        Countdown(*clock)


def test_a_browser_seat_says_why_not_in_the_tables_own_words(gin: Hosted, monkeypatch: pytest.MonkeyPatch) -> None:
    """A card let go where the engine refuses it is explained by the table's ``say_why_not``, the one
    source of the desktop's refusals (the seat used to write the sentences again)."""
    from ui.table.scene import TableScene

    asked: list[Any] = []
    why_not = TableScene.say_why_not
    monkeypatch.setattr(TableScene, "say_why_not", lambda scene, attempt=None: (asked.append(attempt),
                                                                                why_not(scene, attempt)))
    with gin.client() as ws:
        ws.send(json.dumps({"type": "hello", "version": 1, "code": CODE, "screen": PHONE}))
        seen = read_until(ws, "picture")
        card, node = next((i, n) for i, n in nodes(seen).items() if n.get("group") == "hand:0")
        tried = len(node["acts"]["drops"]) - 1  # the attempts come after the drops: onto the discard pile
        ws.send(json.dumps({"type": "gesture", "node": card, "act": "drop", "drop": tried}))
        flush(ws)
    assert [str(getattr(a, "action", a)) for a in asked] == [f"discard {node['content']}"], asked
    assert not any(line.startswith("0: discard") for line in gin.table.state.log)
