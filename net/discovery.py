"""Tables announced on the local network (mDNS / zeroconf), so friends see them without typing.

``Announcer`` publishes a hosted table as a ``_tablee._tcp.local.`` service whose properties say the
game, the code and how many seats are free; ``TableBrowser`` keeps the list of tables it hears.
Both run zeroconf's own threads and never block the caller; a computer without a usable network
simply lists nothing.
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket
import threading
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from zeroconf import IPVersion, ServiceBrowser, ServiceInfo, ServiceStateChange, Zeroconf

from game import GAMES
from net.protocol import NAME_LIMIT, PROTOCOL_VERSION, SERVICE_TYPE, clean_name

CODE_LIMIT = 32
"""Characters: the longest table code a host may announce (``--serve --code`` allows 1 to 32)."""
TABLES_LIMIT = 64
"""Tables the Join screen lists at most: a flood of announcements from one computer cannot grow the
list (or the memory behind it) without bound; the tables already heard keep their places."""


@dataclass(frozen=True)
class TableAd:
    """A table heard on the network."""

    name: str
    address: str
    port: int
    code: str
    game: str
    seats: int
    free: int

    @property
    def where(self) -> str:
        return f"{self.address}:{self.port}"


def _properties(name: str, code: str, game: str, seats: int, free: int) -> dict[str, str]:
    return {"name": clean_name(name), "code": code, "game": game, "seats": str(seats), "free": str(free),
            "protocol": str(PROTOCOL_VERSION)}


class Announcer:
    """Publish one hosted table until ``close``; ``update`` changes its free seats."""

    def __init__(self, name: str, port: int, code: str, game: str, seats: int, free: int,
                 addresses: list[str] | None = None, interfaces: Any = None) -> None:
        self.zc = Zeroconf(interfaces=interfaces if interfaces is not None else _all(), ip_version=IPVersion.V4Only)
        label = f"{clean_name(name) or 'Tablée'} {code}"
        packed = [socket.inet_aton(a) for a in (addresses or [])] or None
        self.info = ServiceInfo(SERVICE_TYPE, f"{label}.{SERVICE_TYPE}", port=port, addresses=packed,
                                properties=_properties(name, code, game, seats, free),
                                server=f"tablee-{code.lower()}.local.")
        self._lock = threading.Lock()
        self.zc.register_service(self.info, allow_name_change=True)

    def update(self, free: int) -> None:
        """Tell listeners how many seats are still free."""
        with self._lock:
            props = {k.decode(): (v or b"").decode() for k, v in self.info.properties.items()}
            if props.get("free") == str(free):
                return
            props["free"] = str(free)
            self.info = ServiceInfo(self.info.type, self.info.name, port=self.info.port,
                                    addresses=self.info.addresses, properties=props, server=self.info.server)
            self.zc.update_service(self.info)

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.zc.unregister_service(self.info)
        self.zc.close()


class TableBrowser:
    """Listen for announced tables; ``tables()`` lists what was heard (thread-safe)."""

    on_change: Callable[[], None] | None = None

    def __init__(self, interfaces: Any = None, on_change: Callable[[], None] | None = None) -> None:
        """``on_change`` is called (on zeroconf's thread) whenever the list may have changed: a
        screen waiting for input learns that it has something new to show."""
        self.zc = Zeroconf(interfaces=interfaces if interfaces is not None else _all(), ip_version=IPVersion.V4Only)
        self.on_change = on_change
        self._found: dict[str, TableAd] = {}
        self._lock = threading.Lock()
        self.browser = ServiceBrowser(self.zc, SERVICE_TYPE, handlers=[self._changed])

    def tables(self) -> list[TableAd]:
        with self._lock:
            return sorted(self._found.values(), key=lambda t: (t.name.lower(), t.where))

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.browser.cancel()
        self.zc.close()

    def _changed(self, zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange) -> None:
        if state_change is ServiceStateChange.Removed:
            with self._lock:
                self._found.pop(name, None)
        else:
            info = zeroconf.get_service_info(service_type, name, timeout=2000)
            ad = None if info is None else _read(info)
            with self._lock:
                if ad is None:
                    self._found.pop(name, None)
                elif name in self._found or len(self._found) < TABLES_LIMIT:
                    self._found[name] = ad
        if self.on_change is not None:
            self.on_change()


def _read(info: ServiceInfo) -> TableAd | None:
    """A table from what another computer announced; anything odd is ignored (``None``)."""
    try:
        props = {_text(k): _text(v or b"") for k, v in info.properties.items()}
        addresses = info.parsed_addresses(IPVersion.V4Only)
    except (UnicodeDecodeError, ValueError, TypeError, AttributeError):
        return None
    return checked_ad(props, addresses, info.port)


def checked_ad(props: Mapping[str, str], addresses: list[str], port: Any) -> TableAd | None:
    """The table an announcement describes if every field fits, else ``None``.

    A hostile or broken announcement must not reach the Join screen: the game must be one this
    app knows, the seat counts whole numbers the game allows (free seats no more than seats), the
    code 1 to ``CODE_LIMIT`` letters and digits, the name printable text (no control, format or
    bidirectional characters) of at most ``NAME_LIMIT`` characters, the port 1 to 65535 and the
    address a unicast IPv4 address written as text (a network one before a loopback one, which
    only reaches the host from its own computer); a field that is not text drops it too.
    """
    if not isinstance(props, Mapping) or any(not isinstance(v, str) for v in props.values()) \
            or not isinstance(addresses, (list, tuple)):
        return None
    if props.get("protocol") != str(PROTOCOL_VERSION):
        return None
    game_id = props.get("game", "")
    if game_id not in GAMES:
        return None
    game = GAMES[game_id]
    seats, free = _count(props.get("seats")), _count(props.get("free"))
    if seats is None or free is None or not game.min_players <= seats <= game.max_players or free > seats:
        return None
    code = props.get("code", "")
    if not 1 <= len(code) <= CODE_LIMIT or not (code.isascii() and code.isalnum()):
        return None
    name = props.get("name")
    if name is None or len(name) > NAME_LIMIT or not _printable(name):
        return None
    if isinstance(port, bool) or not isinstance(port, int) or not 1 <= port <= 65535:
        return None
    usable = [a for a in addresses if isinstance(a, str) and _unicast(a)]
    # another computer's loopback is this one's: only a host with no other address is reached there
    address = next((a for a in usable if not a.startswith("127.")), usable[0] if usable else None)
    if address is None:
        return None
    return TableAd(clean_name(name), address, port, code.upper(), game_id, seats, free)


def _text(raw: Any) -> str:
    """One TXT key or value as text (``ValueError`` when it is not UTF-8 bytes)."""
    if not isinstance(raw, bytes):
        raise ValueError("not a TXT entry")
    return raw.decode("utf-8")


def _count(text: str | None) -> int | None:
    """A small whole number written in ASCII digits (no sign, no spaces, at most two digits)."""
    if text is None or not 1 <= len(text) <= 2 or not (text.isascii() and text.isdigit()):
        return None
    return int(text)


def _printable(text: str) -> bool:
    """Whether ``text`` shows as it reads: no control, format (bidi, zero-width), surrogate,
    private-use or unassigned character, and no separator but the plain space."""
    return all(ch == " " or (ch.isprintable() and unicodedata.category(ch)[0] != "C") for ch in text)


def _unicast(address: str) -> bool:
    try:
        ip = ipaddress.IPv4Address(address)
    except ValueError:
        return False
    return not (ip.is_unspecified or ip.is_multicast or ip.is_reserved)


def _all() -> Any:
    from zeroconf import InterfaceChoice

    return InterfaceChoice.All
