"""What the host tells each seat of the table itself: whether the match deals by itself (nobody will
press Start), and a latency only for a seat played across the network. Driven through
``HostedTable`` directly (no sockets)."""

from __future__ import annotations

from game import GAMES
from net.table import HostedTable, NetSeat
from tests.net.test_hostile import CODE, hello, to


def gin(**table: object) -> HostedTable:
    state = GAMES["gin_rummy"].new_match(["Ann", "Bob"], seed=3)
    return HostedTable(state, [NetSeat("Ann", "remote"), NetSeat("Bob", "remote")], CODE, **table)  # type: ignore[arg-type]


def test_the_welcome_says_whether_the_match_deals_by_itself() -> None:
    """A seat at a table on the host's screen (or a headless host) read "Waiting for the host to start
    the match…", but nobody starts it: the welcome says so."""
    for auto in (True, False):
        t = gin(auto_start=auto)
        conn, out = hello(t, "Ann")
        [welcome] = [m for m in to(conn, out) if m["type"] == "welcome"]
        assert welcome["auto_start"] is auto


def test_only_a_seat_across_the_network_has_a_latency() -> None:
    """The hosting app's own seat is linked over loopback: its round trip is no ping (the host's plate
    showed "0 ms", and so did every friend's plate of the host)."""
    t = gin(host_seat=0, local_seats=[0], latency=lambda conn: 0.042)
    hello(t, "Ann", seat=0)
    bob, out = hello(t, "Bob", seat=1)
    [news] = [m for m in to(bob, out) if m["type"] == "seats"][-1:]
    assert [s["latency"] for s in news["seats"]] == [None, 0.042]
