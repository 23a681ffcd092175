"""Tables announced on the local network are listed by a browser; odd announcements are ignored."""

from __future__ import annotations

import socket
import time

import pytest
from zeroconf import ServiceInfo

from net.discovery import Announcer, TableBrowser, _read
from net.protocol import SERVICE_TYPE
from tests.patience import PATIENCE

MULTICAST_LOOK = 20.0
"""Seconds to see the first announcement before concluding this machine carries no multicast (a skip,
never a failure); once one was seen, each later change has ``PATIENCE``."""


def wait_for(browser: TableBrowser, condition, seconds: float = PATIENCE) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition(browser.tables()):
            return True
        time.sleep(0.05)
    return False


def test_an_announced_table_is_listed_with_its_free_seats_and_leaves_when_closed() -> None:
    try:
        announcer = Announcer("Ann's table", 47999, "K7QM2D", "gin_rummy", 2, 1, addresses=["127.0.0.1"])
    except OSError as exc:
        pytest.skip(f"no multicast network on this machine ({exc})")
    browser = TableBrowser()
    try:
        if not wait_for(browser, bool, MULTICAST_LOOK):
            pytest.skip("this machine's network carries no multicast")
        [ad] = [t for t in browser.tables() if t.code == "K7QM2D"]
        assert (ad.name, ad.where, ad.game, ad.seats, ad.free) == ("Ann's table", "127.0.0.1:47999", "gin_rummy", 2, 1)
        announcer.update(0)
        assert wait_for(browser, lambda ts: any(t.code == "K7QM2D" and t.free == 0 for t in ts))
    finally:
        announcer.close()
    assert wait_for(browser, lambda ts: not any(t.code == "K7QM2D" for t in ts))
    browser.close()


@pytest.mark.parametrize("props", [
    {"name": "x", "code": "A", "game": "gin_rummy", "seats": "two", "free": "1", "protocol": "1"},
    {"name": "x", "code": "A", "game": "gin_rummy", "seats": "2", "free": "1", "protocol": "99"},
    {"name": "x", "game": "gin_rummy", "seats": "2", "free": "1", "protocol": "1"},
])
def test_odd_announcements_are_ignored(props: dict[str, str]) -> None:
    info = ServiceInfo(SERVICE_TYPE, f"odd.{SERVICE_TYPE}", port=1, addresses=[socket.inet_aton("127.0.0.1")],
                       properties=props, server="odd.local.")
    assert _read(info) is None
