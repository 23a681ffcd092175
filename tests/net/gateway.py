"""A home router on loopback for the tests: a small UPnP IGD device description, its service
description and a SOAP control endpoint, served by aiohttp on 127.0.0.1. It records every action
asked of it and can refuse (a SOAP fault), stay silent, or answer garbage."""

from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

SERVICE = "urn:schemas-upnp-org:service:WANIPConnection:1"

DESCRIPTION = """<?xml version="1.0"?>
<root xmlns="urn:schemas-upnp-org:device-1-0">
 <specVersion><major>1</major><minor>0</minor></specVersion>
 <device>
  <deviceType>urn:schemas-upnp-org:device:InternetGatewayDevice:1</deviceType>
  <friendlyName>Test router</friendlyName><manufacturer>Tablee tests</manufacturer><modelName>IGD</modelName>
  <UDN>uuid:00000000-0000-0000-0000-000000000001</UDN>
  <deviceList>
   <device>
    <deviceType>urn:schemas-upnp-org:device:WANDevice:1</deviceType>
    <friendlyName>WAN</friendlyName><manufacturer>Tablee tests</manufacturer><modelName>WAN</modelName>
    <UDN>uuid:00000000-0000-0000-0000-000000000002</UDN>
    <deviceList>
     <device>
      <deviceType>urn:schemas-upnp-org:device:WANConnectionDevice:1</deviceType>
      <friendlyName>WAN connection</friendlyName><manufacturer>Tablee tests</manufacturer><modelName>WANC</modelName>
      <UDN>uuid:00000000-0000-0000-0000-000000000003</UDN>
      <serviceList>
       <service>
        <serviceType>urn:schemas-upnp-org:service:WANIPConnection:1</serviceType>
        <serviceId>urn:upnp-org:serviceId:WANIPConn1</serviceId>
        <SCPDURL>/scpd.xml</SCPDURL><controlURL>/ctl</controlURL><eventSubURL>/evt</eventSubURL>
       </service>
      </serviceList>
     </device>
    </deviceList>
   </device>
  </deviceList>
 </device>
</root>"""


def _arg(name: str, direction: str, variable: str) -> str:
    return (f"<argument><name>{name}</name><direction>{direction}</direction>"
            f"<relatedStateVariable>{variable}</relatedStateVariable></argument>")


_MAPPING_ARGS = [("NewRemoteHost", "RemoteHost"), ("NewExternalPort", "ExternalPort"),
                 ("NewProtocol", "PortMappingProtocol")]
_ADD_ARGS = _MAPPING_ARGS + [("NewInternalPort", "InternalPort"), ("NewInternalClient", "InternalClient"),
                             ("NewEnabled", "PortMappingEnabled"), ("NewPortMappingDescription", "PortMappingDescription"),
                             ("NewLeaseDuration", "PortMappingLeaseDuration")]
_VARIABLES = {"RemoteHost": "string", "ExternalPort": "ui2", "PortMappingProtocol": "string", "InternalPort": "ui2",
              "InternalClient": "string", "PortMappingEnabled": "boolean", "PortMappingDescription": "string",
              "PortMappingLeaseDuration": "ui4", "ExternalIPAddress": "string"}

SCPD = ("<?xml version=\"1.0\"?><scpd xmlns=\"urn:schemas-upnp-org:service-1-0\">"
        "<specVersion><major>1</major><minor>0</minor></specVersion><actionList>"
        "<action><name>AddPortMapping</name><argumentList>"
        + "".join(_arg(n, "in", v) for n, v in _ADD_ARGS) + "</argumentList></action>"
        "<action><name>DeletePortMapping</name><argumentList>"
        + "".join(_arg(n, "in", v) for n, v in _MAPPING_ARGS) + "</argumentList></action>"
        "<action><name>GetExternalIPAddress</name><argumentList>"
        + _arg("NewExternalIPAddress", "out", "ExternalIPAddress") + "</argumentList></action>"
        "</actionList><serviceStateTable>"
        + "".join(f"<stateVariable sendEvents=\"no\"><name>{n}</name><dataType>{t}</dataType></stateVariable>"
                  for n, t in _VARIABLES.items())
        + "</serviceStateTable></scpd>")

ENVELOPE = ("<?xml version=\"1.0\"?><s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\" "
            "s:encodingStyle=\"http://schemas.xmlsoap.org/soap/encoding/\"><s:Body>{}</s:Body></s:Envelope>")


def fault(code: int, text: str) -> str:
    return ENVELOPE.format(
        "<s:Fault><faultcode>s:Client</faultcode><faultstring>UPnPError</faultstring><detail>"
        f"<UPnPError xmlns=\"urn:schemas-upnp-org:control-1-0\"><errorCode>{code}</errorCode>"
        f"<errorDescription>{text}</errorDescription></UPnPError></detail></s:Fault>")


HUGE = 8 * 1024 * 1024
"""Bytes of a huge answer (well-formed XML padded with a comment: only its size is hostile)."""


def huge(text: str) -> bytes:
    """``text`` with a ``HUGE``-byte comment after its XML declaration."""
    head, _, rest = text.partition("?>")
    return (head + "?><!--").encode() + b"x" * HUGE + ("-->" + rest).encode()


@dataclass
class Gateway:
    """The simulated router (see the module docstring). ``mode``: ``ok``, ``refuse`` (every mapping
    refused), ``conflict`` (the first port is taken), ``permanent`` (only leases of 0), ``silent``
    (the control endpoint never answers), ``silent_description``, ``garbage_description``,
    ``garbage_answer``, ``huge_description``, ``huge_answer`` (answers of ``HUGE`` bytes),
    ``private`` (its own address is 10.0.0.1), ``odd_address`` (its address is 300 digits)."""

    mode: str = "ok"
    external_ip: str = "93.184.216.34"
    calls: list[tuple[str, dict[str, str]]] = field(default_factory=list)
    runner: Any = None
    port: int = 0
    _never: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/desc.xml"

    async def locate(self) -> list[str]:
        """What an SSDP search would have found: this router only (nothing is multicast)."""
        return [self.url]

    async def start(self) -> Gateway:
        app = web.Application()
        app.router.add_get("/desc.xml", self._description)
        app.router.add_get("/scpd.xml", self._scpd)
        app.router.add_post("/ctl", self._control)
        self.runner = web.AppRunner(app, handle_signals=False)
        await self.runner.setup()
        site = web.TCPSite(self.runner, "127.0.0.1", 0)
        await site.start()
        self.port = self.runner.addresses[0][1]
        return self

    async def stop(self) -> None:
        self._never.set()
        await self.runner.cleanup()

    def actions(self, name: str) -> list[dict[str, str]]:
        return [args for action, args in self.calls if action == name]

    async def _description(self, request: web.Request) -> web.Response:
        if self.mode == "silent_description":
            await self._never.wait()
        if self.mode == "garbage_description":
            return web.Response(text="<<<\x00 this is not a router", content_type="text/xml")
        if self.mode == "huge_description":
            return web.Response(body=huge(DESCRIPTION), content_type="text/xml")
        return web.Response(text=DESCRIPTION, content_type="text/xml")

    async def _scpd(self, request: web.Request) -> web.Response:
        return web.Response(text=SCPD, content_type="text/xml")

    async def _control(self, request: web.Request) -> web.Response:
        action = request.headers.get("SOAPAction", "").strip('"').split("#")[-1]
        body = await request.text()
        args = dict(re.findall(r"<(New\w+)>([^<]*)</New\w+>", body))
        self.calls.append((action, args))
        if self.mode == "silent":
            await self._never.wait()
        if self.mode == "garbage_answer":
            return web.Response(text="\x1b[2J{{{ not soap", content_type="text/xml")
        if self.mode == "huge_answer":
            return web.Response(body=huge(ENVELOPE.format("")), content_type="text/xml")
        if action == "AddPortMapping":
            if self.mode == "refuse":
                return self._fault(606, "Action not authorized")
            if self.mode == "conflict" and len(self.actions("AddPortMapping")) == 1:
                return self._fault(718, "ConflictInMappingEntry")
            if self.mode == "permanent" and args.get("NewLeaseDuration") != "0":
                return self._fault(725, "OnlyPermanentLeasesSupported")
            return self._answer("<u:AddPortMappingResponse xmlns:u=\"{}\"/>")
        if action == "DeletePortMapping":
            return self._answer("<u:DeletePortMappingResponse xmlns:u=\"{}\"/>")
        if action == "GetExternalIPAddress":
            ip = {"private": "10.0.0.1", "odd_address": "9" * 300}.get(self.mode, self.external_ip)
            return self._answer("<u:GetExternalIPAddressResponse xmlns:u=\"{}\">"
                                f"<NewExternalIPAddress>{ip}</NewExternalIPAddress>"
                                "</u:GetExternalIPAddressResponse>")
        return self._fault(401, "Invalid Action")

    @staticmethod
    def _answer(inner: str) -> web.Response:
        return web.Response(text=ENVELOPE.format(inner.format(SERVICE)), content_type="text/xml",
                            headers={"EXT": ""})

    @staticmethod
    def _fault(code: int, text: str) -> web.Response:
        return web.Response(status=500, text=fault(code, text), content_type="text/xml")
