"""A table watched by the hosting app's screen ("Table on this screen"): the watcher holds no seat,
is sent the spectator's view and nothing a seated player may know, plays nothing, and only the
table's own key lets a connection watch. Driven through ``HostedTable`` directly (no sockets)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from game import GAMES
from game.core import Rng
from net.protocol import PROTOCOL_VERSION, encode
from net.table import HELLO_SECONDS, UNSEATED_LIMIT, HostedTable, NetSeat
from tests.net.test_hostile import CODE, closed, errors, hello, to

KEY = "the-screens-key"


def gang(state: Any = None, watch_token: str | None = KEY) -> HostedTable:
    """Gang de mouettes for two phones and a bot, its table on the host's screen."""
    desc = GAMES["gang_de_mouettes"]
    if state is None:
        state = desc.new_match(["Ann", "Bob", "Bot"], desc.Options(first_dealer=0), seed=12)
    seats = [NetSeat("Ann", "remote"), NetSeat("Bob", "remote"), NetSeat("Bot", "easy")]
    return HostedTable(state, seats, CODE, auto_start=True, watch_token=watch_token)


def watch(t: HostedTable, token: str | None = None, now: float = 0.0, address: str = "") -> tuple[int, list]:
    conn = t.connect(now, address)
    message = {"type": "watch", "version": PROTOCOL_VERSION, "code": CODE, "token": t.watch_token if token is None
               else token}
    return conn, t.handle(conn, encode(message), now)


def test_the_screen_watches_without_a_seat_and_the_match_deals_once_the_phones_joined() -> None:
    t = gang()
    screen, out = watch(t)
    [welcome] = [m for m in to(screen, out) if m["type"] == "welcome"]
    assert welcome["seat"] is None and welcome["watch"] is True and welcome["token"] == t.watch_token != KEY
    assert not t.started and t.watcher == screen
    assert all(seat.conn is None for seat in t.seats)  # it took no seat
    a, _ = hello(t, "Ann")
    assert not t.started
    b, out = hello(t, "Bob")
    assert t.started  # the last phone's seat filled: dealt at once, with no Start from the host
    [update] = [m for m in to(screen, out) if m["type"] == "update"]
    assert update["view"] == json.loads(json.dumps(t.state.view(None)))
    assert update["legal"] == []
    assert any(m["type"] == "seats" for m in to(screen, out))


def test_the_screen_plays_nothing_and_what_it_says_changes_nothing() -> None:
    t = gang()
    screen, _ = watch(t)
    hello(t, "Ann")
    hello(t, "Bob")
    before = t.state.to_json()
    for message in ({"type": "move", "move": "draw"}, {"type": "ready"}, {"type": "pass"},
                    {"type": "answer", "key": 1, "move": None}, {"type": "gesture", "node": "card:1", "act": "tap"},
                    {"type": "hello", "version": 1, "code": CODE, "name": "Eve"},
                    {"type": "resume", "version": 1, "code": CODE, "token": "x"},
                    {"type": "watch", "version": 1, "code": CODE, "token": t.watch_token}):
        out = t.handle(screen, encode(message), 1.0)
        assert errors(screen, out) in (["watching"], ["already_seated"]), message
        assert [c for c, _ in out] == [screen]  # nobody else hears of it
    assert t.state.to_json() == before
    assert t.watcher == screen and all(s.conn != screen for s in t.seats)


def test_a_watching_screen_is_not_a_silent_connection_nor_one_waiting_to_join() -> None:
    t = gang()
    screen, _ = watch(t)
    out = t.tick(HELLO_SECONDS * 3)
    assert not closed(screen, out) and t.is_open(screen)
    assert t.admit("") is None
    for _ in range(UNSEATED_LIMIT - 1):
        t.connect(0.0, "10.0.0.1")
    assert t.admit("10.0.0.2") is None  # the screen does not count among those waiting to join


@pytest.mark.parametrize("token", ["", "guess", KEY + "x", "x" * 128])
def test_only_the_tables_own_key_watches_and_a_wrong_one_counts_as_a_wrong_code(token: str) -> None:
    t = gang()
    conn, out = watch(t, token, address="192.0.2.7")
    assert errors(conn, out) == ["bad_token"] and closed(conn, out)
    assert t.watcher is None
    again, out = watch(t, address="192.0.2.7")  # even with the right key, at once: the address waits
    assert errors(again, out) == ["wait"] and closed(again, out)


def test_a_table_without_a_screen_key_lets_nobody_watch() -> None:
    t = gang(watch_token=None)
    conn, out = watch(t, "anything")
    assert errors(conn, out) == ["bad_token"] and closed(conn, out) and t.watcher is None


def test_a_wrong_code_is_refused_before_the_key_is_read() -> None:
    t = gang()
    conn = t.connect(0.0)
    out = t.handle(conn, encode({"type": "watch", "version": PROTOCOL_VERSION, "code": "ZZZ999", "token": KEY}), 0.0)
    assert errors(conn, out) == ["wrong_code"] and closed(conn, out)


def test_a_screens_key_works_once_and_the_newest_screen_replaces_the_last() -> None:
    t = gang()
    first, _ = watch(t, KEY)
    replay, out = watch(t, KEY, now=5.0, address="192.0.2.9")
    assert errors(replay, out) == ["bad_token"]
    second, out = watch(t, now=10.0)
    assert errors(first, out) == ["replaced"] and closed(first, out)
    assert t.watcher == second
    t.disconnect(first, 11.0)
    assert t.watcher == second
    t.disconnect(second, 12.0)
    assert t.watcher is None


def test_the_screens_key_is_kept_with_the_table_to_host_it_again() -> None:
    t = gang()
    watch(t)
    again = HostedTable.from_snapshot(json.loads(json.dumps(t.snapshot())))
    assert again.watch_token == t.watch_token and again.auto_start
    with pytest.raises(ValueError, match="damaged"):
        HostedTable.from_snapshot({**t.snapshot(), "watch_token": 5})


def screen_world(state: Any) -> list[str]:
    """What the screen is sent while the phones look at their cards and one draws."""
    t = gang(state)
    screen, out = watch(t)
    a, more = hello(t, "Ann", seat=0)
    out += more
    b, more = hello(t, "Bob", seat=1)
    out += more
    for conn in (a, b):
        out += t.handle(conn, encode({"type": "ready"}), 1.0)
    mover = t.state.to_move()[0]
    assert mover in (0, 1)
    out += t.handle(a if mover == 0 else b, encode({"type": "move", "move": "draw"}), 2.0)
    assert len(t.state.log) >= 1
    return [json.dumps({k: v for k, v in m.items() if k not in ("token",)}, sort_keys=True) for m in to(screen, out)]


def test_the_screen_is_sent_the_same_bytes_whatever_the_hidden_cards() -> None:
    """Two matches that differ only in cards no spectator may know (every hand, the drawn card, the
    pile) send the screen the very same messages; the seated players are told of different hands."""
    desc = GAMES["gang_de_mouettes"]
    real = desc.new_match(["Ann", "Bob", "Bot"], desc.Options(first_dealer=0), seed=12)
    other = type(real).determinise(real.view(None), Rng(99))
    assert other.view(None) == real.view(None)
    assert other.view(0) != real.view(0) and other.view(1) != real.view(1)
    first, second = screen_world(real), screen_world(other)
    assert any('"update"' in m for m in first)
    assert first == second
