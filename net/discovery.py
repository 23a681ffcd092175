"""Tables announced on the local network (mDNS / zeroconf), so friends see them without typing.

``Announcer`` publishes a hosted table as a ``_tablee._tcp.local.`` service whose properties say the
game, the code and how many seats are free; ``TableBrowser`` keeps the list of tables it hears.
Both run zeroconf's own threads and never block the caller; a computer without a usable network
simply lists nothing.
"""

from __future__ import annotations

import contextlib
import socket
import threading
from dataclasses import dataclass
from typing import Any

from zeroconf import IPVersion, ServiceBrowser, ServiceInfo, ServiceStateChange, Zeroconf

from net.protocol import PROTOCOL_VERSION, SERVICE_TYPE, clean_name


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

    def __init__(self, interfaces: Any = None) -> None:
        self.zc = Zeroconf(interfaces=interfaces if interfaces is not None else _all(), ip_version=IPVersion.V4Only)
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
            return
        info = zeroconf.get_service_info(service_type, name, timeout=2000)
        ad = None if info is None else _read(info)
        with self._lock:
            if ad is None:
                self._found.pop(name, None)
            else:
                self._found[name] = ad


def _read(info: ServiceInfo) -> TableAd | None:
    """A table from what another computer announced; anything odd is ignored."""
    try:
        props = {k.decode("utf-8"): (v or b"").decode("utf-8") for k, v in info.properties.items()}
        addresses = info.parsed_addresses(IPVersion.V4Only)
        if not addresses or info.port is None or props.get("protocol") != str(PROTOCOL_VERSION):
            return None
        return TableAd(clean_name(props.get("name", "")), addresses[0], int(info.port), props["code"][:32],
                       props["game"][:40], int(props["seats"]), int(props["free"]))
    except (KeyError, ValueError, UnicodeDecodeError):
        return None


def _all() -> Any:
    from zeroconf import InterfaceChoice

    return InterfaceChoice.All
