"""Reaching a hosted table from the internet without touching the router.

Most home routers open a port when a computer of the house asks (UPnP IGD). When a table with
seats for other computers is hosted, ``PortMapper`` asks the router to forward the table's TCP port
to this computer, renews the mapping while the table is open and removes it when the table closes;
it also asks the router for its public address, which the host shares with the code as one
invitation line. Nothing here ever blocks the app: the mapper runs on the host's event loop, every
exchange with the router is bounded in time, and a router that does not answer, refuses or answers
nonsense only changes what the waiting room says (``reach_lines``): forward the port by hand, or
play on the same network.

The decisions are pure functions (``reach_lines``, ``share_address``, ``global_ipv6``,
``public_ipv4``, ``invitation``), tested without a network; the I/O is ``PortMapper`` and the two
address probes. ``TABLEE_NO_GATEWAY=1`` in the environment turns the router search off (the tests
set it, so that nothing is ever sent beyond the loopback; a player may set it too).
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import os
import socket
import threading
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any
from urllib.parse import urlsplit

from net.webhost import web_address

LEASE = 3600
"""Seconds a port mapping is asked for; it is renewed at half of that while the table is open."""
SEARCH_SECONDS = 3
"""How long the router search (SSDP) listens for answers."""
ANSWER_SECONDS = 5
"""The longest a router may take to answer one request."""
STEP_SECONDS = 20.0
"""The longest one whole step (find the router, map the port, read its address) may take."""
RETRY_SECONDS = 300.0
"""After a router did not answer or refused, the next try (a router may come up or be switched on)."""
ANSWER_BYTES = 256 * 1024
"""The longest answer read from a router (a real one's descriptions are a few kilobytes): a device
that sends more is no router."""
URL_CHARACTERS = 512
"""The longest router address (description URL) considered."""
PORT_TRIES = 5
"""External ports tried (the table's port, then the next ones) when the router has one taken."""
NO_GATEWAY_ENV = "TABLEE_NO_GATEWAY"
CONFLICT = 718
"""UPnP error: ConflictInMappingEntry (the external port is mapped to another computer)."""
ONLY_PERMANENT = 725
"""UPnP error: OnlyPermanentLeasesSupported (the router wants a lease of 0: until removed)."""

Locator = Callable[[], Awaitable[list[str]]]
"""Finds routers: their device description URLs (tests give one on loopback)."""


@dataclass(frozen=True)
class Reach:
    """What is known of how friends outside the house reach the table (a snapshot, safe to share
    between threads)."""

    state: str = "off"
    """``off`` (not asked), ``searching``, ``mapped``, ``private`` (mapped, but the router's own
    address is not public), ``refused`` (a router answered but would not map the port) or
    ``no_gateway`` (no router answered)."""
    external_ip: str | None = None
    external_port: int | None = None
    lease: int | None = None
    """Seconds the router granted (0: until removed)."""


def public_ipv4(text: Any) -> str | None:
    """``text`` if it is a public IPv4 address (what a router reports may be anything)."""
    if not isinstance(text, str) or len(text) > 15:
        return None
    try:
        ip = ipaddress.IPv4Address(text.strip())
    except ValueError:
        return None
    return str(ip) if ip.is_global else None


def global_ipv6(candidates: list[str]) -> list[str]:
    """The global IPv6 addresses among ``candidates`` (no link-local, unique-local, loopback,
    mapped IPv4, documentation or other special ranges), each once, in order."""
    found: list[str] = []
    for text in candidates:
        try:
            ip = ipaddress.IPv6Address(text.split("%")[0])
        except ValueError:
            continue
        if ip.is_global and not ip.is_multicast and ip.ipv4_mapped is None and ip.sixtofour is None and ip.teredo is None \
                and str(ip) not in found:
            found.append(str(ip))
    return found


def share_address(host: str, port: int) -> str:
    """``host:port`` as a friend types it (an IPv6 address in brackets)."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def invitation(address: str, code: str) -> tuple[str, dict[str, Any]]:
    """The one line a host sends a friend (an i18n key and its values): where and which code, and
    the table's page for a browser (a phone) at that address."""
    return "net.reach.invitation", {"address": address, "code": code, "url": web_address(address, code)}


def reach_lines(reach: Reach, port: int, lan: list[str], ipv6: list[str]) -> list[tuple[str, dict[str, Any]]]:
    """What the waiting room says about friends outside the house (i18n keys and their values):
    the public address when the router opened the port, else plainly what to do instead."""
    here = ", ".join(lan) or "127.0.0.1"
    lines: list[tuple[str, dict[str, Any]]] = [] if reach.state == "off" else [("net.reach.lan", {})]
    if reach.state == "mapped" and reach.external_ip is not None and reach.external_port is not None:
        lines.append(("net.reach.mapped", {"address": share_address(reach.external_ip, reach.external_port)}))
    elif reach.state == "searching":
        lines.append(("net.reach.searching", {"port": port}))
    elif reach.state == "private":
        lines.append(("net.reach.private", {"port": port, "ip": reach.external_ip or "?", "lan": here}))
    elif reach.state == "refused":
        lines.append(("net.reach.refused", {"port": port, "lan": here}))
    elif reach.state == "no_gateway":
        lines.append(("net.reach.no_gateway", {"port": port, "lan": here}))
    else:
        lines.append(("net.lobby.lan_hint", {"port": port}))
    if ipv6:
        lines.append(("net.reach.ipv6", {"address": share_address(ipv6[0], port)}))
    return lines


def shared_address(reach: Reach, port: int, lan: list[str], ipv6: list[str]) -> str:
    """The address to put in the invitation: the public one, else a global IPv6 one, else the
    first address of the house's network."""
    if reach.state == "mapped" and reach.external_ip is not None and reach.external_port is not None:
        return share_address(reach.external_ip, reach.external_port)
    if ipv6:
        return share_address(ipv6[0], port)
    return share_address(lan[0] if lan else "127.0.0.1", port)


# ---------------------------------------------------------------------------- addresses of this computer
def ipv6_addresses() -> list[str]:
    """This computer's global IPv6 addresses (none without IPv6). No packet is sent: a datagram
    socket "connected" to a global address only shows which source address the system would use."""
    found: list[str] = []
    with contextlib.suppress(OSError):
        with socket.socket(socket.AF_INET6, socket.SOCK_DGRAM) as probe:
            probe.connect(("2001:4860:4860::8888", 9))
            found.append(str(probe.getsockname()[0]))
    with contextlib.suppress(OSError, UnicodeError):
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET6):
            found.append(str(info[4][0]))
    return global_ipv6(found)


def address_toward(host: str) -> str | None:
    """This computer's IPv4 address on the way to ``host`` (the router), without sending a packet."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect((host, 9))
            return str(probe.getsockname()[0])
    except (OSError, UnicodeError):
        return None


async def search_gateways() -> list[str]:
    """The description URLs of the routers that answer an SSDP search on the local network
    (none when ``TABLEE_NO_GATEWAY`` is set)."""
    if os.environ.get(NO_GATEWAY_ENV):
        return []
    from async_upnp_client.profiles.igd import IgdDevice

    found = await IgdDevice.async_search(timeout=SEARCH_SECONDS)
    return sorted({str(headers["location"]) for headers in found
                   if router_url(headers.get("location"), str(headers.get("_host") or "")) is not None})


def router_url(url: Any, sender: str | None = None) -> str | None:
    """``url`` if it may be a router's description on this house's network: ``http`` to an IP
    address that is private, link-local or loopback (and, given the ``sender`` of the search answer,
    that very address: a device on the network cannot send the host elsewhere). ``None`` otherwise."""
    if not isinstance(url, str) or len(url) > URL_CHARACTERS or not url.isprintable():
        return None
    try:
        parts = urlsplit(url)
        ip = ipaddress.ip_address((parts.hostname or "").split("%")[0])
        port = parts.port  # out of range: ValueError
    except ValueError:
        return None
    if parts.scheme != "http" or port == 0 or ip.is_global or ip.is_multicast or ip.is_unspecified:
        return None
    if sender is not None:
        try:
            if ipaddress.ip_address(sender.split("%")[0]) != ip:
                return None
        except ValueError:
            return None
    return url


def gateway_search_enabled() -> bool:
    """Whether the default search may ask routers at all (see ``NO_GATEWAY_ENV``)."""
    return not os.environ.get(NO_GATEWAY_ENV)


# ---------------------------------------------------------------------------- the mapper
class PortMapper:
    """Ask a router for the table's port while the table is open (see the module docstring).

    ``start`` on the host's loop once the port is open; ``reach`` (from any thread) says how it
    went; ``close`` removes the mapping (bounded in time). ``locate`` finds routers (default: an
    SSDP search); ``answer_seconds`` bounds each request to a router.
    """

    def __init__(self, locate: Locator | None = None, *, description: str = "Tablée", lease: int = LEASE,
                 answer_seconds: float = ANSWER_SECONDS, step_seconds: float = STEP_SECONDS,
                 retry_seconds: float = RETRY_SECONDS) -> None:
        self.locate = locate or search_gateways
        self.description = description
        self.lease = lease
        self.answer_seconds = answer_seconds
        self.step_seconds = step_seconds
        self.retry_seconds = retry_seconds
        self._reach = Reach("searching" if locate is not None or gateway_search_enabled() else "off")
        self._lock = threading.Lock()
        self._task: asyncio.Task[None] | None = None
        self._device: Any = None
        self._mapped: tuple[int, str] | None = None
        """The external port mapped and the internal client it points to (to remove it)."""
        self.renewals = 0

    @property
    def reach(self) -> Reach:
        with self._lock:
            return self._reach

    def _set(self, reach: Reach) -> None:
        with self._lock:
            self._reach = reach

    def start(self, port: int) -> None:
        """Begin on the running loop: map ``port`` and keep it mapped."""
        if self._reach.state == "off":
            return
        self._task = asyncio.get_running_loop().create_task(self._keep(port))

    async def close(self) -> None:
        """Stop renewing and remove the mapping (a router that does not answer is not waited for)."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
            self._task = None
        if self._mapped is not None and self._device is not None:
            external, _ = self._mapped
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._device.async_delete_port_mapping(
                    ipaddress.IPv4Address("0.0.0.0"), external, "TCP"), self.answer_seconds)
            self._mapped = None
        self._device = None

    async def _keep(self, port: int) -> None:
        while True:
            try:
                reach = await asyncio.wait_for(self._map(port), self.step_seconds)
            except asyncio.CancelledError:
                raise
            except Exception:  # a router that answers nonsense or too late is no router
                reach = Reach("no_gateway" if self._device is None else "refused")
            self._set(reach)
            if reach.state in ("mapped", "private") and reach.lease:
                await asyncio.sleep(max(1.0, reach.lease / 2))
                self.renewals += 1
            elif reach.state in ("mapped", "private"):
                return  # a mapping until removed: nothing to renew
            else:
                await asyncio.sleep(self.retry_seconds)

    async def _map(self, port: int) -> Reach:
        """One try: find the router (once), map the port (renewing), read the public address."""
        from async_upnp_client.exceptions import UpnpActionError, UpnpError

        if self._device is None:
            self._device = await self._find()
            if self._device is None:
                return Reach("no_gateway")
        internal = address_toward(urlsplit(self._device.device.device_url).hostname or "")
        if internal is None:
            return Reach("no_gateway")
        lease = self.lease
        externals = [self._mapped[0]] if self._mapped is not None else [port + i for i in range(PORT_TRIES)]
        for external in externals:
            try:
                await self._add(external, port, internal, lease)
            except UpnpActionError as exc:
                if exc.error_code == ONLY_PERMANENT and lease:
                    lease = 0
                    try:
                        await self._add(external, port, internal, lease)
                    except UpnpActionError as again:
                        if again.error_code == CONFLICT:
                            continue
                        return Reach("refused")
                elif exc.error_code == CONFLICT:
                    continue
                else:
                    return Reach("refused")
            except (UpnpError, ValueError, KeyError, TypeError):
                return Reach("refused")
            self._mapped = (external, internal)
            try:
                told = await self._device.async_get_external_ip_address()
            except (UpnpError, ValueError, KeyError, TypeError):
                told = None
            ip = public_ipv4(told)
            if ip is None:  # behind another router, or the router would not say: the port may not be reachable
                shown = str(ipaddress.IPv4Address(told)) if _ipv4(told) else None
                return Reach("private", shown, external, lease)
            return Reach("mapped", ip, external, lease)
        return Reach("refused")

    async def _add(self, external: int, port: int, internal: str, lease: int) -> None:
        await self._device.async_add_port_mapping(
            ipaddress.IPv4Address("0.0.0.0"), external, "TCP", port, ipaddress.IPv4Address(internal), True,
            self.description, timedelta(seconds=lease))

    async def _find(self) -> Any:
        """The first router found that offers port mappings (``None``: none answered)."""
        from async_upnp_client.client_factory import UpnpFactory
        from async_upnp_client.profiles.igd import IgdDevice

        try:
            urls = await self.locate()
        except Exception:  # no network to search on
            return None
        if not isinstance(urls, list):
            return None
        for url in [u for u in urls[:8] if router_url(u) is not None]:
            requester = bounded_requester(max(1, round(self.answer_seconds)))
            try:
                device = await asyncio.wait_for(UpnpFactory(requester).async_create_device(url), self.answer_seconds)
            except Exception:  # a device that answers garbage or too late is skipped
                continue
            if IgdDevice.is_profile_device(device) and any(service.has_action("AddPortMapping")
                                                           for service in device.all_services):
                return IgdDevice(device, None)
        return None


def bounded_requester(timeout: int) -> Any:
    """An HTTP requester for ``async_upnp_client`` that reads ``ANSWER_BYTES`` of an answer at most
    (the library's own reads any length into memory)."""
    from aiohttp import ClientError, ClientSession, ClientTimeout
    from async_upnp_client.client import UpnpRequester
    from async_upnp_client.const import HttpRequest, HttpResponse
    from async_upnp_client.exceptions import UpnpCommunicationError, UpnpConnectionTimeoutError

    class Bounded(UpnpRequester):
        async def async_http_request(self, http_request: HttpRequest) -> HttpResponse:
            wait = ClientTimeout(total=float(http_request.timeout or timeout))
            try:
                async with ClientSession() as session, session.request(
                        http_request.method, http_request.url, headers=dict(http_request.headers or {}),
                        data=http_request.body, timeout=wait) as response:
                    body = await response.content.read(ANSWER_BYTES + 1)
                    if len(body) > ANSWER_BYTES:
                        raise UpnpCommunicationError(f"an answer longer than {ANSWER_BYTES} bytes")
                    return HttpResponse(response.status, response.headers,
                                        body.decode(response.charset or "utf-8", errors="replace"))
            except TimeoutError as exc:
                raise UpnpConnectionTimeoutError(repr(exc)) from exc
            except (ClientError, LookupError) as exc:
                raise UpnpCommunicationError(repr(exc)) from exc

    return Bounded()


def _ipv4(text: Any) -> bool:
    if not isinstance(text, str) or len(text) > 15:
        return False
    try:
        ipaddress.IPv4Address(text)
    except ValueError:
        return False
    return True
