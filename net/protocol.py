"""The messages of the network table: JSON objects with a ``type``, checked on the way in.

Every message is a JSON object of at most ``MAX_MESSAGE`` bytes. ``decode`` turns a received text
into a checked dict or raises ``ProtocolError`` (a key and an English sentence, sent back to the
client that was wrong); nothing received is ever evaluated or unpickled. The full list of messages
is in ``docs/protocol.md``.

>>> decode('{"type": "move", "move": "discard Kh"}')
{'type': 'move', 'move': 'discard Kh'}
>>> decode('{"type": "move"}')
Traceback (most recent call last):
...
net.protocol.ProtocolError: The message 'move' needs 'move' (text).
"""

from __future__ import annotations

import json
import secrets
import string
from typing import Any

PROTOCOL_VERSION = 1
MAX_MESSAGE = 16 * 1024
"""Bytes: a client message longer than this is refused (a move or a hello is far shorter)."""
FRAME_LIMIT = 256 * 1024
"""Bytes: the WebSocket layer closes a connection that sends a frame longer than this."""
DEFAULT_PORT = 47815
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Table codes avoid letters and digits that look alike (0/O, 1/I)."""
CODE_LENGTH = 6
NAME_LIMIT = 24
SERVICE_TYPE = "_tablee._tcp.local."
"""The zeroconf service type under which hosts announce their tables on the local network."""

_TEXT = str
_FIELDS: dict[str, dict[str, tuple[type | tuple[type, ...], bool]]] = {
    # type: {field: (allowed types, required)}
    "hello": {"version": (int, True), "code": (_TEXT, True), "name": (_TEXT, False), "seat": ((int, type(None)), False),
              "bot": ((str, type(None)), False)},
    "resume": {"version": (int, True), "code": (_TEXT, True), "token": (_TEXT, True)},
    "move": {"move": (_TEXT, True)},
    "ready": {},
    "pass": {},
    "answer": {"key": (int, True), "move": ((str, type(None)), True), "delay": ((int, float), False)},
    "ping": {"t": ((int, float), False)},
    "bye": {},
}
"""What a client may send, and the fields each message needs."""


class ProtocolError(ValueError):
    """A message that breaks the protocol: ``key`` names the fault, the text says it in English."""

    def __init__(self, message: str, key: str, params: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.key = key
        self.params = params or {}


def decode(text: str | bytes) -> dict[str, Any]:
    """A received message as a checked dict; ``ProtocolError`` saying what is wrong."""
    if isinstance(text, bytes):
        if len(text) > MAX_MESSAGE:
            raise ProtocolError(f"The message is too long (at most {MAX_MESSAGE} bytes).", "too_long",
                                {"limit": MAX_MESSAGE})
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise ProtocolError("The message is not UTF-8 text.", "not_json") from None
    if len(text.encode("utf-8")) > MAX_MESSAGE:
        raise ProtocolError(f"The message is too long (at most {MAX_MESSAGE} bytes).", "too_long",
                            {"limit": MAX_MESSAGE})
    try:
        data = json.loads(text, parse_constant=_refuse_constant)
    except (ValueError, RecursionError):
        raise ProtocolError("The message is not valid JSON.", "not_json") from None
    if not isinstance(data, dict):
        raise ProtocolError("A message must be a JSON object.", "not_object")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise ProtocolError(f"Unknown message type {str(kind)[:40]!r}.", "unknown_type", {"type": str(kind)[:40]})
    for name, (types, required) in _FIELDS[kind].items():
        if name not in data:
            if required:
                raise ProtocolError(f"The message {kind!r} needs {name!r} ({_describe(types)}).", "missing_field",
                                    {"type": kind, "field": name})
            continue
        value = data[name]
        if isinstance(value, bool) or not isinstance(value, types):
            raise ProtocolError(f"In {kind!r}, {name!r} must be {_describe(types)}.", "bad_field",
                                {"type": kind, "field": name})
    return {k: data[k] for k in ("type", *_FIELDS[kind]) if k in data}


def encode(message: dict[str, Any]) -> str:
    """A message as compact JSON text."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def error(key: str, message: str, params: dict[str, Any] | None = None, **extra: Any) -> dict[str, Any]:
    """An ``error`` message: ``key`` for the client's translation, ``message`` in English."""
    return {"type": "error", "key": key, "message": message, "params": dict(params or {}), **extra}


def new_code(rng: secrets.SystemRandom | None = None) -> str:
    """A fresh table code (6 characters from ``CODE_ALPHABET``)."""
    pick = rng.choice if rng is not None else secrets.choice
    return "".join(pick(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(text: str) -> str:
    """A code as typed (any case, spaces or dashes) in its canonical form."""
    return "".join(ch for ch in text.upper() if ch not in string.whitespace + "-")


def new_token() -> str:
    """A seat's secret: whoever shows it may take the seat back after a drop."""
    return secrets.token_urlsafe(24)


def clean_name(text: str) -> str:
    """A player's name as shown to others: printable, trimmed, at most ``NAME_LIMIT`` characters."""
    kept = "".join(ch for ch in text if ch.isprintable())
    return " ".join(kept.split())[:NAME_LIMIT]


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _describe(types: type | tuple[type, ...]) -> str:
    names = {str: "text", int: "a whole number", float: "a number", type(None): "null"}
    items = types if isinstance(types, tuple) else (types,)
    return " or ".join(dict.fromkeys(names.get(t, t.__name__) for t in items))
