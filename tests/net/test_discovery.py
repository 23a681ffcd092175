"""Tables announced on the local network are listed by a browser; odd announcements are ignored."""

from __future__ import annotations

import socket
import threading
import time
from typing import Any

import pytest
from zeroconf import ServiceInfo, ServiceStateChange

import net.discovery
from game import GAMES
from net.discovery import TABLES_LIMIT, Announcer, TableBrowser, _read, checked_ad
from net.host import Host
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


GOOD = {"name": "Ann's table", "code": "K7QM2D", "game": "gin_rummy", "seats": "2", "free": "1", "protocol": "1"}


def announced(props: dict[str, Any], *, port: int = 47815, address: str = "192.168.1.20") -> ServiceInfo:
    """What a computer on the network could announce (any bytes in its TXT record)."""
    return ServiceInfo(SERVICE_TYPE, f"odd.{SERVICE_TYPE}", port=port, addresses=[socket.inet_aton(address)],
                       properties=props, server="odd.local.")


def test_a_well_formed_announcement_is_read() -> None:
    ad = _read(announced(GOOD))
    assert ad is not None
    assert (ad.name, ad.where, ad.code, ad.game, ad.seats, ad.free) == \
        ("Ann's table", "192.168.1.20:47815", "K7QM2D", "gin_rummy", 2, 1)


HOSTILE = [
    ("seats", "-3"), ("seats", "9" * 240), ("seats", "1"), ("seats", "9"), ("seats", " 2"), ("seats", "２"),
    ("seats", "2.0"), ("seats", ""), ("seats", "+2"),
    ("free", "9"), ("free", "-1"), ("free", "3"), ("free", "1e3"), ("free", "9" * 240), ("free", "١"),
    ("game", "gin\x00rummy"), ("game", "gin_rummy\x1b[31m"), ("game", "poker"), ("game", ""), ("game", "\u202egin_rummy"),
    ("code", "K7\x00M2D"), ("code", "\x1b[2J"), ("code", "K7QM\u202e2D"), ("code", ""), ("code", "A" * 33),
    ("code", "K7 M2D"), ("code", "ＫＱ"),
    ("name", "Ann\x00"), ("name", "\x1b]0;pwned\x07"), ("name", "Ann\u202etxt.exe"), ("name", "zero\u200bwidth"),
    ("name", "N" * 25), ("name", "line\nbreak"),
    ("protocol", "2"), ("protocol", "1 "),
]


@pytest.mark.parametrize(("field", "value"), HOSTILE)
def test_a_hostile_field_drops_the_announcement(field: str, value: str) -> None:
    assert _read(announced({**GOOD, field: value})) is None


@pytest.mark.parametrize("field", ["name", "code", "game", "seats", "free", "protocol"])
def test_a_missing_field_drops_the_announcement(field: str) -> None:
    assert _read(announced({k: v for k, v in GOOD.items() if k != field})) is None


@pytest.mark.parametrize("raw", [b"\xff\xfe", b"\xc3", "é".encode("latin-1"), b"\xed\xa0\x80"])
def test_bytes_that_are_not_utf8_drop_the_announcement(raw: bytes) -> None:
    assert _read(announced({**GOOD, "name": raw})) is None


@pytest.mark.parametrize("port", [0, 65536, -1, 10**30, True, "47815", 47815.0])
def test_a_port_out_of_range_drops_the_announcement(port: Any) -> None:
    assert checked_ad(GOOD, ["192.168.1.20"], port) is None


@pytest.mark.parametrize("addresses", [[], ["0.0.0.0"], ["224.0.0.251"], ["255.255.255.255"], ["not an address"],
                                       ["::1"], ["192.168.1.20\x00"]])
def test_an_address_that_is_not_a_unicast_ipv4_address_drops_the_announcement(addresses: list[str]) -> None:
    assert checked_ad(GOOD, addresses, 47815) is None


def test_the_first_usable_address_is_kept() -> None:
    ad = checked_ad(GOOD, ["0.0.0.0", "10.0.0.7"], 47815)
    assert ad is not None and ad.address == "10.0.0.7"


def test_a_network_address_is_kept_before_a_loopback_one() -> None:
    """A host announces its loopback address last, but a listener may get the addresses in any
    order: another computer's 127.0.0.1 is the listener's own, and joining there failed."""
    ad = checked_ad(GOOD, ["127.0.0.1", "198.18.77.1"], 47815)
    assert ad is not None and ad.address == "198.18.77.1"
    alone = checked_ad(GOOD, ["127.0.0.1"], 47815)  # a host with no network: only this computer reaches it
    assert alone is not None and alone.address == "127.0.0.1"


def test_a_computer_on_a_network_without_a_router_knows_its_address(monkeypatch) -> None:
    """No default route (a LAN party's switch, a hotspot without internet): the probe toward the
    internet finds nothing and the host name says 127.0.0.1, so the host printed, showed and
    announced only 127.0.0.1. The interfaces' own addresses are read too (self-assigned last)."""
    import net.host

    class NoRoute(socket.socket):
        def connect(self, address: Any) -> None:
            raise OSError(101, "Network is unreachable")

    monkeypatch.setattr(net.host.socket, "socket", NoRoute)
    monkeypatch.setattr(net.host.socket, "getaddrinfo", lambda *a, **k: [(0, 0, 0, "", ("127.0.0.1", 0))])
    monkeypatch.setattr(net.host, "_interface_addresses", lambda: ["127.0.0.1", "169.254.9.9", "198.18.77.1"])
    assert net.host.local_addresses() == ["198.18.77.1", "169.254.9.9", "127.0.0.1"]


def test_every_registered_game_and_its_seat_counts_are_accepted() -> None:
    for game_id, game in GAMES.items():
        for seats in (game.min_players, game.max_players):
            ad = checked_ad({**GOOD, "game": game_id, "seats": str(seats), "free": str(seats)}, ["10.0.0.7"], 47815)
            assert ad is not None and (ad.game, ad.seats, ad.free) == (game_id, seats, seats)
        too_many = str(game.max_players + 1)
        assert checked_ad({**GOOD, "game": game_id, "seats": too_many, "free": "0"}, ["10.0.0.7"], 47815) is None


class _Network:
    """What a zeroconf listener would resolve: the announcement each name carries."""

    def __init__(self) -> None:
        self.infos: dict[str, ServiceInfo] = {}

    def get_service_info(self, service_type: str, name: str, timeout: int = 0) -> ServiceInfo | None:
        return self.infos.get(name)


def _listener() -> TableBrowser:
    """A browser's bookkeeping without a multicast socket (its handler is fed by hand)."""
    browser = TableBrowser.__new__(TableBrowser)
    browser._found, browser._lock = {}, threading.Lock()
    return browser


def test_a_flood_of_announcements_lists_a_bounded_number_of_tables_and_keeps_the_first() -> None:
    network, browser = _Network(), _listener()
    for i in range(TABLES_LIMIT * 20):
        name = f"flood{i}.{SERVICE_TYPE}"
        network.infos[name] = ServiceInfo(SERVICE_TYPE, name, port=47815, addresses=[socket.inet_aton("10.0.0.9")],
                                          properties={**GOOD, "name": f"Flood {i}"}, server="flood.local.")
        browser._changed(network, SERVICE_TYPE, name, ServiceStateChange.Added)  # type: ignore[arg-type]
    listed = browser.tables()
    assert len(listed) == TABLES_LIMIT
    assert {t.name for t in listed} == {f"Flood {i}" for i in range(TABLES_LIMIT)}
    first = f"flood0.{SERVICE_TYPE}"
    browser._changed(network, SERVICE_TYPE, first, ServiceStateChange.Removed)  # type: ignore[arg-type]
    browser._changed(network, SERVICE_TYPE, f"late.{SERVICE_TYPE}", ServiceStateChange.Added)  # type: ignore[arg-type]
    assert len(browser.tables()) == TABLES_LIMIT - 1  # "late" resolves to nothing: not listed


def test_a_table_that_turns_hostile_leaves_the_list() -> None:
    network, browser = _Network(), _listener()
    name = f"turn.{SERVICE_TYPE}"
    network.infos[name] = announced(GOOD)
    browser._changed(network, SERVICE_TYPE, name, ServiceStateChange.Added)  # type: ignore[arg-type]
    assert [t.code for t in browser.tables()] == ["K7QM2D"]
    network.infos[name] = announced({**GOOD, "seats": "9" * 240})
    browser._changed(network, SERVICE_TYPE, name, ServiceStateChange.Updated)  # type: ignore[arg-type]
    assert browser.tables() == []


@pytest.mark.parametrize("props", [
    {**GOOD, "name": "N" * 250},
    {**GOOD, "pad": "x" * 250},
    {**GOOD, "free": "inf"}, {**GOOD, "free": "nan"}, {**GOOD, "seats": "1e999"},
    {**GOOD, "seats": None}, {**GOOD, "code": None},
])
def test_huge_non_finite_or_empty_fields_are_dropped_or_ignored(props: dict[str, Any]) -> None:
    """The longest a TXT entry can be (255 bytes on the wire) in a field, or in one the host does not know."""
    ad = _read(announced(props))
    if "pad" in props:
        assert ad is not None and ad.code == "K7QM2D"  # an unknown field, however big, is not read
    else:
        assert ad is None


@pytest.mark.parametrize("port", [None, [47815], {"port": 1}, float("inf"), float("nan")])
def test_a_port_of_the_wrong_type_drops_the_announcement(port: Any) -> None:
    assert checked_ad(GOOD, ["192.168.1.20"], port) is None


@pytest.mark.parametrize(("props", "addresses"), [
    ({**GOOD, "name": 5}, ["10.0.0.7"]), ({**GOOD, "name": None}, ["10.0.0.7"]), ({**GOOD, "code": ["K7QM2D"]}, ["10.0.0.7"]),
    ({**GOOD, "seats": 2}, ["10.0.0.7"]), ({**GOOD, "game": b"gin_rummy"}, ["10.0.0.7"]), ("not a mapping", ["10.0.0.7"]),
    (GOOD, [167772167]), (GOOD, [b"10.0.0.7"]), (GOOD, "10.0.0.7"), (GOOD, None), (GOOD, [["10.0.0.7"]]),
])
def test_fields_of_the_wrong_type_drop_the_announcement_without_raising(props: Any, addresses: Any) -> None:
    """Whatever a zeroconf library hands over, the check answers ``None`` rather than raising in
    the listener's thread (an address given as a number once passed as an address)."""
    assert checked_ad(props, addresses, 47815) is None


def test_a_table_hosted_by_an_app_is_heard_by_another_app_on_the_same_computer(monkeypatch) -> None:
    """The host announced no address at all (zeroconf fills in none by itself), so its table was
    listed by nobody, not even another app on the same computer. Both ends on loopback only."""
    from net.host import HostThread
    from tests.net.helpers import hosted

    monkeypatch.setattr(net.discovery, "_all", lambda: ["127.0.0.1"])
    thread = HostThread(Host(hosted("gin_rummy", ["remote", "remote"], seed=1, auto_start=False), bind="127.0.0.1",
                             port=0, announce="Ann"))
    try:
        thread.start()
    except OSError as exc:
        pytest.skip(f"no loopback network here ({exc})")
    try:
        browser = TableBrowser()
        try:
            assert wait_for(browser, lambda ts: any(t.code == "TEST42" for t in ts)), "the table was never heard"
            [ad] = [t for t in browser.tables() if t.code == "TEST42"]
            assert (ad.name, ad.where, ad.free) == ("Ann", f"127.0.0.1:{thread.host.port}", 2)
        finally:
            browser.close()
    finally:
        thread.stop()


def test_a_table_is_open_before_its_announcement_is_registered(monkeypatch) -> None:
    """Registering an announcement waits for zeroconf's probes (seconds on a busy network); the app's
    window waits for the table to open, so it froze on *Host* until the announcement was made. The
    table opens at once; the announcement follows (here it is held back until the table has opened)."""
    from net.host import HostThread
    from tests.net.helpers import hosted
    from tests.patience import PATIENCE

    release, made = threading.Event(), threading.Event()

    class HeldBack:
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            release.wait(PATIENCE)
            made.set()

        def update(self, free: int) -> None:
            pass

        def close(self) -> None:
            pass

    monkeypatch.setattr(net.discovery, "Announcer", HeldBack)
    thread = HostThread(Host(hosted("gin_rummy", ["remote", "remote"], seed=1, auto_start=False), bind="127.0.0.1",
                             port=0, announce="Ann"))
    try:
        assert thread.start(timeout=PATIENCE) > 0
        assert not made.is_set(), "the table waited for its announcement"
        release.set()
        assert made.wait(PATIENCE), "the table was never announced"
    finally:
        release.set()
        thread.stop()


def test_closing_a_table_never_waits_for_its_announcement_to_be_withdrawn(monkeypatch) -> None:
    """Withdrawing an announcement takes zeroconf seconds; leaving a waiting room froze the window for
    them. ``stop`` returns once the port is closed and the table saved; the withdrawal follows on the
    table's thread (here it is held back until ``stop`` has returned)."""
    from net.host import HostThread
    from tests.net.helpers import hosted
    from tests.patience import PATIENCE

    release = threading.Event()
    withdrawn: list[bool] = []

    class SlowToWithdraw:
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            pass

        def update(self, free: int) -> None:
            pass

        def close(self) -> None:
            withdrawn.append(release.wait(PATIENCE))

    monkeypatch.setattr(net.discovery, "Announcer", SlowToWithdraw)
    thread = HostThread(Host(hosted("gin_rummy", ["remote", "remote"], seed=1, auto_start=False), bind="127.0.0.1",
                             port=0, announce="Ann"))
    try:
        thread.start(timeout=PATIENCE)
        thread.stop(timeout=PATIENCE)
        assert thread.host.closed.is_set()
    finally:
        release.set()
    thread.join(PATIENCE)
    assert withdrawn == [True], "stop waited for the announcement to be withdrawn"
