"""Friends over the internet: the host asks a (simulated, loopback) router to open its port, renews
the mapping, removes it on closing, and says plainly what to do when the router refuses, stays
silent or answers garbage. The table listens on IPv6 and IPv4 at once. Nothing leaves loopback."""

from __future__ import annotations

import asyncio
import ipaddress
import socket
from collections.abc import Iterator
from typing import Any

import pytest

from net.client import SeatClient
from net.host import Host, listen_socket
from net.reach import (
    PortMapper,
    Reach,
    global_ipv6,
    invitation,
    public_ipv4,
    reach_lines,
    router_url,
    search_gateways,
    share_address,
    shared_address,
)
from tests.net.gateway import Gateway
from tests.net.helpers import CODE, hosted, until


@pytest.fixture(autouse=True)
def loopback_only(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Any connection or datagram to an address outside loopback fails the test (also when the code
    under test swallows the refusal)."""
    beyond: list[Any] = []

    def check(address: Any) -> None:
        host = address[0] if isinstance(address, tuple) else address
        if not ipaddress.ip_address(str(host).split("%")[0]).is_loopback:
            beyond.append(address)
            raise AssertionError(f"sent beyond loopback: {address}")

    real_connect, real_sendto = socket.socket.connect, socket.socket.sendto

    def connect(self: socket.socket, address: Any) -> Any:
        check(address)
        return real_connect(self, address)

    def sendto(self: socket.socket, data: bytes, *args: Any) -> Any:
        check(args[-1])
        return real_sendto(self, data, *args)

    monkeypatch.setattr(socket.socket, "connect", connect)
    monkeypatch.setattr(socket.socket, "sendto", sendto)
    yield
    assert not beyond, f"sent beyond loopback: {beyond}"


async def hosted_with(gateway: Gateway, **mapper: Any) -> tuple[Host, asyncio.Task[None], PortMapper]:
    mapper.setdefault("answer_seconds", 1.0)
    mapper.setdefault("retry_seconds", 3600.0)
    ports = PortMapper(gateway.locate, **mapper)
    table = hosted("gin_rummy", ["remote", "remote"], seed=2, auto_start=False)
    server = Host(table, bind="127.0.0.1", port=0, mapper=ports)
    task = asyncio.create_task(server.run())
    await until(lambda: server.ready.is_set(), "the table opened")
    return server, task, ports


def run_gateway(mode: str, check: Any, **mapper: Any) -> Gateway:
    """Host a table beside a router in ``mode``; ``check(server, mapper)`` once it has answered."""
    async def scenario() -> Gateway:
        gateway = await Gateway(mode).start()
        server, task, ports = await hosted_with(gateway, **mapper)
        await until(lambda: ports.reach.state != "searching", "the router's answer")
        await check(server, ports, gateway)
        server.stop()
        await asyncio.wait_for(task, 60)
        await gateway.stop()
        return gateway

    return asyncio.run(scenario())


def test_the_router_opens_the_port_the_address_is_shared_and_the_mapping_removed_on_closing() -> None:
    seen: dict[str, Any] = {}

    async def check(server: Host, ports: PortMapper, gateway: Gateway) -> None:
        seen["reach"], seen["port"] = ports.reach, server.port
        assert seen["port"] > 0

    gateway = run_gateway("ok", check)
    reach, port = seen["reach"], seen["port"]
    assert reach == Reach("mapped", "93.184.216.34", port, 3600)
    [add] = gateway.actions("AddPortMapping")
    assert add["NewExternalPort"] == add["NewInternalPort"] == str(port)
    assert add["NewInternalClient"] == "127.0.0.1" and add["NewProtocol"] == "TCP"
    assert add["NewLeaseDuration"] == "3600" and add["NewEnabled"] == "1"
    [delete] = gateway.actions("DeletePortMapping")
    assert delete["NewExternalPort"] == str(port) and delete["NewProtocol"] == "TCP"
    assert gateway.calls[-1][0] == "DeletePortMapping"


def test_the_mapping_is_renewed_while_the_table_is_open() -> None:
    async def check(server: Host, ports: PortMapper, gateway: Gateway) -> None:
        await until(lambda: len(gateway.actions("AddPortMapping")) >= 3, "two renewals")
        assert ports.reach.state == "mapped"

    gateway = run_gateway("ok", check, lease=2)
    adds = gateway.actions("AddPortMapping")
    assert len({a["NewExternalPort"] for a in adds}) == 1  # the same port each time
    assert len(gateway.actions("DeletePortMapping")) == 1


def test_a_port_taken_on_the_router_moves_to_the_next_one() -> None:
    seen: dict[str, Any] = {}

    async def check(server: Host, ports: PortMapper, gateway: Gateway) -> None:
        seen["reach"], seen["port"] = ports.reach, server.port

    run_gateway("conflict", check)
    assert seen["reach"].state == "mapped" and seen["reach"].external_port == seen["port"] + 1


def test_a_router_that_wants_permanent_leases_gets_one_and_it_is_removed() -> None:
    seen: dict[str, Any] = {}

    async def check(server: Host, ports: PortMapper, gateway: Gateway) -> None:
        seen["reach"] = ports.reach

    gateway = run_gateway("permanent", check)
    assert seen["reach"].state == "mapped" and seen["reach"].lease == 0
    assert len(gateway.actions("DeletePortMapping")) == 1


@pytest.mark.parametrize(("mode", "state"), [
    ("refuse", "refused"),
    ("silent", "refused"),
    ("garbage_answer", "refused"),
    ("silent_description", "no_gateway"),
    ("garbage_description", "no_gateway"),
    ("huge_description", "no_gateway"),
    ("huge_answer", "refused"),
    ("private", "private"),
    ("odd_address", "private"),
])
def test_a_router_that_refuses_stays_silent_or_answers_garbage_leaves_the_table_playable(mode: str, state: str) -> None:
    seen: dict[str, Any] = {}

    async def check(server: Host, ports: PortMapper, gateway: Gateway) -> None:
        seen["reach"] = ports.reach
        client = SeatClient(f"127.0.0.1:{server.port}", CODE, name="Zoé")  # the table plays on regardless
        welcome = await client.open()
        assert welcome["seat"] == 0
        await client.close()

    run_gateway(mode, check)
    reach = seen["reach"]
    assert reach.state == state
    if mode == "odd_address":
        assert reach.external_ip is None
    lines = reach_lines(reach, 47815, ["192.168.1.20"], [])
    assert lines and all(key.startswith("net.") for key, _ in lines)


async def reach_after_search(ports: PortMapper) -> Reach:
    """What a host with ``ports`` tells of its reach once the router search has ended."""
    server = Host(hosted("gin_rummy", ["remote", "remote"], seed=2, auto_start=False), bind="127.0.0.1", port=0,
                  mapper=ports)
    task = asyncio.create_task(server.run())
    await until(lambda: ports.reach.state != "searching", "the search ended")
    server.stop()
    await asyncio.wait_for(task, 30)
    return ports.reach


def test_no_router_on_the_network_says_so() -> None:
    async def nobody() -> list[str]:
        return []

    assert asyncio.run(reach_after_search(PortMapper(nobody, retry_seconds=3600.0))) == Reach("no_gateway")


HOSTILE_SEARCH_ANSWERS: list[Any] = [
    None, 5, b"http://127.0.0.1/", ["list"], "", "x" * 100_000, "ftp://127.0.0.1:21/desc.xml",
    "https://127.0.0.1:1/desc.xml", "http://93.184.216.34:5000/desc.xml", "http://8.8.8.8/desc.xml",
    "http://[2001:4860:4860::8888]:80/desc.xml", "http://router.example:80/desc.xml", "http://127.0.0.1:99999/",
    "http://127.0.0.1:0/desc.xml", "http://239.255.255.250:1900/", "http://0.0.0.0:80/", "http://127.0.0.1\x00/",
    "http://127.0.0.1:1/\u202edesc.xml",
]


@pytest.mark.parametrize("found", [HOSTILE_SEARCH_ANSWERS, {"not": "a list"}, "http://127.0.0.1:1/desc.xml", None])
def test_hostile_search_answers_reach_no_address_beyond_the_house_and_find_no_router(found: Any) -> None:
    async def search() -> Any:
        return found

    ports = PortMapper(search, answer_seconds=1.0, retry_seconds=3600.0)
    assert asyncio.run(reach_after_search(ports)) == Reach("no_gateway")


@pytest.mark.parametrize(("url", "sender", "kept"), [
    ("http://192.168.1.1:5000/rootDesc.xml", None, True),
    ("http://192.168.1.1:5000/rootDesc.xml", "192.168.1.1", True),
    ("http://[fe80::1%eth0]:5000/desc.xml", "fe80::1%eth0", True),
    ("http://[fe80::1%eth0]:5000/desc.xml", "fe80:0:0::1%eth0", True),
    ("http://192.168.1.1:5000/rootDesc.xml", "", False),
    ("http://192.168.1.1:5000/rootDesc.xml", "not an address", False),
    ("http://192.168.1.1:5000/rootDesc.xml", "192.168.1.77", False),  # a device pointing elsewhere
    ("http://93.184.216.34:5000/rootDesc.xml", "93.184.216.34", False),  # beyond the house
    ("http://10.0.0.1:5000/a\nb", None, False),
    (12, None, False),
])
def test_a_router_address_is_kept_only_on_the_house_network_and_from_its_own_sender(url: Any, sender: Any,
                                                                                     kept: bool) -> None:
    assert (router_url(url, sender) == url) is kept


def test_the_router_search_is_off_in_the_tests_and_then_nothing_is_said_of_routers() -> None:
    mapper = PortMapper()
    assert mapper.reach == Reach("off")
    assert reach_lines(mapper.reach, 47815, ["192.168.1.20"], []) == [("net.lobby.lan_hint", {"port": 47815})]


# ---------------------------------------------------------------------------- pure decisions
def test_what_the_waiting_room_says_for_each_answer_of_the_router() -> None:
    lan = ["192.168.1.20"]
    same = ("net.reach.lan", {})
    assert reach_lines(Reach("mapped", "93.184.216.34", 47816, 3600), 47815, lan, []) == \
        [same, ("net.reach.mapped", {"address": "93.184.216.34:47816"})]
    assert reach_lines(Reach("no_gateway"), 47815, lan, []) == \
        [same, ("net.reach.no_gateway", {"port": 47815, "lan": "192.168.1.20"})]
    assert reach_lines(Reach("refused"), 47815, [], []) == \
        [same, ("net.reach.refused", {"port": 47815, "lan": "127.0.0.1"})]
    assert reach_lines(Reach("private", "10.0.0.1", 47815, 0), 47815, lan, ["2001:db8::1"])[1] == \
        ("net.reach.private", {"port": 47815, "ip": "10.0.0.1", "lan": "192.168.1.20"})
    assert reach_lines(Reach("searching"), 47815, lan, ["2a01:e0a::5"]) == \
        [same, ("net.reach.searching", {"port": 47815}), ("net.reach.ipv6", {"address": "[2a01:e0a::5]:47815"})]


def test_the_invitation_carries_the_best_address_and_the_code() -> None:
    mapped = Reach("mapped", "93.184.216.34", 47815, 3600)
    assert shared_address(mapped, 47815, ["192.168.1.20"], ["2a01:e0a::5"]) == "93.184.216.34:47815"
    assert shared_address(Reach("no_gateway"), 47815, ["192.168.1.20"], ["2a01:e0a::5"]) == "[2a01:e0a::5]:47815"
    assert shared_address(Reach("refused"), 47815, ["192.168.1.20"], []) == "192.168.1.20:47815"
    assert invitation("93.184.216.34:47815", "K7QM2D") == \
        ("net.reach.invitation", {"address": "93.184.216.34:47815", "code": "K7QM2D",
                                  "url": "http://93.184.216.34:47815/t/K7QM2D"})
    assert share_address("::1", 5) == "[::1]:5" and share_address("10.0.0.1", 5) == "10.0.0.1:5"


def test_only_global_ipv6_addresses_are_shown() -> None:
    assert global_ipv6(["fe80::1%eth0", "fd00::2", "::1", "::ffff:192.168.1.2", "2001:db8::5", "ff02::1", "::",
                        "2002:c000:0204::1", "2001::1", "2a01:e0a:1:2::5", "2a01:e0a:1:2::5", "junk", "1.2.3.4"]) \
        == ["2a01:e0a:1:2::5"]


@pytest.mark.parametrize("told", ["10.0.0.1", "100.64.1.1", "192.168.1.1", "0.0.0.0", "127.0.0.1", "169.254.1.1",
                                  "93.184.216.34 x", "9" * 300, "", None, 3, "::1", "\x1b[2J"])
def test_a_router_address_that_is_not_public_ipv4_is_not_shared(told: Any) -> None:
    assert public_ipv4(told) is None
    assert public_ipv4("93.184.216.34") == "93.184.216.34"


# ---------------------------------------------------------------------------- dual stack
def test_the_table_listens_on_ipv6_and_ipv4_on_one_port() -> None:
    try:
        probe = listen_socket("::", 0)
    except OSError as exc:
        pytest.skip(f"no socket to listen on ({exc})")
    dual = probe.family == socket.AF_INET6
    probe.close()
    if not dual:
        pytest.skip("this system has no IPv6")

    async def scenario() -> list[int]:
        table = hosted("gin_rummy", ["remote", "remote"], seed=2, auto_start=False)
        server = Host(table, port=0)  # the default: "::", both families
        task = asyncio.create_task(server.run())
        await until(lambda: server.ready.is_set(), "the table opened")
        assert server.ipv6
        seats = []
        for where in (f"127.0.0.1:{server.port}", f"[::1]:{server.port}"):
            client = SeatClient(where, CODE)
            seats.append((await client.open())["seat"])
            await client.close()
        server.stop()
        await asyncio.wait_for(task, 30)
        return seats

    assert asyncio.run(scenario()) == [0, 1]


def test_the_search_keeps_only_answers_that_point_at_their_own_sender(monkeypatch: pytest.MonkeyPatch) -> None:
    from async_upnp_client.profiles.igd import IgdDevice

    answers: list[dict[str, Any]] = [
        {"location": "http://192.168.1.1:5000/rootDesc.xml", "_host": "192.168.1.1"},
        {"location": "http://192.168.1.1:5000/rootDesc.xml", "_host": "192.168.1.66"},  # sends the host elsewhere
        {"location": "http://93.184.216.34/desc.xml", "_host": "93.184.216.34"},
        {"location": "x" * 100_000, "_host": "192.168.1.2"},
        {"location": None, "_host": "192.168.1.3"},
        {"_host": "192.168.1.4"},
        {"location": "http://192.168.1.5/desc.xml"},
    ]

    async def search(**_: Any) -> list[dict[str, Any]]:
        return answers

    monkeypatch.delenv("TABLEE_NO_GATEWAY", raising=False)
    monkeypatch.setattr(IgdDevice, "async_search", search)
    assert asyncio.run(search_gateways()) == ["http://192.168.1.1:5000/rootDesc.xml"]
